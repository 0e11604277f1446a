#!/bin/sh
# SPDX-License-Identifier: MIT
# check-complexity.sh -- every text reader costs work linear in its input
# (issue 27, D12: reading a record's tags was quadratic).  Work is counted,
# never timed: callgrind's instruction count of tests/complexity_driver at
# n, 2n, 4n and 8n.  The fixed cost (start-up, the game) cancels in the
# differences d1 = I(2n)-I(n), d2 = I(4n)-I(2n), d3 = I(8n)-I(4n): linear
# work doubles them (ratio 2), quadratic work quadruples them; a ratio above
# 2.6 fails.  ag_state_set_tag and ag_state_tag find a name through the
# state's hash set: n new tags (each read back, then a replacement) and a
# record's n tags each read back cost linear work too.  A state
# and a record hold at most 1024 program tags: those two run at n <= 128.
# AG_COMPLEXITY_N (default 128) sets n; CI runs a larger n.
# Exit 77 without valgrind or in a sanitizer build.
set -u
: "${top_builddir:=.}" "${AG_COMPLEXITY_N:=128}"
command -v valgrind >/dev/null 2>&1 || { echo "SKIP: valgrind not found"; exit 77; }
test -z "${AG_SAN_FLAGS:-}" || { echo "SKIP: sanitizer build"; exit 77; }
drv=$top_builddir/tests/complexity_driver
test -x "$drv" || { echo "FAIL: $drv not built"; exit 1; }
status=0

# count READER N: instructions of one run (through libtool: the uninstalled library)
count() {
  "$top_builddir/libtool" --mode=execute valgrind --tool=callgrind \
    --callgrind-out-file=/dev/null "$drv" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

n=$AG_COMPLEXITY_N
for reader in record-tags set-tag record-comments spec position move solution; do
  m=$n
  case $reader in *tag*) test $((8 * m)) -gt 1024 && m=128;; esac   # at most 1024 tags
  a=$(count $reader $m) b=$(count $reader $((2 * m)))
  c=$(count $reader $((4 * m))) d=$(count $reader $((8 * m)))
  if test -z "$a" || test -z "$b" || test -z "$c" || test -z "$d"; then
    echo "FAIL: $reader: no instruction count"; status=1; continue
  fi
  # ratios d2/d1 and d3/d2, in hundredths; a difference below 2000
  # instructions is noise (the reader refused the input at once)
  verdict=$(awk -v a="$a" -v b="$b" -v c="$c" -v d="$d" 'BEGIN {
    d1 = b - a; d2 = c - b; d3 = d - c; worst = 0
    if (d1 > 2000 && d2 / d1 > worst) worst = d2 / d1
    if (d2 > 2000 && d3 / d2 > worst) worst = d3 / d2
    printf "%.2f %s", worst, (worst > 2.6 ? "FAIL" : "ok") }')
  echo "$reader: n=$m instructions $a $b $c $d; worst doubling ratio of the differences ${verdict% *}: ${verdict#* }"
  test "${verdict#* }" = ok || status=1
done
exit $status
