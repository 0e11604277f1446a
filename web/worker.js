// SPDX-License-Identifier: MIT
// worker.js -- the computer player, in a Web Worker so that the page never
// freezes while it thinks.  It holds its own instance of the library.
//
// Request  {id, spec, start, plies, player, params, seed}: the game is
//   rebuilt from its spec, start position text (or null) and plies
//   ([{t:"m", m}] or [{t:"j", m:[a, b]}]), so that repetition rules see the
//   whole history; then ag_ai_choose_player(player, params) is asked.
//   With hint: true it is ag_ai_analyse() instead (when the library has it).
// Reply    {id, move, ms, analysis?} or {id, error}.
import { load } from "./ag.js";

const ready = load();
let cached = null;          // {spec, game}: one game kept between requests

self.onmessage = async (ev) => {
  const req = ev.data;
  let st = null, rng = null;
  try {
    const ag = await ready;
    if (!cached || cached.spec !== req.spec) {
      if (cached) cached.game.free();
      cached = { spec: req.spec, game: ag.game(req.spec) };
    }
    st = cached.game.newState(req.start);
    for (const p of req.plies) {
      if (p.t === "j") st.applyJoint(p.m);
      else st.apply(p.m);
    }
    rng = ag.rng(req.seed);
    const t0 = performance.now();
    if (req.hint && st.canAnalyse) {
      const a = st.analyse(req.player, req.params, rng);
      self.postMessage({ id: req.id, move: a.best, ms: performance.now() - t0, analysis: a });
    } else {
      const move = st.aiChoose(req.player, req.params, rng);
      self.postMessage({ id: req.id, move, ms: performance.now() - t0 });
    }
  } catch (e) {
    self.postMessage({ id: req.id, error: String(e.message || e) });
  } finally {
    if (st) st.free();
    if (rng) rng.free();
  }
};
