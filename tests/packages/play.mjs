// SPDX-License-Identifier: MIT
// play.mjs -- uses the installed npm package `ancientgames' as a user would,
// under Node: plays one seeded game of every game with the computer player on
// both sides, the loop of tests/packages/play.py (same specs, AI and seed),
// and prints one JSON line per game: {"spec": ..., "record": ...}.  The CI
// compares these records with the native library's.
import { load, AG } from "ancientgames";

const SPECS = { liubo_fingers: "liubo_fingers(entry=exact)" };
const AI = "mcts(iterations=40,rollout=20)";
const SEED = 2024;

const ag = await load();
for (const name of ag.gameNames()) {
  const spec = SPECS[name] ?? name;
  const g = ag.game(spec);
  const st = g.newState();
  const rng = ag.rng(SEED);
  while (!st.isTerminal) {
    const player = st.currentPlayer;
    if (player === AG.PLAYER_CHANCE) st.apply(st.sampleChance(rng));
    else if (player === AG.PLAYER_SIMULTANEOUS) st.applyJoint(st.aiChooseJoint(AI, rng));
    else st.apply(st.aiChoose(player, AI, rng));
  }
  if (st.ply === 0 || st.outcome().outcome === AG.OUTCOME_ONGOING) {
    console.error(`${spec}: the game did not end`);
    process.exit(1);
  }
  console.log(JSON.stringify({ spec, record: st.record() }));
  rng.free(); st.free(); g.free();
}
