#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fits liubo_sticks' evaluation (lib/ai/liubo_sticks_eval_weights.h).

Reads lines "RESULT F0 F1 ... F24" from tests/liubo_sticks_eval_gen (the
result of the game for the side to throw, then the evaluation's features) and
fits a logistic regression of the result on the features by Newton's method
(iteratively reweighted least squares, a small ridge for stability), pure
Python.  Writes the whole header to stdout, keeping the hand-set weights of the
reference player from the current header.  Recipe (HACKING):

    make tests/liubo_sticks_eval_gen
    tests/liubo_sticks_eval_gen -n 4000 -s 1 -p ai > /tmp/lss.txt
    python3 tests/liubo_sticks_eval_fit.py /tmp/lss.txt > lib/ai/liubo_sticks_eval_weights.h
"""
import math
import re
import sys

HEADER = "lib/ai/liubo_sticks_eval_weights.h"


def read(path):
    ys, xs = [], []
    with open(path) as f:
        for line in f:
            v = [float(t) for t in line.split()]
            ys.append(v[0])
            xs.append(v[1:])
    return ys, xs


def solve(a, b):
    """Gaussian elimination with partial pivoting: a x = b."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    x = [0.0] * n
    for c in range(n - 1, -1, -1):
        x[c] = (m[c][n] - sum(m[c][k] * x[k] for k in range(c + 1, n))) / m[c][c]
    return x


def fit(ys, xs, ridge=1.0, rounds=8):
    n = len(xs[0])
    w = [0.0] * n
    for _ in range(rounds):
        g = [0.0] * n
        h = [[0.0] * n for _ in range(n)]
        ll = 0.0
        for y, x in zip(ys, xs):
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1 / (1 + math.exp(-max(-30, min(30, z))))
            ll += y * math.log(max(p, 1e-12)) + (1 - y) * math.log(max(1 - p, 1e-12))
            d = y - p
            s = p * (1 - p)
            nz = [(i, xi) for i, xi in enumerate(x) if xi]
            for i, xi in nz:
                g[i] += d * xi
                hi = h[i]
                sxi = s * xi
                for j, xj in nz:
                    hi[j] += sxi * xj
        for i in range(n):
            g[i] -= ridge * w[i]
            h[i][i] += ridge
        step = solve(h, g)
        w = [wi + si for wi, si in zip(w, step)]
        sys.stderr.write("log-likelihood per row %.5f\n" % (ll / len(ys)))
    return w


def main():
    ys, xs = read(sys.argv[1])
    w = fit(ys, xs)
    text = open(HEADER).read()
    hand = re.search(r"ag__lss_hand_w\[LSS_NF\] = \{(.*?)\};", text, re.S).group(1)
    ns = (len(w) - 1) // 2
    fmt = lambda ws: ", ".join("%.4f" % x for x in ws)
    sys.stdout.write(text[: text.index("static const double ag__lss_hand_w")])
    sys.stdout.write("static const double ag__lss_hand_w[LSS_NF] = {" + hand + "};\n\n")
    sys.stdout.write("/* Fitted to %d throw positions (tests/liubo_sticks_eval_fit.py). */\n" % len(ys))
    sys.stdout.write("static const double ag__lss_fit_w[LSS_NF] = {\n  %s,\n  %s,\n  %s\n};\n\n"
                     % (fmt(w[:1]), fmt(w[1:1 + ns]), fmt(w[1 + ns:])))
    # The calibration block (tests/liubo_sticks_cal_fit.py) is kept as it is:
    # refit it after new weights.
    cal = text.index("/* The calibration")
    sys.stdout.write(text[cal:])


if __name__ == "__main__":
    main()
