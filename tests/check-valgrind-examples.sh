#!/bin/sh
# SPDX-License-Identifier: MIT
# check-valgrind-examples.sh -- valgrind memcheck over the example programs:
# every game through ag-play (seeded AI against AI), ag-perft, ag-bench (one
# batch, both modes), ag-svg, random_playout, and ag-solve's error paths.
# Any memcheck error or definite/indirect leak fails it.
#
# Exit 77 (skip) without valgrind, and in a sanitizer build (ASan and
# valgrind do not mix: the sanitizer build has LeakSanitizer instead).
set -u
top_builddir=${top_builddir:-.}
if ! command -v valgrind >/dev/null 2>&1; then
  echo "SKIP: valgrind not found (apt-get install valgrind)"; exit 77
fi
if test -n "${AG_SAN_FLAGS:-}"; then
  echo "SKIP: sanitizer build (LeakSanitizer covers it)"; exit 77
fi
libtool=$top_builddir/libtool
ex=$top_builddir/examples
test -x "$ex/ag-play" || { echo "SKIP: examples not built"; exit 77; }
status=0
runs=0
# valgrind's report goes to a file of its own, removed however the script
# ends (an interrupted run once left a vg.err that got committed).
err=$(mktemp "${TMPDIR:-/tmp}/ag-vg.XXXXXX") || exit 99
trap 'rm -f "$err"' EXIT
trap 'exit 1' HUP INT TERM

# vg NAME ARGS...: one program under memcheck (through libtool, so that the
# uninstalled shared library is found).
vg() {
  prog=$1; shift
  runs=$((runs + 1))
  rc=0
  "$libtool" --mode=execute valgrind --quiet --error-exitcode=99 --leak-check=full \
    --errors-for-leak-kinds=definite,indirect --show-leak-kinds=definite,indirect \
    --track-origins=yes "$ex/$prog" "$@" > /dev/null 2> "$err" || rc=$?
  if test $rc -eq 99 || grep -q '==[0-9]*==' "$err"; then
    echo "FAIL: valgrind $prog $* (exit $rc):"; cat "$err"; status=1
  elif test $rc -ne 0 && test "${expect_fail:-no}" = no; then
    echo "FAIL: $prog $* exited $rc:"; cat "$err"; status=1
  elif test $rc -eq 0 && test "${expect_fail:-no}" = yes; then
    echo "FAIL: $prog $* should have failed"; status=1
  fi
}

games=$("$ex/ag-play" --list) || { echo "FAIL: ag-play --list"; exit 1; }
for g in $games; do
  vg ag-play "$g" --p0 ai --p1 random --seed 3 --max-plies 30 --quiet --ai "mcts(iterations=50,rollout=20)"
  vg ag-perft "$g" 2
  vg ag-bench "$g" --seconds 0
  vg ag-bench "$g" --seconds 0 --api
  vg ag-svg "$g"
  vg random_playout 7 "$g"
done
vg ag-play "hare(hunters=10,first=hare)" --p0 random --p1 ai --seed 9 --max-plies 40 --quiet
expect_fail=yes
vg ag-solve "hare(hunters=10)" -i /nonexistent/solution --quiet
vg ag-play "hare(first=x)" --p0 random --p1 random
vg ag-perft liubo_sticks 1 --position "not a position"
# Error paths of every exit of ag-svg (issue 27, D15: it leaked its state).
vg ag-svg "no-such-game"
vg ag-svg hare --position "not a position"
vg ag-svg hare -o /nonexistent/dir/board.svg
vg ag-play hare --load /nonexistent/record.txt
# Every program's error paths (issue 27, test kind 4): bad specs, positions,
# records, solution files, parameters and unwritable outputs.
bad=$(mktemp -d "${TMPDIR:-/tmp}/ag-vg-in.XXXXXX") || exit 99
trap 'rm -rf "$err" "$bad"' EXIT
echo garbage > "$bad/bad.sol"
echo 'not a record' > "$bad/not.rec"
printf '[Game "hare"]\n\n1. a1-a5\n' > "$bad/illegal.rec"
printf '[Game "hare"]\n\n1. b2-b3\000 2. x\n' > "$bad/nul.rec"
printf '[Game "hare"]\n[A "\033]0;x\007"]\n' > "$bad/control.rec"
vg ag-play no-such-game
vg ag-play hare --position "...../XX"
for r in not illegal nul control; do vg ag-play --load "$bad/$r.rec"; done
vg ag-play liubo_sticks --load "$bad/illegal.rec"
vg ag-play hare --solution "$bad/bad.sol"
vg ag-play hare --p0 ai --p1 random --ai "mcts(iterations=x)" --quiet
vg ag-play hare --p0 random --p1 random --max-plies 4 --quiet --save /nonexistent/dir/x.rec
vg ag-bench no-such-game --seconds 0
vg ag-bench "hare(hunters=99)" --seconds 0 --perft
vg ag-bench hare --seconds 0 --mcts --iterations 0
vg ag-solve no-such-game --quiet
vg ag-solve liubo_sticks --quiet
vg ag-solve "hare(hunters=10)" -i "$bad/bad.sol" --quiet
vg ag-solve "hare(hunters=10)" --quiet -o /nonexistent/dir/x.sol
vg ag-perft no-such-game 2
vg ag-perft hare 2 --position "...../XX"
vg ag-svg hare --position "...../XX" -o /nonexistent/dir/board.svg
expect_fail=no
echo "valgrind: $runs runs"
exit $status
