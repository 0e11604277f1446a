#!/bin/sh
# SPDX-License-Identifier: MIT
# check-examples.sh -- the documented examples work as printed:
#  * the C program of README.md ("A complete program") and the EXAMPLE of
#    ancientgames(7) are extracted, compiled with -Wall -Wextra -Werror
#    against the build tree's library and run (exit 0, some output); the
#    README's program plays every game (ag-play --list) to its end;
#  * the README's Python snippet, the Python loop of ancientgames(7) and
#    examples/python/*.py run briefly
#    through the build tree's library (random_game.py for every game,
#    play.py for every game with a few typed moves and then end of input).
# Exits 77 (skip) when the shared library is not built; the Python part is
# skipped (the C part still runs) when configure found no Python.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}" "${AG_SAN_FLAGS:=}"
so=$top_builddir/lib/.libs/libancientgames.so
test -f "$so" || { echo "SKIP: $so not built (static-only build?)"; exit 77; }
libdir=$(cd "$top_builddir/lib/.libs" && pwd)
play=$top_builddir/examples/ag-play
games=$("$play" --list) && test -n "$games" || { echo "FAIL: ag-play --list failed"; exit 1; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-examples.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0

# The first ```c block after "## A complete program" in README.md.
sed -n '/^## A complete program/,/^## /p' "$top_srcdir/README.md" \
  | sed -n '/^```c$/,/^```$/p' | sed '1d;$d' > "$tmp/readme.c"
# The .nf/.fi block of the EXAMPLE section of ancientgames(7), unescaped.
sed -n '/^\.SH EXAMPLE/,/^\.SH /p' "$top_srcdir/man/ancientgames.7" \
  | sed -n '/^\.nf$/,/^\.fi$/p' | sed '1d;$d' \
  | sed -e 's/\\e/\\/g' -e 's/\\-/-/g' -e 's/\\&//g' > "$tmp/man7.c"

for prog in readme man7; do
  src=$tmp/$prog.c
  if ! grep -q 'int main' "$src"; then
    echo "FAIL: no C program extracted for $prog"; status=1; continue
  fi
  # shellcheck disable=SC2086
  if ! $CC -std=c11 -Wall -Wextra -Werror $AG_SAN_FLAGS -I"$top_srcdir/include" \
         -o "$tmp/$prog" "$src" -L"$libdir" -lancientgames -Wl,-rpath,"$libdir"; then
    echo "FAIL: the $prog example does not compile:"; cat -n "$src"; status=1; continue
  fi
  if test $prog = readme; then
    # The README's program plays any game (its argument) to the end: every
    # game, with its decision, chance and simultaneous nodes.
    for game in $games; do
      if ! "$tmp/$prog" "$game" > "$tmp/$prog.out" 2>&1 ||
         ! tail -n 1 "$tmp/$prog.out" | grep -q '^[0-9]* plies, winner: '; then
        echo "FAIL: the readme example did not play $game to its end:"
        tail -n 5 "$tmp/$prog.out"; status=1; continue
      fi
      echo "ok readme example, $game: $(tail -n 1 "$tmp/$prog.out")"
    done
    continue
  fi
  if ! "$tmp/$prog" > "$tmp/$prog.out" 2>&1 || ! test -s "$tmp/$prog.out"; then
    echo "FAIL: the $prog example failed or printed nothing:"; cat "$tmp/$prog.out"; status=1
    continue
  fi
  echo "ok $prog example: $(tail -n 1 "$tmp/$prog.out")"
done

py=${PYTHON:-python3}
if test "x$py" = "x:" || ! command -v "$py" >/dev/null 2>&1; then
  echo "no Python: the Python examples are not run"
  exit $status
fi
pyrun() {  # pyrun ARGS...: python with the build tree's library (ASan first if sanitizing)
  env ANCIENTGAMES_LIB="$so" PYTHONPATH="$top_srcdir/python" PYTHONDONTWRITEBYTECODE=1 \
    ${AG_PY_PRELOAD:-} "$py" "$@"
}

# README.md's Python snippet (the ```python block of "## Python").
sed -n '/^## Python/,/^## /p' "$top_srcdir/README.md" \
  | sed -n '/^```python$/,/^```$/p' | sed '1d;$d' > "$tmp/readme.py"
if ! grep -q 'import ancientgames' "$tmp/readme.py"; then
  echo "FAIL: no Python snippet extracted from README.md"; status=1
elif pyrun "$tmp/readme.py" > "$tmp/readme.py.out" 2>&1; then
  echo "ok README Python snippet"
else
  echo "FAIL: README.md's Python snippet:"; cat "$tmp/readme.py.out"; status=1
fi

# The Python loop of ancientgames(7)'s PYTHON section (its .nf/.fi block).
sed -n '/^\.SH PYTHON/,/^\.SH /p' "$top_srcdir/man/ancientgames.7" \
  | sed -n '/^\.nf$/,/^\.fi$/p' | sed '1d;$d' \
  | sed -e 's/^    //' -e 's/\\e/\\/g' -e 's/\\-/-/g' -e 's/\\&//g' > "$tmp/man7.py"
if ! grep -q 'import ancientgames' "$tmp/man7.py"; then
  echo "FAIL: no Python example extracted from ancientgames.7"; status=1
elif pyrun "$tmp/man7.py" > "$tmp/man7.py.out" 2>&1; then
  echo "ok ancientgames(7) Python example: $(tail -n 1 "$tmp/man7.py.out")"
else
  echo "FAIL: ancientgames(7)'s Python example:"; cat "$tmp/man7.py.out"; status=1
fi

for game in $games; do
  if pyrun "$top_srcdir/examples/python/random_game.py" "$game" 3 > "$tmp/out" 2>&1 \
     && test -s "$tmp/out"; then
    echo "ok random_game.py $game 3: $(tail -n 1 "$tmp/out")"
  else
    echo "FAIL: random_game.py $game 3:"; cat "$tmp/out"; status=1
  fi
  # A few moves typed by number, then end of input (play.py stops, exit 0).
  if printf '1\n1\n1\n1\n' | pyrun "$top_srcdir/examples/python/play.py" "$game" \
       --ai 'mcts(iterations=20)' > "$tmp/out" 2>&1; then
    echo "ok play.py $game (4 typed moves, then end of input)"
  else
    echo "FAIL: play.py $game:"; cat "$tmp/out"; status=1
  fi
done
exit $status
