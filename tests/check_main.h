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
 */
#ifndef AG_CHECK_MAIN_H
#define AG_CHECK_MAIN_H

#include <stdint.h>
#include <stdlib.h>
#include <check.h>
#include <ancientgames.h>

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
  srunner_run_all(sr, CK_SILENT);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

#endif /* AG_CHECK_MAIN_H */
