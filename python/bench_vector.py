#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""bench_vector.py -- lane-steps per CPU-second of ancientgames.VectorEnv, per
game: random actions (env.random_actions() + env.step()), then with every
lane's observation and masks written each step.  The twin of tests/bench_vec.c
(the same loops in C); with --c PATH it runs that program too and prints the
ratio C / Python.  A benchmark: prints figures, never fails on them.

    python3 python/bench_vector.py [--lanes 1024] [--seconds 1] [--c tests/bench_vec]
"""
import argparse
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ancientgames as ag  # noqa: E402


def rate(env, seconds):
    """Lane-steps per CPU-second (and per wall second) of random stepping."""
    c0, w0, steps = time.process_time(), time.perf_counter(), 0
    while True:
        for _ in range(16):
            env.step(env.random_actions())
            steps += 1
        c = time.process_time() - c0
        if c >= seconds:
            break
    w = time.perf_counter() - w0
    return steps * env.lanes / c, steps * env.lanes / w


def c_rates(path, lanes, seconds):
    """{game: (plain, full)} from tests/bench_vec's table."""
    out = subprocess.run([path, str(lanes), "1", str(seconds)], capture_output=True, text=True,
                         check=True).stdout
    rates = {}
    for line in out.splitlines():
        f = line.split()
        if f and f[0] in ag.game_names():
            nums = re.findall(r"[0-9.]+(?:e[+-][0-9]+)?", line[len(f[0]):])
            rates[f[0]] = (float(nums[0]), float(nums[2]))   # CPU-s rates (wall in between)
    return rates


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lanes", type=int, default=1024)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--c", metavar="PATH", help="tests/bench_vec, to compare with C")
    a = ap.parse_args()
    try:
        import numpy  # noqa: F401
    except ImportError:
        print("bench_vector: NumPy is not installed: nothing to measure")
        return 0
    cr = c_rates(a.c, a.lanes, a.seconds) if a.c else {}
    print("%-14s %24s %24s %16s" % ("game", "random actions", "with obs + masks",
                                    "C / Python"))
    print("%-14s %24s %24s %16s" % ("", "lane-steps/CPU-s (wall)", "lane-steps/CPU-s (wall)",
                                    "(random, full)"))
    for name in ag.game_names():
        plain = rate(ag.VectorEnv(name, a.lanes, 1, observations=False, masks=False), a.seconds)
        full = rate(ag.VectorEnv(name, a.lanes, 1), a.seconds)
        ratio = ""
        if name in cr:
            ratio = "%.2f, %.2f" % (cr[name][0] / plain[0], cr[name][1] / full[0])
        print("%-14s %12.3g (%9.3g) %12.3g (%9.3g) %16s" % (name, plain[0], plain[1], full[0],
                                                            full[1], ratio))
    print("(%d lanes, one thread, Python %s)" % (a.lanes, sys.version.split()[0]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
