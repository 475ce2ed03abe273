"""Failed downloads never hang the page (issue 9, item 1).

For every file that a cold start of the game page loads, and each way a download can fail, the page
must reach its error screen within a stated time, and its Retry must then start the game once the
server is healthy again. The times are the promises in the README ("What a player sees when ...").

The test server can break any file on demand: ``serve_with_faults(dist)`` yields a ``FaultySite``, and
``site.break_file("pyodide/pyodide.asm.wasm", "cut")`` makes every later request of that file fail in
one of these ways, until ``site.heal()``:

* ``404``: the file is missing;
* ``cut``: the headers announce the whole file, half of it is sent, then the connection closes;
* ``stall``: the headers and half of the file are sent, then nothing more (the connection stays open);
* ``truncate``: half of the file is served as if it were the whole file (Content-Length matches).
"""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("hzmj_build_faults", ROOT / "build.py")
assert _spec and _spec.loader
build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build)

KINDS = ("404", "cut", "stall", "truncate")
STALL_HOLD_S = 120  # a stalled response is held open this long at most (or until heal())


@dataclass
class FaultySite:
    url: str
    faults: dict[str, str] = field(default_factory=dict)
    release: threading.Event = field(default_factory=threading.Event)

    def break_file(self, path: str, kind: str) -> None:
        assert kind in KINDS, kind
        self.release.clear()
        self.faults[path] = kind

    def heal(self) -> None:
        self.faults.clear()
        self.release.set()


@contextmanager
def serve_with_faults(dist: Path) -> Iterator[FaultySite]:
    server = build.make_server(dist, "127.0.0.1", 0)
    site = FaultySite(url=f"http://127.0.0.1:{server.server_address[1]}/")
    base: Any = server.RequestHandlerClass

    class FaultHandler(base):  # type: ignore[misc,valid-type]
        def _serve(self, head: bool) -> None:
            path = unquote(self.path.split("?", 1)[0].split("#", 1)[0]).lstrip("/")
            kind = site.faults.get(path)
            if kind is None:
                super()._serve(head)
                return
            if kind == "404":
                self.send_error(404, "Not found")
                return
            data = (dist / path).read_bytes()
            part = data[: len(data) // 2]
            self.send_response(200)
            self.send_header("Content-Type", build.MIME_TYPES.get(Path(path).suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(len(part) if kind == "truncate" else len(data)))
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Content-Security-Policy", build.CSP)
            self.end_headers()
            self.close_connection = True
            if head:
                return
            self.wfile.write(part)
            self.wfile.flush()
            if kind == "stall":
                site.release.wait(STALL_HOLD_S)

    server.RequestHandlerClass = FaultHandler
    thread = threading.Thread(target=server.serve_forever, name="fault-server", daemon=True)
    thread.start()
    try:
        yield site
    finally:
        site.heal()
        server.shutdown()
        server.server_close()


READY = "html[data-state=ready]"
ERROR = "html[data-state=error]"
# Every file a cold start of the game page waits for before the table can be played. Not here: the page
# itself (index.html: the browser shows its own error page), the two files that only look better when
# they load (style.css, icon.svg), and guard.mjs, the script that watches all the others.
PAGE_FILES = ["app.mjs", "bridge.mjs", "render/table.mjs", "worker.mjs"]
RUNTIME_FILES = ["build.json", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"]
WHEEL = "<wheel>"
# Seconds from opening the page to its error screen, beyond the time a healthy cold start takes on this
# machine (a failure cannot be seen before the boot reaches it, nor while the worker is busy starting
# Python). The watchdogs: the worker reports 10 s without a byte (web/worker.mjs STALL_MS), the page 15 s
# without its scripts (web/guard.mjs SCRIPTS_MS) or without a word from the worker (web/bridge.mjs
# FIRST_WORD_MS); an HTTP error, a broken or a short body is reported when it happens.
LIMIT_S = {"404": 5, "cut": 5, "truncate": 5, "stall": 20}
TIMES = ROOT / "test-results" / "fault-times.json"


@pytest.fixture(scope="module")
def faulty(site: Any) -> Iterator[FaultySite]:
    with serve_with_faults(site.dist) as s:
        yield s


@pytest.fixture(scope="module")
def healthy_boot_s(browser: Any, faulty: FaultySite) -> float:
    """Seconds a cold start of the healthy site takes to a ready engine (once per module)."""
    context = browser.new_context()
    try:
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(faulty.url)
        page.wait_for_selector(READY, timeout=120_000)
        return time.monotonic() - t0
    finally:
        context.close()


def _record(file: str, kind: str, seconds: float, healthy: float) -> None:
    TIMES.parent.mkdir(exist_ok=True)
    try:
        times = json.loads(TIMES.read_text())
    except (OSError, ValueError):
        times = {}
    times[f"{kind} {file}"] = round(seconds, 1)
    times["healthy cold start"] = round(healthy, 1)
    TIMES.write_text(json.dumps(times, indent=1, sort_keys=True))


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("file", PAGE_FILES + RUNTIME_FILES + [WHEEL])
def test_a_failed_download_ends_in_the_error_and_retry_recovers(
    page: Any, site: Any, faulty: FaultySite, healthy_boot_s: float, js_errors: list[str], file: str, kind: str
) -> None:
    path = site.info["wheel"] if file == WHEEL else file
    faulty.break_file(path, kind)
    try:
        t0 = time.monotonic()
        page.goto(faulty.url, wait_until="commit")
        page.wait_for_selector(ERROR, timeout=(healthy_boot_s + LIMIT_S[kind]) * 1000)
        elapsed = time.monotonic() - t0
        _record(file, kind, elapsed, healthy_boot_s)
        assert page.locator("#failure").is_visible()
        assert page.locator("#retry").is_visible()
        message = page.locator("#error-message").inner_text()
        assert message.strip(), "an empty error message"
        assert "exit(1)" not in message, message
    finally:
        faulty.heal()
    page.click("#retry")
    page.wait_for_selector(READY, timeout=120_000)
    page.wait_for_selector("html[data-table=ready]", timeout=30_000)
    js_errors.clear()  # the failed downloads are logged; what counts is the screen
