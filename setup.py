# SPDX-License-Identifier: MIT
"""`pip install --no-build-isolation .' from the top of the source tree: the
package is python/ancientgames, built by python/setup.py (see there)."""
import os
import runpy

runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "python", "setup.py"),
               run_name="__main__")
