#!/bin/sh
# SPDX-License-Identifier: MIT
# check-solve-progress.sh -- ag-solve's progress to a pipe (not a terminal)
# is the layer's progress line, a line of its own, repeatedly while a layer
# is solved (not only one line per finished layer): with --progress-every 0
# the first three "K hunters: P%, level L," lines are read from the pipe and
# the solve is then ended by SIGPIPE (about 20 s of one core).  Also the
# option's range (exit 2).  Nothing here is timed.
set -u
: "${top_builddir:=.}"
solve=$top_builddir/examples/ag-solve
test -x "$solve" || { echo "FAIL: $solve not built"; exit 1; }
status=0
lines=$("$solve" "hare(hunters=10)" --threads 1 --progress-every 0 -o /dev/null 2>&1 >/dev/null \
        | grep -m 3 -E '^\[ *[0-9]+\.[0-9] s\] 10 hunters: +[0-9]+%, level [0-9]+, [0-9.]+% decided, ETA ')
n=$(printf '%s\n' "$lines" | grep -c 'hunters:')
if test "$n" -ne 3; then
  echo "FAIL: expected 3 progress lines on a pipe, got $n:"; printf '%s\n' "$lines"; status=1
else
  echo "ok: progress on a pipe:"; printf '%s\n' "$lines"
fi
for bad in -1 3601 x; do
  "$solve" hare --progress-every "$bad" > /dev/null 2>&1
  rc=$?
  if test $rc -ne 2; then echo "FAIL: --progress-every $bad: exit $rc, expected 2"; status=1; fi
done
exit $status
