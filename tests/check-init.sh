#!/bin/sh
# SPDX-License-Identifier: MIT
# check-init.sh -- AG_CONTROL_INIT, AG_ANALYSIS_INIT and AG_MARK_INIT initialise every field:
# a program using them compiles silently with -Wall -Wextra -Werror (which
# includes -Wmissing-field-initializers, so a field appended to the struct but
# not to its initialiser fails here) as C89, C99 and C++98/C++11, and at run
# time the size is the struct's and every other byte of the struct is zero.
set -u
: "${top_srcdir:=.}" "${CC:=cc}" "${CXX:=c++}"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-init.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/init.c" <<'PROG'
#include <string.h>
#include <ancientgames.h>

/* 1 when the bytes of each field after size are zero (padding may hold anything). */
static int rest_zero(const void *p, size_t from, size_t to)
{
  const unsigned char *b = (const unsigned char *)p;
  size_t i;
  for (i = from; i < to; i++)
    if (b[i]) return 0;
  return 1;
}

int main(void)
{
  ag_control ctl = AG_CONTROL_INIT;
  ag_analysis an = AG_ANALYSIS_INIT;
  ag_mark mk = AG_MARK_INIT;
  if (ctl.size != sizeof ctl || ctl.stop || ctl.poll || ctl.user) return 1;
  if (an.size != sizeof an || an.player || an.best || an.value != 0.0 || an.proven ||
      an.distance || an.depth || an.work || an.elapsed_us || an.line_len || an.num_moves)
    return 2;
  if (!rest_zero(&an.num_moves, 0, sizeof an.num_moves)) return 3;
  if (mk.size != sizeof mk || mk.kind || mk.shape || mk.node || mk.x0 != 0.0 || mk.y0 != 0.0 ||
      mk.x1 != 0.0 || mk.y1 != 0.0 || mk.r != 0.0 || mk.points || mk.num_points || mk.text)
    return 4;
  return 0;
}
PROG
cp "$tmp/init.c" "$tmp/init.cc"
status=0
run() {
  what=$1; shift
  if ! "$@" -Wall -Wextra -Werror -pedantic -I"$top_srcdir/include" -o "$tmp/init" 2> "$tmp/err"; then
    echo "FAIL: $what: the initialisers do not compile silently:"; cat "$tmp/err"; status=1; return
  fi
  if ! "$tmp/init"; then echo "FAIL: $what: a field is not initialised ($?)"; status=1; return; fi
  echo "ok $what"
}
run "C89" $CC -std=c89 "$tmp/init.c"
run "C99" $CC -std=c99 "$tmp/init.c"
if command -v "$CXX" > /dev/null 2>&1; then
  run "C++98" $CXX -std=c++98 "$tmp/init.cc"
  run "C++11" $CXX -std=c++11 "$tmp/init.cc"
else
  echo "note: no C++ compiler ($CXX): C++ not checked"
fi
exit $status
