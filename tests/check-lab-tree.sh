#!/bin/sh
# SPDX-License-Identifier: MIT
# check-lab-tree.sh -- examples/ag-lab runs from the build tree like every
# other program: without PYTHONPATH or ANCIENTGAMES_LIB, from another
# directory, it imports this tree's package and library and plays a study.
# Skips (77) when configure found no Python.
set -u
: "${top_builddir:=.}" "${PYTHON:=}"
test -n "$PYTHON" && test "$PYTHON" != ":" || { echo "SKIP: no Python"; exit 77; }
lab=$(cd "$top_builddir/examples" && pwd)/ag-lab
test -x "$lab" || { echo "FAIL: $lab not built"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-lab-tree.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
# AG_PY_PRELOAD: a sanitizer build's ASan runtime, which python must load first.
# shellcheck disable=SC2086
if ! (cd "$tmp" && env -u PYTHONPATH -u ANCIENTGAMES_LIB ${AG_PY_PRELOAD:-} "$lab" "hare(hunters=10)" -n 1 -j 1 \
        -p random -f csv --svg chart.svg > out.csv 2> err); then
  echo "FAIL: ag-lab from the build tree:"; cat "$tmp/err"; exit 1
fi
grep -q '^"hare(hunters=10,' "$tmp/out.csv" || { echo "FAIL: no CSV row:"; cat "$tmp/out.csv"; exit 1; }
grep -q 'Variant study of hare' "$tmp/chart.svg" || { echo "FAIL: the chart has no title"; exit 1; }
echo "ok: ag-lab ran from the build tree: $(tail -n 1 "$tmp/out.csv" | cut -c1-60)"
