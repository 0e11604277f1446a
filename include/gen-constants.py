#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes the AG_* constants of include/ancientgames.h for the bindings.

    gen-constants.py HEADER --python OUT.py     python/ancientgames/_constants.py
    gen-constants.py HEADER --js OUT.js         web/ag-constants.js

The header is the one place a constant is written; the bindings' copies are
generated from it by `make' (Makefile.am) and shipped in the tarball, so a
tarball builds without Python.  tests/check-constants.sh runs this again and
compares; python/test_ancientgames.py checks the values with its own parser.

Read: every `#define AG_NAME VALUE' and every enumerator `AG_NAME = VALUE'
whose value is an integer expression (literals with C suffixes, casts to
ag_move, earlier names, << | + -), in header order; other macros (AG_API,
the *_INIT initialisers) are not constants and are skipped.  Python Standard
Library only; the output depends on the header alone (no date, no path).
"""
import argparse
import os
import re
import sys

INTEGER_EXPR = re.compile(r"[\sA-Z0-9_()<>|x+\-a-f]*")


def read_constants(text):
    """[(name, value, literal)] in header order; literal is the header's
    spelling when it is a plain number (0x1 stays hex), else None."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    found = []
    pattern = re.compile(r"^\s*#\s*define\s+(AG_[A-Z0-9_]+)[ \t]+([^\n]+)$"
                         r"|\b(AG_[A-Z0-9_]+)\s*=\s*(-?\w+)", re.M)
    for m in pattern.finditer(text):
        name, expr = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        expr = expr.strip()
        if "__" in expr or "declspec" in expr:
            continue
        expr = re.sub(r"\(\s*ag_move\s*\)", "", expr)
        expr = re.sub(r"\b(0x[0-9A-Fa-f]+|\d+)[uUlL]+\b", r"\1", expr)
        if not expr or not INTEGER_EXPR.fullmatch(expr):
            continue
        found.append((name, expr))
    values, out = {}, []
    for name, expr in found:
        try:
            value = eval(expr, {"__builtins__": {}}, dict(values))  # noqa: S307 (checked above)
        except (NameError, SyntaxError):
            continue
        if not isinstance(value, int) or name in values:
            continue
        values[name] = value
        bare = expr.strip().strip("()").strip()
        literal = bare if re.fullmatch(r"-?(0x[0-9A-Fa-f]+|\d+)", bare) else None
        out.append((name, value, literal))
    return out


def family(name):
    """AG_END_PLY_LIMIT -> END; AG_OK, AG_EINVAL -> "" (the return codes)."""
    parts = name.split("_")
    return parts[1] if len(parts) > 2 else ""


def python_text(consts, header):
    lines = ["# SPDX-License-Identifier: MIT",
             '"""The AG_* constants of <ancientgames.h>, same names and values.',
             "",
             "Generated from %s by include/gen-constants.py: do not" % header,
             "edit (a new constant is written in the header alone).  Private module:",
             "`from ancientgames import AG_PLAYER_CHANCE' is the public spelling.",
             '"""']
    prev = None
    for name, value, literal in consts:
        if prev is not None and family(name) != prev:
            lines.append("")
        prev = family(name)
        lines.append("%s = %s" % (name, literal if literal is not None else value))
    return "\n".join(lines) + "\n"


def js_text(consts, header):
    lines = ["// SPDX-License-Identifier: MIT",
             "// The AG_* constants of include/ancientgames.h, without the AG_ prefix.",
             "// Generated from %s by include/gen-constants.py: do not edit." % header,
             "export const AG = Object.freeze({"]
    for name, value, literal in consts:
        lines.append("  %s: %s," % (name[3:], literal if literal is not None else value))
    lines.append("});")
    return "\n".join(lines) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("header")
    ap.add_argument("--python", metavar="OUT")
    ap.add_argument("--js", metavar="OUT")
    args = ap.parse_args(argv)
    with open(args.header, encoding="utf-8") as f:
        consts = read_constants(f.read())
    if len(consts) < 70:
        sys.exit("gen-constants.py: only %d constants in %s" % (len(consts), args.header))
    for path, render in ((args.python, python_text), (args.js, js_text)):
        if path:
            with open(path + ".tmp", "w", encoding="utf-8") as f:
                f.write(render(consts, "include/ancientgames.h"))
            os.replace(path + ".tmp", path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
