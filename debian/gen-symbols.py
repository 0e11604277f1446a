#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""gen-symbols.py -- writes debian/libancientgames0.symbols (on stdout).

The symbols are the union of the version script's nodes (lib/libancientgames.map:
ANCIENTGAMES_0.1 { global: ag_x; ... };) and the exported functions of the
released ABI baselines (abi/*.abi, abidw's XML).  A released symbol thus
stays listed even when someone removes it from the map, and dpkg-gensymbols
(-c4) fails the build: the ABI promise enforced by the packaging too.  A
symbol that moved to another node fails the same way (it is listed at its
released node).  Each symbol's minimum version is its node's release, X.Y.0,
or the package's upstream version when that is older (a development snapshot
that already has a node's functions).

Usage: gen-symbols.py --map MAP --version DEBIAN_VERSION [BASELINE.abi ...]
"""
import argparse
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

SONAME = "libancientgames.so.0"
PACKAGE = "libancientgames0"


def map_symbols(path):
    """{symbol: node} of a GNU ld version script."""
    with open(path, encoding="utf-8") as f:
        text = re.sub(r"/\*.*?\*/", "", f.read(), flags=re.S)
    out = {}
    for node, body in re.findall(r"(ANCIENTGAMES_[0-9.]+)\s*\{(.*?)\}", text, flags=re.S):
        body = re.sub(r"\b(global|local)\s*:", "", body)
        for name in re.findall(r"([A-Za-z_][A-Za-z0-9_]*)\s*;", body):
            out[name] = node
    if not out:
        sys.exit("gen-symbols.py: no symbol in %s" % path)
    return out


def baseline_symbols(path):
    """{symbol: node} of the defined function symbols of an abidw dump."""
    out = {}
    for e in ET.parse(path).getroot().iter("elf-symbol"):
        if e.get("is-defined") == "yes" and e.get("version", "").startswith("ANCIENTGAMES_"):
            out[e.get("name")] = e.get("version")
    return out


def older(a, b):
    """The older of two Debian versions (dpkg's own comparison)."""
    lt = subprocess.run(["dpkg", "--compare-versions", a, "lt", b]).returncode == 0
    return a if lt else b


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--map", required=True)
    ap.add_argument("--version", required=True, help="the package version (debian/changelog)")
    ap.add_argument("baselines", nargs="*")
    args = ap.parse_args()
    upstream = re.sub(r"-[^-]*$", "", re.sub(r"^[0-9]+:", "", args.version))

    symbols = map_symbols(args.map)
    for path in args.baselines:
        for name, node in baseline_symbols(path).items():
            if symbols.get(name, node) != node:
                print("gen-symbols.py: %s is %s in %s but %s in %s: listed at the released node"
                      % (name, node, path, symbols[name], args.map), file=sys.stderr)
            symbols[name] = node

    def minver(node):
        return older(node.split("_", 1)[1] + ".0", upstream)

    print("%s %s #MINVER#" % (SONAME, PACKAGE))
    print("* Build-Depends-Package: libancientgames-dev")
    nodes = sorted(set(symbols.values()), key=lambda n: [int(x) for x in n.split("_", 1)[1].split(".")])
    for node in nodes:
        print(" %s@%s %s" % (node, node, minver(node)))
    for name in sorted(symbols):
        print(" %s@%s %s" % (name, symbols[name], minver(symbols[name])))


if __name__ == "__main__":
    main()
