#!/bin/sh
# SPDX-License-Identifier: MIT
# check-svg.sh -- ag-svg draws every registered game as well-formed SVG with
# exactly one element of class "node" per node of the game, named like the
# node, at the initial position and after a few plies; and the README's board
# pictures doc/GAME.svg are exactly what `ag-svg GAME' draws now.
#
# The game list, the node names and the played positions come from the
# Python binding (ag_game_count()/ag_game_name_at()), so a newly registered
# game is checked without editing this file.
# Needs python3 (xml.etree); exits 77 (skip) without it.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
svg=$top_builddir/examples/ag-svg
lib=$top_builddir/lib/.libs/libancientgames.so
py=${PYTHON:-python3}
test "x$py" = "x:" && py=python3          # configure found no Python

if ! command -v "$py" >/dev/null 2>&1; then
  echo "SKIP: no python3 to parse the SVG"; exit 77
fi
test -x "$svg" || { echo "FAIL: $svg not built"; exit 1; }

tmp=${TMPDIR:-/tmp}/check-svg.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT

# Every game name and, per game, its node names and a position a few plies in.
env ANCIENTGAMES_LIB="$lib" PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 ${AG_PY_PRELOAD:-} "$py" - "$tmp" <<'PY' || exit 1
import os, sys
import ancientgames as ag
out = sys.argv[1]
with open(os.path.join(out, "games"), "w") as f:
    for name in ag.game_names():
        g = ag.Game(name)
        st, rng = g.new_state(), ag.Rng(11)
        while st.ply < 12 and not st.is_terminal:
            p = st.current_player
            if p == ag.AG_PLAYER_SIMULTANEOUS:
                st.apply_joint([rng.choice(st.legal_moves(q)) for q in range(g.num_players)])
            elif p == ag.AG_PLAYER_CHANCE:
                st.apply(st.sample_chance(rng))
            else:
                st.apply(rng.choice(st.legal_moves()))
        f.write(name + "\n")
        with open(os.path.join(out, name + ".nodes"), "w") as n:
            n.write("\n".join(node.name for node in g.nodes) + "\n")
        with open(os.path.join(out, name + ".position"), "w") as n:
            n.write(st.to_text())
PY

status=0
count=0
for game in $(cat "$tmp/games"); do
  for which in initial played; do
    out=$tmp/$game-$which.svg
    if test $which = initial; then
      "$svg" "$game" -o "$out"
    else
      "$svg" "$game" --position "$(cat "$tmp/$game.position")" -o "$out"
    fi || { echo "FAIL: ag-svg $game ($which) exited $?"; status=1; continue; }
    "$py" - "$out" "$tmp/$game.nodes" <<'PY' || { echo "FAIL: $game ($which)"; status=1; }
import sys
import xml.etree.ElementTree as ET
svg, nodes_file = sys.argv[1], sys.argv[2]
root = ET.parse(svg).getroot()                  # raises on ill-formed XML
assert root.tag == "{http://www.w3.org/2000/svg}svg", root.tag
names = [l for l in open(nodes_file).read().split("\n") if l]
marked = [e.get("data-name") for e in root.iter()
          if "node" in (e.get("class") or "").split()]
if sorted(marked) != sorted(names):
    extra = sorted(set(marked) - set(names)) + [n for n in set(marked) if marked.count(n) > 1]
    print("%s: %d node elements for %d nodes; extra/duplicate %s, missing %s" % (
        svg, len(marked), len(names), extra, sorted(set(names) - set(marked))))
    sys.exit(1)
pieces = [e for e in root.iter() if e.get("class") == "piece"]
if not pieces:
    print("%s: no pieces drawn" % svg)
    sys.exit(1)
PY
    count=$((count + 1))
  done
done
test $count -gt 0 || { echo "FAIL: no game drawn"; status=1; }

# The committed pictures (README.md, "The boards"): regenerate them with
# `ag-svg GAME -o doc/GAME.svg' after a drawing change.  Other pictures in
# doc/ (the variant lab's charts, doc/lab-*.svg) are not board drawings.
for doc in "$top_srcdir"/doc/*.svg; do
  test -f "$doc" || continue
  game=$(basename "$doc" .svg)
  case $game in lab-*) continue;; esac
  if ! "$svg" "$game" -o "$tmp/doc-$game.svg"; then
    echo "FAIL: ag-svg $game (for $doc) exited $?"; status=1; continue
  fi
  if cmp -s "$doc" "$tmp/doc-$game.svg"; then
    echo "ok $doc is what ag-svg $game draws"
  else
    echo "FAIL: $doc differs from \`ag-svg $game' (regenerate: ag-svg $game -o $doc)"; status=1
  fi
done
echo "checked $count drawings"
exit $status
