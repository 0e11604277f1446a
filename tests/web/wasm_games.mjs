// SPDX-License-Identifier: MIT
// wasm_games.mjs DIST SPEC... -- seeded random games played by the
// WebAssembly build through web/ag.js's per-ply API, for
// tests/web/wasm_native.py to compare with the native library: one JSON line
// per (spec, seed) with the game's record and the position hash after every
// ply.  Each ply: the chance outcome from ag_state_sample_chance, else the
// move at ag_rng_below(n) in the ascending legal moves (at a simultaneous
// node, player 0's then player 1's), all from one RNG seeded with the seed.
import path from "node:path";
import { pathToFileURL } from "node:url";

const MAX_PLIES = 300;
const SEEDS = [1, 2, 3];
const [dist, ...specs] = process.argv.slice(2);
const { load, AG } = await import(pathToFileURL(path.resolve(dist, "assets", "ag.js")).href);
const ag = await load();
for (const spec of specs) {
  const g = ag.game(spec);
  for (const seed of SEEDS) {
    const st = g.newState(), rng = ag.rng(seed), hashes = [], joint = [0, 0];
    let p;
    while ((p = st.currentPlayer) !== AG.PLAYER_TERMINAL && st.ply < MAX_PLIES) {
      if (p === AG.PLAYER_SIMULTANEOUS) {
        for (let q = 0; q < 2; q++) joint[q] = st.moveAt(rng.below(st.legalCount(q)));
        st.applyJoint(joint);
      } else if (p === AG.PLAYER_CHANCE) st.apply(st.sampleChance(rng));
      else st.apply(st.moveAt(rng.below(st.legalCount(p))));
      hashes.push(st.hash.toString(16));
    }
    console.log(JSON.stringify({ spec, seed, record: st.record(), hashes, text: st.toText() }));
    st.free();
    rng.free();
  }
  g.free();
}
