#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""An independent hare-hunt move generator, written from the rules file alone
(direction vectors, not the library's line table), used to cross-check the
library's perft counts: hare_reference.py SPEC-HUNTERS FIRST CHAIN DEPTH."""
import sys

def board():
    adj, jumps = {}, {}
    for r in range(5):
        for c in range(5):
            p = 5 * r + c
            dirs = [(0, 1), (0, -1), (1, 0), (-1, 0)]
            if (r + c) % 2 == 0:
                dirs += [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            adj[p], jumps[p] = [], []
            for dr, dc in dirs:
                r1, c1, r2, c2 = r + dr, c + dc, r + 2 * dr, c + 2 * dc
                if 0 <= r1 < 5 and 0 <= c1 < 5:
                    adj[p].append(5 * r1 + c1)
                    if 0 <= r2 < 5 and 0 <= c2 < 5:
                        jumps[p].append((5 * r1 + c1, 5 * r2 + c2))
    return adj, jumps

ADJ, JUMPS = board()

def moves(hare, hunters, side, chain, chain_rule):
    """Successor positions (hare, hunters, side, chain) of one atomic ply."""
    out = []
    occ = set(hunters) | {hare}
    if side == 0:
        for h in hunters:
            for t in ADJ[h]:
                if t not in occ:
                    out.append((hare, (hunters - {h}) | {t}, 1, False))
        return out
    if not chain:
        for t in ADJ[hare]:
            if t not in occ:
                out.append((t, hunters, 0, False))
    for over, land in JUMPS[hare]:
        if over in hunters and land not in occ:
            rest = hunters - {over}
            more = chain_rule and len(rest) > 9 and any(
                o in rest and l not in (rest | {land}) for o, l in JUMPS[land])
            out.append((land, rest, 1 if more else 0, more))
    if chain:
        out.append((hare, hunters, 0, False))
    return out

def blocked(hare, hunters, side, chain):
    return side == 1 and not chain and not moves(hare, hunters, side, chain, True)

def perft(pos, depth, chain_rule):
    hare, hunters, side, chain = pos
    if len(hunters) <= 9 or blocked(*pos):
        return 0
    if depth == 0:
        return 1
    return sum(1 if depth == 1 else perft(q, depth - 1, chain_rule)
               for q in moves(hare, hunters, side, chain, chain_rule))

def main():
    k, first, chain_rule, depth = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "1", int(sys.argv[4])
    hunters = set(range(10)) | ({10} if k >= 11 else set()) | ({14} if k == 12 else set())
    start = (12, frozenset(hunters), 1 if first == "hare" else 0, False)
    for d in range(1, depth + 1):
        print("perft %d %d" % (d, perft(start, d, chain_rule)))

main()
