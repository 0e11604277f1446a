#!/bin/sh
# SPDX-License-Identifier: MIT
# check-constants.sh -- the bindings' constants are the header's (issue 28):
# python/ancientgames/_constants.py and web/ag-constants.js, as make wrote
# them (or the tarball shipped them), equal what include/gen-constants.py
# writes from include/ancientgames.h now.  A header edited without a rebuild,
# or a generated file edited by hand, fails here.  (The values themselves are
# also checked by python/test_ancientgames.py, with a parser of its own.)
set -eu
top_srcdir=${top_srcdir:-.}
py=${PYTHON:-python3}
test "$py" != : || py=python3
command -v "$py" >/dev/null 2>&1 || { echo "check-constants: SKIP (no Python)"; exit 77; }
tmp=${TMPDIR:-/tmp}/check-constants.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT
"$py" "$top_srcdir/include/gen-constants.py" "$top_srcdir/include/ancientgames.h" \
  --python "$tmp/_constants.py" --js "$tmp/ag-constants.js"
fail=0
for pair in "_constants.py python/ancientgames/_constants.py" "ag-constants.js web/ag-constants.js"; do
  set -- $pair
  if ! test -f "$top_srcdir/$2"; then
    echo "check-constants: FAIL: $2 is missing (run make)"; fail=1
  elif ! cmp -s "$tmp/$1" "$top_srcdir/$2"; then
    echo "check-constants: FAIL: $2 differs from what the header gives:"
    diff -u "$top_srcdir/$2" "$tmp/$1" | head -20
    fail=1
  else
    echo "ok: $2 = the header's $(grep -c '^AG_[A-Z0-9_]* = \|^  [A-Z0-9_]*: ' "$tmp/$1") constants"
  fi
done
exit $fail
