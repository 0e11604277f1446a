#!/bin/sh
# SPDX-License-Identifier: MIT
# make-dist.sh SRCDIR OUTDIR LIBSOURCE... -- `make wheel': the Python
# package's source distribution and wheel, in OUTDIR.
#
# Stages OUTDIR/stage: the package (python/ancientgames, pyproject.toml,
# setup.py, MANIFEST.in), LICENSE, README.md, and in csrc/ the library's C
# sources (the LIBSOURCEs, as Makefile.am lists them), the version script and
# the header.  Then `python3 -m build --no-isolation' writes the sdist and,
# from the sdist (as pip would), the wheel: setup.py compiles csrc/ into the
# package directory, so the wheel carries libancientgames.so.0.  Offline:
# Debian's python3-build, python3-setuptools and python3-wheel.
set -eu
srcdir=$1 out=$2; shift 2
stage=$out/stage

# The configured Python may lack the `build' module (pyenv, a venv): then
# Debian's python3.
py=${PYTHON:-python3}
if ! "$py" -c 'import build, setuptools, wheel' 2>/dev/null; then
  py=/usr/bin/python3
  "$py" -c 'import build, setuptools, wheel' 2>/dev/null || {
    echo "make wheel: needs python3-build, python3-setuptools and python3-wheel (apt-get install them)" >&2
    exit 1; }
fi

rm -rf "$stage" && mkdir -p "$stage/ancientgames" "$stage/csrc/include"
cp "$srcdir"/python/ancientgames/*.py "$srcdir/python/ancientgames/py.typed" "$stage/ancientgames/"
cp "$srcdir/python/pyproject.toml" "$srcdir/python/setup.py" "$srcdir/python/MANIFEST.in" \
   "$srcdir/LICENSE" "$srcdir/README.md" "$stage/"
cp "$srcdir/include/ancientgames.h" "$stage/csrc/include/"
for f in "$@" lib/libancientgames.map; do
  mkdir -p "$stage/csrc/$(dirname "$f")" && cp "$srcdir/$f" "$stage/csrc/$f"
done
rm -f "$out"/ancientgames-*.tar.gz "$out"/ancientgames-*.whl
(cd "$stage" && "$py" -m build --no-isolation --outdir ..) > "$out/build.log" 2>&1 || {
  tail -n 30 "$out/build.log"; exit 1; }
ls "$out"/ancientgames-*.tar.gz "$out"/ancientgames-*.whl
