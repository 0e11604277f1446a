#!/bin/sh
# SPDX-License-Identifier: MIT
# check-liubo-sticks-floor.sh -- a floor under liubo_sticks' default player:
# a few dozen duplicate-throw pairs against the one-turn reference
# "expectimax1" and against the 0.2 MCTS player, with generous margins (the
# measured scores and their intervals are in HACKING; a broken evaluation or
# search falls far below these floors).  Deterministic: fixed seeds, node
# budgets, no clock.
set -e
m=${builddir:-.}/tests/liubo_sticks_match
[ -x "$m" ] || { echo "SKIP: $m not built"; exit 77; }
"$m" -q -n 24 -s 7001 --min-score 0.45 ai expectimax1
"$m" -q -n 12 -s 7101 --min-score 0.70 ai 'ai(iterations=1000,rollout=40)'
