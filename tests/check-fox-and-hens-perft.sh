#!/bin/sh
# SPDX-License-Identifier: MIT
# The library's fox-and-hens perft (examples/ag-perft) against
# tests/fox_and_hens_reference.py, an independent move generator written from
# the rules text alone, for every set-up, both first players, both chain
# rules and thresholds that make captures end the game early (mid-chain too);
# and the reference's board counts against the numbers the rules pin.
: "${top_srcdir:=.}" "${top_builddir:=.}"
PYTHON=${PYTHON:-python3}
test "x$PYTHON" = "x:" && PYTHON=python3    # configure found no Python
command -v "$PYTHON" >/dev/null 2>&1 || { echo "SKIP: no python3"; exit 77; }
ref="$top_srcdir/tests/fox_and_hens_reference.py"
status=0
board=$("$PYTHON" "$ref" board) || exit 99
expected_board="points 33
lines 72
adjacencies 144
jumps 104
fox jumps at ply 0 with 13 hens 0
fox jumps at ply 0 with 15 hens 0
fox jumps at ply 0 with 17 hens 0"
if [ "$board" = "$expected_board" ]; then echo "ok board: 33 points, 72 lines, 144 adjacencies, 104 jumps"
else echo "MISMATCH board:"; echo "$board"; status=1; fi
for variant in "13 hens 1 9 6" "13 fox 1 9 6" "15 hens 0 9 6" "15 fox 1 14 6" \
               "17 hens 1 16 6" "17 fox 0 12 6" "13 fox 1 11 7"; do
  set -- $variant
  spec="fox_and_hens(hens=$1,first=$2,chain=$3,threshold=$4)"
  expected=$("$PYTHON" "$ref" perft "$1" "$2" "$3" "$4" "$5") || exit 99
  actual=$("$top_builddir/examples/ag-perft" "$spec" "$5") || exit 99
  if [ "$expected" = "$actual" ]; then
    echo "ok $spec to depth $5: $(echo "$actual" | tail -n 1)"
  else
    echo "MISMATCH $spec:"; echo "reference: $expected"; echo "library:   $actual"
    status=1
  fi
done
exit $status
