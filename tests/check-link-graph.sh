#!/bin/sh
# SPDX-License-Identifier: MIT
# check-link-graph.sh -- the library's files form a DAG (issue 28, item 3).
#
# An edge A -> B when an object of lib/ leaves a symbol undefined that another
# object of lib/ defines: A needs B to link.  A cycle means two files that
# cannot be understood, tested or replaced one without the other; the test
# fails on a cycle and prints each one its depth-first search meets (at
# least one per knot of files) with the symbols that make each of its edges.  `--print' (or AG_LINK_GRAPH=print) also lists every
# edge, for a review or a before/after figure.
#
# Objects: the libtool PIC objects (lib/**/.libs/*.o) of the build tree, or
# the plain ones (lib/**/*.o) of a static-only build.  Symbols through the
# games' vtables (function pointers) are data, not edges: the core calls a
# game without naming it, which is the point.
set -eu
builddir=${top_builddir:-.}
NM=${NM:-nm}
print=${AG_LINK_GRAPH:-}
test "${1:-}" = --print && print=print

objs=$(find "$builddir/lib" -path '*/.libs/*.o' -type f 2>/dev/null | sort)
test -n "$objs" || objs=$(find "$builddir/lib" -name '*.o' -type f ! -path '*/.libs/*' | sort)
if test -z "$objs"; then
  echo "check-link-graph: no objects under $builddir/lib (build the library first)" >&2
  exit 1
fi
n=$(printf '%s\n' "$objs" | wc -l)
# The objects of the check programs that link the library's objects are under
# tests/, never lib/; libtool's objects of lib/ are the library only.
for o in $objs; do
  # The file's name, as its source is named: lib/ai/.libs/players.o -> lib/ai/players.
  name=$(printf '%s\n' "$o" | sed -e "s|^$builddir/||" -e 's|/\.libs/|/|' -e 's|\.o$||')
  $NM -P "$o" | awk -v f="$name" '$2 == "U" || $2 == "w" { print "U", f, $1; next }
                                 $2 ~ /^[A-TV-Z]$/ { print "D", f, $1 }'
done | awk -v print_edges="$print" -v nobj="$n" '
  $1 == "D" { def[$3] = $2; next }
  { und[++nu] = $2 " " $3 }
  END {
    for (i = 1; i <= nu; i++) {
      split(und[i], p, " ")
      if (!(p[2] in def) || def[p[2]] == p[1]) continue
      e = p[1] SUBSEP def[p[2]]
      if (!(e in why)) { why[e] = p[2]; out[p[1]] = out[p[1]] " " def[p[2]]; ne++ }
      else if (length(why[e]) < 60) why[e] = why[e] ", " p[2]
    }
    if (print_edges == "print")
      for (e in why) { split(e, q, SUBSEP); printf "  %s -> %s (%s)\n", q[1], q[2], why[e] | "sort" }
    close("sort")
    # Depth-first search, iterative: colour 1 on the path, 2 done.
    for (v in out) {
      if (colour[v]) continue
      top = 1; stack[1] = v; idx[1] = 0; colour[v] = 1
      while (top > 0) {
        u = stack[top]; m = split(out[u], succ, " ")
        if (idx[top] >= m) { colour[u] = 2; top--; continue }
        w = succ[++idx[top]]
        if (colour[w] == 1) {
          line = w
          for (k = top; k >= 1 && stack[k] != w; k--) ;
          for (j = k; j <= top; j++) {
            nxt = j < top ? stack[j + 1] : w
            line = line " -> " nxt
            detail = detail sprintf("  %s -> %s: %s\n", stack[j], nxt, why[stack[j] SUBSEP nxt])
          }
          printf "check-link-graph: FAIL: cycle %s\n%s", line, detail
          detail = ""
          bad++
          continue
        }
        if (!colour[w]) { colour[w] = 1; stack[++top] = w; idx[top] = 0 }
      }
    }
    if (bad) { printf "check-link-graph: %d objects, %d edges, %d cycle(s)\n", nobj, ne, bad; exit 1 }
    printf "check-link-graph: %d objects, %d edges, no cycle\n", nobj, ne
  }'
