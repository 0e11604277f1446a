#!/bin/bash
# SPDX-License-Identifier: MIT
# .ci/reliability.sh -- issue 27's tests run longer than `make check' runs
# them (called by .ci/run in the configured tree, after `make fuzz', which
# already runs the libFuzzer targets for AG_FUZZ_SECONDS each):
#   * the property-based tests of the binding with AG_PROPERTY_EXAMPLES
#     (default 600; make check: 40) and a fresh random seed;
#   * the issue's reproductions in the binding (python/test_reliability.py).
# The complexity tests stay at make check's n (the spec, position, move and
# solution readers refuse inputs over a few KB, so a larger n measures nothing).
# About 60 s on an idle 2-core machine.  Ends with `reliability: N passed, N failed'.
set -u
cd "$(dirname "$0")/.." || exit 1
passed=0 failed=0
lib=$PWD/lib/.libs/libancientgames.so

one() {
  local name=$1; shift
  local s rc; s=$(date +%s)
  "$@"; rc=$?
  if test $rc -eq 0 || test $rc -eq 77; then
    echo "=== reliability $name: $(test $rc -eq 77 && echo skipped || echo ok) ($(( $(date +%s) - s ))s)"
    passed=$((passed + 1))
  else
    echo "=== reliability $name: FAILED ($(( $(date +%s) - s ))s)"
    failed=$((failed + 1))
  fi
}

one "property tests" env ANCIENTGAMES_LIB="$lib" AG_PROPERTY_SEED=random \
  AG_PROPERTY_EXAMPLES="${AG_PROPERTY_EXAMPLES:-600}" python3 python/test_properties.py
one "binding reproductions" env ANCIENTGAMES_LIB="$lib" python3 python/test_reliability.py
echo "reliability: $passed passed, $failed failed"
test "$failed" -eq 0
