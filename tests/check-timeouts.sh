#!/bin/sh
# SPDX-License-Identifier: MIT
# check-timeouts.sh -- no test fails because the machine is slow.  The Check
# suites share one rule, kept in tests/check_main.h: a CPU-time limit per
# forked test and one generous wall-clock limit against hangs, both scaled
# by CK_TIMEOUT_MULTIPLIER.  A suite's own tcase_set_timeout() would bring
# back a wall-clock limit sized for an idle machine, so this fails when a
# Check suite in tests/:
#   - calls tcase_set_timeout (the limits are check_main.h's alone);
#   - does not include "check_main.h" (which sets them), or
#   - runs itself with srunner_run_all instead of ag_test_run().
set -u
: "${top_srcdir:=.}"
bad=0 n=0
for f in "$top_srcdir"/tests/*.c "$top_srcdir"/tests/*/*.c; do
  test -f "$f" || continue
  grep -q 'tcase_create\|srunner_create\|<check\.h>' "$f" || continue
  n=$((n + 1))
  if grep -n 'tcase_set_timeout *(' "$f"; then
    echo "FAIL: $f sets its own Check timeout; the limits are tests/check_main.h's (HACKING, Tests)"
    bad=1
  fi
  if ! grep -q '^#include "check_main.h"' "$f"; then
    echo "FAIL: $f does not include \"check_main.h\" (the suites' time limits)"
    bad=1
  fi
  if grep -n 'srunner_run_all *(' "$f"; then
    echo "FAIL: $f runs itself; end main() with ag_test_run() (tests/check_main.h)"
    bad=1
  fi
done
# The limits themselves: a CPU-time limit, and the wall clock only against hangs.
h=$top_srcdir/tests/check_main.h
grep -q 'setrlimit(RLIMIT_CPU' "$h" || { echo "FAIL: $h sets no CPU-time limit"; bad=1; }
hang=$(sed -n 's/^#define AG_TEST_HANG_SECONDS \([0-9]*\).*/\1/p' "$h")
if test -z "$hang" || test "$hang" -lt 3600; then
  echo "FAIL: $h: AG_TEST_HANG_SECONDS '${hang}' (at least 3600: a limit against hangs only)"
  bad=1
fi
test "$n" -gt 0 || { echo "FAIL: no Check suite found in $top_srcdir/tests"; exit 1; }
test $bad = 0 && echo "$n Check suites: no own timeout, all through check_main.h"
exit $bad
