#!/bin/sh
# SPDX-License-Identifier: MIT
# check-errors-doc.sh -- the ERRORS of the man pages agree with the code.
#
# The header's (function, code) pairs -- each `@retval AG_Exxx' of
# include/ancientgames.h, as man/gen-man3.py reads them from Doxygen's XML (or
# the AG_E* codes @return names, for a function without @retval) -- must equal
# the pairs of tests/check_errors.c (and check_perfect.c, for the codes that
# need a real solution): its ERR(function, CODE, ...) lines, which
# provoke the code, plus its UNTESTED(function, CODE) notes (reviewed return
# paths that cannot be provoked, such as allocation failures).  A documented
# code nobody provokes fails, and so does a provoked code the page omits.
# A function without any @retval (its @return only names the codes) is only
# noted: its provoked codes must be among those named, nothing more.
# Skips (77) with --disable-docs (no XML) or without Python.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${PYTHON:=python3}" "${AG_BUILD_DOCS:=yes}"
test "x$AG_BUILD_DOCS" != xno || { echo "SKIP: configured with --disable-docs"; exit 77; }
test "x$PYTHON" != "x:" && command -v "$PYTHON" >/dev/null 2>&1 || { echo "SKIP: no Python"; exit 77; }
xml=$top_builddir/man/api/xml
test -f "$xml/index.xml" || { echo "FAIL: $xml missing (make all first)"; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-errors-doc.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

"$PYTHON" "$top_srcdir/man/gen-man3.py" --xml "$xml" --map "$top_srcdir/lib/libancientgames.map" \
  --list-errors > "$tmp/all" || exit 1
# A function documented with @retval is checked both ways.  One whose codes are
# only named in its @return text (no "when" per code yet) is listed, not failed:
# its @retval lines are still to be written.
grep -v ' return$' "$tmp/all" | sort -u > "$tmp/doc"
sed -n 's/ return$//p' "$tmp/all" | sort -u > "$tmp/loose"
# check_perfect.c provokes the codes that need a real solution (it runs when
# $AG_HARE_SOLUTION names one, and reports SKIP otherwise).
tests="$top_srcdir/tests/check_errors.c $top_srcdir/tests/check_perfect.c"
{
  # shellcheck disable=SC2086
  sed -n 's/^[[:space:]]*ERR(\(ag_[a-z0-9_]*\), *\(AG_[A-Z]*\),.*/\1 \2/p' $tests
  # shellcheck disable=SC2086
  sed -n 's/.*UNTESTED(\(ag_[a-z0-9_]*\), *\(AG_[A-Z]*\)).*/\1 \2/p' $tests
} | sort -u > "$tmp/test"
status=0
if test -s "$tmp/loose"; then
  echo "NOTE: no @retval yet (ERRORS gives each code's general meaning):" \
       "$(cut -d' ' -f1 "$tmp/loose" | sort -u | tr '\n' ' ')"
fi
sort -u "$tmp/doc" "$tmp/loose" > "$tmp/any"
comm -23 "$tmp/doc" "$tmp/test" > "$tmp/only-doc"
comm -13 "$tmp/any" "$tmp/test" > "$tmp/only-test"
if test -s "$tmp/only-doc"; then
  echo "FAIL: documented (@retval) but neither provoked by ERR() nor noted UNTESTED() in $tests:"
  sed 's/^/  /' "$tmp/only-doc"; status=1
fi
if test -s "$tmp/only-test"; then
  echo "FAIL: returned by the code (ERR()/UNTESTED() in $tests) but not documented in the header:"
  sed 's/^/  /' "$tmp/only-test"; status=1
fi
echo "$(wc -l < "$tmp/doc") documented (function, error) pairs;" \
     "$(cat $tests | grep -c '^[[:space:]]*ERR(') ERR() calls," \
     "$(cat $tests | grep -c 'UNTESTED(') reviewed UNTESTED() notes"
exit $status
