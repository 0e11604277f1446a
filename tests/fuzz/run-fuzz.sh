#!/bin/sh
# SPDX-License-Identifier: MIT
# run-fuzz.sh -- builds every fuzz target with clang's libFuzzer (ASan and
# UBSan, the library compiled in with coverage instrumentation) and runs
# each for a bounded time from the committed seed corpus.  `make fuzz' calls
# it; so does .ci/run (FUZZ_SECONDS=60).
#
#   run-fuzz.sh SRCDIR OUTDIR SECONDS "LIB SOURCES" TARGET...
#
# New inputs found go to OUTDIR/corpus-TARGET (never into the source tree);
# a crash, a leak, a sanitizer report or a broken invariant (abort) leaves
# OUTDIR/TARGET-crash-* (or -leak-, -timeout-, -oom-) and fails that target.
# OUTDIR/results gets one line per target: "PASS|FAIL TARGET EXECS".
# Exit status: 0 when every target passed.  FUZZ_CC (default clang) is the
# compiler; FUZZ_FLAGS adds libFuzzer flags (e.g. -jobs=2).
set -u
src=$1 out=$2 seconds=$3 lib_sources=$4
shift 4
cc=${FUZZ_CC:-clang}
mkdir -p "$out" || exit 1
out=$(cd "$out" && pwd)
: > "$out/results"

san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cflags="-std=c11 -g -O1 $san -I$src/include -I$src/lib"

if ! echo 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; return (int)n * 0; }' \
     > "$out/probe.c" ||
   ! $cc $cflags -fsanitize=fuzzer "$out/probe.c" -o "$out/probe" 2> "$out/probe.log"; then
  echo "run-fuzz: $cc cannot build libFuzzer targets (apt-get install clang libclang-rt-14-dev):"
  cat "$out/probe.log"
  exit 2
fi

echo "run-fuzz: building the library with $cc -fsanitize=fuzzer-no-link"
objs=
for f in $lib_sources; do
  case $f in *.c) ;; *) continue;; esac
  o=$out/lib-$(echo "$f" | tr '/' '_' | sed 's/\.c$/.o/')
  $cc $cflags -fsanitize=fuzzer-no-link -c "$src/$f" -o "$o" || exit 1
  objs="$objs $o"
done
rm -f "$out/libag-fuzz.a"
ar rcs "$out/libag-fuzz.a" $objs || exit 1

status=0
for t in "$@"; do
  echo "run-fuzz: $t for ${seconds}s"
  if ! $cc $cflags -fsanitize=fuzzer "$src/tests/fuzz/fuzz_$t.c" "$out/libag-fuzz.a" \
         -lpthread -lm -o "$out/fuzz_$t"; then
    echo "FAIL $t 0" >> "$out/results"; status=1; continue
  fi
  mkdir -p "$out/corpus-$t"
  # Solution files of real variants are ~100 MB: keep inputs small.
  # shellcheck disable=SC2086
  ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
  UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
    "$out/fuzz_$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 \
      -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/$t-" ${FUZZ_FLAGS:-} \
      "$out/corpus-$t" "$src/tests/fuzz/corpus/$t" > "$out/$t.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log" | tail -1)
  if test $rc -eq 0; then
    echo "PASS $t ${execs:-0}" >> "$out/results"
    echo "run-fuzz: $t: ${execs:-0} runs, no failure"
  else
    echo "FAIL $t ${execs:-0}" >> "$out/results"
    echo "run-fuzz: $t FAILED (exit $rc), log $out/$t.log:"
    grep -B2 -A40 'ERROR\|invariant failed\|runtime error' "$out/$t.log" | head -80
    status=1
  fi
done
exit $status
