/* SPDX-License-Identifier: MIT */
/*
 * hare_solver.c -- retrograde analysis of the hare hunt (ancientgames-hare(7), SOLVING).
 *
 * A position at a turn boundary is (side to move, hare point h, hunter set S).
 * Layer k holds every position with k hunters, indexed by
 *   ((side * 25 + h) * C(24, k) + colex rank of S with h squeezed out).
 * Layers are solved from threshold+1 hunters up: captures only go down, so a
 * capture's result is read from a finished lower layer, and inside a layer
 * only steps and hunter moves remain (each a single turn).
 *
 * One byte per position holds the result (see the RES_* encoding): 0 is a
 * draw (or not yet known), odd codes are wins, even codes losses, each with
 * its distance in turns.  While a layer is solved, a second byte per position
 * counts the successors not yet known to be wins for the opponent (CNT_NEVER:
 * the position cannot lose).  The layer is solved level by level: at level d
 * every position lost in d-1 turns makes its unresolved predecessors wins in
 * d, and every position won in d-1 turns decrements its predecessors' counters;
 * a counter reaching 0 makes a loss in d (or later, when a capture leads to a
 * longer loss).  Each level is one parallel scan of the layer.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#include "bits.h"
#include "games/hare/hare_board.h"
#include "ai/hare_solver.h"

#define MAX_LAYER 23
#define HARE_MAX_HUNTERS 12   /* the largest game, hare(hunters=12) */
#define CHUNK 65536u

/* Result byte: 0 draw/unknown; a win in d >= 1 turns is 2d-1; a loss in d >= 0
 * turns is 2d+2.  Distances above the limits make the solve fail. */
#define RES_WIN(d) ((uint8_t)(2 * (d) - 1))
#define RES_LOSS(d) ((uint8_t)(2 * (d) + 2))
#define RES_IS_WIN(c) ((c) & 1)
#define RES_DIST(c) (((c) & 1) ? ((c) + 1) / 2 : ((c) - 2) / 2)
#define MAX_WIN_DIST 127
#define MAX_LOSS_DIST 126
#define CNT_NEVER 255

struct ag_solution {
  int chain, threshold, max_hunters;
  uint32_t binom[25][26];           /* C(n, k), 0 when k > n */
  uint32_t rank_tab[3][256][25];    /* colex rank contribution of one byte */
  hare_board board;
  uint8_t *layer[MAX_LAYER + 1];    /* results of layer k, NULL when not solved */
  size_t layer_size[MAX_LAYER + 1];
};

/* ------------------------------------------------------------------ indexing */

/* Removes bit h from a 25-bit mask, shifting the higher bits down. */
static uint32_t squeeze(uint32_t m, int h)
{
  return (m & ((1u << h) - 1)) | ((m >> (h + 1)) << h);
}

/* Inverse of squeeze(): re-inserts an empty bit at h. */
static uint32_t unsqueeze(uint32_t m, int h)
{
  return (m & ((1u << h) - 1)) | ((m >> h) << (h + 1));
}

/* Colexicographic rank of a 24-bit set among the sets of its size. */
static uint32_t rank24(const ag_solution *s, uint32_t m)
{
  int c0 = ag__popcount32(m & 255), c1 = ag__popcount32(m & 0xFFFF);
  return s->rank_tab[0][m & 255][0] + s->rank_tab[1][(m >> 8) & 255][c0] +
         s->rank_tab[2][(m >> 16) & 255][c1];
}

/* The k-subset of 24 bits with colex rank r. */
static uint32_t unrank24(const ag_solution *s, uint32_t r, int k)
{
  uint32_t m = 0;
  int i, b = 24;
  for (i = k; i >= 1; i--) {
    do b--; while (s->binom[b][i] > r);
    r -= s->binom[b][i];
    m |= 1u << b;
  }
  return m;
}

/* Index of a position in its layer. */
static size_t pos_index(const ag_solution *s, int k, int side, int h, uint32_t hunters)
{
  return ((size_t)side * 25 + (size_t)h) * s->binom[24][k] + rank24(s, squeeze(hunters, h));
}

/* Fills the binomial and rank tables and the board. */
static void init_tables(ag_solution *s)
{
  int n, k, j, v, c;
  memset(s->binom, 0, sizeof s->binom);
  for (n = 0; n < 25; n++) {
    s->binom[n][0] = 1;
    for (k = 1; k <= n; k++)
      s->binom[n][k] = s->binom[n - 1][k - 1] + (k <= n - 1 ? s->binom[n - 1][k] : 0);
  }
  for (j = 0; j < 3; j++)
    for (v = 0; v < 256; v++)
      for (c = 0; c < 25; c++) {
        uint32_t sum = 0;
        int t = c, p;
        for (p = 0; p < 8; p++)
          if ((v >> p) & 1) {
            t++;
            if (t <= 24) sum += s->binom[8 * j + p][t];
          }
        s->rank_tab[j][v][c] = sum;
      }
  ag__hare_board_build(&s->board);
}

/* A new, empty solution of a variant (tables filled, no layer). */
static ag_solution *solution_new(int chain, int threshold, int max_hunters)
{
  ag_solution *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->chain = chain;
  s->threshold = threshold;
  s->max_hunters = max_hunters;
  init_tables(s);
  return s;
}

/* ------------------------------------------------------------------ captures */

/* Best result of a set of ways to end the hare's turn, for the hare. */
typedef struct turn_best { int win; int draw; int loss; } turn_best; /* -1: none */

/* Adds one way to end the turn: the hunters to move in `res` (their result
 * code), seen from the hare, one turn later. */
static void best_add_end(turn_best *b, uint8_t res)
{
  if (res == 0) b->draw = 1;
  else if (RES_IS_WIN(res)) { int d = RES_DIST(res) + 1; if (b->loss < d) b->loss = d; }
  else { int d = RES_DIST(res) + 1; if (b->win < 0 || b->win > d) b->win = d; }
}

/* Result code of hunters-to-move (h, hunters) in a finished layer. */
static uint8_t lower_result(const ag_solution *s, int h, uint32_t hunters)
{
  int k = ag__popcount32(hunters);
  return s->layer[k][pos_index(s, k, HUNTERS, h, hunters)];
}

/* Adds every capture chain of the hare from point p: each jump, then (with
 * chain) every continuation; each prefix is a way to end the turn.  Its
 * twins, the hare's jumps: the game's landings (hare_jumps_to and its fast
 * forms, lib/games/hare/) and the search's hare_jumps.  tests/check_solver
 * (every_value_*, sample_against_successors: a reference solver with its own
 * move generator) and tests/check_perfect (the solution playing the game
 * through the API) keep them equal. */
static void add_captures(const ag_solution *s, int p, uint32_t hunters, int k, turn_best *b)
{
  int j;
  for (j = 0; j < s->board.jump_count[p]; j++) {
    int over = s->board.jump_over[p][j], land = s->board.jump_land[p][j];
    uint32_t left;
    if (!((hunters >> over) & 1) || ((hunters >> land) & 1)) continue;
    left = hunters & ~(1u << over);
    if (k - 1 <= s->threshold) { b->win = 1; continue; }
    best_add_end(b, lower_result(s, land, left));
    if (s->chain) add_captures(s, land, left, k - 1, b);
  }
}

/* ------------------------------------------------------------------ solving */

typedef struct solve_ctx {
  const ag_solution *sol;
  int k;
  uint32_t block;                   /* C(24, k): positions per (side, hare) */
  size_t size;
  _Atomic unsigned char *res, *cnt;
  int level;
  atomic_size_t next_chunk;
  size_t num_chunks;
  atomic_ullong resolved;
  atomic_int max_dist, overflow;
  const volatile int *stop;         /* the caller's stop flag, or NULL */
  int (*poll)(void *user);          /* the caller's poll callback, or NULL */
  void *poll_user;
  pthread_t caller;                 /* the thread that may call poll */
  atomic_int cancelled;
} solve_ctx;

/* Whether the solve must stop: read between chunks by every worker; the
 * calling thread also asks the poll callback. */
static int solve_stopped(solve_ctx *c)
{
  if (atomic_load_explicit(&c->cancelled, memory_order_relaxed)) return 1;
  if ((c->stop && __atomic_load_n((const int *)c->stop, __ATOMIC_RELAXED)) ||
      (c->poll && pthread_equal(pthread_self(), c->caller) && c->poll(c->poll_user))) {
    atomic_store(&c->cancelled, 1);
    return 1;
  }
  return 0;
}

/* Keeps the largest distance of any result written so far. */
static void note_distance(solve_ctx *c, int d)
{
  int m = atomic_load_explicit(&c->max_dist, memory_order_relaxed);
  while (d > m && !atomic_compare_exchange_weak(&c->max_dist, &m, d)) {}
}

/* Publishes a result code of a position that had none. */
static void publish(solve_ctx *c, size_t i, uint8_t code, unsigned long long *resolved)
{
  atomic_store_explicit(&c->res[i], code, memory_order_relaxed);
  (*resolved)++;
  note_distance(c, RES_DIST(code));
}

/* Number of hunter moves: each hunter to each empty neighbour.  Its twins,
 * the hunters' steps: the game's hunter_targets (lib/games/hare/hare_game.h:
 * the listing, the playouts) and their AVX-512 listing; tests/check_solver
 * and tests/check_perfect keep them equal (see add_captures). */
static int hunter_moves(const ag_solution *s, uint32_t hunters, uint32_t empty)
{
  int n = 0;
  uint32_t m = hunters;
  while (m) {
    int b = __builtin_ctz(m);
    m &= m - 1;
    n += ag__popcount32(s->board.neighbours[b] & empty);
  }
  return n;
}

/* Sets up one position of the layer: its counter, or its result when known
 * without same-layer information (no move, or a capture decides). */
static void init_position(solve_ctx *c, size_t i, int side, int h, uint32_t hunters,
                          unsigned long long *resolved)
{
  const ag_solution *s = c->sol;
  uint32_t empty = hare_empty(hunters, (uint32_t)h);
  int n;
  turn_best b = {-1, 0, -1};
  if (side == HUNTERS) {
    n = hunter_moves(s, hunters, empty);
    atomic_store_explicit(&c->cnt[i], (unsigned char)n, memory_order_relaxed);
    if (n == 0) publish(c, i, RES_LOSS(0), resolved);
    return;
  }
  n = ag__popcount32(s->board.neighbours[h] & empty);
  add_captures(s, h, hunters, c->k, &b);
  if (b.win > MAX_WIN_DIST || b.loss > MAX_LOSS_DIST) atomic_store(&c->overflow, 1);
  else if (b.win > 0) publish(c, i, RES_WIN(b.win), resolved);
  else if (!b.draw && n == 0) publish(c, i, RES_LOSS(b.loss > 0 ? b.loss : 0), resolved);
  atomic_store_explicit(&c->cnt[i], (unsigned char)(b.win > 0 || b.draw ? CNT_NEVER : n),
                        memory_order_relaxed);
}

/* Start of chunk q: its (side, hare) block and first rank. */
static void chunk_bounds(const solve_ctx *c, size_t q, int *side, int *h, uint32_t *r0,
                         uint32_t *r1)
{
  size_t per_block = (c->block + CHUNK - 1) / CHUNK, blk = q / per_block;
  *side = (int)(blk / 25);
  *h = (int)(blk % 25);
  *r0 = (uint32_t)((q % per_block) * CHUNK);
  *r1 = *r0 + CHUNK < c->block ? *r0 + CHUNK : c->block;
}

/* Worker of the set-up pass: walks chunks in rank order with Gosper's hack. */
static void *init_worker(void *arg)
{
  solve_ctx *c = arg;
  unsigned long long resolved = 0;
  size_t q;
  while (!solve_stopped(c) && (q = atomic_fetch_add(&c->next_chunk, 1)) < c->num_chunks) {
    int side, h;
    uint32_t r, r0, r1, m;
    chunk_bounds(c, q, &side, &h, &r0, &r1);
    m = unrank24(c->sol, r0, c->k);
    for (r = r0; r < r1; r++) {
      size_t i = ((size_t)side * 25 + (size_t)h) * c->block + r;
      init_position(c, i, side, h, unsqueeze(m, h), &resolved);
      if (m) { uint32_t t = m | (m - 1), low = ~t & (t + 1); m = (t + 1) | ((low / (m & -m) >> 1) - 1); }
    }
  }
  atomic_fetch_add(&c->resolved, resolved);
  return NULL;
}

/* A position of the layer lost in d-1 turns makes its unresolved (or more
 * slowly won) predecessor p a win in d. */
static void mark_win(solve_ctx *c, size_t p, unsigned long long *resolved)
{
  unsigned char old = 0, code = RES_WIN(c->level);
  if (c->level > MAX_WIN_DIST) { atomic_store(&c->overflow, 1); return; }
  if (atomic_compare_exchange_strong(&c->res[p], &old, code)) {
    (*resolved)++;
    note_distance(c, c->level);
    return;
  }
  while (RES_IS_WIN(old) && RES_DIST(old) > c->level &&
         !atomic_compare_exchange_weak(&c->res[p], &old, code)) {}
}

/* A position won in d-1 turns takes one successor off its predecessor p;
 * the last one makes p a loss, in d turns or in its longest capture loss. */
static void count_down(solve_ctx *c, size_t p, int side, int h, uint32_t hunters,
                       unsigned long long *resolved)
{
  int d = c->level;
  if (atomic_load_explicit(&c->res[p], memory_order_relaxed) != 0) return;
  if (atomic_load_explicit(&c->cnt[p], memory_order_relaxed) == CNT_NEVER) return;
  if (atomic_fetch_sub_explicit(&c->cnt[p], 1, memory_order_relaxed) != 1) return;
  if (side == HARE) {
    turn_best b = {-1, 0, -1};
    add_captures(c->sol, h, hunters, c->k, &b);
    if (b.loss > d) d = b.loss;
  }
  if (d > MAX_LOSS_DIST) atomic_store(&c->overflow, 1);
  else publish(c, p, RES_LOSS(d), resolved);
}

/* Propagates the result of hare-to-move (h, hunters) to the hunter moves
 * that led to it. */
static void propagate_hare(solve_ctx *c, int win, int h, uint32_t hunters,
                           unsigned long long *resolved)
{
  const ag_solution *s = c->sol;
  uint32_t empty = hare_empty(hunters, (uint32_t)h), m = hunters;
  uint32_t base24 = squeeze(hunters, h);
  size_t base = (size_t)h * c->block;            /* side 0 block of h */
  while (m) {
    int b = __builtin_ctz(m);
    uint32_t from;
    m &= m - 1;
    from = s->board.neighbours[b] & empty;
    while (from) {
      int a = __builtin_ctz(from);
      uint32_t pred24, pred;
      from &= from - 1;
      pred24 = base24 ^ (1u << (b < h ? b : b - 1)) ^ (1u << (a < h ? a : a - 1));
      pred = rank24(s, pred24);
      if (win) mark_win(c, base + pred, resolved);
      else count_down(c, base + pred, HUNTERS, h,
                      hunters ^ (1u << a) ^ (1u << b), resolved);
    }
  }
}

/* Propagates the result of hunters-to-move (h, hunters) to the hare steps
 * that led to it. */
static void propagate_hunters(solve_ctx *c, int win, int h, uint32_t hunters,
                              unsigned long long *resolved)
{
  const ag_solution *s = c->sol;
  uint32_t from = s->board.neighbours[h] & ~hunters & ALL_POINTS;
  while (from) {
    int a = __builtin_ctz(from);
    size_t p;
    from &= from - 1;
    p = ((size_t)25 + (size_t)a) * c->block + rank24(s, squeeze(hunters, a));
    if (win) mark_win(c, p, resolved);
    else count_down(c, p, HARE, a, hunters, resolved);
  }
}

/* Worker of one level: finds the positions decided at distance level-1 and
 * passes their result to their predecessors. */
static void *level_worker(void *arg)
{
  solve_ctx *c = arg;
  unsigned long long resolved = 0;
  unsigned char lost = RES_LOSS(c->level - 1);
  unsigned char won = c->level >= 2 ? RES_WIN(c->level - 1) : 0;
  size_t q;
  while (!solve_stopped(c) && (q = atomic_fetch_add(&c->next_chunk, 1)) < c->num_chunks) {
    int side, h;
    uint32_t r, r0, r1;
    size_t base;
    chunk_bounds(c, q, &side, &h, &r0, &r1);
    base = ((size_t)side * 25 + (size_t)h) * c->block;
    for (r = r0; r < r1; r++) {
      unsigned char code = atomic_load_explicit(&c->res[base + r], memory_order_relaxed);
      uint32_t hunters;
      if (code != lost && (code != won || won == 0)) continue;
      hunters = unsqueeze(unrank24(c->sol, r, c->k), h);
      if (side == HARE) propagate_hare(c, code == lost, h, hunters, &resolved);
      else propagate_hunters(c, code == lost, h, hunters, &resolved);
    }
  }
  atomic_fetch_add(&c->resolved, resolved);
  return NULL;
}

/* Runs fn on `threads` threads (the caller being one of them) over all
 * chunks; fewer when a thread cannot be started (the chunks still all run). */
static void run_parallel(solve_ctx *c, int threads, void *(*fn)(void *))
{
  pthread_t tid[64];
  int t, started = 0;
  atomic_store(&c->next_chunk, 0);
  for (t = 1; t < threads && t < 64; t++) {
    if (pthread_create(&tid[started], NULL, fn, c) != 0) break;
    started++;
  }
  fn(c);
  for (t = 0; t < started; t++) pthread_join(tid[t], NULL);
}

/* The caller's means of stopping a solve. */
typedef struct solve_stop {
  ag_solve_progress_fn progress;
  void *user;
  const volatile int *flag;
  int (*poll)(void *user);
  void *poll_user;
} solve_stop;

/* Reports progress; nonzero when the callback asks to stop. */
static int report(solve_ctx *c, const solve_stop *st, int level)
{
  if (st->progress &&
      st->progress(st->user, c->k, level, atomic_load(&c->resolved), c->size) != 0)
    atomic_store(&c->cancelled, 1);
  return atomic_load(&c->cancelled);
}

/* Solves layer k; the lower layers are finished. */
static int solve_layer(ag_solution *s, int k, int threads, const solve_stop *st)
{
  solve_ctx c;
  memset(&c, 0, sizeof c);
  c.sol = s;
  c.k = k;
  c.block = s->binom[24][k];
  c.size = (size_t)50 * c.block;
  c.num_chunks = 50 * (((size_t)c.block + CHUNK - 1) / CHUNK);
  c.stop = st->flag;
  c.poll = st->poll;
  c.poll_user = st->poll_user;
  c.caller = pthread_self();
  s->layer[k] = calloc(c.size, 1);
  c.cnt = calloc(c.size, 1);
  if (!s->layer[k] || !c.cnt) {
    free((void *)c.cnt);
    return ag__fail(AG_ENOMEM, "hare solver: no memory for the %d-hunter layer", k);
  }
  s->layer_size[k] = c.size;
  c.res = (_Atomic unsigned char *)s->layer[k];
  atomic_init(&c.max_dist, 0);
  atomic_init(&c.overflow, 0);
  atomic_init(&c.resolved, 0);
  atomic_init(&c.next_chunk, 0);
  atomic_init(&c.cancelled, 0);
  run_parallel(&c, threads, init_worker);
  if (!atomic_load(&c.cancelled)) report(&c, st, 0);
  for (c.level = 1; !atomic_load(&c.overflow) && !atomic_load(&c.cancelled) &&
                    c.level <= atomic_load(&c.max_dist) + 1;
       c.level++) {
    run_parallel(&c, threads, level_worker);
    if (!atomic_load(&c.cancelled)) report(&c, st, c.level);
  }
  free((void *)c.cnt);
  if (atomic_load(&c.cancelled))
    return ag__fail(AG_ECANCELED, "hare solver: stopped by the caller (%d-hunter layer)", k);
  if (atomic_load(&c.overflow))
    return ag__fail(AG_ERROR, "hare solver: a distance exceeds %d turns", MAX_LOSS_DIST);
  return AG_OK;
}

/* Number of worker threads: the request, or one per online CPU. */
static int thread_count(int requested)
{
  long n = requested > 0 ? requested : ag__cpu_count();
  return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

int ag__hare_solve_ex(int chain, int threshold, int max_hunters, int threads,
                      ag_solve_progress_fn progress, void *user, const ag_control *ctl,
                      ag_solution **out)
{
  ag_solution *s;
  solve_stop st = {progress, user, NULL, NULL, NULL};
  int k, rc = AG_OK;
  if (!out) return ag__fail(AG_EINVAL, "hare solver: out is NULL");
  *out = NULL;
  if ((chain != 0 && chain != 1) || threshold < 0 || max_hunters <= threshold ||
      max_hunters > MAX_LAYER)
    return ag__fail(AG_EINVAL, "hare solver: bad variant (chain %d, threshold %d, %d hunters)",
                    chain, threshold, max_hunters);
  if (ctl && ctl->size != 0) {
    /* Only the fields inside the caller's size exist. */
    if (ctl->size < sizeof ctl->size)
      return ag__fail(AG_EINVAL, "hare solver: ag_control size %zu is too small", ctl->size);
    if (ctl->size >= offsetof(ag_control, stop) + sizeof ctl->stop) st.flag = ctl->stop;
    if (ctl->size >= offsetof(ag_control, poll) + sizeof ctl->poll) st.poll = ctl->poll;
    if (ctl->size >= offsetof(ag_control, user) + sizeof ctl->user) st.poll_user = ctl->user;
  }
  s = solution_new(chain, threshold, max_hunters);
  if (!s) return ag__fail(AG_ENOMEM, "hare solver: no memory");
  for (k = threshold + 1; k <= max_hunters && rc == AG_OK; k++)
    rc = solve_layer(s, k, thread_count(threads), &st);
  if (rc != AG_OK) { ag_solution_free(s); return rc; }
  *out = s;
  return AG_OK;
}

/* The 0.1 progress callback, which cannot stop the solve, behind the 0.2 one. */
typedef struct void_progress { ag_progress_fn fn; void *user; } void_progress;

static int call_void_progress(void *user, int hunters, int level, uint64_t resolved,
                              uint64_t total)
{
  const void_progress *vp = user;
  vp->fn(vp->user, hunters, level, resolved, total);
  return 0;
}

int ag__hare_solve(int chain, int threshold, int max_hunters, int threads,
                   ag_progress_fn progress, void *user, ag_solution **out)
{
  void_progress vp = {progress, user};
  return ag__hare_solve_ex(chain, threshold, max_hunters, threads,
                           progress ? call_void_progress : NULL, &vp, NULL, out);
}

/* The variant of a hare game: its chain option and number of hunters (as
 * parsed and range-checked by ag_game_new); AG_EINVAL for another game. */
static int game_variant(const ag_game *g, int *chain, int *hunters)
{
  if (g->vt != &ag__hare_vt) return ag__fail(AG_EINVAL, "hare solver: not a hare game");
  *chain = g->opt[OPT_CHAIN];
  *hunters = g->opt[OPT_HUNTERS];
  return AG_OK;
}

AG_API int ag_solution_solve(const ag_game *g, int threads, ag_progress_fn progress,
                             void *user, ag_solution **out)
{
  int chain = 0, hunters = 0, rc;
  if (out) *out = NULL;
  if (!g || !out) return ag__fail(AG_EINVAL, "ag_solution_solve: NULL argument");
  rc = game_variant(g, &chain, &hunters);
  if (rc != AG_OK) return rc;
  return ag__hare_solve(chain, WIN_THRESHOLD, hunters, threads, progress, user, out);
}

AG_API int ag_solution_solve_ex(const ag_game *g, int threads, ag_solve_progress_fn progress,
                                void *user, const ag_control *ctl, ag_solution **out)
{
  int chain = 0, hunters = 0, rc;
  if (out) *out = NULL;
  if (!g || !out) return ag__fail(AG_EINVAL, "ag_solution_solve_ex: NULL argument");
  rc = game_variant(g, &chain, &hunters);
  if (rc != AG_OK) return rc;
  return ag__hare_solve_ex(chain, WIN_THRESHOLD, hunters, threads, progress, user, ctl, out);
}

AG_API void ag_solution_free(ag_solution *sol)
{
  int k;
  if (!sol) return;
  for (k = 0; k <= MAX_LAYER; k++) free(sol->layer[k]);
  free(sol);
}

AG_API int ag_solution_variant(const ag_solution *sol, int *chain, int *max_hunters)
{
  if (!sol) return ag__fail(AG_EINVAL, "ag_solution_variant: NULL solution");
  if (chain) *chain = sol->chain;
  if (max_hunters) *max_hunters = sol->max_hunters;
  return AG_OK;
}

/* ------------------------------------------------------------------ queries */

/* Turns a result code into value and distance. */
static void decode(uint8_t code, int *value, int *distance)
{
  if (value) *value = code == 0 ? 0 : RES_IS_WIN(code) ? 1 : -1;
  if (distance) *distance = code == 0 ? 0 : RES_DIST(code);
}

AG_API int ag_solution_lookup(const ag_solution *sol, int hare, uint32_t hunters,
                              int player, int *value, int *distance)
{
  int k;
  if (!sol || hare < 0 || hare >= HARE_POINTS || (hunters & ~ALL_POINTS) ||
      ((hunters >> hare) & 1) || (player != 0 && player != 1))
    return ag__fail(AG_EINVAL, "ag_solution_lookup: bad argument");
  k = ag__popcount32(hunters);
  if (k <= sol->threshold || k > sol->max_hunters || !sol->layer[k])
    return ag__fail(AG_ENOTFOUND, "ag_solution_lookup: %d hunters are not in the solution", k);
  decode(sol->layer[k][pos_index(sol, k, player, hare, hunters)], value, distance);
  return AG_OK;
}

int ag__hare_solution_chain_value(const ag_solution *sol, int hare, uint32_t hunters,
                                  int *value, int *distance)
{
  turn_best b = {-1, 0, -1};
  int k = ag__popcount32(hunters);
  if (k <= sol->threshold || k > sol->max_hunters)
    return ag__fail(AG_ENOTFOUND, "hare solver: %d hunters are not in the solution", k);
  best_add_end(&b, lower_result(sol, hare, hunters));     /* pass */
  add_captures(sol, hare, hunters, k, &b);
  if (b.win > 0) { *value = 1; *distance = b.win; }
  else if (b.draw) { *value = 0; *distance = 0; }
  else { *value = -1; *distance = b.loss; }
  return AG_OK;
}

/* Hare point and hunters mask of a state (see hare_solver.h). */
void ag__hare_read_board(const ag_state *st, int *hare, uint32_t *hunters)
{
  int node, owner, kind;
  *hare = -1;
  *hunters = 0;
  for (node = 0; node < HARE_POINTS; node++)
    if (ag_state_piece(st, node, 0, &owner, &kind, NULL) == 1) {
      if (kind == AG_PIECE_HARE) *hare = node;
      else if (kind == AG_PIECE_HUNTER) *hunters |= 1u << node;
    }
}

/* Reads hare point, hunter mask, side to move and chain flag of a state. */
static int read_state(const ag_solution *sol, const ag_state *st, int *hare,
                      uint32_t *hunters, int *player, int *in_chain)
{
  int chain = 0, max_hunters = 0;
  int rc = game_variant(ag_state_game(st), &chain, &max_hunters);
  if (rc != AG_OK) return rc;
  if (sol->threshold != WIN_THRESHOLD)
    return ag__fail(AG_EMISMATCH, "ag_solution_probe: the solution is of a reduced variant "
                    "(the hare wins at %d hunters, in the game at %d)",
                    sol->threshold, WIN_THRESHOLD);
  if (chain != sol->chain)
    return ag__fail(AG_EMISMATCH, "ag_solution_probe: the solution is for chain=%d, the game "
                    "has chain=%d", sol->chain, chain);
  *player = ag_state_current_player(st);
  if (*player != 0 && *player != 1) return ag__fail(AG_EPHASE, "ag_solution_probe: game over");
  ag__hare_read_board(st, hare, hunters);
  if (*hare < 0) return ag__fail(AG_ERROR, "ag_solution_probe: no hare on the board");
  if (ag_state_info(st, AG_INFO_CHAIN, 0, in_chain) != AG_OK) *in_chain = 0;
  return AG_OK;
}

AG_API int ag_solution_probe(const ag_solution *sol, const ag_state *st,
                             int *value, int *distance)
{
  int hare = -1, player = -1, in_chain = 0, rc, v, d;
  uint32_t hunters = 0;
  if (!sol || !st) return ag__fail(AG_EINVAL, "ag_solution_probe: NULL argument");
  rc = read_state(sol, st, &hare, &hunters, &player, &in_chain);
  if (rc != AG_OK) return rc;
  if (in_chain && player == 1) {
    rc = ag__hare_solution_chain_value(sol, hare, hunters, &v, &d);
    if (rc != AG_OK) return rc;
    if (value) *value = v;
    if (distance) *distance = d;
    return AG_OK;
  }
  return ag_solution_lookup(sol, hare, hunters, player, value, distance);
}

AG_API int ag_solution_stats(const ag_solution *sol, int hunters, int player,
                             uint64_t *win, uint64_t *loss, uint64_t *draw,
                             int *longest_win, int *longest_loss)
{
  uint64_t hist[256] = {0}, w = 0, l = 0;
  const uint8_t *p;
  size_t i, n;
  int c, lw = 0, ll = 0;
  if (!sol || (player != 0 && player != 1))
    return ag__fail(AG_EINVAL, "ag_solution_stats: bad argument");
  if (hunters <= sol->threshold || hunters > sol->max_hunters || !sol->layer[hunters])
    return ag__fail(AG_ENOTFOUND, "ag_solution_stats: %d hunters are not solved", hunters);
  n = sol->layer_size[hunters] / 2;
  p = sol->layer[hunters] + (size_t)player * n;
  for (i = 0; i < n; i++) hist[p[i]]++;
  for (c = 1; c < 256; c++) {
    if (!hist[c]) continue;
    if (RES_IS_WIN(c)) { w += hist[c]; if (RES_DIST(c) > lw) lw = RES_DIST(c); }
    else { l += hist[c]; if (RES_DIST(c) > ll) ll = RES_DIST(c); }
  }
  if (win) *win = w;
  if (loss) *loss = l;
  if (draw) *draw = hist[0];
  if (longest_win) *longest_win = lw;
  if (longest_loss) *longest_loss = ll;
  return AG_OK;
}

/* ------------------------------------------------------------------ files */

/* File layout, all integers little-endian:
 *   "AGHARESOLUTION\n\0"            16 bytes of magic
 *   u32 format version (1), u32 chain, u32 threshold, u32 max_hunters
 *   the result bytes of layers threshold+1 .. max_hunters, in order
 *   u64 checksum of everything before it. */
static const char file_magic[16] = "AGHARESOLUTION\n";
#define FILE_VERSION 1u
#define HEADER_SIZE 32

/* Folds bytes into the running checksum (a 64-bit multiply-xorshift hash);
 * not static, as the tests' hook to write files with a changed table. */
uint64_t ag__hare_solution_checksum(uint64_t h, const uint8_t *p, size_t n)
{
  size_t i;
  for (i = 0; i + 8 <= n; i += 8) {
    uint64_t w = 0;
    int j;
    for (j = 7; j >= 0; j--) w = (w << 8) | p[i + (size_t)j];
    h = (h ^ w) * 0x100000001B3ull;
    h ^= h >> 29;
  }
  for (; i < n; i++) h = ((h ^ p[i]) * 0x100000001B3ull) ^ (h >> 31);
  return h;
}

/* Writes a 32-bit little-endian value into b. */
static void put_u32(uint8_t *b, uint32_t v)
{
  b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); b[2] = (uint8_t)(v >> 16); b[3] = (uint8_t)(v >> 24);
}

/* Reads a 32-bit little-endian value from b. */
static uint32_t get_u32(const uint8_t *b)
{
  return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

/* Writes the checksummed data of a solution to f; returns 0 on success. */
static int write_all(const ag_solution *sol, FILE *f)
{
  uint8_t head[HEADER_SIZE], tail[8];
  uint64_t h = 0;
  int k, i;
  memcpy(head, file_magic, 16);
  put_u32(head + 16, FILE_VERSION);
  put_u32(head + 20, (uint32_t)sol->chain);
  put_u32(head + 24, (uint32_t)sol->threshold);
  put_u32(head + 28, (uint32_t)sol->max_hunters);
  h = ag__hare_solution_checksum(h, head, HEADER_SIZE);
  if (fwrite(head, 1, HEADER_SIZE, f) != HEADER_SIZE) return -1;
  for (k = sol->threshold + 1; k <= sol->max_hunters; k++) {
    h = ag__hare_solution_checksum(h, sol->layer[k], sol->layer_size[k]);
    if (fwrite(sol->layer[k], 1, sol->layer_size[k], f) != sol->layer_size[k]) return -1;
  }
  for (i = 0; i < 8; i++) tail[i] = (uint8_t)(h >> (8 * i));
  return fwrite(tail, 1, 8, f) == 8 ? 0 : -1;
}

AG_API int ag_solution_save(const ag_solution *sol, const char *path)
{
  FILE *f;
  int bad;
  if (!sol || !path) return ag__fail(AG_EINVAL, "ag_solution_save: NULL argument");
  f = fopen(path, "wb");
  if (!f) return ag__fail(AG_ERROR, "cannot create %s: %s", path, strerror(errno));
  bad = write_all(sol, f);
  if (fclose(f) != 0) bad = -1;
  if (bad) return ag__fail(AG_ERROR, "cannot write %s: %s", path, strerror(errno));
  return AG_OK;
}

/* Checks a file header; on success creates the empty solution it announces. */
static int read_header(const uint8_t *head, const char *path, int any_variant,
                       ag_solution **out)
{
  uint32_t version = get_u32(head + 16), chain = get_u32(head + 20);
  uint32_t threshold = get_u32(head + 24), hunters = get_u32(head + 28);
  if (memcmp(head, file_magic, 16) != 0)
    return ag__fail(AG_EPARSE, "%s is not a hare solution file (bad magic)", path);
  if (version != FILE_VERSION)
    return ag__fail(AG_EPARSE, "%s has format version %u; this library reads version %u",
                    path, version, FILE_VERSION);
  if (chain > 1 || threshold >= hunters || hunters > MAX_LAYER)
    return ag__fail(AG_EPARSE, "%s has a damaged header (chain %u, threshold %u, %u hunters)",
                    path, chain, threshold, hunters);
  /* ag_solution_solve only writes the real game: the hare wins at 9
   * hunters, 10 to 12 of them.  Anything else is not a file of this library. */
  if (!any_variant && (threshold != WIN_THRESHOLD || hunters > HARE_MAX_HUNTERS))
    return ag__fail(AG_EPARSE, "%s is not a solution of the hare hunt (the hare wins at %u "
                    "hunters, %u hunters at most; the game has %d and %d)", path, threshold,
                    hunters, WIN_THRESHOLD, HARE_MAX_HUNTERS);
  *out = solution_new((int)chain, (int)threshold, (int)hunters);
  return *out ? AG_OK : ag__fail(AG_ENOMEM, "ag_solution_load: no memory");
}

/* Reads the layers and the checksum of an opened file into s. */
static int read_layers(ag_solution *s, FILE *f, const char *path, uint64_t h)
{
  uint8_t tail[8], extra;
  uint64_t stored = 0;
  int k, i;
  for (k = s->threshold + 1; k <= s->max_hunters; k++) {
    s->layer_size[k] = (size_t)50 * s->binom[24][k];
    s->layer[k] = malloc(s->layer_size[k]);
    if (!s->layer[k]) return ag__fail(AG_ENOMEM, "ag_solution_load: no memory");
    if (fread(s->layer[k], 1, s->layer_size[k], f) != s->layer_size[k])
      return ag__fail(AG_EPARSE, "%s is truncated (in the %d-hunter table)", path, k);
    h = ag__hare_solution_checksum(h, s->layer[k], s->layer_size[k]);
  }
  if (fread(tail, 1, 8, f) != 8)
    return ag__fail(AG_EPARSE, "%s is truncated (no checksum)", path);
  for (i = 7; i >= 0; i--) stored = (stored << 8) | tail[i];
  if (stored != h) return ag__fail(AG_EPARSE, "%s is damaged (checksum mismatch)", path);
  if (fread(&extra, 1, 1, f) != 0)
    return ag__fail(AG_EPARSE, "%s has trailing data after the checksum", path);
  return AG_OK;
}

int ag__hare_solution_load(const char *path, int any_variant, ag_solution **out)
{
  uint8_t head[HEADER_SIZE];
  ag_solution *s = NULL;
  FILE *f;
  int rc;
  if (out) *out = NULL;
  if (!path || !out) return ag__fail(AG_EINVAL, "ag_solution_load: NULL argument");
  f = fopen(path, "rb");
  if (!f) return ag__fail(AG_ERROR, "cannot open %s: %s", path, strerror(errno));
  errno = 0;
  if (fread(head, 1, HEADER_SIZE, f) != HEADER_SIZE) {
    /* A read error (a directory: EISDIR) is the system's, not a short file. */
    if (ferror(f)) rc = ag__fail(AG_ERROR, "cannot read %s: %s", path, strerror(errno));
    else rc = ag__fail(AG_EPARSE, "%s is not a hare solution file (too short)", path);
  } else rc = read_header(head, path, any_variant, &s);
  if (rc == AG_OK) rc = read_layers(s, f, path, ag__hare_solution_checksum(0, head, HEADER_SIZE));
  fclose(f);
  if (rc != AG_OK) { ag_solution_free(s); return rc; }
  *out = s;
  return AG_OK;
}

AG_API int ag_solution_load(const char *path, ag_solution **out)
{
  return ag__hare_solution_load(path, 0, out);
}
