# SPDX-License-Identifier: MIT
# web-env.sh -- sourced by tests/check-web.sh and tests/check-wasm-native.sh:
# what both need before they run (the built page, the native library, a
# Python) and how both skip.  The caller sets `name' (its messages' prefix)
# and `need' (the page's file besides ancientgames.wasm that it reads); after
# this, $dist is the page, $lib the native library, and web_python MODULE
# sets $py to a Python that imports MODULE (none: any Python).
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
dist=$top_builddir/web/dist
lib=$top_builddir/lib/.libs/libancientgames.so

# Skips (77), or fails under AG_WEB_REQUIRE=yes (make check-web).
skip() {
  echo "$name: SKIP: $*"
  if test "${AG_WEB_REQUIRE:-no}" = yes; then exit 1; fi
  exit 77
}

# The page's C is compiled by emcc, not by a sanitizer build; and ASan's
# LD_PRELOAD must not reach node or the browser.
test -n "${AG_SAN_FLAGS:-}" && skip "sanitizer build"
test -f "$dist/$need" && test -f "$dist/ancientgames.wasm" ||
  skip "no $dist (make web needs emcc: apt-get install emscripten)"

web_python() {
  py=
  for p in "${PYTHON:-}" python3 /usr/bin/python3; do
    case $p in ''|:) continue;; esac
    command -v "$p" >/dev/null 2>&1 || continue
    if test -z "$1" || "$p" -c "import $1" >/dev/null 2>&1; then py=$p; return 0; fi
  done
  if test -n "$1"; then skip "no Python with $1 (apt-get install python3-$1)"; fi
  skip "no Python"
}

# The native library the tests compare with (built by make, never skipped).
web_native_lib() {
  test -f "$lib" || { echo "$name: $lib not built"; exit 1; }
}
