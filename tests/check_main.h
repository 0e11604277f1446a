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
