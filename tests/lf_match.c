/* SPDX-License-Identifier: MIT */
/*
 * lf_match.c -- matches between liubo_fingers players, with a reference
 * opponent written here from the rules through the public API only.
 *
 *   tests/lf_match [options] PLAYER_A PLAYER_B
 *     -n, --games N        games (default 40), A White in the even ones
 *     -s, --seed S         seed of game i's RNG streams: S + i / 2, so each
 *                          pair replays the same streams with seats swapped
 *     -g, --spec SPEC      the game (default liubo_fingers)
 *     -e, --exploit K      every K-th finger round where A is the library's
 *                          player, A's mix is also analysed for both sides and
 *                          its exploitability by A's own values measured
 *     -m, --min-score X    exit 1 when A scores below X (the floor test)
 *     -q, --quiet          only the summary line
 *
 * A player is "ref" (the reference below), "uniform" (uniform fingers and
 * possible calls, the best one-ply action by the reference's evaluation) or
 * a player spec of the library ("ai", "mcts(iterations=1000,rollout=40)"
 * is the 0.2 "ai" of this game).
 *
 * The reference: every finger round is a zero-sum matrix game over the
 * fingers (and the calls that can be right, in a guess round) whose entries
 * are the value of the mover's best action for the count, one ply deep, by
 * an evaluation of pieces home, captures and each piece's steps to TAIJI;
 * a VOID round counts as the present position's evaluation.  It is solved by
 * regret matching+ (2000 iterations, the average strategy), then sampled.
 * An action is the best one-ply action.
 *
 * A game that reaches the round cap (a draw for the library) is scored here
 * by who leads there: more pieces home, else more prisoners held, else a
 * half point.  The score is A's points / games; the 95% interval is
 * Wilson's on that proportion.  CPU time per decision is this thread's.
 */
#define _POSIX_C_SOURCE 200809L
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "ancientgames.h"
#include "lf_ref.h"

#define MAXF 10
#define MAXN (2 * MAXF + 1)
#define MAXA ((MAXF + 1) * (MAXF + 1))
#define NO_CALL 255


static double cpu_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void die(const char *what, int rc)
{
  fprintf(stderr, "lf_match: %s: %s (%d)\n", what, ag_errmsg(), rc);
  exit(2);
}

/* The joint choice that gives player m the count n (as the search's). */
static void count_choice(const ref *r, int guess, int m, int n, ag_move mv[2])
{
  int f0 = n < r->F ? n : r->F, f1 = n - f0;
  if (!guess) {
    mv[0] = (ag_move)(5u << 24 | (unsigned)f0 << 16 | NO_CALL << 8);
    mv[1] = (ag_move)(5u << 24 | (unsigned)f1 << 16 | NO_CALL << 8);
  } else {
    int c0 = m == 0 ? n : f0 + (f1 == 0), c1 = m == 1 ? n : f1 + (f0 == 0);
    mv[0] = (ag_move)(5u << 24 | (unsigned)f0 << 16 | (unsigned)c0 << 8);
    mv[1] = (ag_move)(5u << 24 | (unsigned)f1 << 16 | (unsigned)c1 << 8);
  }
}

/* The mover's best one-ply action at st (lf_ref.h): White's value; *best its move. */
static double best_action(const ref *r, ag_state *st, ag_move *best)
{
  double v = 0;
  int rc = ref_best_action(r, st, best, &v);
  if (rc != AG_OK) die("best action", rc);
  return v;
}

/* Regret matching+ on A (m x n, White maximises): average mixes into x, y. */
static void regret_match(const double *A, int m, int n, int iters, double *x, double *y)
{
  double rx[MAXA], ry[MAXA], sx[MAXA], sy[MAXA], ux[MAXA], uy[MAXA];
  int i, j, t;
  for (i = 0; i < m; i++) rx[i] = 0, x[i] = 0;
  for (j = 0; j < n; j++) ry[j] = 0, y[j] = 0;
  for (t = 1; t <= iters; t++) {
    double tx = 0, ty = 0, vx = 0, vy = 0;
    for (i = 0; i < m; i++) tx += rx[i];
    for (j = 0; j < n; j++) ty += ry[j];
    for (i = 0; i < m; i++) sx[i] = tx > 0 ? rx[i] / tx : 1.0 / m;
    for (j = 0; j < n; j++) sy[j] = ty > 0 ? ry[j] / ty : 1.0 / n;
    for (i = 0; i < m; i++) {
      ux[i] = 0;
      for (j = 0; j < n; j++) ux[i] += A[i * n + j] * sy[j];
      vx += sx[i] * ux[i];
    }
    for (j = 0; j < n; j++) {
      uy[j] = 0;
      for (i = 0; i < m; i++) uy[j] -= A[i * n + j] * sx[i];
      vy += sy[j] * uy[j];
    }
    for (i = 0; i < m; i++) rx[i] = fmax(0, rx[i] + ux[i] - vx), x[i] += t * sx[i];
    for (j = 0; j < n; j++) ry[j] = fmax(0, ry[j] + uy[j] - vy), y[j] += t * sy[j];
  }
  {
    double tx = 0, ty = 0;
    for (i = 0; i < m; i++) tx += x[i];
    for (j = 0; j < n; j++) ty += y[j];
    for (i = 0; i < m; i++) x[i] /= tx;
    for (j = 0; j < n; j++) y[j] /= ty;
  }
}

static int draw(uint64_t *rng, const double *p, int n)
{
  double u = (double)(ag_rng_next(rng) >> 11) / 9007199254740992.0, acc = 0;
  int i;
  for (i = 0; i + 1 < n; i++) {
    acc += p[i];
    if (u < acc) return i;
  }
  return n - 1;
}

/* The reference's (or, uniform != 0, the uniform player's) move for player pl. */
static ag_move ref_choose(const ref *r, const ag_state *st0, int pl, int uniform, uint64_t *rng)
{
  ag_state *st;
  int cur = ag_state_current_player(st0), k = r->F + 1, m, n, a, b, guess, rc;
  double W[2][MAXN], A[MAXA * MAXA], x[MAXA], y[MAXA], v0;
  ag_move mv[2], best = 0;
  if ((rc = ag_state_clone(st0, &st)) != AG_OK) die("clone", rc);
  if (cur != AG_PLAYER_SIMULTANEOUS) {
    best_action(r, st, &best);
    ag_state_free(st);
    return best;
  }
  {
    ag_move l[512];
    size_t nl = 0;
    ag_state_legal_moves(st, pl, l, 512, &nl);
    guess = (l[0] >> 8 & 0xff) != NO_CALL;
  }
  if (uniform) {
    ag_state_free(st);
    a = (int)ag_rng_below(rng, guess ? (uint64_t)(k * k) : (uint64_t)k);
    if (!guess) return (ag_move)(5u << 24 | (unsigned)a << 16 | NO_CALL << 8);
    return (ag_move)(5u << 24 | (unsigned)(a / k) << 16 | (unsigned)(a / k + a % k) << 8);
  }
  v0 = ref_eval(r, st);
  for (m = 0; m < 2; m++)
    for (n = 0; n <= 2 * r->F; n++) {
      count_choice(r, guess, m, n, mv);
      if ((rc = ag_state_apply_joint(st, mv, 2)) != AG_OK) die("apply_joint", rc);
      if (ag_state_current_player(st) != m) {   /* a throw: only the mover's counts */
        ag_state_undo(st);
        W[m][n] = -1;
        continue;
      }
      W[m][n] = best_action(r, st, &best);
      ag_state_undo(st);
    }
  ag_state_free(st);
  if (!guess) {
    int mover = W[0][0] >= 0 ? 0 : 1;
    for (a = 0; a < k; a++)
      for (b = 0; b < k; b++) A[a * k + b] = W[mover][a + b];
    regret_match(A, k, k, 2000, x, y);
    a = draw(rng, pl ? y : x, k);
    return (ag_move)(5u << 24 | (unsigned)a << 16 | NO_CALL << 8);
  }
  for (a = 0; a < k * k; a++)
    for (b = 0; b < k * k; b++) {
      int f0 = a / k, g0 = a % k, f1 = b / k, g1 = b % k, r0 = g0 == f1, r1 = g1 == f0;
      A[a * k * k + b] = r0 != r1 ? W[r0 ? 0 : 1][f0 + f1] : v0;
    }
  regret_match(A, k * k, k * k, 2000, x, y);
  a = draw(rng, pl ? y : x, k * k);
  return (ag_move)(5u << 24 | (unsigned)(a / k) << 16 | (unsigned)(a / k + a % k) << 8);
}

/* ------------------------------------------------------------------ the match */

typedef struct side {
  const char *name;
  int kind;                    /* 0 library spec, 1 ref, 2 uniform */
  uint64_t rng;
  double cpu;
  long decisions, impossible;
} side;

static ag_move choose(side *s, const ref *r, const ag_state *st, int pl)
{
  ag_move m;
  int rc, kind, from, to;
  double t0 = cpu_ms();
  if (s->kind) m = ref_choose(r, st, pl, s->kind == 2, &s->rng);
  else if ((rc = ag_ai_choose_player(st, pl, s->name, &s->rng, &m)) != AG_OK) die(s->name, rc);
  s->cpu += cpu_ms() - t0;
  s->decisions++;
  ag_move_info(r->g, m, &kind, &from, &to);
  if (kind == AG_MOVE_CHOICE) {
    int f = (int)(m >> 16 & 0xff), c = (int)(m >> 8 & 0xff);
    if (c != NO_CALL && (c < f || c > f + r->F)) s->impossible++;
  }
  return m;
}

/* Exploitability of the library player's mix at st for player pl, by its
 * own values: the best reply's gain over the round's value, in pieces (a
 * piece is worth 1.25 v (1 - v) of the expected score v by the ai's
 * logistic).  The round's value is the other's own mix against it, from
 * the per-choice values (the reported value is calibrated, they are not). */
static double exploit(const char *params, const ag_state *st, int pl, uint64_t *rng)
{
  ag_move_stat ms[MAXA * 2 + 64];
  ag_analysis an;
  double best = -1, v = 0;
  size_t i;
  memset(&an, 0, sizeof an);
  an.size = sizeof an;
  if (ag_ai_analyse(st, 1 - pl, params, rng, NULL, &an, NULL, 0, ms, sizeof ms / sizeof ms[0]) != AG_OK)
    return -1;
  for (i = 0; i < an.num_moves; i++) {
    if (ms[i].value > best) best = ms[i].value;
    v += ms[i].share * ms[i].value;
  }
  return v > 0 && v < 1 ? (best - v) / (1.25 * v * (1 - v)) : 0;
}

static double wilson(double p, double n, int upper)
{
  double z = 1.96, d = 1 + z * z / n, c = p + z * z / (2 * n);
  double h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n));
  return (c + (upper ? h : -h)) / d;
}

int main(int argc, char **argv)
{
  static const struct option opts[] = {
    {"games", required_argument, NULL, 'n'}, {"seed", required_argument, NULL, 's'},
    {"spec", required_argument, NULL, 'g'}, {"exploit", required_argument, NULL, 'e'},
    {"min-score", required_argument, NULL, 'm'}, {"quiet", no_argument, NULL, 'q'},
    {"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  const char *spec = "liubo_fingers";
  long games = 40, seed = 1, every = 0, i;
  double min_score = -1, points = 0, capped = 0, ex_sum = 0, ex_max = 0, plies = 0;
  long ex_n = 0;
  int quiet = 0, c, rc;
  ag_game *g;
  ref r;
  side sd[2];
  while ((c = getopt_long(argc, argv, "n:s:g:e:m:qh", opts, NULL)) != -1) {
    switch (c) {
    case 'n': games = atol(optarg); break;
    case 's': seed = atol(optarg); break;
    case 'g': spec = optarg; break;
    case 'e': every = atol(optarg); break;
    case 'm': min_score = atof(optarg); break;
    case 'q': quiet = 1; break;
    default:
      fprintf(stderr, "usage: lf_match [-n GAMES] [-s SEED] [-g SPEC] [-e K] [-m MIN] [-q] A B\n");
      return c == 'h' ? 0 : 2;
    }
  }
  if (argc - optind != 2 || games < 1) {
    fprintf(stderr, "usage: lf_match [-n GAMES] [-s SEED] [-g SPEC] [-e K] [-m MIN] [-q] A B\n");
    return 2;
  }
  if ((rc = ag_game_new(spec, &g)) != AG_OK) die(spec, rc);
  ref_init(&r, g);
  memset(sd, 0, sizeof sd);
  for (c = 0; c < 2; c++) {
    sd[c].name = argv[optind + c];
    sd[c].kind = strcmp(sd[c].name, "ref") == 0 ? 1 : strcmp(sd[c].name, "uniform") == 0 ? 2 : 0;
  }
  for (i = 0; i < games; i++) {
    ag_state *st;
    int a_seat = (int)(i & 1), winner, reason, o, rounds = 0;
    side *seat[2];
    double pts;
    uint64_t erng = (uint64_t)(seed + i / 2) * 7919u;
    seat[a_seat] = &sd[0], seat[1 - a_seat] = &sd[1];
    sd[0].rng = (uint64_t)(seed + i / 2) * 2654435761u + 1;
    sd[1].rng = (uint64_t)(seed + i / 2) * 2654435761u + 2;
    if ((rc = ag_state_new(g, &st)) != AG_OK) die("state", rc);
    while (ag_state_is_terminal(st) != 1) {
      int cur = ag_state_current_player(st);
      if (cur == AG_PLAYER_SIMULTANEOUS) {
        ag_move mv[2];
        mv[0] = choose(seat[0], &r, st, 0);
        mv[1] = choose(seat[1], &r, st, 1);
        rounds++;
        if (every > 0 && sd[0].kind == 0 && rounds % every == 0) {
          double e = exploit(sd[0].name, st, a_seat, &erng);
          if (e >= 0) {
            ex_sum += e, ex_n++;
            if (e > ex_max) ex_max = e;
          }
        }
        if ((rc = ag_state_apply_joint(st, mv, 2)) != AG_OK) die("apply_joint", rc);
      } else {
        if ((rc = ag_state_apply(st, choose(seat[cur], &r, st, cur))) != AG_OK) die("apply", rc);
      }
    }
    o = ag_state_outcome(st, &winner, &reason);
    if (o == AG_OUTCOME_WIN) {
      pts = winner == a_seat;
    } else if (reason == AG_END_PLY_LIMIT) {
      int h0, h1, c0, c1, lead;
      ag_state_info(st, AG_INFO_SCORE, 0, &h0);
      ag_state_info(st, AG_INFO_SCORE, 1, &h1);
      ag_state_info(st, AG_INFO_CAPTURED, 0, &c0);
      ag_state_info(st, AG_INFO_CAPTURED, 1, &c1);
      lead = h0 != h1 ? h0 - h1 : c0 - c1;   /* White's lead */
      if (a_seat) lead = -lead;
      pts = lead > 0 ? 1 : lead < 0 ? 0 : 0.5;
      capped++;
    } else {
      pts = 0.5;
    }
    points += pts;
    plies += (double)ag_state_ply(st);
    if (!quiet)
      fprintf(stderr, "game %ld: A %s, %s%s, %zu plies, A scores %.1f\n", i + 1, a_seat ? "black" : "white",
              o == AG_OUTCOME_WIN ? (winner ? "black wins" : "white wins") : "draw",
              reason == AG_END_PLY_LIMIT ? " at the round cap" : "", ag_state_ply(st), pts);
    ag_state_free(st);
  }
  {
    double p = points / (double)games;
    printf("%s: A=%s B=%s games=%ld score=%.3f [%.3f, %.3f] capped=%.1f%% plies=%.0f "
           "cpu_ms/decision A=%.2f B=%.2f impossible A=%ld B=%ld",
           spec, sd[0].name, sd[1].name, games, p, wilson(p, (double)games, 0),
           wilson(p, (double)games, 1), 100.0 * capped / (double)games, plies / (double)games,
           sd[0].decisions ? sd[0].cpu / (double)sd[0].decisions : 0,
           sd[1].decisions ? sd[1].cpu / (double)sd[1].decisions : 0, sd[0].impossible, sd[1].impossible);
    if (ex_n)
      printf(" exploit(pieces) mean=%.2e max=%.2e over %ld rounds", ex_sum / (double)ex_n, ex_max, ex_n);
    printf("\n");
    ag_game_free(g);
    if (min_score >= 0 && p < min_score) {
      fprintf(stderr, "lf_match: A scored %.3f, below %.3f\n", p, min_score);
      return 1;
    }
    if (sd[0].impossible) {
      fprintf(stderr, "lf_match: A made %ld impossible calls\n", sd[0].impossible);
      return 1;
    }
  }
  return 0;
}
