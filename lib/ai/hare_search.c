/* SPDX-License-Identifier: MIT */
/*
 * hare_search.c -- the "alphabeta" player of the hare hunt (also its "ai"):
 * iterative-deepening alpha-beta with a learned board evaluation (tables
 * fitted offline to the solved distances, hare_eval_weights.h).  Internal,
 * not exported; players.c calls ag__hare_search for it.
 *
 * Random playouts cannot see a trap in the hare hunt: the hunters win by a
 * forced line several turns deep, and a random hunter move mostly spoils the
 * formation.  So for this game the search is alpha-beta instead.  Adjacency
 * and jumps come from the board tables of hare_board.h (shared with the game
 * and the solver); the only extra table kept here is the distance in steps
 * between points.  Pieces are read with ag__hare_read_board, moves with
 * ag_move_info, and the search plays on a working copy of the state through
 * ag__state_apply_trusted and ag_state_undo.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "bits.h"
#include "games/hare/hare_board.h"
#include "ai/hare_solver.h"
#include "ai/ai_common.h"
#include "ai/hare_eval_weights.h"

/* The hunters' opening book: per position of the first eight hunter moves
 * of every historical start (10 to 12 hunters, either side first), against
 * any hare move, the move that wins in the fewest turns against the best
 * defence, read from the solution of hare(hunters=12) by
 * tests/hare_book_gen (HACKING: "The hare AI's opening book").  The
 * evaluation's error is largest there (about six turns), and a wrong move
 * there costs up to six turns of the win, further than the search sees. */
#include "ai/hare_book.h"

/* ------------------------------------------------------------------ hare-hunt board */

/* The board: the shared step and jump tables, and the distances of each point. */
typedef struct hare_tables {
  hare_board board;                              /* neighbours, jumps (hare_board.h) */
  uint8_t dist[HARE_POINTS][HARE_POINTS];        /* steps between points, empty board */
} hare_tables;

/* The index of the lowest set bit of x (x != 0), by a de Bruijn sequence. */
static int lowest_bit(uint32_t x)
{
  static const unsigned char index[32] = {0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20,
                                          15, 25, 17, 4,  8,  31, 27, 13, 23, 21, 19,
                                          16, 7,  26, 12, 18, 6,  11, 5,  10, 9};
  return index[((x & (0u - x)) * 0x077CB531u) >> 27];
}

/* Steps from point a to every point of the empty board (breadth first). */
static void hare_add_distances(hare_tables *k, int a)
{
  uint32_t seen = 1u << a, front = seen;
  int d = 0;
  memset(k->dist[a], 255, sizeof k->dist[a]);
  while (front) {
    uint32_t next = 0, f = front;
    for (; f; f &= f - 1) {
      k->dist[a][lowest_bit(f)] = (uint8_t)d;
      next |= k->board.neighbours[lowest_bit(f)];
    }
    front = next & ALL_POINTS & ~seen;
    seen |= front;
    d++;
  }
}

/* Builds the tables: the board's steps and jumps, then the distances. */
static void hare_tables_init(hare_tables *k)
{
  int i;
  memset(k, 0, sizeof *k);
  ag__hare_board_build(&k->board);
  for (i = 0; i < HARE_POINTS; i++) hare_add_distances(k, i);
}

/* Reads the hare's point (-1 if none) and the hunters of a state. */
static hare_pos hare_pos_read(const ag_state *st)
{
  hare_pos b = {0};
  int hare;
  ag__hare_read_board(st, &hare, &b.hunters);
  b.hare = (int8_t)hare;
  return b;
}

/* The board after `player' plays m: a hunter's step, or the hare's step or
 * jump (the hunter jumped over leaves).  Its twins: the game's play() and
 * its checked apply (lib/games/hare/hare_moves.c), the playout's ply
 * (hare_playout.c); the search plays each move on its working state too,
 * and tests/check_ai's hare searches and check-probe.sh's alphabeta lines
 * keep the two boards equal. */
static hare_pos hare_pos_after(const hare_tables *k, const ag_game *g, const hare_pos *b,
                               int player, ag_move m)
{
  hare_pos a = *b;
  int kind = 0, from = -1, to = -1, i;
  if (ag_move_info(g, m, &kind, &from, &to) != AG_OK || from < 0 || to < 0 || from >= HARE_POINTS ||
      to >= HARE_POINTS)
    return a;                                  /* pass */
  if (player == 0) {
    a.hunters = (a.hunters & ~(1u << from)) | 1u << to;
    return a;
  }
  a.hare = (int8_t)to;
  if (kind == AG_MOVE_JUMP && (i = hare_jump_over(&k->board, from, to)) >= 0) a.hunters &= ~(1u << i);
  return a;
}

/* The number of captures the hare on h could make now, by the board's jump
 * lists.  Its twins: the game's landings (hare_jumps_to, hare_landings and
 * hare_landings_bmi2 in lib/games/hare/) and the solver's add_captures.
 * The search's counts only steer its evaluation and move order (the moves
 * it plays are the game's); tests/check_ai and check-probe.sh's alphabeta
 * lines pin its choices. */
static int hare_jumps(const hare_tables *k, int h, uint32_t hunters)
{
  uint32_t empty = hare_empty(hunters, (uint32_t)h);
  int i, n = 0;
  for (i = 0; i < k->board.jump_count[h]; i++)
    n += (hunters >> k->board.jump_over[h][i] & 1) && (empty >> k->board.jump_land[h][i] & 1);
  return n;
}

/* The hare's room: the empty points it reaches by steps from h. */
static int hare_room(const hare_tables *k, int h, uint32_t hunters)
{
  uint32_t empty = hare_empty(hunters, (uint32_t)h), seen = 1u << h, front = seen;
  while (front) {
    uint32_t next = 0, f = front;
    for (; f; f &= f - 1) next |= k->board.neighbours[lowest_bit(f)];
    front = next & empty & ~seen;
    seen |= front;
  }
  return ag__popcount32(seen) - 1;
}

/* The hunters' total distance (in steps) to the hare on h. */
static int hare_spread(const hare_tables *k, int h, uint32_t hunters)
{
  int n = 0;
  for (; hunters; hunters &= hunters - 1) n += k->dist[h][lowest_bit(hunters)];
  return n;
}

/* ------------------------------------------------------------------ alpha-beta */

/* Iterative-deepening minimax with alpha-beta pruning and a transposition
 * table, for the hare hunt: the hunters (player 0) maximise, the hare
 * minimises (a capture chain is several plies of the same side).  Values are
 * the hunters', in thousandths of a game: a win is AB_WIN less the plies to
 * it, a draw is worth contempt x 1000 less than even to the searcher, and an
 * unfinished position gets the evaluation below.  The search keeps the
 * result of the last depth it completed within its budgets (depth, nodes,
 * time, the caller's stop); equal best moves are drawn with the RNG.  The
 * hare's own search extends its horizon by the hare's moves (ab_leaf), so
 * that it scores only positions with the hunters to move. */

enum { AB_WIN = 100000, AB_SURE = AB_WIN - 10000, AB_INF = AB_WIN + 1, AB_TT_SIZE = 1 << 16,
       AB_MAX_DEPTH = 64, AB_CLOCK_EVERY = 256, AB_SEEN_SIZE = 2048 };
enum { TT_EXACT = 1, TT_LOWER = 2, TT_UPPER = 3 };

/* The scale of the evaluation, in thousandths of a game. */
enum {
  EVAL_WIN = 1000,           /* the hunters' win now (a win the search sees is AB_WIN) */
  EVAL_TURN = 8              /* ... less this for each turn predicted to it */
};

/* A transposition-table entry: the position's hash, its best move, and a
 * value (exact or a bound) found by a search of `depth' plies. */
typedef struct tt_entry {
  uint64_t key;
  ag_move move;
  int32_t value;
  int16_t depth;
  int16_t flag;
} tt_entry;

typedef struct ab_search {
  hare_tables tab;
  ag_state *st;                            /* working state */
  const ag_game *game;
  tt_entry *tt;
  ag_move *moves;                          /* move lists, cap per ply below the root */
  size_t cap;
  long nodes, budget;                      /* budget 0: unlimited */
  ag__ai_stop *stop;
  int aborted;
  int draw;                                /* the hunters' value of a draw */
  int hunters0;                            /* hunters left at the root */
  int hare_leaves;                         /* search the hare's moves at the horizon */
  uint64_t seen[AB_SEEN_SIZE];             /* hashes of the game's positions since its
                                              last capture (open addressing, 0 = empty) */
  uint64_t path[AB_MAX_DEPTH + 2];         /* hashes of the positions of the search path */
} ab_search;

/* Whether the game already went through the position of hash key. */
static int seen_has(const ab_search *s, uint64_t key)
{
  size_t i = (size_t)(key >> 20) & (AB_SEEN_SIZE - 1);
  if (!key) return 0;
  for (; s->seen[i]; i = (i + 1) & (AB_SEEN_SIZE - 1))
    if (s->seen[i] == key) return 1;
  return 0;
}

/* Records a position of the game (at most AB_SEEN_SIZE / 2 of them). */
static void seen_add(ab_search *s, uint64_t key)
{
  size_t i = (size_t)(key >> 20) & (AB_SEEN_SIZE - 1);
  if (!key) return;
  for (; s->seen[i]; i = (i + 1) & (AB_SEEN_SIZE - 1))
    if (s->seen[i] == key) return;
  s->seen[i] = key;
}

/* Whether the position of hash key, ply plies below the root, repeats one
 * of the game or of the search path: the search counts it a draw, so that
 * the side that wants to win looks for progress instead of going round. */
static int repeats(const ab_search *s, uint64_t key, int ply)
{
  int i;
  for (i = ply - 2; i >= 0; i -= 2)                 /* same side to move: every other ply */
    if (s->path[i] == key) return 1;
  return seen_has(s, key);
}

/* The number of hunters on the hare's row (on point h) or a row beyond it,
 * seen from the hunters' side (rows 1-2).  The hunters win by driving the
 * hare to the far side behind a wall of hunters; a hunter level with the
 * hare or past it is not in that wall, and one the hare has got behind is
 * out of the game.  Without this term the hand-made evaluation of 0.2's
 * first drafts never built the wall: every other term was the same whether
 * the hare roamed behind the hunters or in front, so they kept the win for
 * 1000 plies without ever trapping it. */
static int hare_beyond(int h, uint32_t hunters)
{
  int n = 0;
  for (; hunters; hunters &= hunters - 1) n += lowest_bit(hunters) / 5 >= h / 5;
  return n;
}

/* The learned evaluation (hare_eval_weights.h): the predicted number of
 * turns, x HARE_EVAL_SCALE, to the hunters' win from the position of the
 * hare on h, the hunters and the side to move stm; jumps is the number of
 * captures open to the hare. */
static int32_t hare_eval_turns(const hare_tables *k, int h, uint32_t hunters, int stm, int jumps)
{
  int n = ag__popcount32(hunters), room = hare_room(k, h, hunters);
  int32_t t = hare_eval_count[stm][n <= 10 ? 0 : n - 10 > 3 ? 3 : n - 10] +
              hare_eval_room[stm][room > 15 ? 15 : room] +
              hare_eval_jumps[stm][n <= 10][jumps > 2 ? 2 : jumps] +
              hare_eval_steps[stm] * ag__popcount32(k->board.neighbours[h] & ALL_POINTS & ~hunters) +
              hare_eval_spread[stm] * hare_spread(k, h, hunters) +
              hare_eval_beyond[stm] * hare_beyond(h, hunters);
  int layer = n <= 10 ? 0 : n >= 12 ? 2 : 1, i;
  const int32_t *pst = hare_eval_pst[stm][layer][h];
  const int32_t(*rows)[32] = hare_eval_rows[stm][layer] + 4 - h / 5;
  const int32_t(*cols)[32] = hare_eval_cols[stm][layer] + 4 - h % 5;
  const int32_t(*rowsh)[32], (*colsh)[32];
  uint32_t m;
  for (m = hunters; m; m &= m - 1) t += pst[lowest_bit(m)];
  /* The lines: each row's and each column's hunters as a 5-bit pattern, by
   * the line's offset from the hare's (a wall is a pattern, not a sum of
   * single hunters); and the same pattern again by the hare's own point,
   * one table per number of hunters (10, 11, 12 or more): a wall is worth
   * more or less as the hare stands in its middle or at its end, which the
   * tables by the offset cannot tell apart. */
  rowsh = n == 10 ? hare_eval_rows10[stm][h] : n == 11 ? hare_eval_rows11[stm][h]
          : n >= 12 ? hare_eval_rows12[stm][h] : NULL;
  colsh = n == 10 ? hare_eval_cols10[stm][h] : n == 11 ? hare_eval_cols11[stm][h]
          : n >= 12 ? hare_eval_cols12[stm][h] : NULL;
  for (i = 0; i < 5; i++) {
    uint32_t col = hunters >> i & 0x108421u;                 /* column i, bit 5r for row r */
    uint32_t row_pat = hunters >> (5 * i) & 31;
    uint32_t col_pat = (col | col >> 4 | col >> 8 | col >> 12 | col >> 16) & 31;
    t += rows[i][row_pat] + cols[i][col_pat];
    if (rowsh) t += rowsh[i][row_pat] + colsh[i][col_pat];
  }
  return t;
}

/* The hunters' value of an unfinished position: EVAL_WIN less EVAL_TURN
 * for each turn the learned evaluation predicts to the hunters' win (the
 * hare minimises it: the longest defence).  The tables know the positions
 * the hunters win only; a capture of the tenth hunter open to the hare to
 * move is the hare's win. */
static int hare_eval(const ab_search *s, const hare_pos *b)
{
  const hare_tables *k = &s->tab;
  int h = b->hare, stm, jumps;
  int32_t t;
  if (h < 0) return 0;
  stm = ag_state_current_player(s->st) == 1;
  jumps = hare_jumps(k, h, b->hunters);
  if (stm && jumps && ag__popcount32(b->hunters) <= WIN_THRESHOLD + 1) return -EVAL_WIN;
  t = hare_eval_turns(k, h, b->hunters, stm, jumps);
  if (t < 0) t = 0;
  return EVAL_WIN - (int)(t / (HARE_EVAL_SCALE / EVAL_TURN));
}

/* The hunters' value of a finished game `ply' plies below the root. */
static int ab_terminal(const ab_search *s, int ply)
{
  int winner = AG_PLAYER_NONE;
  if (ag_state_outcome(s->st, &winner, NULL) != AG_OUTCOME_WIN) return s->draw;
  return winner == 0 ? AB_WIN - ply : -AB_WIN + ply;
}

/* Orders moves best-first: the table's move, then captures, then hunter
 * steps that leave the hare no capture, nearest the hare first. */
static void ab_order(const ab_search *s, const hare_pos *b, ag_move *mv, size_t n, int player,
                     ag_move first)
{
  const hare_tables *k = &s->tab;
  int score[AG__MAX_MOVES];
  size_t i, j;
  for (i = 0; i < n; i++) {
    int kind = 0, from = -1, to = -1, sc = 0;
    ag_move_info(s->game, mv[i], &kind, &from, &to);
    if (mv[i] == first) sc = 1000000;
    else if (kind == AG_MOVE_JUMP) sc = 10000;
    else if (b->hare >= 0 && player == 0 && kind == AG_MOVE_STEP && from >= 0 && to >= 0 &&
             from < HARE_POINTS && to < HARE_POINTS) {
      uint32_t after = (b->hunters & ~(1u << from)) | 1u << to;
      sc = (hare_jumps(k, b->hare, after) ? 0 : 1000) - k->dist[b->hare][to];
    }
    score[i] = sc;
  }
  for (i = 1; i < n; i++) {                    /* insertion sort, stable */
    ag_move m = mv[i];
    int sc = score[i];
    for (j = i; j > 0 && score[j - 1] < sc; j--) {
      mv[j] = mv[j - 1];
      score[j] = score[j - 1];
    }
    mv[j] = m;
    score[j] = sc;
  }
}

/* A win's value counts the plies from the root (AB_WIN - ply), but a table
 * entry serves its position at whatever ply it comes back: the table keeps
 * the plies from the position itself, so that a win reached through a
 * transposition keeps its true length. */
static int tt_value_in(int v, int ply)
{
  return v >= AB_SURE ? v + ply : v <= -AB_SURE ? v - ply : v;
}

static int tt_value_out(int v, int ply)
{
  return v >= AB_SURE ? v - ply : v <= -AB_SURE ? v + ply : v;
}

/* The table entry of a position, and whether its value (*value, seen from
 * `ply') settles the node. */
static tt_entry *ab_probe(ab_search *s, uint64_t key, int depth, int ply, int alpha, int beta,
                          int *hit, int *value)
{
  tt_entry *e = &s->tt[key & (AB_TT_SIZE - 1)];
  int v = tt_value_out(e->value, ply);
  *hit = e->key == key && e->depth >= depth &&
         (e->flag == TT_EXACT || (e->flag == TT_LOWER && v >= beta) ||
          (e->flag == TT_UPPER && v <= alpha));
  *value = v;
  return e;
}

static int ab_node(ab_search *s, const hare_pos *b, int depth, int ply, int alpha, int beta);

/* Counts one node against the budget, and looks at the clock and the
 * caller's stop every AB_CLOCK_EVERY nodes; 1 (with s->aborted set) when the
 * search must end. */
static int ab_spend_node(ab_search *s)
{
  if ((++s->nodes > s->budget && s->budget) ||
      (s->nodes % AB_CLOCK_EVERY == 0 && ag__ai_should_stop(s->stop, 1))) {
    s->aborted = 1;
    return 1;
  }
  return 0;
}

/* The value of a leaf with the hare to move: the best of the hare's moves,
 * each scored at the hunters' turn (the evaluation predicts those positions
 * far better, ~3 turns rms against ~8 with the hare to move) -- and the
 * hare's captures at the horizon are seen. */
static int ab_leaf(ab_search *s, const hare_pos *b, int ply, int alpha, int beta)
{
  ag_move *mv = s->moves + (size_t)ply * s->cap;
  size_t n = 0, i;
  int best = AB_INF;
  if (ab_spend_node(s)) return 0;
  if (ag_state_legal_moves(s->st, 1, mv, s->cap, &n) != AG_OK || n == 0) return hare_eval(s, b);
  for (i = 0; i < n && alpha < beta; i++) {
    hare_pos next = hare_pos_after(&s->tab, s->game, b, 1, mv[i]);
    int v;
    if (ag__state_apply_trusted(s->st, &mv[i], 1) != AG_OK) continue;
    v = ab_node(s, &next, 0, ply + 1, alpha, beta);
    ag_state_undo(s->st);
    if (s->aborted) return 0;
    if (v < best) best = v;
    if (v < beta) beta = v;
  }
  return best == AB_INF ? hare_eval(s, b) : best;
}

/* The minimax value of the working state (board b) searched `depth' plies
 * deep within the window (alpha, beta); 0 with s->aborted set when the node
 * budget runs out. */
static int ab_node(ab_search *s, const hare_pos *b, int depth, int ply, int alpha, int beta)
{
  ag_move *mv = s->moves + (size_t)ply * s->cap, best_move = 0;
  size_t n = 0, i;
  int player, best, hit, hv, a0 = alpha, b0 = beta;
  uint64_t key;
  tt_entry *e;
  player = ag_state_current_player(s->st);
  if (player == AG_PLAYER_TERMINAL) return ab_terminal(s, ply);
  if (depth <= 0 && (player != 1 || !s->hare_leaves || ply >= AB_MAX_DEPTH))
    return hare_eval(s, b);
  if (depth <= 0) return ab_leaf(s, b, ply, alpha, beta);
  if (ab_spend_node(s)) return 0;
  key = ag_state_hash(s->st);
  s->path[ply] = key;
  if (repeats(s, key, ply)) return s->draw;
  e = ab_probe(s, key, depth, ply, alpha, beta, &hit, &hv);
  if (hit) return hv;
  if (ag_state_legal_moves(s->st, player, mv, s->cap, &n) != AG_OK || n == 0)
    return hare_eval(s, b);
  ab_order(s, b, mv, n, player, e->key == key ? e->move : 0);
  best = player == 0 ? -AB_INF : AB_INF;
  for (i = 0; i < n && alpha < beta; i++) {
    hare_pos next = hare_pos_after(&s->tab, s->game, b, player, mv[i]);
    int v;
    if (ag__state_apply_trusted(s->st, &mv[i], 1) != AG_OK) continue;
    v = ab_node(s, &next, depth - 1, ply + 1, alpha, beta);
    ag_state_undo(s->st);
    if (s->aborted) return 0;
    if (player == 0 ? v > best : v < best) { best = v; best_move = mv[i]; }
    if (player == 0 && v > alpha) alpha = v;
    if (player != 0 && v < beta) beta = v;
  }
  e->key = key;
  e->move = best_move;
  e->value = tt_value_in(best, ply);
  e->depth = (int16_t)depth;
  e->flag = best <= a0 ? TT_UPPER : best >= b0 ? TT_LOWER : TT_EXACT;
  return best;
}

/* One root iteration of `depth' plies: lists in ties the moves of the best
 * value for the mover (each later move is searched with a window just below
 * the best so far, so ties are exact), stores that value in *best, returns
 * the number of ties; 0 when the budget ran out. */
static size_t ab_root(ab_search *s, const hare_pos *b, const ag_move *mv, size_t n, int depth,
                      ag_move *ties, int *best)
{
  int player = ag_state_current_player(s->st), sign = player == 0 ? 1 : -1, top = -AB_INF;
  size_t i, nties = 0;
  for (i = 0; i < n; i++) {
    hare_pos next = hare_pos_after(&s->tab, s->game, b, player, mv[i]);
    int v, bound = top == -AB_INF ? -AB_INF : top - 1;    /* in the mover's terms */
    if (ag__state_apply_trusted(s->st, &mv[i], 1) != AG_OK) continue;
    v = player == 0 ? ab_node(s, &next, depth - 1, 1, bound, AB_INF)
                    : ab_node(s, &next, depth - 1, 1, -AB_INF, -bound);
    ag_state_undo(s->st);
    if (s->aborted) return 0;
    v *= sign;
    if (v > top) { top = v; nties = 0; }
    if (v == top) ties[nties++] = mv[i];
  }
  *best = sign * top;
  return nties;
}

/* Prepares a search from st: the working copy, the table, the move lists,
 * the budget and the value of a draw; returns the board at the root. */
static int ab_start(ab_search *s, const ag_state *st, const ag__ai_params *p, hare_pos *board)
{
  int player = ag_state_current_player(st), rc;
  s->game = ag_state_game(st);
  s->cap = ag_game_limit(s->game, AG_LIMIT_LEGAL_MOVES);
  if (s->cap == 0 || s->cap > AG__MAX_MOVES) s->cap = AG__MAX_MOVES;
  s->tt = calloc(AB_TT_SIZE, sizeof *s->tt);
  s->moves = malloc((AB_MAX_DEPTH + 1) * s->cap * sizeof *s->moves);
  if (!s->tt || !s->moves) return ag__fail(AG_ENOMEM, "ai: out of memory");
  rc = ag_state_clone(st, &s->st);
  if (rc != AG_OK) return rc;
  s->draw = (int)(p->contempt * 1000) * (player == 0 ? -1 : 1);
  s->budget = p->nodes;
  s->hare_leaves = player == 1;
  *board = hare_pos_read(st);
  s->hunters0 = ag__popcount32(board->hunters);
  s->path[0] = ag_state_hash(st);
  /* The game's earlier positions back to its last capture (captures cannot
   * be undone, so no position before one can come back). */
  {
    size_t back, hunters = (size_t)s->hunters0;
    for (back = 0; back < AB_SEEN_SIZE / 2 && ag_state_ply(s->st) > 0; back++) {
      hare_pos b;
      if (ag_state_undo(s->st) != AG_OK) break;
      b = hare_pos_read(s->st);
      if ((size_t)ag__popcount32(b.hunters) != hunters) break;
      seen_add(s, ag_state_hash(s->st));
    }
  }
  ag_state_free(s->st);                  /* the undone copy; search a fresh one */
  s->st = NULL;
  rc = ag_state_clone(st, &s->st);
  if (rc != AG_OK) return rc;
  return AG_OK;
}

/* Deepens the search one ply at a time until a budget runs out or the
 * result is known; returns the number of equal best moves of the deepest
 * completed depth, written to pick (the n root moves mv are reordered), 0
 * when no depth was completed; *value is their value, *done the depth. */
static size_t ab_deepen(ab_search *s, const hare_pos *board, ag_move *mv, size_t n,
                        int max_depth, ag_move *pick, int *value, int *done)
{
  ag_move ties[AG__MAX_MOVES];
  size_t npick = 0, nties;
  int depth, best = 0, player = ag_state_current_player(s->st);
  ag_move first = 0;
  for (depth = 1; depth <= max_depth; depth++) {
    if (ag__ai_should_stop(s->stop, 1)) break;
    ab_order(s, board, mv, n, player, first);
    nties = ab_root(s, board, mv, n, depth, ties, &best);
    if (s->aborted || nties == 0) break;
    memcpy(pick, ties, nties * sizeof *ties);
    npick = nties;
    first = pick[0];
    *value = best;
    *done = depth;
    if (best >= AB_SURE || best <= -AB_SURE) break;    /* the result is known */
  }
  return npick;
}

/* The principal line from the root: the chosen move, then the table's best
 * moves while they are legal, at most `depth' plies. */
static size_t ab_line(ab_search *s, ag_move first, int depth, ag_move *line, size_t cap)
{
  size_t len = 0, played = 0;
  ag_move m = first;
  while (m && (int)len < depth) {
    tt_entry *e;
    uint64_t key;
    if (ag_state_is_legal(s->st, ag_state_current_player(s->st), m) != 1 ||
        ag_state_apply(s->st, m) != AG_OK)
      break;
    played++;
    if (len < cap) line[len] = m;
    len++;
    if (ag_state_is_terminal(s->st) == 1) break;
    key = ag_state_hash(s->st);
    e = &s->tt[key & (AB_TT_SIZE - 1)];
    m = e->key == key ? e->move : 0;
  }
  while (played-- > 0) ag_state_undo(s->st);
  return len;
}

/* The hunters' value v (thousandths of a game) as player p's expected score. */
static double ab_score(int v, int p)
{
  int vp = p == 0 ? v : -v;
  if (vp >= AB_SURE) return 1.0;
  if (vp <= -AB_SURE) return 0.0;
  return 1.0 / (1.0 + ag__exp(-vp / 250.0));
}

/* Fills the analysis of a finished search: the move chosen among the npick
 * ties (none when the caller stopped it before the first depth), the value,
 * the line, and the n root moves (ascending in sorted). */
static void ab_result(ab_search *s, int player, const ag_move *sorted, size_t n,
                      const ag_move *pick, size_t npick, int value, int depth, uint64_t *rng,
                      ag_analysis *out, ag_move *line, size_t line_cap, ag_move_stat *ms,
                      size_t ms_cap)
{
  size_t i, j;
  out->work = (uint64_t)s->nodes;
  out->depth = depth;
  out->num_moves = n;
  if (npick > 0) {
    int v = player == 0 ? value : -value;
    out->best = pick[ag_rng_below(rng, npick)];
    out->value = ab_score(value, player);
    out->proven = v >= AB_SURE || v <= -AB_SURE;
    out->distance = out->proven ? AB_WIN - (v > 0 ? v : -v) : 0;
  } else {
    out->value = 0.5;
  }
  for (i = 0; i < n && i < ms_cap; i++) {
    ms[i].move = sorted[i];
    ms[i].visits = 0;
    ms[i].share = 0;
    ms[i].value = -1;
    for (j = 0; j < npick; j++)
      if (pick[j] == sorted[i]) {
        ms[i].share = 1.0 / (double)npick;
        ms[i].value = out->value;
      }
  }
  if (out->best) out->line_len = ab_line(s, out->best, depth > 0 ? depth : 1, line, line_cap);
}

/* The book's move for the hunters in st (board b), one of the n legal moves
 * mv; 0 when the position is not in the book, or the game is not the one
 * it was made for (another chain rule, a ply cap below the default that
 * could end the game before the book's win), or the player was asked to be
 * weaker than the default (a smaller node budget or depth). */
static ag_move book_move(const ag_state *st, const hare_pos *b, const ag__ai_params *p,
                         const ag_move *mv, size_t n)
{
  const ag_game *g = ag_state_game(st);
  size_t lo = 0, hi = HARE_BOOK_SIZE, i;
  if (ag_state_current_player(st) != 0 || b->hare < 0 || g->opt[OPT_CHAIN] != HARE_BOOK_CHAIN ||
      (g->opt[OPT_MAX_PLIES] != 0 && g->opt[OPT_MAX_PLIES] < HARE_MAX_PLIES_DEFAULT) ||
      (p->nodes != 0 && p->nodes < AG__AB_DEFAULT_NODES) ||
      (p->depth > 0 && p->depth < AG__AB_DEFAULT_DEPTH))
    return 0;
  while (lo < hi) {                                       /* the first entry >= the key */
    size_t mid = lo + (hi - lo) / 2;
    const hare_book_entry *e = &hare_book[mid];
    if (e->hunters < b->hunters || (e->hunters == b->hunters && e->hare < b->hare)) lo = mid + 1;
    else hi = mid;
  }
  if (lo == HARE_BOOK_SIZE || hare_book[lo].hunters != b->hunters || hare_book[lo].hare != b->hare)
    return 0;
  for (i = 0; i < n; i++) {
    int from = -1, to = -1;
    if (ag_move_info(g, mv[i], NULL, &from, &to) == AG_OK && from == hare_book[lo].from &&
        to == hare_book[lo].to)
      return mv[i];
  }
  return 0;
}

/* ------------------------------------------------------------------ entry point */

int ag__hare_search(const ag_state *st, const ag__ai_params *p, ag__ai_stop *stop,
                    uint64_t *rng, ag_analysis *out, ag_move *line, size_t line_cap,
                    ag_move_stat *moves, size_t moves_cap)
{
  ag_move mv[AG__MAX_MOVES], sorted[AG__MAX_MOVES], pick[AG__MAX_MOVES];
  size_t n = 0, npick = 0;
  int player = ag_state_current_player(st), rc, value = 0, depth = 0;
  hare_pos board;
  ab_search *s = calloc(1, sizeof *s);
  if (!s) return ag__fail(AG_ENOMEM, "ai: out of memory");
  hare_tables_init(&s->tab);
  s->stop = stop;
  rc = ag_state_legal_moves(st, player, mv, AG__MAX_MOVES, &n);
  if (rc == AG_OK && n == 0)
    rc = ag__fail(AG_EPHASE, "ai: no legal move for %s now",
                  ag__player_word(ag_state_game(st), player));
  if (rc == AG_OK) rc = ab_start(s, st, p, &board);
  if (rc == AG_OK) {
    memcpy(sorted, mv, n * sizeof *mv);
    npick = ab_deepen(s, &board, mv, n, p->depth > 0 ? p->depth : AB_MAX_DEPTH, pick, &value,
                      &depth);
    /* Stopped by a budget before the first depth: the first move of the
     * ordering (captures, then safe steps towards the hare); stopped by the
     * caller: nothing. */
    if (npick == 0 && atomic_load(&stop->why) != AG__STOP_CANCEL) {
      pick[0] = mv[0];
      npick = 1;
    }
    /* In the book the hunters play its move, unless the search proved a win
     * (exact too, and counted in plies as its value is). */
    if (npick > 0 && value < AB_SURE) {
      ag_move m = book_move(st, &board, p, sorted, n);
      if (m) pick[0] = m, npick = 1;
    }
    ab_result(s, player, sorted, n, pick, npick, value, depth, rng, out, line, line_cap, moves,
              moves_cap);
  }
  ag_state_free(s->st);
  free(s->tt);
  free(s->moves);
  free(s);
  return rc;
}
