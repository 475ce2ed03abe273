#!/usr/bin/env python3
"""Build (and optionally serve) the browser version of hzmj into ``dist/``.

Standard library only; run it with the host Python (3.11+).

    python build.py                 # build dist/
    python build.py serve [--port 8000] [--host 127.0.0.1]
    python build.py fetch           # only fill .cache/ (Pyodide + micropip), for the Node test runner

What it does:
  * builds a pure-Python wheel of ``hzmj_core`` with zipfile (deterministic bytes),
    served as ``wheels/<hash8>/hzmj_core-<ver>-py3-none-any.whl`` so no cache ever serves a stale one;
  * fetches Pyodide with ``npm pack pyodide@<PYODIDE_VERSION>`` into ``.cache/`` (once) and copies
    the runtime files into ``dist/pyodide/``, the standard library with the modules a cold start imports as
    bytecode (``scripts/stdlib_pyc.mjs``: Pyodide ships it as sources, which every first visit compiled);
  * fetches the micropip wheel for Python 3.14 (once) and serves it next to Pyodide, with its real
    sha256 written into the served ``pyodide-lock.json`` (pruned to the packages actually served);
  * fetches the npm library the page uses (``qr`` for invitations) with ``npm pack`` (once) and serves it in
    ``dist/vendor/``;
  * copies ``web/`` into ``dist/``, writes ``dist/build.json``, ``dist/manifest.webmanifest`` and a
    service worker ``dist/sw.js`` whose cache name includes the build id.

Every URL inside dist/ is relative, so dist/ works from any sub-path of any static host.
Network is only used on the first run (npm + PyPI); later builds are offline.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import gzip
import hashlib
import http.server
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import threading
import time
import tomllib
import zipfile
from collections.abc import Iterable, Mapping
from pathlib import Path

from builder import words

ROOT = Path(__file__).resolve().parent
PKG = ROOT / "hzmj_core"
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"

PYODIDE_VERSION = "314.0.7"
# sha256 of the npm tarball `npm pack pyodide@314.0.7` (checked on every fetch).
PYODIDE_TGZ_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_RUNTIME_FILES = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPIP_VERSION = "0.11.1"
MICROPIP_WHEEL = f"micropip-{MICROPIP_VERSION}-py3-none-any.whl"
MICROPIP_SHA256 = "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
# The QR code encoder and decoder of the friends table's invitations (`npm pack qr@0.7.0`, MIT OR Apache-2.0,
# no dependencies): served as dist/vendor/qr/ (decode.js imports index.js).
QR_VERSION = "0.7.0"
QR_TGZ_SHA256 = "632ef43ecb74f7eb5f578e978068bcbfba0fbba36101e79c079a6d95f24d8865"
QR_FILES = ("index.js", "decode.js", "LICENSE")

# 1980-01-01, the earliest date a zip can store: every wheel entry gets it, so the bytes are reproducible.
ZIP_EPOCH = (1980, 1, 1, 0, 0, 0)

MIME_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
}
# The Content-Security-Policy of every page (a <meta> in each web/*.html; tests/e2e/test_csp.py checks that
# they match). The game's engine worker is made from a blob: URL (guard.mjs), so it inherits the page's
# policy on any static host, <meta> included (worker-src allows blob: for that alone). The server below also
# sends the policy as a header. 'wasm-unsafe-eval' is what Pyodide needs (WebAssembly compilation); nothing
# else is allowed beyond this origin. The friends table's WebRTC data channels need no allowance:
# connect-src does not govern ICE or the channels (Chromium has no CSP directive for them; the draft `webrtc`
# directive defaults to allow and is not written, as Chromium reports it as unknown), the QR codes are drawn
# on a canvas, and the camera (scanning a reply) is a permission, not a fetch.
CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data: blob:; "
    "connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'self'"
)
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".wasm", ".svg", ".txt", ".map"}


def log(msg: str) -> None:
    print(f"[build] {msg}", file=sys.stderr, flush=True)


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# --------------------------------------------------------------------------------------------- wheel


def package_version() -> str:
    text = (PKG / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r"^__version__\s*=\s*['\"]([^'\"]+)['\"]", text, re.M)
    if not m:
        raise SystemExit("hzmj_core/__init__.py has no __version__ = '...'")
    return m.group(1)


def package_summary() -> str:
    text = (PKG / "__init__.py").read_text(encoding="utf-8")
    m = re.search(r'^"""(.*?)$', text, re.M)
    return m.group(1).strip() if m else "Hangzhou Mahjong rules engine"


def package_files() -> list[Path]:
    """Every file of the package that belongs in the wheel, sorted."""
    out = []
    for p in sorted(PKG.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(PKG)
        if "__pycache__" in rel.parts or p.suffix in {".pyc", ".pyo"} or p.name.startswith("."):
            continue
        out.append(p)
    return out


def _zip_write(zf: zipfile.ZipFile, name: str, data: bytes) -> None:
    info = zipfile.ZipInfo(name, date_time=ZIP_EPOCH)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = (0o100644 & 0xFFFF) << 16
    info.create_system = 3  # unix, so the permission bits above are honoured
    zf.writestr(info, data, compresslevel=9)


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def build_wheel_bytes(bytecode: dict[str, bytes] | None = None) -> tuple[str, bytes]:
    """Return (filename, bytes) of the pure-Python wheel of hzmj_core. Deterministic.

    ``bytecode`` (a module's archive name -> its .pyc bytes, see :func:`pyodide_bytecode`) makes the web
    build's wheel: each module is shipped as ``x.pyc`` instead of ``x.py``. The wheel for pip has sources.
    """
    version = package_version()
    name = "hzmj_core"
    dist_info = f"{name}-{version}.dist-info"
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject.get("project", {})

    entries: list[tuple[str, bytes]] = []
    for p in package_files():
        arc = "hzmj_core/" + p.relative_to(PKG).as_posix()
        if bytecode is not None and arc in bytecode:
            entries.append((arc[:-3] + ".pyc", bytecode[arc]))
        else:
            entries.append((arc, p.read_bytes()))

    meta = [
        "Metadata-Version: 2.1",
        f"Name: {name}",
        f"Version: {version}",
        f"Summary: {package_summary()}",
    ]
    if "requires-python" in project:
        meta.append(f"Requires-Python: {project['requires-python']}")
    lic = project.get("license")
    if isinstance(lic, dict) and "text" in lic:
        meta.append(f"License: {lic['text']}")
    for c in project.get("classifiers", []):
        meta.append(f"Classifier: {c}")
    for dep in project.get("dependencies", []):
        meta.append(f"Requires-Dist: {dep}")
    entries.append((f"{dist_info}/METADATA", ("\n".join(meta) + "\n").encode("utf-8")))
    wheel_txt = "Wheel-Version: 1.0\nGenerator: hzmj-build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    entries.append((f"{dist_info}/WHEEL", wheel_txt.encode("utf-8")))
    scripts = project.get("scripts", {})
    if scripts:
        ep = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in sorted(scripts.items()))
        entries.append((f"{dist_info}/entry_points.txt", ep.encode("utf-8")))

    record_name = f"{dist_info}/RECORD"
    record_lines = [f"{arc},{_record_hash(data)},{len(data)}" for arc, data in entries]
    record_lines.append(f"{record_name},,")
    entries.append((record_name, ("\n".join(record_lines) + "\n").encode("utf-8")))

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for arc, data in entries:
            _zip_write(zf, arc, data)
    return f"{name}-{version}-py3-none-any.whl", buf.getvalue()


# ------------------------------------------------------------------------------------- fetch (cache)


def pyodide_cache_dir() -> Path:
    """Unpacked npm package of Pyodide (the directory holding pyodide.mjs)."""
    return CACHE / f"pyodide-{PYODIDE_VERSION}" / "package"


def fetch_pyodide() -> Path:
    return _npm_package("pyodide", PYODIDE_VERSION, PYODIDE_TGZ_SHA256, PYODIDE_RUNTIME_FILES)


def _npm_package(name: str, version: str, sha256: str, files: Iterable[str]) -> Path:
    """The unpacked npm package ``name@version`` in .cache/ (the directory holding its files): fetched once
    with ``npm pack``, its tarball checked against ``sha256``."""
    target = CACHE / f"{name}-{version}" / "package"
    if all((target / f).is_file() for f in files):
        return target
    CACHE.mkdir(exist_ok=True)
    tgz = CACHE / f"{name}-{version}.tgz"
    if not tgz.is_file():
        log(f"fetching {name}@{version} with npm pack (once) ...")
        npm = shutil.which("npm")
        if npm is None:
            raise SystemExit(f"npm is needed once to fetch {name} (npm pack {name}@{version})")
        subprocess.run([npm, "pack", f"{name}@{version}", "--pack-destination", str(CACHE), "--silent"],
                       check=True, cwd=CACHE, stdout=subprocess.DEVNULL)
    digest = sha256_file(tgz)
    if digest != sha256:
        tgz.unlink()
        raise SystemExit(f"{name} tarball sha256 mismatch: {digest} (expected {sha256})")
    tmp = target.parent.with_name(target.parent.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    with tarfile.open(tgz, "r:gz") as tf:
        tf.extractall(tmp, filter="data")
    shutil.rmtree(target.parent, ignore_errors=True)
    tmp.rename(target.parent)
    return target


def fetch_micropip() -> Path:
    dest_dir = CACHE / "py314-wheels"
    whl = dest_dir / MICROPIP_WHEEL
    if whl.is_file() and sha256_file(whl) == MICROPIP_SHA256:
        return whl
    dest_dir.mkdir(parents=True, exist_ok=True)
    log(f"fetching {MICROPIP_WHEEL} for Python 3.14 with pip download (once) ...")
    subprocess.run(
        [sys.executable, "-m", "pip", "download", f"micropip=={MICROPIP_VERSION}", "--no-deps",
         "--only-binary=:all:", "--python-version", "3.14", "--platform", "any", "--implementation", "py",
         "-d", str(dest_dir), "--quiet", "--disable-pip-version-check"],
        check=True,
    )
    digest = sha256_file(whl)
    if digest != MICROPIP_SHA256:
        whl.unlink()
        raise SystemExit(f"{MICROPIP_WHEEL} sha256 mismatch: {digest} (expected {MICROPIP_SHA256})")
    return whl


def fetch_qr() -> Path:
    """Unpacked npm package of the QR code library (the directory holding index.js)."""
    return _npm_package("qr", QR_VERSION, QR_TGZ_SHA256, QR_FILES)


def fetch_all() -> None:
    fetch_pyodide()
    fetch_micropip()
    fetch_qr()


# --------------------------------------------------------------------------------------------- build


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


# The characters on the tile faces (萬 numerals, winds, dragons, the 财 badge), drawn as paths so the
# tiles never depend on a CJK font on the player's device. Outlines from Noto Serif CJK SC Bold
# (SIL Open Font License), read at build time with fontTools.
TILE_GLYPHS = "一二三四五六七八九萬東南西北中發财"
TILE_FONT = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc")
TILE_FONT_NAME = "Noto Serif CJK SC"


def tile_glyphs_module(font: Path = TILE_FONT) -> bytes:
    """web/render/glyphs.mjs: SVG path data of TILE_GLYPHS in a 1000-unit em box, y down, centred on (0, 0)."""
    key = sha256_bytes(f"{font}|{font.stat().st_size if font.is_file() else 0}|{TILE_GLYPHS}|2".encode())[:16]
    cached = CACHE / f"glyphs-{key}.mjs"
    if cached.is_file():
        return cached.read_bytes()
    try:
        from fontTools.pens.svgPathPen import SVGPathPen
        from fontTools.pens.transformPen import TransformPen
        from fontTools.ttLib import TTCollection
    except ImportError as err:
        raise SystemExit("build: the tile faces need fontTools (pip install -r requirements-dev.txt)") from err
    if not font.is_file():
        raise SystemExit(f"build: the tile faces need {font} (apt-get install fonts-noto-cjk)")
    fonts = [f for f in TTCollection(str(font), lazy=True).fonts if f["name"].getDebugName(1) == TILE_FONT_NAME]
    if not fonts:
        raise SystemExit(f"build: {font} has no {TILE_FONT_NAME}")
    f = fonts[0]
    upm = f["head"].unitsPerEm
    os2 = f["OS/2"]
    middle = (os2.sTypoAscender + os2.sTypoDescender) / 2
    cmap = f.getBestCmap()
    glyphs = f.getGlyphSet()
    paths = {}
    for ch in TILE_GLYPHS:
        pen = SVGPathPen(glyphs, ntos=lambda v: str(round(v)))
        scale = 1000 / upm
        # the em box's centre to (0, 0), y pointing down as on a canvas
        glyphs[cmap[ord(ch)]].draw(TransformPen(pen, (scale, 0, 0, -scale, -500, middle * scale)))
        paths[ch] = pen.getCommands()
    body = ",\n".join(f"  {json.dumps(ch, ensure_ascii=False)}: {json.dumps(d)}" for ch, d in paths.items())
    data = ("// Generated by build.py from Noto Serif CJK SC Bold (SIL Open Font License 1.1): outlines of the\n"
            "// characters on the tile faces, 1000 units to the em, centred on (0, 0), y down.\n"
            f"export const GLYPHS = {{\n{body},\n}};\n").encode()
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_bytes(data)
    return data


def web_files() -> list[Path]:
    out = []
    for p in sorted(WEB.rglob("*")):
        if p.is_file() and not p.name.startswith(".") and "__pycache__" not in p.parts and p != SW_TEMPLATE_PATH:
            out.append(p)
    return out


def _manifest(version: str) -> bytes:
    manifest = {
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
    return (json.dumps(manifest, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


SW_TEMPLATE_PATH = WEB / "sw.template.js"
"""The service worker's source; build.py fills in the build id and the precache list (it is not served itself)."""


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


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return  # keep mtime (and the server's ETag) stable when nothing changed
    path.write_bytes(data)


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
    for f in PYODIDE_RUNTIME_FILES:
        data = (pyodide_dir / f).read_bytes()
        if f == "pyodide-lock.json":
            data = served_lock(data, MICROPIP_SHA256)
        elif f == "python_stdlib.zip":
            data = stdlib_zip_with_bytecode(data, stdlib_bytecode(pyodide_dir, whl_bytes))
        files[f"pyodide/{f}"] = data
    files[f"pyodide/{MICROPIP_WHEEL}"] = micropip.read_bytes()
    files["manifest.webmanifest"] = _manifest(version)
    files["render/glyphs.mjs"] = tile_glyphs_module()
    files["engine-words.mjs"] = words.module_bytes()  # the engine's words, never a stale copy
    qr_dir = fetch_qr()
    for f in QR_FILES:
        files[f"vendor/qr/{f}"] = (qr_dir / f).read_bytes()

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
        _write(dist / name, data)
    if not quiet:
        total = sum(len(d) for d in files.values())
        log(f"built dist/ (build {build_id}, hzmj_core {version}, pyodide {PYODIDE_VERSION}): "
            f"{len(files)} files, {total / 1e6:.1f} MB, wheel {len(whl_bytes)} B, "
            f"{time.perf_counter() - t0:.1f} s")
    return info


def files_sizes(files: Mapping[str, bytes]) -> Iterable[tuple[str, int]]:
    return ((k, len(v)) for k, v in files.items())


# --------------------------------------------------------------------------------------------- serve


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the right MIME types, ETag/304 and gzip when the client accepts it.

    ``extra_files`` (class attribute, set by make_server) maps URL paths to in-memory bytes; the
    benchmarks use it to serve pages that are not part of the build.
    """

    extra_files: dict[str, bytes] = {}  # noqa: RUF012 - replaced per server by make_server
    bytes_sent = 0
    bytes_lock = threading.Lock()
    gzip_cache: dict[tuple[str, int, int], bytes] = {}  # noqa: RUF012 - shared on purpose
    quiet = True
    throttle_bps = 0  # >0: send at most this many bytes per second per response (tests of the loading UI)
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def do_HEAD(self) -> None:
        self._serve(head=True)

    def do_GET(self) -> None:
        self._serve(head=False)

    def _serve(self, head: bool) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        from urllib.parse import unquote

        path = unquote(path)
        if path in self.extra_files:
            body = self.extra_files[path]
            mtime = 0.0
            suffix = Path(path).suffix
        else:
            fs = Path(self.translate_path(path))
            if fs.is_dir():
                if not path.endswith("/"):
                    self.send_response(301)
                    self.send_header("Location", path + "/")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                fs = fs / "index.html"
            if not fs.is_file():
                self.send_error(404, "Not found")
                return
            st = fs.stat()
            mtime = st.st_mtime
            body = fs.read_bytes()
            suffix = fs.suffix
        etag = '"' + hashlib.sha1(body).hexdigest()[:20] + '"'
        ctype = MIME_TYPES.get(suffix, "application/octet-stream")
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "no-cache")
            self.end_headers()
            return
        encoding = None
        accept = self.headers.get("Accept-Encoding", "")
        if suffix in COMPRESSIBLE and "gzip" in accept and len(body) > 512:
            key = (etag, len(body), int(mtime))
            gz = self.gzip_cache.get(key)
            if gz is None:
                gz = gzip.compress(body, compresslevel=6, mtime=0)
                if len(self.gzip_cache) > 64:  # rebuilds while serving: forget older builds' files
                    self.gzip_cache.clear()
                self.gzip_cache[key] = gz
            body, encoding = gz, "gzip"
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("ETag", etag)
        self.send_header("Cache-Control", "no-cache")
        if mtime:
            self.send_header("Last-Modified", email.utils.formatdate(mtime, usegmt=True))
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.send_header("Vary", "Accept-Encoding")
        if path not in self.extra_files:  # pages of the tests and benchmarks, not of the build
            self.send_header("Content-Security-Policy", CSP)
        self.end_headers()
        if not head:
            if self.throttle_bps:
                step = 32 * 1024
                for i in range(0, len(body), step):
                    self.wfile.write(body[i : i + step])
                    time.sleep(len(body[i : i + step]) / self.throttle_bps)
            else:
                self.wfile.write(body)
            with self.bytes_lock:
                type(self).bytes_sent += len(body)


class Server(http.server.ThreadingHTTPServer):
    """The site's HTTP server: a client that hangs up before its answer is sent (a closed tab, a page the
    tests close mid-download) ends that answer quietly; any other error in a request is printed as usual."""

    def handle_error(self, request: object, client_address: object) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(
    root: Path = DIST, host: str = "127.0.0.1", port: int = 0, extra_files: Mapping[str, bytes] | None = None,
    quiet: bool = True, throttle_bps: int = 0,
) -> Server:
    """A :class:`Server` serving ``root``. Port 0 picks a free port (see ``server.server_address``).

    Each server gets its own handler class, so ``server.RequestHandlerClass.bytes_sent`` counts the
    bytes sent (after compression) by that server alone.
    """
    root_s = str(root)

    class _H(Handler):
        def __init__(self, *a: object, **kw: object) -> None:
            super().__init__(*a, directory=root_s, **kw)  # type: ignore[arg-type]

    _H.extra_files = dict(extra_files or {})
    _H.quiet = quiet
    _H.throttle_bps = throttle_bps
    _H.bytes_sent = 0
    _H.bytes_lock = threading.Lock()
    server = Server((host, port), _H)
    server.daemon_threads = True
    return server


def serve(port: int, host: str) -> None:
    build()
    server = make_server(DIST, host, port, quiet=False)
    h, p = server.server_address[:2]
    log(f"serving dist/ at http://{h!s}:{p}/  (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", nargs="?", default="build", choices=["build", "serve", "fetch", "wheel"])
    ap.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--out", type=Path, default=DIST, help="output directory (default dist/)")
    args = ap.parse_args(argv)
    if args.command == "fetch":
        fetch_all()
        print(pyodide_cache_dir())
    elif args.command == "wheel":
        name, data = build_wheel_bytes()
        out = ROOT / "build" / name
        out.parent.mkdir(exist_ok=True)
        out.write_bytes(data)
        print(out)
    elif args.command == "serve":
        serve(args.port, args.host)
    else:
        build(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
