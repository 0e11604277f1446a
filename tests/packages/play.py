#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""play.py -- uses an installed ancientgames package as a user would.

Plays one seeded game of every game with the computer player on both sides
(the same loop as tests/packages/play.mjs, the npm package's, so the two
records of a game must be equal) and prints one JSON line per game:
{"spec": ..., "record": ...}.  With --full it also checks what a user of
the wheel relies on: __version__ is the loaded library's version, the
observation tensor has its stated shape, a state survives pickling, and
(--expect-dir DIR) that the library loaded is the one under DIR (the
wheel's own copy, not a system one).  Exits non-zero on any failure.
"""
import argparse
import json
import os
import pickle
import sys

import ancientgames as ag

# The specs and the AI of the package tests: short games, bounded by work.
SPECS = {"liubo_fingers": "liubo_fingers(entry=exact)"}
AI = "mcts(iterations=40,rollout=20)"
SEED = 2024


def play(spec):
    """The record of one game of spec, the AI on both sides."""
    st = ag.Game(spec).new_state()
    rng = ag.Rng(SEED)
    while not st.is_terminal:
        player = st.current_player
        if player == ag.AG_PLAYER_CHANCE:
            st.apply(st.sample_chance(rng))
        elif player == ag.AG_PLAYER_SIMULTANEOUS:
            st.apply_joint(ag.ai_choose_joint(st, AI, rng))
        else:
            st.apply(ag.ai_choose(st, AI, rng, player=player))
    return st


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--expect-dir")
    args = ap.parse_args()
    if args.full:
        if ag.__version__ != ag.version_string():
            sys.exit("__version__ %s != library %s" % (ag.__version__, ag.version_string()))
        print("ancientgames %s, library %s" % (ag.__version__, ag._lib.path), file=sys.stderr)
    if args.expect_dir:
        lib = os.path.realpath(ag._lib.path)
        if not lib.startswith(os.path.realpath(args.expect_dir) + os.sep):
            sys.exit("loaded %s, not a library under %s" % (lib, args.expect_dir))
    for name in ag.game_names():
        spec = SPECS.get(name, name)
        st = play(spec)
        if st.ply == 0 or st.outcome.outcome == ag.AG_OUTCOME_ONGOING:
            sys.exit("%s: the game did not end" % spec)
        if args.full:
            planes, nodes = st.game.observation_shape
            obs = st.observation(numpy=False)
            if len(obs) != planes or any(len(row) != nodes for row in obs):
                sys.exit("%s: the observation is not %d x %d values" % (spec, planes, nodes))
            again = pickle.loads(pickle.dumps(st))
            if again.record() != st.record() or again.hash != st.hash:
                sys.exit("%s: a pickled state came back different" % spec)
        # The JSON of JSON.stringify (play.mjs): the two outputs compare byte for byte.
        print(json.dumps({"spec": spec, "record": st.record()}, separators=(",", ":"),
                         ensure_ascii=False))


if __name__ == "__main__":
    main()
