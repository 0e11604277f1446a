#!/bin/sh
# check-man.sh -- the man pages are complete and lint-clean.
#
#  * Every hand-written page man/*.1 and man/*.7 renders with
#    `groff -man -ww -z' and prints NOTHING on stderr (groff exits 0 even
#    when it warns, so stderr is what counts).
#  * Every symbol of lib/libancientgames.map has a generated (Doxygen)
#    man/man3/<symbol>.3 in the build tree, and each of those renders too
#    (not with --disable-docs: then only the hand-written pages are checked).
# Exit 77 (skip) without groff.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${GROFF:=groff}" "${AG_BUILD_DOCS:=yes}"

if ! command -v "${GROFF:-groff}" >/dev/null 2>&1; then
  echo "SKIP: groff not found"
  exit 77
fi

status=0
checked=0
lint() {  # lint PAGE
  out=$("$GROFF" -man -ww -z "$1" 2>&1 < /dev/null)
  if test -n "$out"; then
    echo "FAIL: groff warns about $1:"; echo "$out"; status=1
  fi
  checked=$((checked + 1))
}

for page in "$top_srcdir"/man/*.1 "$top_srcdir"/man/*.7; do
  test -f "$page" || continue
  case $(head -c 200 "$page") in
    *.TH*) ;;
    *) echo "FAIL: $page has no .TH line"; status=1 ;;
  esac
  lint "$page"
done

if test "x$AG_BUILD_DOCS" = xno; then
  echo "checked $checked hand-written pages; man3 not checked (configured with --disable-docs)"
  exit $status
fi

man3=$top_builddir/man/man3
map=$top_srcdir/lib/libancientgames.map
if ! test -d "$man3"; then
  echo "FAIL: $man3 missing: Doxygen did not run (make all first)"; exit 1
fi
syms=$(tr '\n' ' ' < "$map" \
  | sed 's|/\*[^*]*\*\{1,\}\([^/*][^*]*\*\{1,\}\)*/| |g' \
  | tr ';{}:' '\n\n\n\n' | sed 's/[[:space:]]//g' | grep '^ag_')
nsyms=0
for s in $syms; do
  nsyms=$((nsyms + 1))
  if ! test -f "$man3/$s.3"; then
    echo "FAIL: no man page $man3/$s.3 for the exported $s"; status=1
  fi
done
test "$nsyms" -gt 0 || { echo "FAIL: no symbols read from $map"; status=1; }
# The generated pages: the group pages must render cleanly; the per-symbol
# pages are symlinks to them (see Makefile.am) and must not dangle.
for page in "$man3"/*.3; do
  if test -h "$page"; then
    test -f "$page" || { echo "FAIL: $page is a dangling link"; status=1; }
    continue
  fi
  test -f "$page" || continue
  if head -n 1 "$page" | grep -q '^\.so '; then
    echo "FAIL: $page is a .so stub (only works from a man root)"; status=1
    continue
  fi
  lint "$page"
done

echo "checked $checked pages; $nsyms exported symbols have a man3 page"
exit $status
