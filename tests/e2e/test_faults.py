"""Failed downloads never leave a dead page.

For every file that a cold start of the game page loads, and each way a download can fail, the page
must reach its error screen within a stated time, and its Retry must then get past the failure once the
server is healthy. The times are the promises of docs/reliability.md ("The page").

The test server can break any file on demand: ``serve_with_faults(dist)`` yields a ``FaultySite``, and
``site.break_file("pyodide/pyodide.asm.wasm", "cut")`` makes every later request of that file fail in
one of these ways, until ``site.heal()``:

* ``404``: the file is missing;
* ``cut``: the headers announce the whole file, half of it is sent, then the connection closes;
* ``stall``: the headers and half of the file are sent, then nothing more (the connection stays open);
* ``truncate``: half of the file is served as if it were the whole file (Content-Length matches).

What a player sees, per file:

* the page itself (``index.html``): a 404 is the browser's own error page (nothing of ours has loaded).
  Stalled or truncated, the page shows what arrived, and no script of ours runs: style.css reveals the
  notice "The page did not finish loading" (the body's first element) after 20 s, whose plain link
  reloads. Cut off, the same when Chromium has parsed the page as far as the notice; but it drops what it
  has not parsed yet when the connection breaks, so how far that is depends on timing: not tested;
* ``guard.mjs`` (the page's first script, which watches the others): the same notice;
* ``style.css`` and the page's modules: the error screen with Retry (guard.mjs);
* ``worker.mjs`` and the runtime: the error screen with Retry (app.mjs).

Each case has a server and a browser context of its own (a cold start: no cache, no snapshot). The cases
of the page's own files do not start Python: the cases of all four kinds start side by side when the
first of their tests runs (``page_file_cases``: the late notice takes its 20 s once, not once per kind),
and each kind's test then checks its cases. Their Retry counts as working once app.mjs runs and the
engine worker is downloading the runtime (every page file has loaded then; the rest is the healthy cold
start of test_boot.py). The cases of the runtime files run side by side as well (see RUNTIME_GROUPS),
and retry to a playable table. Each page records when it showed its error or notice
(``performance.now()``: milliseconds from opening the page), so cases that run side by side are timed
exactly.
"""

from __future__ import annotations

import fcntl
import json
import re
import threading
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from builder.server import CSP, MIME_TYPES, make_server

ROOT = Path(__file__).resolve().parents[2]

# One process of the suite runs this module: its cases share a module fixture and one measure of a
# healthy cold start (conftest.py: pytest-xdist).
pytestmark = pytest.mark.xdist_group("faults")

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
    server = make_server(dist, "127.0.0.1", 0)
    site = FaultySite(url=f"http://127.0.0.1:{server.server_address[1]}/")
    base: Any = server.RequestHandlerClass

    class FaultHandler(base):  # type: ignore[misc,valid-type]
        def _serve(self, head: bool) -> None:
            path = unquote(self.path.split("?", 1)[0].split("#", 1)[0]).lstrip("/") or "index.html"
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
            self.send_header("Content-Type", MIME_TYPES.get(Path(path).suffix, "application/octet-stream"))
            self.send_header("Content-Length", str(len(part) if kind == "truncate" else len(data)))
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Content-Security-Policy", CSP)
            self.end_headers()
            self.close_connection = True
            if head:
                return
            self.wfile.write(part)
            self.wfile.flush()
            if kind == "stall":
                site.release.wait(STALL_HOLD_S)

    server.RequestHandlerClass = FaultHandler
    # a short poll interval: shutdown() waits for the next poll, and a test stops dozens of these servers
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="fault-server",
                              daemon=True)
    thread.start()
    try:
        yield site
    finally:
        site.heal()
        server.shutdown()
        server.server_close()


READY = "html[data-state=ready]"
# The page's own files, in the order a cold start loads them. Without guard.mjs no script of ours runs
# (and without index.html nothing at all): those show the late notice that style.css reveals.
PAGE_FILES = ["index.html", "style.css", "guard.mjs", "app.mjs", "bridge.mjs", "render/table.mjs", "worker.mjs",
              "worker/boot.mjs",  # the largest of the worker's own modules (downloads and start-up)
              "json-guard.mjs"]  # a module the worker and the page's bridge.mjs both import
NO_SCRIPT = {"index.html", "guard.mjs"}
RUNTIME_FILES = ["build.json", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                 "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json"]
WHEEL = "<wheel>"
# Seconds from opening the page to its error screen, beyond the time a healthy cold start takes on this
# machine (a failure cannot be seen before the boot reaches it, nor while the worker is busy starting
# Python). The watchdogs: the worker reports 10 s without a byte (web/worker.mjs STALL_MS), the page 15 s
# without its scripts or style sheet (web/guard.mjs SCRIPTS_MS) or without a word from the worker
# (web/bridge.mjs FIRST_WORD_MS); an HTTP error, a broken or a short body is reported when it happens.
# The late notice shows 20 s after the style sheet has arrived (web/style.css .late).
LIMIT_S = {"404": 5, "cut": 5, "truncate": 5, "stall": 20}
LATE_LIMIT_S = 25
TIMES = ROOT / "test-results" / "fault-times.json"

# When the page showed its error screen or the late notice, in ms from opening it (every document).
RECORD_TIMES = """
new MutationObserver(() => {
  if (document.documentElement && document.documentElement.dataset.state === 'error' && !window.__errorAt) {
    window.__errorAt = performance.now();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ['data-state']});
document.addEventListener('animationstart', (e) => {
  if (e.target.id === 'late') window.__errorAt = performance.now();
}, true);
"""
SEEN = """() => ({state: document.documentElement.dataset.state, readyState: document.readyState,
  late: Boolean(document.getElementById('late')), styleSheets: document.styleSheets.length,
  status: (document.getElementById('status') || {}).textContent, hzmj: Boolean(window.hzmj),
  message: (document.getElementById('error-message') || {}).textContent})"""
SHOWN = "() => window.__errorAt !== undefined"
DOWNLOADING = "() => Boolean(window.hzmj && window.hzmj.progressLog.some((p) => p.fraction > 0))"


@pytest.fixture(scope="module")
def healthy_boot_s(browser: Any, site: Any) -> float:
    """Seconds a cold start of the healthy site takes to a ready engine (once per module)."""
    with serve_with_faults(site.dist) as faulty, Case(browser, faulty, "", "") as case:
        case.page.goto(faulty.url)
        case.page.wait_for_selector(READY, timeout=120_000)
        return float(case.page.evaluate("performance.now()")) / 1000


class Case:
    """One file broken one way, on a server of its own, in a fresh browser context."""

    def __init__(self, browser: Any, faulty: FaultySite, file: str, kind: str) -> None:
        self.faulty, self.file, self.kind = faulty, file, kind
        self.context = browser.new_context()
        self.context.add_init_script(RECORD_TIMES)
        self.requests: list[str] = []
        self.context.on("request", lambda req: self.requests.append(req.url))
        self.page = self.context.new_page()
        self.closed = False

    def __enter__(self) -> Case:
        return self

    def __exit__(self, failed: object, *exc: object) -> None:
        self.close(check=not failed)

    def close(self, check: bool = True) -> None:
        """Heals the server, closes the browser context (once) and checks that no request left 127.0.0.1."""
        if self.closed:
            return
        self.closed = True
        self.faulty.heal()
        self.context.close()
        if not check:
            return
        foreign = sorted({u for u in self.requests if urlsplit(u).hostname not in (None, "127.0.0.1")})
        assert not foreign, f"requests to hosts other than 127.0.0.1: {foreign}"

    @property
    def name(self) -> str:
        return f"{self.kind} {self.file}"

    def start(self) -> None:
        self.faulty.break_file(self.file, self.kind)
        self.page.goto(self.faulty.url, wait_until="commit")

    def wait_shown(self, limit_s: float) -> float:
        """Waits for the error screen (or the late notice); returns the seconds it took, checks the screen."""
        try:
            self.page.wait_for_function(SHOWN, timeout=limit_s * 1000)
        except Exception as exc:
            seen = self.page.evaluate(SEEN)
            raise AssertionError(f"{self.name}: no error screen after {limit_s:.0f} s: {seen}") from exc
        seconds = float(self.page.evaluate("window.__errorAt")) / 1000
        if self.file in NO_SCRIPT:
            assert self.page.locator("#late").is_visible(), self.name
            assert self.page.locator("#late a").is_visible(), self.name
        else:
            assert self.page.locator("#failure").is_visible(), self.name
            assert self.page.locator("#retry").is_visible(), self.name
            message = self.page.locator("#error-message").inner_text()
            assert message.strip(), f"{self.name}: an empty error message"
            assert "exit(1)" not in message, f"{self.name}: {message}"
        return seconds

    def retry(self) -> None:
        """Heals the server and presses Retry (the late notice's link when no script of ours ran)."""
        self.faulty.heal()
        if self.file in NO_SCRIPT:
            self.page.click("#late a")
        else:
            self.page.evaluate("() => { if (window.hzmj) window.hzmj.progressLog.length = 0; }")
            self.page.click("#retry")


def _record(times: dict[str, float], healthy: float) -> None:
    TIMES.parent.mkdir(exist_ok=True)
    with open(TIMES.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the suite's processes may record at the same time
        try:
            saved = json.loads(TIMES.read_text())
        except (OSError, ValueError):
            saved = {}
        saved.update({k: round(v, 1) for k, v in times.items()})
        saved["healthy cold start"] = round(healthy, 1)
        TIMES.write_text(json.dumps(saved, indent=1, sort_keys=True))


def _limit_s(file: str, kind: str, healthy: float) -> float:
    return healthy + (LATE_LIMIT_S if file in NO_SCRIPT else LIMIT_S[kind])


def _open(stack: ExitStack, browser: Any, site: Any, kind: str, files: list[str]) -> list[Case]:
    """Opens the cold starts of ``files``, each broken ``kind`` on its own server, all at once."""
    cases: list[Case] = []
    for file in files:
        faulty = stack.enter_context(serve_with_faults(site.dist))
        cases.append(stack.enter_context(Case(browser, faulty, _path(site, file), kind)))
    for case in cases:
        case.start()
    return cases


def _check_shown(cases: list[Case], healthy: float, kind: str, files: list[str]) -> None:
    """Checks and records when each case showed its error."""
    times = {}
    for file, case in zip(files, cases, strict=True):
        times[f"{kind} {file}"] = case.wait_shown(_limit_s(file, kind, healthy))
    _record(times, healthy)
    for file, case in zip(files, cases, strict=True):
        assert times[f"{kind} {file}"] <= _limit_s(file, kind, healthy), case.name


@contextmanager
def _side_by_side(browser: Any, site: Any, healthy: float, kind: str, files: list[str]) -> Iterator[list[Case]]:
    """Opens the cold starts of ``files``, each broken ``kind`` on its own server, all at once; checks and
    records when each showed its error; yields the cases for their retries."""
    with ExitStack() as stack:
        cases = _open(stack, browser, site, kind, files)
        _check_shown(cases, healthy, kind, files)
        yield cases


def _path(site: Any, file: str) -> str:
    return str(site.info["wheel"]) if file == WHEEL else file


def _page_files(kind: str) -> list[str]:
    return [f for f in PAGE_FILES if not (f == "index.html" and kind in ("404", "cut"))]


@pytest.fixture(scope="module")
def page_file_cases(browser: Any, site: Any, healthy_boot_s: float) -> Iterator[dict[str, list[Case]]]:
    """The page files' cases of every kind, started side by side (they start no Python, and most of their
    time is the wait for the late notice, which they then share): kind -> cases, in _page_files order.
    The stalled ones open last: while they wait, the early engine workers of some of them start Python,
    which would slow the pages of the other kinds on their way to their error screens."""
    with ExitStack() as stack:
        yield {kind: _open(stack, browser, site, kind, _page_files(kind))
               for kind in ("404", "cut", "truncate", "stall")}


@pytest.mark.parametrize("kind", KINDS)
def test_a_failed_page_file_shows_the_error_and_retry_recovers(
    page_file_cases: dict[str, list[Case]], healthy_boot_s: float, kind: str
) -> None:
    cases = page_file_cases[kind]
    try:
        _check_shown(cases, healthy_boot_s, kind, _page_files(kind))
        for case in cases:   # one at a time: each closed before its engine starts Python, which costs CPU
            case.retry()
            case.page.wait_for_function(DOWNLOADING, timeout=120_000)
            case.close()
    finally:
        for case in cases:
            case.close(check=False)


# The runtime files' cases run side by side too: most fail before Python starts, and at most one case
# of a group starts Python before its fault shows (two at once would slow each other: a stalled wheel is
# seen 10 s after Python has started, so it gets a group of its own). Their retries, each a full start of
# the engine, run two at a time (Python starts on one thread; the machine has two cores).
RUNTIME_GROUPS = [(kind, [*RUNTIME_FILES, WHEEL]) for kind in ("404", "cut", "truncate")] + [
    ("stall", RUNTIME_FILES), ("stall", [WHEEL])]


@pytest.mark.parametrize(("kind", "files"), RUNTIME_GROUPS, ids=["404", "cut", "truncate", "stall", "stall-wheel"])
def test_a_failed_runtime_file_shows_the_error_and_retry_recovers(
    browser: Any, site: Any, healthy_boot_s: float, kind: str, files: list[str]
) -> None:
    with _side_by_side(browser, site, healthy_boot_s, kind, files) as cases:
        for i in range(0, len(cases), 2):
            pair = cases[i : i + 2]
            for case in pair:
                case.retry()
            for case in pair:
                try:
                    case.page.wait_for_selector("html[data-table=ready]", timeout=120_000)
                except Exception as exc:
                    raise AssertionError(
                        f"{case.name}: Retry did not start the game: {case.page.evaluate(SEEN)}") from exc
                case.close()


def test_the_style_sheets_last_rule_is_the_one_guard_mjs_waits_for() -> None:
    """guard.mjs knows style.css arrived whole when its last rule applies: a rule added after it would be
    lost unnoticed when the file is cut short there."""
    css = (ROOT / "web" / "style.css").read_text(encoding="utf-8")
    rules = [r.strip() for r in re.sub(r"/\*.*?\*/", "", css, flags=re.S).split("}") if r.strip()]
    assert rules[-1].replace(" ", "") == ":root{--style-complete:1;"
