"""``dist/``, the static site: the page's files (the committed tile glyphs among them), the engine wheel (with
bytecode), Pyodide's runtime, the vendored QR library, ``build.json``, the web manifest and the service worker.

Every URL inside dist/ is relative, so dist/ works from any sub-path of any static host.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import time
from collections.abc import Iterable, Mapping
from pathlib import Path

from builder.bytecode import pyodide_bytecode
from builder.common import DIST, WEB, log, sha256_bytes, write_if_changed
from builder.runtime import runtime_files
from builder.server import COMPRESSIBLE
from builder.vendor import MICROPIP_WHEEL, PYODIDE_VERSION, QR_FILES, fetch_micropip, fetch_pyodide, fetch_qr
from builder.wheel import build_wheel_bytes, package_version
from builder.widgets import build_widgets

SW_TEMPLATE_PATH = WEB / "sw.template.js"
"""The service worker's source; build.py fills in the build id and the precache list (it is not served itself)."""


def web_files() -> list[Path]:
    """The files of web/ that are served as they are, sorted."""
    out = []
    for p in sorted(WEB.rglob("*")):
        if p.is_file() and not p.name.startswith(".") and "__pycache__" not in p.parts and p != SW_TEMPLATE_PATH:
            out.append(p)
    return out


def manifest(version: str) -> bytes:
    """dist/manifest.webmanifest."""
    data = {
        "name": "杭州麻将 · Hangzhou Mahjong",
        "short_name": "杭州麻将",
        "description": "Hangzhou Mahjong in the browser; the rules engine runs in Python (Pyodide), offline.",
        "lang": "zh-CN",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "background_color": "#0f3b2e",
        "theme_color": "#0f3b2e",
        "icons": [{"src": "icon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}],
        "version": version,
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def is_engine_file(name: str) -> bool:
    """A file only a page that runs the engine needs (a friends table's guest page precaches none of them)."""
    return name.startswith(("pyodide/", "wheels/"))


def service_worker(build_id: str, precache: list[str]) -> bytes:
    """dist/sw.js: the template with this build's id and files filled in."""
    text = SW_TEMPLATE_PATH.read_text(encoding="utf-8")
    engine = [f for f in precache if is_engine_file(f)]
    for mark, value in (("/*BUILD_ID*/null", json.dumps(build_id)), ("/*PRECACHE*/[]", json.dumps(precache, indent=1)),
                        ("/*ENGINE*/[]", json.dumps(engine, indent=1))):
        if mark not in text:
            raise RuntimeError(f"{SW_TEMPLATE_PATH} has lost its {mark} placeholder")
        text = text.replace(mark, value)
    return text.encode("utf-8")


def gzip_size(path: str, body: bytes) -> int:
    """What a file weighs on the wire from a server that gzips it as ``build.py serve`` does (the progress
    bar counts what the network carries); its own size when that server sends it as it is."""
    if Path(path).suffix not in COMPRESSIBLE or len(body) <= 512:
        return len(body)
    return len(gzip.compress(body, compresslevel=6, mtime=0))


def files_sizes(files: Mapping[str, bytes]) -> Iterable[tuple[str, int]]:
    """(name, size) of each file."""
    return ((k, len(v)) for k, v in files.items())


def build(dist: Path = DIST, quiet: bool = False) -> dict[str, object]:
    """Build dist/. Returns the build.json dict. Re-running with unchanged inputs rewrites nothing."""
    t0 = time.perf_counter()
    pyodide_dir = fetch_pyodide()
    micropip = fetch_micropip()
    version = package_version()

    # name -> bytes of every file of the build except build.json and sw.js (derived from the others)
    files: dict[str, bytes] = {}
    for p in web_files():
        files[p.relative_to(WEB).as_posix()] = p.read_bytes()
    whl_name, whl_bytes = build_wheel_bytes(pyodide_bytecode(pyodide_dir))
    whl_sha = sha256_bytes(whl_bytes)
    wheel_url = f"wheels/{whl_sha[:8]}/{whl_name}"
    files[wheel_url] = whl_bytes
    files.update(runtime_files(pyodide_dir, micropip, whl_bytes))
    files["manifest.webmanifest"] = manifest(version)
    qr_dir = fetch_qr()
    for f in QR_FILES:
        files[f"vendor/qr/{f}"] = (qr_dir / f).read_bytes()
    build_widgets(files)  # our widget pages carry the engine's analysis; widgets.json (builder/widgets.py)

    h = hashlib.sha256()
    for name in sorted(files):
        h.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    # sw.js is generated from this template: a change to it alone must make a new build (and cache name).
    h.update(b"sw.js\0" + hashlib.sha256(SW_TEMPLATE_PATH.read_bytes()).digest())
    build_id = h.hexdigest()[:16]

    info: dict[str, object] = {
        "build_id": build_id,
        "version": version,
        "pyodide_version": PYODIDE_VERSION,
        "python_version": json.loads(files["pyodide/pyodide-lock.json"])["info"]["python"],
        "wheel": wheel_url,
        "wheel_sha256": whl_sha,
        "micropip_wheel": f"pyodide/{MICROPIP_WHEEL}",
        # what the worker streams itself, with the sizes that drive the progress bar
        "downloads": {
            k: len(files[k])
            for k in ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json",
                      wheel_url)
        },
        "files": {k: len(files[k]) for k in sorted(files)},
    }
    # the same downloads as a server that gzips them sends them (build.py serve; the README's hosting table)
    streamed = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", wheel_url)
    info["downloads_gzip"] = {k: gzip_size(k, files[k]) for k in streamed}

    old = dist / "build.json"
    if old.is_file():
        try:
            same = json.loads(old.read_text(encoding="utf-8")).get("build_id") == build_id
        except ValueError:
            same = False
        if same and all((dist / k).is_file() and (dist / k).stat().st_size == n for k, n in files_sizes(files)):
            if not quiet:
                log(f"dist/ is up to date (build {build_id})")
            return info

    precache = ["./", *sorted(files), "build.json"]
    files["build.json"] = (json.dumps(info, indent=1, sort_keys=True) + "\n").encode("utf-8")
    files["sw.js"] = service_worker(build_id, precache)

    dist.mkdir(parents=True, exist_ok=True)
    # drop files of older builds (old hashed wheels etc.)
    for p in sorted(dist.rglob("*"), reverse=True):
        rel = p.relative_to(dist).as_posix()
        if p.is_file() and rel not in files:
            p.unlink()
        elif p.is_dir() and not any(p.iterdir()):
            p.rmdir()
    for name, data in files.items():
        write_if_changed(dist / name, data)
    if not quiet:
        total = sum(len(d) for d in files.values())
        log(f"built dist/ (build {build_id}, hzmj_core {version}, pyodide {PYODIDE_VERSION}): "
            f"{len(files)} files, {total / 1e6:.1f} MB, wheel {len(whl_bytes)} B, "
            f"{time.perf_counter() - t0:.1f} s")
    return info
