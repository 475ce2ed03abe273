"""Root test configuration, shared by every suite (host CPython 3.11 and Pyodide's Python 3.14).

Keep this file importable with nothing but the standard library + pytest: it is also loaded when
the engine tests run inside Pyodide (scripts/pyodide_tests.mjs), where only pytest and hypothesis exist.

Hypothesis profiles (choose with HYPOTHESIS_PROFILE=<name>):
  dev      - the default: hypothesis' defaults without the per-example deadline (a timing limit is a timed
             test, and these machines are shared: speed is measured by benchmarks/, not here)
  ci       - derandomized, no deadline, no database: reproducible runs; picked automatically when CI is set
  pyodide  - picked automatically inside Pyodide: no deadline, no example database on disk
"""

from __future__ import annotations

import os
import sys

import pytest

IN_PYODIDE = sys.platform == "emscripten"

try:
    from hypothesis import HealthCheck, settings
except ImportError:  # hypothesis is optional for the suites that do not use it
    settings = None  # type: ignore[assignment,misc]

if settings is not None:
    settings.register_profile(
        "ci", derandomize=True, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.register_profile(
        "pyodide", deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
    )
    settings.register_profile("dev", deadline=None)
    settings.load_profile(
        os.environ.get("HYPOTHESIS_PROFILE") or ("pyodide" if IN_PYODIDE else "ci" if os.environ.get("CI") else "dev")
    )


@pytest.fixture(scope="session")
def delete_output_dir() -> None:
    """Replaces pytest-playwright's autouse fixture of the same name, which deletes test-results/ at the
    start of *every* pytest session (an engine-only run included) and so wiped the e2e screenshots."""
