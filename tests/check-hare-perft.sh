#!/bin/sh
# SPDX-License-Identifier: MIT
# The library's hare perft (examples/ag-perft) against tests/hare_reference.py,
# an independent move generator written from the rules file alone, for every
# setup, both first players and both chain rules.
: "${top_srcdir:=.}" "${top_builddir:=.}"
PYTHON=${PYTHON:-python3}
test "x$PYTHON" = "x:" && PYTHON=python3    # configure found no Python
command -v "$PYTHON" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
status=0
for variant in "12 hunters 1 7" "12 hare 1 6" "11 hunters 1 6" "11 hare 0 6" "10 hunters 0 6" "10 hare 1 6"; do
  set -- $variant
  expected=$("$PYTHON" "$top_srcdir/tests/hare_reference.py" "$1" "$2" "$3" "$4") || exit 99
  actual=$("$top_builddir/examples/ag-perft" "hare(hunters=$1,first=$2,chain=$3)" "$4") || exit 99
  if [ "$expected" = "$actual" ]; then
    echo "ok hare(hunters=$1,first=$2,chain=$3) to depth $4: $(echo "$actual" | tail -n 1)"
  else
    echo "MISMATCH hare(hunters=$1,first=$2,chain=$3):"; echo "reference: $expected"; echo "library:   $actual"
    status=1
  fi
done
exit $status
