"""The pinned downloads, fetched once into ``.cache/`` and checked by sha256: Pyodide and the QR code library
from npm (``npm pack``), the micropip wheel for Python 3.14 from PyPI (``pip download``).

Network is only used when ``.cache/`` lacks them; later builds are offline.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterable
from pathlib import Path

from builder.common import CACHE, log, sha256_file

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


def pyodide_cache_dir() -> Path:
    """Unpacked npm package of Pyodide (the directory holding pyodide.mjs)."""
    return CACHE / f"pyodide-{PYODIDE_VERSION}" / "package"


def fetch_pyodide() -> Path:
    """The unpacked npm package of the pinned Pyodide (fetched once)."""
    return npm_package("pyodide", PYODIDE_VERSION, PYODIDE_TGZ_SHA256, PYODIDE_RUNTIME_FILES)


def npm_package(name: str, version: str, sha256: str, files: Iterable[str]) -> Path:
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
    """The micropip wheel for Python 3.14 in .cache/ (fetched once with pip, checked by sha256)."""
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
    return npm_package("qr", QR_VERSION, QR_TGZ_SHA256, QR_FILES)


def fetch_all() -> None:
    """Fill .cache/ with every pinned download."""
    fetch_pyodide()
    fetch_micropip()
    fetch_qr()
