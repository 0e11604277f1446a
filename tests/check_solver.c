/* SPDX-License-Identifier: MIT */
/*
 * check_solver.c -- the hare-hunt solver checked without trusting it.
 *
 * Reduced variants (the hare wins at `threshold' hunters, at most
 * `max_hunters' hunters: the internal hook ag__hare_solve) are small enough to
 * solve here.  A separate reference -- its own board built from direction
 * vectors, its own move generator, a hash table of positions and a plain
 * fixed-point iteration over rounds -- computes every value and distance,
 * and each is compared with the solver's.  A second check walks a sample of
 * a larger variant and verifies each value and distance against its
 * successors.  Then the file format: round trip and every kind of bad file.
 *
 * This suite is linked with the library's sources (not the shared library),
 * because the test hook is internal.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "ancientgames.h"
#include "ai/hare_solver.h"
#include "ai/hare_book.h"
#include "check_main.h"

/* ------------------------------------------------------------ reference board */

typedef struct ref_board {
  uint32_t nb[25];
  int njump[25], over[25][8], land[25][8];
} ref_board;

/* Builds adjacency and jumps from the 8 directions: orthogonal everywhere,
 * diagonal only from points with (row + col) even. */
static void ref_board_build(ref_board *b)
{
  static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
  int p, d;
  memset(b, 0, sizeof *b);
  for (p = 0; p < 25; p++) {
    int r = p / 5, c = p % 5;
    for (d = 0; d < 8; d++) {
      int r1 = r + dr[d], c1 = c + dc[d], r2 = r + 2 * dr[d], c2 = c + 2 * dc[d];
      if (dr[d] && dc[d] && (r + c) % 2) continue;
      if (r1 < 0 || r1 > 4 || c1 < 0 || c1 > 4) continue;
      b->nb[p] |= 1u << (5 * r1 + c1);
      if (r2 < 0 || r2 > 4 || c2 < 0 || c2 > 4) continue;
      b->over[p][b->njump[p]] = 5 * r1 + c1;
      b->land[p][b->njump[p]++] = 5 * r2 + c2;
    }
  }
}

static int bits(uint32_t m) { int n = 0; for (; m; m &= m - 1) n++; return n; }

/* ------------------------------------------------------------ reference solve */

#define SENTINEL 0u   /* index 0: "the hare just won", a loss in 0 for the mover */

typedef struct ref {
  ref_board b;
  int chain, threshold, max_hunters;
  size_t n, cap;                  /* positions; hash capacity (power of 2) */
  int cap_bits;
  uint32_t *keys;                 /* key = side << 30 | hare << 25 | hunters, +1 */
  uint32_t *slot;                 /* hash slot -> position index */
  uint32_t *key_of;               /* position index -> key */
  uint32_t *first, *succ;         /* successor lists (CSR) */
  size_t nsucc, succ_cap;
  signed char *val;               /* 1 win, -1 loss, 0 unknown */
  int *dist;
} ref;

/* Hash slot of a key: the high bits of a 64-bit multiplicative hash. */
static size_t key_slot(const ref *r, uint32_t key)
{
  return (size_t)(((uint64_t)key * 0x9E3779B97F4A7C15ull) >> (64 - r->cap_bits));
}

static uint32_t key_make(int side, int h, uint32_t m)
{
  return ((uint32_t)side << 30 | (uint32_t)h << 25 | m) + 1;
}

/* Inserts a position key (once). */
static void ref_insert(ref *r, uint32_t key)
{
  size_t i = key_slot(r, key);
  while (r->keys[i]) i = (i + 1) & (r->cap - 1);
  r->keys[i] = key;
  r->slot[i] = (uint32_t)r->n;
  r->key_of[r->n++] = key;
}

/* Index of a position key, or exits the test when missing. */
static uint32_t ref_find(const ref *r, uint32_t key)
{
  size_t i = key_slot(r, key);
  while (r->keys[i] != key) {
    ck_assert_uint_ne(r->keys[i], 0);
    i = (i + 1) & (r->cap - 1);
  }
  return r->slot[i];
}

/* Enumerates every hunter set of size k of the 24 points other than h. */
static void ref_enum(ref *r, int h, int k, int from, uint32_t m)
{
  int p;
  if (k == 0) {
    ref_insert(r, key_make(0, h, m));
    ref_insert(r, key_make(1, h, m));
    return;
  }
  for (p = from; p < 25; p++)
    if (p != h) ref_enum(r, h, k - 1, p + 1, m | 1u << p);
}

static void ref_push(ref *r, uint32_t s)
{
  if (r->nsucc == r->succ_cap) {
    r->succ_cap *= 2;
    r->succ = realloc(r->succ, r->succ_cap * sizeof *r->succ);
    ck_assert_ptr_nonnull(r->succ);
  }
  r->succ[r->nsucc++] = s;
}

/* Every capture chain from p: each prefix ends the turn. */
static void ref_chains(ref *r, int p, uint32_t m)
{
  int j;
  for (j = 0; j < r->b.njump[p]; j++) {
    int o = r->b.over[p][j], l = r->b.land[p][j];
    if (!(m >> o & 1) || (m >> l & 1)) continue;
    if (bits(m) - 1 <= r->threshold) { ref_push(r, SENTINEL); continue; }
    ref_push(r, ref_find(r, key_make(0, l, m & ~(1u << o))));
    if (r->chain) ref_chains(r, l, m & ~(1u << o));
  }
}

/* The successor list of every position. */
static void ref_successors(ref *r)
{
  size_t i;
  r->first[0] = r->first[1] = 0;
  for (i = 1; i < r->n; i++) {
    uint32_t key = r->key_of[i] - 1, m = key & 0x1FFFFFFu;
    int side = (int)(key >> 30), h = (int)(key >> 25 & 31), b;
    uint32_t empty = ~m & ~(1u << h) & 0x1FFFFFFu;
    if (side == 0) {
      for (b = 0; b < 25; b++) {
        uint32_t to = (m >> b & 1) ? r->b.nb[b] & empty : 0;
        int a;
        for (a = 0; a < 25; a++)
          if (to >> a & 1) ref_push(r, ref_find(r, key_make(1, h, m ^ 1u << b ^ 1u << a)));
      }
    } else {
      int a;
      for (a = 0; a < 25; a++)
        if ((r->b.nb[h] & empty) >> a & 1) ref_push(r, ref_find(r, key_make(0, a, m)));
      ref_chains(r, h, m);
    }
    r->first[i + 1] = (uint32_t)r->nsucc;
  }
}

/* Fixed-point iteration by rounds: a win in n has a successor lost in n-1;
 * a loss in n has only won successors, the longest in n-1. */
static void ref_iterate(ref *r)
{
  int *newd = malloc(r->n * sizeof *newd);
  signed char *newv = malloc(r->n);
  int n, changed = 1;
  size_t i, j;
  ck_assert(newd && newv);
  r->val[0] = -1;
  r->dist[0] = 0;
  /* Round n can only resolve something when round n-1 did; the sentinel is
   * resolved "in round 0", so rounds 0 and 1 always run. */
  for (n = 0; n <= 1 || changed; n++) {
    changed = 0;
    memcpy(newv, r->val, r->n);
    memcpy(newd, r->dist, r->n * sizeof *newd);
    for (i = 1; i < r->n; i++) {
      int all_won = 1, longest = -1, win = 0;
      if (r->val[i]) continue;
      for (j = r->first[i]; j < r->first[i + 1]; j++) {
        uint32_t s = r->succ[j];
        if (r->val[s] == -1 && r->dist[s] == n - 1) win = 1;
        if (r->val[s] != 1) all_won = 0;
        else if (r->dist[s] > longest) longest = r->dist[s];
      }
      if (win) { newv[i] = 1; newd[i] = n; changed = 1; }
      else if (all_won && longest == n - 1) { newv[i] = -1; newd[i] = n; changed = 1; }
    }
    memcpy(r->val, newv, r->n);
    memcpy(r->dist, newd, r->n * sizeof *newd);
  }
  free(newd);
  free(newv);
}

/* Builds and solves the reference for a reduced variant. */
static ref *ref_solve(int chain, int threshold, int max_hunters)
{
  ref *r = calloc(1, sizeof *r);
  size_t total = 1;
  int k, h;
  ck_assert_ptr_nonnull(r);
  ref_board_build(&r->b);
  r->chain = chain;
  r->threshold = threshold;
  r->max_hunters = max_hunters;
  for (k = threshold + 1; k <= max_hunters; k++) {
    size_t c = 1;
    int i;
    for (i = 0; i < k; i++) c = c * (size_t)(24 - i) / (size_t)(i + 1);
    total += 50 * c;
  }
  for (r->cap = 1; r->cap < 2 * total; r->cap *= 2) r->cap_bits++;
  r->keys = calloc(r->cap, sizeof *r->keys);
  r->slot = calloc(r->cap, sizeof *r->slot);
  r->key_of = calloc(total, sizeof *r->key_of);
  r->first = calloc(total + 1, sizeof *r->first);
  r->val = calloc(total, 1);
  r->dist = calloc(total, sizeof *r->dist);
  r->succ_cap = 1u << 20;
  r->succ = malloc(r->succ_cap * sizeof *r->succ);
  ck_assert(r->keys && r->slot && r->key_of && r->first && r->val && r->dist && r->succ);
  r->n = 1;                                    /* index 0 is the sentinel */
  for (k = threshold + 1; k <= max_hunters; k++)
    for (h = 0; h < 25; h++) ref_enum(r, h, k, 0, 0);
  ck_assert_uint_eq(r->n, total);
  ref_successors(r);
  ref_iterate(r);
  return r;
}

static void ref_free(ref *r)
{
  free(r->keys); free(r->slot); free(r->key_of); free(r->first);
  free(r->succ); free(r->val); free(r->dist); free(r);
}

/* Solves a variant with the library and compares every position. */
static void compare_variant(int chain, int threshold, int max_hunters)
{
  ref *r = ref_solve(chain, threshold, max_hunters);
  ag_solution *sol = NULL;
  size_t i, wins = 0, losses = 0, draws = 0;
  ck_assert_int_eq(ag__hare_solve(chain, threshold, max_hunters, 2, NULL, NULL, &sol), AG_OK);
  for (i = 1; i < r->n; i++) {
    uint32_t key = r->key_of[i] - 1;
    int v = 9, d = -1;
    ck_assert_int_eq(ag_solution_lookup(sol, (int)(key >> 25 & 31), key & 0x1FFFFFFu,
                                        (int)(key >> 30), &v, &d), AG_OK);
    if (v != r->val[i] || (v != 0 && d != r->dist[i]))
      ck_abort_msg("position %08x: solver %d/%d, reference %d/%d", key, v, d, r->val[i],
                   r->dist[i]);
    wins += v == 1;
    losses += v == -1;
    draws += v == 0;
  }
  /* The variant must exercise all three results. */
  ck_assert_uint_gt(wins, 0);
  ck_assert_uint_gt(losses, 0);
  ck_assert_uint_gt(draws, 0);
  ag_solution_free(sol);
  ref_free(r);
}

START_TEST(every_value_chain)  { compare_variant(1, 3, 5); }
END_TEST
START_TEST(every_value_single) { compare_variant(0, 3, 5); }
END_TEST
START_TEST(every_value_three_layers) { compare_variant(1, 2, 4); }
END_TEST

/* ------------------------------------------------------------ successor walk */

/* Result of the side to move after a move to (h, m) with `next` to move. */
static void lookup_after(const ag_solution *sol, int threshold, int h, uint32_t m, int next,
                         int *v, int *d)
{
  if (bits(m) <= threshold) { *v = -1; *d = 0; return; }
  ck_assert_int_eq(ag_solution_lookup(sol, h, m, next, v, d), AG_OK);
}

typedef struct walk { int best_win, any_draw, all_won, longest; } walk;

/* Records one successor result (from the opponent's side). */
static void walk_add(walk *w, int v, int d)
{
  if (v == -1 && (w->best_win < 0 || d + 1 < w->best_win)) w->best_win = d + 1;
  if (v == 0) w->any_draw = 1;
  if (v != 1) w->all_won = 0;
  else if (d + 1 > w->longest) w->longest = d + 1;
}

static void walk_chains(const ag_solution *sol, const ref_board *b, int chain, int threshold,
                        int p, uint32_t m, walk *w)
{
  int j, v, d;
  for (j = 0; j < b->njump[p]; j++) {
    int o = b->over[p][j], l = b->land[p][j];
    if (!(m >> o & 1) || (m >> l & 1)) continue;
    lookup_after(sol, threshold, l, m & ~(1u << o), 0, &v, &d);
    walk_add(w, v, d);
    if (chain && bits(m) - 1 > threshold)
      walk_chains(sol, b, chain, threshold, l, m & ~(1u << o), w);
  }
}

/* The hare in mid-chain on p (hunters m): pass, or jump on; the solver's
 * chain value must agree with that walk. */
static void check_chain_value(const ag_solution *sol, const ref_board *b, int threshold, int p,
                              uint32_t m)
{
  walk w = {-1, 0, 1, 0};
  int v, d, sv, sd;
  lookup_after(sol, threshold, p, m, 0, &sv, &sd);
  walk_add(&w, sv, sd);
  walk_chains(sol, b, 1, threshold, p, m, &w);
  ck_assert_int_eq(ag__hare_solution_chain_value(sol, p, m, &v, &d), AG_OK);
  if (v == 1) ck_assert_int_eq(d, w.best_win);
  else if (v == -1) { ck_assert(w.all_won); ck_assert_int_eq(d, w.longest); }
  else { ck_assert_int_lt(w.best_win, 0); ck_assert(w.any_draw); ck_assert_int_eq(d, 0); }
}

START_TEST(sample_against_successors)
{
  const int chain = 1, threshold = 5, max_hunters = 7;
  ag_solution *sol = NULL;
  ref_board b;
  uint64_t rng = 20240611;
  int i, checked[3] = {0, 0, 0}, chains = 0;
  ref_board_build(&b);
  ck_assert_int_eq(ag__hare_solve(chain, threshold, max_hunters, 0, NULL, NULL, &sol), AG_OK);
  for (i = 0; i < 20000; i++) {
    int h = (int)ag_rng_below(&rng, 25), side = (int)ag_rng_below(&rng, 2);
    int k = threshold + 1 + (int)ag_rng_below(&rng, (uint64_t)(max_hunters - threshold));
    uint32_t m = 0, empty;
    int v, d, a, bb, sv, sd;
    walk w = {-1, 0, 1, 0};
    while (bits(m) < k) { int p = (int)ag_rng_below(&rng, 25); if (p != h) m |= 1u << p; }
    ck_assert_int_eq(ag_solution_lookup(sol, h, m, side, &v, &d), AG_OK);
    empty = ~m & ~(1u << h) & 0x1FFFFFFu;
    if (side == 0) {
      for (bb = 0; bb < 25; bb++)
        for (a = 0; a < 25; a++)
          if ((m >> bb & 1) && (b.nb[bb] & empty) >> a & 1) {
            lookup_after(sol, threshold, h, m ^ 1u << bb ^ 1u << a, 1, &sv, &sd);
            walk_add(&w, sv, sd);
          }
    } else {
      for (a = 0; a < 25; a++)
        if ((b.nb[h] & empty) >> a & 1) {
          lookup_after(sol, threshold, a, m, 0, &sv, &sd);
          walk_add(&w, sv, sd);
        }
      walk_chains(sol, &b, chain, threshold, h, m, &w);
      for (a = 0; a < b.njump[h]; a++)
        if ((m >> b.over[h][a] & 1) && (empty >> b.land[h][a] & 1) && bits(m) - 1 > threshold) {
          check_chain_value(sol, &b, threshold, b.land[h][a], m & ~(1u << b.over[h][a]));
          chains++;
        }
    }
    if (v == 1) ck_assert_int_eq(d, w.best_win);
    else if (v == -1) { ck_assert(w.all_won); ck_assert_int_eq(d, w.longest); }
    else { ck_assert_int_lt(w.best_win, 0); ck_assert(!w.all_won && w.any_draw); }
    checked[v + 1]++;
  }
  ck_assert(checked[0] > 0 && checked[1] > 0 && checked[2] > 0);
  ck_assert_int_gt(chains, 0);
  ag_solution_free(sol);
}
END_TEST

/* ------------------------------------------------------------ statistics */

START_TEST(stats_add_up)
{
  ag_solution *sol = NULL;
  uint64_t w, l, d;
  int lw, ll, chain, hunters;
  ck_assert_int_eq(ag__hare_solve(1, 3, 5, 1, NULL, NULL, &sol), AG_OK);
  /* (seed 38, hare_solver.c:147) of the ways to end its turn that win, the
   * hare takes the shortest: hare on C1 (2), hunters on B2 D2 C3 D3 B4
   * (6 8 12 13 16), the hare to move wins at once; and one turn before. */
  ck_assert_int_eq(ag_solution_lookup(sol, 2, 0x13140u, 1, &lw, &ll), AG_OK);
  ck_assert_int_eq(lw, 1);
  ck_assert_int_eq(ll, 1);
  ck_assert_int_eq(ag_solution_lookup(sol, 2, 0x52140u, 0, &lw, &ll), AG_OK);
  ck_assert_int_eq(lw, -1);
  ck_assert_int_eq(ll, 2);
  ck_assert_int_eq(ag_solution_stats(sol, 5, 0, &w, &l, &d, &lw, &ll), AG_OK);
  ck_assert_uint_eq(w + l + d, 25u * 42504u);
  ck_assert_int_gt(lw, 0);
  ck_assert_int_eq(ag_solution_stats(sol, 3, 0, &w, &l, &d, &lw, &ll), AG_ENOTFOUND);
  ck_assert_int_eq(ag_solution_stats(sol, 6, 1, &w, &l, &d, &lw, &ll), AG_ENOTFOUND);
  ck_assert_int_eq(ag_solution_stats(sol, 5, 2, &w, &l, &d, &lw, &ll), AG_EINVAL);
  ck_assert_int_eq(ag_solution_lookup(sol, 12, 0x7, 0, &lw, &ll), AG_ENOTFOUND);
  ck_assert_int_eq(ag_solution_lookup(sol, 0, 0xF, 0, &lw, &ll), AG_EINVAL);
  ck_assert_int_eq(ag_solution_variant(sol, &chain, &hunters), AG_OK);
  ck_assert_int_eq(chain, 1);
  ck_assert_int_eq(hunters, 5);
  ag_solution_free(sol);
}
END_TEST

/* A position the hunters have just trapped: hare on B1 (1), hunters on A1,
 * C1, B2 and the landing points A1? -- B1's neighbours A1, C1, B2; its jumps
 * land on D1 (over C1) and B3 (over B2), and A1 has no jump from B1.  So
 * hunters on A1 C1 B2 D1 B3 freeze it: lost at once for the hare. */
START_TEST(trapped_hare_is_lost_now)
{
  ag_solution *sol = NULL;
  int v, d;
  uint32_t m = 1u << 0 | 1u << 2 | 1u << 6 | 1u << 3 | 1u << 11;
  ck_assert_int_eq(ag__hare_solve(1, 3, 5, 0, NULL, NULL, &sol), AG_OK);
  ck_assert_int_eq(ag_solution_lookup(sol, 1, m, 1, &v, &d), AG_OK);
  ck_assert_int_eq(v, -1);
  ck_assert_int_eq(d, 0);
  ag_solution_free(sol);
}
END_TEST

/* ------------------------------------------------------------ files */

/* The api tests' files live in one directory that the unchecked fixture
 * (run by the parent process, also when a test fails or crashes in its
 * child) makes before them and removes after them: a failed assertion ends
 * the child before its unlink(), and the files (megabytes each) would
 * otherwise stay in /tmp. */
static char scratch[] = "/tmp/ag-solution-XXXXXX";

static void scratch_make(void)
{
  ck_assert_ptr_nonnull(mkdtemp(scratch));
}

static void scratch_remove(void)
{
  char cmd[64];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
  if (system(cmd) != 0) fprintf(stderr, "check_solver: cannot remove %s\n", scratch);
}

static char *temp_name(void)
{
  static char name[64];
  int fd;
  snprintf(name, sizeof name, "%s/file-XXXXXX", scratch);
  fd = mkstemp(name);
  ck_assert_int_ge(fd, 0);
  close(fd);
  return name;
}

static long file_size(const char *path)
{
  FILE *f = fopen(path, "rb");
  long n;
  ck_assert_ptr_nonnull(f);
  fseek(f, 0, SEEK_END);
  n = ftell(f);
  fclose(f);
  return n;
}

/* Overwrites one byte of a file. */
static void poke(const char *path, long at, int value)
{
  FILE *f = fopen(path, "r+b");
  ck_assert_ptr_nonnull(f);
  fseek(f, at, SEEK_SET);
  fputc(value, f);
  fclose(f);
}

START_TEST(save_load_round_trip)
{
  ag_solution *a = NULL, *b = NULL;
  char *path = temp_name();
  uint32_t m;
  int h;
  ck_assert_int_eq(ag__hare_solve(0, 3, 5, 0, NULL, NULL, &a), AG_OK);
  ck_assert_int_eq(ag_solution_save(a, path), AG_OK);
  ck_assert_int_eq(file_size(path), 32 + 50 * (10626 + 42504) + 8);
  ck_assert_int_eq(ag__hare_solution_load(path, 1, &b), AG_OK);
  for (h = 0; h < 25; h++)
    for (m = 0x1F; m < 0x1FFFFFFu; m = m * 5 + 0x13) {
      uint32_t mm = m & ~(1u << h) & 0x1FFFFFFu;
      int v1, d1, v2, d2, r1, r2;
      r1 = ag_solution_lookup(a, h, mm, 1, &v1, &d1);
      r2 = ag_solution_lookup(b, h, mm, 1, &v2, &d2);
      ck_assert_int_eq(r1, r2);
      if (r1 == AG_OK) { ck_assert_int_eq(v1, v2); ck_assert_int_eq(d1, d2); }
    }
  ag_solution_free(a);
  ag_solution_free(b);
  unlink(path);
}
END_TEST

/* Saves a small solution, damages it with fn, and expects `code' and a message
 * containing `words'. */
static void expect_bad(void (*damage)(const char *), int code, const char *words)
{
  ag_solution *a = NULL, *b = (ag_solution *)1;
  char *path = temp_name();
  ck_assert_int_eq(ag__hare_solve(1, 3, 4, 0, NULL, NULL, &a), AG_OK);
  ck_assert_int_eq(ag_solution_save(a, path), AG_OK);
  damage(path);
  ck_assert_int_eq(ag__hare_solution_load(path, 1, &b), code);
  ck_assert_ptr_null(b);
  if (!strstr(ag_errmsg(), words)) ck_abort_msg("message \"%s\" lacks \"%s\"", ag_errmsg(), words);
  ag_solution_free(a);
  unlink(path);
}

static void bad_magic(const char *p) { poke(p, 0, 'X'); }
static void bad_version(const char *p) { poke(p, 16, 7); }
static void bad_header(const char *p) { poke(p, 20, 5); }
static void flipped_byte(const char *p) { poke(p, 1000, 0xEE); }
static void truncated(const char *p) { ck_assert_int_eq(truncate(p, 5000), 0); }
static void no_checksum(const char *p) { ck_assert_int_eq(truncate(p, file_size(p) - 3), 0); }
static void trailing(const char *p) { FILE *f = fopen(p, "ab"); fputc(0, f); fclose(f); }
static void tiny(const char *p) { ck_assert_int_eq(truncate(p, 10), 0); }
static void magic_end(const char *p) { poke(p, 15, 'X'); }  /* the magic's last byte, its NUL */
static void version_257(const char *p) { poke(p, 17, 1); }  /* version bytes 1 1 0 0 */

START_TEST(damaged_files)
{
  expect_bad(bad_magic, AG_EPARSE, "not a hare solution");
  expect_bad(bad_version, AG_EPARSE, "version 7");
  expect_bad(bad_header, AG_EPARSE, "damaged header");
  expect_bad(flipped_byte, AG_EPARSE, "checksum");
  expect_bad(truncated, AG_EPARSE, "truncated");
  expect_bad(no_checksum, AG_EPARSE, "truncated");
  expect_bad(trailing, AG_EPARSE, "trailing");
  expect_bad(tiny, AG_EPARSE, "too short");
  /* Seed 39 (issue 27): all 16 bytes of the magic are compared, its NUL too
   * (hare_solver.c:781, memcmp of 15 bytes, loads it as far as the
   * checksum); a header number's second byte counts 256 (:738, << 7 reads
   * version 129). */
  expect_bad(magic_end, AG_EPARSE, "is not a hare solution file (bad magic)");
  expect_bad(version_257, AG_EPARSE, "has format version 257; this library reads version 1");
}
END_TEST

/* ag_solution_load reads only what the library writes: the real game (the
 * hare wins at 9 hunters, 10 to 12 of them), not the reduced variants of the
 * test hook, whose probe answers AG_EMISMATCH and says why. */
START_TEST(reduced_variant_refused)
{
  ag_solution *a = NULL, *b = (ag_solution *)1;
  ag_game *g = NULL;
  ag_state *st = NULL;
  char *path = temp_name();
  int v, d;
  ck_assert_int_eq(ag__hare_solve(1, 3, 4, 0, NULL, NULL, &a), AG_OK);
  ck_assert_int_eq(ag_solution_save(a, path), AG_OK);
  ck_assert_int_eq(ag_solution_load(path, &b), AG_EPARSE);
  ck_assert_ptr_null(b);
  ck_assert_msg(strstr(ag_errmsg(), "is not a solution of the hare hunt (the hare wins at 3 "
                                    "hunters, 4 hunters at most; the game has 9 and 12)"),
                "%s", ag_errmsg());
  ck_assert_int_eq(ag__hare_solution_load(path, 1, &b), AG_OK);
  ag_solution_free(b);
  ck_assert_int_eq(ag_game_new("hare(hunters=10)", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_solution_probe(a, st, &v, &d), AG_EMISMATCH);
  ck_assert_msg(strstr(ag_errmsg(), "reduced variant (the hare wins at 3 hunters, in the game at 9)"),
                "%s", ag_errmsg());
  ag_state_free(st);
  ag_game_free(g);
  ag_solution_free(a);
  unlink(path);
}
END_TEST

/* A full device is a write error: the header and a layer bigger than the
 * stream's buffer (the 2-hunter layer, 13800 bytes) are refused, the
 * save fails with the system's message (ENOSPC) -- not only at fclose. */
START_TEST(full_device_is_a_write_error)
{
  ag_solution *s = NULL;
  if (access("/dev/full", W_OK) != 0) return;    /* not on this system */
  ck_assert_int_eq(ag__hare_solve(1, 1, 2, 1, NULL, NULL, &s), AG_OK);
  ck_assert_int_eq(ag_solution_save(s, "/dev/full"), AG_ERROR);
  ck_assert_msg(strstr(ag_errmsg(), "cannot write /dev/full") && strstr(ag_errmsg(), strerror(ENOSPC)),
                "%s", ag_errmsg());
  ag_solution_free(s);
}
END_TEST

/* A directory is the system's error (EISDIR), not a short file. */
START_TEST(directory_is_a_system_error)
{
  ag_solution *s = (ag_solution *)1;
  char dir[64];
  snprintf(dir, sizeof dir, "%s/dir-XXXXXX", scratch);
  ck_assert_ptr_nonnull(mkdtemp(dir));
  ck_assert_int_eq(ag_solution_load(dir, &s), AG_ERROR);
  ck_assert_ptr_null(s);
  ck_assert_msg(strstr(ag_errmsg(), "cannot read") && strstr(ag_errmsg(), strerror(EISDIR)),
                "%s", ag_errmsg());
  rmdir(dir);
}
END_TEST

START_TEST(missing_file_and_bad_arguments)
{
  ag_solution *s = NULL;
  ag_game *g = NULL;
  ck_assert_int_eq(ag_solution_load("/nonexistent/dir/file", &s), AG_ERROR);
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "/nonexistent/dir/file"));
  ck_assert_int_eq(ag_solution_load(NULL, &s), AG_EINVAL);
  ck_assert_int_eq(ag_solution_save(NULL, "/tmp/x"), AG_EINVAL);
  ck_assert_int_eq(ag_solution_solve(NULL, 0, NULL, NULL, &s), AG_EINVAL);
  ck_assert_int_eq(ag__hare_solve(1, 5, 5, 0, NULL, NULL, &s), AG_EINVAL);
  ck_assert_int_eq(ag__hare_solve(1, -1, 2, 0, NULL, NULL, &s), AG_EINVAL);
  ck_assert_int_eq(ag__hare_solve(2, 3, 4, 0, NULL, NULL, &s), AG_EINVAL);
  ck_assert_int_eq(ag__hare_solve(1, 3, 24, 0, NULL, NULL, &s), AG_EINVAL);
  ck_assert_ptr_null(s);
  /* The smallest variant: one hunter, the hare wins by taking it.  The hare
   * on C3 (12) next to a hunter on C4 (17) with C5 free: a win in 1. */
  {
    int v = 9, d = -1;
    ck_assert_int_eq(ag__hare_solve(1, 0, 1, 0, NULL, NULL, &s), AG_OK);
    ck_assert_int_eq(ag_solution_lookup(s, 12, 1u << 17, 1, &v, &d), AG_OK);
    ck_assert_int_eq(v, 1);
    ck_assert_int_eq(d, 1);
    ag_solution_free(s);
    s = NULL;
  }
  if (ag_game_new("liubo_sticks", &g) == AG_OK) {
    ck_assert_int_eq(ag_solution_solve(g, 0, NULL, NULL, &s), AG_EINVAL);
    ag_game_free(g);
  }
  ck_assert_ptr_null(s);
}
END_TEST

static void count_calls(void *user, int hunters, int level, uint64_t resolved, uint64_t total)
{
  int *calls = user;
  ck_assert_int_ge(hunters, 4);
  ck_assert_int_ge(level, 0);
  ck_assert_uint_le(resolved, total);
  (*calls)++;
}

START_TEST(progress_is_reported)
{
  ag_solution *s = NULL;
  int calls = 0;
  ck_assert_int_eq(ag__hare_solve(1, 3, 5, 2, count_calls, &calls, &s), AG_OK);
  ck_assert_int_gt(calls, 4);
  ag_solution_free(s);
}
END_TEST

static void record_levels(void *user, int hunters, int level, uint64_t resolved, uint64_t total)
{
  char *text = user;
  size_t len = strlen(text);
  (void)resolved, (void)total;
  snprintf(text + len, 256 - len, "%s%d:%d", len ? " " : "", hunters, level);
}

/* Each layer reports level 0 (its set-up), then every distance level up to
 * one past the longest distance found, where nothing more resolves: the
 * steps of the 4- and 5-hunter layers over a win threshold of 3.  Kills
 * hare_solver.c:466 (`max_dist + 2': one more, empty, level a layer). */
START_TEST(progress_levels_stop_one_past_the_longest)
{
  ag_solution *s = NULL;
  char text[256] = "";
  ck_assert_int_eq(ag__hare_solve(1, 3, 5, 1, record_levels, text, &s), AG_OK);
  ck_assert_str_eq(text, "4:0 4:1 4:2 4:3 4:4 4:5 4:6 4:7 4:8 4:9 4:10 4:11 4:12 4:13 4:14 4:15 "
                         "5:0 5:1 5:2 5:3 5:4 5:5 5:6 5:7 5:8 5:9 5:10 5:11 5:12 5:13 5:14 5:15 "
                         "5:16 5:17 5:18");
  ag_solution_free(s);
}
END_TEST

/* The hare ending its capture chain into a position the hunters win, in
 * made tables (capture_into_hunters_win_solved finds real ones, in a 7-hunter
 * layer): every 4-hunter position
 * with the hunters to move becomes a hunters' win in 3 turns, and the mid-
 * chain value of the hare (pass, or jump on) must be a loss in 4 where it
 * cannot jump on, and a win in 1 where it can (down to the 3 hunters of
 * this variant's win). */
START_TEST(capture_into_hunters_win)
{
  ag_solution *a = NULL, *b = NULL;
  char *path = temp_name();
  const size_t layer4 = 50 * 10626, half = layer4 / 2;
  FILE *f;
  uint8_t *data;
  long size;
  uint64_t h;
  int i, v, d;
  ck_assert_int_eq(ag__hare_solve(1, 3, 5, 0, NULL, NULL, &a), AG_OK);
  ck_assert_int_eq(ag_solution_save(a, path), AG_OK);
  size = file_size(path);
  data = malloc((size_t)size);
  ck_assert_ptr_nonnull(data);
  f = fopen(path, "rb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(fread(data, 1, (size_t)size, f), (size_t)size);
  fclose(f);
  memset(data + 32, 5, half);                 /* RES_WIN(3) for the hunters */
  /* the checksum runs over the header, then each layer in its own call */
  h = ag__hare_solution_checksum(0, data, 32);
  h = ag__hare_solution_checksum(h, data + 32, layer4);
  h = ag__hare_solution_checksum(h, data + 32 + layer4, (size_t)size - 8 - 32 - layer4);
  for (i = 0; i < 8; i++) data[size - 8 + i] = (uint8_t)(h >> (8 * i));
  f = fopen(path, "wb");
  ck_assert_ptr_nonnull(f);
  ck_assert_uint_eq(fwrite(data, 1, (size_t)size, f), (size_t)size);
  fclose(f);
  ck_assert_int_eq(ag__hare_solution_load(path, 1, &b), AG_OK);
  /* Hare on A1 (0), hunters on D1 E1 D2 E2 (3 4 8 9): no jump from A1. */
  ck_assert_int_eq(ag__hare_solution_chain_value(b, 0, 1u << 3 | 1u << 4 | 1u << 8 | 1u << 9,
                                                 &v, &d), AG_OK);
  ck_assert_int_eq(v, -1);
  ck_assert_int_eq(d, 4);
  /* Hare on A1, hunters on B1 (1) and D1 E1 D2: it jumps B1 to C1 and wins. */
  ck_assert_int_eq(ag__hare_solution_chain_value(b, 0, 1u << 1 | 1u << 3 | 1u << 4 | 1u << 8,
                                                 &v, &d), AG_OK);
  ck_assert_int_eq(v, 1);
  ck_assert_int_eq(d, 1);
  /* The solver's own table of that variant: the pass is no hunters' win. */
  ck_assert_int_eq(ag__hare_solution_chain_value(a, 0, 1u << 3 | 1u << 4 | 1u << 8 | 1u << 9,
                                                 &v, &d), AG_OK);
  ck_assert_int_ne(v, -1);
  free(data);
  ag_solution_free(a);
  ag_solution_free(b);
  unlink(path);
}
END_TEST

/* ------------------------------------------------ a capture into a hunters' win */

/* Plain minimax of the 7-hunter layer of a variant whose hare wins at 6
 * hunters, so any capture ends the game: can the hunters leave the hare
 * without a move within n more turns?  hare_moves: the hare is to move. */
static int hunters_force(const ref_board *b, int h, uint32_t m, int hare_moves, int n)
{
  uint32_t empty = ~m & ~(1u << h) & 0x1FFFFFFu;
  int j, a, x;
  if (hare_moves) {
    for (j = 0; j < b->njump[h]; j++)
      if ((m >> b->over[h][j] & 1) && (empty >> b->land[h][j] & 1)) return 0;  /* captures: wins */
    if (!(b->nb[h] & empty)) return 1;                                       /* stuck: lost */
    if (n == 0) return 0;
    for (a = 0; a < 25; a++)
      if ((b->nb[h] & empty) >> a & 1 && !hunters_force(b, a, m, 0, n - 1)) return 0;
    return 1;
  }
  if (n == 0) return 0;
  for (x = 0; x < 25; x++)
    if (m >> x & 1)
      for (a = 0; a < 25; a++)
        if ((b->nb[x] & empty) >> a & 1 && hunters_force(b, h, m ^ 1u << x ^ 1u << a, 1, n - 1))
          return 1;
  return 0;
}

/* The hare may have just captured into point l: an empty point o next to l
 * and an empty point beyond it on the same line (the hare came from there). */
static int arrived_by_capture(const ref_board *b, int l, uint32_t m)
{
  int j;
  uint32_t empty = ~m & ~(1u << l) & 0x1FFFFFFu;
  for (j = 0; j < b->njump[l]; j++)
    if ((empty >> b->over[l][j] & 1) && (empty >> b->land[l][j] & 1)) return 1;
  return 0;
}

/* The hare ending its capture chain in a position the hunters win, in the
 * solver's own tables: hare(chain) with the hare's win at 6 hunters, the
 * 7-hunter layer (the smallest variant that has such positions; below 7
 * hunters the hunters win only by a trap in one move, which a capture
 * cannot leave).  Positions the hunters win in 3 or 5 turns (a plain
 * minimax must agree exactly) where the hare stands on a point it can have
 * captured into: in mid-chain there (the hook ag__hare_solution_chain_value,
 * as ag_solution_probe on a chain state) it passes into that hunters' win
 * -- a loss one turn longer -- unless it can jump on, a win in 1 (rare with
 * so short a win: checked when met).  (In the
 * solve itself, such a capture never decides a value of any variant small
 * enough here: the 8-hunter tables are the same with it ignored.) */
START_TEST(capture_into_hunters_win_solved)
{
  ag_solution *sol = NULL;
  ref_board b;
  uint64_t rng = 16;
  int found[2] = {0, 0}, tries;
  ref_board_build(&b);
  ck_assert_int_eq(ag__hare_solve(1, 6, 7, 0, NULL, NULL, &sol), AG_OK);
  for (tries = 0; tries < 4000000 && found[0] < 6; tries++) {
    int l = (int)ag_rng_below(&rng, 25), v, d, cv, cd, j, jump_on = 0;
    uint32_t m = 0, empty;
    while (bits(m) < 7) { int p = (int)ag_rng_below(&rng, 25); if (p != l) m |= 1u << p; }
    if (!arrived_by_capture(&b, l, m)) continue;
    ck_assert_int_eq(ag_solution_lookup(sol, l, m, 0, &v, &d), AG_OK);
    if (v != 1 || d > 5) continue;
    /* the minimax: a win within d turns, none within d - 2 */
    ck_assert_msg(hunters_force(&b, l, m, 0, d), "hare %d hunters %07x: no win in %d", l, m, d);
    ck_assert_msg(d < 3 || !hunters_force(&b, l, m, 0, d - 2), "hare %d hunters %07x: win before %d",
                  l, m, d);
    empty = ~m & ~(1u << l) & 0x1FFFFFFu;
    for (j = 0; j < b.njump[l]; j++)
      if ((m >> b.over[l][j] & 1) && (empty >> b.land[l][j] & 1)) jump_on = 1;
    ck_assert_int_eq(ag__hare_solution_chain_value(sol, l, m, &cv, &cd), AG_OK);
    if (jump_on) {
      ck_assert_int_eq(cv, 1);
      ck_assert_int_eq(cd, 1);
    } else {
      ck_assert_msg(cv == -1 && cd == d + 1, "hare %d hunters %07x: chain value %d/%d, not -1/%d",
                    l, m, cv, cd, d + 1);
    }
    found[jump_on]++;
  }
  ck_assert_int_ge(found[0], 6);
  ag_solution_free(sol);
}
END_TEST

/* A 0.2 progress callback that asks to stop at level 2 of the first layer. */
static int stop_at_level_2(void *user, int hunters, int level, uint64_t resolved, uint64_t total)
{
  int *calls = user;
  (void)hunters;
  (void)resolved;
  (void)total;
  (*calls)++;
  return level == 2;
}

START_TEST(progress_can_stop)
{
  ag_solution *s = (ag_solution *)&s;
  int calls = 0;
  ck_assert_int_eq(ag__hare_solve_ex(1, 3, 5, 2, stop_at_level_2, &calls, NULL, &s),
                   AG_ECANCELED);
  ck_assert_ptr_null(s);
  ck_assert_int_eq(calls, 3);                      /* levels 0, 1, 2 */
  ck_assert_ptr_nonnull(strstr(ag_errmsg(), "stopped"));
  calls = 0;
  ck_assert_int_eq(ag__hare_solve_ex(1, 3, 5, 2, NULL, NULL, NULL, &s), AG_OK);
  ag_solution_free(s);
}
END_TEST

static TCase *mutai_tcase(void);   /* survivors of the seed-37 campaign, at the end */
/* ------------------------------------------------------------------
 * The hunters' opening book (lib/ai/hare_book.h, made from a solution by
 * tests/hare_book_gen).  Whether each move is a shortest win needs the
 * solution: check_perfect's ai_hunters_open_by_the_book. */

/* Sorted by (mask, hare's point) without repeats, as the search's binary
 * search needs; every entry a position of 10 to 12 hunters with the
 * hunters to move, its move legal there, its win no longer than the game's
 * longest forced result (121 turns; 0: the move wins now). */
START_TEST(hare_book_is_sorted_and_legal)
{
  ag_game *g = NULL;
  ag_state *st = NULL;
  size_t i;
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_uint_gt(HARE_BOOK_SIZE, 1000);
  ck_assert_int_eq(HARE_BOOK_CHAIN, 1);
  for (i = 0; i < HARE_BOOK_SIZE; i++) {
    const hare_book_entry *e = &hare_book[i];
    char text[64], mt[16], *t = text;
    int row, col, n = __builtin_popcount(e->hunters);
    ag_move m = 0;
    if (i > 0)
      ck_assert_msg(hare_book[i - 1].hunters < e->hunters ||
                    (hare_book[i - 1].hunters == e->hunters && hare_book[i - 1].hare < e->hare),
                    "entry %zu is out of order", i);
    ck_assert_int_ge(n, 10);
    ck_assert_int_le(n, 12);
    ck_assert_uint_lt(e->hare, 25);
    ck_assert_uint_eq(e->hunters >> e->hare & 1, 0);
    ck_assert_uint_le(e->turns, 121);                 /* the longest forced result */
    for (row = 4; row >= 0; row--) {
      for (col = 0; col < 5; col++) {
        int p = 5 * row + col;
        *t++ = e->hunters >> p & 1 ? 'X' : p == e->hare ? 'O' : '.';
      }
      *t++ = row ? '/' : ' ';
    }
    strcpy(t, "X - 20");
    ck_assert_msg(ag_state_set_text(st, text) == AG_OK, "entry %zu: %s: %s", i, text, ag_errmsg());
    snprintf(mt, sizeof mt, "%c%d-%c%d", 'a' + e->from % 5, e->from / 5 + 1, 'a' + e->to % 5,
             e->to / 5 + 1);
    ck_assert_int_eq(ag_move_from_text(g, mt, &m), AG_OK);
    ck_assert_msg(ag_state_is_legal(st, 0, m) == 1, "entry %zu: %s is not legal at %s", i, mt,
                  text);
  }
  ag_state_free(st);
  ag_game_free(g);
}
END_TEST

static TCase *book_tcase(void)
{
  TCase *tc = tcase_create("book");
  tcase_add_test(tc, hare_book_is_sorted_and_legal);
  return tc;
}

static TCase *m38ai_tcase(void);   /* survivors of the seed-38 campaign, at the end */

static Suite *solver_suite(void)
{
  Suite *s = suite_create("solver");
  TCase *tc = tcase_create("reference");
  tcase_add_test(tc, every_value_chain);
  tcase_add_test(tc, every_value_single);
  tcase_add_test(tc, every_value_three_layers);
  tcase_add_test(tc, sample_against_successors);
  tcase_add_test(tc, capture_into_hunters_win_solved);
  suite_add_tcase(s, tc);
  tc = tcase_create("api");
  tcase_add_unchecked_fixture(tc, scratch_make, scratch_remove);
  tcase_add_test(tc, stats_add_up);
  tcase_add_test(tc, trapped_hare_is_lost_now);
  tcase_add_test(tc, save_load_round_trip);
  tcase_add_test(tc, damaged_files);
  tcase_add_test(tc, missing_file_and_bad_arguments);
  tcase_add_test(tc, reduced_variant_refused);
  tcase_add_test(tc, directory_is_a_system_error);
  tcase_add_test(tc, full_device_is_a_write_error);
  tcase_add_test(tc, progress_is_reported);
  tcase_add_test(tc, progress_levels_stop_one_past_the_longest);
  tcase_add_test(tc, capture_into_hunters_win);
  tcase_add_test(tc, progress_can_stop);
  suite_add_tcase(s, tc);
  suite_add_tcase(s, mutai_tcase());
  suite_add_tcase(s, m38ai_tcase());
  suite_add_tcase(s, book_tcase());
  return s;
}

int main(void) { return ag_test_run(solver_suite()); }

/* ------------------------------------------------------------------
 * Survivors of the seed-37 mutation campaign in hare_solver.c (issue 27).
 */

/* The hare in mid-chain where passing draws and no capture follows: a
 * draw, at distance 0 (ag_solution_probe: "0 for a draw"; its mid-chain
 * value comes from here).  A 3-hunter layer over a win threshold of 2. */
START_TEST(chain_draw_is_at_distance_0)
{
  ag_solution *sol = NULL;
  int v = 9, d = 9;
  ck_assert_int_eq(ag__hare_solve(1, 2, 3, 1, NULL, NULL, &sol), AG_OK);
  ck_assert_int_eq(ag__hare_solution_chain_value(sol, 0, 0xe, &v, &d), AG_OK);   /* 1..3 */
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(d, 0);
  ag_solution_free(sol);
}
END_TEST

static int poll_solver_threads(void *arg)
{
  int *most = arg, n = ag_test_count_threads();
  if (n > most[0]) most[0] = n;
  most[1]++;
  return 0;
}

/* A solve on one thread starts none: the calling thread does every chunk
 * (run_parallel starts threads - 1 workers, at most 63); on two, at most
 * one more thread is seen. */
START_TEST(one_solver_thread_is_the_callers)
{
  ag_solution *a = NULL, *b = NULL;
  ag_control ctl = AG_CONTROL_INIT;
  int most[2] = {0, 0};
  if (ag_test_count_threads() != 1) return;   /* no /proc, or a threaded runner: nothing to see */
  ctl.poll = poll_solver_threads;
  ctl.user = most;
  ck_assert_int_eq(ag__hare_solve_ex(1, 2, 3, 1, NULL, NULL, &ctl, &a), AG_OK);
  ck_assert_int_gt(most[1], 0);
  ck_assert_int_eq(most[0], 1);
  most[0] = most[1] = 0;
  ck_assert_int_eq(ag__hare_solve_ex(1, 2, 3, 2, NULL, NULL, &ctl, &b), AG_OK);
  ck_assert_int_gt(most[1], 0);
  ck_assert_int_le(most[0], 2);
  ag_solution_free(a);
  ag_solution_free(b);
}
END_TEST

static TCase *mutai_tcase(void)
{
  TCase *tc = tcase_create("survivors");
  tcase_add_test(tc, chain_draw_is_at_distance_0);
  tcase_add_test(tc, one_solver_thread_is_the_callers);
  return tc;
}

/* ------------------------------------------------------------------
 * Survivors of the seed-38 campaign (issue 27). */

/* hare_solver.c:725: the checksum of a file is fixed (files saved by one
 * version load in the next): its value on bytes that end in a partial
 * 8-byte word, as the tail of a layer of 50 * C(24, k) bytes does. */
START_TEST(solution_checksum_is_fixed)
{
  static const uint8_t bytes[13] = {'h', 'a', 'r', 'e', 0, 1, 2, 3, 250, 251, 252, 253, 254};
  /* h = ((h ^ byte) * 0x100000001B3) ^ (h >> 31) per tail byte, after the
   * whole words' h = (h ^ word) * 0x100000001B3, h ^= h >> 29 */
  ck_assert_uint_eq(ag__hare_solution_checksum(0, bytes, 3), 0x851a2c01fc8e678bull);
  ck_assert_uint_eq(ag__hare_solution_checksum(0, bytes, 13), 0x82ec5f14b5598665ull);
  ck_assert_uint_eq(ag__hare_solution_checksum(0x0123456789abcdefull, bytes + 8, 5),
                    0xa718a6208317eacaull);
}
END_TEST


static TCase *m38ai_tcase(void)
{
  TCase *tc = tcase_create("m38ai");
  tcase_add_test(tc, solution_checksum_is_fixed);
  return tc;
}
