/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_search.c -- the "expectimax" player of liubo_sticks (also its
 * "ai") and the one-turn reference "expectimax1".  Internal, not exported;
 * players.c calls ag__liubo_sticks_search for them.
 *
 * The search is by whole turns with exact chance: a chance node averages the
 * ten throws with their weights out of 64 (Star1 pruning: a throw's window is
 * what the other throws' extreme values still leave open); a decision node is
 * the best of the DISTINCT positions that the turn's sub-moves reach in either
 * order (one position reached by two orders is searched once), ordered by the
 * static evaluation, with alpha-beta between decision nodes.  Iterative
 * deepening by whole turns under the node and time budgets; a transposition
 * table per call keeps the exact values of chance nodes.  Randomness plays no
 * part: same position, same move.
 *
 * The evaluation is the mover's win probability, a logistic function of
 * features that know the game: material (stones in play, in reserve,
 * prisoners, stones removed), the owls, the exact probability under the throw
 * law that each side lands a stone on the enemy owl, captures stones, demotes
 * the enemy owl, promotes or frees a prisoner by a loop, or takes all the
 * enemy's pieces at once (R34), the five-stone rule, and a side down to its
 * last one or two pieces.  "ai"/"expectimax" use the weights fitted by tests/liubo_sticks_eval_fit.py
 * (liubo_sticks_eval_weights.h); "expectimax1" uses hand-set weights and
 * searches exactly one turn of each side (its own turn, then the opponent's
 * best reply under each of his ten throws).
 */
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "games/liubo_sticks.h"
#include "ai/ai_common.h"

/* The features of one side (side_features); a position's vector is a constant,
 * the side to throw's features, then its opponent's (features). */
enum { LSS_F_OWL, LSS_F_BOARD, LSS_F_RESERVE, LSS_F_HELD, LSS_F_REMOVED, LSS_F_KILL,
       LSS_F_CAPTURE, LSS_F_PROMOTE, LSS_F_DEMOTE, LSS_F_LOOP, LSS_F_FIVE, LSS_F_FIVE4,
       LSS_F_WIPE, LSS_F_LAST1, LSS_F_LAST2, LSS_NS, LSS_NF = 1 + 2 * LSS_NS };
#include "ai/liubo_sticks_eval_weights.h"

enum { LSS_MAXKIDS = 1700, LSS_MAXDEPTH = 8, LSS_TT_BITS = 15, LSS_CLOCK_EVERY = 256 };

/* One position a turn reaches, with the first sub-move that leads to it. */
typedef struct lss_kid {
  ls_pos pos;
  ag_move first;
  double order;            /* player 0's static value, for move ordering */
} lss_kid;

typedef struct lss_tt {
  uint64_t key;            /* position hash ^ depth; 0 = empty */
  double value;
} lss_tt;

/* Reach tables of one game: stations (bit masks) a stone on a slot, or the
 * owl on a station, can land on with one value, or with two in turn. */
typedef struct lss_tables {
  uint32_t stone1[LS_NSLOT][5];
  uint32_t stone2[LS_NSLOT][5][5];   /* a lone stone: value a, then b */
  uint8_t loop1[LS_NSLOT][5];
  uint32_t owl1[LS_NST][5];
  uint32_t owl2[LS_NST][5][5];       /* value a then b, never straight back */
} lss_tables;

typedef struct lss_search {
  const ag_game *g;
  const double *w;                   /* evaluation weights, LSS_NF */
  lss_tables tab;
  lss_kid *kids;                     /* LSS_MAXDEPTH levels of LSS_MAXKIDS */
  lss_tt *tt;
  ag__ai_stop *stop;
  long nodes, node_cap;
  int aborted;
} lss_search;

/* ------------------------------------------------------------------ tables */

static uint32_t bit(int st) { return 1u << st; }

static int stone_slot_station(int slot) { return slot < LS_X ? slot : LS_X; }

static void tables_init(const ag_game *g, lss_tables *k)
{
  const ls_game *t = LS_G(g);
  int s, a, b, x, i, j;
  memset(k, 0, sizeof *k);
  for (s = 0; s < LS_NSLOT; s++)
    for (a = 1; a <= 4; a++)
      for (x = 0; x < 2; x++) {
        int d = t->stone_dest[s][a][x];
        if (d == LS_NONE) continue;
        k->stone1[s][a] |= bit(stone_slot_station(d));
        k->loop1[s][a] |= t->stone_loop[s][a][x];
        for (b = 1; b <= 4; b++) {
          int y;
          for (y = 0; y < 2; y++)
            if (t->stone_dest[d][b][y] != LS_NONE)
              k->stone2[s][a][b] |= bit(stone_slot_station(t->stone_dest[d][b][y]));
        }
      }
  for (s = 0; s < LS_NST; s++)
    for (a = 1; a <= 4; a++)
      for (i = 0; i < t->owl_n[s][LS_NST][a]; i++) {
        int e = t->owl_end[s][LS_NST][a][i], l = t->owl_last[s][LS_NST][a][i];
        k->owl1[s][a] |= bit(e);
        for (b = 1; b <= 4; b++)
          for (j = 0; j < t->owl_n[e][l][b]; j++) k->owl2[s][a][b] |= bit(t->owl_end[e][l][b][j]);
      }
}

/* -------------------------------------------------------------- evaluation */

/* Side s's landings for each value: stones (and entries) by one value, and
 * the owl's. */
typedef struct side_reach {
  uint32_t stone[5], owl[5];
  int loop[5];
} side_reach;

static void side_reach_fill(const lss_tables *k, const ls_pos *p, int s, side_reach *r)
{
  int slot, v, o = p->owl[s];
  memset(r, 0, sizeof *r);
  for (slot = 0; slot < LS_NSLOT; slot++) {
    if (!p->stones[s][slot]) continue;
    for (v = 1; v <= 4; v++) {
      r->stone[v] |= k->stone1[slot][v];
      r->loop[v] |= k->loop1[slot][v];
    }
  }
  if (p->reserve[s])
    for (v = 1; v <= 4; v++) r->stone[v] |= bit(v - 1);
  if (o != LS_NONE)
    for (v = 1; v <= 4; v++) r->owl[v] = k->owl1[o][v];
}

/* The most enemy stones on one station of mask m. */
static int best_catch(const ls_pos *p, int q, uint32_t m)
{
  int best = 0, st, c;
  for (; m; m &= m - 1) {
    for (st = 0; !(m >> st & 1); st++) continue;
    c = st == LS_X ? p->stones[q][LS_XH6] + p->stones[q][LS_XH11] : p->stones[q][st];
    if (c > best) best = c;
  }
  return best;
}

/* Pieces of side s as bits: a slot's stones, the reserve, the owl. */
enum { LSS_FROM_RESERVE = LS_NSLOT, LSS_FROM_OWL = LS_NSLOT + 1 };

/* Can two different pieces of s, one of origins a and one of origins b (bit
 * sets as above), each take one value?  Two stones on one slot, or two in
 * reserve, are two pieces. */
static int two_pieces(const ls_pos *p, int s, uint32_t a, uint32_t b)
{
  int i;
  if (!a || !b) return 0;
  if (a != b || (a & (a - 1))) return 1;
  for (i = 0; !(a >> i & 1); i++) continue;
  if (i == LSS_FROM_OWL) return 0;
  return (i == LSS_FROM_RESERVE ? p->reserve[s] : p->stones[s][i]) >= 2;
}

/* The features of side s against q (see LSS_F_*), s to throw next or not. */
static void side_features(const lss_search *S, const ls_pos *p, int s, double *f)
{
  const lss_tables *k = &S->tab;
  int q = 1 - s, i, a, b, lone = p->board[s] + p->reserve[s] + (p->owl[s] != LS_NONE) == 1;
  side_reach r;
  double kill = 0, cap = 0, promo = 0, demote = 0, loop = 0, wipe = 0;
  uint32_t occ = 0, lone2[5][5];       /* stations of q's stones; the lone piece's reach */
  uint32_t wx = 0, wy = 0;             /* q's last stations when s can take all of q */
  uint32_t from[5][2];                 /* [value][wx, wy]: the pieces that land there */
  int avail = p->board[s] + p->reserve[s] + (p->owl[s] != LS_NONE);
  side_reach_fill(k, p, s, &r);
  for (i = 0; i < LS_X; i++)
    if (p->stones[q][i]) occ |= bit(i);
  if (p->stones[q][LS_XH6] || p->stones[q][LS_XH11]) occ |= bit(LS_X);
  /* q has only stones on one or two stations (no reserve, no owl): landing
   * on all of them wins at once (R34). */
  if (!p->reserve[q] && p->owl[q] == LS_NONE && occ) {
    wx = occ & (~occ + 1);
    wy = occ & ~wx;
    if (wy & (wy - 1)) wx = wy = 0;
  }
  if (wy) {                            /* which of s's pieces land on wx, wy with each value */
    int slot, v;
    memset(from, 0, sizeof from);
    for (v = 1; v <= 4; v++) {
      for (slot = 0; slot < LS_NSLOT; slot++)
        if (p->stones[s][slot]) {
          if (k->stone1[slot][v] & wx) from[v][0] |= bit(slot);
          if (k->stone1[slot][v] & wy) from[v][1] |= bit(slot);
        }
      if (p->reserve[s] && bit(v - 1) & wx) from[v][0] |= bit(LSS_FROM_RESERVE);
      if (p->reserve[s] && bit(v - 1) & wy) from[v][1] |= bit(LSS_FROM_RESERVE);
      if (p->owl[s] != LS_NONE && k->owl1[p->owl[s]][v] & wx) from[v][0] |= bit(LSS_FROM_OWL);
      if (p->owl[s] != LS_NONE && k->owl1[p->owl[s]][v] & wy) from[v][1] |= bit(LSS_FROM_OWL);
    }
  }
  if (lone) {                          /* the same piece may take both values */
    int slot;
    memset(lone2, 0, sizeof lone2);
    for (a = 1; a <= 4; a++)
      for (b = 1; b <= 4; b++) {
        for (slot = 0; slot < LS_NSLOT; slot++)
          if (p->stones[s][slot]) lone2[a][b] |= k->stone2[slot][a][b];
        if (p->reserve[s]) lone2[a][b] |= k->stone1[a - 1][b];
      }
  }
  for (i = 0; i < 10; i++) {
    double w = ag__ls_throw_w[i] / 64.0;
    uint32_t sl, ol;
    a = AG__MOVE_AUX(ag__ls_throw_moves[i]) >> 4, b = AG__MOVE_AUX(ag__ls_throw_moves[i]) & 15;
    sl = r.stone[a] | r.stone[b];
    ol = r.owl[a] | r.owl[b];
    if (p->owl[s] != LS_NONE) ol |= k->owl2[p->owl[s]][a][b] | k->owl2[p->owl[s]][b][a];
    if (lone) sl |= lone2[a][b] | lone2[b][a];
    if (p->owl[q] != LS_NONE && (sl & bit(p->owl[q]))) kill += w;
    if (p->owl[q] != LS_NONE && (ol & bit(p->owl[q]))) demote += w;
    if ((sl | ol) & occ) cap += w * best_catch(p, q, (sl | ol) & occ);
    if (p->owl[s] == LS_NONE && (sl & bit(LS_X))) promo += w;
    if (r.loop[a] | r.loop[b]) loop += w;
    if (wx && !wy && ((sl | ol) & wx)) wipe += w;
    if (wy) {
      int ok = lone ? ((r.stone[a] | r.owl[a]) & wx && lone2[a][b] & wy) ||
                      ((r.stone[a] | r.owl[a]) & wy && lone2[a][b] & wx) ||
                      ((r.stone[b] | r.owl[b]) & wx && lone2[b][a] & wy) ||
                      ((r.stone[b] | r.owl[b]) & wy && lone2[b][a] & wx)
                    : two_pieces(p, s, from[a][0], from[b][1]) ||
                      two_pieces(p, s, from[b][0], from[a][1]);
      if (!ok && p->owl[s] != LS_NONE)  /* the owl taking both values stops on each */
        ok = (k->owl1[p->owl[s]][a] & wx && k->owl2[p->owl[s]][a][b] & wy) ||
             (k->owl1[p->owl[s]][a] & wy && k->owl2[p->owl[s]][a][b] & wx) ||
             (k->owl1[p->owl[s]][b] & wx && k->owl2[p->owl[s]][b][a] & wy) ||
             (k->owl1[p->owl[s]][b] & wy && k->owl2[p->owl[s]][b][a] & wx);
      if (ok) wipe += w;
    }
  }
  f[LSS_F_OWL] = p->owl[s] != LS_NONE;
  f[LSS_F_BOARD] = p->board[s];
  f[LSS_F_RESERVE] = p->reserve[s];
  f[LSS_F_HELD] = p->held[s];
  f[LSS_F_REMOVED] = p->removed[s];
  f[LSS_F_KILL] = kill;
  f[LSS_F_CAPTURE] = cap;
  f[LSS_F_PROMOTE] = promo;
  f[LSS_F_DEMOTE] = demote;
  f[LSS_F_LOOP] = p->held[s] ? loop : 0;
  f[LSS_F_FIVE] = S->g->opt[OPT_FIVE] != FIVE_OFF && p->owl[s] != LS_NONE &&
                  p->owl[q] == LS_NONE && p->board[q] >= 5;
  f[LSS_F_FIVE4] = S->g->opt[OPT_FIVE] != FIVE_OFF && p->owl[s] != LS_NONE &&
                   p->owl[q] == LS_NONE && p->board[q] == 4;
  f[LSS_F_WIPE] = wipe;
  f[LSS_F_LAST1] = avail == 1;
  f[LSS_F_LAST2] = avail == 2;
}

/* The feature vector of a position at a throw: a constant, the features of
 * the side to throw, then its opponent's. */
static void features(const lss_search *S, const ls_pos *p, double *f)
{
  f[0] = 1;
  side_features(S, p, p->turn, f + 1);
  side_features(S, p, 1 - p->turn, f + 1 + LSS_NS);
}

/* Player 0's win probability of a finished game. */
static double terminal0(const ls_pos *p)
{
  if (p->winner == LS_NONE) return 0.5;
  return p->winner == 0 ? 1.0 : 0.0;
}

/* Player 0's static value of a position at a throw or over. */
static double eval0(lss_search *S, const ls_pos *p)
{
  double f[LSS_NF], z = 0, e;
  int i;
  if (p->phase == PH_OVER) return terminal0(p);
  features(S, p, f);
  for (i = 0; i < LSS_NF; i++) z += S->w[i] * f[i];
  e = 1.0 / (1.0 + ag__exp(-z));
  return p->turn == 0 ? e : 1.0 - e;
}

/* ------------------------------------------------------------------ search */

/* FNV-1a of the position's bytes. */
static uint64_t pos_hash(const ls_pos *p)
{
  const unsigned char *c = (const unsigned char *)p;
  uint64_t h = 1469598103934665603ull;
  size_t i;
  for (i = 0; i < offsetof(ls_pos, turns); i++) h = (h ^ c[i]) * 1099511628211ull;
  return h;
}

/* Counts a node; nonzero when the search must stop. */
static int spend(lss_search *S)
{
  if (S->aborted) return 1;
  S->nodes++;
  if ((S->node_cap && S->nodes >= S->node_cap) ||
      (S->nodes % LSS_CLOCK_EVERY == 0 && ag__ai_should_stop(S->stop, 1)))
    S->aborted = 1;
  return S->aborted;
}

/* Appends the distinct positions at the end of this throw's sub-moves from p
 * (first: the first sub-move of the throw that led here, AG_MOVE_NONE at the start), skipping those already in kids[0..n). */
static int expand(lss_search *S, const ls_pos *p, ag_move first, lss_kid *kids, int n,
                  uint64_t *seen, int nseen_cap)
{
  ag_move mv[64];
  size_t nm = ag__ls_moves(S->g, p, mv), i;
  for (i = 0; i < nm && n < LSS_MAXKIDS; i++) {
    ls_pos c = *p;
    ag_move f = first == AG_MOVE_NONE ? mv[i] : first;
    ag__ls_apply(S->g, &c, mv[i]);
    if (c.phase == PH_MOVE) {
      n = expand(S, &c, f, kids, n, seen, nseen_cap);
    } else {
      uint64_t h = pos_hash(&c) | 1;
      int slot = (int)(h & (uint64_t)(nseen_cap - 1)), dup = 0;
      while (seen[slot]) {
        if (seen[slot] == h) { dup = 1; break; }
        slot = (slot + 1) & (nseen_cap - 1);
      }
      if (dup) continue;
      seen[slot] = h;
      kids[n].pos = c;
      kids[n].first = f;
      n++;
    }
  }
  return n;
}

/* All distinct end-of-throw positions of p (which is in its move phase),
 * each with its static value; sorted best first for the mover. */
static int children(lss_search *S, const ls_pos *p, lss_kid *kids)
{
  uint64_t seen[4096];
  int n, i, j, mover = p->turn;
  memset(seen, 0, sizeof seen);
  n = expand(S, p, AG_MOVE_NONE, kids, 0, seen, 4096);
  for (i = 0; i < n; i++) kids[i].order = eval0(S, &kids[i].pos);
  for (i = 1; i < n; i++) {      /* insertion sort, stable: ties keep move order */
    lss_kid x = kids[i];
    for (j = i; j > 0 && (mover == 0 ? kids[j - 1].order < x.order
                                     : kids[j - 1].order > x.order); j--)
      kids[j] = kids[j - 1];
    kids[j] = x;
  }
  return n;
}

static double chance_node(lss_search *S, const ls_pos *p, int depth, double alpha,
                          double beta, int level);

/* A decision node at the horizon: the best static value of the distinct
 * positions the throw reaches, unsorted, stopping once it is outside the
 * window (the value returned is then a bound, as alpha-beta's). */
static double leaf_decision(lss_search *S, const ls_pos *p, lss_kid *kids, double alpha,
                            double beta)
{
  uint64_t seen[4096];
  int n, i, max = p->turn == 0;
  double best = max ? -1.0 : 2.0, v;
  memset(seen, 0, sizeof seen);
  n = expand(S, p, AG_MOVE_NONE, kids, 0, seen, 4096);
  for (i = 0; i < n; i++) {
    v = eval0(S, &kids[i].pos);
    if (max ? v > best : v < best) best = v;
    if (max ? best >= beta : best <= alpha) break;
  }
  return best;
}

/* A decision node (p in its move phase): max for player 0, min for player 1,
 * alpha-beta over the distinct positions the throw reaches. */
static double decision_node(lss_search *S, const ls_pos *p, int depth, double alpha,
                            double beta, int level)
{
  lss_kid *kids = S->kids + (size_t)level * LSS_MAXKIDS;
  int n, i, max = p->turn == 0;
  double best = max ? -1.0 : 2.0, v;
  if (spend(S)) return 0.5;
  if (depth <= 1) return leaf_decision(S, p, kids, alpha, beta);
  n = children(S, p, kids);
  for (i = 0; i < n; i++) {
    v = depth <= 1 || kids[i].pos.phase == PH_OVER
            ? kids[i].order
            : chance_node(S, &kids[i].pos, depth - 1, alpha, beta, level + 1);
    if (S->aborted) return 0.5;
    if (max) {
      if (v > best) best = v;
      if (best > alpha) alpha = best;
    } else {
      if (v < best) best = v;
      if (best < beta) beta = best;
    }
    if (alpha >= beta) break;
  }
  return best;
}

/* A chance node (p at its throw): the weighted mean over the ten throws, with
 * Star1 cut-offs (values lie in [0, 1]). */
static double chance_node(lss_search *S, const ls_pos *p, int depth, double alpha,
                          double beta, int level)
{
  static const int order[10] = {5, 4, 7, 1, 2, 6, 8, 3, 0, 9};   /* heaviest throws first */
  double sum = 0, left = 64, a, b, v;
  uint64_t key = 0;
  lss_tt *e = NULL;
  int i;
  if (p->phase == PH_OVER) return terminal0(p);
  if (depth <= 0) return eval0(S, p);
  key = (pos_hash(p) ^ (uint64_t)depth * 0x9E3779B97F4A7C15ull) | 1;
  e = &S->tt[key & ((1u << LSS_TT_BITS) - 1)];
  if (e->key == key) return e->value;
  for (i = 0; i < 10; i++) {
    int t = order[i];
    double w = ag__ls_throw_w[t];
    ls_pos c = *p;
    left -= w;
    a = (alpha * 64 - sum - left) / w;
    b = (beta * 64 - sum) / w;
    ag__ls_apply(S->g, &c, ag__ls_throw_moves[t]);
    v = decision_node(S, &c, depth, a > 0 ? a : 0, b < 1 ? b : 1, level);
    if (S->aborted) return 0.5;
    sum += w * v;
    if (v <= a) return (sum + left) / 64;    /* at most this: below alpha */
    if (v >= b) return sum / 64;             /* at least this: above beta */
  }
  e->key = key;
  e->value = sum / 64;
  return e->value;
}

/* --------------------------------------------------------------- the player */

/* The win probability reported for a searched value v of the fitted players:
 * Platt scaling, logit' = a logit(v) + b, with (a, b) = ag__lss_cal fitted to
 * rollout results (tests/liubo_sticks_cal_fit.py).  The search itself
 * compares raw values; only what ag_ai_analyse reports is rescaled.
 * Proven values (0, 1) stay. */
static double calibrated(int kind, double v)
{
  double z;
  if (kind == AG__AI_EXPECTIMAX1 || v <= 0.0 || v >= 1.0) return v;
  z = ag__lss_cal[0] * ag__log(v / (1.0 - v)) + ag__lss_cal[1];
  return 1.0 / (1.0 + ag__exp(-z));
}

/* The weights of a kind: fitted for "expectimax" and "ai", hand-set for the
 * reference. */
static const double *weights_of(int kind)
{
  return kind == AG__AI_EXPECTIMAX1 ? ag__lss_hand_w : ag__lss_fit_w;
}

static int search_init(lss_search *S, const ag_game *g, int kind, ag__ai_stop *stop, long cap)
{
  memset(S, 0, sizeof *S);
  S->g = g;
  S->w = weights_of(kind);
  S->stop = stop;
  S->node_cap = cap;
  tables_init(g, &S->tab);
  S->kids = malloc(sizeof *S->kids * LSS_MAXKIDS * (LSS_MAXDEPTH + 1));
  S->tt = calloc((size_t)1 << LSS_TT_BITS, sizeof *S->tt);
  if (!S->kids || !S->tt) {
    free(S->kids);
    free(S->tt);
    return ag__fail(AG_ENOMEM, "ai: out of memory for the liubo_sticks search");
  }
  return AG_OK;
}

int ag__liubo_sticks_search(const ag_state *st, const ag__ai_params *prm, ag__ai_stop *stop,
                            ag_analysis *out, ag_move *line, size_t line_cap,
                            ag_move_stat *ms, size_t ms_cap)
{
  const ag_game *g = ag_state_game(st);
  const ls_pos *root = ag__ls_position(st);
  lss_search S;
  lss_kid *kids;
  ag_move mv[64], best = AG_MOVE_NONE;
  double best_v = 0.5;
  int n, i, d, rc, maxd, done = 0, max = root->turn == 0;
  size_t nm, k;
  if (root->phase != PH_MOVE) return ag__fail(AG_EPHASE, "ai: not a move of liubo_sticks");
  maxd = prm->kind == AG__AI_EXPECTIMAX1 ? 2 : (prm->depth < LSS_MAXDEPTH ? prm->depth : LSS_MAXDEPTH);
  rc = search_init(&S, g, prm->kind, stop, prm->kind == AG__AI_EXPECTIMAX1 ? 0 : prm->nodes);
  if (rc != AG_OK) return rc;
  kids = S.kids;
  n = children(&S, root, kids);
  for (d = 1; d <= maxd && !S.aborted; d++) {
    double alpha = 0, beta = 1, bv = max ? -1.0 : 2.0, v;
    ag_move bm = AG_MOVE_NONE;
    int bi = 0;
    for (i = 0; i < n; i++) {
      v = d == 1 || kids[i].pos.phase == PH_OVER
              ? kids[i].order
              : chance_node(&S, &kids[i].pos, d - 1, max ? (bv > alpha ? bv : alpha) : alpha,
                            max ? beta : (bv < beta ? bv : beta), 1);
      if (S.aborted) break;
      if (max ? v > bv : v < bv) bv = v, bm = kids[i].first, bi = i;
    }
    /* An iteration cut short still stands if it finished its first child (the
     * previous iteration's best, searched with the full window): a child that
     * beat it is better at this depth too. */
    if (S.aborted && d > 1) {
      if (i > 0 && bm != AG_MOVE_NONE) best = bm, best_v = bv, done = d;
      break;
    }
    best = bm, best_v = bv, done = d;
    if (bi > 0) {                     /* the best first next time: better cut-offs */
      lss_kid x = kids[bi];
      memmove(kids + 1, kids, sizeof *kids * (size_t)bi);
      kids[0] = x;
    }
    if (n <= 1) break;
  }
  if (best == AG_MOVE_NONE && n > 0) best = kids[0].first, best_v = kids[0].order, done = 1;
  out->best = best;
  out->value = calibrated(prm->kind, out->player == 0 ? best_v : 1.0 - best_v);
  out->proven = best_v == 0.0 || best_v == 1.0;
  out->distance = 0;
  out->depth = done;
  out->work = (uint64_t)S.nodes;
  out->line_len = best != AG_MOVE_NONE;
  if (line && line_cap && best != AG_MOVE_NONE) line[0] = best;
  nm = ag__ls_moves(g, root, mv);
  out->num_moves = nm;
  for (k = 0; k < nm && k < ms_cap; k++) {
    ms[k].move = mv[k];
    ms[k].visits = 0;
    ms[k].share = mv[k] == best ? 1.0 : 0.0;
    ms[k].value = mv[k] == best ? out->value : -1;
  }
  free(S.kids);
  free(S.tt);
  return AG_OK;
}

/* The evaluation's features of a position at a throw (tests/liubo_sticks_eval_gen.c
 * fits the weights to them); returns the count, 0 when not at a throw. */
int ag__liubo_sticks_features(const ag_state *st, double *f)
{
  lss_search S;
  const ls_pos *p = ag__ls_position(st);
  if (p->phase != PH_THROW) return 0;
  memset(&S, 0, sizeof S);
  S.g = ag_state_game(st);
  tables_init(S.g, &S.tab);
  features(&S, p, f);
  return LSS_NF;
}
