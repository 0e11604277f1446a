/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks.c -- liubo played with six throwing sticks, after Jean-Louis
 * Cazaux's reconstruction, as ancientgames-liubo-sticks(7) states it
 * (man/ancientgames-liubo-sticks.7; its SOURCES name the sources).
 *
 * The board: 29 stations (ring 1..20, inner stations A B C D on the east-west
 * axis and R S T U on the north-south axis, and the centre X), 32 lines.
 * Stones run counter-clockwise round the ring and may cross an axis from 6
 * or 11; the owl walks the lines in any direction.  A turn is one chance ply
 * (the throw: an unordered pair of values 1..4) followed by one ply per
 * sub-move; captures, loops, freeing, promotion, demotion and every end check
 * happen inside the sub-move that causes them.
 *
 * Stones are interchangeable, so the position is a multiset: per side, the
 * stones on each "slot" (27 stations other than X, plus X split by heading:
 * X6 for a stone that came from 6 and goes on to C, X11 for one that came
 * from 11 and goes on to T), the owl's station, the reserve, the freeable
 * prisoners held by the opponent and the stones removed for good.
 *
 * Move value (AG__MOVE layout kind << 24 | aux << 16 | to << 8 | from):
 *   throw  AG_MOVE_CHANCE, aux = a << 4 | b (a <= b), to = from = 0;
 *   entry  AG_MOVE_ENTER,  aux = v, to = station v (ids 0..3), from = 0xff;
 *   step   AG_MOVE_STEP,   aux = v | 0x08 promote | 0x10 stone on X heading
 *          H11 | 0x20 owl, to = destination station id, from = origin id.
 */
#include <string.h>
#include "ag_internal.h"
#include "games/liubo_sticks.h"

/* ------------------------------------------------------------ board tables */

static const ag__node ls_nodes[LS_NNODE] = {
  {"1", 6, 0, AG_NODE_POINT},   {"2", 9, 0, AG_NODE_POINT},
  {"3", 11, 0, AG_NODE_POINT},  {"4", 12, 1, AG_NODE_POINT},
  {"5", 12, 3, AG_NODE_POINT},  {"6", 12, 6, AG_NODE_POINT},
  {"7", 12, 9, AG_NODE_POINT},  {"8", 12, 11, AG_NODE_POINT},
  {"9", 11, 12, AG_NODE_POINT}, {"10", 9, 12, AG_NODE_POINT},
  {"11", 6, 12, AG_NODE_POINT}, {"12", 3, 12, AG_NODE_POINT},
  {"13", 1, 12, AG_NODE_POINT}, {"14", 0, 11, AG_NODE_POINT},
  {"15", 0, 9, AG_NODE_POINT},  {"16", 0, 6, AG_NODE_POINT},
  {"17", 0, 3, AG_NODE_POINT},  {"18", 0, 1, AG_NODE_POINT},
  {"19", 1, 0, AG_NODE_POINT},  {"20", 3, 0, AG_NODE_POINT},
  {"A", 10, 6, AG_NODE_POINT},  {"B", 8, 6, AG_NODE_POINT},
  {"C", 4, 6, AG_NODE_POINT},   {"D", 2, 6, AG_NODE_POINT},
  {"R", 6, 10, AG_NODE_POINT},  {"S", 6, 8, AG_NODE_POINT},
  {"T", 6, 4, AG_NODE_POINT},   {"U", 6, 2, AG_NODE_POINT},
  {"X", 6, 6, AG_NODE_GOAL},
  {"wres", 14, 0, AG_NODE_RESERVE}, {"bres", 14, 12, AG_NODE_RESERVE},
  {"wheld", 14, 2, AG_NODE_PRISON}, {"bheld", 14, 10, AG_NODE_PRISON}
};
#define LS_NODE_WRES 29
#define LS_NODE_WHELD 31

/* Each side's reserve holds its stones; its prison (wheld: white's) its
 * stones held by the other side. */
static const ag__box ls_boxes[] = {
  {LS_NODE_WRES, 0}, {LS_NODE_WRES + 1, 1}, {LS_NODE_WHELD, 0}, {LS_NODE_WHELD + 1, 1}
};

static const ag__edge ls_edges[LS_NEDGE] = {
  {0, 1, AG_EDGE_TRACK},   {1, 2, AG_EDGE_TRACK},   {2, 3, AG_EDGE_TRACK},
  {3, 4, AG_EDGE_TRACK},   {4, 5, AG_EDGE_TRACK},   {5, 6, AG_EDGE_TRACK},
  {6, 7, AG_EDGE_TRACK},   {7, 8, AG_EDGE_TRACK},   {8, 9, AG_EDGE_TRACK},
  {9, 10, AG_EDGE_TRACK},  {10, 11, AG_EDGE_TRACK}, {11, 12, AG_EDGE_TRACK},
  {12, 13, AG_EDGE_TRACK}, {13, 14, AG_EDGE_TRACK}, {14, 15, AG_EDGE_TRACK},
  {15, 16, AG_EDGE_TRACK}, {16, 17, AG_EDGE_TRACK}, {17, 18, AG_EDGE_TRACK},
  {18, 19, AG_EDGE_TRACK}, {19, 0, AG_EDGE_TRACK},
  {5, LS_ST_A, AG_EDGE_SHORTCUT},     {LS_ST_A, LS_ST_B, AG_EDGE_SHORTCUT},
  {LS_ST_B, LS_X, AG_EDGE_SHORTCUT},  {LS_X, LS_ST_C, AG_EDGE_SHORTCUT},
  {LS_ST_C, LS_ST_D, AG_EDGE_SHORTCUT}, {LS_ST_D, 15, AG_EDGE_SHORTCUT},
  {10, LS_ST_R, AG_EDGE_SHORTCUT},    {LS_ST_R, LS_ST_S, AG_EDGE_SHORTCUT},
  {LS_ST_S, LS_X, AG_EDGE_SHORTCUT},  {LS_X, LS_ST_T, AG_EDGE_SHORTCUT},
  {LS_ST_T, LS_ST_U, AG_EDGE_SHORTCUT}, {LS_ST_U, 0, AG_EDGE_SHORTCUT}
};

/* The board's marks, drawn under the edges: the frame half a unit outside the
 * ring, the central square around X, a T bar across each inner point next to
 * the ring (A, R, D, U), and a V in each corner, its apex toward the square. */
#define SEG(node, x0, y0, x1, y1) {AG_MARK_PATTERN, AG_SHAPE_SEGMENT, node, x0, y0, x1, y1, 0, NULL, 0, NULL}
static const ag__mark ls_marks[LS_NMARK] = {
  {AG_MARK_FRAME, AG_SHAPE_RECT, -1, -0.5, -0.5, 12.5, 12.5, 0, NULL, 0, NULL},
  {AG_MARK_PATTERN, AG_SHAPE_RECT, LS_X, 4, 4, 8, 8, 0, NULL, 0, NULL},
  SEG(LS_ST_A, 10, 5, 10, 7),   SEG(LS_ST_R, 5, 10, 7, 10),
  SEG(LS_ST_D, 2, 5, 2, 7),     SEG(LS_ST_U, 5, 2, 7, 2),
  SEG(-1, 2.5, 2.5, 1, 2.5),    SEG(-1, 2.5, 2.5, 2.5, 1),
  SEG(-1, 9.5, 2.5, 11, 2.5),   SEG(-1, 9.5, 2.5, 9.5, 1),
  SEG(-1, 2.5, 9.5, 1, 9.5),    SEG(-1, 2.5, 9.5, 2.5, 11),
  SEG(-1, 9.5, 9.5, 11, 9.5),   SEG(-1, 9.5, 9.5, 9.5, 11),
};
#undef SEG

static const char *const ls_w_promotion[] = {"optional", "forced", NULL};
static const char *const ls_w_stone_capture[] = {"prisoner", "reserve", "none", NULL};
static const char *const ls_w_owl_capture[] = {"prisoner", "removed", NULL};
static const char *const ls_w_loop[] = {"reach", "pass", NULL};
static const char *const ls_w_five[] = {"end_of_turn", "immediate", "off", NULL};
static const char *const ls_w_rethrow[] = {"none", "bead", NULL};

static const ag__optdef ls_options[LS_NOPT] = {
  {"first", 0, 0, 1, NULL},
  {"promotion", PROMO_OPTIONAL, 0, 1, ls_w_promotion},
  {"stone_capture", SCAP_PRISONER, 0, 2, ls_w_stone_capture},
  {"owl_capture", OCAP_PRISONER, 0, 1, ls_w_owl_capture},
  {"loop", LOOP_REACH, 0, 1, ls_w_loop},
  {"five", FIVE_END_OF_TURN, 0, 2, ls_w_five},
  {"rethrow", RETHROW_NONE, 0, 1, ls_w_rethrow},
  {"max_turns", 0, 0, 100000, NULL}
};

/* The ten throws {a, b}, a <= b, as moves ascending by value, with their weights
 * out of 64. */
#define LS_THROW(a, b) AG__MOVE(AG_MOVE_CHANCE, (a) << 4 | (b), 0, 0)
const ag_move ag__ls_throw_moves[10] = {
  LS_THROW(1, 1), LS_THROW(1, 2), LS_THROW(1, 3), LS_THROW(1, 4), LS_THROW(2, 2),
  LS_THROW(2, 3), LS_THROW(2, 4), LS_THROW(3, 3), LS_THROW(3, 4), LS_THROW(4, 4)
};
const uint32_t ag__ls_throw_w[10] = {1, 6, 6, 2, 9, 18, 6, 9, 6, 1};

/* --------------------------------------------------------------- position */

/* The station a stone slot is on. */
static int slot_station(int slot) { return slot < LS_X ? slot : LS_X; }

/* The slot a stone step starts from: its origin station, or on X the heading. */
static int move_slot(ag_move m)
{
  int from = AG__MOVE_FROM(m);
  if (from != LS_X) return from;
  return (AG__MOVE_AUX(m) & LS_H11) ? LS_XH11 : LS_XH6;
}

/* The text name of a stone slot: its station's name, X6 or X11 on X. */
static const char *slot_name(int slot)
{
  if (slot < LS_X) return ls_nodes[slot].name;
  return slot == LS_XH6 ? "X6" : "X11";
}

/* The stones of one side on a station, both headings together on X. */
static int stones_at(const ls_pos *p, int side, int st)
{
  return st == LS_X ? p->stones[side][LS_XH6] + p->stones[side][LS_XH11] : p->stones[side][st];
}

/* ------------------------------------------------------------------ setup */

/* One step of a stone along the directed circuit and axes. */
static int stone_next(int slot)
{
  switch (slot) {
  case LS_ST_A: return LS_ST_B;
  case LS_ST_B: return LS_XH6;
  case LS_XH6: return LS_ST_C;
  case LS_ST_C: return LS_ST_D;
  case LS_ST_D: return 15;
  case LS_ST_R: return LS_ST_S;
  case LS_ST_S: return LS_XH11;
  case LS_XH11: return LS_ST_T;
  case LS_ST_T: return LS_ST_U;
  case LS_ST_U: return 0;
  default: return (slot + 1) % 20;
  }
}

/* Fills the stone path tables: every slot, value and (round, across). */
static void setup_stone_paths(ls_game *t, int loop_option)
{
  int s, v, across, k, cur, nxt, loop;
  for (s = 0; s < LS_NSLOT; s++)
    for (v = 1; v <= 4; v++)
      for (across = 0; across < 2; across++) {
        t->stone_dest[s][v][across] = LS_NONE;
        t->stone_loop[s][v][across] = 0;
        if (across && s != 5 && s != 10) continue;
        cur = s, loop = 0;
        for (k = 0; k < v; k++) {
          nxt = (k == 0 && across) ? (s == 5 ? LS_ST_A : LS_ST_R) : stone_next(cur);
          if (nxt == 0 && (loop_option == LOOP_REACH || k + 1 < v)) loop = 1;
          cur = nxt;
        }
        t->stone_dest[s][v][across] = (uint8_t)cur;
        t->stone_loop[s][v][across] = (uint8_t)loop;
      }
}

/* Records every end of an owl walk of `left` more steps from `at`. */
static void owl_walk(ls_game *t, int start, int prev0, int v, int at, int from, int left)
{
  int i, nb;
  uint8_t *n = &t->owl_n[start][prev0][v];
  if (left == 0) {
    t->owl_end[start][prev0][v][*n] = (uint8_t)at;
    t->owl_last[start][prev0][v][*n] = (uint8_t)from;
    (*n)++;
    return;
  }
  for (i = 0; i < t->deg[at]; i++) {
    nb = t->adj[at][i];
    if (nb == from) continue;
    owl_walk(t, start, prev0, v, nb, at, left - 1);
  }
}

/* Builds the undirected adjacency and the owl walk tables. */
static void setup_owl_paths(ls_game *t)
{
  int e, s, p, v, a, b;
  for (e = 0; e < LS_NEDGE; e++) {
    a = ls_edges[e].a, b = ls_edges[e].b;
    t->adj[a][t->deg[a]++] = (uint8_t)b;
    t->adj[b][t->deg[b]++] = (uint8_t)a;
  }
  for (s = 0; s < LS_NST; s++)
    for (p = 0; p <= LS_NST; p++)
      for (v = 1; v <= 4; v++)
        owl_walk(t, s, p, v, s, p == LS_NST ? -1 : p, v);
}

/* Fills geometry, limits and the private tables. */
static int ls_setup(ag_game *g)
{
  ls_game *t = (ls_game *)g->data;
  g->nodes = ls_nodes;
  g->num_nodes = LS_NNODE;
  g->edges = ls_edges;
  g->num_edges = LS_NEDGE;
  g->marks = ls_marks;
  g->num_marks = LS_NMARK;
  g->boxes = ls_boxes;
  g->num_boxes = (int)(sizeof ls_boxes / sizeof ls_boxes[0]);
  g->width = 14;
  g->height = 12;
  g->limit[AG_LIMIT_LEGAL_MOVES] = 40;
  g->limit[AG_LIMIT_CHANCE_OUTCOMES] = 10;
  g->limit[AG_LIMIT_PLIES] = (g->opt[OPT_RETHROW] == RETHROW_NONE)
                                 ? (size_t)g->opt[OPT_MAX_TURNS] * 3 : 0;
  g->limit[AG_LIMIT_POSITION_TEXT] = 256;
  g->limit[AG_LIMIT_MOVE_TEXT] = 16;
  g->limit[AG_LIMIT_RENDER_TEXT] = 4096;
  ag__zobrist_fill(t->keys, ZK_COUNT, "liubo_sticks");
  setup_stone_paths(t, g->opt[OPT_LOOP]);
  setup_owl_paths(t);
  return AG_OK;
}

/* The start: empty board, six stones in each reserve, the first player to throw. */
static void ls_initial(const ag_game *g, void *vpos)
{
  ls_pos *p = (ls_pos *)vpos;
  memset(p, 0, sizeof *p);
  p->reserve[0] = p->reserve[1] = 6;
  p->owl[0] = p->owl[1] = LS_NONE;
  p->turn = (uint8_t)g->opt[OPT_FIRST];
  p->phase = PH_THROW;
  p->lock = p->prev = p->winner = LS_NONE;
}

/* ------------------------------------------------------------- the rules */

/* Pieces a side can still move: stones on the board, in reserve, and the owl. */
static int available(const ls_pos *p, int side)
{
  return p->board[side] + p->reserve[side] + (p->owl[side] != LS_NONE);
}

/* Chance at a throw, the mover during sub-moves, terminal once over. */
static int ls_current_player(const ag_game *g, const void *vpos)
{
  const ls_pos *p = (const ls_pos *)vpos;
  (void)g;
  if (p->phase == PH_OVER) return AG_PLAYER_TERMINAL;
  return p->phase == PH_THROW ? AG_PLAYER_CHANCE : p->turn;
}

/* The ten unordered throws with their weights out of 64. */
static size_t ls_chance(const ag_game *g, const void *vpos, ag_move *out, uint32_t *w,
                        uint32_t *total)
{
  int i;
  (void)g, (void)vpos;
  for (i = 0; i < 10; i++) {
    out[i] = ag__ls_throw_moves[i];
    w[i] = ag__ls_throw_w[i];
  }
  *total = 64;
  return 10;
}

/* Whether a stone of `side` landing on X now would end the game at once (it takes
 * the enemy owl, or the enemy's last available pieces: the same test, available(),
 * as apply_submove's R34 check, so an enemy owl elsewhere keeps the game going). */
static int landing_on_x_ends(const ag_game *g, const ls_pos *p, int side)
{
  int q = 1 - side, nx = stones_at(p, q, LS_X);
  if (p->owl[q] == LS_X) return 1;
  return g->opt[OPT_STONE_CAPTURE] == SCAP_PRISONER && nx > 0 && available(p, q) == nx;
}

/* Appends the stone moves by v from one slot. */
static size_t gen_stone(const ag_game *g, const ls_pos *p, int side, int slot, int v,
                        ag_move *out, size_t n)
{
  const ls_game *t = LS_G(g);
  int across, d, aux, from = slot_station(slot);
  for (across = 0; across < 2; across++) {
    d = t->stone_dest[slot][v][across];
    if (d == LS_NONE) continue;
    aux = v | (slot == LS_XH11 ? LS_H11 : 0);
    d = slot_station(d);
    if (d == LS_X && p->owl[side] == LS_NONE && !landing_on_x_ends(g, p, side)) {
      out[n++] = AG__MOVE(AG_MOVE_STEP, aux | LS_PROMOTE, d, from);
      if (g->opt[OPT_PROMOTION] == PROMO_FORCED) continue;
    }
    out[n++] = AG__MOVE(AG_MOVE_STEP, aux, d, from);
  }
  return n;
}

/* Appends every sub-move with value v; slots[0..ns) are the mover's occupied slots. */
static size_t gen_value(const ag_game *g, const ls_pos *p, int v, const uint8_t *slots, int ns,
                        ag_move *out, size_t n)
{
  const ls_game *t = LS_G(g);
  int side = p->turn, i, o, pr;
  for (i = 0; i < ns; i++) {
    int s = slots[i];
    if (p->stones[side][s] - (p->lock == s) > 0) n = gen_stone(g, p, side, s, v, out, n);
  }
  if (p->reserve[side]) out[n++] = AG__MOVE(AG_MOVE_ENTER, v, v - 1, LS_RESERVE);
  o = p->owl[side];
  if (o != LS_NONE && p->lock != LS_LOCK_OWL) {
    pr = p->prev == LS_NONE ? LS_NST : p->prev;
    for (i = 0; i < t->owl_n[o][pr][v]; i++)
      out[n++] = AG__MOVE(AG_MOVE_STEP, v | LS_OWL, t->owl_end[o][pr][v][i], o);
  }
  return n;
}

/* Lists the slots holding stones of one side, ascending, skipping empty 8-slot words. */
static int occupied_slots(const ls_pos *p, int side, uint8_t *slots)
{
  int n = 0, base, k;
  uint64_t w;
  for (base = 0; base < 32; base += 8) {
    memcpy(&w, p->stones[side] + base, 8);
    if (!w) continue;
    for (k = 0; k < 8; k++)
      if (p->stones[side][base + k]) slots[n++] = (uint8_t)(base + k);
  }
  return n;
}

/* Sorts a short move list ascending (insertion sort). */
static void sort_moves(ag_move *m, size_t n)
{
  size_t i, j;
  for (i = 1; i < n; i++) {
    ag_move x = m[i];
    for (j = i; j > 0 && m[j - 1] > x; j--) m[j] = m[j - 1];
    m[j] = x;
  }
}

/* Sub-moves of the side to move, ascending. */
static size_t gen_moves(const ag_game *g, const ls_pos *p, ag_move *out)
{
  size_t n = 0;
  uint8_t slots[8];
  int ns = occupied_slots(p, p->turn, slots);
  if (p->val[0]) n = gen_value(g, p, p->val[0], slots, ns, out, n);
  if (p->val[1] && p->val[1] != p->val[0]) n = gen_value(g, p, p->val[1], slots, ns, out, n);
  sort_moves(out, n);
  return n;
}

/* The sub-moves of the player to move, ascending; none for anyone else. */
static size_t ls_legal(const ag_game *g, const void *vpos, int player, ag_move *out)
{
  const ls_pos *p = (const ls_pos *)vpos;
  if (p->phase != PH_MOVE || player != p->turn) return 0;
  return gen_moves(g, p, out);
}

/* Clears the throw memory: pending values, lone, bead, lock and the owl's prev. */
static void clear_throw(ls_pos *p)
{
  p->val[0] = p->val[1] = 0;
  p->lone = p->bead = 0;
  p->lock = p->prev = LS_NONE;
}

/* Ends the game. */
static void finish(ls_pos *p, int winner, int reason)
{
  p->phase = PH_OVER;
  p->winner = (uint8_t)winner;
  p->reason = (uint8_t)reason;
  clear_throw(p);
}

/* Takes every stone of side q off station st; returns how many. */
static int take_stones(ls_pos *p, int q, int st)
{
  int n = stones_at(p, q, st);
  if (st == LS_X) p->stones[q][LS_XH6] = p->stones[q][LS_XH11] = 0;
  else p->stones[q][st] = 0;
  p->board[q] = (uint8_t)(p->board[q] - n);
  return n;
}

/* A stone of the mover lands on station st: captures (R16, R17).  Returns 1 when it
 * took the enemy owl. */
static int stone_lands(const ag_game *g, ls_pos *p, int st)
{
  int q = 1 - p->turn, took_owl = p->owl[q] == st, n;
  if (g->opt[OPT_STONE_CAPTURE] != SCAP_NONE) {
    n = take_stones(p, q, st);
    if (g->opt[OPT_STONE_CAPTURE] == SCAP_RESERVE) p->reserve[q] = (uint8_t)(p->reserve[q] + n);
    else p->held[q] = (uint8_t)(p->held[q] + n);
  }
  if (took_owl) {
    p->owl[q] = LS_NONE;
    p->held[q]++;
  }
  return took_owl;
}

/* The mover's owl lands on station st: takes stones (R27) and demotes an owl (R28). */
static void owl_lands(const ag_game *g, ls_pos *p, int st)
{
  int q = 1 - p->turn, n = take_stones(p, q, st);
  if (g->opt[OPT_OWL_CAPTURE] == OCAP_REMOVED) p->removed[q] = (uint8_t)(p->removed[q] + n);
  else p->held[q] = (uint8_t)(p->held[q] + n);
  if (p->owl[q] == st) {
    p->owl[q] = LS_NONE;
    p->reserve[q]++;
  }
}

/* A stone of the mover completes a loop (R19, R20). */
static void complete_loop(const ag_game *g, ls_pos *p)
{
  int s = p->turn;
  if (g->opt[OPT_RETHROW] == RETHROW_BEAD) p->bead = 1;
  if (p->held[s]) {
    p->held[s]--;
    p->reserve[s]++;
  }
}

/* Whether the five-stone rule makes side s lose now (R32). */
static int five_loses(const ls_pos *p, int s)
{
  return p->owl[s] != LS_NONE && p->owl[1 - s] == LS_NONE && p->board[1 - s] >= 5;
}

/* Marks value v spent, keeping the pending values ascending with 0 first. */
static void spend_value(ls_pos *p, int v)
{
  if (p->val[1] == v) p->val[1] = p->val[0];
  p->val[0] = 0;
}

/* Moves one stone of the mover from slot `from` by the step move m. */
static int apply_stone(const ag_game *g, ls_pos *p, ag_move m)
{
  const ls_game *t = LS_G(g);
  int s = p->turn, v = AG__MOVE_AUX(m) & 7, to = AG__MOVE_TO(m), from = move_slot(m);
  int across, dest;
  across = slot_station(t->stone_dest[from][v][0]) != to;
  dest = t->stone_dest[from][v][across];
  p->stones[s][from]--;
  if (!(AG__MOVE_AUX(m) & LS_PROMOTE)) p->stones[s][dest]++;
  if (t->stone_loop[from][v][across]) complete_loop(g, p);
  if (stone_lands(g, p, to)) return 1;  /* never with promote: such a landing has none */
  if (AG__MOVE_AUX(m) & LS_PROMOTE) {
    p->board[s]--;
    p->owl[s] = LS_X;
    p->prev = dest == LS_XH6 ? LS_ST_B : LS_ST_S;
    if (g->opt[OPT_RETHROW] == RETHROW_BEAD) p->bead = 1;
    if (!p->lone) p->lock = LS_LOCK_OWL;
  } else if (!p->lone) {
    p->lock = (uint8_t)dest;
  }
  return 0;
}

/* Moves the mover's owl by the step move m. */
static void apply_owl(const ag_game *g, ls_pos *p, ag_move m)
{
  const ls_game *t = LS_G(g);
  int s = p->turn, v = AG__MOVE_AUX(m) & 7, o = p->owl[s], to = AG__MOVE_TO(m), i;
  int pr = p->prev == LS_NONE ? LS_NST : p->prev;
  for (i = 0; i < t->owl_n[o][pr][v]; i++)
    if (t->owl_end[o][pr][v][i] == to) p->prev = t->owl_last[o][pr][v][i];
  p->owl[s] = (uint8_t)to;
  owl_lands(g, p, to);
}

/* The end of a whole turn: five-stone check, turn counter, cap, next player. */
static void end_turn(const ag_game *g, ls_pos *p)
{
  int s = p->turn;
  p->turns += p->turns < LS_TURNS_MAX;  /* stops at the largest count the text reads */
  if (g->opt[OPT_FIVE] == FIVE_END_OF_TURN && five_loses(p, s)) {
    finish(p, 1 - s, AG_END_FIVE);
    return;
  }
  if (g->opt[OPT_MAX_TURNS] && p->turns >= (uint32_t)g->opt[OPT_MAX_TURNS]) {
    finish(p, LS_NONE, AG_END_PLY_LIMIT);
    return;
  }
  p->turn = (uint8_t)(1 - s);
  p->phase = PH_THROW;
  clear_throw(p);
}

/* Applies one sub-move, then every check that follows it (R36). */
static void apply_submove(const ag_game *g, ls_pos *p, ag_move m)
{
  int s = p->turn, q = 1 - s;
  spend_value(p, AG__MOVE_AUX(m) & 7);
  if (AG__MOVE_KIND(m) == AG_MOVE_ENTER) {
    p->reserve[s]--;
    p->board[s]++;
    p->stones[s][AG__MOVE_TO(m)]++;
    if (!p->lone) p->lock = (uint8_t)AG__MOVE_TO(m);
    if (stone_lands(g, p, AG__MOVE_TO(m))) {  /* an entry can take an owl on 1..4 */
      finish(p, s, AG_END_OWL);
      return;
    }
  } else if (AG__MOVE_AUX(m) & LS_OWL) {
    apply_owl(g, p, m);
  } else {
    if (apply_stone(g, p, m)) {
      finish(p, s, AG_END_OWL);
      return;
    }
  }
  if (available(p, q) == 0) {
    finish(p, s, AG_END_ALL_TAKEN);
    return;
  }
  if (g->opt[OPT_FIVE] == FIVE_IMMEDIATE) {
    if (five_loses(p, s)) { finish(p, q, AG_END_FIVE); return; }
    if (five_loses(p, q)) { finish(p, s, AG_END_FIVE); return; }
  }
  if (p->val[1]) return;
  if (p->bead) {  /* set only under rethrow=bead */
    p->phase = PH_THROW;
    clear_throw(p);
    return;
  }
  end_turn(g, p);
}

/* Applies a throw: the values become pending and the lone flag is fixed. */
static void apply_throw(const ag_game *g, ls_pos *p, ag_move m)
{
  int a = AG__MOVE_AUX(m) >> 4, b = AG__MOVE_AUX(m) & 15;
  p->val[0] = (uint8_t)a;
  p->val[1] = (uint8_t)b;
  p->phase = PH_MOVE;
  p->lone = available(p, p->turn) == 1;
  p->bead = g->opt[OPT_RETHROW] == RETHROW_BEAD && a == b && (a == 1 || a == 4);
}

/* Applies a throw or a sub-move. */
static void ls_apply_one(const ag_game *g, ls_pos *p, ag_move m)
{
  if (AG__MOVE_KIND(m) == AG_MOVE_CHANCE) apply_throw(g, p, m);
  else apply_submove(g, p, m);
}

/* The vtable's apply: one ply, already checked by the core. */
static void ls_apply(const ag_game *g, void *vpos, const ag_move *m, size_t n,
                     const ag__past *past)
{
  (void)n, (void)past;
  ls_apply_one(g, (ls_pos *)vpos, m[0]);
}

/* The result: ongoing, a win with its reason, or the turn-cap draw. */
static int ls_outcome(const ag_game *g, const void *vpos, int *winner, int *reason)
{
  const ls_pos *p = (const ls_pos *)vpos;
  (void)g;
  if (p->phase != PH_OVER) {
    *winner = AG_PLAYER_NONE;
    *reason = AG_END_NONE;
    return AG_OUTCOME_ONGOING;
  }
  *reason = p->reason;
  if (p->winner == LS_NONE) {
    *winner = AG_PLAYER_NONE;
    return AG_OUTCOME_DRAW;
  }
  *winner = p->winner;
  return AG_OUTCOME_WIN;
}

/* The search's entries (liubo_sticks.h). */
size_t ag__ls_moves(const ag_game *g, const ls_pos *p, ag_move *out)
{
  return p->phase == PH_MOVE ? gen_moves(g, p, out) : 0;
}

void ag__ls_apply(const ag_game *g, ls_pos *p, ag_move m) { ls_apply_one(g, p, m); }

const ls_pos *ag__ls_position(const ag_state *st) { return (const ls_pos *)st->pos; }

/* ------------------------------------------------------------------- hash */

/* The Zobrist hash of everything the position text holds except the turn counter. */
static uint64_t ls_hash(const ag_game *g, const void *vpos)
{
  const ls_pos *p = (const ls_pos *)vpos;
  const uint64_t *k = LS_G(g)->keys;
  uint64_t h = 0;
  int s, i;
  for (s = 0; s < 2; s++) {
    for (i = 0; i < LS_NSLOT; i++)
      if (p->stones[s][i]) h ^= k[ZK_STONES + (s * LS_NSLOT + i) * 7 + p->stones[s][i]];
    if (p->owl[s] != LS_NONE) h ^= k[ZK_OWL + s * LS_NST + p->owl[s]];
    h ^= k[ZK_RES + s * 7 + p->reserve[s]] ^ k[ZK_HELD + s * 7 + p->held[s]] ^
         k[ZK_REM + s * 7 + p->removed[s]];
  }
  h ^= k[ZK_PHASE + p->phase];
  if (p->phase == PH_OVER)
    return h ^ k[ZK_WINNER + (p->winner == LS_NONE ? 2 : p->winner)] ^ k[ZK_REASON + p->reason];
  h ^= k[ZK_TURN + p->turn];
  if (p->phase == PH_MOVE) {
    h ^= k[ZK_VAL + p->val[0]] ^ k[ZK_VAL + 5 + p->val[1]];
    if (p->lone) h ^= k[ZK_LONE];
    if (p->lock != LS_NONE) h ^= k[ZK_LOCK + p->lock];
    if (p->prev != LS_NONE) h ^= k[ZK_PREV + p->prev];
    if (p->bead) h ^= k[ZK_BEAD];
  }
  return h;
}

/* ----------------------------------------------------------- inspection */

/* One group of pieces on a node: stations hold white stones, the white owl, black
 * stones, the black owl (in that order, empty groups skipped); reserves and prisons
 * hold one group of stones. */
static int ls_piece(const ag_game *g, const void *vpos, int node, int index, int *owner,
                    int *kind, int *count)
{
  const ls_pos *p = (const ls_pos *)vpos;
  int grp_owner[4], grp_kind[4], grp_count[4], n = 0, s, c;
  (void)g;
  if (node >= LS_NST) {
    s = (node - LS_NODE_WRES) & 1;
    c = node >= LS_NODE_WHELD ? p->held[s] : p->reserve[s];
    if (index > 0 || c == 0) return 0;
    *owner = s, *kind = AG_PIECE_STONE, *count = c;
    return 1;
  }
  for (s = 0; s < 2; s++) {
    c = stones_at(p, s, node);
    if (c) grp_owner[n] = s, grp_kind[n] = AG_PIECE_STONE, grp_count[n++] = c;
    if (p->owl[s] == node) grp_owner[n] = s, grp_kind[n] = AG_PIECE_OWL, grp_count[n++] = 1;
  }
  if (index >= n) return 0;
  *owner = grp_owner[index], *kind = grp_kind[index], *count = grp_count[index];
  return 1;
}

/* Counters: pending values (index 0, 1), prisoners, reserve and captures per player
 * (index 0, 1), complete turns (index 0). */
static int ls_info(const ag_game *g, const void *vpos, int key, int index, int *value)
{
  const ls_pos *p = (const ls_pos *)vpos;
  (void)g;
  if (key != AG_INFO_PENDING_STEPS && key != AG_INFO_PRISONERS && key != AG_INFO_RESERVE &&
      key != AG_INFO_CAPTURED && key != AG_INFO_COUNTER)
    return ag__fail(AG_ENOTFOUND, "liubo_sticks has no info key %d", key);
  if (index < 0 || index > (key == AG_INFO_COUNTER ? 0 : 1))
    return ag__fail(AG_EINVAL, "liubo_sticks: info index %d out of range", index);
  switch (key) {
  case AG_INFO_PENDING_STEPS: *value = p->val[index]; break;
  case AG_INFO_PRISONERS: *value = p->held[index]; break;
  case AG_INFO_RESERVE: *value = p->reserve[index]; break;
  case AG_INFO_CAPTURED: *value = p->held[1 - index] + p->removed[1 - index]; break;
  default: *value = (int)p->turns; break;
  }
  return AG_OK;
}

/* ---------------------------------------------------------- position text */

static const char *const ls_side_names[2] = {"white", "black"};
static const char *const ls_reason_words[] = {"", "", "", "owl", "", "", "", "five", "all"};

/* The word for an end reason in position text. */
static const char *reason_word(int reason)
{
  if (reason == AG_END_PLY_LIMIT) return "turns";
  return reason >= 0 && reason <= AG_END_ALL_TAKEN ? ls_reason_words[reason] : "";
}

/* Writes one side: stones per slot, owl, reserve, held, removed. */
static void write_side(const ls_pos *p, int s, ag__buf *b)
{
  int i, any = 0;
  ag__puts(b, ls_side_names[s]);
  ag__putc(b, ' ');
  for (i = 0; i < LS_NSLOT; i++) {
    if (!p->stones[s][i]) continue;
    if (any++) ag__putc(b, ',');
    ag__puts(b, slot_name(i));
    if (p->stones[s][i] > 1) ag__printf(b, "*%d", p->stones[s][i]);
  }
  if (!any) ag__putc(b, '-');
  ag__printf(b, " owl %s reserve %d held %d removed %d",
             p->owl[s] == LS_NONE ? "-" : ls_nodes[p->owl[s]].name, p->reserve[s],
             p->held[s], p->removed[s]);
}

/* Writes the status: whose turn and phase, pending values and throw memory. */
static void write_status(const ls_pos *p, ag__buf *b)
{
  if (p->phase == PH_OVER) {
    ag__printf(b, "over %s %s", p->winner == LS_NONE ? "draw" : ls_side_names[p->winner],
               reason_word(p->reason));
    return;
  }
  ag__puts(b, ls_side_names[p->turn]);
  if (p->phase == PH_THROW) {
    ag__puts(b, " throw");
    return;
  }
  if (p->val[0]) ag__printf(b, " move %d+%d", p->val[0], p->val[1]);
  else ag__printf(b, " move %d", p->val[1]);
  if (p->lone) ag__puts(b, " lone");
  if (p->lock == LS_LOCK_OWL) ag__puts(b, " lock owl");
  else if (p->lock != LS_NONE) ag__printf(b, " lock %s", slot_name(p->lock));
  if (p->prev != LS_NONE) ag__printf(b, " prev %s", ls_nodes[p->prev].name);
  if (p->bead) ag__puts(b, " bead");
}

/* Writes the canonical position text (see the man page for the grammar). */
static void ls_write(const ag_game *g, const void *vpos, ag__buf *b)
{
  const ls_pos *p = (const ls_pos *)vpos;
  (void)g;
  write_side(p, 0, b);
  ag__puts(b, "; ");
  write_side(p, 1, b);
  ag__puts(b, "; ");
  write_status(p, b);
  ag__printf(b, "; turns %u", (unsigned)p->turns);
}

/* Reads a name token (letters and digits) at the cursor; returns its length. */
static size_t scan_token(ag__scan *sc, char *tok, size_t cap)
{
  size_t n = 0;
  char c;
  for (;;) {
    c = sc->s[sc->i + n];
    if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) break;
    if (n + 1 >= cap) return 0;
    tok[n++] = c;
  }
  tok[n] = '\0';
  return n;
}

/* The length of the upper-case name `up` when s starts with it (ignoring the case of
 * s unless exact), else 0. */
static size_t starts_with_name(const char *s, const char *up, int exact)
{
  size_t k;
  for (k = 0; up[k]; k++) {
    char a = s[k];
    if (!exact && a >= 'a' && a <= 'z') a = (char)(a - 'a' + 'A');
    if (a != up[k]) return 0;
  }
  return k;
}

/* Reads a station name (stations = 1) or a stone slot name (stations = 0); position
 * text is case-sensitive, move text is not. */
static int scan_place_case(ag__scan *sc, int stations, int exact)
{
  char tok[8];
  size_t n = scan_token(sc, tok, sizeof tok);
  int id;
  if (!n) return -1;
  for (id = 0; id < (stations ? LS_NST : LS_NSLOT); id++)
    if (starts_with_name(tok, stations ? ls_nodes[id].name : slot_name(id), exact) == n) {
      sc->i += n;
      return id;
    }
  return -1;
}

/* Reads a station or slot name of position text (exact case). */
static int scan_place(ag__scan *sc, int stations) { return scan_place_case(sc, stations, 1); }

#define PARSE_FAIL(sc, what) \
  ag__fail(AG_EPARSE, "liubo_sticks: %s expected at byte %zu", what, (sc)->i)

/* Reads an integer in [lo, hi] after a literal. */
static int scan_field(ag__scan *sc, const char *lit, long lo, long hi, long *out)
{
  if (!ag__scan_lit(sc, lit)) return PARSE_FAIL(sc, lit);
  if (!ag__scan_num(sc, lo, hi, out)) return PARSE_FAIL(sc, "a number in range");
  return AG_OK;
}

/* Reads the stone list of one side. */
static int read_stones(ag__scan *sc, ls_pos *p, int s)
{
  int slot, last = -1;
  long c;
  if (ag__scan_lit(sc, "-")) return AG_OK;
  for (;;) {
    if ((slot = scan_place(sc, 0)) < 0 || slot <= last)
      return PARSE_FAIL(sc, "a stone slot in ascending order");
    c = 1;
    if (ag__scan_lit(sc, "*") && !ag__scan_num(sc, 2, 6, &c))
      return PARSE_FAIL(sc, "a stack count 2..6");
    p->stones[s][slot] = (uint8_t)c;
    p->board[s] = (uint8_t)(p->board[s] + c);
    if (p->board[s] > 6)
      return ag__fail(AG_EPARSE, "liubo_sticks: more than 6 stones at byte %zu", sc->i);
    last = slot;
    if (!ag__scan_lit(sc, ",")) return AG_OK;
  }
}

/* Reads one side: name, stones, owl, reserve, held, removed. */
static int read_side(const ag_game *g, ag__scan *sc, ls_pos *p, int s)
{
  long r, h, x;
  int st, rc;
  size_t at = sc->i;
  if (!ag__scan_lit(sc, ls_side_names[s]) || !ag__scan_lit(sc, " "))
    return PARSE_FAIL(sc, ls_side_names[s]);
  if ((rc = read_stones(sc, p, s)) < 0) return rc;
  if (!ag__scan_lit(sc, " owl ")) return PARSE_FAIL(sc, "' owl '");
  if (ag__scan_lit(sc, "-")) {
    p->owl[s] = LS_NONE;
  } else {
    if ((st = scan_place(sc, 1)) < 0) return PARSE_FAIL(sc, "a station or '-'");
    p->owl[s] = (uint8_t)st;
  }
  if ((rc = scan_field(sc, " reserve ", 0, 6, &r)) < 0 ||
      (rc = scan_field(sc, " held ", 0, 6, &h)) < 0 ||
      (rc = scan_field(sc, " removed ", 0, 6, &x)) < 0)
    return rc;
  p->reserve[s] = (uint8_t)r, p->held[s] = (uint8_t)h, p->removed[s] = (uint8_t)x;
  if (available(p, s) + h + x != 6)
    return ag__fail(AG_EPARSE, "liubo_sticks: %s's pieces do not add up to 6 (side at byte %zu)",
                    ls_side_names[s], at);
  if (x && g->opt[OPT_OWL_CAPTURE] != OCAP_REMOVED)
    return ag__fail(AG_EPARSE, "liubo_sticks: removed stones need owl_capture=removed (byte %zu)",
                    sc->i);
  return AG_OK;
}

/* Reads "over WINNER REASON". */
static int read_over(ag__scan *sc, ls_pos *p)
{
  int w;
  p->phase = PH_OVER;
  if (ag__scan_lit(sc, "white ")) w = 0;
  else if (ag__scan_lit(sc, "black ")) w = 1;
  else if (ag__scan_lit(sc, "draw ")) w = LS_NONE;
  else return PARSE_FAIL(sc, "white, black or draw");
  p->winner = (uint8_t)w;
  if (w == LS_NONE) {
    if (!ag__scan_lit(sc, "turns")) return PARSE_FAIL(sc, "'turns'");
    p->reason = AG_END_PLY_LIMIT;
  } else if (ag__scan_lit(sc, "owl")) p->reason = AG_END_OWL;
  else if (ag__scan_lit(sc, "five")) p->reason = AG_END_FIVE;
  else if (ag__scan_lit(sc, "all")) p->reason = AG_END_ALL_TAKEN;
  else return PARSE_FAIL(sc, "owl, five or all");
  return AG_OK;
}

/* Reads the optional words after "move V[+V]": lone, lock, prev, bead. */
static int read_move_memory(const ag_game *g, ag__scan *sc, ls_pos *p)
{
  int x;
  if (ag__scan_lit(sc, " lone")) p->lone = 1;
  if (ag__scan_lit(sc, " lock ")) {
    if (ag__scan_lit(sc, "owl")) p->lock = LS_LOCK_OWL;
    else if ((x = scan_place(sc, 0)) >= 0) p->lock = (uint8_t)x;
    else return PARSE_FAIL(sc, "a stone slot or 'owl'");
  }
  if (ag__scan_lit(sc, " prev ")) {
    if ((x = scan_place(sc, 1)) < 0) return PARSE_FAIL(sc, "a station");
    p->prev = (uint8_t)x;
  }
  if (g->opt[OPT_RETHROW] == RETHROW_BEAD && ag__scan_lit(sc, " bead")) p->bead = 1;
  return AG_OK;
}

/* Checks that the throw memory fits the pieces; 1 when consistent. */
static int move_memory_ok(const ag_game *g, const ls_pos *p)
{
  const ls_game *t = LS_G(g);
  int s = p->turn, o = p->owl[s], i, adj = 0;
  if (p->val[0] && (p->lock != LS_NONE || p->prev != LS_NONE)) return 0;
  if (p->val[0] && p->lone != (available(p, s) == 1)) return 0;
  if (p->lone && p->lock != LS_NONE) return 0;
  if (p->lock != LS_NONE && available(p, s) < 2) return 0;  /* another piece must move */
  if (p->lock == LS_LOCK_OWL && o == LS_NONE) return 0;
  if (p->lock < LS_NSLOT && p->stones[s][p->lock] == 0) return 0;
  if (p->prev == LS_NONE) return 1;
  if (o == LS_NONE) return 0;
  for (i = 0; i < t->deg[o]; i++) adj |= t->adj[o][i] == p->prev;
  return adj;
}

/* Reads "SIDE throw" or "SIDE move V[+V] [lone] [lock L] [prev S] [bead]". */
static int read_play(const ag_game *g, ag__scan *sc, ls_pos *p)
{
  long a, b;
  int rc;
  size_t at;
  if (ag__scan_lit(sc, "white")) p->turn = 0;
  else if (ag__scan_lit(sc, "black")) p->turn = 1;
  else return PARSE_FAIL(sc, "'white', 'black' or 'over'");
  if (ag__scan_lit(sc, " throw")) {
    p->phase = PH_THROW;
    return AG_OK;
  }
  if (!ag__scan_lit(sc, " move ")) return PARSE_FAIL(sc, "' throw' or ' move '");
  p->phase = PH_MOVE;
  at = sc->i;
  if (!ag__scan_num(sc, 1, 4, &b)) return PARSE_FAIL(sc, "a value 1..4");
  a = 0;
  if (ag__scan_lit(sc, "+")) {
    a = b;
    if (!ag__scan_num(sc, a, 4, &b)) return PARSE_FAIL(sc, "a second value, not smaller");
  }
  p->val[0] = (uint8_t)a, p->val[1] = (uint8_t)b;
  if ((rc = read_move_memory(g, sc, p)) < 0) return rc;
  if (!move_memory_ok(g, p))
    return ag__fail(AG_EPARSE, "liubo_sticks: inconsistent throw state at byte %zu", at);
  return AG_OK;
}

/* Parses canonical position text, checking that it is consistent. */
static int ls_read(const ag_game *g, void *vpos, const char *text)
{
  ls_pos *p = (ls_pos *)vpos;
  ag__scan sc = {text, 0};
  long turns;
  int rc, s;
  size_t at;
  memset(p, 0, sizeof *p);
  p->lock = p->prev = p->winner = LS_NONE;
  if ((rc = read_side(g, &sc, p, 0)) < 0) return rc;
  if (!ag__scan_lit(&sc, "; ")) return PARSE_FAIL(&sc, "'; '");
  if ((rc = read_side(g, &sc, p, 1)) < 0) return rc;
  if (!ag__scan_lit(&sc, "; ")) return PARSE_FAIL(&sc, "'; '");
  at = sc.i;
  rc = ag__scan_lit(&sc, "over ") ? read_over(&sc, p) : read_play(g, &sc, p);
  if (rc < 0) return rc;
  if ((rc = scan_field(&sc, "; turns ", 0, LS_TURNS_MAX, &turns)) < 0) return rc;
  p->turns = (uint32_t)turns;
  if (text[sc.i] != '\0') return PARSE_FAIL(&sc, "end of text");
  if (p->owl[0] != LS_NONE && p->owl[0] == p->owl[1])
    return ag__fail(AG_EPARSE, "liubo_sticks: both owls on one station (byte %zu)", at);
  if (p->phase == PH_OVER) return AG_OK;
  for (s = 0; s < 2; s++)
    if (available(p, s) == 0)
      return ag__fail(AG_EPARSE, "liubo_sticks: %s has no piece left, game not over (byte %zu)",
                      ls_side_names[s], at);
  if (g->opt[OPT_MAX_TURNS] && p->turns >= (uint32_t)g->opt[OPT_MAX_TURNS])
    return ag__fail(AG_EPARSE, "liubo_sticks: turn cap reached, game not over (byte %zu)", at);
  return AG_OK;
}

/* -------------------------------------------------------------- move text */

/* Whether m is a well-formed move of this game (context-free). */
static int move_valid(const ag_game *g, ag_move m)
{
  const ls_game *t = LS_G(g);
  int kind = AG__MOVE_KIND(m), aux = AG__MOVE_AUX(m), to = AG__MOVE_TO(m);
  int from = AG__MOVE_FROM(m), v = aux & 7, i, slot, d0, d1;
  if (kind == AG_MOVE_CHANCE)
    return to == 0 && from == 0 && (aux >> 4) >= 1 && (aux & 15) <= 4 && (aux >> 4) <= (aux & 15);
  if (v < 1 || v > 4) return 0;
  if (kind == AG_MOVE_ENTER) return aux == v && to == v - 1 && from == LS_RESERVE;
  if (kind != AG_MOVE_STEP || (aux & ~0x3f) || from >= LS_NST || to >= LS_NST) return 0;
  if (aux & LS_OWL) {
    if (aux & (LS_PROMOTE | LS_H11)) return 0;
    for (i = 0; i < t->owl_n[from][LS_NST][v]; i++)
      if (t->owl_end[from][LS_NST][v][i] == to) return 1;
    return 0;
  }
  if ((aux & LS_H11) && from != LS_X) return 0;
  if ((aux & LS_PROMOTE) && to != LS_X) return 0;
  slot = move_slot(m);
  d0 = slot_station(t->stone_dest[slot][v][0]);
  d1 = t->stone_dest[slot][v][1];
  return to == d0 || (d1 != LS_NONE && to == slot_station(d1));
}

/* Writes a move's text: 2+3, 2:res-2, 3:6-X+, 3:X6-16, 2:owlX-A. */
static int ls_move_write(const ag_game *g, ag_move m, ag__buf *b)
{
  int aux = AG__MOVE_AUX(m), to = AG__MOVE_TO(m), from = AG__MOVE_FROM(m);
  if (!move_valid(g, m)) return AG_EINVAL;
  switch (AG__MOVE_KIND(m)) {
  case AG_MOVE_CHANCE: ag__printf(b, "%d+%d", aux >> 4, aux & 15); break;
  case AG_MOVE_ENTER: ag__printf(b, "%d:res-%s", aux, ls_nodes[to].name); break;
  default:
    if (aux & LS_OWL)
      ag__printf(b, "%d:owl%s-%s", aux & 7, ls_nodes[from].name, ls_nodes[to].name);
    else
      ag__printf(b, "%d:%s-%s%s", aux & 7, slot_name(move_slot(m)), ls_nodes[to].name,
                 (aux & LS_PROMOTE) ? "+" : "");
  }
  return AG_OK;
}

/* Parses "v:ORIGIN-DEST[+]" after the value; origin is res, owlSTATION or a slot. */
static int read_submove(ag__scan *sc, long v, ag_move *m)
{
  int from, to, aux = (int)v, kind = AG_MOVE_STEP;
  char tok[8];
  size_t n = scan_token(sc, tok, sizeof tok);
  if (n == 3 && starts_with_name(tok, "RES", 0)) {
    sc->i += n;
    kind = AG_MOVE_ENTER, from = LS_RESERVE;
  } else if (n > 3 && starts_with_name(tok, "OWL", 0)) {
    sc->i += 3;
    if ((from = scan_place_case(sc, 1, 0)) < 0) return PARSE_FAIL(sc, "the owl's station");
    aux |= LS_OWL;
  } else {
    if ((from = scan_place_case(sc, 0, 0)) < 0) return PARSE_FAIL(sc, "res, owl or a stone slot");
    if (from == LS_XH11) aux |= LS_H11;
    from = slot_station(from);
  }
  if (!ag__scan_lit(sc, "-")) return PARSE_FAIL(sc, "'-'");
  if ((to = scan_place_case(sc, 1, 0)) < 0) return PARSE_FAIL(sc, "a destination station");
  if (ag__scan_lit(sc, "+")) aux |= LS_PROMOTE;
  *m = AG__MOVE(kind, aux, to, from);
  return AG_OK;
}

/* Parses a move's text (names case-insensitive) and checks it is a move of the board. */
static int ls_move_read(const ag_game *g, const char *text, ag_move *out)
{
  ag__scan sc = {text, 0};
  long a, b;
  ag_move m = 0;
  int rc;
  if (!ag__scan_num(&sc, 1, 4, &a)) return PARSE_FAIL(&sc, "a value 1..4");
  if (ag__scan_lit(&sc, "+")) {
    if (!ag__scan_num(&sc, 1, 4, &b)) return PARSE_FAIL(&sc, "a second value 1..4");
    if (a > b) { long x = a; a = b; b = x; }
    m = AG__MOVE(AG_MOVE_CHANCE, a << 4 | b, 0, 0);
  } else {
    if (!ag__scan_lit(&sc, ":")) return PARSE_FAIL(&sc, "'+' or ':'");
    if ((rc = read_submove(&sc, a, &m)) < 0) return rc;
  }
  if (text[sc.i] != '\0') return PARSE_FAIL(&sc, "end of move");
  if (!move_valid(g, m))
    return ag__fail(AG_EPARSE, "liubo_sticks: '%.32s' is no move of this board", text);
  *out = m;
  return AG_OK;
}

/* Kind, origin station (-1 for entries and throws) and destination (-1 for throws). */
static int ls_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to)
{
  if (!move_valid(g, m)) return AG_EINVAL;
  *kind = AG__MOVE_KIND(m);
  *from = (*kind == AG_MOVE_STEP) ? AG__MOVE_FROM(m) : -1;
  *to = (*kind == AG_MOVE_CHANCE) ? -1 : AG__MOVE_TO(m);
  return AG_OK;
}

/* ------------------------------------------------------------- rendering */

/* Writes what stands on a station in at most 4 characters: w2 = two white stones,
 * W* = the white owl (likewise b, B*); "." when empty. */
static void cell_text(const ls_pos *p, int st, char *out)
{
  int s, c, n = 0;
  for (s = 0; s < 2; s++) {
    c = stones_at(p, s, st);
    if (p->owl[s] == st) out[n++] = s ? 'B' : 'W', out[n++] = '*';
    if (c) out[n++] = s ? 'b' : 'w', out[n++] = (char)('0' + c);
  }
  if (!n) out[n++] = '.';
  out[n] = '\0';
}

/* Whether grid point (x, y) lies on a horizontal line of the drawing (the top and
 * bottom of the ring, the east-west axis), or on a vertical one. */
static int on_hline(int x, int y)
{
  return ((y == 0 || y == 12) && x >= 1 && x < 11) || (y == 6 && x < 12);
}

static int on_vline(int x, int y)
{
  return ((x == 0 || x == 12) && y >= 1 && y <= 11) || (x == 6 && y > 0 && y < 12);
}

/* The station drawn at grid point (x, y), or -1. */
static int station_at(int x, int y)
{
  int st;
  for (st = 0; st < LS_NST; st++)
    if (ls_nodes[st].x == x && ls_nodes[st].y == y) return st;
  return -1;
}

/* Writes txt padded to 5 columns with pad. */
static void put_cell(ag__buf *b, const char *txt, char pad)
{
  int k = 0;
  for (; txt[k] && k < 5; k++) ag__putc(b, txt[k]);
  for (; k < 5; k++) ag__putc(b, pad);
}

/* Writes one grid row of the board: station names joined by their lines, then what
 * stands on each station. */
static void render_row(const ls_pos *p, int y, ag__buf *b)
{
  int line, x, st;
  char cell[12];
  for (line = 0; line < 2; line++) {
    ag__puts(b, "  ");
    for (x = 0; x <= 12; x++) {
      st = station_at(x, y);
      if (st >= 0 && line == 0) put_cell(b, ls_nodes[st].name, on_hline(x, y) ? '-' : ' ');
      else if (st >= 0) cell_text(p, st, cell), put_cell(b, cell, ' ');
      else if (line == 0 && on_hline(x, y)) put_cell(b, "-", '-');
      else put_cell(b, on_vline(x, y) ? "|" : "", ' ');
    }
    ag__putc(b, '\n');
  }
}

/* Writes a side's summary line. */
static void render_side(const ls_pos *p, int s, ag__buf *b)
{
  ag__printf(b, "%s: stones on board %d, owl %s, reserve %d, held by %s %d, removed %d",
             ls_side_names[s], p->board[s],
             p->owl[s] == LS_NONE ? "none" : ls_nodes[p->owl[s]].name,
             p->reserve[s], ls_side_names[1 - s], p->held[s], p->removed[s]);
  if (p->stones[s][LS_XH6]) ag__printf(b, "; %d on X bound for C", p->stones[s][LS_XH6]);
  if (p->stones[s][LS_XH11]) ag__printf(b, "; %d on X bound for T", p->stones[s][LS_XH11]);
  ag__putc(b, '\n');
}

/* Draws the 13x13 schematic (station 1 at the bottom, stones running
 * counter-clockwise), then one line per side and one for the turn. */
static void ls_render(const ag_game *g, const void *vpos, ag__buf *b)
{
  const ls_pos *p = (const ls_pos *)vpos;
  int y;
  (void)g;
  for (y = 12; y >= 0; y--) {
    if (y == 7 || y == 5)
      ag__puts(b, "  |                             |                             |\n");
    else render_row(p, y, b);
  }
  render_side(p, 0, b);
  render_side(p, 1, b);
  ag__printf(b, "turns played: %u; ", (unsigned)p->turns);
  if (p->phase == PH_OVER) {
    if (p->winner == LS_NONE) ag__puts(b, "game over: draw (turn cap)\n");
    else ag__printf(b, "game over: %s wins (%s)\n", ls_side_names[p->winner],
                    p->reason == AG_END_OWL ? "owl taken by a stone"
                    : p->reason == AG_END_FIVE ? "five-stone rule" : "all pieces taken");
  } else if (p->phase == PH_THROW) {
    ag__printf(b, "%s to throw\n", ls_side_names[p->turn]);
  } else {
    ag__printf(b, "%s to move, values left:", ls_side_names[p->turn]);
    if (p->val[0]) ag__printf(b, " %d", p->val[0]);
    ag__printf(b, " %d%s\n", p->val[1], p->lone ? " (lone piece takes both)" : "");
  }
}

/* ---------------------------------------------------------------- playout */

/* The reference random playout on a private copy. */
static int ls_playout(const ag_game *g, const void *vpos, const ag__past *past, uint64_t *rng,
                      size_t max_plies, size_t *plies, int *winner, int *reason)
{
  ls_pos p;
  ag_move mv[64];
  size_t n, k = 0;
  (void)past;
  memcpy(&p, vpos, sizeof p);
  while (p.phase != PH_OVER && (max_plies == 0 || k < max_plies)) {
    if (p.phase == PH_THROW) {
      size_t i = ag__pick_weighted(rng, ag__ls_throw_w, 10, 64);
      apply_throw(g, &p, ag__ls_throw_moves[i]);
    } else {
      n = gen_moves(g, &p, mv);
      apply_submove(g, &p, mv[ag__rng_below(rng, n)]);
    }
    k++;
  }
  *plies = k;
  return ls_outcome(g, &p, winner, reason);
}

/* ------------------------------------------------------ learning tensors */

/* Every move move_valid accepts: the throws, the entries, every step (tensor.c
 * sorts them). */
static size_t ls_all_moves(const ag_game *g, ag_move *out)
{
  size_t n = 0;
  int aux, to, from, v;
  for (aux = 0; aux < 256; aux++)
    if (move_valid(g, AG__MOVE(AG_MOVE_CHANCE, aux, 0, 0))) out[n++] = AG__MOVE(AG_MOVE_CHANCE, aux, 0, 0);
  for (v = 1; v <= 4; v++)
    if (move_valid(g, AG__MOVE(AG_MOVE_ENTER, v, v - 1, LS_RESERVE)))
      out[n++] = AG__MOVE(AG_MOVE_ENTER, v, v - 1, LS_RESERVE);
  for (aux = 0; aux < 64; aux++) {
    if ((aux & 7) < 1 || (aux & 7) > 4) continue;   /* a step spends a value 1..4 */
    for (to = 0; to < LS_NST; to++)
      for (from = 0; from < LS_NST; from++)
        if (move_valid(g, AG__MOVE(AG_MOVE_STEP, aux, to, from))) out[n++] = AG__MOVE(AG_MOVE_STEP, aux, to, from);
  }
  return n;
}

static const int ls_piece_kinds[] = {AG_PIECE_STONE, AG_PIECE_OWL};
static const ag__obs_counter ls_counters[] = {
  {AG_INFO_PENDING_STEPS, 0, "info:pending_steps/0"},
  {AG_INFO_PENDING_STEPS, 1, "info:pending_steps/1"},
  {AG_INFO_CAPTURED, 0, "info:captured/0"},
  {AG_INFO_CAPTURED, 1, "info:captured/1"},
  {AG_INFO_COUNTER, 0, "info:counter"},
};
static const char *const ls_extra_planes[] = {
  "liubo_sticks:turn",        /* the side whose turn it is, also while its throw is pending */
  "liubo_sticks:h11/0",       /* stones of side 0 in the centre that came by H11 */
  "liubo_sticks:h11/1",
  "liubo_sticks:lone",        /* 1: the mover had one available piece at the throw */
  "liubo_sticks:lock",        /* 1.0 on the station of the piece the first sub-move moved */
  "liubo_sticks:lock_h11",    /* 1: that piece is the centre's H11 stack */
  "liubo_sticks:lock_owl",    /* 1: that piece is the owl promoted this throw */
  "liubo_sticks:prev",        /* 1.0 on the station the owl last came from this throw */
  "liubo_sticks:bead",        /* 1: this throw earned an extra throw */
};

/* The planes above; values are zero on entry. */
static void ls_observe_extra(const ag_game *g, const void *vpos, float *v, size_t nodes)
{
  const ls_pos *p = (const ls_pos *)vpos;
  size_t i;
  (void)g;
  for (i = 0; i < nodes; i++) {
    v[0 * nodes + i] = p->turn;
    v[1 * nodes + i] = p->stones[0][LS_XH11];
    v[2 * nodes + i] = p->stones[1][LS_XH11];
    v[3 * nodes + i] = p->lone;
    v[5 * nodes + i] = p->lock == LS_XH11;
    v[6 * nodes + i] = p->lock == LS_LOCK_OWL;
    v[8 * nodes + i] = p->bead;
  }
  if (p->lock < LS_NSLOT) v[4 * nodes + (size_t)slot_station(p->lock)] = 1.0f;
  if (p->prev < LS_NST) v[7 * nodes + p->prev] = 1.0f;
}

const ag__vt ag__liubo_sticks_vt = {
  .name = "liubo_sticks",
  .flags = AG_GAME_CHANCE | AG_GAME_ZERO_SUM,
  .options = ls_options,
  .num_options = LS_NOPT,
  .player_names = {"white", "black"},
  .game_size = sizeof(ls_game),
  .pos_size = sizeof(ls_pos),
  .setup = ls_setup,
  .initial = ls_initial,
  .current_player = ls_current_player,
  .legal = ls_legal,
  .chance = ls_chance,
  .apply = ls_apply,
  .outcome = ls_outcome,
  .hash = ls_hash,
  .piece = ls_piece,
  .info = ls_info,
  .write = ls_write,
  .read = ls_read,
  .move_write = ls_move_write,
  .move_read = ls_move_read,
  .move_info = ls_move_info,
  .render = ls_render,
  .playout = ls_playout,
  .all_moves = ls_all_moves,
  .piece_kinds = ls_piece_kinds,
  .num_piece_kinds = (int)(sizeof ls_piece_kinds / sizeof ls_piece_kinds[0]),
  .counters = ls_counters,
  .num_counters = (int)(sizeof ls_counters / sizeof ls_counters[0]),
  .extra_planes = ls_extra_planes,
  .num_extra_planes = (int)(sizeof ls_extra_planes / sizeof ls_extra_planes[0]),
  .observe_extra = ls_observe_extra,
};
