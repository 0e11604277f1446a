#!/bin/sh
# SPDX-License-Identifier: MIT
# check-spdx.sh -- every source file the project writes says its licence:
# an `SPDX-License-Identifier: MIT' line within its first three lines.
#
# The files: what git tracks (in a git checkout), otherwise every file of the
# source tree (a release tarball), of the kinds the project writes: C, headers,
# Python, shell, JavaScript, CSS, HTML, man pages, the build files.  Exempt:
# generated files (abi/ dumps, SVG pictures), data (the fuzz corpus, golden
# and expected outputs, py.typed, .txt lists) and prose (*.md, NEWS, HACKING,
# LICENSE itself).  Fails naming each file without the line.
set -u
: "${top_srcdir:=.}"
cd "$top_srcdir" || exit 99

if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
   test "$(git rev-parse --show-toplevel 2>/dev/null)" = "$(pwd -P)"; then
  files=$(git ls-files)
else
  files=$(find . -type f ! -path './.git/*' | sed 's|^\./||')
fi

missing=0
checked=0
for f in $files; do
  case $f in
    tests/fuzz/corpus/*|abi/*|*.svg|*.md|*.txt|*.typed|*.expected|*.json|tests/golden/*) continue ;;
    # a tarball's generated files and any build made inside it (distcheck's)
    _build*|_inst*|build-aux/*|m4/*|autom4te.cache/*|man/api/*|man/man3/*|web/dist/*) continue ;;
    Makefile.in|config.h.in|configure|aclocal.m4|liboldgames-*/*) continue ;;
    NEWS|HACKING|LICENSE|.gitignore) continue ;;
    *.c|*.h|*.py|*.sh|*.js|*.mjs|*.ts|*.css|*.html|*.1|*.7|*.in|*.am|*.ac|*.toml|*.map) ;;
    GNUmakefile|.ci/*|debian/rules|debian/tests/*) ;;
    *) continue ;;
  esac
  test -f "$f" || continue
  checked=$((checked + 1))
  if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: MIT'; then
    echo "FAIL: $f has no 'SPDX-License-Identifier: MIT' line in its first three lines"
    missing=$((missing + 1))
  fi
done
if test "$checked" -eq 0; then
  echo "FAIL: found no source file to check under $(pwd)"; exit 1
fi
if test "$missing" -gt 0; then
  echo "FAIL: $missing of $checked source files lack their licence line"; exit 1
fi
test -f LICENSE || { echo "FAIL: no LICENSE file at the top"; exit 1; }
echo "PASS: all $checked source files carry SPDX-License-Identifier: MIT"
exit 0
