/* SPDX-License-Identifier: MIT */
/*
 * bench_common.h -- what the benchmark programs of the liubo games share
 * (tests/liubo_sticks_bench.c, tests/lf_bench.c): their candidate records,
 * the reading of a "C <wins> <draws> <losses> <text>" line (and of lf_bench's
 * "E <rollouts> <sum> <sum of squares> <text>", truncated rollouts whose
 * results are fractional), the players' RNG streams, the error-rate bookkeeping and the calibration table of a
 * reported win probability against rollout results (Brier score and a
 * reliability table).  Header-only, for programs that are not installed;
 * the including file defines BENCH_NAME (its name in error messages).
 */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"

enum { BENCH_TEXT = 512, BENCH_MAX_BINS = 10 };

static inline void die(const char *what)
{
  fprintf(stderr, "%s: %s: %s\n", BENCH_NAME, what, ag_errmsg());
  exit(2);
}

static inline void text_of(const ag_state *st, char *buf)
{
  size_t len;
  if (ag_state_to_text(st, buf, BENCH_TEXT, &len) != AG_OK) die("text");
}

/* The RNG stream of candidate player i at position number pos (salt: the
 * program's own, so that the two sets do not share streams). */
static inline uint64_t bench_player_seed(long pos, int i, uint64_t salt)
{
  return ((uint64_t)pos * 31 + (uint64_t)i) * 0x9E3779B97F4A7C15ull + salt;
}

/* The index of `player' among the n players gen ran (n when not one of them):
 * such a player replays its gen stream there (random, mcts). */
static inline int bench_player_index(const char *const *players, int n, const char *player)
{
  int i;
  for (i = 0; i < n && strcmp(players[i], player); i++) continue;
  return i;
}

typedef struct cand_t {
  char text[BENCH_TEXT];
  double value;          /* (wins + draws / 2) / rollouts, for the side that played */
  int w, d, l;           /* a "C" line's counts (0 for an "E" line) */
  int est;               /* 1: an "E" line, its results in n, sum, sum2 */
  double n, sum, sum2;   /* rollouts, the sum of their results and of their squares */
} cand_t;

/* Reads the rest of a "C" line ("<wins> <draws> <losses> <text>") into c;
 * 0 when it is malformed. */
static inline int bench_read_cand(const char *rest, cand_t *c)
{
  int off = 0;
  if (sscanf(rest, "%d %d %d %n", &c->w, &c->d, &c->l, &off) < 3) return 0;
  strcpy(c->text, rest + off);
  c->value = (c->w + c->d / 2.0) / (double)(c->w + c->d + c->l);
  c->est = 0;
  c->n = c->w + c->d + c->l;
  c->sum = c->w + c->d / 2.0;
  c->sum2 = c->w + c->d / 4.0;
  return 1;
}

/* Reads the rest of an "E" line ("<rollouts> <sum> <sum2> <text>": results
 * in [0, 1], a truncated rollout's its roller's estimate) into c; 0 when it
 * is malformed. */
static inline int bench_read_est(const char *rest, cand_t *c)
{
  int off = 0;
  if (sscanf(rest, "%lf %lf %lf %n", &c->n, &c->sum, &c->sum2, &off) < 3 || c->n <= 0) return 0;
  strcpy(c->text, rest + off);
  c->value = c->sum / c->n;
  c->w = c->d = c->l = 0;
  c->est = 1;
  return 1;
}

/* The best value among n candidates (0 when none). */
static inline double bench_best(const cand_t *c, int n)
{
  double best = 0;
  int j;
  for (j = 0; j < n; j++)
    if (c[j].value > best) best = c[j].value;
  return best;
}

/* The candidate whose text is `end', NULL when the play is not among them. */
static inline const cand_t *bench_find(const cand_t *c, int n, const char *end)
{
  int j;
  for (j = 0; j < n; j++)
    if (!strcmp(c[j].text, end)) return &c[j];
  return NULL;
}

/* A reported win probability against rollout results, in `bins' bins. */
typedef struct bench_cal {
  int bins;
  long outcomes;
  double brier, p[BENCH_MAX_BINS], o[BENCH_MAX_BINS], n[BENCH_MAX_BINS];
} bench_cal;

/* A fractional result q counts (p - q)^2 to the Brier score, so a truncated
 * rollout's error includes its estimate's own. */
static inline void bench_cal_add(bench_cal *k, double p, const cand_t *c)
{
  int b = p >= 1 ? k->bins - 1 : (int)(p * k->bins);
  if (c->est) {
    k->brier += c->n * p * p - 2 * p * c->sum + c->sum2;
    k->outcomes += (long)(c->n + 0.5);
    k->p[b] += p * c->n;
    k->o[b] += c->sum;
    k->n[b] += c->n;
    return;
  }
  {
    int r = c->w + c->d + c->l;
    k->brier += c->w * (p - 1) * (p - 1) + c->l * p * p + c->d * (p - 0.5) * (p - 0.5);
    k->outcomes += r;
    k->p[b] += p * r;
    k->o[b] += c->w + c->d / 2.0;
    k->n[b] += r;
  }
}

/* The reliability table, one line per bin with results (the caller prints
 * the Brier score, k->brier / k->outcomes, in its own heading). */
static inline void bench_cal_print(const bench_cal *k, FILE *out)
{
  int i;
  for (i = 0; i < k->bins; i++)
    if (k->n[i] > 0)
      fprintf(out, "  predicted %.1f-%.1f: mean predicted %.3f, observed %.3f (%.0f results)\n",
              i / (double)k->bins, (i + 1) / (double)k->bins, k->p[i] / k->n[i], k->o[i] / k->n[i],
              k->n[i]);
}

#endif /* BENCH_COMMON_H */
