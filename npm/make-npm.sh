#!/bin/sh
# SPDX-License-Identifier: MIT
# make-npm.sh SRCDIR WEBDIST OUTDIR VERSION -- `make npm': the npm package
# ancientgames-VERSION.tgz in OUTDIR, from the WebAssembly build of `make web'
# (WEBDIST/ancientgames.js and .wasm) and the page's own module web/ag.js
# (one JavaScript API for the page and the package), with npm/'s package.json,
# ag.d.ts and README.md and the LICENSE.  Layout of the package:
#   ancientgames.js, ancientgames.wasm   (the Emscripten module and library)
#   lib/ag.js, lib/ag.d.ts               (the API; ag.js imports ../ancientgames.js)
set -eu
srcdir=$1 webdist=$2 out=$3 version=$4
stage=$out/stage
command -v npm >/dev/null 2>&1 || { echo "make npm: npm not found (apt-get install npm)" >&2; exit 1; }
grep -q "\"version\": \"$version\"" "$srcdir/npm/package.json" || {
  echo "make npm: npm/package.json's version is not $version (tests/check-versions.sh)" >&2; exit 1; }
rm -rf "$stage" && mkdir -p "$stage/lib"
cp "$srcdir/npm/package.json" "$srcdir/npm/README.md" "$srcdir/LICENSE" "$stage/"
cp "$webdist/ancientgames.js" "$webdist/ancientgames.wasm" "$stage/"
cp "$srcdir/web/ag.js" "$srcdir/web/ag-constants.js" "$srcdir/npm/ag.d.ts" "$stage/lib/"
rm -f "$out"/ancientgames-*.tgz
(cd "$stage" && npm pack --silent --pack-destination ..) >/dev/null
ls "$out"/ancientgames-"$version".tgz
