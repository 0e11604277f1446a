# SPDX-License-Identifier: MIT
"""The package's version: configure.ac's (tests/check-versions.sh checks)."""
__version__ = "0.2.0"
