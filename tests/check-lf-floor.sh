#!/bin/sh
# SPDX-License-Identifier: MIT
# check-lf-floor.sh -- the floor of liubo_fingers' "ai": 16 games
# against the reference opponent of tests/lf_match.c (equilibrium fingers by
# regret matching from one-ply action values) and uniform fingers, seats swapped
# per pair, with a generous margin below the measured strength (NEWS and
# doc/variant-studies.md have the full tables); capped games are scored by
# the lead.  lf_match also fails when the ai makes a call that cannot be
# right.  About 25 s of CPU.
set -u
: "${top_builddir:=.}"
match=$top_builddir/tests/lf_match
test -x "$match" || { echo "FAIL: $match not built"; exit 1; }
status=0
# scheme=alternate, the default game (2000-round cap): measured 0.875 over
# these 12 games (0.85 [0.64, 0.95] over 20 others), floor 0.5.  scheme=guess
# against uniform fingers and calls (a guess decision costs about 15 ms, so
# 4 games of at most 300 rounds): measured 1.0 (8 games: 1.0), floor 0.75.
run() {
  if out=$("$match" -q "$@"); then echo "PASS: $out"; else echo "FAIL: $out"; status=1; fi
}
run -n 12 -s 11 -m 0.5 ai ref
run -n 4 -s 11 -m 0.75 -g "liubo_fingers(scheme=guess,max_rounds=300)" ai uniform
exit $status
