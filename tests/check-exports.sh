#!/bin/sh
# SPDX-License-Identifier: MIT
# check-exports.sh -- the exported API is exactly what the header declares.
#
# Three lists must be equal after sorting:
#   1. the AG_API functions of include/ancientgames.h,
#   2. the global symbols of the version script lib/libancientgames.map,
#   3. the defined dynamic symbols of the built lib/.libs/libancientgames.so
#      (nm -D --defined-only, version suffixes and version nodes stripped).
# Catches a forgotten AG_API, a forgotten map entry and a leaked internal.
# Also checks that every public constant of the header has its golden value
# in tests/check_abi_values.c.  Exit 77 (skip) when nm -D cannot be used.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${NM:=nm}"

header=$top_srcdir/include/ancientgames.h
map=$top_srcdir/lib/libancientgames.map
golden=$top_srcdir/tests/check_abi_values.c
so=$top_builddir/lib/.libs/libancientgames.so

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-exports.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0

if ! test -f "$so"; then
  echo "SKIP: $so not built (static-only build?)"
  exit 77
fi
if ! $NM -D --defined-only "$so" > "$tmp/nm.raw" 2>"$tmp/nm.err"; then
  echo "SKIP: '$NM -D --defined-only' does not work here:"; cat "$tmp/nm.err"
  exit 77
fi

# 1. header: AG_API declarations, e.g. "AG_API int ag_game_new(const char *spec, ...".
sed -n 's/^AG_API[^(]*[ *]\(ag_[a-z0-9_]*\)[[:space:]]*(.*/\1/p' "$header" \
  | sort > "$tmp/header"
# 2. map: strip C comments, keep identifiers followed by ';' (globals only).
tr '\n' ' ' < "$map" \
  | sed 's|/\*[^*]*\*\{1,\}\([^/*][^*]*\*\{1,\}\)*/| |g' \
  | tr ';{}' '\n\n\n' | sed 's/^[[:space:]]*//; s/[[:space:]]*$//' \
  | sed 's/^global:[[:space:]]*//; s/^local:[[:space:]]*//' \
  | grep -v -e '^$' -e '^\*$' -e '^ANCIENTGAMES_' | sort > "$tmp/map"
# 3. the library: defined code/data symbols, "@@ANCIENTGAMES_0.1" stripped.
awk 'NF >= 3 && $2 ~ /^[TtDdBbRrVvWwGgSsi]$/ { print $3 }' "$tmp/nm.raw" \
  | sed 's/@.*//' | grep -v '^ANCIENTGAMES_' | sort -u > "$tmp/lib"

for f in header map lib; do
  if ! test -s "$tmp/$f"; then echo "FAIL: the $f list is empty"; status=1; fi
done
if ! diff -u "$tmp/header" "$tmp/map" > "$tmp/d1"; then
  echo "FAIL: header AG_API functions (-) differ from $map (+):"; cat "$tmp/d1"; status=1
fi
if ! diff -u "$tmp/map" "$tmp/lib" > "$tmp/d2"; then
  echo "FAIL: $map (-) differs from the symbols exported by $so (+):"; cat "$tmp/d2"; status=1
fi
bad=$(grep -v '^ag_[a-z0-9_]*$' "$tmp/lib" || true)
if test -n "$bad"; then
  echo "FAIL: exported symbols without the ag_ prefix (or with ag__):"; echo "$bad"; status=1
fi
if ! grep -q '^[[:space:]]*local:[[:space:]]*$' "$map" || ! grep -q '^[[:space:]]*\*;' "$map"; then
  echo "FAIL: $map must end its first node with 'local: *;'"; status=1
fi
# Versioned: every exported ag_ symbol carries a version node.
unversioned=$(awk 'NF >= 3 && $2 ~ /^[TDBRVW]$/ && $3 ~ /^ag_/ && $3 !~ /@/ { print $3 }' "$tmp/nm.raw")
if test -n "$unversioned"; then
  echo "FAIL: exported without a version node (version script not used?):"; echo "$unversioned"
  status=1
fi

# Golden constants: every #define AG_* value and enumerator of the header is
# asserted in tests/check_abi_values.c by a line "_Static_assert(NAME == ...".
# (A plain word match would be satisfied by any mention of the name.)
# The struct initialisers AG_*_INIT are no values: tests/check-init.sh checks them.
{
  sed -n 's/^#[[:space:]]*define[[:space:]]\{1,\}\(AG_[A-Z0-9_]*\)[[:space:]].*/\1/p' "$header"
  sed -n 's/^[[:space:]]*\(AG_[A-Z0-9_]*\)[[:space:]]*=.*/\1/p' "$header"
} | grep -v -x -e AG_API -e 'AG_[A-Z_]*_INIT' | sort -u > "$tmp/constants"
missing=
for c in $(cat "$tmp/constants"); do
  grep -qF -e "_Static_assert($c ==" "$golden" || missing="$missing $c"
done
if test -n "$missing"; then
  echo "FAIL: constants without a golden value in $golden:$missing"; status=1
fi

echo "header: $(wc -l < "$tmp/header") functions, map: $(wc -l < "$tmp/map"),"\
     "library: $(wc -l < "$tmp/lib"), constants: $(wc -l < "$tmp/constants")"
exit $status
