"""The play command on a fresh machine, and what it relies on.

``python build.py serve`` must work in a fresh clone with a Python that has only its standard library (no
fontTools, no pip) and no CJK font installed: the tile glyphs are committed (``web/render/glyphs.mjs``), and
the one PyPI download is fetched with urllib. The glyph module is made again here from the font, with
fontTools (both installed by scripts/setup.sh), and must equal the committed file.
"""

from __future__ import annotations

import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from builder import glyphs, server, vendor

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_tile_glyphs_are_what_the_font_gives() -> None:
    committed = glyphs.GLYPHS_MODULE.read_bytes()
    assert glyphs.tile_glyphs_module() == committed, "web/render/glyphs.mjs is stale: run python build.py glyphs"
    assert len(committed) < 64 * 1024  # a committed file: 18 outlines, about 9 KB
    assert all(f'"{ch}": "M' in committed.decode() for ch in glyphs.TILE_GLYPHS)


@pytest.fixture
def file_host() -> Any:
    """A local HTTP server with one file, /pkg.whl (the pinned micropip wheel's bytes); yields its URL."""
    data = vendor.fetch_micropip().read_bytes()
    httpd = server.make_server(Path("/nonexistent"), extra_files={"/pkg.whl": data})
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", data
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_download_is_kept_only_whole_and_with_its_sha256(file_host: Any, tmp_path: Path) -> None:
    base, data = file_host
    dest = tmp_path / "wheels" / "pkg.whl"
    assert vendor.download(base + "pkg.whl", dest, vendor.MICROPIP_SHA256) == dest
    assert dest.read_bytes() == data

    other = tmp_path / "other.whl"
    other.write_bytes(b"as it was")
    with pytest.raises(SystemExit, match=r"pkg\.whl has sha256 768de165.*expected 0{64}"):
        vendor.download(base + "pkg.whl", other, "0" * 64)
    with pytest.raises(SystemExit, match=r"could not fetch .*/missing\.whl: HTTP Error 404"):
        vendor.download(base + "missing.whl", other, vendor.MICROPIP_SHA256)
    assert other.read_bytes() == b"as it was"
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["other.whl", "pkg.whl", "wheels"]  # no .part left


def _fresh_clone(dest: Path) -> None:
    """The files a commit of the working tree would hold (tracked and new, not ignored), copied to ``dest``,
    with a ``.cache`` of links to the shared cache's pinned downloads and bytecode (no network needed), but
    not to its glyph modules (an older build kept them there)."""
    listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, check=True).stdout.decode().split("\0")
    for name in filter(None, listed):
        src = ROOT / name
        if src.is_file():
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name)
    cache = dest / ".cache"
    cache.mkdir()
    for entry in (ROOT / ".cache").iterdir():
        if not entry.name.startswith("glyphs-"):
            (cache / entry.name).symlink_to(entry.resolve())


def test_the_play_command_works_with_a_bare_python_and_no_fonts(site: Any, tmp_path: Path) -> None:
    """``python build.py serve`` in a fresh copy of the tree, run by a clean venv's Python (no fontTools, no
    pip) with /usr/share/fonts hidden behind an empty directory: it builds dist/ and serves it, and the build
    is the same as the test session's (the same build id)."""
    clone = tmp_path / "clone"
    _fresh_clone(clone)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    for module in ("fontTools", "pip"):
        assert subprocess.run([python, "-c", f"import {module}"], capture_output=True).returncode != 0, module

    no_fonts = tmp_path / "no-fonts"
    no_fonts.mkdir()
    script = ('mount --bind "$1" /usr/share/fonts || exit 96; '
              'if [ -n "$(ls -A /usr/share/fonts)" ]; then echo "fonts still visible" >&2; exit 97; fi; '
              'exec "$2" build.py serve --port 0')
    as_root = [] if os.geteuid() == 0 else ["--map-root-user"]
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV"}}
    proc = subprocess.Popen(["unshare", "--mount", *as_root, "bash", "-c", script, "bash", str(no_fonts),
                             str(python)], cwd=clone, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    lines: queue.Queue[str | None] = queue.Queue()

    def read() -> None:
        assert proc.stderr is not None
        for line in proc.stderr:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=read, daemon=True).start()
    said: list[str] = []
    try:
        url = None
        deadline = time.monotonic() + 180
        while url is None and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                break
            said.append(line)
            m = re.search(r"serving dist/ at (http://\S+/)", line)
            url = m.group(1) if m else None
        assert url, f"build.py serve did not start serving (exit {proc.poll()}):\n{''.join(said)}"

        def get(path: str) -> bytes:
            with urllib.request.urlopen(url + path, timeout=30) as response:
                return bytes(response.read())

        page = (ROOT / "web" / "index.html").read_bytes()
        assert get("index.html") == (clone / "dist" / "index.html").read_bytes() == page
        assert get("render/glyphs.mjs") == glyphs.GLYPHS_MODULE.read_bytes()
        built = (clone / "dist" / "build.json").read_text(encoding="utf-8")
        assert f'"build_id": "{site.info["build_id"]}"' in built
        assert get("build.json").decode() == built
    finally:
        proc.send_signal(signal.SIGINT)  # what Ctrl-C sends: the server closes and the command ends
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, "".join(said)
