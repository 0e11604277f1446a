#!/bin/sh
# SPDX-License-Identifier: MIT
# installcheck-man.sh MANDIR DOCDIR -- the installed documentation works with the
# system's man(1), mandb(8) and apropos(1) (run by `make installcheck', so by
# distcheck too):
#  * `man -M MANDIR ag_state_apply' shows the page, its SYNOPSIS included, and a
#    name that is only a `.so' link (ag_state_apply_joint) shows the page too;
#  * after mandb has indexed a copy of MANDIR (the installed tree is left as it
#    is, so that uninstall leaves nothing behind), whatis(1) finds every
#    installed man3 name and apropos finds ag_state_apply by "ag_state" and
#    ag_state_record by its name (when that function exists);
#  * the HTML reference is installed: DOCDIR/html/index.html.
# Exits 77 (skip) without man-db.
set -u
mandir=$1 docdir=$2
status=0
test -f "$docdir/html/index.html" || { echo "FAIL: no $docdir/html/index.html"; status=1; }
for tool in man mandb whatis apropos; do
  command -v $tool >/dev/null 2>&1 || { echo "SKIP: $tool not found (apt-get install man-db)"; exit 77; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/installcheck-man.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT

for name in ag_state_apply ag_state_apply_joint; do
  out=$(MANPAGER=cat PAGER=cat MANWIDTH=100 man -M "$mandir" "$name" 2>&1)
  case $out in
    *SYNOPSIS*"int ag_state_apply("*) echo "ok: man -M $mandir $name" ;;
    *) echo "FAIL: man -M $mandir $name does not show the page:"; echo "$out" | head -n 20; status=1 ;;
  esac
done

cp -R "$mandir" "$tmp/man" && chmod -R u+w "$tmp/man"
if ! mandb -q "$tmp/man" > "$tmp/mandb.out" 2>&1; then
  echo "FAIL: mandb $tmp/man failed:"; cat "$tmp/mandb.out"; exit 1
fi
names=$(cd "$tmp/man/man3" && ls | sed -n 's/\.3$//p')
n=0
for name in $names; do
  n=$((n + 1))
  whatis -M "$tmp/man" -s 3 "$name" > /dev/null 2>&1 \
    || { echo "FAIL: whatis -M MANDIR $name finds nothing after mandb"; status=1; }
done
apropos -M "$tmp/man" ag_state > "$tmp/apropos.out" 2>&1
grep -q '^ag_state_apply ' "$tmp/apropos.out" \
  || { echo "FAIL: apropos ag_state does not list ag_state_apply:"; cat "$tmp/apropos.out"; status=1; }
if test -f "$tmp/man/man3/ag_state_record.3"; then
  apropos -M "$tmp/man" ag_state_record | grep -q '^ag_state_record ' \
    || { echo "FAIL: apropos ag_state_record finds nothing"; status=1; }
fi
echo "whatis found $n installed man3 names; apropos ag_state found $(grep -c . "$tmp/apropos.out") pages"
exit $status
