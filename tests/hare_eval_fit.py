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

    tests/hare_eval_fit.py --refit K lib/ai/hare_eval_weights.h DATA... > NEW.h

refits only the terms that count for K hunters (K = 10, 11, or 12 for 12
or more: their pst, rows and cols layer, the line tables by the hare's
point rowsK and colsK, count[stm][K - 10], and for 10 jumps[stm][1]) on
the K-hunter positions of the DATA files (concatenated), every other entry
kept as the given header has it: ridge toward the header's weights, with
the shared terms (room, steps, spread, beyond) and the other layers held
fixed.  So the evaluation of other numbers of hunters is unchanged, entry
for entry.  ag-solve "hare(hunters=10)" (30 s, ~100 MB) answers every
position of 10 hunters; "hare(hunters=12)" (6 min, ~360 MB) of 10 to 12.

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


def features(hare, mask, stm, by_point=True):
    """The design matrix (rows of feature indices and values) and the layout.
    by_point=False leaves out the line tables by the hare's point (rowsK,
    colsK: only the --refit fits set them; a full fit keeps them zero)."""
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
    # rowsK / colsK (K = 10, 11, 12 hunters or more): each line's pattern by
    # the hare's own point (not only its row or column), one column per
    # (stm, hare, line, pattern), for the positions of K hunters
    for k, sel in ((10, n == 10), (11, n == 11), (12, n >= 12)):
        on_k = sel & by_point
        for r in range(5):
            pat = ((m >> np.uint64(5 * r)) & np.uint64(31)).astype(np.int64)
            cols.append(np.where(on_k, off + ((s * 25 + h) * 5 + r) * 32 + pat, -1))
            vals.append(np.ones(len(h)))
        off += 2 * 25 * 5 * 32
        for c in range(5):
            pat = np.zeros(len(h), dtype=np.int64)
            for r in range(5):
                pat |= (((m >> np.uint64(5 * r + c)) & np.uint64(1)).astype(np.int64)) << r
            cols.append(np.where(on_k, off + ((s * 25 + h) * 5 + c) * 32 + pat, -1))
            vals.append(np.ones(len(h)))
        off += 2 * 25 * 5 * 32
    return np.stack(cols, 1).astype(np.int32), np.stack(vals, 1).astype(np.float32), off


SCALE = 256     # the tables hold turns x SCALE
LINES10 = 3 * 2 * 2 * 25 * 5 * 32   # the rowsK and colsK entries, the design's last columns


def emit(w, npos, out, refit_note=""):
    """Writes the weights w (turns) as the C tables of lib/ai/hare_eval_weights.h."""
    wi = np.rint(np.asarray(w) * SCALE).astype(np.int64)
    out.write("/* SPDX-License-Identifier: MIT */\n")
    if refit_note:
        out.write(refit_note)
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
    for k in (10, 11, 12):
        table("hare_eval_rows%d" % k, (2, 25, 5, 32))
        table("hare_eval_cols%d" % k, (2, 25, 5, 32))
    assert o == len(wi)


def read_header(path):
    """The weights (turns) of a header written by emit(), in emit's order."""
    import re
    text = open(path).read()
    text = text[text.index("static const"):]
    nums = []
    for block in text.split("static const int32_t")[1:]:
        body = block[block.index("=") + 1:block.index(";")]
        nums += [int(x) for x in re.findall(r"-?\d+", body)]
    return np.array(nums, dtype=np.float64) / SCALE


def matvec(cols, vals, w):
    """The design matrix times w."""
    return (np.where(cols < 0, 0, w[np.maximum(cols, 0)]) * vals).sum(1)


def rmatvec(cols, vals, r, nf):
    """The design matrix's transpose times r."""
    c = np.maximum(cols, 0).ravel()
    v = (np.where(cols < 0, 0.0, vals) * r[:, None]).ravel()
    return np.bincount(c, v, nf)


def refit(cols, vals, y, nf, weight, prior, free, iters=400):
    """Weighted ridge least squares toward the prior on the free weights only
    (the others held), by conjugate gradients on the normal equations: the
    ten-hunter line tables make the system too big for a dense solve."""
    r0 = y - matvec(cols, vals, prior)
    fm = free.astype(np.float64)

    def op(d):
        return fm * rmatvec(cols, vals, weight * matvec(cols, vals, d * fm), nf) + RIDGE * d * fm

    b = fm * rmatvec(cols, vals, weight * r0, nf)
    d = np.zeros(nf)
    r = b.copy()
    p = r.copy()
    rr = r @ r
    for _ in range(iters):
        ap = op(p)
        a = rr / (p @ ap)
        d += a * p
        r -= a * ap
        rr2 = r @ r
        if rr2 < 1e-12 * (b @ b):
            break
        p = r + rr2 / rr * p
        rr = rr2
    return prior + d * fm


def layer_free(nf, k):
    """Which weights the refit of k hunters (10, 11, 12: 12 or more) may
    change; the rest are held."""
    layer = k - 10
    free = np.zeros(nf, dtype=bool)
    off = 0
    for st in (0, 1):                                   # pst[stm][layer][hare][p]
        a = off + (st * 3 + layer) * 625
        free[a:a + 625] = True
    off += 2 * 3 * 625
    for st in (0, 1):                                   # count[stm][k - 10]
        free[off + st * 4 + layer] = True
    off += 8 + 32                                       # room: shared
    if k == 10:                                         # jumps[stm][n10 = 1][j]
        for st in (0, 1):                               # (n10 = 0 is 11 and 12's)
            free[off + st * 6 + 3:off + st * 6 + 6] = True
    off += 12 + 6                                       # steps, spread, beyond: shared
    for _ in ("rows", "cols"):
        for st in (0, 1):
            a = off + (st * 3 + layer) * 9 * 32
            free[a:a + 9 * 32] = True
        off += 2 * 3 * 9 * 32
    block = 2 * 2 * 25 * 5 * 32                         # rowsK, colsK of this k
    free[off + layer * block:off + (layer + 1) * block] = True
    off += 3 * block
    assert off == nf
    return free


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
    prior = None
    args = sys.argv[1:]
    if args and args[0] == "--refit":
        k = int(args[1])
        assert k in (10, 11, 12), "--refit takes 10, 11 or 12 (hunters)"
        prior, args = read_header(args[2]), args[3:]
        text = open(sys.argv[3]).read()
        prior_npos = int(text.split("from a sample of ")[1].split()[0])
        notes = [l + "\n" for l in text.split("\n") if l.startswith(" * refit ")]
        if "--refit-10 on " in text:             # the first such header's wording
            notes.append(" * refit 10 hunters: %s positions\n" %
                         text.split("--refit-10 on ")[1].split()[0])
    raw = np.concatenate([np.fromfile(a, dtype=np.uint8).reshape(-1, 12) for a in args])
    won = raw[:, 6].view(np.int8) == 1          # the positions the hunters win
    if prior is not None:                        # k hunters only (12: 12 or more)
        nh = popcount(raw[:, 0:4].copy().view('<u4').ravel())
        won &= (nh == k) if k < 12 else (nh >= 12)
    # Each position once, weighed by how often it came.
    raw, weight = np.unique(raw[won], axis=0, return_counts=True)
    mask = raw[:, 0:4].copy().view('<u4').ravel()
    hare = raw[:, 4].astype(np.int64)
    stm = raw[:, 5].astype(np.int64)
    y = raw[:, 8:10].copy().view('<u2').ravel().astype(np.float64)
    cols, vals, nf = features(hare, mask, stm, by_point=prior is not None)
    weight = weight.astype(np.float64)
    if prior is not None:
        if len(prior) < nf:                      # a header without rows10 and cols10
            prior = np.concatenate([prior, np.zeros(nf - len(prior))])
        assert len(prior) == nf, "the header's tables do not match the features"
        w = refit(cols, vals, y, nf, weight, prior, layer_free(nf, k))
        w = np.where(layer_free(nf, k), w, prior)       # held exactly (no rounding drift)
        p0 = (np.where(cols < 0, 0, prior[np.maximum(cols, 0)]) * vals).sum(1)
        sys.stderr.write("the header's tables on these positions: rms error %.2f turns\n" %
                         np.sqrt((weight * (y - p0) ** 2).sum() / weight.sum()))
    else:                                        # rows10, cols10 (the last columns) stay 0
        nb = nf - LINES10
        w = np.concatenate([fit(cols, vals, y, nb, weight), np.zeros(LINES10)])
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
    if prior is not None:
        notes = [l for l in notes if not l.startswith(" * refit %d " % k)]
        notes.append(" * refit %d hunters: %d positions\n" % (k, int(weight.sum())))
        emit(w, int(prior_npos), sys.stdout,
             "/* The terms of 10, 11 and 12 hunters (their pst, rows and cols layer,\n"
             " * rowsK, colsK, count, and jumps for 10) refitted, each on its own, by\n"
             " * tests/hare_eval_fit.py --refit K (see HACKING); the rest as fitted\n"
             " * below:\n" + "".join(sorted(notes)) + " */\n")
    else:
        emit(w, int(weight.sum()), sys.stdout)


if __name__ == "__main__":
    main()
