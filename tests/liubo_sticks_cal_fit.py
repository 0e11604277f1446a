#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fits the calibration of liubo_sticks' reported win probability.

Platt scaling: the reported probability is sigmoid(a * logit(v) + b) of the
search's value v (lib/ai/liubo_sticks_search.c, calibrated()).  Reads lines
"P WINS DRAWS LOSSES" from `tests/liubo_sticks_bench cal FILE ai' (the
probability the player reports now, with the current a, b, and the rollout
results of the play it chose), fits a correction (a', b') to them by Newton's
method on the log-likelihood, composes it with the header's (a, b) and writes
the whole header to stdout.  Recipe (HACKING): fit on a position set made
with another seed than the committed benchmark set, then check the Brier
score and reliability table on the committed set with `make bench'.
"""
import math
import re
import sys

HEADER = "lib/ai/liubo_sticks_eval_weights.h"


def read(path):
    rows = []
    with open(path) as f:
        for line in f:
            p, w, d, l = line.split()
            p = min(max(float(p), 1e-6), 1 - 1e-6)
            rows.append((math.log(p / (1 - p)), int(w) + int(d) / 2, int(l) + int(d) / 2))
    return rows


def fit(rows, rounds=25):
    a, b = 1.0, 0.0
    for _ in range(rounds):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for z, wins, losses in rows:
            p = 1 / (1 + math.exp(-(a * z + b)))
            n = wins + losses
            d = wins - n * p
            s = n * p * (1 - p)
            g0 += d * z
            g1 += d
            h00 += s * z * z
            h01 += s * z
            h11 += s
        det = h00 * h11 - h01 * h01
        a += (h11 * g0 - h01 * g1) / det
        b += (h00 * g1 - h01 * g0) / det
    return a, b


def main():
    rows = read(sys.argv[1])
    a, b = fit(rows)
    text = open(HEADER).read()
    m = re.search(r"ag__lss_cal\[2\] = \{([^,]*), ([^}]*)\};", text)
    a0, b0 = float(m.group(1)), float(m.group(2))
    # logit' = a (a0 logit + b0) + b
    new = "ag__lss_cal[2] = {%.4f, %.4f};" % (a * a0, a * b0 + b)
    sys.stderr.write("%d plays; correction a %.4f b %.4f; now %s\n" % (len(rows), a, b, new))
    sys.stdout.write(text[: m.start()] + new + text[m.end():])


if __name__ == "__main__":
    main()
