#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# .ci/fresh-debian.sh -- the README's commands, as written, on a fresh
# Debian 12 (a `debootstrap --variant=minbase' root of .ci/lib-debootstrap.sh):
#
#   1. the README's prerequisites block (apt-get install make git: a minbase
#      Debian has neither), nothing else installed by hand;
#   2. `git clone' of this checkout's commit (a bare copy at /srv inside the
#      root) into /root/liboldgames;
#   3. the quick start block there, each line as it is (`make demo', then
#      `make check'); the root's test-suite.log is copied to
#      LOGDIR/test-suite-fresh-debian.log for the caller to count;
#   4. the install block in the same clone (./autogen.sh, ./configure
#      --prefix=/usr/local, make, make install);
#   5. what the install promises: `ag-play --version' from PATH, the README's
#      complete program (hunt.c) built by the README's cc line and run, the
#      README's Python example run with the installed package (from /root,
#      no PYTHONPATH).
# The blocks are read from README.md by their `<!-- fresh-debian: NAME'
# markers, so the README and this test cannot drift apart; a missing or
# empty block fails.  MAKEFLAGS=-jN is the only thing added to the user's
# environment (speed: the same commands).
#
# Usage: .ci/fresh-debian.sh [RESULTS [LOGDIR]]
#   RESULTS gets one line per result, `PASS name' or `FAIL name' (default
#   _ci-logs/fresh-debian.results); LOGDIR gets the logs (default _ci-logs).
# Needs root (chroot, mount) and the Debian mirror.  About 10 minutes on
# 2 idle cores: the root (a minute, cached within a run), apt-get of the
# build packages (1-2 min), make demo + make check (~6 min), the install
# (~2 min).  Exits non-zero when a result failed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
top=$(pwd)
logs=${2:-$top/_ci-logs}
results=${1:-$logs/fresh-debian.results}
mkdir -p "$logs" && : > "$results"
# shellcheck source=.ci/lib-debootstrap.sh
. .ci/lib-debootstrap.sh

root=$top/_ci-root-fresh
clone=/root/liboldgames
jobs=$(nproc 2>/dev/null || echo 2)
# Against hangs only: any one command (make check included) ends long before.
hang=${AG_FRESH_HANG_SECONDS:-3600}
nfail=0
t0=$(date +%s)

result() {   # result PASS|FAIL NAME SECONDS
  echo "$1 $2" >> "$results"
  echo "=== fresh-debian: $2: $1 ($3 s)"
  test "$1" = PASS || nfail=$((nfail + 1))
}

# readme_block NAME: the lines of the fenced block that follows the README's
# `<!-- fresh-debian: NAME ' marker (up to its closing fence).
readme_block() {
  awk -v m="<!-- fresh-debian: $1 " '
    index($0, m) == 1 { want = 1; next }
    want && /^```/    { inside = 1; want = 0; next }
    inside && /^```/  { exit }
    inside            { print }' README.md
}

# in_root NAME DIR CMD: runs the shell command CMD in DIR inside the root,
# its output in LOGDIR/fresh-debian.log; one result.
in_root() {
  local name=$1 dir=$2 cmd=$3 s rc
  s=$(date +%s)
  echo "=== fresh-debian: (cd $dir && $cmd)"
  ag_root_run "$root" timeout "$hang" env MAKEFLAGS="-j$jobs" sh -c "cd '$dir' && $cmd" \
    < /dev/null >> "$logs/fresh-debian.log" 2>&1
  rc=$?
  if test $rc = 0; then result PASS "$name" $(( $(date +%s) - s ))
  else
    tail -n 40 "$logs/fresh-debian.log"
    result FAIL "$name (exit $rc)" $(( $(date +%s) - s ))
  fi
  return $rc
}

# run_block MARKER DIR: each line of the README block, one result each.
run_block() {
  local marker=$1 dir=$2 line name n=0 ok=0
  while IFS= read -r line; do
    case $line in ''|'#'*) continue;; *\\) result FAIL "README $marker: a continued line" 0; return 1;; esac
    n=$((n + 1))
    name=${line%%#*}
    in_root "$marker: ${name%"${name##*[![:space:]]}"}" "$dir" "$line" || ok=1
  done < <(readme_block "$marker")
  if test $n = 0; then result FAIL "README: no '$marker' block" 0; return 1; fi
  return $ok
}

trap 'ag_root_free "$root"' EXIT
: > "$logs/fresh-debian.log"

# ---- the root, and this commit as a repository to clone
s=$(date +%s)
if ag_root_new "$root" && mkdir -p "$root/srv" &&
   git clone -q --bare "$top" "$root/srv/liboldgames.git"; then
  result PASS "debootstrap root" $(( $(date +%s) - s ))
else
  result FAIL "debootstrap root" $(( $(date +%s) - s ))
  exit 1
fi

# The quick start must be the two commands the README promises.
if ! test "$(readme_block 'quick start' | sed 's/ *#.*//')" = "$(printf 'make demo\nmake check')"; then
  result FAIL "README quick start is not 'make demo' then 'make check'" 0
fi

# ---- 1-3: prerequisites, clone, quick start
run_block prerequisites /root &&
  in_root "git clone" /root "git clone -q /srv/liboldgames.git $clone" &&
  { run_block "quick start" "$clone"
    cp -f "$root$clone/test-suite.log" "$logs/test-suite-fresh-debian.log" 2>/dev/null ||
      echo "=== fresh-debian: no test-suite.log"
    for f in "$root$clone"/tests/*.log "$root$clone"/python/*.log; do
      test -f "$f" && mkdir -p "$logs/fresh-debian" && cp -f "$f" "$logs/fresh-debian/"
    done
    # ---- 4-5: install, then use what was installed
    run_block install "$clone"
    in_root "installed ag-play on PATH" /root "ag-play --version"
    mkdir -p "$root/root/hunt"
    readme_block hunt.c > "$root/root/hunt/hunt.c"
    run_block "build hunt.c" /root/hunt &&
      in_root "installed hunt.c runs" /root/hunt "./hunt | tail -n 1 | grep -E '^[0-9]+ plies, winner: '"
    readme_block python > "$root/root/example.py"
    in_root "installed Python package" /root "python3 example.py"
  }

echo "=== fresh-debian: $(grep -c '^PASS' "$results") passed, $(grep -c '^FAIL' "$results") failed," \
     "$(( $(date +%s) - t0 )) s in all"
test $nfail = 0
