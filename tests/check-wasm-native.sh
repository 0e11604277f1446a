#!/bin/sh
# SPDX-License-Identifier: MIT
# check-wasm-native.sh -- the WebAssembly build (web/dist/, `make web') plays
# the same games as the native library for the same seeds:
# tests/web/wasm_native.py (records and per-ply hashes of seeded games through
# web/ag.js under Node, and web/bench.mjs's totals against ag-bench -s 0).
# Skips (77) without the built page, node, or a Python, and in a sanitizer
# build (tests/web-env.sh); AG_WEB_REQUIRE=yes fails instead of skipping.
name=check-wasm-native need=assets/ag.js
. "${top_srcdir:-.}/tests/web-env.sh"
command -v node >/dev/null 2>&1 || skip "no node (apt-get install nodejs)"
web_python ""
web_native_lib
test -x "$top_builddir/examples/ag-bench" || { echo "$name: examples/ag-bench not built"; exit 1; }
ANCIENTGAMES_LIB=$lib PYTHONPATH=$top_srcdir/python PYTHONDONTWRITEBYTECODE=1 \
  exec "$py" "$top_srcdir/tests/web/wasm_native.py" "$dist" "$top_builddir/examples/ag-bench"
