"""build.py at the repository root as a module, loaded once by path ("build" is also the name of a PyPI
package): the conftest's site and the tests that run servers of their own (faults, widgets, the server's
error handling, the CSP) share it."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any


def _load() -> Any:
    spec = importlib.util.spec_from_file_location("hzmj_build", Path(__file__).resolve().parents[2] / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build: Any = _load()
