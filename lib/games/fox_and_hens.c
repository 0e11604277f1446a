/* SPDX-License-Identifier: MIT */
/*
 * fox_and_hens.c -- the fox and the hens (le renard et les poules, attested
 * in the 14th century): the hare hunt's rule on the cross of 33 points, one
 * fox against 13, 15 or 17 hens.  The contract is ancientgames-fox-and-hens(7).
 *
 * Shared with the hare hunt (lib/games/hare/), rule for rule, written again
 * here rather than called, because the hare's code is specialised to its
 * 25-point board in 32-bit words (with BMI2/AVX-512 builds) and this board
 * needs 64-bit words and plain, portable C:
 *   - one ply is one step or one jump; after a jump with another jump from
 *     the landing point (chain=1) the fox moves again and may only jump or
 *     pass; with chain=0 every jump ends the turn and pass never exists;
 *   - captures are never compulsory; hens never capture;
 *   - the end checks after a ply, first match wins: (a) hens down to the
 *     threshold, even mid-chain: the fox wins; (b) the side to move at a turn
 *     boundary has no move: it loses; (c) repetition of (fox point, hen set,
 *     side to move) at turn boundaries since the last capture: draw; (d) the
 *     ply cap: draw ("settle" below, the hare's settle());
 *   - position text ends with " rep" for a game drawn by repetition, so that
 *     it reads back to the same ended game; move texts c3-d4, c3xe5, pass.
 * The test that keeps the two equal is tests/check_fox_and_hens.c's
 * "same_rules_as_hare": a position on the cross's middle 5x5 square, whose
 * lines are exactly the alquerque's, played move for move against the hare
 * hunt in the same position (moves, ends, repetition, texts), plus
 * tests/fox_and_hens_reference.py (an independent generator of the rules
 * text) for the perft counts.
 *
 * Hens are player 0, the fox player 1.  Positions are 64-bit bitboards of
 * cells (see fox_and_hens_board.h); moves name nodes:
 *   step  AG_MOVE_STEP, aux = direction 1..8, to, from;
 *   jump  AG_MOVE_JUMP, aux = the node jumped over, to, from;
 *   pass  AG_MOVE_PASS, 0, 0, 0 (ends a chain).
 */
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "fox_and_hens_board.h"
#include "hunt.h"

enum { HENS = 0, FOX = 1 };
enum { RESULT_NONE, RESULT_HENS, RESULT_FOX, RESULT_DRAW };
enum { OPT_HENS, OPT_FIRST, OPT_CHAIN, OPT_THRESHOLD, OPT_REPETITION, OPT_MAX_PLIES };

/* 17 hens with 8 lines each bound the hens' list; the fox has at most 8
 * steps, or 8 jumps and a pass. */
#define MAX_MOVES 136
#define PASS_MOVE AG__MOVE(AG_MOVE_PASS, 0, 0, 0)
#define PLY_MAX 1000000000u   /* the largest ply count of the position text */

static const char *const first_words[] = {"hens", "fox", NULL};

static const ag__optdef fh_options[] = {
  {"hens", 13, 13, 17, NULL},
  {"first", 0, 0, 1, first_words},
  {"chain", 1, 0, 1, NULL},
  {"threshold", 9, 1, 16, NULL},
  {"repetition", 3, 0, 3, NULL},
  {"max_plies", 1000, 0, 1000000, NULL},
};

static const char *const point_names[FH_POINTS] = {
  "c1", "d1", "e1", "c2", "d2", "e2",
  "a3", "b3", "c3", "d3", "e3", "f3", "g3",
  "a4", "b4", "c4", "d4", "e4", "f4", "g4",
  "a5", "b5", "c5", "d5", "e5", "f5", "g5",
  "c6", "d6", "e6", "c7", "d7", "e7",
};

/* The board's one mark: the cross's outline, 0.4 units outside the points
 * (the alquerque lines themselves are the edges). */
static const double frame_points[] = {
  1.6, -0.4, 4.4, -0.4, 4.4, 1.6, 6.4, 1.6, 6.4, 4.4, 4.4, 4.4,
  4.4, 6.4, 1.6, 6.4, 1.6, 4.4, -0.4, 4.4, -0.4, 1.6, 1.6, 1.6,
};
static const ag__mark fh_marks[] = {
  {AG_MARK_FRAME, AG_SHAPE_POLYGON, -1, -0.4, -0.4, 6.4, 6.4, 0, frame_points, 12, NULL},
};

/* Private game data: board tables, geometry, Zobrist keys and options. */
typedef struct fh_game {
  fh_board board;
  ag__node nodes[FH_POINTS];
  ag__edge edges[FH_EDGES];
  uint64_t key_hen[FH_CELLS], key_fox[FH_CELLS], key_fox_to_move, key_chain;
  uint8_t step_dir[FH_POINTS][FH_POINTS];  /* direction 1..8 of from -> to, 0 if none */
  uint64_t start_hens;
  int start_count, threshold, first, chain, repetition;
  uint32_t max_plies;
} fh_game;

/* The position.  ply and since_capture are clocks: in the text, not the hash. */
typedef struct fh_pos {
  uint64_t hash;
  uint64_t hens;           /* cells of the hens */
  uint32_t ply;            /* plies played since the start */
  uint32_t since_capture;  /* plies since the last capture (repetition window) */
  uint8_t fox;             /* the fox's cell */
  uint8_t to_move;         /* HENS or FOX */
  uint8_t chain;           /* 1 while the fox is in the middle of a chain */
  uint8_t result;          /* RESULT_* */
  uint8_t reason;          /* AG_END_* */
} fh_pos;

#define GAME(g) ((const fh_game *)(g)->data)

/* Portable popcount and lowest set bit (no builtins: plain C on every target). */
static int popcount64(uint64_t x)
{
  int n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

static int lowest_cell(uint64_t x)
{
  int i = 0;
  while (!(x & 1)) x >>= 1, i++;
  return i;
}

static uint64_t bit(int cell) { return UINT64_C(1) << cell; }

static uint64_t compute_hash(const fh_game *fg, const fh_pos *p)
{
  uint64_t h = fg->key_fox[p->fox], m;
  for (m = p->hens; m; m &= m - 1) h ^= fg->key_hen[lowest_cell(m)];
  if (p->to_move == FOX) h ^= fg->key_fox_to_move;
  if (p->chain) h ^= fg->key_chain;
  return h;
}

static uint64_t empty_of(const fh_game *fg, uint64_t hens, int fox)
{
  return fg->board.all & ~(hens | bit(fox));
}

/* The cells the hens can step to in direction d. */
static uint64_t hen_targets(const fh_game *fg, uint64_t hens, uint64_t empty, int d)
{
  return ag__fh_shift(hens & fg->board.step_from[d], ag__fh_offsets[d]) & empty;
}

/* The fox's landing cells: over a hen next to it to the empty cell beyond. */
static uint64_t fox_landings(const fh_game *fg, int fox, uint64_t hens, uint64_t empty)
{
  uint64_t at = bit(fox), land = 0;
  int d;
  for (d = 0; d < FH_DIRECTIONS; d++) {
    int o = ag__fh_offsets[d];
    land |= ag__fh_shift(ag__fh_shift(at & fg->board.jump_from[d], o) & hens, o);
  }
  return land & empty;
}

/* ------------------------------------------------------------ move lists */

static ag_move step_move(const fh_game *fg, int d, int to_cell)
{
  const fh_board *b = &fg->board;
  return AG__MOVE(AG_MOVE_STEP, d + 1, b->node[to_cell], b->node[to_cell - ag__fh_offsets[d]]);
}

/* Every legal move of the side to move, ascending: steps by (direction,
 * to), then jumps by (over, to), then pass. */
static size_t generate(const fh_game *fg, const fh_pos *p, ag_move *out)
{
  const fh_board *b = &fg->board;
  uint64_t empty = empty_of(fg, p->hens, p->fox), m;
  size_t n = 0;
  int d;
  if (p->result) return 0;
  if (p->to_move == HENS) {
    for (d = 0; d < FH_DIRECTIONS; d++)
      for (m = hen_targets(fg, p->hens, empty, d); m; m &= m - 1)
        out[n++] = step_move(fg, d, lowest_cell(m));
    return n;
  }
  if (!p->chain)
    for (d = 0; d < FH_DIRECTIONS; d++)
      if (ag__fh_shift(bit(p->fox) & b->step_from[d], ag__fh_offsets[d]) & empty)
        out[n++] = step_move(fg, d, p->fox + ag__fh_offsets[d]);
  /* Landings ascending are jumps ascending by over: the over is the midpoint. */
  for (m = fox_landings(fg, p->fox, p->hens, empty); m; m &= m - 1) {
    int to = lowest_cell(m);
    out[n++] = AG__MOVE(AG_MOVE_JUMP, b->node[(p->fox + to) / 2], b->node[to], b->node[p->fox]);
  }
  if (p->chain) out[n++] = PASS_MOVE;
  return n;
}

/* Whether `side` to move at a turn boundary with these pieces has a move. */
static int can_move_at(const fh_game *fg, uint64_t hens, int fox, int side)
{
  uint64_t empty = empty_of(fg, hens, fox);
  int d;
  if (side == FOX)
    return (fg->board.neighbours[fg->board.node[fox]] & empty) || fox_landings(fg, fox, hens, empty);
  for (d = 0; d < FH_DIRECTIONS; d++)
    if (hen_targets(fg, hens, empty, d)) return 1;
  return 0;
}

/* --------------------------------------------------------------- playing */

/* Plays one legal move on the board and the clocks (not the hash); returns
 * 1 when the ply ends a turn (the next position is a turn boundary), 0
 * mid-chain or when the capture ended the game. */
static int play(const fh_game *fg, fh_pos *p, ag_move m)
{
  const fh_board *b = &fg->board;
  int kind = AG__MOVE_KIND(m), from = b->cell[AG__MOVE_FROM(m)], to = b->cell[AG__MOVE_TO(m)];
  p->ply += p->ply < PLY_MAX;  /* stops at the largest count the text reads */
  p->since_capture++;
  if (kind == AG_MOVE_PASS) {
    p->chain = 0;
  } else if (p->to_move == HENS) {
    p->hens ^= bit(from) | bit(to);
  } else {
    p->fox = (uint8_t)to;
    if (kind == AG_MOVE_JUMP) {
      p->hens &= ~bit(b->cell[AG__MOVE_AUX(m)]);
      p->since_capture = 0;
      if (popcount64(p->hens) <= fg->threshold) {  /* over, even mid-chain: check (a) */
        p->chain = 0;
        p->result = RESULT_FOX;
        p->reason = AG_END_CAPTURES;
        return 0;
      }
      p->chain = fg->chain && fox_landings(fg, to, p->hens, empty_of(fg, p->hens, to)) != 0;
      if (p->chain) return 0;
    }
  }
  p->to_move ^= 1;
  return 1;
}

/* The end checks (b), (c), (d) after a ply: `repeats` earlier occurrences of
 * this turn-boundary position since the last capture. */
static void settle(const fh_game *fg, fh_pos *p, int boundary, int repeats)
{
  if (p->result) return;
  if (boundary && !can_move_at(fg, p->hens, p->fox, p->to_move)) {
    p->result = p->to_move == FOX ? RESULT_HENS : RESULT_FOX;
    p->reason = AG_END_BLOCKED;
  } else if (boundary && fg->repetition && repeats + 1 >= fg->repetition) {
    p->result = RESULT_DRAW;
    p->reason = AG_END_REPETITION;
  } else if (fg->max_plies && p->ply >= fg->max_plies) {
    p->result = RESULT_DRAW;
    p->reason = AG_END_PLY_LIMIT;
  }
}

static int same_boundary(const fh_pos *a, const fh_pos *b)
{
  return !a->chain && a->fox == b->fox && a->hens == b->hens && a->to_move == b->to_move;
}

/* Occurrences of the boundary position p among the newest `window`
 * positions of past (equal positions have equal hashes, so the hash
 * rejects nearly every entry and the fields decide). */
static int count_in_past(const fh_pos *p, const ag__past *past, size_t window)
{
  const unsigned char *at;
  size_t back;
  int n = 0;
  if (window > past->count) window = past->count;
  at = past->base + (past->count - 1) * past->stride + past->offset;
  for (back = 0; back < window; back++, at -= past->stride) {
    fh_pos q;
    memcpy(&q, at, sizeof q);
    n += q.hash == p->hash && same_boundary(&q, p);
  }
  return n;
}

static void apply_move(const fh_game *fg, fh_pos *p, ag_move m, const ag__past *past)
{
  int boundary = play(fg, p, m), repeats = 0;
  p->hash = compute_hash(fg, p);
  if (boundary && fg->repetition && !p->result) repeats = count_in_past(p, past, p->since_capture);
  settle(fg, p, boundary, repeats);
}

static void fh_apply(const ag_game *g, void *pos, const ag_move *m, size_t n, const ag__past *past)
{
  (void)n;
  apply_move(GAME(g), pos, m[0], past);
}

/* Exactly whether m is in generate()'s list, from the move's fields. */
static int fh_is_legal(const ag_game *g, const void *pos, int player, ag_move m)
{
  const fh_game *fg = GAME(g);
  const fh_board *b = &fg->board;
  const fh_pos *p = pos;
  int from = AG__MOVE_FROM(m), to = AG__MOVE_TO(m), kind = AG__MOVE_KIND(m), fc, tc;
  uint64_t empty = empty_of(fg, p->hens, p->fox);
  if (p->result || player != p->to_move) return 0;
  if (m == PASS_MOVE) return p->chain;
  if (from >= FH_POINTS || to >= FH_POINTS) return 0;
  fc = b->cell[from], tc = b->cell[to];
  if (!(empty >> tc & 1)) return 0;
  if (kind == AG_MOVE_JUMP)
    return p->to_move == FOX && fc == p->fox && !((fc + tc) & 1) &&
           m == AG__MOVE(AG_MOVE_JUMP, b->node[(fc + tc) / 2], to, from) &&
           (fox_landings(fg, fc, p->hens, empty) >> tc & 1);
  if (kind != AG_MOVE_STEP || !fg->step_dir[from][to] ||
      m != AG__MOVE(AG_MOVE_STEP, fg->step_dir[from][to], to, from))
    return 0;
  return p->to_move == HENS ? (int)(p->hens >> fc & 1) : !p->chain && fc == p->fox;
}

/* The reference random playout on a copy of pos: moves[ag_rng_below(rng, n)]
 * of generate()'s list, applied as apply_move does.  Repetition looks at the
 * boundary positions since the last capture: the playout's own in a list of
 * keys (on the stack, on the heap when a capture-free stretch is long), the
 * real history's through past until the playout's first capture. */
#define KEY(hens, fox, side) ((hens) ^ (uint64_t)(fox) << 56 ^ (uint64_t)(side) << 63)
static int fh_playout(const ag_game *g, const void *pos, const ag__past *past, uint64_t *rng,
                      size_t max_plies, size_t *plies, int *winner, int *reason)
{
  const fh_game *fg = GAME(g);
  fh_pos p;
  ag_move mv[MAX_MOVES];
  uint64_t stack_keys[256], *keys = stack_keys;
  size_t nkeys = 0, cap = 256, k = 0, history;
  int rc = 0, w, r;
  memcpy(&p, pos, sizeof p);
  history = p.since_capture;  /* real positions still in the window */
  while (!p.result && (max_plies == 0 || k < max_plies)) {
    size_t n = generate(fg, &p, mv), i;
    int boundary, repeats = 0;
    if (!p.chain && fg->repetition) {  /* the position left joins the window */
      if (nkeys == cap) {
        uint64_t *bigger = malloc(2 * cap * sizeof *bigger);
        if (!bigger) {
          rc = ag__fail(AG_ENOMEM, "fox_and_hens playout: out of memory");
          break;
        }
        memcpy(bigger, keys, nkeys * sizeof *keys);
        if (keys != stack_keys) free(keys);
        keys = bigger, cap *= 2;
      }
      keys[nkeys++] = KEY(p.hens, p.fox, p.to_move);
    }
    boundary = play(fg, &p, mv[ag__rng_below(rng, n)]);
    k++;
    if (!p.since_capture) nkeys = 0, history = 0;
    if (boundary && fg->repetition && !p.result) {
      uint64_t key = KEY(p.hens, p.fox, p.to_move);
      for (i = 0; i < nkeys; i++) repeats += keys[i] == key;
      if (history && repeats + 1 < fg->repetition) {
        p.hash = compute_hash(fg, &p);
        repeats += count_in_past(&p, past, history);
      }
    }
    settle(fg, &p, boundary, repeats);
  }
  if (keys != stack_keys) free(keys);
  if (rc < 0) return rc;
  *plies = k;
  rc = p.result == RESULT_NONE ? AG_OUTCOME_ONGOING : p.result == RESULT_DRAW ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN;
  w = p.result == RESULT_HENS ? HENS : p.result == RESULT_FOX ? FOX : AG_PLAYER_NONE;
  r = p.reason;
  *winner = w, *reason = r;
  return rc;
}

/* ----------------------------------------------------------------- vtable */

static int fh_setup(ag_game *g)
{
  fh_game *fg = g->data;
  fh_board *b = &fg->board;
  uint64_t keys[2 * FH_CELLS + 2];
  int i, d, hens = g->opt[OPT_HENS];
  if (hens != 13 && hens != 15 && hens != 17)
    return ag__fail(AG_EPARSE, "spec: hens must be 13, 15 or 17, not %d", hens);
  if (g->opt[OPT_THRESHOLD] >= hens)
    return ag__fail(AG_EPARSE, "spec: threshold must be 1 to %d (hens - 1), not %d", hens - 1,
                    g->opt[OPT_THRESHOLD]);
  if (g->opt[OPT_REPETITION] == 1)
    return ag__fail(AG_EPARSE, "spec: repetition must be 0, 2 or 3 (1 would end every game at once)");
  ag__fh_board_build(b);
  for (i = 0; i < FH_POINTS; i++) {
    int cell = b->cell[i];
    fg->nodes[i].name = point_names[i];
    fg->nodes[i].x = cell % 8;
    fg->nodes[i].y = cell / 8;
    fg->nodes[i].kind = AG_NODE_POINT;
    for (d = 0; d < FH_DIRECTIONS; d++)
      if (b->step_from[d] >> cell & 1) fg->step_dir[i][b->node[cell + ag__fh_offsets[d]]] = (uint8_t)(d + 1);
  }
  for (i = 0; i < b->edge_count; i++) {
    fg->edges[i].a = b->edge_a[i];
    fg->edges[i].b = b->edge_b[i];
    fg->edges[i].kind = b->edge_diagonal[i] ? AG_EDGE_DIAGONAL : AG_EDGE_LINE;
  }
  ag__zobrist_fill(keys, sizeof keys / sizeof keys[0], "fox_and_hens");
  memcpy(fg->key_hen, keys, sizeof fg->key_hen);
  memcpy(fg->key_fox, keys + FH_CELLS, sizeof fg->key_fox);
  fg->key_fox_to_move = keys[2 * FH_CELLS];
  fg->key_chain = keys[2 * FH_CELLS + 1];
  /* 13: rows 1-3; 15: and a4, g4; 17: and a4, b4, f4, g4 (rules header item 3). */
  fg->start_hens = (b->all & UINT64_C(0xffffff)) |
                   (hens >= 15 ? bit(24) | bit(30) : 0) | (hens == 17 ? bit(25) | bit(29) : 0);
  fg->start_count = hens;
  fg->threshold = g->opt[OPT_THRESHOLD];
  fg->first = g->opt[OPT_FIRST];
  fg->chain = g->opt[OPT_CHAIN];
  fg->repetition = g->opt[OPT_REPETITION];
  fg->max_plies = (uint32_t)g->opt[OPT_MAX_PLIES];
  g->marks = fh_marks;
  g->num_marks = (int)(sizeof fh_marks / sizeof fh_marks[0]);
  g->nodes = fg->nodes;
  g->num_nodes = FH_POINTS;
  g->edges = fg->edges;
  g->num_edges = b->edge_count;
  g->width = 6;
  g->height = 6;
  g->limit[AG_LIMIT_LEGAL_MOVES] = MAX_MOVES;
  g->limit[AG_LIMIT_CHANCE_OUTCOMES] = 0;
  g->limit[AG_LIMIT_PLIES] = fg->max_plies;
  g->limit[AG_LIMIT_POSITION_TEXT] = 64;
  g->limit[AG_LIMIT_MOVE_TEXT] = 8;
  g->limit[AG_LIMIT_RENDER_TEXT] = 1024;
  return AG_OK;
}

#define CENTRE 27   /* d4's cell */

static void fh_initial(const ag_game *g, void *pos)
{
  const fh_game *fg = GAME(g);
  fh_pos *p = pos;
  memset(p, 0, sizeof *p);
  p->hens = fg->start_hens;
  p->fox = CENTRE;
  p->to_move = (uint8_t)(fg->first ? FOX : HENS);
  p->hash = compute_hash(fg, p);
  settle(fg, p, 1, 0);
}

static int fh_current_player(const ag_game *g, const void *pos)
{
  const fh_pos *p = pos;
  (void)g;
  return p->result ? AG_PLAYER_TERMINAL : p->to_move;
}

static size_t fh_legal(const ag_game *g, const void *pos, int player, ag_move *out)
{
  const fh_pos *p = pos;
  if (p->result || player != p->to_move) return 0;
  return generate(GAME(g), p, out);
}

static int fh_outcome(const ag_game *g, const void *pos, int *winner, int *reason)
{
  const fh_pos *p = pos;
  (void)g;
  *reason = p->reason;
  *winner = p->result == RESULT_HENS ? HENS : p->result == RESULT_FOX ? FOX : AG_PLAYER_NONE;
  return p->result == RESULT_NONE ? AG_OUTCOME_ONGOING
         : p->result == RESULT_DRAW ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN;
}

static uint64_t fh_hash(const ag_game *g, const void *pos)
{
  (void)g;
  return ((const fh_pos *)pos)->hash;
}

/* The fox is reported as the hunt family's hunted piece, the hens as its
 * hunters (the piece kinds name roles; see ancientgames-fox-and-hens(7)). */
static int fh_piece(const ag_game *g, const void *pos, int node, int index, int *owner,
                    int *kind, int *count)
{
  const fh_pos *p = pos;
  int cell = GAME(g)->board.cell[node];
  if (index > 0) return 0;
  if (cell == p->fox) *owner = FOX, *kind = AG_PIECE_HARE;
  else if (p->hens >> cell & 1) *owner = HENS, *kind = AG_PIECE_HUNTER;
  else return 0;
  *count = 1;
  return 1;
}

/* Counters: AG_INFO_COUNTER = plies played, AG_INFO_CHAIN, AG_INFO_CAPTURED[1]
 * = hens taken by the fox. */
static int fh_info(const ag_game *g, const void *pos, int key, int index, int *value)
{
  const fh_pos *p = pos;
  const fh_game *fg = GAME(g);
  switch (key) {
  case AG_INFO_COUNTER: *value = (int)p->ply; return AG_OK;
  case AG_INFO_CHAIN: *value = p->chain; return AG_OK;
  case AG_INFO_CAPTURED:
    if (index < 0 || index > 1) return ag__fail(AG_EINVAL, "fox_and_hens: player %d out of range", index);
    *value = index == FOX ? fg->start_count - popcount64(p->hens) : 0;
    return AG_OK;
  default:
    return ag__fail(AG_ENOTFOUND, "fox_and_hens: no counter %d", key);
  }
}

/* Position text: rows 7..1, each its points from column a ('.', 'H' a hen,
 * 'F' the fox; 3 points in rows 1, 2, 6, 7, 7 in rows 3-5) separated by
 * '/', then the side to move (H or F), the chain mark (- or *), the ply
 * count, and " rep" when the game ended by repetition. */
static void fh_write(const ag_game *g, const void *pos, ag__buf *b)
{
  const fh_board *bd = &GAME(g)->board;
  const fh_pos *p = pos;
  int row, col;
  for (row = 6; row >= 0; row--) {
    for (col = 0; col < 7; col++) {
      int cell = 8 * row + col;
      if (bd->node[cell] < 0) continue;
      ag__putc(b, cell == p->fox ? 'F' : (p->hens >> cell & 1) ? 'H' : '.');
    }
    if (row) ag__putc(b, '/');
  }
  ag__printf(b, " %c %c %u", p->to_move == FOX ? 'F' : 'H', p->chain ? '*' : '-', p->ply);
  if (p->reason == AG_END_REPETITION) ag__puts(b, " rep");
}

/* Checks what the board text cannot say by itself: counts, chain sanity, clocks. */
static int validate(const fh_game *fg, const fh_pos *p, int foxes, size_t at)
{
  if (foxes != 1) return ag__fail(AG_EPARSE, "fox_and_hens position: %d foxes on the board (byte %zu)", foxes, at);
  if (popcount64(p->hens) > fg->start_count)
    return ag__fail(AG_EPARSE, "fox_and_hens position: %d hens, this game has %d (byte %zu)",
                    popcount64(p->hens), fg->start_count, at);
  if (p->chain && (!fg->chain || p->to_move != FOX ||
                   !fox_landings(fg, p->fox, p->hens, empty_of(fg, p->hens, p->fox))))
    return ag__fail(AG_EPARSE, "fox_and_hens position: a chain needs chain=1, the fox to move and a jump (byte %zu)", at);
  if (fg->max_plies && p->ply > fg->max_plies)
    return ag__fail(AG_EPARSE, "fox_and_hens position: ply %u is past max_plies=%u (byte %zu)",
                    p->ply, fg->max_plies, at);
  return AG_OK;
}

static int fh_read(const ag_game *g, void *pos, const char *text)
{
  const fh_game *fg = GAME(g);
  fh_pos *p = pos;
  ag__scan sc = {text, 0};
  int row, col, foxes = 0, rc;
  long ply;
  memset(p, 0, sizeof *p);
  for (row = 6; row >= 0; row--) {
    for (col = 0; col < 7; col++) {
      int cell = 8 * row + col;
      char c;
      if (fg->board.node[cell] < 0) continue;
      c = text[sc.i];
      if (c == 'F') p->fox = (uint8_t)cell, foxes++;
      else if (c == 'H') p->hens |= bit(cell);
      else if (c != '.')
        return ag__fail(AG_EPARSE, "fox_and_hens position: '.', 'H' or 'F' expected at byte %zu", sc.i);
      sc.i++;
    }
    if (row && text[sc.i++] != '/')
      return ag__fail(AG_EPARSE, "fox_and_hens position: '/' expected at byte %zu", sc.i - 1);
  }
  if (!ag__scan_lit(&sc, " H") && !ag__scan_lit(&sc, " F"))
    return ag__fail(AG_EPARSE, "fox_and_hens position: ' H' or ' F' (side to move) expected at byte %zu", sc.i);
  p->to_move = text[sc.i - 1] == 'F' ? FOX : HENS;
  if (ag__scan_lit(&sc, " *")) p->chain = 1;
  else if (!ag__scan_lit(&sc, " -"))
    return ag__fail(AG_EPARSE, "fox_and_hens position: ' -' or ' *' (chain) expected at byte %zu", sc.i);
  if (!ag__scan_lit(&sc, " ") || !ag__scan_int(&sc, 0, PLY_MAX, &ply))
    return ag__fail(AG_EPARSE, "fox_and_hens position: ply count expected at byte %zu", sc.i);
  p->ply = (uint32_t)ply;
  if ((rc = validate(fg, p, foxes, sc.i)) < 0) return rc;
  p->hash = compute_hash(fg, p);
  if (popcount64(p->hens) <= fg->threshold) {  /* captured down to the threshold already */
    p->result = RESULT_FOX;
    p->reason = AG_END_CAPTURES;
  }
  settle(fg, p, !p->chain, 0);
  if (ag__scan_lit(&sc, " rep")) {
    /* Repetition ranks above the ply cap (end check (c) before (d)). */
    if ((p->result && p->reason != AG_END_PLY_LIMIT) || p->chain || !fg->repetition)
      return ag__fail(AG_EPARSE, "fox_and_hens position: 'rep' does not fit this position at byte %zu", sc.i - 4);
    p->result = RESULT_DRAW;
    p->reason = AG_END_REPETITION;
  }
  if (text[sc.i] != '\0')
    return ag__fail(AG_EPARSE, "fox_and_hens position: unexpected '%c' at byte %zu", text[sc.i], sc.i);
  return AG_OK;
}

/* The node jumped over from `from` to `to`, or -1 when that is no jump of the board. */
static int jump_over(const fh_game *fg, int from, int to)
{
  const fh_board *b = &fg->board;
  int fc = b->cell[from], tc = b->cell[to], d;
  for (d = 0; d < FH_DIRECTIONS; d++)
    if ((b->jump_from[d] >> fc & 1) && fc + 2 * ag__fh_offsets[d] == tc)
      return b->node[fc + ag__fh_offsets[d]];
  return -1;
}

static int fh_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  const fh_game *fg = GAME(g);
  int k = AG__MOVE_KIND(m), f = AG__MOVE_FROM(m), t = AG__MOVE_TO(m), aux = AG__MOVE_AUX(m);
  if (m == PASS_MOVE) {
    *kind = AG_MOVE_PASS, *from = -1, *to = -1;
    return AG_OK;
  }
  if (f >= FH_POINTS || t >= FH_POINTS) return AG_EINVAL;
  if (k == AG_MOVE_STEP && aux != 0 && aux == fg->step_dir[f][t]) {}
  else if (k == AG_MOVE_JUMP && aux == jump_over(fg, f, t)) {}
  else return AG_EINVAL;
  *kind = k, *from = f, *to = t;
  return AG_OK;
}

static int fh_move_write(const ag_game *g, ag_move m, ag__buf *b)
{
  int kind, from, to;
  if (fh_move_info(g, m, &kind, &from, &to) != AG_OK) return AG_EINVAL;
  ag__hunt_move_write(b, point_names, kind, from, to);
  return AG_OK;
}

/* Reads a point name such as "c3" (either case) at s; -1 if none. */
static int read_point(const void *data, const char *s)
{
  const fh_game *fg = data;
  int col = s[0] | 0x20, row = s[1] - '1';
  if (col < 'a' || col > 'g' || row < 0 || row > 6) return -1;
  return fg->board.node[8 * row + (col - 'a')];
}

static int fh_move_read(const ag_game *g, const char *text, ag_move *out)
{
  const fh_game *fg = GAME(g);
  int from = -1, to = -1, over, rc;
  char sep;
  if ((rc = ag__hunt_move_parse("fox_and_hens", text, read_point, fg, &from, &to, &sep)) < 0) return rc;
  if (sep == 'p') {
    *out = PASS_MOVE;
    return AG_OK;
  }
  if (sep == '-') {
    int d = fg->step_dir[from][to];
    if (!d)
      return ag__fail(AG_EPARSE, "fox_and_hens move '%s': %s and %s are not adjacent", text,
                      point_names[from], point_names[to]);
    *out = AG__MOVE(AG_MOVE_STEP, d, to, from);
    return AG_OK;
  }
  if ((over = jump_over(fg, from, to)) < 0)
    return ag__fail(AG_EPARSE, "fox_and_hens move '%s': no jump from %s to %s on this board", text,
                    point_names[from], point_names[to]);
  *out = AG__MOVE(AG_MOVE_JUMP, over, to, from);
  return AG_OK;
}

/* Whether a line joins (col, row) and (col + dc, row + 1) (0-based). */
static int line_up(const fh_game *fg, int col, int row, int dc)
{
  int a = 8 * row + col, c = col + dc;
  if (c < 0 || c > 6 || fg->board.node[a] < 0) return 0;
  return (int)(fg->board.neighbours[fg->board.node[a]] >> (8 * (row + 1) + c) & 1);
}

/* The cross with its lines, then who is to move and the score. */
static void fh_render(const ag_game *g, const void *pos, ag__buf *b)
{
  const fh_game *fg = GAME(g);
  const fh_board *bd = &fg->board;
  const fh_pos *p = pos;
  int row, col, w, r;
  for (row = 6; row >= 0; row--) {
    ag__printf(b, "%d  ", row + 1);
    for (col = 0; col < 7; col++) {
      int cell = 8 * row + col;
      ag__putc(b, bd->node[cell] < 0 ? ' ' : cell == p->fox ? 'F' : (p->hens >> cell & 1) ? 'H' : '.');
      if (col < 6)
        ag__puts(b, bd->node[cell] >= 0 && bd->node[cell + 1] >= 0 ? " - " : "   ");
    }
    ag__putc(b, '\n');
    if (row) {
      ag__puts(b, "   ");
      for (col = 0; col < 7; col++) {
        int up = bd->node[8 * (row - 1) + col] >= 0 && bd->node[8 * row + col] >= 0;
        ag__putc(b, up ? '|' : ' ');
        if (col < 6)
          ag__puts(b, line_up(fg, col, row - 1, 1) ? " / " : line_up(fg, col + 1, row - 1, -1) ? " \\ " : "   ");
      }
      ag__putc(b, '\n');
    }
  }
  ag__puts(b, "   a   b   c   d   e   f   g\n");
  ag__printf(b, "hens: %d of %d   ply %u   ", popcount64(p->hens), fg->start_count, p->ply);
  switch (fh_outcome(g, pos, &w, &r)) {
  case AG_OUTCOME_WIN: ag__printf(b, "%s win\n", w == FOX ? "fox" : "hens"); break;
  case AG_OUTCOME_DRAW: ag__puts(b, "draw\n"); break;
  default: ag__printf(b, "%s to move%s\n", p->to_move == FOX ? "fox" : "hens",
                      p->chain ? " (jump again or pass)" : "");
  }
}

/* ------------------------------------------------------ learning tensors */

/* Every move fh_move_info accepts: pass, then each step and jump between
 * points, with the only aux each can have (tensor.c sorts them). */
static size_t fh_all_moves(const ag_game *g, ag_move *out)
{
  const fh_game *fg = GAME(g);
  size_t n = 0;
  int from, to;
  out[n++] = PASS_MOVE;
  for (from = 0; from < FH_POINTS; from++)
    for (to = 0; to < FH_POINTS; to++) {
      int over = jump_over(fg, from, to);
      if (fg->step_dir[from][to]) out[n++] = AG__MOVE(AG_MOVE_STEP, fg->step_dir[from][to], to, from);
      if (over >= 0) out[n++] = AG__MOVE(AG_MOVE_JUMP, over, to, from);
    }
  return n;
}

static const int fh_piece_kinds[] = {AG_PIECE_HUNTER, AG_PIECE_HARE};
static const ag__obs_counter fh_counters[] = {
  {AG_INFO_CAPTURED, 1, "info:captured/1"},
  {AG_INFO_CHAIN, 0, "info:chain"},
  {AG_INFO_COUNTER, 0, "info:counter"},
};

const ag__vt ag__fox_and_hens_vt = {
  .name = "fox_and_hens",
  .flags = AG_GAME_ASYMMETRIC | AG_GAME_ZERO_SUM,
  .options = fh_options,
  .num_options = (int)(sizeof fh_options / sizeof fh_options[0]),
  .player_names = {"hens", "fox"},
  .game_size = sizeof(fh_game),
  .pos_size = sizeof(fh_pos),
  .setup = fh_setup,
  .initial = fh_initial,
  .current_player = fh_current_player,
  .legal = fh_legal,
  .chance = NULL,
  .apply = fh_apply,
  .outcome = fh_outcome,
  .hash = fh_hash,
  .piece = fh_piece,
  .info = fh_info,
  .write = fh_write,
  .read = fh_read,
  .move_write = fh_move_write,
  .move_read = fh_move_read,
  .move_info = fh_move_info,
  .render = fh_render,
  .playout = fh_playout,
  .is_legal = fh_is_legal,
  .all_moves = fh_all_moves,
  .piece_kinds = fh_piece_kinds,
  .num_piece_kinds = (int)(sizeof fh_piece_kinds / sizeof fh_piece_kinds[0]),
  .counters = fh_counters,
  .num_counters = (int)(sizeof fh_counters / sizeof fh_counters[0]),
  .extra_planes = NULL,
  .num_extra_planes = 0,
  .observe_extra = NULL,
  .playouts = NULL,     /* one at a time */
  .apply_legal = NULL,  /* is_legal, then apply */
};
