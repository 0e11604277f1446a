#!/bin/sh
# SPDX-License-Identifier: MIT
# check-web.sh -- plays the web page (web/dist/, `make web') in headless
# Chromium through Selenium: tests/web/test_web.py.  Skips (77) without the
# built page (no emcc), chromium, chromedriver or a Python with selenium
# (Debian: chromium chromium-driver python3-selenium), and in a sanitizer
# build (tests/web-env.sh).  AG_WEB_REQUIRE=yes (make check-web) fails
# instead of skipping; AG_WEB_SCREENSHOTS=DIR keeps a screenshot of each
# finished game there.
name=check-web need=index.html
. "${top_srcdir:-.}/tests/web-env.sh"
chromium=
for c in chromium chromium-browser google-chrome; do
  command -v "$c" >/dev/null 2>&1 && { chromium=$c; break; }
done
test -n "$chromium" || skip "no chromium (apt-get install chromium)"
command -v chromedriver >/dev/null 2>&1 || test -x /usr/bin/chromedriver ||
  skip "no chromedriver (apt-get install chromium-driver)"
web_python selenium
web_native_lib
PATH=$PATH:/usr/bin ANCIENTGAMES_LIB=$lib PYTHONPATH=$top_srcdir/python PYTHONDONTWRITEBYTECODE=1 \
  exec "$py" "$top_srcdir/tests/web/test_web.py" "$dist" ${AG_WEB_SCREENSHOTS:+"$AG_WEB_SCREENSHOTS"}
