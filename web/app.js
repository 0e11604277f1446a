// SPDX-License-Identifier: MIT
// app.js -- the page: set-up form, the game loop between people and the
// computer (in worker.js), the board (board.js), throws, finger rounds,
// undo/redo, hints, saved games.  Everything about the rules comes from the
// library through ag.js; this file only decides who acts and shows it.
import { load, AG } from "./ag.js";
import { Board, pieceWords } from "./board.js";
import { gameEntry } from "./games.js";
import { HOWTO } from "./howto.js";
import { I18n, LANGS, pickLang, playerWord } from "./i18n.js";

const $ = (id) => document.getElementById(id);

// Computer strengths: parameter strings of ag_ai_choose_player().  "normal"
// (the default) is the library's "ai", its strongest player at a moderate
// cost (well under a second a move here); "quick" is a smaller budget of the
// same player; the others give it a time per move instead of a fixed budget
// (then a game no longer replays exactly from its seed).  "quick" differs
// by game (games.js).
const STRENGTHS = [
  { id: "quick", params: (g) => gameEntry(g).quick },
  { id: "normal", params: () => "ai" },
  { id: "1s", params: () => "ai(time_ms=1000)" },
  { id: "3s", params: () => "ai(time_ms=3000)" },
];
const DEFAULT_STRENGTH = "normal";
// Lets a person see each computer ply (?pause=MS changes it; tests use 0).
let computerPause = 250;

function el(tag, attrs = {}, text = null) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else if (k.startsWith("data-") || k.startsWith("aria-") || k === "role" || k === "for") e.setAttribute(k, v);
    else e[k] = v;
  }
  if (text !== null) e.textContent = text;
  return e;
}

// Words for the end of a game (AG_END_* reason, winner).
function resultWords(i18n, game, o) {
  const wins = o.winner >= 0 ? playerWord(i18n, game, o.winner, "wins") : "";
  const t = (key) => i18n.t(key, { wins });
  const draw = o.outcome === AG.OUTCOME_DRAW;
  switch (o.reason) {
  case AG.END_BLOCKED: return gameEntry(game.name).blocked(t);
  case AG.END_CAPTURES: return t("win_captures");
  case AG.END_OWL: return t("win_owl");
  case AG.END_SCORE: return t(draw ? "draw_score" : "win_score");
  case AG.END_PLY_LIMIT: return t("draw_ply_limit");
  case AG.END_REPETITION: return t("draw_repetition");
  case AG.END_FIVE: return t("win_five");
  case AG.END_ALL_TAKEN: return t("win_all_taken");
  default: return t(draw ? "draw" : "win");
  }
}

class App {
  constructor(ag) {
    this.ag = ag;
    this.game = null;
    this.st = null;
    this.plies = [];         // [{t:"m", m, player} | {t:"j", m:[a, b]}], as played
    this.redo = [];          // plies taken back, last undone last
    this.gen = 0;            // bumps on every change; stale computer replies are dropped
    this.selected = -1;
    this.hint = null;
    this.choices = [null, null];   // secret finger choices of this round
    this.aiTimes = [];
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = (ev) => this.onWorker(ev.data);
    this.worker.onerror = (ev) => this.fail(this.i18n.t("computer_failed", { error: ev.message }));
    this.requests = new Map();
    this.nextRequest = 1;
    this.i18n = new I18n("en");
    this.board = new Board($("board"), (i) => this.onNode(i), this.i18n);
    this.record = ag.hasRecords;
  }

  // ------------------------------------------------------------ set-up

  // The address: ?p0=&p1=&strength=&seed=&lang=#SPEC (a spec or a game
  // name: index.html#hare, #liubo_sticks(five=off)); ?spec= and ?game= of
  // older links are read too (the #spec wins).
  specFromAddress(params, names) {
    let spec = "";
    try { spec = decodeURIComponent(location.hash.slice(1)).trim(); } catch (e) { spec = ""; }
    if (!names.includes(spec.replace(/\(.*$/, "").trim())) spec = "";
    return spec || params.get("spec") || params.get("game") || names[0];
  }

  // Chooses the game of a spec in the form (its options set from the spec).
  chooseSpec(spec, names) {
    const name = spec.replace(/\(.*$/, "").trim();
    $("game").value = names.includes(name) ? name : names[0];
    this.buildOptions($("game").value, spec);
  }

  init() {
    const params = new URLSearchParams(location.search);
    if (params.has("pause")) computerPause = Math.max(0, Number(params.get("pause")) || 0);
    const asked = params.get("lang");
    this.langAsked = LANGS.some((l) => l.code === asked) ? asked : null;
    this.i18n.setLang(pickLang(this.langAsked, navigator.languages || [navigator.language]));
    for (const l of LANGS) $("lang").appendChild(el("option", { value: l.code, lang: l.code }, l.name));
    $("lang").value = this.i18n.lang;
    this.translateStatic();
    const names = this.ag.gameNames();
    this.names = names;
    for (const n of names) $("game").appendChild(el("option", { value: n }, n));
    for (const s of STRENGTHS) $("strength").appendChild(el("option", { value: s.id }, this.i18n.t(`strength_${s.id}`)));
    $("strength").value = params.get("strength") || DEFAULT_STRENGTH;
    this.chooseSpec(this.specFromAddress(params, names), names);
    for (const p of [0, 1]) {
      const v = params.get(`p${p}`);
      if (v === "person" || v === "computer") $(`side${p}`).value = v;
    }
    $("seed").value = params.get("seed") || String(Math.floor(Math.random() * 1e9));
    $("version").textContent = this.ag.version();
    $("game").addEventListener("change", () => { this.buildOptions($("game").value, $("game").value); this.newGame(); });
    // Any change of the set-up shows in the address at once, so that the
    // link can be shared before the game is started.
    $("setup").addEventListener("change", (ev) => { if (ev.target.id !== "game") this.updateAddress(); });
    $("setup").addEventListener("input", () => this.updateAddress());
    $("lang").addEventListener("change", () => this.setLang($("lang").value));
    window.addEventListener("hashchange", () => {
      const spec = this.specFromAddress(new URLSearchParams(location.search), names);
      this.chooseSpec(spec, names);
      this.newGame();
    });
    $("setup").addEventListener("submit", (ev) => { ev.preventDefault(); this.newGame(); });
    $("typed").addEventListener("submit", (ev) => { ev.preventDefault(); this.typed($("movetext").value.trim()); });
    $("undo").addEventListener("click", () => this.undo());
    $("redo").addEventListener("click", () => this.redoMove());
    $("hint").addEventListener("click", () => this.askHint());
    $("throwbtn").addEventListener("click", () => this.throwSticks());
    $("pass").addEventListener("click", () => this.playPass());
    $("save").addEventListener("click", () => this.save());
    $("load").addEventListener("change", (ev) => this.loadFile(ev.target.files[0]));
    if (!this.record) { $("save").hidden = true; $("loadlabel").hidden = true; }
    document.addEventListener("keydown", (ev) => this.shortcut(ev));
    this.newGame();
  }

  // One control per option, from the library's own list (Library.options).
  buildOptions(name, spec) {
    const given = {};
    const m = /\((.*)\)/.exec(spec);
    if (m) for (const kv of m[1].split(",")) { const [k, v] = kv.split("="); if (k && v) given[k.trim()] = v.trim(); }
    const fs = $("options");
    fs.replaceChildren(el("legend", { "data-i18n": "options" }, this.i18n.t("options")));
    this.defaults = {};
    for (const o of this.ag.options(name)) {
      const id = `opt-${o.key}`;
      this.defaults[o.key] = o.value;
      const row = el("div", { class: "row" });
      row.appendChild(el("label", { for: id, "data-word": `opt:${o.key}` }, this.i18n.word("opt", o.key)));
      let input;
      // A word list, or a short integer range, is a menu.
      const values = o.values || (o.min !== null && o.max - o.min <= 12
        ? Array.from({ length: o.max - o.min + 1 }, (_, k) => String(o.max - k)) : null);
      if (values) {
        input = el("select", { id, name: o.key });
        for (const v of values) input.appendChild(o.values ? el("option", { value: v, "data-word": `val:${v}` }, this.i18n.word("val", v)) : el("option", { value: v }, v));
      } else {
        input = el("input", { id, name: o.key, type: "number", step: "1" });
        if (o.min !== null) { input.min = o.min; input.max = o.max; }
      }
      input.value = given[o.key] ?? o.value;
      input.dataset.key = o.key;
      row.appendChild(input);
      fs.appendChild(row);
    }
  }

  specFromForm() {
    const pairs = [...$("options").querySelectorAll("[data-key]")].map((i) => `${i.dataset.key}=${i.value}`);
    return `${$("game").value}(${pairs.join(",")})`;
  }

  // The form's spec, options left at their defaults left out (#hare).
  shortSpec() {
    const pairs = [...$("options").querySelectorAll("[data-key]")]
      .filter((i) => String(i.value) !== String(this.defaults[i.dataset.key]))
      .map((i) => `${i.dataset.key}=${i.value}`);
    return pairs.length ? `${$("game").value}(${pairs.join(",")})` : $("game").value;
  }

  // The address of the set-up in the form (replaceState: no history entry
  // per change), and the page's "link to this game".
  updateAddress() {
    const url = new URL(location.href);
    const q = new URLSearchParams({ p0: $("side0").value, p1: $("side1").value,
                                    strength: $("strength").value, seed: $("seed").value });
    if (this.langAsked) q.set("lang", this.langAsked);
    if (computerPause !== 250) q.set("pause", String(computerPause));
    url.search = q;
    url.hash = encodeURI(this.shortSpec());
    history.replaceState(null, "", url);
    $("share").href = url.href;
  }

  // ------------------------------------------------------------ language

  // Texts of the page's HTML: data-i18n (text), data-i18n-title,
  // data-i18n-aria-label; data-word="opt:KEY" or "val:WORD" (library words).
  translateStatic() {
    const i18n = this.i18n;
    document.documentElement.lang = i18n.lang === "zh" ? "zh-Hans" : i18n.lang;
    for (const e of document.querySelectorAll("[data-i18n]")) e.textContent = i18n.t(e.dataset.i18n);
    for (const e of document.querySelectorAll("[data-i18n-title]")) e.title = i18n.t(e.dataset.i18nTitle);
    for (const e of document.querySelectorAll("[data-i18n-aria-label]")) e.setAttribute("aria-label", i18n.t(e.dataset.i18nAriaLabel));
    for (const e of document.querySelectorAll("[data-word]")) {
      const [kind, w] = e.dataset.word.split(":");
      e.textContent = i18n.word(kind, w);
    }
    for (const o of $("strength").options) o.textContent = i18n.t(`strength_${o.value}`);
  }

  // The visitor's choice of language: every text again, the game goes on.
  setLang(lang) {
    this.langAsked = lang;
    this.i18n.setLang(lang);
    this.translateStatic();
    if (this.game) {
      this.gameLabels();
      this.board.relabel();
      $("movelist").replaceChildren();
      $("fingers").dataset.player = "";
      this.render();
    }
    this.updateAddress();
  }

  // The texts that depend on the game.
  gameLabels() {
    const game = this.game, i18n = this.i18n;
    for (const p of [0, 1]) $(`side${p}-label`).textContent = i18n.t(p ? "side_dark" : "side_light", { P: this.name(p) });
    const h = (HOWTO[i18n.lang] || HOWTO.en)[game.name];
    $("howto-title").textContent = h ? i18n.t("howto_of", { title: h.title }) : i18n.t("howto");
    $("howto-text").innerHTML = h ? h.html : "";
    $("movetext").placeholder = i18n.t("placeholder", { example: this.entry.example ?? this.exampleMove() });
  }

  newGame() {
    let game;
    try {
      game = this.ag.game(this.specFromForm());
    } catch (e) {
      this.say(this.i18n.t("cannot_start", { error: e.message }));
      return;
    }
    this.gen++;
    if (this.st) this.st.free();
    if (this.game) this.game.free();
    if (this.rng) this.rng.free();
    document.body.dataset.games = String(Number(document.body.dataset.games || 0) + 1);
    this.game = game;
    this.entry = gameEntry(game.name);
    this.st = game.newState();
    this.start = null;       // the position text the plies start from: null, the initial one
    this.seed = BigInt($("seed").value || "0");
    this.rng = this.ag.rng(this.seed);   // throws
    this.sides = [$("side0").value, $("side1").value];
    this.params = (STRENGTHS.find((s) => s.id === $("strength").value) || STRENGTHS[1]).params(game.name);
    this.plies = [];
    this.redo = [];
    this.choices = [null, null];
    this.lastThrow = null;
    this.reveal = null;
    this.hint = null;
    this.selected = -1;
    this.board.setGame(game);
    this.gameLabels();
    $("spec").textContent = game.spec;
    this.updateAddress();
    this.advance();
  }

  // ------------------------------------------------------------ who acts

  isPerson(p) { return p >= 0 && this.sides[p] === "person"; }
  get people() { return this.sides.filter((s) => s === "person").length; }

  // Who throws at a chance node: the player to act after any outcome.
  thrower() {
    const c = this.st.clone();
    try {
      c.apply(c.legalMoves(AG.PLAYER_CHANCE)[0]);
      return c.currentPlayer;
    } finally { c.free(); }
  }

  // A person is to decide here (a move, a throw or a finger choice).
  atPersonPoint() {
    const p = this.st.currentPlayer;
    if (p === AG.PLAYER_SIMULTANEOUS) return this.isPerson(0) || this.isPerson(1);
    if (p === AG.PLAYER_CHANCE) return false;
    return this.isPerson(p);
  }

  // After every change: draw, then start whatever comes next.
  advance() {
    this.gen++;
    this.selected = -1;
    this.render();
    const st = this.st;
    if (st.isTerminal) return;
    const p = st.currentPlayer;
    const gen = this.gen;
    if (p === AG.PLAYER_CHANCE) {
      const t = this.thrower();
      if (!this.isPerson(t)) setTimeout(() => { if (gen === this.gen) this.throwSticks(); }, computerPause);
    } else if (p === AG.PLAYER_SIMULTANEOUS) {
      for (const q of [0, 1])
        if (!this.isPerson(q) && this.choices[q] === null) this.askComputer(q, "choice");
      this.maybeJoint();
    } else if (!this.isPerson(p)) {
      setTimeout(() => { if (gen === this.gen) this.askComputer(p, "move"); }, computerPause);
    }
  }

  // A seed for the computer's ply: reproducible from the game's seed.
  aiSeed(salt) {
    return BigInt.asUintN(64, this.seed * 6364136223846793005n + BigInt(this.st.ply) * 1442695040888963407n + BigInt(salt));
  }

  askComputer(player, kind) {
    const id = this.nextRequest++;
    this.requests.set(id, { gen: this.gen, player, kind, ply: this.st.ply });
    if (kind !== "hint") document.body.dataset.thinking = "yes";
    this.worker.postMessage({
      id, spec: this.game.spec, start: this.start, plies: this.plies.map((p) => ({ t: p.t, m: p.m })),
      player, params: this.params, seed: this.aiSeed(kind === "hint" ? 7 + player : player),
      hint: kind === "hint",
    });
  }

  onWorker(reply) {
    const req = this.requests.get(reply.id);
    this.requests.delete(reply.id);
    if (![...this.requests.values()].some((r) => r.kind !== "hint")) delete document.body.dataset.thinking;
    if (!req || req.gen !== this.gen || req.ply !== this.st.ply) return;   // the game moved on
    if (reply.error) { this.fail(this.i18n.t("computer_failed", { error: reply.error })); return; }
    if (req.kind === "hint") { this.showHint(reply.move, reply.analysis); return; }
    this.aiTimes.push(reply.ms);
    if (req.kind === "choice") {
      this.choices[req.player] = reply.move;
      this.render();
      this.maybeJoint();
    } else {
      this.play({ t: "m", m: reply.move, player: req.player }, true);
    }
  }

  // Plays a ply: a new one clears the redo list.
  play(ply, fresh) {
    try {
      if (ply.t === "j") this.st.applyJoint(ply.m);
      else this.st.apply(ply.m);
    } catch (e) {
      this.say(e.message);
      return false;
    }
    this.plies.push(ply);
    if (fresh) this.redo = [];
    this.hint = null;
    if (ply.t === "j") this.reveal = ply;
    else if (ply.player === AG.PLAYER_CHANCE) this.lastThrow = ply;
    this.advance();
    return true;
  }

  throwSticks() {
    if (this.st.currentPlayer !== AG.PLAYER_CHANCE) return;
    const { outcomes, total } = this.st.chanceOutcomes();
    const m = this.st.sampleChance(this.rng);
    const o = outcomes.find((x) => x.move === m);
    this.play({ t: "m", m, player: AG.PLAYER_CHANCE, by: this.thrower(), odds: o ? [o.weight, total] : null }, true);
  }

  maybeJoint() {
    if (this.choices[0] === null || this.choices[1] === null) return;
    const ply = { t: "j", m: [...this.choices] };
    this.choices = [null, null];
    this.play(ply, true);
  }

  // ------------------------------------------------------------ people's input

  personToMove() {
    const p = this.st.currentPlayer;
    return p >= 0 && this.isPerson(p) ? p : -1;
  }

  // {move, text, from, to} for the person's legal moves; an entry comes from
  // the mover's reserve box, a pass has neither end.
  personMoves() {
    const p = this.personToMove();
    if (p < 0) return [];
    const reserve = this.board.reserveOf(p);
    return this.st.legalMoves().map((m) => {
      const info = this.game.moveInfo(m);
      let from = info.from;
      if (from < 0 && info.to >= 0) from = reserve;
      return { move: m, text: this.game.moveToText(m), from, to: info.to, kind: info.kind };
    });
  }

  onNode(i) {
    const moves = this.personMoves();
    if (!moves.length) return;
    this.hint = null;
    if (this.selected >= 0) {
      const cands = moves.filter((x) => x.from === this.selected && x.to === i);
      if (cands.length === 1) { this.playPerson(cands[0].move); return; }
      if (cands.length > 1) { this.offerChoice(cands); return; }
    }
    this.selected = moves.some((x) => x.from === i) && this.selected !== i ? i : -1;
    this.render();
    this.board.focusNode(i);
  }

  // Several moves join the same two points (a promotion or not, a flat or a
  // crosswise piece, two throw values): ask which.
  offerChoice(cands) {
    const box = $("choose");
    box.replaceChildren(el("p", {}, this.i18n.t("which_move")));
    for (const c of cands) {
      const b = el("button", { type: "button", "data-move": c.text }, c.text);
      b.addEventListener("click", () => { box.hidden = true; this.playPerson(c.move); });
      box.appendChild(b);
    }
    box.hidden = false;
    box.querySelector("button").focus();
  }

  playPerson(m) {
    $("choose").hidden = true;
    const p = this.personToMove();
    if (p < 0 || !this.st.isLegal(m)) return;
    this.play({ t: "m", m, player: p }, true);
  }

  playPass() {
    const pass = this.personMoves().find((x) => x.kind === AG.MOVE_PASS);
    if (pass) this.playPerson(pass.move);
  }

  // A typed move, throw ("throw") or finger choice.
  typed(text) {
    if (!text) return;
    const st = this.st, p = st.currentPlayer;
    if (p === AG.PLAYER_CHANCE && text.toLowerCase() === "throw" && this.isPerson(this.thrower())) {
      this.throwSticks();
    } else {
      let m;
      try { m = this.game.moveFromText(text); } catch (e) { this.say(this.i18n.t("not_a_move", { error: e.message })); return; }
      if (p === AG.PLAYER_SIMULTANEOUS) {
        const q = this.choosingPerson();
        if (q >= 0 && st.isLegal(m, q)) this.chooseFingers(q, m);
        else { this.say(this.i18n.t("not_a_choice", { move: text })); return; }
      } else if (this.personToMove() >= 0 && st.isLegal(m)) {
        this.playPerson(m);
      } else {
        this.say(this.i18n.t("not_legal", { move: text }));
        return;
      }
    }
    $("movetext").value = "";
  }

  // The person who still has to choose fingers this round (-1: none).
  choosingPerson() {
    for (const q of [0, 1]) if (this.isPerson(q) && this.choices[q] === null) return q;
    return -1;
  }

  chooseFingers(q, m) {
    this.choices[q] = m;
    this.render();
    this.maybeJoint();
  }

  // ------------------------------------------------------------ undo, redo, hint

  // A person's ply (or a round where a person chose).
  personal(ply) {
    return ply.t === "j" ? this.isPerson(0) || this.isPerson(1) : this.isPerson(ply.player);
  }

  // Back to the person's previous decision.  A throw just before it stays
  // (the person re-decides with the same sticks); undone plies, throws
  // included, wait on the redo list.
  undo() {
    if (!this.people || !this.plies.length) return;
    let undone = false;
    while (this.plies.length) {
      const ply = this.plies.pop();
      this.st.undo();
      this.redo.push(ply);
      if (this.personal(ply)) undone = true;
      if (undone && this.atPersonPoint()) break;
    }
    // At the very start it may be the computer's turn: replay up to the person.
    while (!this.atPersonPoint() && this.redo.length && !this.st.isTerminal) this.reapply();
    this.choices = [null, null];
    this.restoreShown();
    this.advance();
  }

  redoMove() {
    if (!this.redo.length) return;
    let again = false;
    while (this.redo.length) {
      const ply = this.redo[this.redo.length - 1];
      if (again && this.atPersonPoint()) break;
      this.reapply();
      if (this.personal(ply)) again = true;
    }
    this.choices = [null, null];
    this.restoreShown();
    this.advance();
  }

  reapply() {
    const ply = this.redo.pop();
    if (ply.t === "j") this.st.applyJoint(ply.m);
    else this.st.apply(ply.m);
    this.plies.push(ply);
  }

  // The throw and finger round on show are the last ones played.
  restoreShown() {
    this.lastThrow = null;
    this.reveal = null;
    for (let i = this.plies.length - 1; i >= 0; i--) {
      const ply = this.plies[i];
      if (!this.lastThrow && ply.t === "m" && ply.player === AG.PLAYER_CHANCE) this.lastThrow = ply;
      if (!this.reveal && ply.t === "j") this.reveal = ply;
    }
    this.hint = null;
  }

  askHint() {
    const p = this.st.currentPlayer;
    const q = p === AG.PLAYER_SIMULTANEOUS ? this.choosingPerson() : this.personToMove();
    if (q < 0) return;
    $("hinttext").textContent = this.i18n.t("thinking");
    this.askComputer(q, "hint");
  }

  // The hint: the move, and with ag_ai_analyse() the computer's estimate of
  // the person's chances and the line it expects.
  showHint(move, a) {
    const text = this.game.moveToText(move);
    const info = this.game.moveInfo(move);
    const t = (k, v) => this.i18n.t(k, v);
    let more = "";
    if (a) {
      if (a.proven) more = t(a.value >= 1 ? "hint_forced_win" : "hint_lost", { n: a.distance });
      else more = t("hint_chances", { pct: Math.round(a.value * 100) });
      const line = a.line.slice(1).map((m) => this.game.moveToText(m));
      if (line.length) more += t("hint_expects", { line: line.join(" ") });
    }
    this.hint = { move, text, more, from: info.from, to: info.to };
    this.render();
  }

  shortcut(ev) {
    const t = ev.target;
    if (ev.ctrlKey || ev.metaKey || ev.altKey || (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA"))) return;
    const k = ev.key.toLowerCase();
    if (k === "u") this.undo();
    else if (k === "r") this.redoMove();
    else if (k === "h") this.askHint();
    else if (k === "t" && !$("throwbtn").hidden) this.throwSticks();
    else return;
    ev.preventDefault();
  }

  // ------------------------------------------------------------ saved games

  save() {
    if (!this.record) return;
    try {
      const blob = new Blob([this.st.record()], { type: "text/plain" });
      const a = el("a", { href: URL.createObjectURL(blob), download: `${this.game.name}-${this.seed}.txt` });
      document.body.appendChild(a);
      a.click();
      a.remove();
      this.say(this.i18n.t("saved"));
    } catch (e) {
      this.say(this.i18n.t("cannot_save", { error: e.message }));
    }
  }

  async loadFile(file) {
    if (!file || !this.record) return;
    const text = await file.text();
    $("load").value = "";
    this.loadRecord(text);
  }

  // Reads a record of any game: the library finds the game (its [Game] tag,
  // read by the record grammar: a [Gamer] tag or a comment is no decoy) and
  // replays every ply (ag_state_new_from_record).
  loadRecord(text) {
    let st = null;
    try {
      st = this.ag.openRecord(text);
      const game = st.game;
      const plies = this.pliesOf(st);
      this.gen++;
      this.st.free();
      this.game.free();
      this.game = game;
      this.entry = gameEntry(game.name);
      this.st = st;
      this.start = st.startText();     // a record may start elsewhere ([Start])
      this.plies = plies;
      this.redo = [];
      this.choices = [null, null];
      $("game").value = game.name;
      this.buildOptions(game.name, game.spec);
      this.board.setGame(game);
      this.gameLabels();
      $("spec").textContent = game.spec;
      this.updateAddress();
      this.restoreShown();
      this.say(this.i18n.t("loaded"));
      this.advance();
    } catch (e) {
      if (st && st !== this.st) { const g = st.game; st.free(); g.free(); }
      this.say(this.i18n.t("cannot_load", { error: e.message }));
    }
  }

  // The plies of a state's history, joint plies grouped, replayed on a copy
  // from the start position (ag_state_start_text).
  pliesOf(st) {
    const moves = st.history(), out = [];
    const c = st.game.newState(st.startText());
    try {
      for (let i = 0; i < moves.length;) {
        const p = c.currentPlayer;
        if (p === AG.PLAYER_SIMULTANEOUS) { const j = { t: "j", m: [moves[i], moves[i + 1]] }; c.applyJoint(j.m); out.push(j); i += 2; }
        else {
          const ply = { t: "m", m: moves[i], player: p };
          if (p === AG.PLAYER_CHANCE) {
            const { outcomes, total } = c.chanceOutcomes();
            const o = outcomes.find((x) => x.move === moves[i]);
            ply.odds = o ? [o.weight, total] : null;
          }
          c.apply(moves[i]);
          if (p === AG.PLAYER_CHANCE) ply.by = c.currentPlayer;
          out.push(ply);
          i += 1;
        }
      }
      return out;
    } finally { c.free(); }
  }

  // ------------------------------------------------------------ drawing

  say(text) { $("status").textContent = text; }
  fail(text) { this.say(text); console.warn(text); }

  lastMove() {
    for (let i = this.plies.length - 1; i >= 0; i--) {
      const ply = this.plies[i];
      if (ply.t !== "m" || ply.player === AG.PLAYER_CHANCE) continue;
      const info = this.game.moveInfo(ply.m);
      if (info.from < 0 && info.to < 0) return null;
      let from = info.from;
      if (from < 0) from = this.board.reserveOf(ply.player);
      return { from, to: info.to };
    }
    return null;
  }

  render() {
    const st = this.st, game = this.game, p = st.currentPlayer;
    const moves = this.personMoves();
    const marks = { selected: this.selected, origins: new Set(), targets: new Set(), last: this.lastMove() };
    for (const x of moves) {
      if (x.from >= 0) marks.origins.add(x.from);
      if (this.selected >= 0 && x.from === this.selected && x.to >= 0) marks.targets.add(x.to);
    }
    if (this.hint && this.hint.from >= 0) { marks.origins = new Set([this.hint.from]); }
    if (this.hint && this.hint.to >= 0 && this.selected < 0) marks.targets = new Set([this.hint.to]);
    this.board.update(st, marks);
    $("position").textContent = st.toText();
    // The legal moves, for typing.
    const dl = $("legal");
    dl.replaceChildren(...moves.map((x) => el("option", { value: x.text })));
    $("pass").hidden = !moves.some((x) => x.kind === AG.MOVE_PASS);
    const throwing = p === AG.PLAYER_CHANCE && this.isPerson(this.thrower());
    $("throwbtn").hidden = !throwing;
    $("undo").disabled = !this.people || !this.plies.some((x) => this.personal(x));
    $("redo").disabled = !this.redo.length;
    $("hint").disabled = !(this.personToMove() >= 0 || (p === AG.PLAYER_SIMULTANEOUS && this.choosingPerson() >= 0));
    $("choose").hidden = true;
    this.renderThrow();
    this.renderFingers();
    this.renderReveal();
    this.renderCounts();
    this.renderMoves();
    const t = (k, v) => this.i18n.t(k, v);
    $("hinttext").textContent = this.hint ? t("hint_text", { move: this.hint.text, more: this.hint.more }) : "";
    // Status line and the phase for scripts (data-phase on <body>).
    let phase, text;
    if (st.isTerminal) {
      phase = "over";
      text = resultWords(this.i18n, game, st.outcome());
    } else if (p === AG.PLAYER_CHANCE) {
      phase = throwing ? "throw" : "computer";
      text = t(throwing ? "status_throw" : "status_throws", { P: this.name(this.thrower()) });
    } else if (p === AG.PLAYER_SIMULTANEOUS) {
      const q = this.choosingPerson();
      phase = q >= 0 ? "fingers" : "computer";
      text = q >= 0 ? t(this.people > 1 ? "status_fingers_hidden" : "status_fingers", { P: this.name(q) })
                    : t("status_computer_chooses");
    } else if (this.isPerson(p)) {
      phase = "person";
      const steps = this.pendingText();
      text = t("status_to_move", { P: this.name(p), steps });
    } else {
      phase = "computer";
      text = t("status_thinking", { P: this.name(p) });
    }
    document.body.dataset.phase = phase;
    document.body.dataset.ply = String(st.ply);
    this.say(text);
  }

  name(p) { return playerWord(this.i18n, this.game, p); }

  info(key, index) {
    try { return this.st.info(key, index); } catch (e) { return null; }
  }

  // What games.js's entries are given: the page's words and the state.
  context() {
    const i18n = this.i18n;
    return {
      t: (k, v) => i18n.t(k, v), tn: (k, n, v) => i18n.tn(k, n, v), game: this.game, st: this.st,
      info: (key, p) => this.info(key, p), name: (p) => this.name(p),
      owner: (p) => playerWord(i18n, this.game, p, "owner"),
    };
  }

  // " (2 and 3 to use)" for the values of a throw or the count still to spend.
  pendingText() { return this.entry.pending(this.context()); }

  // A move of the start position, for the placeholder of a game whose entry
  // has no example.
  exampleMove() {
    const st = this.game.newState();
    try {
      const p = st.currentPlayer;
      const moves = p >= 0 ? st.legalMoves(p) : p === AG.PLAYER_SIMULTANEOUS ? st.legalMoves(0) : [];
      return moves.length ? this.game.moveToText(moves[0]) : "";
    } finally { st.free(); }
  }

  // The throw: two groups of three sticks, flat faces light, round faces dark.
  renderThrow() {
    const box = $("throw");
    if (!this.game.chance || !this.lastThrow) { box.hidden = true; return; }
    const text = this.game.moveToText(this.lastThrow.m);
    const vals = text.split("+").map(Number);
    box.replaceChildren();
    const t = (k, v) => this.i18n.t(k, v);
    box.appendChild(el("h3", {}, this.lastThrow.by >= 0 ? t("throw_of", { P: this.name(this.lastThrow.by) }) : t("throw_the")));
    const row = el("div", { class: "sticks", role: "img",
                            "aria-label": t("throw_aria", { a: vals[0] - 1, b: vals[1] - 1, va: vals[0], vb: vals[1] }) });
    vals.forEach((v, gi) => {
      const grp = el("div", { class: "stickgroup" });
      for (let k = 0; k < 3; k++) grp.appendChild(el("span", { class: k < v - 1 ? "stick flat" : "stick round" }));
      grp.appendChild(el("span", { class: "stickvalue" }, String(v)));
      row.appendChild(grp);
      if (gi === 0) row.appendChild(el("span", { class: "plus" }, "+"));
    });
    box.appendChild(row);
    const odds = this.lastThrow.odds;
    box.appendChild(el("p", { class: "small", "data-throw": text },
      t("throw_rule", { text, odds: odds ? t("throw_odds", { k: odds[0], n: odds[1] }) : "" })));
    box.hidden = false;
  }

  // The secret finger choice of the person whose turn it is.
  renderFingers() {
    const box = $("fingers");
    const st = this.st;
    const q = st.currentPlayer === AG.PLAYER_SIMULTANEOUS ? this.choosingPerson() : -1;
    if (q < 0) { box.hidden = true; box.dataset.player = ""; return; }
    if (box.dataset.player === String(q) && box.dataset.ply === String(st.ply) && !box.hidden) return;
    box.dataset.player = String(q);
    box.dataset.ply = String(st.ply);
    const choices = st.legalMoves(q).map((m) => ({ m, text: this.game.moveToText(m) }));
    const guess = choices.some((c) => c.text.includes("/"));
    const t = (k, v) => this.i18n.t(k, v);
    box.replaceChildren(el("h3", {}, t("fingers_secret", { P: this.name(q) })));
    const fingers = [...new Set(choices.map((c) => Number(c.text.split("/")[0])))];
    const fRow = el("div", { class: "choicerow", role: "group", "aria-label": t("fingers_to_show") });
    fRow.appendChild(el("span", { class: "small" }, t("fingers_label")));
    let picked = null;
    const cRow = el("div", { class: "choicerow", role: "group", "aria-label": t("fingers_call_group") });
    const go = el("button", { type: "button", id: "showfingers", disabled: true }, t("fingers_show"));
    const pickCall = (c, b) => {
      picked = c;
      for (const x of cRow.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
      go.disabled = false;
    };
    for (const f of fingers) {
      const b = el("button", { type: "button", class: "finger", "data-fingers": String(f), "aria-pressed": "false" }, String(f));
      b.addEventListener("click", () => {
        for (const x of fRow.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
        if (!guess) { pickCall(choices.find((c) => c.text === String(f)), null); return; }
        cRow.replaceChildren(el("span", { class: "small" }, t("fingers_call")));
        picked = null;
        go.disabled = true;
        for (const c of choices.filter((c) => c.text.startsWith(`${f}/`))) {
          const call = c.text.split("/")[1];
          const cb = el("button", { type: "button", class: "call", "data-call": call, "aria-pressed": "false" }, call);
          cb.addEventListener("click", () => pickCall(c, cb));
          cRow.appendChild(cb);
        }
      });
      fRow.appendChild(b);
    }
    go.addEventListener("click", () => { if (picked) this.chooseFingers(q, picked.m); });
    box.appendChild(fRow);
    if (guess) box.appendChild(cRow);
    box.appendChild(go);
    box.appendChild(el("p", { class: "small" }, t(guess ? "fingers_guess_help" : "fingers_alternate_help")));
    box.hidden = false;
  }

  // The last finger round: both choices and what came of it.
  renderReveal() {
    const box = $("reveal");
    if (!this.reveal || !this.game.simultaneous) { box.hidden = true; return; }
    const [a, b] = this.reveal.m.map((m) => this.game.moveToText(m));
    const i18n = this.i18n;
    const say = (p, t) => {
      const [f, c] = t.split("/");
      return i18n.t(c !== undefined ? "showed_called" : "showed", { P: this.name(p), f, c });
    };
    const sum = Number(a.split("/")[0]) + Number(b.split("/")[0]);
    let outcome = "";
    const last = this.plies[this.plies.length - 1] === this.reveal;
    if (last) {
      const p = this.st.currentPlayer;
      if (p >= 0) {
        const n = this.info(AG.INFO_PENDING_STEPS, 0);
        outcome = i18n.tn("round_moves", n, { P: this.name(p) });
      } else if (p === AG.PLAYER_SIMULTANEOUS) outcome = i18n.t("round_again");
    }
    box.replaceChildren(el("h3", {}, i18n.t("round_title")),
      el("p", { "data-reveal": `${a} ${b}` }, i18n.t("round_total", { a: say(0, a), b: say(1, b), sum }) + outcome));
    box.hidden = false;
  }

  renderCounts() {
    const box = $("counts"), c = this.context();
    box.replaceChildren();
    for (const p of [0, 1]) {
      const div = el("div", { class: `side side${p}`, "data-player": String(p) });
      div.appendChild(el("h3", {}, c.t(this.sides[p] === "person" ? "side_person" : "side_computer", { P: this.name(p) })));
      const ul = el("ul");
      // A line, and a row of counting sticks after it when given.
      const add = (text, sticks) => {
        const li = ul.appendChild(el("li", {}, text));
        if (!sticks) return;
        const s = el("span", { class: "countsticks", "aria-hidden": "true" });
        for (let k = 0; k < sticks.plain; k++) s.appendChild(el("span", { class: "cstick plain" }));
        for (let k = 0; k < sticks.wired; k++) s.appendChild(el("span", { class: "cstick wired" }));
        li.appendChild(s);
      };
      this.entry.side(c, p, add);
      div.appendChild(ul);
      box.appendChild(div);
    }
  }

  // The move list, updated in place: only plies added or taken back change.
  renderMoves() {
    const ol = $("movelist");
    const result = ol.querySelector("li.result");
    if (result) result.remove();
    while (ol.children.length > this.plies.length) ol.lastElementChild.remove();
    for (let i = 0; i < ol.children.length; i++) {
      if (ol.children[i].agPly !== this.plies[i]) {           // a different line after undo
        while (ol.children.length > i) ol.lastElementChild.remove();
        break;
      }
    }
    for (let i = ol.children.length; i < this.plies.length; i++) ol.appendChild(this.moveItem(this.plies[i]));
    if (this.st.isTerminal) ol.appendChild(el("li", { class: "result", "data-kind": "result" }, resultWords(this.i18n, this.game, this.st.outcome())));
    ol.scrollTop = ol.scrollHeight;
  }

  moveItem(ply) {
    let li;
    if (ply.t === "j") {
      const [a, b] = ply.m.map((m) => this.game.moveToText(m));
      li = el("li", { "data-move": `${a} ${b}`, "data-kind": "joint" },
              this.i18n.t("list_round", { P0: this.name(0), a, P1: this.name(1), b }));
    } else {
      const t = this.game.moveToText(ply.m);
      const chance = ply.player === AG.PLAYER_CHANCE;
      li = el("li", { "data-move": t, "data-kind": chance ? "throw" : "move" },
              chance ? this.i18n.t("list_throw", { move: t }) : this.i18n.t("list_move", { P: this.name(ply.player), move: t }));
    }
    li.agPly = ply;
    return li;
  }
}

// Test and debugging hook: the page's figures (computer move times).
async function main() {
  let ag;
  const t0 = performance.now();
  try {
    ag = await load();
  } catch (e) {
    const i18n = new I18n(pickLang(new URLSearchParams(location.search).get("lang"), navigator.languages));
    $("status").textContent = i18n.t("cannot_load_library", { error: e.message });
    throw e;
  }
  const app = new App(ag);
  window.agPage = { app, loadMs: () => performance.now() - t0, aiTimes: () => app.aiTimes };
  app.init();
  document.body.dataset.ready = "yes";
}

main();
