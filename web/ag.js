// SPDX-License-Identifier: MIT
// ag.js -- a thin JavaScript binding of libancientgames compiled to
// WebAssembly: Game and State objects own the library's handles, the way the
// Python binding (python/ancientgames) does.  Only the public ag_* functions
// of include/ancientgames.h are called (the .wasm exports nothing else but
// malloc and free, which the binding needs for its buffers).
//
//   import { load } from "./ag.js";
//   const ag = await load();
//   const g = ag.game("hare(hunters=11)");
//   const st = g.newState();
//   st.apply(g.moveFromText("a3-a4"));
//   console.log(st.toText());
//   st.free(); g.free();
//
// Handles are not garbage-collected: call free() (a State before its Game).
import createAncientGames from "../ancientgames.js";

// The public constants of include/ancientgames.h, generated from it at build
// time (include/gen-constants.py; tests/check-constants.sh).
import { AG } from "./ag-constants.js";
export { AG };

// A failed library call: code (AG_E*), its name and the library's message.
export class AgError extends Error {
  constructor(code, name, message) {
    super(message || name);
    this.code = code;
    this.codeName = name;
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The loaded library.  Most programs need only game(), gameNames() and the
// Game/State objects; the raw exports stay reachable as lib.m for tests.
class Library {
  constructor(m) {
    this.m = m;
    this.scratch = m._malloc(64);     // out-parameters of one call at a time
  }

  // Views are made afresh: memory growth replaces the buffer.
  get u8() { return this.m.HEAPU8; }
  get i32() { return this.m.HEAP32; }
  get u32() { return this.m.HEAPU32; }
  get u64() { return this.m.HEAPU64; }

  alloc(bytes) {
    const p = this.m._malloc(Math.max(bytes, 8));
    if (!p) throw new AgError(AG.ENOMEM, "AG_ENOMEM", "out of memory");
    return p;
  }
  free(p) { this.m._free(p); }

  // A NUL-terminated copy of s in library memory (free it after the call).
  cstring(s) {
    const bytes = encoder.encode(s);
    const p = this.alloc(bytes.length + 1);
    this.u8.set(bytes, p);
    this.u8[p + bytes.length] = 0;
    return p;
  }
  string(p) {
    if (!p) return null;
    const u8 = this.u8;
    let end = p;
    while (u8[end]) end++;
    return decoder.decode(u8.subarray(p, end));
  }
  // Calls f(ptr) with s copied in; frees it afterwards.
  withString(s, f) {
    const p = this.cstring(s);
    try { return f(p); } finally { this.free(p); }
  }

  // Throws AgError for a negative return code; returns rc otherwise.
  check(rc) {
    if (rc < 0) throw this.error(rc);
    return rc;
  }
  error(rc) {
    return new AgError(rc, this.string(this.m._ag_strerror(rc)), this.string(this.m._ag_errmsg()));
  }
  errmsg() { return this.string(this.m._ag_errmsg()); }

  version() { return this.string(this.m._ag_version_string()); }

  gameNames() {
    const out = [];
    const n = this.m._ag_game_count();
    for (let i = 0; i < n; i++) out.push(this.string(this.m._ag_game_name_at(i)));
    return out;
  }

  game(spec) { return new Game(this, spec); }

  // Whether this library reads and writes game records (ag_state_record, 0.2).
  get hasRecords() {
    return typeof this.m._ag_state_record === "function" && typeof this.m._ag_state_set_record === "function";
  }

  // Opens a record of any game (ag_state_new_from_record): the game its
  // [Game] tag names, read by the library's record reader (a [Gamer] tag or
  // a comment is never taken for it), and a state replayed with the whole
  // history.  Free the state, then its game (state.game).
  openRecord(text) {
    const m = this.m, s = this.scratch;
    this.check(this.withString(text, (p) => m._ag_state_new_from_record(p, s, s + 4)));
    const gh = this.u32[s >> 2], sh = this.u32[(s >> 2) + 1];
    let game = null;
    try {
      game = new Game(this, null, gh);
      return new State(game, null, sh);
    } catch (e) {
      m._ag_state_free(sh);
      if (game) game.free(); else m._ag_game_free(gh);
      throw e;
    }
  }

  // The options of a game as the library states them: [{key, value, values}],
  // from the canonical spec (every key, defaults in order) and the message of
  // a spec with an empty value ("allowed: a|b|c" or "an integer from A to B").
  options(name) {
    const g = this.game(name);
    const spec = g.spec;
    g.free();
    const inner = spec.slice(spec.indexOf("(") + 1, spec.lastIndexOf(")"));
    const out = [];
    for (const pair of inner ? inner.split(",") : []) {
      const [key, value] = pair.split("=");
      const opt = { key, value, values: null, min: null, max: null };
      const rc = this.withString(`${name}(${key}=)`, (p) => this.m._ag_game_new(p, this.scratch));
      if (rc === AG.OK) this.m._ag_game_free(this.u32[this.scratch >> 2]);
      const msg = rc === AG.OK ? "" : this.errmsg();
      let m;
      if ((m = /allowed: an integer from (-?\d+) to (-?\d+)/.exec(msg))) {
        opt.min = Number(m[1]);
        opt.max = Number(m[2]);
      } else if ((m = /allowed: ([\w|-]+)/.exec(msg))) {
        opt.values = m[1].split("|");
      }
      out.push(opt);
    }
    return out;
  }

  // A 64-bit random number generator state (SplitMix64, ag_rng_next) in
  // library memory, for chance draws and the computer players.
  rng(seed) { return new Rng(this, seed); }
}

// BigInts of the small bounds of ag_rng_below (the sizes of move lists), made
// once: a draw per ply then converts no Number to a BigInt.
const BIG_SMALL = Array.from({ length: 1024 }, (_, i) => BigInt(i));

export class Rng {
  constructor(lib, seed) {
    this.lib = lib;
    this.p = lib.alloc(8);
    this.seed = BigInt.asUintN(64, BigInt(seed));
  }
  set seed(v) { this.lib.u64[this.p >> 3] = BigInt.asUintN(64, BigInt(v)); }
  get seed() { return this.lib.u64[this.p >> 3]; }
  next() { return BigInt.asUintN(64, this.lib.m._ag_rng_next(this.p)); }
  // A uniform draw in 0 .. bound-1 (ag_rng_below).  A Number bound below
  // 2^53 gives a result the signed i64 of the call already holds exactly.
  below(bound) {
    if (typeof bound === "number" && bound >= 0 && bound < BIG_SMALL.length && Number.isInteger(bound)) return Number(this.lib.m._ag_rng_below(this.p, BIG_SMALL[bound]));
    return Number(BigInt.asUintN(64, this.lib.m._ag_rng_below(this.p, BigInt(bound))));
  }
  free() { if (this.p) this.lib.free(this.p); this.p = 0; }
}

export class Game {
  // From a spec, or (spec null) taking over a handle the library made.
  constructor(lib, spec, handle = 0) {
    this.lib = lib;
    const m = lib.m;
    if (handle) this.h = handle;
    else {
      lib.check(lib.withString(spec, (p) => m._ag_game_new(p, lib.scratch)));
      this.h = lib.u32[lib.scratch >> 2];
    }
    this.name = lib.string(m._ag_game_name(this.h));
    this.spec = lib.string(m._ag_game_spec(this.h));
    this.flags = m._ag_game_flags(this.h);
    this.numPlayers = m._ag_game_num_players(this.h);
    this.players = [];
    for (let p = 0; p < this.numPlayers; p++) this.players.push(lib.string(m._ag_game_player_name(this.h, p)));
    const s = lib.scratch;
    m._ag_game_extent(this.h, s, s + 4);
    this.width = lib.i32[s >> 2];
    this.height = lib.i32[(s >> 2) + 1];
    this.nodes = [];
    const nn = lib.check(m._ag_game_num_nodes(this.h));
    for (let i = 0; i < nn; i++) {
      lib.check(m._ag_game_node(this.h, i, s, s + 4, s + 8));
      this.nodes.push({ index: i, name: lib.string(m._ag_game_node_name(this.h, i)),
                        x: lib.i32[s >> 2], y: lib.i32[(s >> 2) + 1], kind: lib.i32[(s >> 2) + 2] });
    }
    this.edges = [];
    const ne = lib.check(m._ag_game_num_edges(this.h));
    for (let i = 0; i < ne; i++) {
      lib.check(m._ag_game_edge(this.h, i, s, s + 4, s + 8));
      this.edges.push({ a: lib.i32[s >> 2], b: lib.i32[(s >> 2) + 1], kind: lib.i32[(s >> 2) + 2] });
    }
    this.moveCap = Math.max(this.limit(AG.LIMIT_LEGAL_MOVES), this.limit(AG.LIMIT_CHANCE_OUTCOMES), 2);
    this.textCap = Math.max(this.limit(AG.LIMIT_MOVE_TEXT), 16);
    this.moveText = lib.alloc(this.textCap);
  }

  get chance() { return (this.flags & AG.GAME_CHANCE) !== 0; }
  get simultaneous() { return (this.flags & AG.GAME_SIMULTANEOUS) !== 0; }

  limit(which) { return this.lib.m._ag_game_limit(this.h, which); }

  nodeFind(name) {
    const lib = this.lib;
    lib.check(lib.withString(name, (p) => lib.m._ag_game_node_find(this.h, p, lib.scratch)));
    return lib.i32[lib.scratch >> 2];
  }

  moveToText(move) {
    const lib = this.lib;
    lib.check(lib.m._ag_move_to_text(this.h, move, this.moveText, this.textCap, 0));
    return lib.string(this.moveText);
  }

  moveFromText(text) {
    const lib = this.lib;
    lib.check(lib.withString(text, (p) => lib.m._ag_move_from_text(this.h, p, lib.scratch)));
    return lib.u32[lib.scratch >> 2];
  }

  // {kind, from, to}; from and to are -1 where they do not apply.
  moveInfo(move) {
    const lib = this.lib, s = lib.scratch;
    lib.check(lib.m._ag_move_info(this.h, move, s, s + 4, s + 8));
    return { kind: lib.i32[s >> 2], from: lib.i32[(s >> 2) + 1], to: lib.i32[(s >> 2) + 2] };
  }

  newState(text) { return new State(this, text); }

  free() {
    if (this.h) {
      this.lib.free(this.moveText);
      this.lib.m._ag_game_free(this.h);
    }
    this.h = 0;
  }
}

export class State {
  constructor(game, text, handle) {
    const lib = game.lib;
    this.game = game;
    this.lib = lib;
    if (handle) this.h = handle;
    else {
      lib.check(lib.m._ag_state_new(game.h, lib.scratch));
      this.h = lib.u32[lib.scratch >> 2];
    }
    this.moves = lib.alloc(4 * game.moveCap);
    this.weights = lib.alloc(4 * game.moveCap);
    this.textCap = Math.max(game.limit(AG.LIMIT_POSITION_TEXT), 256);
    this.text = lib.alloc(this.textCap);
    if (text !== undefined && text !== null) this.setText(text);
  }

  free() {
    if (this.h) {
      this.lib.m._ag_state_free(this.h);
      for (const p of [this.moves, this.weights, this.text]) this.lib.free(p);
    }
    this.h = 0;
  }

  // 0 or 1, or AG.PLAYER_CHANCE / PLAYER_SIMULTANEOUS / PLAYER_TERMINAL.
  get currentPlayer() {
    const p = this.lib.m._ag_state_current_player(this.h);
    if (p === AG.EINVAL) throw this.lib.error(p);
    return p;
  }
  get isTerminal() { return this.lib.check(this.lib.m._ag_state_is_terminal(this.h)) === 1; }
  get ply() { return this.lib.m._ag_state_ply(this.h); }
  get hash() { return BigInt.asUintN(64, this.lib.m._ag_state_hash(this.h)); }

  // The ascending legal moves of player (default: the player to act; at a
  // chance node the outcomes; at a simultaneous node pass 0 or 1).
  legalMoves(player) {
    if (player === undefined) {
      player = this.currentPlayer;
      if (player === AG.PLAYER_TERMINAL || player === AG.PLAYER_SIMULTANEOUS) return [];
    }
    const n = this.legalCount(player);
    const i = this.moves >> 2;
    return Array.from(this.lib.m.HEAPU32.subarray(i, i + n));
  }

  // The per-ply form of legalMoves(player), for loops that play many plies:
  // the count, the moves left in this state's one buffer for moveAt(0 ..
  // count-1) until the next call; nothing is allocated.
  legalCount(player) {
    const lib = this.lib, m = lib.m;
    const rc = m._ag_state_legal_moves(this.h, player, this.moves, this.game.moveCap, lib.scratch);
    if (rc < 0) throw lib.error(rc);
    return m.HEAPU32[lib.scratch >> 2];
  }
  moveAt(i) { return this.lib.m.HEAPU32[(this.moves >> 2) + i]; }

  isLegal(move, player) {
    if (player === undefined) player = this.currentPlayer;
    return this.lib.check(this.lib.m._ag_state_is_legal(this.h, player, move)) === 1;
  }

  // Whether this library has the analysis call (ag_ai_analyse, 0.2).
  get canAnalyse() { return typeof this.lib.m._ag_ai_analyse === "function"; }

  // ag_ai_analyse() for a hint: {best, value (0 loss .. 1 win), proven,
  // distance, depth, work, elapsedUs, line: [moves]}.
  analyse(player, params, rng, lineCap = 8) {
    const lib = this.lib;
    // struct ag_analysis on wasm32: size_t size @0, int player @4, ag_move best @8,
    // double value @16, int proven @24, distance @28, depth @32, uint64 work @40,
    // elapsed_us @48, size_t line_len @56, num_moves @60; 64 bytes.
    const out = lib.alloc(64), line = lib.alloc(4 * lineCap);
    try {
      lib.u8.fill(0, out, out + 64);
      lib.u32[out >> 2] = 64;
      lib.check(lib.withString(params, (p) => lib.m._ag_ai_analyse(this.h, player, p, rng.p, 0, out, line, lineCap, 0, 0)));
      const dv = new DataView(lib.u8.buffer);
      const n = Math.min(dv.getUint32(out + 56, true), lineCap);
      return {
        best: dv.getUint32(out + 8, true), value: dv.getFloat64(out + 16, true),
        proven: dv.getInt32(out + 24, true) === 1, distance: dv.getInt32(out + 28, true),
        depth: dv.getInt32(out + 32, true), work: Number(dv.getBigUint64(out + 40, true)),
        elapsedUs: Number(dv.getBigUint64(out + 48, true)),
        line: Array.from(lib.u32.subarray(line >> 2, (line >> 2) + n)),
      };
    } finally { lib.free(out); lib.free(line); }
  }

  // [{move, weight}] and their total: the exact odds of a chance node.
  chanceOutcomes() {
    const lib = this.lib, s = lib.scratch;
    lib.check(lib.m._ag_state_chance_outcomes(this.h, this.moves, this.weights, this.game.moveCap, s, s + 4));
    const n = lib.u32[s >> 2], total = lib.u32[(s >> 2) + 1];
    const out = [];
    for (let i = 0; i < n; i++) out.push({ move: lib.u32[(this.moves >> 2) + i], weight: lib.u32[(this.weights >> 2) + i] });
    return { outcomes: out, total };
  }

  sampleChance(rng) {
    const lib = this.lib;
    lib.check(lib.m._ag_state_sample_chance(this.h, rng.p, lib.scratch));
    return lib.u32[lib.scratch >> 2];
  }

  apply(move) { this.lib.check(this.lib.m._ag_state_apply(this.h, move)); return this; }

  applyJoint(moves) {
    const lib = this.lib, s = lib.scratch, u32 = lib.m.HEAPU32;
    for (let i = 0; i < moves.length && i < 16; i++) u32[(s >> 2) + i] = moves[i];
    lib.check(lib.m._ag_state_apply_joint(this.h, s, Math.min(moves.length, 16)));
    return this;
  }

  undo() { this.lib.check(this.lib.m._ag_state_undo(this.h)); return this; }
  reset() { this.lib.m._ag_state_reset(this.h); return this; }

  clone() {
    const lib = this.lib;
    lib.check(lib.m._ag_state_clone(this.h, lib.scratch));
    return new State(this.game, null, lib.u32[lib.scratch >> 2]);
  }

  // The groups of pieces on a node: [{owner, kind, count}].
  pieces(node) {
    const lib = this.lib, s = lib.scratch, out = [];
    for (let i = 0; lib.check(lib.m._ag_state_piece(this.h, node, i, s, s + 4, s + 8)) === 1; i++)
      out.push({ owner: lib.i32[s >> 2], kind: lib.i32[(s >> 2) + 1], count: lib.i32[(s >> 2) + 2] });
    return out;
  }

  // A game-specific counter (AG_INFO_*), or null where the game has none.
  info(key, index = 0) {
    const lib = this.lib;
    const rc = lib.m._ag_state_info(this.h, key, index, lib.scratch);
    if (rc === AG.ENOTFOUND) return null;
    lib.check(rc);
    return lib.i32[lib.scratch >> 2];
  }

  // {outcome, winner, reason}: AG_OUTCOME_*, a player or AG_PLAYER_NONE, AG_END_*.
  outcome() {
    const lib = this.lib, s = lib.scratch;
    const o = lib.check(lib.m._ag_state_outcome(this.h, s, s + 4));
    return { outcome: o, winner: lib.i32[s >> 2], reason: lib.i32[(s >> 2) + 1] };
  }

  toText() {
    const lib = this.lib;
    lib.check(lib.m._ag_state_to_text(this.h, this.text, this.textCap, 0));
    return lib.string(this.text);
  }

  setText(text) {
    const lib = this.lib;
    lib.check(lib.withString(text, (p) => lib.m._ag_state_set_text(this.h, p)));
    return this;
  }

  render() {
    const lib = this.lib, cap = Math.max(this.game.limit(AG.LIMIT_RENDER_TEXT), 4096);
    const p = lib.alloc(cap);
    try {
      lib.check(lib.m._ag_state_render(this.h, p, cap, 0));
      return lib.string(p);
    } finally { lib.free(p); }
  }

  // The computer's move for `player` (0 or 1; at a simultaneous node that
  // player's part), with AI params such as "mcts(iterations=500)".
  aiChoose(player, params, rng) {
    const lib = this.lib;
    lib.check(lib.withString(params, (p) => lib.m._ag_ai_choose_player(this.h, player, p, rng.p, lib.scratch)));
    return lib.u32[lib.scratch >> 2];
  }

  // Both players' parts at a simultaneous node, from one search, for applyJoint().
  aiChooseJoint(params, rng) {
    const lib = this.lib, s = lib.scratch;
    lib.check(lib.withString(params, (p) => lib.m._ag_ai_choose_joint(this.h, p, rng.p, s, 2)));
    return [lib.u32[s >> 2], lib.u32[(s >> 2) + 1]];
  }

  // A text of the state from call(buf, cap, len), sized first (AG_EBUFS).
  sizedText(call) {
    const lib = this.lib, s = lib.scratch;
    const rc = call(0, 0, s);
    if (rc !== AG.EBUFS) lib.check(rc);
    const cap = lib.u32[s >> 2] + 1, p = lib.alloc(cap);
    try {
      lib.check(call(p, cap, 0));
      return lib.string(p);
    } finally { lib.free(p); }
  }

  // The game record: tags, then one numbered ply a line (ancientgames(7)).
  record() { return this.sizedText((p, cap, len) => this.lib.m._ag_state_record(this.h, p, cap, len)); }

  // The library's drawing of the state (ag_state_svg): an SVG document.
  svg() { return this.sizedText((p, cap, len) => this.lib.m._ag_state_svg(this.h, 0, p, cap, len)); }

  // The moves of the history, first ply first (a joint ply is its parts).
  history() {
    const lib = this.lib, s = lib.scratch;
    const rc = lib.m._ag_state_history(this.h, 0, 0, s);       // the size: AG_EBUFS
    if (rc !== AG.EBUFS) lib.check(rc);
    const n = lib.u32[s >> 2], p = lib.alloc(4 * n);
    try {
      lib.check(lib.m._ag_state_history(this.h, p, n, s));
      return Array.from(lib.u32.subarray(p >> 2, (p >> 2) + n));
    } finally { lib.free(p); }
  }

  // The position text the history starts from (ag_state_start_text).
  startText() { return this.sizedText((p, cap, len) => this.lib.m._ag_state_start_text(this.h, p, cap, len)); }

  // ag_state_playouts(): count random playouts from here, seeded as the C
  // call says, in one call into the library; {playouts, plies, wins: [w0,
  // w1], draws, unfinished} as Numbers.  Threads: this build has none, so
  // the calling thread plays them all whatever is asked.
  playouts(seed, count, maxPlies = 0, threads = 1) {
    const lib = this.lib, s = lib.scratch;       // ag_playout_totals: six uint64
    lib.check(lib.m._ag_state_playouts(this.h, BigInt.asUintN(64, BigInt(seed)), BigInt.asUintN(64, BigInt(count)),
                                       maxPlies, threads, s));
    const u64 = lib.m.HEAPU64, i = s >> 3, n = (k) => Number(u64[i + k]);
    return { playouts: n(0), plies: n(1), wins: [n(2), n(3)], draws: n(4), unfinished: n(5) };
  }

  // Replays a record (its whole history and tags) into this state.
  setRecord(text) {
    const lib = this.lib;
    lib.check(lib.withString(text, (p) => lib.m._ag_state_set_record(this.h, p)));
    return this;
  }
}

// Loads the library.  options are passed to the Emscripten module factory
// (e.g. locateFile); the module's own output is silenced unless given.
// Under Node (18+: the npm package) the .wasm next to ancientgames.js is read
// here: the module is built for browsers and workers (an ES module without
// require()), and Node's fetch() does not read files.
export async function load(options = {}) {
  const opts = { print: () => {}, printErr: () => {}, ...options };
  if (!opts.wasmBinary && !opts.locateFile && typeof process === "object" &&
      typeof process.versions?.node === "string") {
    const { readFile } = await import(/* webpackIgnore: true */ "node:fs/promises");
    opts.wasmBinary = await readFile(new URL("../ancientgames.wasm", import.meta.url));
  }
  const m = await createAncientGames(opts);
  return new Library(m);
}

// ------------------------------------------------ the board's marks (0.4)
// The frame and carved pattern of a board (ag_game_mark), which web/board.js
// draws under the edges.  MARK holds the AG_MARK_* kinds and AG_SHAPE_*
// shapes.  The ag_mark layout of the wasm32 build (size_t and pointers 4
// bytes, doubles 8-aligned): size 0, kind 4, shape 8, node 12, x0 16, y0 24,
// x1 32, y1 40, r 48, points 56, num_points 60, text 64; sizeof 72.
export const MARK = Object.freeze({
  FRAME: 1, PATTERN: 2,
  SHAPE_SEGMENT: 1, SHAPE_RECT: 2, SHAPE_CIRCLE: 3, SHAPE_POLYGON: 4, SHAPE_LABEL: 5,
});
const MARK_BYTES = 72;

// [{kind, shape, node (-1: the whole board), x0, y0, x1, y1, r, points:
// [[x, y], ...], text}] of a game, in drawing order.
export function gameMarks(game) {
  const lib = game.lib, m = lib.m, out = [];
  const p = lib.alloc(MARK_BYTES);
  try {
    const n = lib.check(m._ag_game_num_marks(game.h));
    for (let i = 0; i < n; i++) {
      lib.u8.fill(0, p, p + MARK_BYTES);
      lib.u32[p >> 2] = MARK_BYTES;
      lib.check(m._ag_game_mark(game.h, i, p));
      const v = new DataView(lib.u8.buffer);
      const f = (off) => v.getFloat64(p + off, true), int = (off) => v.getInt32(p + off, true);
      const points = [], pts = v.getUint32(p + 56, true), text = v.getUint32(p + 64, true);
      for (let k = 0; k < int(60); k++)
        points.push([v.getFloat64(pts + 16 * k, true), v.getFloat64(pts + 16 * k + 8, true)]);
      out.push({ kind: int(4), shape: int(8), node: int(12), x0: f(16), y0: f(24), x1: f(32),
                 y1: f(40), r: f(48), points, text: text ? lib.string(text) : null });
    }
  } finally {
    lib.free(p);
  }
  return out;
}
