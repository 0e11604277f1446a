# SPDX-License-Identifier: MIT
"""setuptools build of the ancientgames package (metadata: pyproject.toml).

Used by `pip install --no-build-isolation ./python', and by the top of the
source tree's setup.py for `pip install .' there.  Besides the package it
writes ancientgames/_config.py recording the installed library that
pkg-config reports (liboldgames.pc: honours $PKG_CONFIG and
$PKG_CONFIG_PATH), so that the installed package loads that library with no
environment variable.  Without pkg-config or the .pc file, no _config.py is
written and the package finds the library as ctypes.util.find_library and
the dynamic loader do (libancientgames.so.0 on the loader's path).
"""
import os
import shlex
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = os.path.dirname(os.path.abspath(__file__))


def installed_library():
    """The path of the libancientgames.so.0 that pkg-config knows, or None."""
    pkg_config = shlex.split(os.environ.get("PKG_CONFIG") or "pkg-config")
    try:
        libdir = subprocess.run(pkg_config + ["--variable=libdir", "liboldgames"],
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                universal_newlines=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None
    path = os.path.join(libdir, "libancientgames.so.0")
    return path if libdir and os.path.exists(path) else None


class BuildPyWithConfig(build_py):
    """build_py, then ancientgames/_config.py when the library is known."""

    def run(self):
        super().run()
        path = installed_library()
        if path is None:
            print("ancientgames: pkg-config does not know liboldgames: no _config.py "
                  "(the library will be looked up by its SONAME)")
            return
        target = os.path.join(self.build_lib, "ancientgames", "_config.py")
        with open(target, "w", encoding="utf-8") as f:
            f.write('"""Written by setup.py: the library pkg-config reported at build time."""\n')
            f.write("LIBRARY = %r\n" % path)
        print("ancientgames: _config.py records %s" % path)


setup(
    packages=["ancientgames"],
    package_dir={"": os.path.relpath(HERE)},
    package_data={"ancientgames": ["py.typed"]},
    cmdclass={"build_py": BuildPyWithConfig},
)
