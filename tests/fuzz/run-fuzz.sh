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
# compiler; FUZZ_FLAGS adds libFuzzer flags (e.g. -jobs=2).  FUZZ_JOBS
# (default: the number of CPUs) is how many compilers, and then how many
# targets, run at once: each target still gets SECONDS of one CPU, so the
# runs per target are those of a serial run, in 1/FUZZ_JOBS of the time.
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

jobs=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
case $jobs in ''|*[!0-9]*|0) jobs=1;; esac

echo "run-fuzz: building the library with $cc -fsanitize=fuzzer-no-link ($jobs at once)"
objs=
for f in $lib_sources; do
  case $f in *.c) ;; *) continue;; esac
  echo "$f"
done | xargs -P "$jobs" -I{} sh -c '
  o=$2/lib-$(echo "$1" | tr / _ | sed "s/\.c\$/.o/")
  exec $3 $4 -fsanitize=fuzzer-no-link -c "$5/$1" -o "$o"' sh {} "$out" "$cc" "$cflags" "$src" ||
  exit 1
for f in $lib_sources; do
  case $f in *.c) objs="$objs $out/lib-$(echo "$f" | tr '/' '_' | sed 's/\.c$/.o/')";; esac
done
rm -f "$out/libag-fuzz.a"
# shellcheck disable=SC2086
ar rcs "$out/libag-fuzz.a" $objs || exit 1

# fuzz_one TARGET: builds and runs one target; its verdict goes to
# OUTDIR/TARGET.result (gathered into OUTDIR/results in the given order).
fuzz_one() {
  t=$1
  if ! $cc $cflags -fsanitize=fuzzer "$src/tests/fuzz/fuzz_$t.c" "$out/libag-fuzz.a" \
         -lpthread -lm -o "$out/fuzz_$t"; then
    echo "FAIL $t 0" > "$out/$t.result"; return 1
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
    echo "PASS $t ${execs:-0}" > "$out/$t.result"
    echo "run-fuzz: $t: ${execs:-0} runs, no failure"
  else
    echo "FAIL $t ${execs:-0}" > "$out/$t.result"
    echo "run-fuzz: $t FAILED (exit $rc), log $out/$t.log:"
    grep -B2 -A40 'ERROR\|invariant failed\|runtime error' "$out/$t.log" | head -80
  fi
}

# Targets in waves of $jobs, each wave waited for as a whole.
status=0
set -- "$@"
while test $# -gt 0; do
  n=0
  while test $# -gt 0 && test $n -lt "$jobs"; do
    echo "run-fuzz: $1 for ${seconds}s"
    rm -f "$out/$1.result"
    fuzz_one "$1" &
    eval "wave_$n=\$1"
    n=$((n + 1)); shift
  done
  wait
  i=0
  while test $i -lt $n; do
    eval "t=\$wave_$i"
    if test -s "$out/$t.result"; then cat "$out/$t.result" >> "$out/results"
    else echo "FAIL $t 0" >> "$out/results"; fi
    grep -q '^PASS ' "$out/$t.result" 2>/dev/null || status=1
    i=$((i + 1))
  done
done
exit $status
