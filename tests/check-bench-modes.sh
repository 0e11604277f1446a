#!/bin/sh
# check-bench-modes.sh -- ag-bench(1) says that both modes, ag_state_playout()
# (default) and the per-ply API (--api), play exactly the same games from the
# same seed.  With --seconds 0, ag-bench plays one batch of 64 games; its
# reports of both modes must be equal except for the mode, the time and the
# rates (game, playouts, mean game length, wins, draws, unfinished games).
# Every game that `ag-play --list' prints, a few seeds, with and without
# --max-plies.
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
      a=$(printf '%s\n' "$a" | grep -v -e '^mode:' -e '^seconds:' -e '^playouts/s:' -e '^plies/s:')
      b=$(printf '%s\n' "$b" | grep -v -e '^mode:' -e '^seconds:' -e '^playouts/s:' -e '^plies/s:')
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
exit $status
