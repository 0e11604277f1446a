#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""hare_eval_fit.py -- fits the hare AI's learned evaluation to solved values.

    tests/hare_eval_gen SOLUTION /tmp/hare.bin 1000
    tests/hare_eval_fit.py /tmp/hare.bin > lib/ai/hare_eval_weights.h

Reads the records of tests/hare_eval_gen (positions with their solved value
and distance) and fits, by ridge-regularised least squares, a linear
evaluation in the hunters' terms (thousandths of a game, as the search
counts) to the target

    hunters win in d turns:  +(TOP - SLOPE * d)
    draw:                     0
    hare wins in d turns:    -(TOP - SLOPE * d)

so that a search minimising (the hare) or maximising (the hunters) it looks
for the longest defence or the quickest win.  The features, each for the
side to move (0 hunters, 1 hare) separately, are the ones hare_eval() in
lib/ai/hare_search.c computes, in the same order:

  pst[stm][hare][p]       one per hunter on point p with the hare on `hare'
  count[stm][n - 10]      n hunters on the board (10, 11, 12, 13+)
  room[stm][min(r, 15)]   r empty points the hare reaches by steps
  jumps[stm][n10][j]      j = min(open captures, 2), n10 = 10 hunters or more
  steps[stm], spread[stm], beyond[stm]   linear (as hare_search.c counts them)
  rows[stm][layer][r - hare's row + 4][pattern]      the hunters of row r as 5 bits
  cols[stm][layer][c - hare's column + 4][pattern]   the hunters of column c (bit = row)

It prints the rms error over all positions and by side to move on stderr.

Needs numpy.  The output is C source, deterministic for a given input.
"""
import sys
import numpy as np

TOP, SLOPE, RIDGE = 1000, 8, 1.0


def board():
    """Neighbour masks and (over, landing) jumps of the 5x5 alquerque board."""
    nb = [0] * 25
    jumps = [[] for _ in range(25)]
    for p in range(25):
        r, c = divmod(p, 5)
        dirs = [(0, 1), (1, 0), (0, -1), (-1, 0)]
        if (r + c) % 2 == 0:
            dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
        for dr, dc in dirs:
            if 0 <= r + dr < 5 and 0 <= c + dc < 5:
                nb[p] |= 1 << (5 * (r + dr) + c + dc)
                if 0 <= r + 2 * dr < 5 and 0 <= c + 2 * dc < 5:
                    jumps[p].append((5 * (r + dr) + c + dc, 5 * (r + 2 * dr) + c + 2 * dc))
    return nb, jumps


NB, JUMPS = board()
ALL = (1 << 25) - 1


def popcount(x):
    x = x.astype(np.uint64)
    n = np.zeros(len(x), dtype=np.int64)
    for b in range(25):
        n += ((x >> np.uint64(b)) & np.uint64(1)).astype(np.int64)
    return n


def neighbours_of(set_mask):
    out = np.zeros_like(set_mask)
    for b in range(25):
        out |= np.where((set_mask >> np.uint64(b)) & np.uint64(1) != 0, np.uint64(NB[b]),
                        np.uint64(0))
    return out


def features(hare, mask, stm):
    """The design matrix (rows of feature indices and values) and the layout."""
    m = mask.astype(np.uint64)
    h = hare.astype(np.int64)
    s = stm.astype(np.int64)
    hbit = np.uint64(1) << h.astype(np.uint64)
    empty = np.uint64(ALL) & ~m & ~hbit
    seen = hbit.copy()
    front = seen.copy()
    while front.any():
        nxt = neighbours_of(front)
        front = nxt & empty & ~seen
        seen |= front
    room = popcount(seen) - 1
    nbh = np.array(NB, dtype=np.uint64)[h]
    steps = popcount(nbh & ~m)
    jumps = np.zeros(len(h), dtype=np.int64)
    for p in range(25):
        sel = h == p
        for over, land in JUMPS[p]:
            jumps[sel] += (((m[sel] >> np.uint64(over)) & np.uint64(1)) != 0) & \
                (((empty[sel] >> np.uint64(land)) & np.uint64(1)) != 0)
    n = popcount(m)
    dist = np.full((25, 25), 255, dtype=np.int64)
    for a in range(25):
        dist[a][a] = 0
        frontier, d = [a], 0
        while frontier:
            d += 1
            nf = []
            for f in frontier:
                for b in range(25):
                    if NB[f] >> b & 1 and dist[a][b] == 255:
                        dist[a][b] = d
                        nf.append(b)
            frontier = nf
    spread = np.zeros(len(h), dtype=np.int64)
    beyond = np.zeros(len(h), dtype=np.int64)
    for b in range(25):
        on = ((m >> np.uint64(b)) & np.uint64(1)) != 0
        spread += np.where(on, dist[h, b], 0)
        beyond += on & (b // 5 >= h // 5)
    cols, vals = [], []
    off = 0
    # pst: one column per (stm, hunters 10 / 11 / 12+, hare, hunter point)
    layer = np.clip(n - 10, 0, 2)
    for b in range(25):
        on = ((m >> np.uint64(b)) & np.uint64(1)) != 0
        cols.append(np.where(on, off + (s * 3 + layer) * 625 + h * 25 + b, -1))
        vals.append(np.ones(len(h)))
    off += 2 * 3 * 625
    cols.append(off + s * 4 + np.minimum(n - 10, 3)); vals.append(np.ones(len(h)))
    off += 8
    cols.append(off + s * 16 + np.minimum(room, 15)); vals.append(np.ones(len(h)))
    off += 32
    cols.append(off + s * 6 + (n <= 10) * 3 + np.minimum(jumps, 2)); vals.append(np.ones(len(h)))
    off += 12
    for f in (steps, spread, beyond):
        cols.append(off + s); vals.append(f.astype(np.float64))
        off += 2
    # lines: the hunters of each row, and of each column, as a 5-bit pattern,
    # one column per (stm, hunters 10 / 11 / 12+, line's offset from the
    # hare's line + 4, pattern)
    base = (s * 3 + layer) * 9
    for r in range(5):
        pat = ((m >> np.uint64(5 * r)) & np.uint64(31)).astype(np.int64)
        cols.append(off + (base + r - h // 5 + 4) * 32 + pat); vals.append(np.ones(len(h)))
    off += 2 * 3 * 9 * 32
    for c in range(5):
        pat = np.zeros(len(h), dtype=np.int64)
        for r in range(5):
            pat |= (((m >> np.uint64(5 * r + c)) & np.uint64(1)).astype(np.int64)) << r
        cols.append(off + (base + c - h % 5 + 4) * 32 + pat); vals.append(np.ones(len(h)))
    off += 2 * 3 * 9 * 32
    return np.stack(cols, 1).astype(np.int32), np.stack(vals, 1).astype(np.float32), off


SCALE = 256     # the tables hold turns x SCALE


def emit(w, npos, out):
    """Writes the weights w (turns) as the C tables of lib/ai/hare_eval_weights.h."""
    wi = np.rint(np.asarray(w) * SCALE).astype(np.int64)
    out.write("/* SPDX-License-Identifier: MIT */\n")
    out.write("/* Generated by tests/hare_eval_fit.py from a sample of %d positions of\n"
              " * tests/hare_eval_gen (see HACKING); do not edit.  The learned evaluation of\n"
              " * the hare hunt: the predicted number of turns to the hunters' win, x %d,\n"
              " * as the sum of the tables' entries for a position (hare_eval_turns() in\n"
              " * hare_search.c), fitted by least squares to the solved distances of the\n"
              " * positions the hunters win. */\n" % (npos, SCALE))
    out.write("#define HARE_EVAL_SCALE %d\n" % SCALE)
    o = 0

    def table(name, shape):
        nonlocal o
        size = int(np.prod(shape))
        vals = wi[o:o + size].reshape(shape)
        o += size
        text = np.array2string(vals, separator=", ", threshold=10 ** 6, max_line_width=92)
        out.write("static const int32_t %s%s =\n  %s;\n" % (
            name, "".join("[%d]" % x for x in shape),
            text.replace("[", "{").replace("]", "}").replace("\n", "\n  ")))

    table("hare_eval_pst", (2, 3, 25, 25))
    table("hare_eval_count", (2, 4))
    table("hare_eval_room", (2, 16))
    table("hare_eval_jumps", (2, 2, 3))
    table("hare_eval_steps", (2,))
    table("hare_eval_spread", (2,))
    table("hare_eval_beyond", (2,))
    table("hare_eval_rows", (2, 3, 9, 32))
    table("hare_eval_cols", (2, 3, 9, 32))
    assert o == len(wi)


def fit(cols, vals, y, nf, weight):
    """Weighted ridge least squares through the normal equations, accumulated
    sparsely: only the occupied points' columns of a row (at most 13 hunters)
    and one column per other group."""
    npst = 25
    order = np.argsort(cols[:, :npst] < 0, axis=1, kind="stable")[:, :13]
    pst = np.take_along_axis(cols[:, :npst], order, 1)
    cols = np.concatenate([pst, cols[:, npst:]], 1)
    vals = np.concatenate([np.where(pst < 0, 0, 1).astype(np.float32), vals[:, npst:]], 1)
    xtx = np.zeros(nf * nf)
    xty = np.zeros(nf)
    chunk = 50000
    for a in range(0, len(y), chunk):
        c = np.maximum(cols[a:a + chunk], 0).astype(np.int64)
        v = np.where(cols[a:a + chunk] < 0, 0.0, vals[a:a + chunk]).astype(np.float64)
        wt = weight[a:a + chunk, None, None]
        pair = (c[:, :, None] * nf + c[:, None, :]).ravel()
        xtx += np.bincount(pair, (wt * v[:, :, None] * v[:, None, :]).ravel(), nf * nf)
        xty += np.bincount(c.ravel(), (weight[a:a + chunk, None] * v * y[a:a + chunk, None])
                           .ravel(), nf)
    return np.linalg.solve(xtx.reshape(nf, nf) + RIDGE * np.eye(nf), xty)


def main():
    raw = np.fromfile(sys.argv[1], dtype=np.uint8).reshape(-1, 12)
    won = raw[:, 6].view(np.int8) == 1          # the positions the hunters win
    # Each position once, weighed by how often it came.
    raw, weight = np.unique(raw[won], axis=0, return_counts=True)
    mask = raw[:, 0:4].copy().view('<u4').ravel()
    hare = raw[:, 4].astype(np.int64)
    stm = raw[:, 5].astype(np.int64)
    y = raw[:, 8:10].copy().view('<u2').ravel().astype(np.float64)
    cols, vals, nf = features(hare, mask, stm)
    weight = weight.astype(np.float64)
    w = fit(cols, vals, y, nf, weight)
    pred = (np.where(cols < 0, 0, w[np.maximum(cols, 0)]) * vals).sum(1)
    sys.stderr.write("positions %d (%d different), features %d, rms error %.2f turns\n" %
                     (weight.sum(), len(y), nf,
                      np.sqrt((weight * (y - pred) ** 2).sum() / weight.sum())))
    for k in (0, 1):
        sel = stm == k
        sys.stderr.write("  %s to move: rms error %.2f turns\n" % (("hunters", "hare")[k], np.sqrt(
            (weight[sel] * (y[sel] - pred[sel]) ** 2).sum() / weight[sel].sum())))
    n = popcount(mask)
    for k in (10, 11, 12):
        sel = n == k if k < 12 else n >= 12
        if sel.any():
            sys.stderr.write("  %d hunters%s: rms error %.2f turns (mean distance %.1f)\n" % (
                k, "" if k < 12 else " or more", np.sqrt(
                    (weight[sel] * (y[sel] - pred[sel]) ** 2).sum() / weight[sel].sum()),
                (weight[sel] * y[sel]).sum() / weight[sel].sum()))
    emit(w, int(weight.sum()), sys.stdout)


if __name__ == "__main__":
    main()
