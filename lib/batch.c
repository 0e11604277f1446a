/* SPDX-License-Identifier: MIT */
/*
 * batch.c -- many random playouts from one state, on several threads.
 *
 * The i-th playout (0-based) starts from the RNG state that is the (i+1)-th
 * output of ag_rng_next() from the seed -- a function of (seed, i) only, so
 * the totals do not depend on the number of threads or on which thread plays
 * which playout (sums of integers do not depend on their order).  Threads
 * take chunks of playouts from a shared counter; each sums into its own
 * totals, added up after the join.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

#define CHUNK 32            /* playouts a thread takes at a time */
#define MAX_THREADS 256
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

typedef struct batch {
  const ag_state *st;
  ag__past past;
  uint64_t seed, count;
  size_t max_plies;
  uint64_t next;            /* the next playout to hand out (atomic) */
  int failed;               /* a playout ran out of memory (atomic) */
} batch;

typedef struct worker {
  batch *b;
  ag_playout_totals sum;
  pthread_t tid;
} worker;

/* The (i+1)-th output of SplitMix64 from seed, in O(1): its state after
 * i + 1 steps is seed + (i + 1) * GOLDEN. */
static uint64_t playout_seed(uint64_t seed, uint64_t i)
{
  uint64_t s = seed + i * GOLDEN;
  return ag__rng_next(&s);
}

/* Plays chunks of playouts until none are left, summing into w->sum. */
static void *work(void *arg)
{
  worker *w = arg;
  batch *b = w->b;
  const ag_game *g = b->st->game;
  for (;;) {
    uint64_t i = __atomic_fetch_add(&b->next, CHUNK, __ATOMIC_RELAXED), end;
    if (i >= b->count || __atomic_load_n(&b->failed, __ATOMIC_RELAXED)) break;
    end = b->count - i < CHUNK ? b->count : i + CHUNK;
    if (g->vt->playouts) {
      uint64_t rngs[CHUNK];
      size_t n = (size_t)(end - i), j;
      for (j = 0; j < n; j++) rngs[j] = playout_seed(b->seed, i + j);
      if (g->vt->playouts(g, b->st->pos, &b->past, rngs, n, b->max_plies, &w->sum) < 0) {
        __atomic_store_n(&b->failed, 1, __ATOMIC_RELAXED);
        return NULL;
      }
      continue;
    }
    for (; i < end; i++) {
      uint64_t rng = playout_seed(b->seed, i);
      size_t plies = 0;
      int winner = AG_PLAYER_NONE, reason = AG_END_NONE;
      int rc = g->vt->playout(g, b->st->pos, &b->past, &rng, b->max_plies, &plies, &winner,
                              &reason);
      if (rc < 0) {
        __atomic_store_n(&b->failed, 1, __ATOMIC_RELAXED);
        return NULL;
      }
      w->sum.playouts++;
      w->sum.plies += plies;
      if (rc == AG_OUTCOME_WIN && (winner == 0 || winner == 1)) w->sum.wins[winner]++;
      else if (rc == AG_OUTCOME_DRAW) w->sum.draws++;
      else w->sum.unfinished++;
    }
  }
  return NULL;
}

static void add_totals(ag_playout_totals *to, const ag_playout_totals *from)
{
  to->playouts += from->playouts;
  to->plies += from->plies;
  to->wins[0] += from->wins[0];
  to->wins[1] += from->wins[1];
  to->draws += from->draws;
  to->unfinished += from->unfinished;
}

AG_API int ag_state_playouts(const ag_state *st, uint64_t seed, uint64_t count,
                             size_t max_plies, int threads, ag_playout_totals *out)
{
  worker one, *ws = &one;
  batch b;
  int i;
  if (out) memset(out, 0, sizeof *out);
  if (!st || !out) return ag__fail(AG_EINVAL, "ag_state_playouts: state or out is NULL");
  if (threads <= 0) {
    int cpus = ag__cpu_count();
    threads = cpus > MAX_THREADS ? MAX_THREADS : cpus;
  }
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  if ((uint64_t)threads > (count + CHUNK - 1) / CHUNK)
    threads = count ? (int)((count + CHUNK - 1) / CHUNK) : 1;
  memset(&b, 0, sizeof b);
  b.st = st;
  b.past = ag__state_past(st);
  b.seed = seed;
  b.count = count;
  b.max_plies = max_plies;
  if (threads > 1 && !(ws = calloc((size_t)threads, sizeof *ws))) {
    ws = &one;
    threads = 1;
  }
  memset(ws, 0, (size_t)threads * sizeof *ws);
  for (i = 0; i < threads; i++) ws[i].b = &b;
  /* Worker 0 is the calling thread; a thread that cannot be created leaves
   * its share to the others (the counter hands out whatever is left). */
  for (i = 1; i < threads; i++)
    if (pthread_create(&ws[i].tid, NULL, work, &ws[i]) != 0) ws[i].b = NULL;
  work(&ws[0]);
  for (i = 1; i < threads; i++)
    if (ws[i].b) pthread_join(ws[i].tid, NULL);
  for (i = 0; i < threads; i++) add_totals(out, &ws[i].sum);
  if (ws != &one) free(ws);
  if (b.failed) {
    memset(out, 0, sizeof *out);
    return ag__fail(AG_ENOMEM, "ag_state_playouts: a playout ran out of memory");
  }
  return AG_OK;
}
