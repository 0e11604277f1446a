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
