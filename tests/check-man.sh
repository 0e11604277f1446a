#!/bin/sh
# SPDX-License-Identifier: MIT
# check-man.sh -- the man pages are complete and lint-clean.
#
#  * Every page -- hand-written man/*.1 and man/*.7, generated man/man3/*.3 --
#    is silent under `groff -man -ww -z' (stderr must be empty: groff exits 0
#    when it warns) and `mandoc -Tlint' (style messages included), and
#    `lexgrog' parses its NAME section (what mandb and apropos index).
#  * The hand-written pages carry the package version in .TH and a real date
#    (YYYY-MM-DD), and none sends the reader to a file that is not installed
#    ("the project's rules file hare-hunt.md"): they cite sources by title.
#  * Every symbol that `nm -D' finds in the built library has a page
#    man/man3/SYMBOL.3 (or a `.so man3/PAGE.3' link to one) whose SYNOPSIS,
#    rendered, contains the symbol's prototype as include/ancientgames.h
#    declares it (whitespace aside).
# The man3 part is skipped with --disable-docs.  groff is required (exit 77
# without it); a missing mandoc or lexgrog skips only its own check, loudly.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${GROFF:=groff}" "${AG_BUILD_DOCS:=yes}" "${NM:=nm}"
: "${PACKAGE_VERSION:=}"

if ! command -v "$GROFF" >/dev/null 2>&1; then
  echo "SKIP: groff not found"
  exit 77
fi
have_mandoc=yes; command -v mandoc >/dev/null 2>&1 || { have_mandoc=no; echo "NOTE: no mandoc: mandoc -Tlint not run (apt-get install mandoc)"; }
have_lexgrog=yes; command -v lexgrog >/dev/null 2>&1 || { have_lexgrog=no; echo "NOTE: no lexgrog: NAME lines not checked (apt-get install man-db)"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-man.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
checked=0

lint() {  # lint PAGE: every linter must be silent
  out=$(LC_ALL=C "$GROFF" -man -ww -z "$1" 2>&1 < /dev/null)
  if test -n "$out"; then
    echo "FAIL: groff -ww warns about $1:"; echo "$out"; status=1
  fi
  if test $have_mandoc = yes; then
    out=$(mandoc -Tlint "$1" 2>&1 < /dev/null)
    if test -n "$out"; then
      echo "FAIL: mandoc -Tlint reports on $1:"; echo "$out"; status=1
    fi
  fi
  if test $have_lexgrog = yes; then
    if ! out=$(lexgrog "$1" 2>&1); then
      echo "FAIL: lexgrog cannot parse the NAME section of $1:"; echo "$out"; status=1
    fi
  fi
  checked=$((checked + 1))
}

version=$PACKAGE_VERSION
test -n "$version" || version=$(sed -n 's/^AC_INIT(\[[^]]*\], *\[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")

for page in "$top_srcdir"/man/*.1 "$top_srcdir"/man/*.7; do
  test -f "$page" || continue
  th=$(grep -m 1 '^\.TH ' "$page")
  case $th in
    *' '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]' '*) ;;
    *) echo "FAIL: $page: the .TH line has no YYYY-MM-DD date: $th"; status=1 ;;
  esac
  case $th in
    *"libancientgames $version"*) ;;
    *) echo "FAIL: $page: the .TH line does not say \"libancientgames $version\": $th"; status=1 ;;
  esac
  # A page must stand on its own once installed: it cites sources by title,
  # never a file of the source tree ("the project's rules file X.md").
  if grep -n -i -e "project's" -e '[A-Za-z0-9_-]\.md\b' -e 'rules file' "$page"; then
    echo "FAIL: $page sends the reader to a file that is not installed (above)"; status=1
  fi
  lint "$page"
done

if test "x$AG_BUILD_DOCS" = xno; then
  echo "checked $checked hand-written pages; man3 not checked (configured with --disable-docs)"
  exit $status
fi

man3=$top_builddir/man/man3
so=$top_builddir/lib/.libs/libancientgames.so
header=$top_srcdir/include/ancientgames.h
if ! test -d "$man3"; then
  echo "FAIL: $man3 missing: the man3 pages were not generated (make all first)"; exit 1
fi

# Generated pages: real pages are linted; `.so' links must name a real page.
for page in "$man3"/*.3; do
  first=$(head -n 1 "$page")
  case $first in
    .so\ man3/*)
      target=$man3/${first#.so man3/}
      if test "$(wc -l < "$page")" -ne 1 || ! test -f "$target" || head -n 1 "$target" | grep -q '^\.so'; then
        echo "FAIL: $page: a .so link must be one line naming a real page ($first)"; status=1
      fi ;;
    *) lint "$page" ;;
  esac
done

# The exported symbols, and each one's prototype as the header declares it.
if ! test -f "$so"; then
  echo "FAIL: $so not built"; exit 1
fi
$NM -D --defined-only "$so" | awk 'NF >= 3 && $2 ~ /^[TDBRVW]$/ { sub(/@.*/, "", $3); print $3 }' \
  | grep '^ag_' | sort -u > "$tmp/syms"
test -s "$tmp/syms" || { echo "FAIL: nm -D found no ag_ symbol in $so"; exit 1; }
# normalize: one line, single spaces, no space next to punctuation.
normalize() { tr '\n\t' '  ' | sed -e 's/  */ /g' -e 's/ *\([^A-Za-z0-9_ ]\) */\1/g' -e 's/^ //; s/ $//'; }
awk '/^AG_API/ { p = 1; buf = "" } p { buf = buf " " $0 } p && /;/ { print buf; p = 0 }' "$header" \
  | sed 's/^ *AG_API *//' > "$tmp/protos"
nsyms=0
while read -r sym; do
  nsyms=$((nsyms + 1))
  proto=$(grep -E "[^A-Za-z0-9_]$sym *\(" "$tmp/protos" | head -n 1 | normalize)
  if test -z "$proto"; then
    echo "FAIL: $sym is exported but has no AG_API prototype in $header"; status=1; continue
  fi
  page=$man3/$sym.3
  if ! test -f "$page"; then
    echo "FAIL: no man page $page for the exported $sym"; status=1; continue
  fi
  first=$(head -n 1 "$page")
  case $first in .so\ man3/*) page=$man3/${first#.so man3/} ;; esac
  syn=$(LC_ALL=C "$GROFF" -man -Tascii -P-cbou -rLL=250n "$page" 2>/dev/null \
        | sed -n '/^SYNOPSIS/,/^DESCRIPTION/p' | normalize)
  case $syn in
    *"$proto"*) ;;
    *) echo "FAIL: the SYNOPSIS of $page lacks the prototype of $sym:"
       echo "  header:   $proto"; echo "  SYNOPSIS: $syn"; status=1 ;;
  esac
done < "$tmp/syms"

echo "checked $checked pages (groff -ww${have_mandoc:+, mandoc -Tlint: $have_mandoc}, lexgrog: $have_lexgrog);" \
     "$nsyms exported symbols have a man3 page with their prototype"
exit $status
