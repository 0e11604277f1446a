#!/bin/sh
# SPDX-License-Identifier: MIT
# check-cli.sh -- every program's command line as its man page says: -h/--help
# prints the usage on stdout and exits 0, --version names the program and the
# library's version, bad usage (unknown option, missing value, a number that is
# not one, wrong operands) exits 2 with a message naming the option and the
# usage on stderr and nothing on stdout, and runtime errors exit 1.
# Plain runs with redirected output (ag-play's interactive paths are in
# tests/check-play.py, through a pseudo-terminal).
status=0
ex=$top_builddir/examples
tmp=${TMPDIR:-/tmp}/check-cli.$$
trap 'rm -f "$tmp".*' EXIT

# expect CODE PATTERN PROGRAM ARGS...: exit status CODE, and PATTERN (a grep -E
# regex, may be empty) in stderr for CODE != 0 or in stdout for CODE 0.
# For 2, the usage must be on stderr and stdout empty.
expect() {
  code=$1 pattern=$2; shift 2
  prog=$1; shift
  "$ex/$prog" "$@" > "$tmp.out" 2> "$tmp.err" < /dev/null
  rc=$?
  what="$prog $*"
  if test "$rc" != "$code"; then
    echo "FAIL: $what: exit $rc, expected $code"; sed 's/^/  stderr: /' "$tmp.err" | head -5
    status=1; return
  fi
  if test "$code" = 0; then where=$tmp.out; else where=$tmp.err; fi
  if test -n "$pattern" && ! grep -Eq -- "$pattern" "$where"; then
    echo "FAIL: $what: no /$pattern/ in its output:"; head -5 "$where"; status=1; return
  fi
  if test "$code" = 2; then
    grep -q '^usage: ' "$tmp.err" || { echo "FAIL: $what: no usage on stderr"; status=1; return; }
    test -s "$tmp.out" && { echo "FAIL: $what: wrote to stdout on bad usage"; status=1; return; }
  fi
  echo "ok $code $what"
}

version=$(sed -n 's/^#define AG_VERSION_MAJOR *\([0-9]*\).*/\1/p' "$top_srcdir/include/ancientgames.h").$(sed -n 's/^#define AG_VERSION_MINOR *\([0-9]*\).*/\1/p' "$top_srcdir/include/ancientgames.h")

for prog in ag-perft ag-svg ag-solve ag-play; do
  expect 0 '^usage: '"$prog" $prog --help
  expect 0 '^usage: '"$prog" $prog -h
  expect 0 "^$prog \\(liboldgames\\) $version\\." $prog --version
  expect 0 "^libancientgames $version\\." $prog --version
  expect 2 "unknown option '--no-such-option'" $prog --no-such-option
  expect 2 "unknown option '-Z'" $prog -Z
  expect 2 "option '--help' takes no value" $prog --help=yes
  expect 2 "" $prog
done

# ag-perft SPEC DEPTH [--position TEXT]
expect 0 '^perft 2 40$' ag-perft hare 2
expect 0 '^perft 1 6$' ag-perft --position='...../...../..O../XXXXX/XXXXX X - 0' hare 1
expect 0 '^perft 1 6$' ag-perft hare 1 --position '...../...../..O../XXXXX/XXXXX X - 0'
expect 0 '^perft 1 6$' ag-perft hare 1 -p '...../...../..O../XXXXX/XXXXX X - 0'
expect 2 "DEPTH 'abc': not a whole number" ag-perft hare abc
expect 2 "DEPTH '2x': not a whole number" ag-perft hare 2x
expect 2 "DEPTH ' 2': not a whole number" ag-perft hare ' 2'
expect 2 "DEPTH '99999999999999999999': not a whole number" ag-perft hare 99999999999999999999
expect 2 "unknown option '-5'" ag-perft hare -5
expect 2 "expected SPEC and DEPTH, got 1 argument" ag-perft hare
expect 2 "expected SPEC and DEPTH, got 3 arguments" ag-perft hare 1 2
expect 2 "option '--position' needs a value" ag-perft hare 1 --position
expect 1 'ag-perft: .*' ag-perft no_such_game 1
expect 1 'ag-perft: .*' ag-perft hare 1 --position 'not a position'

# ag-svg SPEC [--position TEXT] [-o FILE]
expect 0 '^<svg ' ag-svg hare
expect 0 'hunters=11' ag-svg 'hare(hunters=11)' --position='...../...../..O../XXXXX/XXXXX X - 0'
expect 2 "expected one SPEC, got 0 arguments" ag-svg
expect 2 "expected one SPEC, got 2 arguments" ag-svg hare hare
expect 2 "option '-o' needs a value" ag-svg hare -o
expect 1 'ag-svg: .*' ag-svg no_such_game
expect 1 'ag-svg: /nonexistent-dir/x.svg: ' ag-svg hare -o /nonexistent-dir/x.svg
expect 0 '' ag-svg hare --output="$tmp.svg"
grep -q '</svg>' "$tmp.svg" || { echo "FAIL: ag-svg --output=FILE wrote no SVG"; status=1; }

# ag-solve SPEC [-o FILE] [-i FILE] [--threads N] [--quiet]  (no solve: too slow here)
expect 2 "--threads 'abc': not a whole number from 0 to 64" ag-solve hare --threads abc
expect 2 "--threads '-1': not a whole number" ag-solve hare --threads=-1
expect 2 "--threads '65': not a whole number" ag-solve hare -t 65
expect 2 "--threads '2x': not a whole number" ag-solve hare --threads 2x
expect 2 "expected one SPEC, got 2 arguments" ag-solve hare hare
expect 2 "option '--input' needs a value" ag-solve hare --input
expect 1 'only the hare hunt' ag-solve liubo_sticks -q
expect 1 'ag-solve: .*' ag-solve no_such_game
echo 'not a solution' > "$tmp.sol"
expect 1 'ag-solve: .*' ag-solve hare -i "$tmp.sol"
expect 1 'ag-solve: .*' ag-solve hare -i /nonexistent-dir/x.sol

# ag-play SPEC [options] (plain runs; the interactive paths are check-play.py's)
expect 0 '^hare$' ag-play --list
expect 0 '^liubo_sticks$' ag-play -l
expect 2 "--list takes no SPEC" ag-play --list hare
expect 2 "expected one SPEC, got 0 arguments" ag-play
expect 2 "expected one SPEC, got 2 arguments" ag-play hare hare
expect 2 "--seed 'abc': not a whole number" ag-play hare --seed abc
expect 2 "--seed '-1': not a whole number" ag-play hare --seed=-1
expect 2 "--seed '18446744073709551616': not a whole number" ag-play hare --seed 18446744073709551616
expect 2 "--games 'abc': not a whole number" ag-play hare --p0 random --p1 random --games abc
expect 2 "--games '0': not a whole number" ag-play hare --p0 random --p1 random --games 0
expect 2 "--games '3x': not a whole number" ag-play hare --p0 random --p1 random --games 3x
expect 2 "--max-plies '-5': not a whole number" ag-play hare --max-plies -5
expect 2 "--max-plies '1.5': not a whole number" ag-play hare --max-plies 1.5
expect 2 "--jobs '0': not a whole number from 1 to 256" ag-play hare --p0 random --p1 random --games 2 -j 0
expect 2 "--jobs 'x': not a whole number" ag-play hare --p0 random --p1 random --games 2 --jobs x
expect 2 "--p0 'robot': a player is human, random or ai" ag-play hare --p0 robot
expect 2 "--p1 'AI': a player is human, random or ai" ag-play hare --p1 AI
expect 2 "--ai0 makes player 0 the computer, but --p0 says human" ag-play hare --p0 human --ai0 random
expect 2 "--games plays without a person" ag-play hare --games 2
expect 2 "--jobs plays several games: give --games too" ag-play hare -j 2
expect 2 "--load and --position both give the start" ag-play hare --load x --position y
expect 2 "--save keeps one game: not with --games" ag-play hare --p0 random --p1 random --games 2 --save x
expect 2 "option '--seed' needs a value" ag-play hare --seed
expect 1 'ag-play: no_such_game: ' ag-play no_such_game
expect 1 'ag-play: --position: ' ag-play hare --position 'not a position'
expect 1 'ag-play: /nonexistent-dir/x.rec: ' ag-play --load /nonexistent-dir/x.rec
expect 1 'ag-play: /nonexistent-dir/x.sol: ' ag-play hare --solution /nonexistent-dir/x.sol
echo 'not a record' > "$tmp.rec"
expect 1 'no \[Game "..."\] tag \(not a record\?\)' ag-play --load "$tmp.rec"
# The library reads the [Game] tag: not a [Gamer] tag nor a comment (strstr was fooled).
printf '[Gamer "hare"]\n; [Game "hare"]\n[Game "liubo_fingers"]\n' > "$tmp.rec"
expect 0 '^liubo_fingers\(' ag-play --load "$tmp.rec" --p0 random --p1 random -m 4 -q
expect 1 "ag-play: $tmp.rec: " ag-play hare --load "$tmp.rec"
printf '[Game "hare"]\n\n1. a1-a5\n' > "$tmp.rec"
expect 1 "ag-play: $tmp.rec: record line 3" ag-play --load "$tmp.rec"
expect 1 "ag-play: /nonexistent-dir/x.rec: " ag-play hare --p0 random --p1 random --save /nonexistent-dir/x.rec
# ag-solve tries its output before solving (it solved for minutes, then failed).
expect 1 '^ag-solve: /nonexistent-dir/x.sol: No such file or directory$' ag-solve 'hare(hunters=10)' -q -o /nonexistent-dir/x.sol
# A NUL byte would end the record in silence (the library reads to the first
# NUL): refused with its place.  A byte order mark at the start is skipped.
printf '[Game "hare"]\n\n1. b2-b3\000 2. nonsense\n' > "$tmp.rec"
expect 1 "^ag-play: $tmp.rec: record line 3, byte 23: a NUL byte \(a record is text\)\$" ag-play --load "$tmp.rec"
printf '\357\273\277[Game "liubo_fingers"]\n' > "$tmp.rec"
expect 0 '^liubo_fingers\(' ag-play --load "$tmp.rec" --p0 random --p1 random -m 4 -q
# A whole game, then its record reloaded, with --opt=value forms.
expect 0 '^result: .* after [0-9]+ plies$' ag-play hare --p0=random --p1=random --seed=3 --quiet --save="$tmp.rec"
expect 0 '^result: .* after [0-9]+ plies$' ag-play --load="$tmp.rec" --quiet
expect 0 '^result: no result yet: stopped by --max-plies after 10 plies$' ag-play liubo_sticks --p0 random --p1 random -m 10 -q
expect 0 '^games: 3$' ag-play hare --ai0 'mcts(iterations=20)' --ai1 random --games 3 -j 2

exit $status
