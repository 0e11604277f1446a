#!/bin/sh
# SPDX-License-Identifier: MIT
# check-golden.sh -- the golden playthroughs (issue 27, as OpenSpiel keeps
# them): for each game and a few option sets, one seeded game of at most P
# plies printed by `tests/ag-probe --golden' (the game's limits; each ply's position text,
# hash, legal moves, chance outcomes and weights, observation and action-mask
# digests, the move played; the outcome and the whole record at the end) is
# compared with tests/golden/NAME.txt.  A change of the rules, the texts or
# the tensors shows as a readable diff.  The players' choices on fixed
# positions (tests/golden/choices-GAME.txt) are compared by tests/check_mutants;
# --write writes those too.
#
# After an intended rules change, write them anew (HACKING, "Golden
# playthroughs") and commit the diff with the reason:
#     top_builddir=. top_srcdir=. sh tests/check-golden.sh --write
: "${top_builddir:=.}" "${top_srcdir:=.}"
probe=$top_builddir/tests/ag-probe
dir=$top_srcdir/tests/golden
tmp=${TMPDIR:-/tmp}/check-golden.$$
trap 'rm -f "$tmp".*' EXIT
write=no
test "${1:-}" = --write && write=yes
status=0
# NAME SPEC SEED PLIES
while read -r name spec seed plies; do
  if ! "$probe" --golden "$spec" --seed "$seed" --plies "$plies" > "$tmp.out" 2> "$tmp.err"; then
    echo "FAIL: $name: ag-probe --golden '$spec' failed:"; head -5 "$tmp.err"; status=1; continue
  fi
  if test $write = yes; then
    cp "$tmp.out" "$dir/$name.txt" && echo "wrote $dir/$name.txt ($(wc -c < "$tmp.out") bytes)"
  elif cmp -s "$tmp.out" "$dir/$name.txt"; then
    echo "ok: $name ($spec, seed $seed): $(wc -l < "$tmp.out") lines as tests/golden/$name.txt"
  else
    echo "FAIL: $name ($spec, seed $seed) differs from tests/golden/$name.txt:"
    diff "$dir/$name.txt" "$tmp.out" | head -20
    status=1
  fi
done <<'LIST'
hare hare 1 80
hare-10 hare(hunters=10) 5 80
hare-11-first-hare hare(hunters=11,chain=0,first=hare,repetition=2) 7 60
liubo_sticks liubo_sticks 11 60
liubo_sticks-forced liubo_sticks(promotion=forced,rethrow=bead,loop=pass) 12 50
liubo_fingers liubo_fingers 21 40
liubo_fingers-guess liubo_fingers(hands=2,scheme=guess,board=48) 22 30
fox_and_hens fox_and_hens 31 80
fox_and_hens-15-fox fox_and_hens(hens=15,first=fox,chain=0) 32 60
LIST
# The players' choices on fixed positions (tests/golden/choices-GAME.txt) are
# compared by tests/check_mutants (choices_*); --write writes them too.
if test $write = yes; then
  if AG_GOLDEN_WRITE=1 CK_RUN_SUITE=mutants top_srcdir="$top_srcdir" \
       "$top_builddir/tests/check_mutants" > "$tmp.out" 2>&1; then
    echo "wrote $dir/choices-*.txt"
  else
    echo "FAIL: tests/check_mutants could not write the choices:"; tail -5 "$tmp.out"; status=1
  fi
fi
exit $status
