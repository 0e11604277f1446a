// SPDX-License-Identifier: MIT
// example.ts -- a TypeScript user of the npm package (`tsc --noEmit --strict'
// checks it in CI against lib/ag.d.ts): the hare hunt, the computer against
// itself, then the record.
import { load, AG, AgError, type Game, type State, type Move } from "ancientgames";

async function main(): Promise<void> {
  const ag = await load();
  console.log(`libancientgames ${ag.version()}: ${ag.gameNames().join(", ")}`);
  const game: Game = ag.game("hare");
  const st: State = game.newState();
  const rng = ag.rng(1n);
  try {
    while (!st.isTerminal) {
      const moves: Move[] = st.legalMoves();
      const move: Move = st.aiChoose(st.currentPlayer, "mcts(iterations=100)", rng);
      if (!moves.includes(move)) throw new Error(`illegal ${game.moveToText(move)}`);
      st.apply(move);
    }
    const { outcome, winner, reason } = st.outcome();
    console.log(outcome === AG.OUTCOME_WIN ? `${game.players[winner]} wins (${reason})` : "draw");
    console.log(st.record());
    st.apply(0);                                   // the game is over: AgError
  } catch (e: unknown) {
    if (e instanceof AgError) console.log(`${e.codeName}: ${e.message} (${e.code})`);
    else throw e;
  } finally {
    rng.free(); st.free(); game.free();
  }
}

void main();
