"""Bytecode for Pyodide's Python, made by the pinned Pyodide itself under Node (scripts/compile_pyc.mjs and
scripts/stdlib_pyc.mjs): the engine's modules and the standard-library modules a cold start imports.

Each result is kept in ``.cache/`` under a name made of its inputs, so only a build with new inputs runs Node.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import subprocess
from pathlib import Path

from builder.common import CACHE, PKG, ROOT, sha256_bytes
from builder.vendor import PYODIDE_VERSION
from builder.wheel import package_files


def _node_bytecode(script: str, args: list[str], stdin: bytes, cached: Path, what: str) -> dict[str, bytes]:
    """The {path: .pyc bytes} that ``node scripts/<script> ARGS < stdin`` prints (base64 in JSON), kept in
    ``cached`` (a .cache/ file named by the inputs) so that only a build with new inputs runs Node."""
    if not cached.is_file():
        node = shutil.which("node")
        if node is None:
            raise SystemExit(f"build: Node.js is needed to compile {what} for Pyodide (scripts/{script})")
        done = subprocess.run([node, str(ROOT / "scripts" / script), *args], input=stdin, capture_output=True,
                              check=False)
        if done.returncode != 0:
            raise SystemExit(f"build: compiling {what} for Pyodide failed:\n"
                             + done.stderr.decode(errors="replace")[-4000:])
        CACHE.mkdir(parents=True, exist_ok=True)
        # whole or not at all: worktrees of other branches read the same .cache, maybe at this moment
        part = cached.with_name(f"{cached.name}.{os.getpid()}.part")
        part.write_bytes(done.stdout)
        os.replace(part, cached)
        # keep a few of each kind (worktrees of other branches share .cache), drop the rest
        kind = cached.name.rsplit("-", 1)[0]
        for old in sorted(CACHE.glob(f"{kind}-*.json"), key=lambda f: f.stat().st_mtime, reverse=True)[8:]:
            old.unlink(missing_ok=True)
    compiled = json.loads(cached.read_text(encoding="utf-8"))
    return {k: base64.b64decode(v) for k, v in compiled.items()}


def pyodide_bytecode(pyodide_dir: Path) -> dict[str, bytes]:
    """Bytecode of every module of the package for Pyodide's Python (scripts/compile_pyc.mjs, in Node).

    A first visit then imports the engine without compiling it. Cached in .cache by the sources and the
    Pyodide version, so only a build after a source change pays for starting Pyodide in Node (3-30 s).
    """
    sources = {
        "hzmj_core/" + p.relative_to(PKG).as_posix(): p.read_text(encoding="utf-8")
        for p in package_files() if p.suffix == ".py"
    }
    blob = json.dumps(sources, sort_keys=True).encode("utf-8")
    key = sha256_bytes(blob + f"|{PYODIDE_VERSION}|2".encode())[:16]
    cached = CACHE / f"pyc-{key}.json"
    compiled = _node_bytecode("compile_pyc.mjs", [str(pyodide_dir)], blob, cached, "the engine")
    if set(compiled) != set(sources):
        raise SystemExit(f"build: {cached} does not hold one .pyc per module; delete it and build again")
    return compiled


def stdlib_bytecode(pyodide_dir: Path, wheel: bytes) -> dict[str, bytes]:
    """Bytecode of the standard-library modules that Pyodide's start-up and the engine's first table import
    (scripts/stdlib_pyc.mjs, in Node), by their sources' paths in python_stdlib.zip.

    Pyodide ships its standard library as sources, so a first visit compiled some 130 modules before Python
    was ready. Cached in .cache by the wheel and the Pyodide version (the wheel decides what is imported).
    """
    key = sha256_bytes(wheel + f"|{PYODIDE_VERSION}|2".encode())[:16]
    cached = CACHE / f"stdlib-pyc-{key}.json"
    wheel_file = CACHE / f"stdlib-pyc-{key}.{os.getpid()}.whl"  # builds in parallel (test processes) each have one
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        wheel_file.write_bytes(wheel)
    try:
        return _node_bytecode("stdlib_pyc.mjs", [str(pyodide_dir), str(wheel_file)], b"", cached,
                              "the standard library")
    finally:
        wheel_file.unlink(missing_ok=True)
