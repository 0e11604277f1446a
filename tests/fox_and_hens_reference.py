#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent fox-and-hens move generator, written from the rules text
alone (points as (column, row) pairs and direction vectors, not the library's
bitboards), used to cross-check the library's board counts and perft:

    fox_and_hens_reference.py board
    fox_and_hens_reference.py perft HENS FIRST CHAIN THRESHOLD DEPTH

The rules (ancientgames-fox-and-hens(7)): the cross of 33 points; lines join
orthogonal neighbours, and diagonal neighbours from points whose column +
row is even; hens (player 0) and fox (player 1) step to an empty neighbour;
the fox jumps over a hen to the empty point beyond, chained with chain=1
(then only jumps or pass), never compulsory; the fox wins when the hens are
down to the threshold, at once; the side to move with no move loses."""
import sys

COLS = "abcdefg"


def on_board(c, r):
    return 1 <= c <= 7 and 1 <= r <= 7 and (3 <= c <= 5 or 3 <= r <= 5)


POINTS = [(c, r) for r in range(1, 8) for c in range(1, 8) if on_board(c, r)]


def directions(p):
    c, r = p
    ds = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if (c + r) % 2 == 0:
        ds += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
    return ds


NEIGHBOURS = {p: [(p[0] + dc, p[1] + dr) for dc, dr in directions(p) if on_board(p[0] + dc, p[1] + dr)]
              for p in POINTS}
JUMPS = {p: [((p[0] + dc, p[1] + dr), (p[0] + 2 * dc, p[1] + 2 * dr)) for dc, dr in directions(p)
             if on_board(p[0] + dc, p[1] + dr) and on_board(p[0] + 2 * dc, p[1] + 2 * dr)]
         for p in POINTS}


def name(p):
    return COLS[p[0] - 1] + str(p[1])


def start(hens):
    s = {p for p in POINTS if p[1] <= 3}
    if hens >= 15:
        s |= {(1, 4), (7, 4)}
    if hens == 17:
        s |= {(2, 4), (6, 4)}
    assert len(s) == hens
    return frozenset(s)


def successors(pos, chain_rule, threshold):
    """Positions (fox, hens, side, chain, over) after one ply; over: the game ended."""
    fox, hens, side, chain = pos
    occupied = hens | {fox}
    out = []
    if side == 0:
        for h in sorted(hens):
            for t in NEIGHBOURS[h]:
                if t not in occupied:
                    out.append((fox, (hens - {h}) | {t}, 1, False))
        return out
    if not chain:
        for t in NEIGHBOURS[fox]:
            if t not in occupied:
                out.append((t, hens, 0, False))
    for over, land in JUMPS[fox]:
        if over in hens and land not in occupied:
            rest = hens - {over}
            if len(rest) <= threshold:
                out.append(None)  # the fox has won: a leaf that ends the game
                continue
            again = chain_rule and any(o in rest and l not in rest and l != land
                                       for o, l in JUMPS[land])
            out.append((land, rest, 1 if again else 0, again))
    if chain:
        out.append((fox, hens, 0, False))
    return out


def perft(pos, depth, chain_rule, threshold):
    moves = successors(pos, chain_rule, threshold)
    if not moves:
        return 0  # blocked: the game is over
    if depth == 1:
        return len(moves)
    return sum(perft(q, depth - 1, chain_rule, threshold) for q in moves if q is not None)


def main(argv):
    if argv[1:2] == ["board"]:
        edges = {frozenset((p, q)) for p in POINTS for q in NEIGHBOURS[p]}
        print("points", len(POINTS))
        print("lines", len(edges))
        print("adjacencies", sum(len(v) for v in NEIGHBOURS.values()))
        print("jumps", sum(len(v) for v in JUMPS.values()))
        for hens in (13, 15, 17):
            s = start(hens)
            print("fox jumps at ply 0 with %d hens" % hens,
                  sum(1 for o, l in JUMPS[(4, 4)] if o in s and l not in s))
        return 0
    hens, first, chain, threshold, depth = int(argv[2]), argv[3], int(argv[4]), int(argv[5]), int(argv[6])
    pos = ((4, 4), start(hens), 1 if first == "fox" else 0, False)
    for d in range(1, depth + 1):
        print("perft %d %d" % (d, perft(pos, d, chain, threshold)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
