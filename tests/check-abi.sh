#!/bin/sh
# SPDX-License-Identifier: MIT
# check-abi.sh -- the built library is ABI-compatible with every committed
# baseline abi/libancientgames-SERIES.abi (abidw dumps, see `make store-abi'):
# 0.1's proves that nothing of 0.1 changed, 0.2's that nothing of 0.2 did.
#
# The gate is "abidiff exits 0": with --no-added-syms, added functions are
# allowed (check-exports.sh and the version script police those), while a
# removed function (exit 12) or a changed signature or type (exit 4) fails.
# Skips (77) when abidiff is missing, unless AG_REQUIRE_ABIDIFF=yes
# (`make check-abi', run by CI).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${ABIDIFF:=abidiff}" "${AG_REQUIRE_ABIDIFF:=no}"

so=$top_builddir/lib/.libs/libancientgames.so

if ! command -v "${ABIDIFF:-abidiff}" >/dev/null 2>&1; then
  if test "x$AG_REQUIRE_ABIDIFF" = xyes; then
    echo "FAIL: abidiff not found (apt-get install abigail-tools)"; exit 1
  fi
  echo "SKIP: abidiff not found (apt-get install abigail-tools)"; exit 77
fi
test -f "$so" || { echo "SKIP: $so not built (static-only build?)"; exit 77; }
set -- "$top_srcdir"/abi/libancientgames-*.abi
test -f "$1" || { echo "FAIL: no baseline in $top_srcdir/abi (run make store-abi)"; exit 1; }
status=0
for baseline in "$@"; do
  echo "$ABIDIFF --no-added-syms --drop-private-types --headers-dir2 $top_srcdir/include $baseline $so"
  "$ABIDIFF" --no-added-syms --drop-private-types --headers-dir2 "$top_srcdir/include" \
    "$baseline" "$so"
  rc=$?
  if test $rc -ne 0; then
    echo "FAIL: abidiff exit $rc against $baseline (bits: 1 error, 2 usage, 4 ABI change, 8 incompatible change)."
    echo "If the change is intended, follow the ABI checklist in HACKING (make store-abi)."
    status=1
  else
    echo "ABI compatible with $baseline"
  fi
done
exit $status
