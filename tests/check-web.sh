#!/bin/sh
# SPDX-License-Identifier: MIT
# check-web.sh -- plays the web page (web/dist/, `make web') in headless
# Chromium through Selenium: tests/web/test_web.py.  Skips (77) without the
# built page (no emcc), chromium, chromedriver or a Python with selenium
# (Debian: chromium chromium-driver python3-selenium), and in a sanitizer
# build (the page's C is compiled by emcc, not by the sanitizer build; and
# ASan's LD_PRELOAD must not reach the browser).  AG_WEB_REQUIRE=yes (make
# check-web) fails instead of skipping; AG_WEB_SCREENSHOTS=DIR keeps a
# screenshot of each finished game there.
top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
dist=$top_builddir/web/dist

skip() {
  echo "check-web: SKIP: $*"
  if test "${AG_WEB_REQUIRE:-no}" = yes; then exit 1; fi
  exit 77
}

test -n "$AG_SAN_FLAGS" && skip "sanitizer build"
test -f "$dist/index.html" && test -f "$dist/ancientgames.wasm" ||
  skip "no $dist (make web needs emcc: apt-get install emscripten)"
chromium=
for c in chromium chromium-browser google-chrome; do
  command -v "$c" >/dev/null 2>&1 && { chromium=$c; break; }
done
test -n "$chromium" || skip "no chromium (apt-get install chromium)"
command -v chromedriver >/dev/null 2>&1 || test -x /usr/bin/chromedriver ||
  skip "no chromedriver (apt-get install chromium-driver)"
py=
for p in "${PYTHON:-}" python3 /usr/bin/python3; do
  case $p in ''|:) continue;; esac
  if "$p" -c 'import selenium' >/dev/null 2>&1; then py=$p; break; fi
done
test -n "$py" || skip "no Python with selenium (apt-get install python3-selenium)"

lib=$top_builddir/lib/.libs/libancientgames.so
test -f "$lib" || { echo "check-web: $lib not built"; exit 1; }
PATH=$PATH:/usr/bin ANCIENTGAMES_LIB=$lib PYTHONPATH=$top_srcdir/python PYTHONDONTWRITEBYTECODE=1 \
  exec "$py" "$top_srcdir/tests/web/test_web.py" "$dist" ${AG_WEB_SCREENSHOTS:+"$AG_WEB_SCREENSHOTS"}
