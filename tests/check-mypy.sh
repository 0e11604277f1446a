#!/bin/sh
# SPDX-License-Identifier: MIT
# check-mypy.sh -- the Python package type-checks with `mypy --strict' (its
# annotations are the public API's types, shipped with py.typed), and the
# Python examples type-check against it.  Any Python that has mypy will do
# (the configured one first, then python3 and /usr/bin/python3: Debian's
# python3-mypy); exits 77 (skip) when none has it.
# NumPy is optional (ancientgames.tensor gives lists without it), so the
# package must type-check both with and without it: the second run hides
# every installed package from mypy (--no-site-packages), as on a machine
# without python3-numpy.
set -u
: "${top_srcdir:=.}"
for py in "${PYTHON:-}" python3 /usr/bin/python3; do
  case $py in ''|:) continue;; esac
  "$py" -m mypy --version >/dev/null 2>&1 || continue
  echo "$("$py" -m mypy --version) ($py)"
  # --cache-dir=/dev/null: write nothing (the source tree is read-only in distcheck).
  "$py" -m mypy --strict --cache-dir=/dev/null "$top_srcdir/python/ancientgames" || exit 1
  echo "again without site-packages (no NumPy):"
  "$py" -m mypy --strict --no-site-packages --cache-dir=/dev/null \
    "$top_srcdir/python/ancientgames" || exit 1
  MYPYPATH=$top_srcdir/python "$py" -m mypy --cache-dir=/dev/null \
    "$top_srcdir/examples/python" || exit 1
  exit 0
done
echo "SKIP: no mypy (apt-get install python3-mypy)"
exit 77
