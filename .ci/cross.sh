#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/cross.sh -- every platform a game ships on, from this x86-64 machine:
# builds the library, the programs and the determinism probe with
# --enable-werror for
#   clang    x86-64 Linux with clang (native)
#   i686     i686-linux-gnu (Debian's gcc-i686-linux-gnu), run natively
#            through the cross loader where the kernel runs 32-bit code
#            (every Check suite, Debian's check:i386), else under qemu-i386
#            linked static (the cheap suites)
#   aarch64  aarch64-linux-gnu, run under qemu-aarch64
#   s390x    s390x-linux-gnu (big-endian), run under qemu-s390x
#   windows  x86_64-w64-mingw32 (mingw-w64), run under wine: the DLL's
#            export table must be exactly lib/libancientgames.map's
#            functions, and a program linked with the static library
#            (AG_STATIC) prints the same probe as one linked with the DLL
# and runs tests/check-probe.sh for each: tests/ag-probe must print
# tests/probe.expected byte for byte (with the fast paths and with
# AG_CPU=generic).  The Check suites run under emulation are the cheap ones
# (AG_CROSS_SUITES); natively, every i686 one runs.
#
# Usage: .ci/cross.sh [TARGET...]   (default: all five)
#   AG_NO_APT=1  do not apt-get install the cross tools (print what lacks)
# Ends with `N passed, N failed' (one result per build, per probe run, per
# Check suite, per DLL check) and exits non-zero on a failure.
# Works on a copy of the tracked sources in _build-cross/src (so that an
# in-tree configured checkout does not stop the out-of-tree builds).
# Cost on an idle 2-core machine: about 10 minutes (apt-get aside).
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
top=$(pwd)
out=${AG_CROSS_OUT:-$top/_build-cross}   # AG_CROSS_OUT: another directory (runs side by side)
jobs=$(nproc 2>/dev/null || echo 2)
export DEBIAN_FRONTEND=noninteractive
targets=("$@")
test ${#targets[@]} -gt 0 || targets=(clang i686 aarch64 s390x windows)
# Cheap Check suites for the emulated targets (all of them run for i686).
suites_emulated=${AG_CROSS_SUITES:-"check_core check_errors check_record check_tensor check_liubo_sticks check_abi_values"}

passed=0
failed=0
failures=()
t0=$(date +%s)
say() { echo "=== [cross $(( $(date +%s) - t0 ))s] $*"; }
ok() { passed=$((passed + 1)); say "ok: $*"; }
bad() { failed=$((failed + 1)); failures+=("$*"); say "FAILED: $*"; }

# ---- tools
want_pkgs=(clang gcc-i686-linux-gnu gcc-aarch64-linux-gnu gcc-s390x-linux-gnu
           libc6-dev-i386-cross libc6-dev-arm64-cross libc6-dev-s390x-cross
           gcc-mingw-w64-x86-64 binutils-mingw-w64-x86-64 qemu-user wine wine64)
if test "$(id -u)" = 0 && test -z "${AG_NO_APT:-}"; then
  dpkg --print-foreign-architectures | grep -qx i386 || dpkg --add-architecture i386
  for attempt in 1 2 3; do
    if apt-get update -q >/dev/null &&
       apt-get install -y -q --no-install-recommends "${want_pkgs[@]}" \
         check:i386 libsubunit-dev:i386 >/dev/null; then
      break
    fi
    say "apt-get failed (attempt $attempt)"; sleep $((attempt * 5))
  done
fi

# ---- sources: the tracked and new files of the working tree, bootstrapped once
src=$out/src
rm -rf "$out" && mkdir -p "$src"
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$src"
if ! (cd "$src" && autoreconf -fi >"$out/autoreconf.log" 2>&1); then
  tail -20 "$out/autoreconf.log"; bad "autoreconf"
  echo "$passed passed, $failed failed"; exit 1
fi

map_functions() {
  sed -n 's/^[[:space:]]*\(ag_[a-z0-9_]*\);.*/\1/p' "$src/lib/libancientgames.map" | sort
}

# probe NAME RUNNER PROBE: tests/check-probe.sh for one target (at most
# AG_CROSS_PROBE_TIMEOUT seconds, default 300: a hang must not eat CI's hour).
probe() {
  local name=$1 runner=$2 prog=$3
  if AG_PROBE_RUN="$runner" AG_PROBE="$prog" top_srcdir="$src" \
       timeout "${AG_CROSS_PROBE_TIMEOUT:-300}" sh "$src/tests/check-probe.sh" \
       > "$out/$name-probe.log" 2>&1; then
    ok "$name probe ($(grep -c '^ok:' "$out/$name-probe.log") runs)"
  else
    cat "$out/$name-probe.log"; bad "$name probe"
  fi
}

# build NAME CONFIGURE-ARGS...: configures and builds in _build-cross/NAME.
build() {
  local name=$1; shift
  local b=$out/$name
  mkdir -p "$b"
  say "$name: configure $*"
  if ! (cd "$b" && "$src/configure" --enable-werror --disable-docs "$@" >configure.log 2>&1); then
    tail -30 "$b/configure.log"; bad "$name configure"; return 1
  fi
  say "$name: make"
  if ! nice make -C "$b" -j"$jobs" >"$b/make.log" 2>&1; then
    grep -E 'error|warning' "$b/make.log" | head -30; tail -10 "$b/make.log"; bad "$name build"; return 1
  fi
  ok "$name build (--enable-werror)"
}

# suites NAME RUNNER LIBDIR SUITE...: Check suites of a cross build (TAP lines
# on stdout, one result per suite).
suites() {
  local name=$1 runner=$2 libdir=$3; shift 3
  local b=$out/$name s
  # shellcheck disable=SC2086
  if ! nice make -C "$b" -j"$jobs" ${suite_make_args:-} $(printf 'tests/%s ' "$@") >"$b/check-build.log" 2>&1; then
    tail -20 "$b/check-build.log"; bad "$name Check suites build"; return
  fi
  for s in "$@"; do
    local exe=$b/tests/.libs/$s
    test -x "$exe" || exe=$b/tests/$s
    # shellcheck disable=SC2086
    if CK_DEFAULT_TIMEOUT=600 LD_LIBRARY_PATH=$libdir top_srcdir=$src top_builddir=$b \
         $runner "$exe" > "$b/$s.log" 2>&1 && ! grep -q '^not ok' "$b/$s.log"; then
      ok "$name $s ($(grep -c '^ok' "$b/$s.log") tests)"
    else
      grep '^not ok' "$b/$s.log" | head -5; tail -5 "$b/$s.log"; bad "$name $s"
    fi
  done
}

for t in "${targets[@]}"; do
  case $t in
  clang)
    command -v clang >/dev/null || { bad "clang: no clang"; continue; }
    build clang CC=clang --without-check || continue
    probe clang "" "$out/clang/tests/ag-probe"
    ;;
  i686)
    command -v i686-linux-gnu-gcc >/dev/null || { bad "i686: no i686-linux-gnu-gcc"; continue; }
    # The cross loader runs i686 code natively where the kernel has 32-bit
    # support (IA32 emulation); else qemu-i386.
    ld="/usr/i686-linux-gnu/lib/ld-linux.so.2 --library-path /usr/i686-linux-gnu/lib:/usr/lib/i386-linux-gnu"
    $ld --version >/dev/null 2>&1 ||
      ld="qemu-i386 -L /usr/i686-linux-gnu"
    checkargs=(--without-check)
    if test -f /usr/lib/i386-linux-gnu/pkgconfig/check.pc; then checkargs=(); fi
    build i686 --host=i686-linux-gnu --disable-shared \
      PKG_CONFIG_LIBDIR=/usr/lib/i386-linux-gnu/pkgconfig:/usr/share/pkgconfig \
      "${checkargs[@]}" || continue
    # The cross loader and C library, as the x86-64 kernel runs i686 code.
    say "i686: runner $ld"
    case $ld in
      qemu*)
        # Under qemu-i386 (a kernel without 32-bit support, as CI's) a
        # dynamically linked i686 program hangs in its first pthread_create
        # (Debian 12's qemu-user 7.2 with the cross glibc: a five-line
        # program that creates one thread hangs too, and the same program
        # linked -static runs).  So the probe and the suites run here linked
        # fully static (libtool's -all-static); the library is the same
        # static archive either way.
        rm -f "$out/i686/tests/ag-probe"
        if nice make -C "$out/i686" LDFLAGS=-all-static tests/ag-probe >"$out/i686/probe-static.log" 2>&1; then
          probe i686 "$ld" "$out/i686/tests/ag-probe"
        else
          tail -20 "$out/i686/probe-static.log"; bad "i686 static probe build"
        fi ;;
      *) probe i686 "$ld" "$out/i686/tests/ag-probe" ;;
    esac
    if test ${#checkargs[@]} = 0; then
      mapfile -t all < <(sed -n 's/^check_PROGRAMS += tests\/\(check_[a-z_0-9]*\)$/\1/p' "$src/Makefile.am")
      # Natively every suite; under qemu-i386 the cheap ones, linked static.
      case $ld in
        qemu*)
          # shellcheck disable=SC2086
          (cd "$out/i686/tests" && rm -f $suites_emulated)
          suite_make_args=LDFLAGS=-all-static suites i686 "$ld" "" $suites_emulated ;;
        *) suites i686 "$ld" "" "${all[@]}" ;;
      esac
    else
      say "i686: no check:i386, Check suites not run"
    fi
    ;;
  aarch64 | s390x)
    triple=$t-linux-gnu
    command -v "$triple-gcc" >/dev/null || { bad "$t: no $triple-gcc"; continue; }
    command -v "qemu-$t" >/dev/null || { bad "$t: no qemu-$t"; continue; }
    build "$t" --host="$triple" --disable-shared --without-check || continue
    probe "$t" "qemu-$t -L /usr/$triple" "$out/$t/tests/ag-probe"
    ;;
  windows)
    command -v x86_64-w64-mingw32-gcc >/dev/null || { bad "windows: no mingw-w64"; continue; }
    command -v wine >/dev/null || { bad "windows: no wine"; continue; }
    build windows --host=x86_64-w64-mingw32 --without-check || continue
    b=$out/windows
    dll=$b/lib/.libs/libancientgames-0.dll
    # The export table: exactly the version script's functions.
    x86_64-w64-mingw32-objdump -p "$dll" |
      awk '/^\[Ordinal\/Name Pointer\] Table/{on=1; next} on && /^$/{on=0} on {print $NF}' |
      sort > "$b/exports.txt"
    if test -s "$b/exports.txt" && diff <(map_functions) "$b/exports.txt" > "$b/exports.diff"; then
      ok "windows DLL exports the $(wc -l < "$b/exports.txt") functions of the map"
    else
      cat "$b/exports.diff"; bad "windows DLL exports"
    fi
    # Every program is there.
    missing=
    for p in ag-play ag-bench ag-solve ag-perft ag-svg; do
      test -f "$b/examples/.libs/$p.exe" || test -f "$b/examples/$p.exe" || missing="$missing $p"
    done
    if test -z "$missing"; then ok "windows programs built"; else bad "windows programs missing:$missing"; fi
    # The probe linked with the static library, AG_STATIC as pkg-config says.
    cflags=$(PKG_CONFIG_PATH=$b pkg-config --define-variable=includedir="$src/include" \
               --static --cflags liboldgames)
    # shellcheck disable=SC2086
    if x86_64-w64-mingw32-gcc -std=c11 -Wall -Wextra -Werror -D__USE_MINGW_ANSI_STDIO=1 $cflags \
         -o "$b/ag-probe-static.exe" "$src/tests/ag-probe.c" "$b/lib/.libs/libancientgames.a" \
         -static -lpthread -lm 2> "$b/static.log"; then
      ok "windows static probe build ($cflags)"
    else
      cat "$b/static.log"; bad "windows static probe build"
    fi
    export WINEDEBUG=-all WINEPREFIX=$out/wine
    wineboot -i >/dev/null 2>&1 || true
    WINEPATH=$(winepath -w "$b/lib/.libs" 2>/dev/null); export WINEPATH
    # A Windows program finds its DLLs beside it: the library's and the
    # mingw-w64 run-time ones it links (as an application ships them).
    cp -f "$b/lib/.libs/libancientgames-0.dll" \
      "$(x86_64-w64-mingw32-gcc -print-file-name=libgcc_s_seh-1.dll)" \
      "$(x86_64-w64-mingw32-gcc -print-file-name=libwinpthread-1.dll)" "$b/tests/.libs/" 2>/dev/null
    probe windows-dll wine "$b/tests/.libs/ag-probe.exe"
    test -f "$b/ag-probe-static.exe" && probe windows-static wine "$b/ag-probe-static.exe"
    wineserver -k >/dev/null 2>&1 || true
    ;;
  *) bad "unknown target $t" ;;
  esac
done

say "done in $(( $(date +%s) - t0 ))s"
test ${#failures[@]} -eq 0 || say "failures: ${failures[*]}"
echo "cross: $passed passed, $failed failed"
test "$failed" -eq 0
