/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers_search.c -- the "ai" of liubo_fingers: every finger round is
 * solved as the zero-sum matrix game it is, from the values of a search of
 * the mover's actions.  Internal, not exported; players.c calls
 * ag__liubo_fingers_search for it.
 *
 * A finger round is a simultaneous choice whose payoff depends on the count
 * (and, in a guess round, on who guessed right), so its exact value is the
 * value of a small matrix game: a throw (scheme=alternate) is (F+1) x (F+1)
 * over the fingers, a guess round (F+1)^2 x (F+1)^2 over fingers and the
 * guess of the other's fingers (the call minus own fingers; a call outside
 * own..own+F cannot be right and loses at once, so it is left out of the
 * matrix: it is never played nor hinted).  The game is solved by the simplex
 * method (exact up to rounding; the payoff of a VOID round is the round's
 * own value, found by iterating to a fixed point).  The entries come from
 * W[m][n]: the value after player m's best action with count n, found by a
 * search of depth d: at d = 1 an evaluation of the position after the
 * action, at d = 2 the value of the next finger round with one-ply entries
 * (a throw solved exactly; a guess round below the root by its fingers-only
 * game with each side equally likely to win the guess, which is what equal
 * guessing gives).  Values are the expected score of White in [0, 1]; the
 * evaluation counts pieces home, each piece on the board by its distance to
 * TAIJI (the progress of the walk), prisoners, and the rounds left before
 * the round cap, and maps the margin to a score with a logistic curve.
 *
 * No state is global; the work space is one allocation per search.
 */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "games/liubo_fingers.h"
#include "ai/ai_common.h"
#include "ai/liubo_fingers_cal.h"

#define MAXF      10                       /* most fingers (two hands) */
#define MAXN      (2 * MAXF + 1)           /* counts 0 .. 2F */
#define MAXA      ((MAXF + 1) * (MAXF + 1)) /* guess actions that can be right */
#define MAX_LIST  512                      /* AG__MAX_MOVES */
#define NO_CALL   0xff
#define INF_DIST  99

/* Evaluation weights, in pieces (a piece home is 1). */
#define W_BOARD_BASE   0.30   /* a piece on the board, far from TAIJI */
#define W_BOARD_NEAR   0.30   /* added for a piece next to TAIJI, decaying with distance */
#define W_NEAR_DECAY   0.80   /* per step further away */
#define W_PRISONER     0.12   /* a piece held in the enemy's prison */
#define W_LOGISTIC     1.25   /* score = 1 / (1 + exp(-W_LOGISTIC * margin)) */
#define CAP_HORIZON    40.0   /* rounds before the cap over which a lead fades to a draw */

typedef struct lfs {
  const ag_game *g;
  int F, guess, max_rounds;
  double near[INF_DIST + 1];     /* W_BOARD_BASE + W_BOARD_NEAR * decay^(d-1) */
  int32_t weight[AG__LF_NODES];  /* near[dist[v]] in 1/65536 of a piece: a piece's worth on v */
  uint8_t dist[AG__LF_NODES];    /* steps to TAIJI (a count of 1 from the inner eight is one) */
  uint8_t node_of[3 * AG__LF_NODES]; /* the point of each byte of owner, flat, cross */
  long evals, budget;            /* evaluations made; the most allowed (0: no limit) */
  ag__ai_stop *stop;
  int stopped;
  double *tab;                   /* the simplex tableau */
  struct lf_tt *tt;              /* searched values of positions after an action */
} lfs;

/* The values after_value found at depth >= 1 in this search, by position:
 * the counts of a round often lead to the same position (a blocked walk
 * stops on any node passed, so different counts reach the same node; a
 * count with no use is a pass), and each such value costs a whole finger
 * round's search.  The same figures as without it, a few times sooner. */
#define TT_SIZE  2048
#define TT_PROBE 8
typedef struct lf_tt {
  lf_pos pos;
  double value;
  int depth;                     /* 0: empty */
} lf_tt;

/* ------------------------------------------------------------------ evaluation */

/* Steps from every playing point to TAIJI along the forward edges, the
 * inner eight being one step away (a count of 1 enters from there). */
static void compute_dist(lfs *s)
{
  const ag_game *g = s->g;
  int i, changed = 1;
  memset(s->dist, INF_DIST, sizeof s->dist);
  s->dist[AG__LF_TAIJI] = 0;
  for (i = 0; i < 8; i++) s->dist[ag__lf_inner_eight[i]] = 1;
  while (changed) {
    changed = 0;
    for (i = 0; i < g->num_edges; i++) {
      int a = g->edges[i].a, b = g->edges[i].b;
      if (s->dist[b] + 1 < s->dist[a]) s->dist[a] = (uint8_t)(s->dist[b] + 1), changed = 1;
    }
  }
  for (i = 0; i <= INF_DIST; i++)
    s->near[i] = i == 0 ? 1.0 : W_BOARD_BASE + W_BOARD_NEAR * pow(W_NEAR_DECAY, i - 1);
  for (i = 0; i < AG__LF_NODES; i++) s->weight[i] = (int32_t)floor(s->near[s->dist[i]] * 65536 + 0.5);
  for (i = 0; i < 3 * AG__LF_NODES; i++) s->node_of[i] = (uint8_t)(i % AG__LF_NODES);
}

/* Point v's part of White's margin, in 1/65536 of a piece. */
static int32_t point_part(const lfs *s, const lf_pos *p, int v)
{
  return s->weight[v] * ((p->flat[v] + p->cross[v]) * ((p->owner[v] == 0) - (p->owner[v] == 1)));
}

/* White's margin in pieces, the board's part in integers (exact, so that
 * the incremental sums of board_part_after give the same figure). */
static int32_t board_part(const lfs *s, const lf_pos *p)
{
  int32_t b = 0;
  int v;
  for (v = 0; v < AG__LF_NODES; v++) b += point_part(s, p, v);
  return b;
}

static double margin_of(const lf_pos *p, int32_t board)
{
  return (double)(p->home[0] - p->home[1]) + W_PRISONER * (p->held[1] - p->held[0]) + board / 65536.0;
}

static double margin(const lfs *s, const lf_pos *p)
{
  return margin_of(p, board_part(s, p));
}

/* board_part(r) from board_part(q) = bq: an action changes a few points, so
 * only the points whose bytes differ (found 8 bytes at a time over the three
 * per-point arrays) are summed again.  The search's hottest loop. */
#define LF_BOARD_BYTES (3 * AG__LF_NODES)
_Static_assert(offsetof(lf_pos, flat) == offsetof(lf_pos, owner) + AG__LF_NODES &&
                   offsetof(lf_pos, cross) == offsetof(lf_pos, flat) + AG__LF_NODES,
               "owner, flat and cross are one run of bytes");
static int32_t board_part_after(const lfs *s, const lf_pos *q, int32_t bq, const lf_pos *r)
{
  const unsigned char *a = (const unsigned char *)q + offsetof(lf_pos, owner);
  const unsigned char *b = (const unsigned char *)r + offsetof(lf_pos, owner);
  uint64_t seen = 0;
  int i, k;
  for (k = 0; k < LF_BOARD_BYTES; k += 8) {
    int len = LF_BOARD_BYTES - k < 8 ? LF_BOARD_BYTES - k : 8;
    if (len == 8) {
      uint64_t x, y;
      memcpy(&x, a + k, 8);
      memcpy(&y, b + k, 8);
      if (x == y) continue;
    }
    for (i = k; i < k + len; i++)
      if (a[i] != b[i]) {
        int v = s->node_of[i];
        if (!(seen >> v & 1)) {
          seen |= (uint64_t)1 << v;
          bq += point_part(s, r, v) - point_part(s, q, v);
        }
      }
  }
  return bq;
}

/* An order key of evaluate() among unfinished positions of the same round
 * (the logistic and the cap's fading increase with the margin): a leaf's
 * best action is found by keys and only its value computed (most of the
 * search's time went to the logistic's exp). */
static double leaf_key(lfs *s, const lf_pos *q, int32_t bq, const lf_pos *p)
{
  s->evals++;
  return margin_of(p, board_part_after(s, q, bq, p));
}

/* White's expected score: exact at the end, else the margin's logistic,
 * drawn toward 0.5 as the round cap nears (the cap is a draw). */
static double evaluate(lfs *s, const lf_pos *p)
{
  double v;
  s->evals++;
  if (p->phase == AG__LF_PH_OVER) {
    if (p->home[0] >= 4) return 1;
    if (p->home[1] >= 4) return 0;
    return 0.5;
  }
  v = 1 / (1 + exp(-W_LOGISTIC * margin(s, p)));
  if (s->max_rounds) {
    double left = (double)s->max_rounds - p->rounds;
    if (left < CAP_HORIZON) v = 0.5 + (v - 0.5) * (left > 0 ? left / CAP_HORIZON : 0);
  }
  return v;
}

/* ------------------------------------------------------------------ matrix games */

/* Solves max_x min_y x'Ay for A (m x n, row-major, for the row player);
 * writes both optimal mixes (each summing to 1) and returns the value.
 * Simplex on  max 1'u  s.t.  B u <= 1, u >= 0  with B = A - min(A) + 1 > 0:
 * the column mix is u / 1'u, the row mix the duals, the value 1 / 1'u
 * shifted back.  Dantzig's rule, then Bland's (no cycling) after many
 * pivots. */
static double solve_game(double *T, const double *A, int m, int n, double *x, double *y)
{
  int cols = n + m + 1, i, j, iter, basis[MAXA];
  double lo = A[0], shift, total;
  for (i = 0; i < m * n; i++)
    if (A[i] < lo) lo = A[i];
  shift = 1 - lo;
  for (i = 0; i < m; i++) {
    double *r = T + (size_t)i * cols;
    for (j = 0; j < n; j++) r[j] = A[i * n + j] + shift;
    for (j = 0; j < m; j++) r[n + j] = i == j;
    r[cols - 1] = 1;
    basis[i] = n + i;
  }
  for (j = 0; j < cols; j++) T[(size_t)m * cols + j] = j < n ? -1 : 0;
  for (iter = 0; iter < 50 * (m + n); iter++) {
    double *obj = T + (size_t)m * cols, best = -1e-12, ratio = 0;
    int enter = -1, leave = -1;
    for (j = 0; j < n + m; j++)
      if (obj[j] < best) {
        enter = j;
        if (iter >= 4 * (m + n)) break;   /* Bland: the first improving column */
        best = obj[j];
      }
    if (enter < 0) break;
    for (i = 0; i < m; i++) {
      double a = T[(size_t)i * cols + enter];
      if (a > 1e-12) {
        double r = T[(size_t)i * cols + cols - 1] / a;
        if (leave < 0 || r < ratio - 1e-15 || (r <= ratio + 1e-15 && basis[i] < basis[leave]))
          leave = i, ratio = r;
      }
    }
    if (leave < 0) break;   /* unbounded: cannot happen with B > 0 */
    {
      double *pr = T + (size_t)leave * cols, pv = pr[enter];
      for (j = 0; j < cols; j++) pr[j] /= pv;
      for (i = 0; i <= m; i++) {
        double *r = T + (size_t)i * cols, f = r[enter];
        if (i == leave || f == 0) continue;
        for (j = 0; j < cols; j++) r[j] -= f * pr[j];
      }
      basis[leave] = enter;
    }
  }
  total = T[(size_t)m * cols + cols - 1];
  for (j = 0; j < n; j++) y[j] = 0;
  for (i = 0; i < m; i++)
    if (basis[i] < n) y[basis[i]] = T[(size_t)i * cols + cols - 1] / total;
  for (i = 0; i < m; i++) {
    double d = T[(size_t)m * cols + n + i];
    x[i] = d > 0 ? d / total : 0;
  }
  /* rounding: clean and renormalise both mixes */
  for (iter = 0; iter < 2; iter++) {
    double *z = iter ? y : x, sum = 0;
    int k = iter ? n : m;
    for (j = 0; j < k; j++) {
      if (z[j] < 1e-9) z[j] = 0;
      sum += z[j];
    }
    for (j = 0; j < k; j++) z[j] /= sum;
  }
  return 1 / total - shift;
}

/* A throw: White shows i, Black j, the count i + j; W: the mover's values
 * per count (White's score).  Returns White's value; x, y the mixes. */
static double throw_game(lfs *s, const double *W, double *x, double *y)
{
  double A[(MAXF + 1) * (MAXF + 1)];
  int i, j, k = s->F + 1;
  for (i = 0; i < k; i++)
    for (j = 0; j < k; j++) A[i * k + j] = W[i + j];
  return solve_game(s->tab, A, k, k, x, y);
}

/* The payoff of one guess-round pair: White (f0, guessing g0 of Black's
 * fingers) against Black (f1, g1); W[m][n] after m moves n; v: a VOID round. */
static double guess_payoff(const double W[2][MAXN], int f0, int g0, int f1, int g1, double v)
{
  int r0 = g0 == f1, r1 = g1 == f0;
  if (r0 != r1) return W[r0 ? 0 : 1][f0 + f1];
  return v;
}

/* A guess round: actions a = f * (F+1) + g (call f + g).  The value solves
 * v = val(A(v)) (a VOID round is the same round again, one round later):
 * val(A(v)) - v falls with v at a slope of at least -1 + P(VOID) < 0, so
 * secant steps from the static value find the root in a few solves.
 * Returns White's value; x, y the mixes; -1 when out of memory. */
static double guess_game(lfs *s, const double W[2][MAXN], double v, double *x, double *y)
{
  int k = s->F + 1, na = k * k, a, b, it;
  double *A = s->tab + (size_t)(MAXA + 1) * (2 * MAXA + 1), vp = v, gp = 0, out = v;
  for (it = 0; it < 12; it++) {
    double g, nv;
    for (a = 0; a < na; a++)
      for (b = 0; b < na; b++) A[a * na + b] = guess_payoff(W, a / k, a % k, b / k, b % k, v);
    out = solve_game(s->tab, A, na, na, x, y);
    g = out - v;
    if (fabs(g) < 1e-10) break;
    nv = it == 0 || fabs(g - gp) < 1e-15 ? out : v - g * (v - vp) / (g - gp);
    if (!(nv >= 0 && nv <= 1)) nv = out;
    vp = v, gp = g, v = nv;
  }
  return out;
}

/* ------------------------------------------------------------------ search */

static double after_value(lfs *s, const lf_pos *p, int depth);

/* Whether the search must give up (budget or stop), checked every 256 evaluations. */
static int out_of_budget(lfs *s)
{
  if (s->stopped) return 1;
  if (s->budget && s->evals > s->budget) s->stopped = 1;
  else if ((s->evals & 255) == 0 && s->stop && ag__ai_should_stop(s->stop, 1)) s->stopped = 1;
  return s->stopped;
}

/* The position after a finger round that gives player m the count n (any
 * fingers with that sum; in a guess round m guessed right, the other wrong). */
static void give_count(const lfs *s, const lf_pos *p, int m, int n, lf_pos *q)
{
  int f0 = n < s->F ? n : s->F, f1 = n - f0;
  ag_move mv[2];
  if (p->phase == AG__LF_PH_THROW) {
    mv[0] = AG__MOVE(AG_MOVE_CHOICE, f0, NO_CALL, 0);
    mv[1] = AG__MOVE(AG_MOVE_CHOICE, f1, NO_CALL, 0);
  } else {
    /* the winner calls the sum; the loser guesses a wrong count of fingers */
    int c0 = m == 0 ? n : f0 + (f1 == 0), c1 = m == 1 ? n : f1 + (f0 == 0);
    mv[0] = AG__MOVE(AG_MOVE_CHOICE, f0, c0, 0);
    mv[1] = AG__MOVE(AG_MOVE_CHOICE, f1, c1, 0);
  }
  *q = *p;
  s->g->vt->apply(s->g, q, mv, 2, NULL);
}

/* The value of the mover's best action at q (an action phase), each action
 * valued by after_value(depth); best, when not NULL, receives its move. */
static double best_action(lfs *s, const lf_pos *q, int depth, ag_move *best)
{
  ag_move list[MAX_LIST];
  int m = q->mover;
  size_t n = s->g->vt->legal(s->g, q, m, list), i;
  double top = m == 0 ? -1 : 2, key = m == 0 ? -2e9 : 2e9;
  lf_pos top_pos = *q;
  int32_t bq = depth <= 0 ? board_part(s, q) : 0;
  for (i = 0; i < n; i++) {
    lf_pos r = *q;
    double v;
    s->g->vt->apply(s->g, &r, &list[i], 1, NULL);
    if (depth <= 0 && r.phase != AG__LF_PH_OVER && !best) {
      /* a leaf: evaluate() at the end, for the best key only */
      v = leaf_key(s, q, bq, &r);
      if (m == 0 ? v > key : v < key) key = v, top_pos = r;
    } else {
      v = after_value(s, &r, depth);
      if (m == 0 ? v > top : v < top) {
        top = v;
        if (best) *best = list[i];
      }
    }
    if (out_of_budget(s)) break;
  }
  if (key > -2e9 && key < 2e9) {
    double v = evaluate(s, &top_pos);
    s->evals--;
    if (m == 0 ? v > top : v < top) top = v;
  }
  return top;
}

/* W[m][n] for the movers of the round at p (throw: the mover; guess: both). */
static void count_values(lfs *s, const lf_pos *p, int depth, double W[2][MAXN])
{
  int m, n;
  for (m = 0; m < 2; m++) {
    if (p->phase == AG__LF_PH_THROW && m != p->mover) continue;
    for (n = 0; n <= 2 * s->F && !s->stopped; n++) {
      lf_pos q;
      give_count(s, p, m, n, &q);
      W[m][n] = best_action(s, &q, depth - 1, NULL);
    }
  }
}

/* The value of the finger round at p (depth >= 1).  exact: a guess round is
 * solved whole (the root); else by its fingers-only game with each side
 * winning the guess half the time.  x, y receive the mixes (room for MAXA). */
static double round_value(lfs *s, const lf_pos *p, int depth, int exact, double W[2][MAXN],
                          double *x, double *y)
{
  int n;
  count_values(s, p, depth, W);
  if (s->stopped) return 0.5;
  if (p->phase == AG__LF_PH_THROW) return throw_game(s, W[p->mover], x, y);
  if (exact) return guess_game(s, W, evaluate(s, p), x, y);
  {
    double avg[MAXN];
    for (n = 0; n <= 2 * s->F; n++) avg[n] = (W[0][n] + W[1][n]) / 2;
    return throw_game(s, avg, x, y);
  }
}

static uint32_t pos_hash(const lf_pos *p)
{
  const unsigned char *b = (const unsigned char *)p;
  uint32_t h = 2166136261u;
  size_t i;
  for (i = 0; i < sizeof *p; i++) h = (h ^ b[i]) * 16777619u;
  return h;
}

/* White's value of p, a position after an action or a VOID round. */
static double after_value(lfs *s, const lf_pos *p, int depth)
{
  double W[2][MAXN], x[MAXA], y[MAXA], v;
  lf_tt *e = NULL;
  if (p->phase == AG__LF_PH_OVER || depth <= 0) return evaluate(s, p);
  if (s->tt) {
    uint32_t h = pos_hash(p), i;
    for (i = 0; i < TT_PROBE; i++) {
      lf_tt *t = &s->tt[(h + i) & (TT_SIZE - 1)];
      if (!t->depth) {
        e = t;
        break;
      }
      if (t->depth == depth && !memcmp(&t->pos, p, sizeof *p)) return t->value;
    }
  }
  v = round_value(s, p, depth, 0, W, x, y);
  if (e && !s->stopped) e->pos = *p, e->value = v, e->depth = depth;
  return v;
}

/* White's value of p after an action of the root (depth d - 1 = depth): a
 * guess round that follows is solved whole, as at a root round (below the
 * root it is the fingers-only game with even guessing, which misjudges a
 * round where one count matters most to both sides: the count that
 * captures, which each side calls and the other denies). */
static double action_value(lfs *s, const lf_pos *p, int depth)
{
  double W[2][MAXN], x[MAXA], y[MAXA];
  if (p->phase != AG__LF_PH_GUESS || depth <= 0) return after_value(s, p, depth > 0 ? depth : 0);
  return round_value(s, p, depth, 1, W, x, y);
}

/* ------------------------------------------------------------------ the root */

/* The outcome of one search of a round: the count values, both mixes over
 * the matrix actions, White's value, and the depth it came from. */
typedef struct root_round {
  double W[2][MAXN], mix[2][MAXA], value;
} root_round;

/* player p's share of matrix action `a` and its value (p's score) against
 * the other's mix, for the legal choice m (a call that cannot be right has
 * share 0 and loses the round to the other's count). */
static void choice_stat(const lfs *s, const lf_pos *p, const root_round *r, int pl, ag_move m,
                        ag_move_stat *st)
{
  int k = s->F + 1, f = AG__MOVE_AUX(m), call = AG__MOVE_TO(m), b, nb;
  const double *other = r->mix[1 - pl];
  double v = 0;
  st->move = m;
  st->visits = 0;
  st->share = 0;
  if (p->phase == AG__LF_PH_THROW) {
    st->share = r->mix[pl][f];
    for (b = 0; b < k; b++) v += other[b] * r->W[p->mover][f + b];
  } else {
    int g = call - f, possible = g >= 0 && g <= s->F;
    nb = k * k;
    if (possible) st->share = r->mix[pl][f * k + g];
    for (b = 0; b < nb; b++) {
      int fo = b / k, go = b % k;
      if (other[b] == 0) continue;
      if (!possible) v += other[b] * r->W[1 - pl][f + fo];
      else if (pl == 0) v += other[b] * guess_payoff(r->W, f, g, fo, go, r->value);
      else v += other[b] * guess_payoff(r->W, fo, go, f, g, r->value);
    }
  }
  st->value = pl == 0 ? v : 1 - v;
}

/* Draws matrix action of p's mix and returns its move. */
static ag_move draw_choice(const lfs *s, const lf_pos *p, const root_round *r, int pl, uint64_t *rng)
{
  int k = s->F + 1, na = p->phase == AG__LF_PH_THROW ? k : k * k;
  uint32_t a = ag__ai_draw_index(rng, r->mix[pl], (uint32_t)na);
  if (p->phase == AG__LF_PH_THROW) return AG__MOVE(AG_MOVE_CHOICE, a, NO_CALL, 0);
  return AG__MOVE(AG_MOVE_CHOICE, a / (uint32_t)k, a / (uint32_t)k + a % (uint32_t)k, 0);
}

/* A symmetric guess round (the opening) has exactly-optimal mixes that make
 * every round VOID: each side calls its fingers plus sigma(its fingers) for
 * an involution sigma, so both are right or both wrong every time.  The
 * simplex (and regret matching) finds such mixes, and two such players
 * never leave the opening: the cap's draw.  So when the two mixes make a
 * VOID more likely than LOOP_VOID, each player blends LOOP_EPS of a uniform
 * mix into its own -- uniform over its best replies to the other's mix only
 * (the choices within LOOP_TOL of the best one's value): a choice outside
 * them gives the other side value.  In a guess stall where each side calls
 * the count that captures (every other count hurts whoever moves with it),
 * a uniform blend over all calls handed that capture to the other side
 * within a few hundred rounds; blending best replies keeps the round's
 * value, and where they cannot break the loop the cheap exits below do
 * (what an opponent could gain from the blend is measured by
 * tests/lf_match --exploit). */
#define LOOP_VOID 0.9
#define LOOP_EPS  0.05
#define LOOP_TOL  1e-9

/* P(VOID) when White plays x and Black y in the guess round of the root. */
static double void_chance(const lfs *s, const double *x, const double *y)
{
  int k = s->F + 1, a, b;
  double pv = 0;
  for (a = 0; a < k * k; a++)
    for (b = 0; x[a] > 0 && b < k * k; b++)
      if ((a % k == b / k) == (b % k == a / k)) pv += x[a] * y[b];
  return pv;
}

/* White's value in the guess round r (k = fingers + 1) when player pl plays
 * matrix choice a and the other side its mix o; *decided (if not NULL) gets
 * the chance that the round is decided (exactly one call right).  The one
 * place the blends below turn a pair of choices into White's and Black's. */
static double choice_against(const root_round *r, int k, int pl, int a, const double *o,
                             double *decided)
{
  int b, na = k * k;
  double v = 0, dec = 0;
  for (b = 0; b < na; b++) {
    int wa = pl == 0 ? a : b, bl = pl == 0 ? b : a;
    if (o[b] == 0) continue;
    v += o[b] * guess_payoff(r->W, wa / k, wa % k, bl / k, bl % k, r->value);
    dec += o[b] * ((wa % k == bl / k) != (bl % k == wa / k));
  }
  if (decided) *decided = dec;
  return v;
}

/* Blends at most LOOP_EPS of the uniform mix over the choices in `set'
 * (count of them) into player pl's mix (mix: the unblended one) in the
 * guess round r: less when the blend would let the other side gain more
 * than LOOP_EXPLOIT of a piece against the round's value (what the other
 * gains from a mix is convex in the mix and about 0 at the equilibrium, so
 * the gain shrinks at least in proportion to the blend's weight). */
#define LOOP_EXPLOIT 0.005
static void blend_into(const lfs *s, root_round *r, int pl, const double *mix, const char *set, int count)
{
  int k = s->F + 1, na = k * k, a, b;
  double cap = LOOP_EXPLOIT * W_LOGISTIC * r->value * (1 - r->value), eps = LOOP_EPS, gain = 0;
  double *z = r->mix[pl];
  if (!count) return;
  for (a = 0; a < na; a++) z[a] = (1 - eps) * mix[a] + (set[a] ? eps / count : 0);
  /* the other's best reply to the blended mix z */
  for (b = 0; b < na; b++) {
    double v = choice_against(r, k, 1 - pl, b, z, NULL);
    if (pl == 0 ? r->value - v > gain : v - r->value > gain) gain = pl == 0 ? r->value - v : v - r->value;
  }
  if (gain > cap) {
    eps *= cap / gain;
    for (a = 0; a < na; a++) z[a] = (1 - eps) * mix[a] + (set[a] ? eps / count : 0);
  }
}

/* Blends each side's best replies to the other's mix (the unblended mix),
 * those within LOOP_TOL of the best one's value. */
static void blend_best_replies(const lfs *s, root_round *r, double mix[2][MAXA])
{
  int k = s->F + 1, na = k * k, a, pl;
  double u[2][MAXA];   /* White's value of each side's choice against the other's mix */
  for (pl = 0; pl < 2; pl++)
    for (a = 0; a < na; a++) u[pl][a] = choice_against(r, k, pl, a, mix[1 - pl], NULL);
  for (pl = 0; pl < 2; pl++) {
    double top = u[pl][0];
    int replies = 0;
    char set[MAXA];
    for (a = 1; a < na; a++)
      if (pl == 0 ? u[pl][a] > top : u[pl][a] < top) top = u[pl][a];
    for (a = 0; a < na; a++) replies += set[a] = fabs(u[pl][a] - top) <= LOOP_TOL;
    blend_into(s, r, pl, mix[pl], set, replies);
  }
}

/* When the best replies cannot break the loop (a VOID still more likely
 * than LOOP_VOID: every reply that ends it costs its player something),
 * each side blends in instead its cheap exits: the choices that decide a
 * round against the other's mix at least one time in ten and lose at most
 * EXIT_COST of a point per round decided (the expected cost of leaving the
 * loop does not depend on the blend's weight, only on the choices).  None
 * such: the loop stays (the cap's draw against the price of leaving).  A
 * blend over all calls (0.4) left at many times the cost: it played calls
 * that hand the other side its capture. */
#define EXIT_COST 0.02
static void blend_cheap_exits(const lfs *s, root_round *r, double mix[2][MAXA])
{
  int k = s->F + 1, na = k * k, a, pl;
  for (pl = 0; pl < 2; pl++) {
    int exits = 0;
    char set[MAXA];
    for (a = 0; a < na; a++) {
      double decided, value = choice_against(r, k, pl, a, mix[1 - pl], &decided);
      if (pl == 1) value = 1 - value;
      exits += set[a] = decided >= 0.1 && (pl == 0 ? r->value : 1 - r->value) - value <= EXIT_COST * decided;
    }
    blend_into(s, r, pl, mix[pl], set, exits);
  }
}

/* Searches the root round to depth d; 0 when stopped before the end. */
static int search_round(lfs *s, const lf_pos *p, int d, root_round *r)
{
  r->value = round_value(s, p, d, 1, r->W, r->mix[0], r->mix[1]);
  if (s->stopped) return 0;
  if (p->phase == AG__LF_PH_GUESS && void_chance(s, r->mix[0], r->mix[1]) > LOOP_VOID) {
    double mix[2][MAXA];
    memcpy(mix, r->mix, sizeof mix);
    blend_best_replies(s, r, mix);
    if (void_chance(s, r->mix[0], r->mix[1]) > LOOP_VOID) {
      memcpy(r->mix, mix, sizeof mix);
      blend_cheap_exits(s, r, mix);
    }
  }
  return 1;
}

/* The win probability reported for a searched value v: Platt scaling,
 * logit' = a logit(v) + b with (a, b) = ag__lf_cal, fitted to rollout
 * results (the raw values are overconfident: 0.86 predicted, 0.70 seen).
 * Only what ag_ai_analyse reports as the value is rescaled; the search, the
 * mix and the per-choice values are the raw ones.  0 and 1 stay. */
static double calibrated(double v)
{
  double z;
  if (v <= 0.0 || v >= 1.0) return v;
  z = ag__lf_cal[0] * ag__log(v / (1.0 - v)) + ag__lf_cal[1];
  return 1.0 / (1.0 + ag__exp(-z));
}

int ag__liubo_fingers_search(const ag_state *st, int player, const ag__ai_params *prm,
                             ag__ai_stop *stop, uint64_t *rng, ag_move *moves, ag_analysis *out,
                             ag_move *line, size_t line_cap, ag_move_stat *ms, size_t ms_cap)
{
  const ag_game *g = ag_state_game(st);
  const lf_pos *p = st->pos;
  lfs s;
  int d, maxd = prm->depth > 0 ? prm->depth : 2, done = 0, pl = player < 0 ? 0 : player;
  ag_move list[MAX_LIST];
  size_t n, i;
  memset(&s, 0, sizeof s);
  s.g = g;
  s.F = 5 * g->opt[AG__LF_OPT_HANDS];
  s.guess = g->opt[AG__LF_OPT_SCHEME] == 1;
  s.max_rounds = g->opt[AG__LF_OPT_MAX_ROUNDS];
  if (p->phase == AG__LF_PH_OVER) return ag__fail(AG_EPHASE, "ai: the game is over");
  s.tab = malloc(sizeof(double) * ((size_t)(MAXA + 1) * (2 * MAXA + 1) + (size_t)MAXA * MAXA));
  if (!s.tab) return ag__fail(AG_ENOMEM, "ai: out of memory");
  s.tt = calloc(TT_SIZE, sizeof *s.tt);   /* without it, the same search, slower */
  compute_dist(&s);
  if (p->phase == AG__LF_PH_ACT) {
    /* The mover's action: every action valued by the next round's game. */
    double vals[MAX_LIST], best_v = -1;
    size_t best = 0;
    int mover = p->mover;
    n = g->vt->legal(g, p, mover, list);
    for (d = 1; d <= maxd; d++) {
      double v[MAX_LIST];
      for (i = 0; i < n && !s.stopped; i++) {
        lf_pos q = *p;
        g->vt->apply(g, &q, &list[i], 1, NULL);
        v[i] = action_value(&s, &q, d - 1);
        if (mover == 1) v[i] = 1 - v[i];
      }
      if (s.stopped && d > 1) break;
      memcpy(vals, v, sizeof(double) * n);
      done = d;
      s.budget = prm->nodes;   /* the first depth always completes */
      s.stop = stop;
    }
    for (i = 1; i < n; i++)
      if (vals[i] > vals[best]) best = i;
    best_v = vals[best];
    moves[0] = out->best = list[best];
    out->value = calibrated(best_v);
    out->num_moves = n;
    for (i = 0; i < n && i < ms_cap; i++) {
      ms[i].move = list[i];
      ms[i].visits = 0;
      ms[i].share = vals[i] == best_v;
      ms[i].value = vals[i];
    }
    {
      size_t ties = 0;
      for (i = 0; i < n; i++) ties += vals[i] == best_v;
      for (i = 0; i < n && i < ms_cap; i++) ms[i].share /= (double)ties;
    }
  } else {
    root_round r, tmp;
    memset(&tmp, 0, sizeof tmp);
    /* The opening guess round of scheme=alternate at depth 1: at depth 2 the
     * other side's throw always has the last word, so winning the round
     * would look worse than it is. */
    if (p->phase == AG__LF_PH_GUESS && !s.guess) maxd = 1;
    for (d = 1; d <= maxd; d++) {
      long before = s.evals;
      if (!search_round(&s, p, d, &tmp) && d > 1) break;
      r = tmp;
      done = d;
      s.budget = prm->nodes;
      s.stop = stop;
      /* the next depth costs about this one's work times the first's: skip
       * it when that cannot fit the budget */
      if (s.budget && (s.evals - before) * s.evals > s.budget) break;
    }
    if (player < 0) {
      moves[0] = draw_choice(&s, p, &r, 0, rng);
      moves[1] = draw_choice(&s, p, &r, 1, rng);
    } else {
      moves[0] = draw_choice(&s, p, &r, player, rng);
    }
    out->best = moves[0];
    out->value = calibrated(pl == 0 ? r.value : 1 - r.value);
    n = g->vt->legal(g, p, pl, list);
    out->num_moves = n;
    for (i = 0; i < n && i < ms_cap; i++) choice_stat(&s, p, &r, pl, list[i], &ms[i]);
  }
  if (line_cap > 0) line[0] = out->best;
  out->line_len = 1;
  out->depth = done;
  out->work = (uint64_t)s.evals;
  free(s.tab);
  free(s.tt);
  return AG_OK;
}
