# SPDX-License-Identifier: MIT
"""setuptools build of the ancientgames package (metadata: pyproject.toml).

Used by `pip install --no-build-isolation ./python' (the one pyproject.toml
is this directory's: pip builds from here).  Besides the package it
writes ancientgames/_config.py recording the installed library that
pkg-config reports (liboldgames.pc: honours $PKG_CONFIG and
$PKG_CONFIG_PATH), so that the installed package loads that library with no
environment variable.  Without pkg-config or the .pc file, no _config.py is
written and the package finds the library as ctypes.util.find_library and
the dynamic loader do (libancientgames.so.0 on the loader's path).

The source distribution that `make wheel' writes (python-dist/) also holds
the library's C sources in csrc/: there, when a C compiler works ($CC, else
cc), build_py compiles them into ancientgames/libancientgames.so.0 (the
package loads that copy first) and the wheel is tagged for this platform
(py3-none-linux_x86_64: any Python 3, no Python ABI used, this machine's
architecture).  Without a compiler the package is the pure one above.
"""
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:
    from wheel.bdist_wheel import bdist_wheel
except ImportError:                    # no wheel package: sdist and install still work
    bdist_wheel = None

HERE = os.path.dirname(os.path.abspath(__file__))
CSRC = os.path.join(HERE, "csrc")
SONAME = "libancientgames.so.0"


def compiler():
    """The C compiler command ($CC or cc), or None when there is none."""
    cc = shlex.split(os.environ.get("CC") or "cc")
    return cc if cc and shutil.which(cc[0]) else None


# Bundle the library when the C sources are here and a compiler can build them.
BUNDLE = os.path.isdir(CSRC) and compiler() is not None


def version():
    """The package version (pyproject.toml), compiled into the library too."""
    with open(os.path.join(HERE, "pyproject.toml"), encoding="utf-8") as f:
        return re.search(r'^version = "([^"]+)"$', f.read(), re.M).group(1)


def compile_library(target):
    """Compiles csrc/ into target: the exports and symbol versions of the
    version script, the SONAME, the flags of the autotools build that matter
    (C11, hidden visibility, PIC)."""
    sources = sorted(glob.glob(os.path.join(CSRC, "lib", "**", "*.c"), recursive=True))
    cmd = compiler() + ["-std=c11", "-O2", "-fPIC", "-shared", "-fvisibility=hidden",
                        '-DPACKAGE_VERSION="%s"' % version(),
                        "-I" + os.path.join(CSRC, "include"), "-I" + os.path.join(CSRC, "lib")]
    cmd += shlex.split(os.environ.get("CFLAGS", "")) + sources
    cmd += ["-Wl,--version-script=" + os.path.join(CSRC, "lib", "libancientgames.map"),
            "-Wl,-soname," + SONAME, "-Wl,--no-undefined", "-o", target, "-lpthread", "-lm"]
    print("ancientgames: compiling the library:", " ".join(shlex.quote(c) for c in cmd))
    subprocess.run(cmd, check=True)


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
        if BUNDLE:
            compile_library(os.path.join(self.build_lib, "ancientgames", SONAME))
            return
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


class PackageDistribution(Distribution):
    """Declares the bundled library as native code: platlib, platform wheel."""

    def has_ext_modules(self):
        return BUNDLE


cmdclass = {"build_py": BuildPyWithConfig}
if bdist_wheel is not None:
    class PlatformWheel(bdist_wheel):
        """py3-none-PLATFORM: the library is called through ctypes, so any
        Python 3 can load it (no CPython ABI tag), but only on this platform."""

        def get_tag(self):
            python, abi, plat = super().get_tag()
            return ("py3", "none", plat) if BUNDLE else (python, abi, plat)

    cmdclass["bdist_wheel"] = PlatformWheel

if os.path.isdir(CSRC) and not BUNDLE:
    print("ancientgames: no C compiler: the package will use the installed "
          "libancientgames (pkg-config, or the SONAME %s)" % SONAME, file=sys.stderr)

setup(
    distclass=PackageDistribution,
    packages=["ancientgames"],
    package_dir={"": os.path.relpath(HERE)},
    package_data={"ancientgames": ["py.typed"]},
    cmdclass=cmdclass,
)
