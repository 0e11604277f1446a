/* SPDX-License-Identifier: MIT */
/*
 * check_main.h -- the one main() helper every Check suite calls:
 *
 *   int main(void) { return ag_test_run(my_suite()); }
 *
 * Output is TAP on stdout (automake's tap-driver.sh turns each test into its
 * own PASS/FAIL line), so a test must never print to stdout itself: use
 * stderr for diagnostics.  Check forks each test (CK_FORK), so a crash fails
 * one test, not the suite; CK_FORK=no under valgrind or a debugger.
 *
 * Time limits (the same for every suite; tests/check-timeouts.sh fails on a
 * suite that calls tcase_set_timeout itself): a test is limited by the CPU
 * time it spends, never by the wall clock, because a loaded machine (a build
 * farm, `make -j' beside other jobs) gives a process a small share of a core
 * and a wall-clock limit sized for an idle machine then fails a correct test.
 *  - each forked test may spend AG_TEST_CPU_SECONDS of CPU time (RLIMIT_CPU,
 *    set in the runner and inherited by each forked test, whose CPU clock
 *    starts at zero); past it the kernel kills it with SIGXCPU, reported by
 *    Check as "Received signal 24";
 *  - each test also gets one wall-clock limit, AG_TEST_HANG_SECONDS, only
 *    against hangs (a test blocked on a lock or a pipe spends no CPU);
 *    CK_DEFAULT_TIMEOUT, when set, replaces it;
 *  - both are multiplied by CK_TIMEOUT_MULTIPLIER (configure makes it 4 for
 *    --enable-sanitizers).
 * A slow scenario stays small instead: seconds of CPU, not minutes.
 */
#ifndef AG_CHECK_MAIN_H
#define AG_CHECK_MAIN_H

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <check.h>
#include <ancientgames.h>
#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#endif

/* Ten times the CPU of the most expensive test (check_perfect solving
 * hare(hunters=10) in memory: about a minute). */
#define AG_TEST_CPU_SECONDS 600
/* An hour of wall clock: even at a load of 40 per core a test gets far
 * more CPU than it needs in that time; only a hang reaches it. */
#define AG_TEST_HANG_SECONDS 3600

/* CK_TIMEOUT_MULTIPLIER as Check reads it (a number >= 0), else 1. */
static inline double ag_test_multiplier(void)
{
  const char *env = getenv("CK_TIMEOUT_MULTIPLIER");
  char *end;
  double m;
  if (!env) return 1.0;
  m = strtod(env, &end);
  return end != env && *end == '\0' && m >= 0 ? m : 1.0;
}

/* tcase_create() with the hang limit (see above); check_main.h makes every
 * tcase_create() of a suite this one. */
static inline TCase *ag_test_tcase_create(const char *name)
{
  TCase *tc = (tcase_create)(name);
  if (!getenv("CK_DEFAULT_TIMEOUT"))
    tcase_set_timeout(tc, AG_TEST_HANG_SECONDS);   /* scaled by Check */
  return tc;
}
#define tcase_create(name) ag_test_tcase_create(name)

/* The CPU limit of each forked test, set in the runner before it forks.
 * Not with CK_FORK=no (valgrind, a debugger): the limit would then cover
 * the whole suite in one process. */
static inline void ag_test_limit_cpu(SRunner *sr)
{
#if defined(__unix__) || defined(__APPLE__)
  struct rlimit rl;
  double secs = AG_TEST_CPU_SECONDS * ag_test_multiplier();
  if (srunner_fork_status(sr) == CK_NOFORK || secs <= 0 || getrlimit(RLIMIT_CPU, &rl) != 0) return;
  if (rl.rlim_cur == RLIM_INFINITY || (double)rl.rlim_cur > secs) {
    rl.rlim_cur = (rlim_t)secs;
    if (rl.rlim_max != RLIM_INFINITY && rl.rlim_cur > rl.rlim_max) rl.rlim_cur = rl.rlim_max;
    if (setrlimit(RLIMIT_CPU, &rl) != 0) return;   /* no limit rather than no test */
  }
#else
  (void)sr;
#endif
}

/* A game from a spec; fails the test, with the library's message, on error. */
static inline ag_game *new_game(const char *spec)
{
  ag_game *g = NULL;
  ck_assert_msg(ag_game_new(spec, &g) == AG_OK, "ag_game_new(%s): %s", spec, ag_errmsg());
  return g;
}

/* A state of g at the start, or at position `text` when it is not NULL. */
static inline ag_state *new_state(const ag_game *g, const char *text)
{
  ag_state *st = NULL;
  ck_assert_int_eq(ag_state_new(g, &st), AG_OK);
  if (text) ck_assert_msg(ag_state_set_text(st, text) == AG_OK, "%s: %s", text, ag_errmsg());
  return st;
}

/* One ply of the tests' seeded random player: at a simultaneous node a
 * uniform legal choice of player 0, then of player 1; at a chance node
 * ag_state_sample_chance(); else a uniform legal move.  That is the order
 * in which ag_state_playout() draws (check_core compares the two), so a
 * test can replay a playout.  Fails the test when a call fails or a player
 * to act has no move.  Returns 0, playing nothing, when the game is over,
 * else 1. */
static inline int ag_test_random_ply(ag_state *st, uint64_t *rng)
{
  ag_move mv[512], m, joint[2];   /* check_core: AG_LIMIT_LEGAL_MOVES <= 512 */
  size_t n;
  int p = ag_state_current_player(st), q;
  if (p == AG_PLAYER_TERMINAL) return 0;
  if (p == AG_PLAYER_SIMULTANEOUS) {
    for (q = 0; q < 2; q++) {
      ck_assert_int_eq(ag_state_legal_moves(st, q, mv, 512, &n), AG_OK);
      ck_assert_msg(n > 0, "player %d acts but has no move", q);
      joint[q] = mv[ag_rng_below(rng, n)];
    }
    ck_assert_int_eq(ag_state_apply_joint(st, joint, 2), AG_OK);
    return 1;
  }
  if (p == AG_PLAYER_CHANCE) {
    ck_assert_int_eq(ag_state_sample_chance(st, rng, &m), AG_OK);
  } else {
    ck_assert_int_eq(ag_state_legal_moves(st, p, mv, 512, &n), AG_OK);
    ck_assert_msg(n > 0, "player %d acts but has no move", p);
    m = mv[ag_rng_below(rng, n)];
  }
  ck_assert_int_eq(ag_state_apply(st, m), AG_OK);
  return 1;
}

/* Up to `plies` plies of ag_test_random_ply() (fewer when the game ends);
 * returns how many were played. */
static inline size_t ag_test_random_plies(ag_state *st, uint64_t *rng, size_t plies)
{
  size_t k = 0;
  while (k < plies && ag_test_random_ply(st, rng)) k++;
  return k;
}

/* ERR(fn, CODE, (args)): fn(args) fails with CODE and leaves a message.
 * tests/check-errors-doc.sh reads the ERR(ag_..., AG_...) lines of
 * check_errors.c and check_perfect.c as the proof that each @retval is
 * provoked. */
#define ERR(fn, code, args)                                                          \
  do {                                                                               \
    int rc_ = (int)(fn args);                                                        \
    ck_assert_msg(rc_ == (code), "%s%s returned %d (%s), expected %s; message: %s", \
                  #fn, #args, rc_, ag_strerror(rc_), #code, ag_errmsg());            \
    ck_assert_msg(ag_errmsg()[0] != '\0', "%s%s: no message", #fn, #args);          \
  } while (0)

/* Runs every test of suite s with TAP output on stdout and frees it.
 * Returns EXIT_SUCCESS when no test failed, else EXIT_FAILURE. */
static inline int ag_test_run(Suite *s)
{
  SRunner *sr = srunner_create(s);
  int failed;

  srunner_set_tap(sr, "-");
  ag_test_limit_cpu(sr);
  srunner_run_all(sr, CK_SILENT);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* The number of threads of this process (/proc/self/task, Linux), -1
 * where that cannot be read: the tests that check a call starts no worker
 * thread (check_mutants, check_solver) count them from a poll callback. */
static inline int ag_test_count_threads(void)
{
  DIR *d = opendir("/proc/self/task");
  struct dirent *e;
  int n = 0;
  if (!d) return -1;
  while ((e = readdir(d)) != NULL)
    if (e->d_name[0] != '.') n++;
  closedir(d);
  return n;
}

#endif /* AG_CHECK_MAIN_H */
