// SPDX-License-Identifier: MIT
// ag.d.ts -- TypeScript declarations of ag.js, the ES module API of
// libancientgames compiled to WebAssembly (the npm package `ancientgames';
// the same module the web page uses).  Handles are not garbage-collected:
// call free() (a State before its Game, an Rng when done).

/** The public constants of <ancientgames.h>: error codes (negative), players,
 *  flags, kinds of nodes, edges, moves and pieces, outcomes, end reasons,
 *  limits and info keys. */
export declare const AG: Readonly<{
  OK: 0; ERROR: -1; ENOMEM: -2; EINVAL: -3; EBUFS: -4; EPARSE: -5; ENOTFOUND: -6;
  EILLEGAL: -7; EPHASE: -8; EMISMATCH: -9; ECANCELED: -10;
  PLAYER_CHANCE: -1; PLAYER_SIMULTANEOUS: -2; PLAYER_NONE: -3; PLAYER_TERMINAL: -4;
  GAME_CHANCE: 1; GAME_SIMULTANEOUS: 2; GAME_ASYMMETRIC: 4; GAME_ZERO_SUM: 8;
  NODE_POINT: 1; NODE_RESERVE: 2; NODE_PRISON: 3; NODE_GOAL: 4;
  EDGE_LINE: 1; EDGE_DIAGONAL: 2; EDGE_TRACK: 3; EDGE_SHORTCUT: 4; EDGE_SLIDE: 5; EDGE_JUMP: 6;
  MOVE_STEP: 1; MOVE_JUMP: 2; MOVE_ENTER: 3; MOVE_CHANCE: 4; MOVE_CHOICE: 5; MOVE_PASS: 6;
  MOVE_RETURN: 7;
  PIECE_HARE: 1; PIECE_HUNTER: 2; PIECE_STONE: 3; PIECE_OWL: 4; PIECE_FISH: 5; PIECE_STICK: 6;
  OUTCOME_ONGOING: 0; OUTCOME_WIN: 1; OUTCOME_DRAW: 2;
  END_NONE: 0; END_BLOCKED: 1; END_CAPTURES: 2; END_OWL: 3; END_SCORE: 4;
  END_PLY_LIMIT: 5; END_REPETITION: 6; END_FIVE: 7; END_ALL_TAKEN: 8;
  LIMIT_LEGAL_MOVES: 1; LIMIT_CHANCE_OUTCOMES: 2; LIMIT_PLIES: 3;
  LIMIT_POSITION_TEXT: 4; LIMIT_MOVE_TEXT: 5; LIMIT_RENDER_TEXT: 6;
  INFO_PENDING_STEPS: 1; INFO_SCORE: 2; INFO_CAPTURED: 3; INFO_PRISONERS: 4;
  INFO_COUNTER: 5; INFO_RESERVE: 6; INFO_CHAIN: 7;
}>;

/** A move of a game: a 32-bit code, meaningful with its Game only. */
export type Move = number;

/** A failed library call. */
export declare class AgError extends Error {
  constructor(code: number, name: string, message?: string);
  /** The AG_E* code (negative), e.g. AG.EILLEGAL. */
  readonly code: number;
  /** Its name, e.g. "AG_EILLEGAL"; the message is the library's. */
  readonly codeName: string;
}

/** An option of a game as the library states it. */
export interface GameOption {
  key: string;
  /** The default value. */
  value: string;
  /** The allowed words, or null for a number. */
  values: string[] | null;
  min: number | null;
  max: number | null;
}

/** The loaded library (from load(); not a class the module exports). */
export interface Library {
  /** The Emscripten module (raw ag_* exports as _ag_*; for tests). */
  readonly m: any;
  /** The library's version, e.g. "0.4.0". */
  version(): string;
  /** This thread's message of the last failed call. */
  errmsg(): string | null;
  /** The registered games, e.g. ["hare", "liubo_sticks", "liubo_fingers"]. */
  gameNames(): string[];
  /** A game from its spec, e.g. "hare(hunters=11)"; throws AgError (AG.EPARSE,
   *  AG.ENOTFOUND) for a bad one. */
  game(spec: string): Game;
  /** The options of a game with their defaults and allowed values. */
  options(name: string): GameOption[];
  /** A SplitMix64 generator (ag_rng_next) for chance draws and the players. */
  rng(seed: number | bigint): Rng;
  /** Whether the library reads and writes game records. */
  readonly hasRecords: boolean;
  /** Opens a record of any game (ag_state_new_from_record): the state, replayed
   *  with its whole history, of a new game (state.game); free the state, then
   *  the game.  Throws AgError (AG.EPARSE, AG.EILLEGAL) for a bad record. */
  openRecord(text: string): State;
}

/** The library's 64-bit random number generator, in library memory. */
export declare class Rng {
  constructor(lib: Library, seed: number | bigint);
  /** The 64-bit state (settable). */
  seed: bigint;
  next(): bigint;
  /** A number in [0, bound). */
  below(bound: number | bigint): number;
  free(): void;
}

export interface Node { index: number; name: string; x: number; y: number; kind: number; }
export interface Edge { a: number; b: number; kind: number; }
export interface MoveInfo { kind: number; from: number; to: number; }
export interface PieceGroup { owner: number; kind: number; count: number; }
export interface Outcome {
  /** AG.OUTCOME_ONGOING, OUTCOME_WIN or OUTCOME_DRAW. */
  outcome: number;
  /** The winner (0 or 1), or AG.PLAYER_NONE. */
  winner: number;
  /** AG.END_*. */
  reason: number;
}
/** Totals of a batch of playouts (ag_playout_totals). */
export interface PlayoutTotals {
  playouts: number; plies: number; wins: [number, number]; draws: number; unfinished: number;
}
export interface ChanceOutcomes { outcomes: { move: Move; weight: number }[]; total: number; }
/** ag_ai_analyse(): the best move, its value (0 loss .. 1 win) and line. */
export interface Analysis {
  best: Move; value: number; proven: boolean; distance: number; depth: number;
  work: number; elapsedUs: number; line: Move[];
}

/** A game: its rules, options and board geometry. */
export declare class Game {
  /** From a spec, or (spec null) taking over a handle of the library. */
  constructor(lib: Library, spec: string | null, handle?: number);
  readonly lib: Library;
  readonly name: string;
  /** The canonical spec, every option given. */
  readonly spec: string;
  /** AG.GAME_* bits. */
  readonly flags: number;
  readonly numPlayers: number;
  readonly players: string[];
  readonly width: number;
  readonly height: number;
  readonly nodes: Node[];
  readonly edges: Edge[];
  readonly chance: boolean;
  readonly simultaneous: boolean;
  /** A limit of the game (AG.LIMIT_*). */
  limit(which: number): number;
  nodeFind(name: string): number;
  moveToText(move: Move): string;
  moveFromText(text: string): Move;
  moveInfo(move: Move): MoveInfo;
  /** The initial position, or the position of a text (ag_state_set_text). */
  newState(text?: string | null): State;
  free(): void;
}

/** A position with its undo history. */
export declare class State {
  constructor(game: Game, text?: string | null, handle?: number);
  readonly game: Game;
  /** 0 or 1, or AG.PLAYER_CHANCE, PLAYER_SIMULTANEOUS, PLAYER_TERMINAL. */
  readonly currentPlayer: number;
  readonly isTerminal: boolean;
  readonly ply: number;
  readonly hash: bigint;
  /** Whether the library has ag_ai_analyse (0.2 on). */
  readonly canAnalyse: boolean;
  /** The ascending legal moves of player (default: the player to act). */
  legalMoves(player?: number): Move[];
  /** The per-ply form of legalMoves(player): the count, the moves read with
   *  moveAt(0 .. count-1) until the next call; allocates nothing. */
  legalCount(player: number): number;
  moveAt(i: number): Move;
  isLegal(move: Move, player?: number): boolean;
  analyse(player: number, params: string, rng: Rng, lineCap?: number): Analysis;
  chanceOutcomes(): ChanceOutcomes;
  sampleChance(rng: Rng): Move;
  apply(move: Move): this;
  applyJoint(moves: Move[]): this;
  undo(): this;
  reset(): this;
  clone(): State;
  pieces(node: number): PieceGroup[];
  /** A game-specific counter (AG.INFO_*), or null where the game has none. */
  info(key: number, index?: number): number | null;
  outcome(): Outcome;
  toText(): string;
  setText(text: string): this;
  /** The position drawn in text. */
  render(): string;
  /** The computer's move for player, e.g. params "mcts(iterations=500)". */
  aiChoose(player: number, params: string, rng: Rng): Move;
  /** Both parts of a simultaneous move, from one search. */
  aiChooseJoint(params: string, rng: Rng): [Move, Move];
  /** The game record (tags, then one numbered ply a line). */
  record(): string;
  setRecord(text: string): this;
  /** The moves played, oldest first (a joint ply gives one per player). */
  history(): Move[];
  /** The position text the history starts from. */
  startText(): string;
  /** ag_state_playouts(): count seeded random playouts from here, in one call. */
  playouts(seed: number | bigint, count: number | bigint, maxPlies?: number, threads?: number): PlayoutTotals;
  free(): void;
}

/** Options of the Emscripten module factory (e.g. locateFile, wasmBinary). */
export interface LoadOptions {
  locateFile?: (path: string, prefix: string) => string;
  wasmBinary?: ArrayBuffer | Uint8Array;
  print?: (text: string) => void;
  printErr?: (text: string) => void;
  [key: string]: unknown;
}

/** Loads the WebAssembly library (ancientgames.wasm, next to the module). */
export declare function load(options?: LoadOptions): Promise<Library>;

/** AG_MARK_* kinds and AG_SHAPE_* shapes of a board's marks (since 0.4). */
export declare const MARK: Readonly<{
  FRAME: 1; PATTERN: 2;
  SHAPE_SEGMENT: 1; SHAPE_RECT: 2; SHAPE_CIRCLE: 3; SHAPE_POLYGON: 4; SHAPE_LABEL: 5;
}>;

/** A mark of the board (ag_game_mark): its frame or a stroke of its carved
 *  pattern, in the nodes' coordinates (y up).  A segment runs (x0, y0) to
 *  (x1, y1); a rectangle has those corners; a circle or label is centred at
 *  (x0, y0); a polygon has its corners in points. */
export interface Mark {
  /** MARK.FRAME or MARK.PATTERN. */
  kind: number;
  /** MARK.SHAPE_*. */
  shape: number;
  /** The node it belongs to, or -1 for the whole board. */
  node: number;
  x0: number; y0: number; x1: number; y1: number;
  /** A circle's radius, else 0. */
  r: number;
  points: [number, number][];
  text: string | null;
}

/** The marks of a game's board, in drawing order (under the edges). */
export declare function gameMarks(game: Game): Mark[];
