#!/bin/sh
# SPDX-License-Identifier: MIT
# installcheck-python.sh -- run by `make installcheck' (and so by distcheck):
#  1. the installed package imports under `env -i' (no LD_LIBRARY_PATH, no
#     ANCIENTGAMES_LIB; PYTHONPATH only when PREFIX is not on the Python's
#     own path) and loads exactly $libdir/libancientgames.so.0, the library
#     recorded at install time in ancientgames/_config.py;
#  2. when the Python has pip, setuptools and wheel: `pip install
#     --no-build-isolation' of the source's python/ (a copy: the source may be
#     read-only) into a scratch directory, with pkg-config seeing the
#     installed liboldgames.pc, gives a package that does the same.
# A staged install (DESTDIR) checks the recorded path and loads the staged
# library through ANCIENTGAMES_LIB instead.
set -u
: "${PYTHON:?}" "${pythondir:?}" "${libdir:?}" "${srcdir:=.}" "${DESTDIR:=}" \
  "${PKG_CONFIG:=pkg-config}"
lib=$libdir/libancientgames.so.0
# The interpreter itself (a pyenv shim needs $PATH, which env -i removes).
py=$("$PYTHON" -c 'import sys; print(sys.executable)') || exit 1
probe='import sys, ancientgames as ag
st = ag.Game("hare").new_state()
print("  ancientgames", ag.version_string(), "from", ag.__file__, "loaded", ag._lib.path,
      "playout", st.playout(1).outcome)
sys.exit(0 if ag._lib.path == sys.argv[1] else "loaded %s, not %s" % (ag._lib.path, sys.argv[1]))'

if test -n "$DESTDIR"; then
  echo "staged install: $DESTDIR$pythondir records $lib"
  env -i PYTHONPATH="$DESTDIR$pythondir" PYTHONDONTWRITEBYTECODE=1 \
    ANCIENTGAMES_LIB="$DESTDIR$lib" "$py" -c '
import sys, ancientgames._config as c
sys.exit(0 if c.LIBRARY == sys.argv[1] else "records %s" % c.LIBRARY)' "$lib" || exit 1
  exit 0
fi

# Does the Python read $pythondir by itself?
if env -i "$py" -c 'import sys; sys.exit(sys.argv[1] not in sys.path)' "$pythondir"; then
  pypath=
else
  pypath=$pythondir
fi
echo "env -i ${pypath:+PYTHONPATH=$pypath }$py -c 'import ancientgames'"
env -i ${pypath:+PYTHONPATH="$pypath"} PYTHONDONTWRITEBYTECODE=1 "$py" -c "$probe" "$lib" \
  || exit 1

if ! "$py" -c 'import setuptools, wheel' 2>/dev/null || ! "$py" -m pip --version >/dev/null 2>&1; then
  echo "pip install: not checked ($py lacks pip, setuptools or wheel)"
  exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/installcheck-python.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
cp -R "$srcdir/python" "$tmp/src" && chmod -R u+w "$tmp/src" || exit 1
echo "pip install --no-build-isolation --target $tmp/site (PKG_CONFIG_PATH=$libdir/pkgconfig)"
PKG_CONFIG_PATH="$libdir/pkgconfig" PKG_CONFIG="$PKG_CONFIG" PIP_NO_INDEX=1 PIP_ROOT_USER_ACTION=ignore \
  "$py" -m pip install --quiet --disable-pip-version-check --no-build-isolation --no-deps \
  --target "$tmp/site" "$tmp/src" || exit 1
env -i PYTHONPATH="$tmp/site" PYTHONDONTWRITEBYTECODE=1 "$py" -c "$probe" "$lib" || exit 1
