#!/bin/sh
# SPDX-License-Identifier: MIT
# check-solve-errors.sh -- ag-solve -i reports why a file cannot be read:
# a header the library never writes (the hare winning at 8 hunters) and a
# directory (the system's error), each on stderr with exit status 1, never
# a silent failure.
set -u
: "${top_builddir:=.}"
solve=$top_builddir/examples/ag-solve
test -x "$solve" || { echo "FAIL: $solve not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ag-solve-errors.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
fail=0

# expect NAME WORDS -- ag-solve -i NAME exits 1 and stderr contains WORDS.
expect() {
  "$solve" "hare(hunters=12)" -i "$1" --quiet >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ $rc -ne 1 ] || ! grep -q -- "$2" "$tmp/err"; then
    echo "FAIL: ag-solve -i $1: exit $rc, stderr: $(cat "$tmp/err"); expected exit 1 and '$2'"
    fail=1
  else
    echo "ok: ag-solve -i $1: $(cat "$tmp/err")"
  fi
}

# The 32-byte header of ag_solution_save: magic, then u32 (little-endian)
# format version 1, chain 1, threshold 8, 12 hunters; no tables follow.
printf 'AGHARESOLUTION\n\000\001\000\000\000\001\000\000\000\010\000\000\000\014\000\000\000' \
  >"$tmp/threshold8.sol"
expect "$tmp/threshold8.sol" "is not a solution of the hare hunt (the hare wins at 8 hunters"
mkdir "$tmp/dir.sol"
expect "$tmp/dir.sol" "cannot read $tmp/dir.sol: Is a directory"
exit $fail
