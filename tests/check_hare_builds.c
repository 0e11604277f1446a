/* SPDX-License-Identifier: MIT */
/*
 * check_hare_builds.c -- every build of the hare's random playout (plain C,
 * popcnt, popcnt+BMI2) plays exactly the game of the public random loop, and
 * every build of its legal-move listing (plain C, AVX-512) lists exactly the
 * same moves in the same order.  A CPU without one of popcnt, BMI and BMI2
 * (libgcc's feature table changed as if it lacked them) does not get the
 * BMI2 build, and one without popcnt gets the plain build.
 *
 * The library picks the best build the CPU runs, so the other suites only
 * ever see that one.  The internal hook ag__hare_use_playout forces each
 * build in turn; this suite is linked with the library's sources (not the
 * shared library) because the hook is internal.
 */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ancientgames.h"
#include "games/hare/hare.h"
#include "check_main.h"

#define MAXMV 128

static const char *const specs[] = {
  "hare", "hare(chain=0)", "hare(repetition=2)", "hare(first=hare,hunters=10)",
  "hare(hunters=11,repetition=0,max_plies=120)",
};

/* Whether this CPU runs a build, asked independently of the library. */
static int cpu_has(int build)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  if (build == AG__HARE_PLAYOUT_BMI2)
    return __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("popcnt");
  if (build == AG__HARE_PLAYOUT_POPCNT) return __builtin_cpu_supports("popcnt");
#endif
  return build == AG__HARE_PLAYOUT_PLAIN;
}

/* The same for a listing build. */
static int cpu_lists(int build)
{
#if defined(__GNUC__) && defined(__x86_64__)
  if (build == AG__HARE_LIST_AVX512)
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi2") && __builtin_cpu_supports("popcnt") &&
           __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2");
#endif
  return build == AG__HARE_LIST_PLAIN;
}

/* A playout from st (at most `limit` plies, 0: none) against the public
 * random loop from the same seed; st itself is left as it was.  Returns the
 * reason the playout ended. */
static int checked_playout(ag_state *st, uint64_t seed, size_t limit)
{
  ag_state *api = NULL;
  uint64_t a = seed, b = seed;
  size_t plies, k;
  int w1, r1, w2, r2, o1;
  char before[128], after[128];
  ck_assert_int_eq(ag_state_to_text(st, before, sizeof before, NULL), AG_OK);
  ck_assert_int_eq(ag_state_clone(st, &api), AG_OK);
  o1 = ag_state_playout(st, &a, limit, &plies, &w1, &r1);
  for (k = 0; (limit == 0 || k < limit) && ag_test_random_ply(api, &b); k++) {}
  ck_assert_int_eq(o1, ag_state_outcome(api, &w2, &r2));
  ck_assert_int_eq(w1, w2);
  ck_assert_int_eq(r1, r2);
  ck_assert_uint_eq(plies, k);
  ck_assert_uint_eq(a, b);
  ck_assert_int_eq(ag_state_to_text(st, after, sizeof after, NULL), AG_OK);
  ck_assert_str_eq(after, before);
  ag_state_free(api);
  return r1;
}

static ag_game *game_with_build(const char *spec, int build)
{
  ag_game *g = new_game(spec);
  ck_assert_int_eq(ag__hare_use_playout(g, build), AG_OK);
  return g;
}

/* Games from the start, from mid-game with history behind them, whole or
 * cut short, in every variant above. */
START_TEST(test_build_plays_the_api_loop)
{
  size_t s;
  if (!cpu_has(_i)) {
    ag_game *g = NULL;
    ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
    ck_assert_int_eq(ag__hare_use_playout(g, _i), AG_EINVAL);
    ag_game_free(g);
    return;
  }
  for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
    ag_game *g = game_with_build(specs[s], _i);
    ag_state *st = NULL;
    uint64_t seed;
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    for (seed = 1; seed <= 400; seed++) {
      uint64_t prefix = seed * 7919;
      size_t k;
      ag_state_reset(st);
      for (k = 0; k < seed % 13 && ag_test_random_ply(st, &prefix); k++) {}
      if (ag_state_is_terminal(st)) continue;
      checked_playout(st, seed, seed % 3 ? 0 : seed % 50 + 1);
    }
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* What ag_state_playouts(st, seed, count, limit, ...) must add up to: the
 * playouts of ag_state_playout() from the (i+1)-th output of the seed. */
static void sum_of_playouts(const ag_state *st, uint64_t seed, size_t count, size_t limit,
                            ag_playout_totals *want)
{
  size_t i, plies;
  int outcome, winner;
  memset(want, 0, sizeof *want);
  for (i = 0; i < count; i++) {
    uint64_t r = ag_rng_next(&seed);
    outcome = ag_state_playout(st, &r, limit, &plies, &winner, NULL);
    ck_assert_int_ge(outcome, 0);
    want->playouts++;
    want->plies += plies;
    if (outcome == AG_OUTCOME_WIN) want->wins[winner]++;
    else if (outcome == AG_OUTCOME_DRAW) want->draws++;
    else want->unfinished++;
  }
}

/* The batch interleaves playouts two at a time (one ply of each in turn, the
 * next playout starting in whichever lane ends): it sums exactly the single
 * playouts, for odd and even counts, one and two playouts, whole and cut
 * short, from the start, with history, mid-chain and from a finished game. */
START_TEST(test_build_batch_sums_single_playouts)
{
  static const size_t counts[] = {1, 2, 3, 64, 97};
  static const size_t limits[] = {0, 1, 2, 9, 60};
  size_t s;
  if (!cpu_has(_i)) return;
  for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
    ag_game *g = game_with_build(specs[s], _i);
    ag_state *st = NULL;
    uint64_t prefix = 99 + s;
    int start, chains = 0;
    ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
    for (start = 0; start < 40; start++) {
      ag_playout_totals want, got;
      size_t count = counts[start % 5], limit = limits[start / 5 % 5], k;
      int info = 0;
      ag_state_reset(st);
      /* from the start; after some random plies; at the end of a game */
      for (k = 0; k < (start < 5 ? 0 : start < 35 ? (size_t)start : start < 38 ? 100000 : 0) &&
                  ag_test_random_ply(st, &prefix); k++) {}
      /* mid-chain: the hare has jumped to c3 and may jump d3 again (where
       * the variant has chains and 11 hunters) */
      if (start >= 38 && ag_state_set_text(st, "...../...../..OX./XXXXX/XXXXX O * 5") != AG_OK) continue;
      ck_assert_int_eq(ag_state_info(st, AG_INFO_CHAIN, 0, &info), AG_OK);
      chains += info;
      sum_of_playouts(st, 1000 + (uint64_t)start, count, limit, &want);
      memset(&got, 0xff, sizeof got);
      ck_assert_int_eq(ag_state_playouts(st, 1000 + (uint64_t)start, count, limit, start % 2 + 1, &got), AG_OK);
      ck_assert_msg(memcmp(&got, &want, sizeof got) == 0,
                    "%s build %d start %d: %llu playouts %llu plies %llu/%llu wins %llu draws %llu "
                    "unfinished, want %llu %llu %llu/%llu %llu %llu", specs[s], _i, start,
                    (unsigned long long)got.playouts, (unsigned long long)got.plies,
                    (unsigned long long)got.wins[0], (unsigned long long)got.wins[1],
                    (unsigned long long)got.draws, (unsigned long long)got.unfinished,
                    (unsigned long long)want.playouts, (unsigned long long)want.plies,
                    (unsigned long long)want.wins[0], (unsigned long long)want.wins[1],
                    (unsigned long long)want.draws, (unsigned long long)want.unfinished);
    }
    ck_assert_int_ge(chains, strstr(specs[s], "chain=0") || strstr(specs[s], "hunters=10") ? 0 : 2);
    ag_state_free(st);
    ag_game_free(g);
  }
}
END_TEST

/* A hare blocked by the last ply loses, also when that ply reaches the cap
 * or the playout's own limit (settle's order of the ends). */
START_TEST(test_build_ranks_ends_as_apply)
{
  const char *before = ".XXXX/...X./X..../XX.../OXX.. X - 20";  /* d4-c3 blocks the hare */
  ag_game *g, *capped;
  ag_state *st = NULL, *last = NULL;
  int seen[2][AG_END_PLY_LIMIT + 1] = {{0}};
  uint64_t seed;
  if (!cpu_has(_i)) {
    /* This CPU cannot run that build: then the hook must refuse it (and
     * this test checks only that, rather than pass without testing). */
    ag_game *h = new_game("hare");
    ck_assert_int_eq(ag__hare_use_playout(h, _i), AG_EINVAL);
    ag_game_free(h);
    return;
  }
  g = game_with_build("hare", _i);
  capped = game_with_build("hare(max_plies=21)", _i);
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  ck_assert_int_eq(ag_state_new(capped, &last), AG_OK);
  ck_assert_int_eq(ag_state_set_text(st, before), AG_OK);
  ck_assert_int_eq(ag_state_set_text(last, before), AG_OK);
  for (seed = 1; seed <= 300; seed++) {
    seen[0][checked_playout(st, seed, 1)]++;
    seen[1][checked_playout(last, seed, 0)]++;
  }
  ck_assert_int_gt(seen[0][AG_END_BLOCKED], 0);
  ck_assert_int_gt(seen[0][AG_END_NONE], 0);
  ck_assert_int_gt(seen[1][AG_END_BLOCKED], 0);
  ck_assert_int_gt(seen[1][AG_END_PLY_LIMIT], 0);
  ag_state_free(st), ag_state_free(last);
  ag_game_free(g), ag_game_free(capped);
}
END_TEST

/* A listing build lists what the plain build lists, in the same order, for
 * both players at every ply of random games of every variant; the list
 * writes nothing past the buffer of the game's bound (past its end but
 * within the bound it may, as ag_state_legal_moves() allows). */
START_TEST(test_list_build_lists_as_plain)
{
  size_t s;
  if (!cpu_lists(_i)) {
    ag_game *h = new_game("hare");
    ck_assert_int_eq(ag__hare_use_list(h, _i), AG_EINVAL);
    ag_game_free(h);
    return;
  }
  for (s = 0; s < sizeof specs / sizeof specs[0]; s++) {
    ag_game *plain = new_game(specs[s]), *g = new_game(specs[s]);
    ag_state *a = NULL, *b = NULL;
    size_t cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES), plies = 0;
    uint64_t seed;
    ck_assert_uint_le(cap, MAXMV);
    ck_assert_int_eq(ag__hare_use_list(plain, AG__HARE_LIST_PLAIN), AG_OK);
    ck_assert_int_eq(ag__hare_use_list(g, _i), AG_OK);
    ck_assert_int_eq(ag_state_new(plain, &a), AG_OK);
    ck_assert_int_eq(ag_state_new(g, &b), AG_OK);
    for (seed = 1; seed <= 150; seed++) {
      uint64_t rng = seed;
      ag_state_reset(a), ag_state_reset(b);
      for (;;) {
        ag_move ma[MAXMV], mb[MAXMV], m = 0;
        size_t na, nb, k;
        int p, q = ag_state_current_player(a);
        ck_assert_int_eq(ag_state_current_player(b), q);
        for (p = 0; p < 2; p++) {
          for (k = 0; k < MAXMV; k++) mb[k] = 0xdeadbeefu;
          ck_assert_int_eq(ag_state_legal_moves(a, p, ma, cap, &na), AG_OK);
          ck_assert_int_eq(ag_state_legal_moves(b, p, mb, cap, &nb), AG_OK);
          ck_assert_uint_eq(na, nb);
          for (k = 0; k < na; k++) ck_assert_uint_eq(mb[k], ma[k]);
          for (k = cap; k < MAXMV; k++) ck_assert_uint_eq(mb[k], 0xdeadbeefu);
          if (p == q) {
            ck_assert_uint_gt(na, 0);
            m = ma[ag_rng_below(&rng, na)];
          }
        }
        if (q < 0) break;
        ck_assert_int_eq(ag_state_apply(a, m), AG_OK);
        ck_assert_int_eq(ag_state_apply(b, m), AG_OK);
        plies++;
      }
    }
    ck_assert_uint_gt(plies, 1000);
    ag_state_free(a), ag_state_free(b);
    ag_game_free(plain), ag_game_free(g);
  }
}
END_TEST

/* AG_CPU=generic at ag_game_new gives the plain builds, read once: a game
 * made before keeps its builds; any other value lets the CPU decide. */
START_TEST(test_cpu_generic_forces_plain)
{
  ag_game *before = NULL, *generic = NULL, *other = NULL;
  int p0, l0, p, l;
  unsetenv("AG_CPU");
  ck_assert_int_eq(ag_game_new("hare", &before), AG_OK);
  ck_assert_int_eq(ag__hare_builds(before, &p0, &l0), AG_OK);
  ck_assert_int_eq(setenv("AG_CPU", "generic", 1), 0);
  ck_assert_int_eq(ag_game_new("hare(hunters=10)", &generic), AG_OK);
  ck_assert_int_eq(ag__hare_builds(generic, &p, &l), AG_OK);
  ck_assert_int_eq(p, AG__HARE_PLAYOUT_PLAIN);
  ck_assert_int_eq(l, AG__HARE_LIST_PLAIN);
  ck_assert_int_eq(ag__hare_builds(before, &p, &l), AG_OK);
  ck_assert_int_eq(p, p0);
  ck_assert_int_eq(l, l0);
  ck_assert_int_eq(setenv("AG_CPU", "native", 1), 0);
  ck_assert_int_eq(ag_game_new("hare", &other), AG_OK);
  ck_assert_int_eq(ag__hare_builds(other, &p, &l), AG_OK);
  ck_assert_int_eq(p, p0);
  ck_assert_int_eq(l, l0);
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  /* Every x86-64 CPU this runs on has popcnt: the default is not the plain build. */
  if (__builtin_cpu_supports("popcnt")) ck_assert_int_ne(p0, AG__HARE_PLAYOUT_PLAIN);
#endif
  ck_assert_int_eq(ag__hare_builds(NULL, &p, &l), AG_EINVAL);
  ag_game_free(before);
  ag_game_free(generic);
  ag_game_free(other);
}
END_TEST

/* The hook refuses what is not a hare hunt or not a build. */
START_TEST(test_hook_refuses)
{
  ag_game *g = NULL;
  int p, l;
  ck_assert_int_eq(ag_game_new("liubo_sticks", &g), AG_OK);
  ck_assert_int_eq(ag__hare_use_playout(g, AG__HARE_PLAYOUT_PLAIN), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_list(g, AG__HARE_LIST_PLAIN), AG_EINVAL);
  ck_assert_int_eq(ag__hare_builds(g, &p, &l), AG_EINVAL);
  ag_game_free(g);
  /* The fox and the hens is the hare's rule on another board, not a hare game. */
  ck_assert_int_eq(ag_game_new("fox_and_hens", &g), AG_OK);
  ck_assert_int_eq(ag__hare_builds(g, &p, &l), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_playout(g, AG__HARE_PLAYOUT_PLAIN), AG_EINVAL);
  ag_game_free(g);
  ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
  ck_assert_int_eq(ag__hare_builds(g, NULL, &l), AG_EINVAL);
  ck_assert_int_eq(ag__hare_builds(g, &p, NULL), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_playout(g, -1), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_playout(g, AG__HARE_PLAYOUT_BMI2 + 1), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_playout(NULL, AG__HARE_PLAYOUT_PLAIN), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_list(g, -1), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_list(g, AG__HARE_LIST_AVX512 + 1), AG_EINVAL);
  ck_assert_int_eq(ag__hare_use_list(NULL, AG__HARE_LIST_PLAIN), AG_EINVAL);
  ag_game_free(g);
}
END_TEST

/* The portable select (select_bit64: a byte's place by broadword counts,
 * then select_in_byte) finds the k-th set bit of every byte value at every
 * byte of a word, with set bits below and above it: every entry of the
 * table that is read (a playout reaches only the byte values its boards
 * make, so a wrong entry could hide from the playout tests): 24,480 calls. */
START_TEST(test_select_bit64_every_byte)
{
  const uint64_t below[3] = {0, UINT64_C(0x8000000000000001), UINT64_C(0xa5a5a5a5a5a5a5a5)};
  unsigned b, place, r, v;
  for (b = 1; b < 256; b++)
    for (place = 0; place < 8; place++)
      for (v = 0; v < 3; v++) {
        uint64_t mask = UINT64_C(0xff) << (8 * place);
        uint64_t x = (uint64_t)b << (8 * place) | (below[v] & ~mask);
        uint64_t low = (UINT64_C(1) << (8 * place)) - 1;          /* the bits below the byte */
        uint64_t k = (uint64_t)__builtin_popcountll(x & low);
        unsigned n = (unsigned)__builtin_popcount(b);
        for (r = 0; r < n; r++) {
          uint64_t m = x >> (8 * place) & 0xff;
          unsigned want = 8 * place, i;
          for (i = 0; i <= r; i++) {                            /* the r-th set bit of b */
            want = 8 * place + (unsigned)__builtin_ctzll(m);
            m &= m - 1;
          }
          ck_assert_msg(ag__hare_select_bit64(x, k + r) == (int)want,
                        "bit %u of %#llx (byte %u, rank %u): %d, not %u", (unsigned)(k + r),
                        (unsigned long long)x, place, r, ag__hare_select_bit64(x, k + r), want);
        }
      }
}
END_TEST

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
/* The CPU feature table of libgcc (and of compiler-rt, the same layout),
 * filled before main and read by __builtin_cpu_supports: the library is
 * linked into this program, so it reads this same copy. */
extern struct {
  unsigned int vendor, type, subtype;
  unsigned int features[1];
} __cpu_model;
#define FAKE_POPCNT (1u << 2)   /* FEATURE_POPCNT, FEATURE_BMI, FEATURE_BMI2 */
#define FAKE_BMI (1u << 16)
#define FAKE_BMI2 (1u << 17)

/* The builds a CPU without the features `gone' gets (the table changed as
 * if the CPU lacked them): *best the build a new game picks, *runs a mask
 * of the builds ag__hare_use_playout accepts.  0 when the table does not
 * read as expected (another layout): nothing to check then. */
static int builds_without(unsigned int gone, int *best, unsigned *runs)
{
  unsigned int saved = __cpu_model.features[0];
  ag_game *g = NULL;
  int b, p, l, ok;
  __cpu_model.features[0] &= ~gone;
  __asm__ volatile("" ::: "memory");   /* the builtins below read the table again */
  ok = !__builtin_cpu_supports("bmi2") == !!(gone & FAKE_BMI2) &&
       !__builtin_cpu_supports("bmi") == !!(gone & FAKE_BMI) &&
       !__builtin_cpu_supports("popcnt") == !!(gone & FAKE_POPCNT);
  if (ok) {
    ck_assert_int_eq(ag_game_new("hare", &g), AG_OK);
    ck_assert_int_eq(ag__hare_builds(g, &p, &l), AG_OK);
    *best = p;
    *runs = 0;
    for (b = AG__HARE_PLAYOUT_PLAIN; b <= AG__HARE_PLAYOUT_BMI2; b++)
      if (ag__hare_use_playout(g, b) == AG_OK) *runs |= 1u << b;
    ag_game_free(g);
  }
  __cpu_model.features[0] = saved;
  __asm__ volatile("" ::: "memory");
  return ok;
}
#endif

/* The BMI2 playout build needs popcnt, BMI and BMI2 together: a CPU with
 * BMI and popcnt but no BMI2 (AMD's Piledriver) or BMI2 without BMI gets the
 * popcnt build, one without popcnt the plain build; none of them may be
 * forced to run the BMI2 build (it would die of SIGILL). */
START_TEST(test_bmi2_build_needs_every_feature)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
  const unsigned plain = 1u << AG__HARE_PLAYOUT_PLAIN, popcnt = 1u << AG__HARE_PLAYOUT_POPCNT;
  int best = -1;
  unsigned runs = 0;
  if (!__builtin_cpu_supports("bmi2") || !__builtin_cpu_supports("bmi") ||
      !__builtin_cpu_supports("popcnt"))
    return;   /* a CPU without them: the other tests see its own builds */
  unsetenv("AG_CPU");
  if (builds_without(FAKE_BMI2, &best, &runs)) {
    ck_assert_int_eq(best, AG__HARE_PLAYOUT_POPCNT);
    ck_assert_uint_eq(runs, plain | popcnt);
  }
  if (builds_without(FAKE_BMI, &best, &runs)) {
    ck_assert_int_eq(best, AG__HARE_PLAYOUT_POPCNT);
    ck_assert_uint_eq(runs, plain | popcnt);
  }
  if (builds_without(FAKE_POPCNT, &best, &runs)) {
    ck_assert_int_eq(best, AG__HARE_PLAYOUT_PLAIN);
    ck_assert_uint_eq(runs, plain);
  }
  ck_assert_int_eq(builds_without(0, &best, &runs), 1);   /* the table restored: all three */
  ck_assert_uint_eq(runs, plain | popcnt | 1u << AG__HARE_PLAYOUT_BMI2);
#endif
}
END_TEST

static Suite *builds_suite(void)
{
  Suite *s = suite_create("hare_builds");
  TCase *tc = tcase_create("builds");
  tcase_add_loop_test(tc, test_build_plays_the_api_loop, AG__HARE_PLAYOUT_PLAIN,
                      AG__HARE_PLAYOUT_BMI2 + 1);
  tcase_add_loop_test(tc, test_build_batch_sums_single_playouts, AG__HARE_PLAYOUT_PLAIN,
                      AG__HARE_PLAYOUT_BMI2 + 1);
  tcase_add_loop_test(tc, test_build_ranks_ends_as_apply, AG__HARE_PLAYOUT_PLAIN,
                      AG__HARE_PLAYOUT_BMI2 + 1);
  tcase_add_loop_test(tc, test_list_build_lists_as_plain, AG__HARE_LIST_PLAIN,
                      AG__HARE_LIST_AVX512 + 1);
  tcase_add_test(tc, test_hook_refuses);
  tcase_add_test(tc, test_cpu_generic_forces_plain);
  tcase_add_test(tc, test_select_bit64_every_byte);
  tcase_add_test(tc, test_bmi2_build_needs_every_feature);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) { return ag_test_run(builds_suite()); }
