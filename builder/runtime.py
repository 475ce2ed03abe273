"""Pyodide's runtime files as the site serves them: the lock file pruned to what is served, and the standard
library zip with bytecode in place of the sources a cold start imports."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Mapping
from pathlib import Path

from builder.bytecode import stdlib_bytecode
from builder.vendor import MICROPIP_SHA256, MICROPIP_VERSION, MICROPIP_WHEEL, PYODIDE_RUNTIME_FILES


def served_lock(original: bytes, micropip_sha: str) -> bytes:
    """The lock file served to the browser: only the packages we ship (micropip), with the real sha256.

    A lock listing packages that are not served would make Pyodide try to download them and fail late;
    pruned, ``loadPackage('numpy')`` fails at once with "no known package".
    """
    lock = json.loads(original)
    mp = dict(lock["packages"]["micropip"])
    mp["file_name"] = MICROPIP_WHEEL
    mp["sha256"] = micropip_sha
    mp["version"] = MICROPIP_VERSION
    lock["packages"] = {"micropip": mp}
    return (json.dumps(lock, indent=1, sort_keys=True) + "\n").encode("utf-8")


def stdlib_zip_with_bytecode(original: bytes, bytecode: Mapping[str, bytes]) -> bytes:
    """``python_stdlib.zip`` with each module of ``bytecode`` as its ``.pyc`` in place of its ``.py``.

    zipimport looks for ``name.pyc`` before ``name.py`` and takes an unchecked-hash .pyc as it is; the
    source is dropped to keep the download small (a traceback through such a module shows the file and line
    but not the line's text). Every other entry is copied as it was, in the same order, so the same inputs
    give the same bytes.
    """
    with zipfile.ZipFile(io.BytesIO(original)) as src:
        names = set(src.namelist())
        missing = sorted(set(bytecode) - names)
        if missing:
            raise SystemExit(f"build: no source in python_stdlib.zip for the bytecode of {missing[:5]}")
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as dst:
            for entry in src.infolist():
                name = entry.filename
                if name in bytecode:
                    pyc = zipfile.ZipInfo(name + "c", date_time=entry.date_time)
                    pyc.compress_type = zipfile.ZIP_DEFLATED
                    dst.writestr(pyc, bytecode[name], compresslevel=9)
                else:
                    copy = zipfile.ZipInfo(name, date_time=entry.date_time)
                    copy.compress_type = entry.compress_type
                    copy.external_attr = entry.external_attr
                    dst.writestr(copy, src.read(entry))
    return out.getvalue()


def runtime_files(pyodide_dir: Path, micropip: Path, engine_wheel: bytes) -> dict[str, bytes]:
    """dist/'s ``pyodide/`` files by name: the runtime of the unpacked npm package ``pyodide_dir`` with the lock
    pruned and the standard library given bytecode (what the engine wheel imports), and the micropip wheel."""
    files: dict[str, bytes] = {}
    for f in PYODIDE_RUNTIME_FILES:
        data = (pyodide_dir / f).read_bytes()
        if f == "pyodide-lock.json":
            data = served_lock(data, MICROPIP_SHA256)
        elif f == "python_stdlib.zip":
            data = stdlib_zip_with_bytecode(data, stdlib_bytecode(pyodide_dir, engine_wheel))
        files[f"pyodide/{f}"] = data
    files[f"pyodide/{MICROPIP_WHEEL}"] = micropip.read_bytes()
    return files
