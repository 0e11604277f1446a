# SPDX-License-Identifier: MIT
"""The package's version, for its metadata: configure.ac's (tests/check-versions.sh
checks).  ancientgames.__version__ is the loaded library's (ag_version_string)."""
__version__ = "0.4.0"
