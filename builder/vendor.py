"""The pinned downloads, fetched once into ``.cache/`` and checked by sha256: Pyodide and the QR code library
from npm (``npm pack``), the micropip wheel for Python 3.14 from PyPI's file host (with urllib: no pip needed).

Network is only used when ``.cache/`` lacks them; later builds are offline.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tarfile
import urllib.request
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
# where PyPI keeps that file (its simple index, https://pypi.org/simple/micropip/, links to it)
MICROPIP_URL = ("https://files.pythonhosted.org/packages/17/54/"
                f"d737f98fe5da2fd3375de34e9231c56550eefdd33ae9b671a25070792430/{MICROPIP_WHEEL}")
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


def download(url: str, dest: Path, sha256: str) -> Path:
    """Fetch ``url`` into ``dest`` with urllib. ``dest`` appears only whole and with the given sha256; on any
    failure the build stops naming the URL, and ``dest`` is left as it was."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(f"{dest.name}.{os.getpid()}.part")
    try:
        with urllib.request.urlopen(url, timeout=120) as response, part.open("wb") as out:
            shutil.copyfileobj(response, out)
        digest = sha256_file(part)
        if digest != sha256:
            raise SystemExit(f"build: {url} has sha256 {digest}, expected {sha256}")
        os.replace(part, dest)
    except OSError as err:  # urllib's URLError and HTTPError among them
        raise SystemExit(f"build: could not fetch {url}: {err}") from err
    finally:
        part.unlink(missing_ok=True)
    return dest


def fetch_micropip(url: str = MICROPIP_URL) -> Path:
    """The micropip wheel for Python 3.14 in .cache/ (fetched once from ``url``, checked by sha256)."""
    whl = CACHE / "py314-wheels" / MICROPIP_WHEEL
    if whl.is_file() and sha256_file(whl) == MICROPIP_SHA256:
        return whl
    log(f"fetching {MICROPIP_WHEEL} for Python 3.14 (once) ...")
    return download(url, whl, MICROPIP_SHA256)


def fetch_qr() -> Path:
    """Unpacked npm package of the QR code library (the directory holding index.js)."""
    return npm_package("qr", QR_VERSION, QR_TGZ_SHA256, QR_FILES)


def fetch_all() -> None:
    """Fill .cache/ with every pinned download."""
    fetch_pyodide()
    fetch_micropip()
    fetch_qr()
