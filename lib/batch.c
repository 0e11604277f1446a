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
#include "ai/ai_common.h"

#define CHUNK 32            /* playouts a thread takes at a time */
#define MAX_THREADS 256
#define GOLDEN UINT64_C(0x9E3779B97F4A7C15)

typedef struct batch {
  const ag_state *st;
  ag__past past;
  uint64_t seed, count;
  size_t max_plies;
  uint64_t chunks;          /* ceil(count / CHUNK) */
  uint64_t next;            /* the next chunk to hand out (atomic) */
  const struct worker *caller; /* the calling thread's worker: the one that polls */
  int failed;               /* a playout ran out of memory (atomic) */
  ag__ai_stop stop;         /* the caller's ag_control */
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
  /* Summed here and stored once at the end: the workers' sums sit side by side
   * in one array, and a store per playout into it made the cores fight over
   * the cache line (hare on 2 threads: 1.5x wall-clock, 1.9x with this). */
  ag_playout_totals sum = w->sum;
  for (;;) {
    /* Chunks, not playouts, are counted: the counter ends at most
     * MAX_THREADS past chunks, so it cannot wrap for any count. */
    uint64_t c = __atomic_fetch_add(&b->next, 1, __ATOMIC_RELAXED), i, end;
    if (c >= b->chunks || __atomic_load_n(&b->failed, __ATOMIC_RELAXED)) break;
    if (ag__ai_should_stop(&b->stop, w == b->caller)) break;
    i = c * CHUNK;
    end = b->count - i < CHUNK ? b->count : i + CHUNK;
    if (g->vt->playouts) {
      uint64_t rngs[CHUNK];
      size_t n = (size_t)(end - i), j;
      for (j = 0; j < n; j++) rngs[j] = playout_seed(b->seed, i + j);
      if (g->vt->playouts(g, b->st->pos, &b->past, rngs, n, b->max_plies, &sum) < 0) {
        __atomic_store_n(&b->failed, 1, __ATOMIC_RELAXED);
        break;
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
        goto out;
      }
      sum.playouts++;
      sum.plies += plies;
      if (rc == AG_OUTCOME_WIN && (winner == 0 || winner == 1)) sum.wins[winner]++;
      else if (rc == AG_OUTCOME_DRAW) sum.draws++;
      else sum.unfinished++;
    }
  }
out:
  w->sum = sum;
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
  return ag_state_playouts_ex(st, seed, count, max_plies, threads, NULL, out);
}

AG_API int ag_state_playouts_ex(const ag_state *st, uint64_t seed, uint64_t count,
                                size_t max_plies, int threads, const ag_control *ctl,
                                ag_playout_totals *out)
{
  worker one, *ws = &one;
  batch b;
  uint64_t chunks = count / CHUNK + (count % CHUNK != 0); /* count + CHUNK - 1 may wrap */
  int i;
  if (out) memset(out, 0, sizeof *out);
  if (!st || !out) return ag__fail(AG_EINVAL, "ag_state_playouts: state or out is NULL");
  if (threads <= 0) {
    int cpus = ag__cpu_count();
    threads = cpus > MAX_THREADS ? MAX_THREADS : cpus;
  }
  if (threads > MAX_THREADS) threads = MAX_THREADS;
  if ((uint64_t)threads > chunks) threads = chunks ? (int)chunks : 1;
  memset(&b, 0, sizeof b);
  if (ag__ai_stop_init(&b.stop, 0, ctl) < 0) return AG_EINVAL;
  b.st = st;
  b.past = ag__state_past(st);
  b.seed = seed;
  b.count = count;
  b.chunks = chunks;
  b.max_plies = max_plies;
  if (threads > 1 && !(ws = calloc((size_t)threads, sizeof *ws))) {
    ws = &one;
    threads = 1;
  }
  memset(ws, 0, (size_t)threads * sizeof *ws);
  for (i = 0; i < threads; i++) ws[i].b = &b;
  b.caller = &ws[0];
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
  if (atomic_load(&b.stop.why) != AG__STOP_NONE)
    return ag__fail(AG_ECANCELED, "ag_state_playouts: stopped after %llu of %llu playouts",
                    (unsigned long long)out->playouts, (unsigned long long)count);
  return AG_OK;
}
