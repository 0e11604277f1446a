#!/bin/sh
# SPDX-License-Identifier: MIT
# check-versions.sh -- one version everywhere: AC_INIT's in configure.ac is
# the source; the header's AG_VERSION_MAJOR/MINOR/PATCH, python/pyproject.toml,
# the Python package's __version__ (python/ancientgames/_version.py),
# the npm package (npm/package.json), lib/util.c's fallback PACKAGE_VERSION
# (builds without config.h: the web page, the sdist pass their own), the
# manual pages' .TH lines and, in a git checkout (the tarball has no debian/),
# debian/changelog's upstream version must all equal it.  A release bump is
# one line in each of those files.  Fails naming each file that disagrees.
set -u
: "${top_srcdir:=.}"
cd "$top_srcdir" || exit 99

want=$(sed -n 's/^AC_INIT(\[[^]]*\], *\[\([^]]*\)\].*/\1/p' configure.ac)
test -n "$want" || { echo "FAIL: no version in configure.ac's AC_INIT"; exit 1; }
bad=0 checked=0
same() {   # same FILE VERSION: VERSION (read from FILE) must be $want
  checked=$((checked + 1))
  if test "$2" != "$want"; then
    echo "FAIL: $1 says '${2:-nothing}', configure.ac says $want"; bad=$((bad + 1))
  fi
}
h() { sed -n "s/^#define AG_VERSION_$1 *\([0-9]*\).*/\1/p" include/ancientgames.h; }
same include/ancientgames.h "$(h MAJOR).$(h MINOR).$(h PATCH)"
for f in python/pyproject.toml; do
  same "$f" "$(sed -n 's/^version = "\(.*\)"$/\1/p' "$f")"
done
same python/ancientgames/_version.py "$(sed -n 's/^__version__ = "\(.*\)"$/\1/p' python/ancientgames/_version.py)"
same npm/package.json "$(sed -n 's/^  "version": "\(.*\)",$/\1/p' npm/package.json)"
same lib/util.c "$(sed -n 's/^#define PACKAGE_VERSION "\(.*\)"$/\1/p' lib/util.c)"
for f in man/*.1 man/*.7; do
  same "$f" "$(sed -n 's/^\.TH [^"]*"libancientgames \([^"]*\)".*/\1/p' "$f")"
done
if test -f debian/changelog; then
  # The first entry: "liboldgames (UPSTREAM-REVISION) ..."; epoch and revision dropped.
  same debian/changelog "$(sed -n '1s/^[^ ]* (\([0-9]*:\)\{0,1\}\(.*\)-[^-]*).*/\2/p' debian/changelog)"
fi
if test "$bad" -gt 0; then
  echo "FAIL: $bad of $checked versions differ from configure.ac's $want"; exit 1
fi
echo "PASS: $checked versions are all $want"
