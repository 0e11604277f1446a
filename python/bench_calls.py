#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_calls.py -- the Python package's cost per call: legal_moves() +
apply() + undo() on one state, per CPU-second, against the same library
calls made through bare ctypes (the package's own function objects, without
its guards, checks and Move objects), per game.  Issue 29's target: the
package within 2x of bare ctypes.  A benchmark: prints figures, never fails
on them.

    python3 python/bench_calls.py [--seconds 1] [GAME...]
"""
import argparse
import ctypes
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402
from ancientgames import _lib  # noqa: E402


def start(spec):
    """A state of spec at its first decision (chance drawn, a finger round
    played), so that both loops list and play a decision's moves."""
    game = ag.Game(spec)
    for seed in range(1, 100):
        st, rng, pick = game.new_state(), ag.Rng(seed), random.Random(seed)
        while st.current_player < 0 and not st.is_terminal:
            if st.current_player == ag.AG_PLAYER_CHANCE:
                st.apply(st.sample_chance(rng))
            else:
                st.apply_joint([pick.choice(st.legal_moves(0)), pick.choice(st.legal_moves(1))])
        if not st.is_terminal:
            return st
    raise SystemExit("bench_calls: no decision found in %s" % spec)


def per_cpu_second(loop, seconds):
    """Rounds of loop(n) per CPU-second, n rounds at a time until seconds."""
    n, rounds, c0 = 1000, 0, time.process_time()
    while True:
        loop(n)
        rounds += n
        c = time.process_time() - c0
        if c >= seconds:
            return rounds / c


def package_loop(st):
    def loop(n):
        for _ in range(n):
            moves = st.legal_moves()
            st.apply(moves[0])
            st.undo()
    return loop


def bare_loop(st):
    h = st.handle
    cap = 1024
    buf, count = (_lib.c_move * cap)(), ctypes.c_size_t()
    current, legal = _lib.ag_state_current_player, _lib.ag_state_legal_moves
    apply, undo, ref = _lib.ag_state_apply, _lib.ag_state_undo, ctypes.byref

    def loop(n):
        for _ in range(n):
            legal(h, current(h), buf, cap, ref(count))
            moves = buf[:count.value]
            apply(h, moves[0])
            undo(h)
    return loop


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("games", nargs="*", default=["hare", "liubo_sticks", "liubo_fingers"])
    args = ap.parse_args()
    print("legal_moves + apply + undo per CPU-second (library %s, Python %d.%d)"
          % (ag.__version__, *sys.version_info[:2]))
    print("%-14s %12s %12s %8s" % ("game", "package", "bare ctypes", "ratio"))
    for spec in args.games:
        st = start(spec)
        pkg = per_cpu_second(package_loop(st), args.seconds)
        bare = per_cpu_second(bare_loop(st), args.seconds)
        print("%-14s %12.0f %12.0f %8.2f" % (spec, pkg, bare, bare / pkg))
    return 0


if __name__ == "__main__":
    sys.exit(main())
