"""The repository's paths and the small helpers every build job shares."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "hzmj_core"
WEB = ROOT / "web"
DIST = ROOT / "dist"
CACHE = ROOT / ".cache"


def log(msg: str) -> None:
    """A line of the build's progress on stderr."""
    print(f"[build] {msg}", file=sys.stderr, flush=True)


def sha256_bytes(data: bytes) -> str:
    """The hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


def sha256_file(path: Path) -> str:
    """The hex sha256 of the file at ``path``, read in chunks."""
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def write_if_changed(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` (making its directory) unless the file already holds exactly it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return  # keep mtime (and the server's ETag) stable when nothing changed
    path.write_bytes(data)
