#!/bin/sh
# SPDX-License-Identifier: MIT
# check-lf-floor.sh -- the floor of liubo_fingers' "ai": a few games against
# the reference opponent of tests/lf_match.c (equilibrium fingers by regret
# matching from one-ply action values) and against uniform fingers and calls,
# seats swapped per pair, with a generous margin below the measured strength
# (NEWS and doc/variant-studies.md have the full tables).  The games are
# short (a low round cap; a capped game is scored by who leads there: more
# pieces home, then more prisoners): about 10 s of CPU (25 s before).
# lf_match also fails when the ai makes a call that cannot be right.
set -u
: "${top_builddir:=.}"
match=$top_builddir/tests/lf_match
test -x "$match" || { echo "FAIL: $match not built"; exit 1; }
status=0
run() {
  if out=$("$match" -q "$@"); then echo "PASS: $out"; else echo "FAIL: $out"; status=1; fi
}
# scheme=alternate, 200-round cap: measured 0.812 [0.47, 0.96] over these 8
# (6 capped); floor 0.5.
run -n 8 -s 11 -m 0.5 -g "liubo_fingers(max_rounds=200)" ai ref
# scheme=guess against uniform fingers and calls, 150-round cap (a guess
# decision costs about 10 ms): measured 0.75 over these 2 games (1 capped);
# floor 0.5.
run -n 2 -s 11 -m 0.5 -g "liubo_fingers(scheme=guess,max_rounds=150)" ai uniform
exit $status
