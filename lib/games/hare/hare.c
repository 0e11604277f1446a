/* SPDX-License-Identifier: MIT */
/*
 * hare.c -- the hare hunt (cercar la liebre, Alfonso X, 1283), exactly as
 * stated by ancientgames-hare(7) (man/ancientgames-hare.7; its SOURCES
 * name the sources).
 *
 * Hunters are player 0, the hare player 1.  Positions are 25-bit bitboards.
 * One ply is one step or one jump; after a jump with another jump available
 * (chain=1) the hare moves again and may only jump or pass.  The hare wins the
 * moment the hunters are down to 9; the side to move with no move loses;
 * repetition at turn boundaries and the ply cap are draws.
 *
 * The game's room, lib/games/hare/, by concern:
 *   hare.c          rules and text: options, setup (the tables), the
 *                   position and move texts, the vtable, the test hooks;
 *   hare_moves.c    the legal-move listing (plain, AVX-512), legality,
 *                   apply and the per-ply loop's checked apply;
 *   hare_playout.c  the random playouts (plain, popcnt and BMI2 builds);
 *   hare_game.h     the game's tables and the rule helpers those share;
 *   hare_board.h    what the game shares with its search (lib/ai/hare_search.c)
 *                   and its solver (lib/ai/hare_solver.c): the board, the
 *                   position (hare_pos) and their common helpers;
 *   hare_board.c    the board's tables, from its 16 lines;
 *   hare.h          the tests' hooks (the builds).
 * Undo is the core's snapshot: the game writes no undo code.
 */
#include <stdlib.h>
#include <string.h>
#include "hare_game.h"
#include "games/hunt.h"

static const char *const first_words[] = {"hunters", "hare", NULL};

static const ag__optdef hare_options[] = {
  {"hunters", 12, 10, 12, NULL},
  {"first", 0, 0, 1, first_words},
  {"chain", 1, 0, 1, NULL},
  {"repetition", 3, 0, 3, NULL},
  {"max_plies", HARE_MAX_PLIES_DEFAULT, 0, 1000000, NULL},
};

static const char *const point_names[HARE_POINTS] = {
  "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3",
  "d3", "e3", "a4", "b4", "c4", "d4", "e4", "a5", "b5", "c5", "d5", "e5",
};

/* The board's one mark: a frame 0.4 units outside the points. */
static const ag__mark hare_marks[] = {
  {AG_MARK_FRAME, AG_SHAPE_RECT, -1, -0.4, -0.4, 4.4, 4.4, 0, NULL, 0, NULL},
};

static uint64_t compute_hash(const hare_game *hg, const hare_pos *p)
{
  uint64_t h = hg->key_hare[p->hare];
  uint32_t m;
  for (m = p->hunters; m; m &= m - 1) h ^= hg->key_hunter[__builtin_ctz(m)];
  if (p->to_move == HARE) h ^= hg->key_hare_to_move;
  if (p->chain) h ^= hg->key_chain;
  return h;
}

/* Steps are listed direction by direction (aux = direction 1..8, in the order
 * of step_offsets), so that a random pick can count each direction's targets
 * with one popcount instead of building the list. */
static const int step_offsets[8] = {-6, -5, -4, -1, 1, 4, 5, 6};

int ag__hare_use_list(ag_game *g, int build)
{
  if (!g || g->vt != &ag__hare_vt || !ag__hare_cpu_lists(build))
    return ag__fail(AG_EINVAL, "hare listing build %d: not a hare game, or not on this CPU", build);
  ((hare_game *)g->data)->list_build = build;
  return AG_OK;
}

int ag__hare_builds(const ag_game *g, int *playout, int *list)
{
  if (!g || g->vt != &ag__hare_vt || !playout || !list)
    return ag__fail(AG_EINVAL, "hare builds: not a hare game");
  *playout = GAME(g)->playout_build;
  *list = GAME(g)->list_build;
  return AG_OK;
}

int ag__hare_use_playout(ag_game *g, int build)
{
  if (!g || g->vt != &ag__hare_vt || !ag__hare_cpu_runs(build))
    return ag__fail(AG_EINVAL, "hare playout build %d: not a hare game, or not on this CPU", build);
  ((hare_game *)g->data)->playout_build = build;
  return AG_OK;
}

/* ----------------------------------------------------------------- vtable */

static int hare_setup(ag_game *g)
{
  hare_game *hg = g->data;
  uint64_t keys[2 * HARE_POINTS + 2];
  uint32_t base;
  int i;
  if (g->opt[OPT_REPETITION] == 1)
    return ag__fail(AG_EPARSE, "spec: repetition must be 0, 2 or 3 (1 would end every game at once)");
  ag__hare_board_build(&hg->board);
  for (i = 0; i < HARE_POINTS; i++) {
    int d;
    for (d = 0; d < 8; d++) {
      int to = i + step_offsets[d];
      int line = to >= 0 && to < HARE_POINTS && (hg->board.neighbours[i] >> to & 1);
      if (line) {
        hg->step_from[d] |= 1u << i;
        hg->step_move[i][to] = AG__MOVE(AG_MOVE_STEP, d + 1, to, i);
      }
      hg->hare_step_move[i][d] = AG__MOVE(AG_MOVE_STEP, d + 1, to & 31, i);
      hg->hare_step_to[i][d] = (uint8_t)(line ? to : 31);
    }
  }
  for (i = 0; i < 64; i++) {
    int j;
    for (j = 0; j < 4; j++) {
      int d = 2 * j + (i >> 5), to = i & 31;
      hg->pair_move[j][i] = AG__MOVE(AG_MOVE_STEP, d + 1, to, (to - step_offsets[d]) & 0xff);
      hg->step_low[d][to] = (uint16_t)(hg->pair_move[j][i] & 0xffffu);
      hg->step_high[d] = AG__MOVE(AG_MOVE_STEP, d + 1, 0, 0);
      hg->pair_flip[j][i] = 1u << to | 1u << ((to - step_offsets[d]) & 31);
    }
  }
  for (i = 0; i < HARE_POINTS; i++) {
    int d;
    for (d = 0; d < 8; d++)
      if ((hg->step_from[d] >> i & 1) && (hg->step_from[d] >> (i + step_offsets[d]) & 1))
        hg->jump_from[d] |= 1u << i;
  }
  for (i = 0; i < HARE_POINTS; i++) {  /* the AVX-512 listing's rows (see hare_nbr_move) */
    int to, k = 0, j = 0;
    for (to = 0; to < HARE_POINTS; to++) {
      if (hg->step_move[i][to]) hg->hare_nbr_move[i][k++] = hg->step_move[i][to];
      if (hare_landings(hg->jump_from, (uint32_t)i, ALL_POINTS, ALL_POINTS) >> to & 1) {
        hg->hare_land_points[i] |= 1u << to;
        hg->hare_jump_move[i][j++] = AG__MOVE(AG_MOVE_JUMP, (i + to) / 2, to, i);
      }
    }
  }
  for (i = 0, base = 0; i < HARE_POINTS; i++) {
    uint32_t over = 0, k, size;
    int d;
    for (d = 0; d < 8; d++)
      if (hg->jump_from[d] >> i & 1) over |= 1u << (i + step_offsets[d]);
    size = 1u << ag__popcount32(over);
    if (base + size > LAND_TABLE_SIZE) return ag__fail(AG_ENOMEM, "hare: jump table too small");
    hg->jump_over[i] = over;
    hg->land_base[i] = (uint16_t)base;
    for (k = 0; k < size; k++) {  /* k's bit j: the j-th point of `over` has a hunter */
      uint32_t hunters = 0, m = over, j;
      for (j = 0; m; j++, m &= m - 1)
        if (k >> j & 1) hunters |= m & -m;
      hg->land_table[base + k] = hare_landings(hg->jump_from, (uint32_t)i, hunters, ALL_POINTS);
    }
    base += size;
  }
  for (i = 0; i < HARE_POINTS; i++) {
    hg->nodes[i].name = point_names[i];
    hg->nodes[i].x = i % 5;
    hg->nodes[i].y = i / 5;
    hg->nodes[i].kind = AG_NODE_POINT;
  }
  for (i = 0; i < hg->board.edge_count; i++) {
    hg->edges[i].a = hg->board.edge_a[i];
    hg->edges[i].b = hg->board.edge_b[i];
    hg->edges[i].kind = hg->board.edge_diagonal[i] ? AG_EDGE_DIAGONAL : AG_EDGE_LINE;
  }
#ifdef __SIZEOF_INT128__
  for (i = 1; i <= DRAW_MAX_BOUND; i++) hg->mod_magic[i] = UINT64_MAX / (unsigned)i + 1;
#endif
  ag__zobrist_fill(keys, sizeof keys / sizeof keys[0], "hare");
  memcpy(hg->key_hunter, keys, sizeof hg->key_hunter);
  memcpy(hg->key_hare, keys + HARE_POINTS, sizeof hg->key_hare);
  hg->key_hare_to_move = keys[2 * HARE_POINTS];
  hg->key_chain = keys[2 * HARE_POINTS + 1];
  /* 12: rows 1-2, a3, e3; 11: without e3; 10: rows 1-2 (ancientgames-hare(7), SETUP). */
  hg->start_hunters = 0x3ffu | (g->opt[OPT_HUNTERS] >= 11 ? 1u << 10 : 0) |
                      (g->opt[OPT_HUNTERS] == 12 ? 1u << 14 : 0);
  hg->first = g->opt[OPT_FIRST];
  hg->chain = g->opt[OPT_CHAIN];
  hg->repetition = g->opt[OPT_REPETITION];
  hg->max_plies = (uint32_t)g->opt[OPT_MAX_PLIES];
  hg->playout_build = g->cpu_generic ? AG__HARE_PLAYOUT_PLAIN : ag__hare_best_playout_build();
  hg->list_build = g->cpu_generic ? AG__HARE_LIST_PLAIN : ag__hare_best_list_build();
  g->marks = hare_marks;
  g->num_marks = (int)(sizeof hare_marks / sizeof hare_marks[0]);
  g->nodes = hg->nodes;
  g->num_nodes = HARE_POINTS;
  g->edges = hg->edges;
  g->num_edges = hg->board.edge_count;
  g->width = 4;
  g->height = 4;
  g->limit[AG_LIMIT_LEGAL_MOVES] = MAX_MOVES;
  g->limit[AG_LIMIT_CHANCE_OUTCOMES] = 0;
  g->limit[AG_LIMIT_PLIES] = hg->max_plies;
  g->limit[AG_LIMIT_POSITION_TEXT] = 64;
  g->limit[AG_LIMIT_MOVE_TEXT] = 8;
  g->limit[AG_LIMIT_RENDER_TEXT] = 1024;
  return AG_OK;
}

static void hare_initial(const ag_game *g, void *pos)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  memset(p, 0, sizeof *p);
  p->hunters = hg->start_hunters;
  p->hare = 12;
  p->to_move = (uint8_t)(hg->first ? HARE : HUNTERS);
  p->hash = compute_hash(hg, p);
  settle(hg, p, 1, 0);
}

static int hare_current_player(const ag_game *g, const void *pos)
{
  const hare_pos *p = pos;
  (void)g;
  return p->result ? AG_PLAYER_TERMINAL : p->to_move;
}

static int hare_outcome(const ag_game *g, const void *pos, int *winner, int *reason)
{
  const hare_pos *p = pos;
  (void)g;
  *reason = p->reason;
  *winner = p->result == RESULT_HUNTERS ? HUNTERS : p->result == RESULT_HARE ? HARE : AG_PLAYER_NONE;
  return p->result == RESULT_NONE ? AG_OUTCOME_ONGOING
         : p->result == RESULT_DRAW ? AG_OUTCOME_DRAW : AG_OUTCOME_WIN;
}

static uint64_t hare_hash(const ag_game *g, const void *pos)
{
  (void)g;
  return ((const hare_pos *)pos)->hash;
}

static int hare_piece(const ag_game *g, const void *pos, int node, int index, int *owner,
                      int *kind, int *count)
{
  const hare_pos *p = pos;
  (void)g;
  if (index > 0) return 0;
  if (node == p->hare) *owner = HARE, *kind = AG_PIECE_HARE;
  else if (p->hunters >> node & 1) *owner = HUNTERS, *kind = AG_PIECE_HUNTER;
  else return 0;
  *count = 1;
  return 1;
}

/* Counters: AG_INFO_COUNTER = plies played, AG_INFO_CHAIN, AG_INFO_CAPTURED[1]
 * = hunters taken by the hare, AG_INFO_RESERVE is not used by this game. */
static int hare_info(const ag_game *g, const void *pos, int key, int index, int *value)
{
  const hare_pos *p = pos;
  const hare_game *hg = GAME(g);
  switch (key) {
  case AG_INFO_COUNTER: *value = (int)p->ply; return AG_OK;
  case AG_INFO_CHAIN: *value = p->chain; return AG_OK;
  case AG_INFO_CAPTURED:
    if (index < 0 || index > 1) return ag__fail(AG_EINVAL, "hare: player %d out of range", index);
    *value = index == HARE ? ag__popcount32(hg->start_hunters) - ag__popcount32(p->hunters) : 0;
    return AG_OK;
  default:
    return ag__fail(AG_ENOTFOUND, "hare: no counter %d", key);
  }
}

/* Position text: rows 5..1 of '.', 'X' (hunter), 'O' (hare) separated by
 * '/', then the side to move (X or O), the chain mark (- or *), the ply
 * count, and " rep" when the game ended by repetition. */
static void hare_write(const ag_game *g, const void *pos, ag__buf *b)
{
  const hare_pos *p = pos;
  int row, col;
  (void)g;
  for (row = 4; row >= 0; row--) {
    for (col = 0; col < 5; col++) {
      int i = row * 5 + col;
      ag__putc(b, i == p->hare ? 'O' : (p->hunters >> i & 1) ? 'X' : '.');
    }
    if (row) ag__putc(b, '/');
  }
  ag__printf(b, " %c %c %u", p->to_move == HARE ? 'O' : 'X', p->chain ? '*' : '-', p->ply);
  if (p->reason == AG_END_REPETITION) ag__puts(b, " rep");
}

/* Checks what the board text cannot say by itself: counts, chain sanity, clocks. */
static int validate(const hare_game *hg, const hare_pos *p, int hares, size_t at)
{
  if (hares != 1) return ag__fail(AG_EPARSE, "hare position: %d hares on the board (byte %zu)", hares, at);
  if (ag__popcount32(p->hunters) > ag__popcount32(hg->start_hunters))
    return ag__fail(AG_EPARSE, "hare position: %d hunters, this game has %d (byte %zu)",
                    ag__popcount32(p->hunters), ag__popcount32(hg->start_hunters), at);
  if (p->chain && (!hg->chain || p->to_move != HARE || !hare_can_jump(hg, p->hare, p->hunters)))
    return ag__fail(AG_EPARSE, "hare position: a chain needs chain=1, the hare to move and a jump (byte %zu)", at);
  if (hg->max_plies && p->ply > hg->max_plies)
    return ag__fail(AG_EPARSE, "hare position: ply %u is past max_plies=%u (byte %zu)",
                    p->ply, hg->max_plies, at);
  return AG_OK;
}

static int hare_read(const ag_game *g, void *pos, const char *text)
{
  const hare_game *hg = GAME(g);
  hare_pos *p = pos;
  ag__scan sc = {text, 0};
  int row, col, hares = 0, rc;
  long ply;
  memset(p, 0, sizeof *p);
  for (row = 4; row >= 0; row--) {
    for (col = 0; col < 5; col++, sc.i++) {
      char c = text[sc.i];
      if (c == 'O') p->hare = (int8_t)(row * 5 + col), hares++;
      else if (c == 'X') p->hunters |= 1u << (row * 5 + col);
      else if (c != '.') return ag__fail(AG_EPARSE, "hare position: '.', 'X' or 'O' expected at byte %zu", sc.i);
    }
    if (row && text[sc.i++] != '/') return ag__fail(AG_EPARSE, "hare position: '/' expected at byte %zu", sc.i - 1);
  }
  if (!ag__scan_lit(&sc, " X") && !ag__scan_lit(&sc, " O"))
    return ag__fail(AG_EPARSE, "hare position: ' X' or ' O' (side to move) expected at byte %zu", sc.i);
  p->to_move = text[sc.i - 1] == 'O' ? HARE : HUNTERS;
  if (ag__scan_lit(&sc, " *")) p->chain = 1;
  else if (!ag__scan_lit(&sc, " -"))
    return ag__fail(AG_EPARSE, "hare position: ' -' or ' *' (chain) expected at byte %zu", sc.i);
  if (!ag__scan_lit(&sc, " ") || !ag__scan_int(&sc, 0, HARE_PLY_MAX, &ply))
    return ag__fail(AG_EPARSE, "hare position: ply count expected at byte %zu", sc.i);
  p->ply = (uint32_t)ply;
  if ((rc = validate(hg, p, hares, sc.i)) < 0) return rc;
  p->hash = compute_hash(hg, p);
  if (ag__popcount32(p->hunters) <= WIN_THRESHOLD) {  /* captured down to 9 already */
    p->result = RESULT_HARE;
    p->reason = AG_END_CAPTURES;
  }
  settle(hg, p, !p->chain, 0);
  if (ag__scan_lit(&sc, " rep")) {
    /* Repetition ranks above the ply cap (rules header, item 5): a game drawn
     * by repetition on the ply that reaches max_plies says "rep". */
    if ((p->result && p->reason != AG_END_PLY_LIMIT) || p->chain || !hg->repetition)
      return ag__fail(AG_EPARSE, "hare position: 'rep' does not fit this position at byte %zu", sc.i - 4);
    p->result = RESULT_DRAW;
    p->reason = AG_END_REPETITION;
  }
  if (text[sc.i] != '\0')
    return ag__fail(AG_EPARSE, "hare position: unexpected '%c' at byte %zu", text[sc.i], sc.i);
  return AG_OK;
}

/* The aux value (direction 1..8) of a step from -> to, or 0 when the two
 * points are not adjacent. */
static int step_direction(const hare_game *hg, int from, int to)
{
  return AG__MOVE_AUX(hg->step_move[from][to]);
}

static int hare_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  const hare_board *b = &GAME(g)->board;
  int k = AG__MOVE_KIND(m), f = AG__MOVE_FROM(m), t = AG__MOVE_TO(m), aux = AG__MOVE_AUX(m);
  if (m == PASS_MOVE) {
    *kind = AG_MOVE_PASS, *from = -1, *to = -1;
    return AG_OK;
  }
  if (f >= HARE_POINTS || t >= HARE_POINTS) return AG_EINVAL;
  if (k == AG_MOVE_STEP && aux != 0 && aux == step_direction(GAME(g), f, t)) {}
  else if (k == AG_MOVE_JUMP && aux == hare_jump_over(b, f, t)) {}
  else return AG_EINVAL;
  *kind = k, *from = f, *to = t;
  return AG_OK;
}

static int hare_move_write(const ag_game *g, ag_move m, ag__buf *b)
{
  int kind, from, to;
  if (hare_move_info(g, m, &kind, &from, &to) != AG_OK) return AG_EINVAL;
  ag__hunt_move_write(b, point_names, kind, from, to);
  return AG_OK;
}

/* Reads a point name such as "c3" (either case) at s; -1 if none. */
static int read_point(const void *data, const char *s)
{
  int col = s[0] | 0x20, row = s[1] - '1';
  (void)data;
  if (col < 'a' || col > 'e' || row < 0 || row > 4) return -1;
  return row * 5 + (col - 'a');
}

static int hare_move_read(const ag_game *g, const char *text, ag_move *out)
{
  const hare_board *b = &GAME(g)->board;
  int from = -1, to = -1, over, rc;
  char sep;
  if ((rc = ag__hunt_move_parse("hare", text, read_point, NULL, &from, &to, &sep)) < 0) return rc;
  if (sep == 'p') {
    *out = PASS_MOVE;
    return AG_OK;
  }
  if (sep == '-') {
    int d = step_direction(GAME(g), from, to);
    if (!d)
      return ag__fail(AG_EPARSE, "hare move '%s': %s and %s are not adjacent", text,
                      point_names[from], point_names[to]);
    *out = AG__MOVE(AG_MOVE_STEP, d, to, from);
    return AG_OK;
  }
  if ((over = hare_jump_over(b, from, to)) < 0)
    return ag__fail(AG_EPARSE, "hare move '%s': no jump from %s to %s on this board", text,
                    point_names[from], point_names[to]);
  *out = AG__MOVE(AG_MOVE_JUMP, over, to, from);
  return AG_OK;
}

/* The board with its lines, then who is to move and the score. */
static void hare_render(const ag_game *g, const void *pos, ag__buf *b)
{
  const hare_game *hg = GAME(g);
  const hare_pos *p = pos;
  int row, col, w, r;
  for (row = 4; row >= 0; row--) {
    ag__printf(b, "%d  ", row + 1);
    for (col = 0; col < 5; col++) {
      int i = row * 5 + col;
      ag__putc(b, i == p->hare ? 'O' : (p->hunters >> i & 1) ? 'X' : '.');
      if (col < 4) ag__puts(b, " - ");
    }
    ag__putc(b, '\n');
    if (row) {
      ag__puts(b, "   ");
      for (col = 0; col < 4; col++) ag__puts(b, (col + row - 1) % 2 ? "| \\ " : "| / ");
      ag__puts(b, "|\n");
    }
  }
  ag__puts(b, "   a   b   c   d   e\n");
  ag__printf(b, "hunters: %d of %d   ply %u   ", ag__popcount32(p->hunters),
             ag__popcount32(hg->start_hunters), p->ply);
  switch (hare_outcome(g, pos, &w, &r)) {
  case AG_OUTCOME_WIN: ag__printf(b, "%s win\n", w == HARE ? "hare" : "hunters"); break;
  case AG_OUTCOME_DRAW: ag__puts(b, "draw\n"); break;
  default: ag__printf(b, "%s to move%s\n", p->to_move == HARE ? "hare" : "hunters",
                      p->chain ? " (jump again or pass)" : "");
  }
}

/* ------------------------------------------------------ learning tensors */

/* Every move hare_move_info accepts: pass, then each step and jump between
 * points, with the only aux each can have (tensor.c sorts them). */
static size_t hare_all_moves(const ag_game *g, ag_move *out)
{
  size_t n = 0;
  int from, to, kind, f, t;
  out[n++] = PASS_MOVE;
  for (from = 0; from < HARE_POINTS; from++)
    for (to = 0; to < HARE_POINTS; to++) {
      ag_move step = AG__MOVE(AG_MOVE_STEP, step_direction(GAME(g), from, to), to, from);
      ag_move jump = AG__MOVE(AG_MOVE_JUMP, (from + to) / 2, to, from);
      if (hare_move_info(g, step, &kind, &f, &t) == AG_OK) out[n++] = step;
      if (hare_move_info(g, jump, &kind, &f, &t) == AG_OK) out[n++] = jump;
    }
  return n;
}

static const int hare_piece_kinds[] = {AG_PIECE_HUNTER, AG_PIECE_HARE};
static const ag__obs_counter hare_counters[] = {
  {AG_INFO_CAPTURED, 1, "info:captured/1"},
  {AG_INFO_CHAIN, 0, "info:chain"},
  {AG_INFO_COUNTER, 0, "info:counter"},
};

const ag__vt ag__hare_vt = {
  .name = "hare",
  .flags = AG_GAME_ASYMMETRIC | AG_GAME_ZERO_SUM,
  .options = hare_options,
  .num_options = (int)(sizeof hare_options / sizeof hare_options[0]),
  .player_names = {"hunters", "hare"},
  .game_size = sizeof(hare_game),
  .pos_size = sizeof(hare_pos),
  .setup = hare_setup,
  .initial = hare_initial,
  .current_player = hare_current_player,
  .legal = ag__hare_legal,
  .apply = ag__hare_apply,
  .outcome = hare_outcome,
  .hash = hare_hash,
  .piece = hare_piece,
  .info = hare_info,
  .write = hare_write,
  .read = hare_read,
  .move_write = hare_move_write,
  .move_read = hare_move_read,
  .move_info = hare_move_info,
  .render = hare_render,
  .playout = ag__hare_playout,
  .is_legal = ag__hare_is_legal,
  .all_moves = hare_all_moves,
  .piece_kinds = hare_piece_kinds,
  .num_piece_kinds = (int)(sizeof hare_piece_kinds / sizeof hare_piece_kinds[0]),
  .counters = hare_counters,
  .num_counters = (int)(sizeof hare_counters / sizeof hare_counters[0]),
  .playouts = ag__hare_playouts,
  .apply_legal = ag__hare_apply_legal,
};

