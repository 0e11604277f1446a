#!/bin/sh
# SPDX-License-Identifier: MIT
# autogen.sh -- generate configure and Makefile.in from a git checkout.
# Needs autoconf, automake, libtool and pkg-config (pkgconf); see HACKING.
# Then: ./configure && make && make check   (or just `make', see GNUmakefile)
set -e
cd "$(dirname "$0")"
mkdir -p m4
exec autoreconf -fi
