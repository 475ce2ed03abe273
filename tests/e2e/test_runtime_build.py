"""Pyodide's runtime files as the build serves them (builder/runtime.py), without a browser: the standard
library with bytecode in place of sources."""

from __future__ import annotations

import io
import zipfile
from typing import Any

import pytest

from builder.runtime import stdlib_zip_with_bytecode


def _zip(entries: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries.items():
            zf.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 2, 3, 4, 6)), data)
    return out.getvalue()


def test_modules_with_bytecode_lose_their_source_and_the_rest_is_kept_in_order() -> None:
    original = _zip({"pkg/": b"", "pkg/__init__.py": b"x = 1\n", "a.py": b"a = 2\n", "b.py": b"b = 3\n",
                     "data.txt": b"text"})
    out = stdlib_zip_with_bytecode(original, {"pkg/__init__.py": b"PYC1", "a.py": b"PYC2"})
    with zipfile.ZipFile(io.BytesIO(out)) as zf:
        assert zf.namelist() == ["pkg/", "pkg/__init__.pyc", "a.pyc", "b.py", "data.txt"]
        assert zf.read("pkg/__init__.pyc") == b"PYC1"
        assert zf.read("a.pyc") == b"PYC2"
        assert zf.read("b.py") == b"b = 3\n"
        assert zf.read("data.txt") == b"text"
        assert zf.getinfo("a.pyc").date_time == (2020, 1, 2, 3, 4, 6)
    # the same inputs give the same bytes (the build id hashes them)
    assert stdlib_zip_with_bytecode(original, {"pkg/__init__.py": b"PYC1", "a.py": b"PYC2"}) == out


def test_bytecode_without_a_source_in_the_zip_stops_the_build() -> None:
    with pytest.raises(SystemExit, match=r"nothere\.py"):
        stdlib_zip_with_bytecode(_zip({"a.py": b""}), {"nothere.py": b"PYC"})


def test_the_built_standard_library_holds_bytecode_for_this_python(site: Any) -> None:
    """Every .pyc in dist/'s python_stdlib.zip has the magic number of the engine's own bytecode (the same
    Pyodide made both) and no .py beside it."""
    with zipfile.ZipFile(site.dist / "pyodide/python_stdlib.zip") as zf:
        names = zf.namelist()
        pycs = [n for n in names if n.endswith(".pyc")]
        assert len(pycs) > 100
        assert not [n for n in pycs if n[:-1] in names]
        magics = {zf.read(n)[:4] for n in pycs}
    with zipfile.ZipFile(site.dist / site.info["wheel"]) as wheel:
        engine_magic = wheel.read("hzmj_core/__init__.pyc")[:4]
    assert magics == {engine_magic}
