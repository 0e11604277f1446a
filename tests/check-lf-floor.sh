#!/bin/sh
# SPDX-License-Identifier: MIT
# check-lf-floor.sh -- the floor of liubo_fingers' "ai": a few dozen games
# against the reference opponent of tests/lf_match.c (equilibrium fingers by
# regret matching from one-ply action values), both schemes, seats swapped
# per pair, with a generous margin below the measured strength (NEWS and
# doc/variant-studies.md have the full tables).  The round cap is lowered to
# 150 rounds so that stalled games stay cheap; capped games are scored by
# the lead.  lf_match also fails when the ai makes a call that cannot be
# right.  About 10-20 s of CPU.
set -u
: "${top_builddir:=.}"
match=$top_builddir/tests/lf_match
test -x "$match" || { echo "FAIL: $match not built"; exit 1; }
status=0
for scheme in alternate guess; do
  spec="liubo_fingers(scheme=$scheme,max_rounds=150)"
  if out=$("$match" -q -n 24 -s 11 -g "$spec" -m 0.6 ai ref); then
    echo "PASS: $out"
  else
    echo "FAIL: $out"
    status=1
  fi
done
exit $status
