# SPDX-License-Identifier: MIT
"""The WebAssembly build (web/dist) plays the native library's games: same
seeds, same games.  Run by tests/check-wasm-native.sh:

    wasm_native.py DIST AG_BENCH

1. Seeded random games through the per-ply API (tests/web/wasm_games.mjs
   under Node, through web/ag.js) against the same games through the Python
   binding of the native library: the same record, the same hash after every
   ply, the same final position text, for each game and a few option sets.
2. web/bench.mjs --seconds 0 (one batch of 64 playouts of ag-bench's seeds,
   batch and per-ply API modes) against ag-bench -s 0: the same totals
   (playouts, plies, wins, draws, unfinished).
"""
import json
import os
import subprocess
import sys

import ancientgames as ag

HERE = os.path.dirname(os.path.abspath(__file__))
SPECS = ["hare", "hare(hunters=11,chain=0)", "liubo_sticks", "liubo_sticks(five=off)",
         "liubo_fingers", "liubo_fingers(scheme=guess,entry=exact)"]
MAX_PLIES = 300          # as wasm_games.mjs
SEEDS = [1, 2, 3]


def native_game(spec, seed):
    g = ag.Game(spec)
    st = g.new_state()
    rng = ag.Rng(seed)
    hashes = []
    while st.current_player != ag.AG_PLAYER_TERMINAL and st.ply < MAX_PLIES:
        p = st.current_player
        if p == ag.AG_PLAYER_SIMULTANEOUS:
            joint = []
            for q in (0, 1):
                moves = st.legal_moves(q)
                joint.append(moves[rng.below(len(moves))])
            st.apply_joint(joint)
        elif p == ag.AG_PLAYER_CHANCE:
            st.apply(st.sample_chance(rng))
        else:
            moves = st.legal_moves(p)
            st.apply(moves[rng.below(len(moves))])
        hashes.append("%x" % st.hash)
    return {"record": st.record(), "hashes": hashes, "text": st.to_text()}


def main():
    dist, ag_bench = sys.argv[1], sys.argv[2]
    node = os.environ.get("NODE", "node")
    failures = checked = 0
    out = subprocess.run([node, os.path.join(HERE, "wasm_games.mjs"), dist] + SPECS,
                         check=True, capture_output=True, text=True).stdout
    games = [json.loads(line) for line in out.splitlines()]
    if len(games) != len(SPECS) * len(SEEDS):
        print("FAIL: %d games from wasm_games.mjs, expected %d" % (len(games), len(SPECS) * len(SEEDS)))
        return 1
    for w in games:
        n = native_game(w["spec"], w["seed"])
        for key in ("record", "hashes", "text"):
            checked += 1
            if w[key] != n[key]:
                failures += 1
                print("FAIL: %s seed %d: the %s differs (wasm %d plies, native %d)"
                      % (w["spec"], w["seed"], key, len(w["hashes"]), len(n["hashes"])))
    plies = sum(len(w["hashes"]) for w in games)
    print("per-ply API: %d games, %d plies, records and hashes compared" % (len(games), plies))
    bench = os.path.join(HERE, "..", "..", "web", "bench.mjs")
    out = subprocess.run([node, bench, "--dist", dist, "--seconds", "0", "--json"],
                         check=True, capture_output=True, text=True).stdout
    keys = ("playouts", "plies", "wins", "draws", "unfinished")
    for line in out.splitlines():
        w = json.loads(line)
        args = [ag_bench, "-s", "0", "--json"] + (["--api"] if w["mode"] == "api" else []) + [w["game"]]
        n = json.loads(subprocess.run(args, check=True, capture_output=True, text=True).stdout)
        checked += 1
        if any(w[k] != n[k] for k in keys):
            failures += 1
            print("FAIL: %s %s: wasm %r, native %r" % (w["game"], w["mode"], {k: w[k] for k in keys},
                                                      {k: n[k] for k in keys}))
        else:
            print("%s %s: 64 playouts, %d plies, wins %r, draws %d: same" % (
                w["game"].split("(")[0], w["mode"], w["plies"], w["wins"], w["draws"]))
    print("%d passed, %d failed" % (checked - failures, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
