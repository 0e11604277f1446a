#!/bin/sh
# SPDX-License-Identifier: MIT
# check-man-examples.sh -- the EXAMPLE programs of the man3 pages work as printed.
#
# For every generated page man/man3/*.3 with an EXAMPLE section, the program is
# taken from the page itself (the .EX/.EE block, roff escapes undone), compiled
# with -std=c11 -Wall -Wextra -Werror against the build tree's header and
# library, and run: it must exit 0 and print something.  A program whose
# comment says "Usage: prog FILE" (the solver's) is run with $AG_HARE_SOLUTION
# when that names a file (CI makes one), and only compiled otherwise.
# Also: every man/examples/*.c is the EXAMPLE of some page (none is orphaned).
# Skips (77) with --disable-docs or without the shared library.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}" "${AG_SAN_FLAGS:=}" "${AG_BUILD_DOCS:=yes}"
test "x$AG_BUILD_DOCS" != xno || { echo "SKIP: configured with --disable-docs"; exit 77; }
so=$top_builddir/lib/.libs/libancientgames.so
test -f "$so" || { echo "SKIP: $so not built (static-only build?)"; exit 77; }
libdir=$(cd "$top_builddir/lib/.libs" && pwd)
man3=$top_builddir/man/man3
test -d "$man3" || { echo "FAIL: $man3 missing (make all first)"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-man-examples.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
n=0
for page in "$man3"/*.3; do
  grep -q '^\.SH EXAMPLE' "$page" || continue
  name=$(basename "$page" .3)
  src=$tmp/$name.c
  # The .EX ... .EE blocks of the EXAMPLE section, unescaped (\e \- \& .sp).
  sed -n '/^\.SH EXAMPLE/,/^\.SH /p' "$page" | sed -n '/^\.EX$/,/^\.EE$/p' \
    | sed -e '/^\.EX$/d' -e '/^\.EE$/d' -e 's/^\.sp$//' \
          -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g' > "$src"
  n=$((n + 1))
  if ! grep -q 'int main' "$src"; then
    echo "FAIL: no program in the EXAMPLE of $page"; status=1; continue
  fi
  # shellcheck disable=SC2086
  if ! $CC -std=c11 -Wall -Wextra -Werror $AG_SAN_FLAGS -I"$top_srcdir/include" \
         -o "$tmp/$name" "$src" -L"$libdir" -lancientgames -Wl,-rpath,"$libdir" 2> "$tmp/cc.err"; then
    echo "FAIL: the EXAMPLE of $page does not compile:"; cat "$tmp/cc.err"; cat -n "$src"
    status=1; continue
  fi
  args=
  if grep -q 'Usage: prog FILE' "$src"; then
    if test -n "${AG_HARE_SOLUTION:-}" && test -f "$AG_HARE_SOLUTION"; then
      args=$AG_HARE_SOLUTION
    else
      echo "ok $name: compiled; not run (it solves for ~100 s without AG_HARE_SOLUTION)"
      continue
    fi
  fi
  # shellcheck disable=SC2086
  if ! "$tmp/$name" $args > "$tmp/out" 2> "$tmp/err" || ! test -s "$tmp/out"; then
    echo "FAIL: the EXAMPLE of $page failed or printed nothing:"; cat "$tmp/out" "$tmp/err"
    status=1; continue
  fi
  echo "ok $name: $(tail -n 1 "$tmp/out")"
done
test $n -gt 0 || { echo "FAIL: no page has an EXAMPLE"; status=1; }
for f in "$top_srcdir"/man/examples/*.c; do
  test -f "$f" || continue
  b=$(basename "$f")
  grep -l -q "@include $b\$" "$top_srcdir/include/ancientgames.h" \
    || { echo "FAIL: $f is no page's example (no '@include $b' in the header)"; status=1; }
done
echo "$n EXAMPLE programs"
exit $status
