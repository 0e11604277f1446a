#!/bin/sh
# SPDX-License-Identifier: MIT
# check-bench-modes.sh -- ag-bench(1) says that both modes, ag_state_playouts()
# (default) and the per-ply API (--api), play exactly the same games from the
# same seed, on any number of threads.  With --seconds 0, ag-bench plays one
# batch of 64 games; its reports of both modes and of 1 and 3 threads must be
# equal except for the mode, the threads, the times and the rates (game,
# playouts, mean game length, wins, draws, unfinished games).  Every game that
# `ag-play --list' prints, a few seeds, with and without --max-plies.  Then
# ag-bench's command line: --help, --version, --json, bad usage.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
bench=$top_builddir/examples/ag-bench
play=$top_builddir/examples/ag-play
test -x "$bench" || { echo "FAIL: $bench not built"; exit 1; }
games=$("$play" --list) && test -n "$games" || { echo "FAIL: ag-play --list failed"; exit 1; }

status=0
count=0
for game in $games; do
  for seed in 1 7 2024; do
    for plies in 0 15; do
      args="$game --seconds 0 --seed $seed --max-plies $plies"
      # shellcheck disable=SC2086
      a=$("$bench" $args) || { echo "FAIL: ag-bench $args exited $?"; status=1; continue; }
      # shellcheck disable=SC2086
      b=$("$bench" $args --api) || { echo "FAIL: ag-bench $args --api exited $?"; status=1; continue; }
      # shellcheck disable=SC2086
      c=$("$bench" $args --threads 3) || { echo "FAIL: ag-bench $args --threads 3 exited $?"; status=1; continue; }
      a=$(printf '%s\n' "$a" | grep -v -e '^mode:' -e '^threads:' -e 'seconds:' -e '^playouts/s:' -e '^plies/s:' -e '/cpu-s:')
      b=$(printf '%s\n' "$b" | grep -v -e '^mode:' -e '^threads:' -e 'seconds:' -e '^playouts/s:' -e '^plies/s:' -e '/cpu-s:')
      c=$(printf '%s\n' "$c" | grep -v -e '^mode:' -e '^threads:' -e 'seconds:' -e '^playouts/s:' -e '^plies/s:' -e '/cpu-s:')
      if test "x$a" != "x$c"; then
        echo "FAIL: ag-bench $args: 1 and 3 threads differ:"
        echo "1:"; echo "$a"; echo "3:"; echo "$c"
        status=1
      fi
      case $a in *"playouts: 64"*) ;; *) echo "FAIL: ag-bench $args: not one batch of 64:"; echo "$a"; status=1 ;; esac
      if test "x$a" != "x$b"; then
        echo "FAIL: ag-bench $args: playout and --api differ:"
        echo "playout:"; echo "$a"; echo "api:"; echo "$b"
        status=1
      fi
      count=$((count + 1))
    done
  done
done
echo "compared $count runs of both modes"

# The command line (ag-bench(1)): help on stdout and exit 0, versions, JSON
# that parses, bad usage exits 2 naming the option, with the usage on stderr.
tmp=${TMPDIR:-/tmp}/check-bench.$$
trap 'rm -f "$tmp".*' EXIT
expect() {  # CODE PATTERN ARGS...: the exit status, PATTERN in stdout (0) or stderr
  code=$1 pattern=$2; shift 2
  "$bench" "$@" > "$tmp.out" 2> "$tmp.err" < /dev/null
  rc=$?
  if test "$rc" != "$code"; then echo "FAIL: ag-bench $*: exit $rc, expected $code"; status=1; return; fi
  if test "$code" = 0; then where=$tmp.out; else where=$tmp.err; fi
  if ! grep -Eq -- "$pattern" "$where"; then
    echo "FAIL: ag-bench $*: no /$pattern/ in:"; head -3 "$where"; status=1; return
  fi
  if test "$code" = 2 && test -s "$tmp.out"; then echo "FAIL: ag-bench $*: stdout on bad usage"; status=1; return; fi
  if test "$code" = 2 && ! grep -q '^usage: ag-bench' "$tmp.err"; then echo "FAIL: ag-bench $*: no usage"; status=1; return; fi
  echo "ok $code ag-bench $*"
}
expect 0 '^usage: ag-bench' --help
expect 0 '^usage: ag-bench' -h
expect 0 '^ag-bench \(liboldgames\) ' --version
expect 0 '^libancientgames ' --version
expect 0 '"plies_per_s": [0-9]' hare --seconds 0 --json
expect 0 '"leaves_per_s": [0-9]' hare --seconds 0 --perft --json
expect 0 '^iterations/s: [0-9]' hare --seconds 0 --mcts --iterations 50
expect 0 '^depth: 1$' hare --seconds 0 --perft
expect 2 "--seconds 'abc'" hare --seconds abc
expect 2 "--seconds '-1'" hare --seconds -1
expect 2 "--seed 'x1'" hare --seed x1
expect 2 "--max-plies '-5'" hare --max-plies -5
expect 2 "--threads '99'" hare --threads 99
expect 2 "--threads '2x'" hare --threads 2x
expect 2 "--repeat '0'" hare --repeat 0
expect 2 "unknown option '--bogus'" hare --bogus
expect 2 "expected one SPEC" --seconds 0
expect 2 "exclude each other" hare --api --perft
expect 1 "ag-bench: nosuchgame" nosuchgame --seconds 0
if command -v python3 > /dev/null 2>&1; then
  "$bench" --table --seconds 0 --threads 2 --json hare > "$tmp.json" &&
    python3 -c 'import json, sys; t = json.load(open(sys.argv[1])); g = t["games"][0]
assert t["threads"] == 2 and g["game"].startswith("hare(") and g["plies_per_s"] > 0, t' "$tmp.json" ||
    { echo "FAIL: ag-bench --table --json is not the JSON ag-bench(1) describes"; status=1; }
fi
exit $status
