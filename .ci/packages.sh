#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/packages.sh -- the packages people install (issue 24), built and then
# used in clean places, without the build tree.  Called by .ci/run after
# `make check' (the tree is configured and built, web/dist/ too when emcc is
# there); as root.  Each check below is one result of the closing line
# `N passed, N failed'; exits non-zero on any failure.
#
#   Debian: dpkg-buildpackage -us -uc -b (nocheck: the suite runs elsewhere
#     in CI) in a clean copy of the tracked files; lintian on the .changes
#     (no error, no warning; info and pedantic tags printed); then, in a fresh
#     Debian 12 root (.ci/lib-debootstrap.sh), apt-get installs the four .debs
#     and there: debian/tests/build-with-pkg-config (cc prog.c $(pkg-config
#     --cflags --libs liboldgames), run), debian/tests/python-play (import
#     ancientgames, play every game), `man ag_state_apply' renders,
#     debian/tests/tools (ag-play --help, --list, man1 and man7 pages).
#   Python: `make wheel'; the wheel in a fresh venv with no system library
#     plays every game (tests/packages/play.py --full: ai_choose,
#     observation(), pickling, __version__) with its own library, records
#     equal to the native library's; the sdist in a fresh venv, compiled at
#     install time, the same; the sdist without a compiler uses the installed
#     library.
#   npm: `make npm'; in an empty project, `npm install --offline' of the
#     tarball; Node plays every game (tests/packages/play.mjs), records equal
#     to the native library's; tsc --noEmit --strict on npm/example.ts
#     (typescript from the npm registry; skipped when unreachable).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
top=$(pwd)
work=$top/_build-packages
export DEBIAN_FRONTEND=noninteractive
# shellcheck source=.ci/lib-debootstrap.sh
. .ci/lib-debootstrap.sh

passed=0
failed=0
t0=$(date +%s)
# check NAME CMD...: one result.
check() {
  local name=$1; shift
  local s; s=$(date +%s)
  if "$@"; then
    echo "=== packages: $name: ok ($(( $(date +%s) - s ))s)"; passed=$((passed + 1))
  else
    echo "=== packages: $name: FAILED ($(( $(date +%s) - s ))s)"; failed=$((failed + 1))
    return 1
  fi
}
finish() {
  echo "=== packages: $(( $(date +%s) - t0 ))s"
  echo "$passed passed, $failed failed"
  test "$failed" -eq 0
  exit
}

rm -rf "$work" && mkdir -p "$work"
version=$(sed -n 's/^AC_INIT(\[[^]]*\], *\[\([^]]*\)\].*/\1/p' configure.ac)

# The tools of this step (emscripten comes with .ci/run's packages).
tools="debhelper dh-python lintian debootstrap python3-build python3-setuptools python3-wheel
       python3-venv python3-pip"
# Debian's npm only where there is none: a nodejs from elsewhere (which brings
# its own npm) conflicts with it.
command -v npm >/dev/null 2>&1 || tools="$tools npm"
apt_tools() {
  # shellcheck disable=SC2086
  apt-get install -y -q --no-install-recommends $tools > "$work/apt.log" 2>&1 ||
    { tail -n 20 "$work/apt.log"; return 1; }
}
check "apt-get install the packaging tools" apt_tools || finish

# The native library's records: what the wheel and the npm package must play.
ANCIENTGAMES_LIB=$top/lib/.libs/libancientgames.so PYTHONPATH=$top/python \
  /usr/bin/python3 tests/packages/play.py > "$work/native.jsonl" ||
  { echo "=== the native records could not be made"; failed=$((failed + 1)); }
same_records() {   # same_records FILE: FILE's records are the native ones
  cmp -s "$1" "$work/native.jsonl" && test -s "$1" ||
    { diff "$work/native.jsonl" "$1" | head -n 20; return 1; }
}

# ------------------------------------------------------------------ Debian
deb_build() {
  local src=$work/deb/liboldgames-$version
  mkdir -p "$src" &&
  git ls-files -z | tar --null -T - -cf - | tar -C "$src" -xf - &&
  (cd "$src" && DEB_BUILD_OPTIONS="nocheck parallel=$(nproc)" \
     dpkg-buildpackage -us -uc -b > "$work/dpkg-buildpackage.log" 2>&1) ||
    { tail -n 40 "$work/dpkg-buildpackage.log"; return 1; }
  ls "$work"/deb/*.deb
}
check "dpkg-buildpackage -us -uc -b" deb_build
changes=$(ls "$work"/deb/*.changes 2>/dev/null | head -n 1)
check "lintian: no error, no warning" \
  lintian --fail-on error,warning --display-info --pedantic --tag-display-limit 0 ${changes:-/nonexistent}

root=$top/_ci-root-packages
in_root() { ag_root_run "$root" "$@"; }
deb_install() {
  ag_root_new "$root" || return 1
  mkdir -p "$root/tmp/debs" "$root/tmp/src/debian" "$root/tmp/src/tests/packages" &&
  for p in libancientgames0 libancientgames-dev python3-ancientgames ancientgames-tools; do
    cp "$work/deb/${p}_"*.deb "$root/tmp/debs/" || return 1
  done &&
  cp -r debian/tests "$root/tmp/src/debian/" && cp tests/packages/play.py "$root/tmp/src/tests/packages/" &&
  in_root sh -c 'apt-get update -q && apt-get install -y -q --no-install-recommends \
      /tmp/debs/*.deb gcc libc6-dev pkgconf man-db' > "$work/root-apt.log" 2>&1 ||
    { tail -n 20 "$work/root-apt.log"; return 1; }
}
if check "apt-get install ./*.deb in a fresh Debian 12 root" deb_install; then
  # The autopkgtests, run as autopkgtest runs them: from the source tree.
  check "root: cc prog.c \$(pkg-config --cflags --libs liboldgames); ./prog" \
    in_root sh -c 'cd /tmp/src && debian/tests/build-with-pkg-config'
  check "root: python3 -c 'import ancientgames' plays every game" \
    in_root sh -c 'cd /tmp/src && debian/tests/python-play'
  check "root: man ag_state_apply renders" \
    in_root sh -c 'man -P cat ag_state_apply 2>/dev/null | grep -q "ag_state_apply_joint"'
  check "root: ag-play --help, man pages of the tools and rules" \
    in_root sh -c 'cd /tmp/src && debian/tests/tools'
fi
ag_root_free "$root"

# ------------------------------------------------------------------ Python
check "make wheel" make -s wheel
wheel=$(ls python-dist/ancientgames-"$version"-py3-none-linux_*.whl 2>/dev/null | head -n 1)
sdist=$(ls python-dist/ancientgames-"$version".tar.gz 2>/dev/null | head -n 1)
venv_play() {  # venv_play DIR VENV-FLAGS PIP-ARGS...: fresh venv, pip install, play
  local venv=$1 flags=$2; shift 2
  /usr/bin/python3 -m venv $flags "$venv" &&
  env -u LD_LIBRARY_PATH -u ANCIENTGAMES_LIB -u PYTHONPATH "$venv/bin/pip" install -q --no-index "$@" &&
  (cd "$work" && env -u LD_LIBRARY_PATH -u ANCIENTGAMES_LIB -u PYTHONPATH \
     "$venv/bin/python" "$top/tests/packages/play.py" --full --expect-dir "$venv" > "$venv.jsonl") &&
  same_records "$venv.jsonl"
}
no_system_library() { ! /sbin/ldconfig -p | grep -q libancientgames; }
check "no system libancientgames for the venvs" no_system_library
check "wheel ($(basename "${wheel:-none}")) in a fresh venv, its own library" \
  venv_play "$work/venv-wheel" "" "${wheel:-/nonexistent}"
check "sdist in a fresh venv, compiled at install" \
  venv_play "$work/venv-sdist" --system-site-packages --no-build-isolation "${sdist:-/nonexistent}"
sdist_no_cc() {   # without a compiler: the pure package, the library by its SONAME
  local venv=$work/venv-nocc
  /usr/bin/python3 -m venv --system-site-packages "$venv" &&
  CC=/nonexistent/cc "$venv/bin/pip" install -q --no-index --no-build-isolation "${sdist:-/nonexistent}" &&
  ! ls "$venv"/lib/python3*/site-packages/ancientgames/libancientgames.so* 2>/dev/null &&
  (cd "$work" && LD_LIBRARY_PATH=$top/lib/.libs "$venv/bin/python" "$top/tests/packages/play.py" > "$venv.jsonl") &&
  same_records "$venv.jsonl"
}
check "sdist without a compiler uses the installed library" sdist_no_cc

# ------------------------------------------------------------------ npm
check "make npm" make -s npm
tarball=$top/npm-dist/ancientgames-$version.tgz
project=$work/npm-project
npm_play() (   # a subshell: the cd stays inside
  mkdir -p "$project" && cd "$project" &&
  node -e 'process.exit(+process.versions.node.split(".")[0] >= 18 ? 0 : 1)' &&
  npm init -y > /dev/null &&
  npm install --offline --no-audit --no-fund "$tarball" > "$work/npm-install.log" 2>&1 &&
  cp "$top/tests/packages/play.mjs" . && node play.mjs > "$work/npm.jsonl" &&
  same_records "$work/npm.jsonl"
)
check "npm install --offline the tarball, Node plays = native records" npm_play
if (cd "$project" && npm install --no-audit --no-fund --save-dev typescript@5 > "$work/npm-ts.log" 2>&1); then
  cp npm/example.ts "$project/"
  check "tsc --noEmit --strict npm/example.ts" \
    sh -c "cd '$project' && npx tsc --noEmit --strict --target es2022 --module nodenext \
             --moduleResolution nodenext example.ts"
else
  echo "=== packages: typescript not installable from the npm registry: tsc skipped"
fi

finish
