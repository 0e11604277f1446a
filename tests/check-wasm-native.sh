#!/bin/sh
# SPDX-License-Identifier: MIT
# check-wasm-native.sh -- the WebAssembly build (web/dist/, `make web') plays
# the same games as the native library for the same seeds:
# tests/web/wasm_native.py (records and per-ply hashes of seeded games through
# web/ag.js under Node, and web/bench.mjs's totals against ag-bench -s 0).
# Skips (77) without the built page, node, or a Python, and in a sanitizer
# build; AG_WEB_REQUIRE=yes fails instead of skipping.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
dist=$top_builddir/web/dist

skip() {
  echo "check-wasm-native: SKIP: $*"
  if test "${AG_WEB_REQUIRE:-no}" = yes; then exit 1; fi
  exit 77
}

test -n "$AG_SAN_FLAGS" && skip "sanitizer build"
test -f "$dist/assets/ag.js" && test -f "$dist/ancientgames.wasm" ||
  skip "no $dist (make web needs emcc: apt-get install emscripten)"
command -v node >/dev/null 2>&1 || skip "no node (apt-get install nodejs)"
py=
for p in "${PYTHON:-}" python3; do
  case $p in ''|:) continue;; esac
  command -v "$p" >/dev/null 2>&1 && { py=$p; break; }
done
test -n "$py" || skip "no Python"
lib=$top_builddir/lib/.libs/libancientgames.so
test -f "$lib" || { echo "check-wasm-native: $lib not built"; exit 1; }
test -x "$top_builddir/examples/ag-bench" || { echo "check-wasm-native: examples/ag-bench not built"; exit 1; }
ANCIENTGAMES_LIB=$lib PYTHONPATH=$top_srcdir/python PYTHONDONTWRITEBYTECODE=1 \
  exec "$py" "$top_srcdir/tests/web/wasm_native.py" "$dist" "$top_builddir/examples/ag-bench"
