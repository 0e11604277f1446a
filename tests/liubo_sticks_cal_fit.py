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

Options (liubo_fingers' calibration, HACKING): --header FILE and --name NAME
name another header and array; --symmetric keeps b = 0, so that the two
sides' reported probabilities still add up to 1; --check PAIRS prints the
Brier score and reliability table of other pairs before and after the fit.
"""
import argparse
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
            rows.append((math.log(p / (1 - p)), float(w) + float(d) / 2, float(l) + float(d) / 2, float(d)))
    return rows


def fit(rows, rounds=25, symmetric=False):
    a, b = 1.0, 0.0
    for _ in range(rounds):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for z, wins, losses, _ in rows:
            p = 1 / (1 + math.exp(-(a * z + b)))
            n = wins + losses
            d = wins - n * p
            s = n * p * (1 - p)
            g0 += d * z
            g1 += d
            h00 += s * z * z
            h01 += s * z
            h11 += s
        if symmetric:
            a += g0 / h00
            continue
        det = h00 * h11 - h01 * h01
        a += (h11 * g0 - h01 * g1) / det
        b += (h00 * g1 - h01 * g0) / det
    return a, b


def table(rows, a, b, bins=5):
    """Brier score and reliability lines of rows rescaled by (a, b)."""
    brier = n_all = 0.0
    acc = [[0.0, 0.0, 0.0] for _ in range(bins)]
    for z, wins, losses, draws in rows:
        p = 1 / (1 + math.exp(-(a * z + b)))
        n = wins + losses
        # as tests/bench_common.h: a draw's error is (p - 1/2)^2
        brier += (wins - draws / 2) * (p - 1) ** 2 + (losses - draws / 2) * p * p + draws * (p - 0.5) ** 2
        n_all += n
        k = acc[min(int(p * bins), bins - 1)]
        k[0] += p * n
        k[1] += wins
        k[2] += n
    out = ["Brier %.4f" % (brier / n_all)]
    for i, (sp, so, sn) in enumerate(acc):
        if sn:
            out.append("  predicted %.1f-%.1f: mean predicted %.3f, observed %.3f (%.0f results)"
                       % (i / bins, (i + 1) / bins, sp / sn, so / sn, sn))
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("pairs")
    ap.add_argument("--header", default=HEADER)
    ap.add_argument("--name", default="ag__lss_cal")
    ap.add_argument("--symmetric", action="store_true")
    ap.add_argument("--check")
    args = ap.parse_args()
    rows = read(args.pairs)
    a, b = fit(rows, symmetric=args.symmetric)
    text = open(args.header).read()
    m = re.search(re.escape(args.name) + r"\[2\] = \{([^,]*), ([^}]*)\};", text)
    a0, b0 = float(m.group(1)), float(m.group(2))
    # logit' = a (a0 logit + b0) + b
    new = "%s[2] = {%.4f, %.4f};" % (args.name, a * a0, a * b0 + b)
    sys.stderr.write("%d plays; correction a %.4f b %.4f; now %s\n" % (len(rows), a, b, new))
    if args.check:
        held = read(args.check)
        sys.stderr.write("%d other plays, before: %s\n" % (len(held), table(held, 1, 0)))
        sys.stderr.write("after: %s\n" % table(held, a, b))
    sys.stdout.write(text[: m.start()] + new + text[m.end():])


if __name__ == "__main__":
    main()
