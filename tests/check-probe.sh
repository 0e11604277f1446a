#!/bin/sh
# SPDX-License-Identifier: MIT
# check-probe.sh -- the determinism probe (tests/ag-probe) prints exactly
# tests/probe.expected, with the CPU's fast paths and with AG_CPU=generic
# (the plain ones): the same answers on every platform and every path.
# AG_PROBE_RUN names a command to run the probe through (a cross build's
# emulator: "qemu-aarch64 -L /usr/aarch64-linux-gnu", "wine"); AG_PROBE
# the probe itself (default: the build tree's).
#
# After a deliberate change of what the library computes, write the file anew
# with `tests/ag-probe > tests/probe.expected' and say why in the commit.
probe=${AG_PROBE:-$top_builddir/tests/ag-probe}
expected=$top_srcdir/tests/probe.expected
tmp=${TMPDIR:-/tmp}/check-probe.$$
trap 'rm -f "$tmp".*' EXIT
status=0
for cpu in native generic; do
  if test $cpu = generic; then AG_CPU=generic; export AG_CPU; else unset AG_CPU; fi
  # shellcheck disable=SC2086
  if ! $AG_PROBE_RUN "$probe" > "$tmp.out" 2> "$tmp.err"; then
    echo "FAIL: ag-probe (AG_CPU=$cpu) exited with an error:"; head -5 "$tmp.err"; status=1
  fi
  # Windows' C library may write CR LF: the bytes compared are the lines'.
  tr -d '\r' < "$tmp.out" > "$tmp.lf"
  if cmp -s "$tmp.lf" "$expected"; then
    echo "ok: ag-probe (AG_CPU=$cpu): $(wc -l < "$expected") lines as tests/probe.expected"
  else
    echo "FAIL: ag-probe (AG_CPU=$cpu) differs from tests/probe.expected (first differences):"
    diff "$expected" "$tmp.lf" | head -20
    status=1
  fi
done
exit $status
