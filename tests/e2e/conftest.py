"""Playwright fixtures for the browser tests against the built ``dist/``.

* ``site``: builds the site into a private temporary directory (``site.dist``; the same bytes as
  ``python build.py`` gives in dist/) and serves it from a ThreadingHTTPServer on 127.0.0.1:<random port>
  in a thread, for the whole session; ``site.url`` ends with '/', ``site.info`` is its build.json.
* ``slow_site``: the same build served at ~2 MB/s per response (to see the loading screen).
* ``own_site``: the same build on a server of its own for one test, which the test may stop.
* ``other_origin(...)``: the same build served once more for one test, on another port (another origin):
  ``plain=True`` with Python's plain ``http.server`` (no Content-Security-Policy header, no compression),
  ``cors=True`` allowing every origin as a CDN does, ``extra_files`` as for ``builder.server.make_server``.
* ``browser_type_launch_args``: Debian's /usr/bin/chromium with the flags from shared/PLATFORM.md.
* autouse ``offline_guard``: records every request of the browser context (worker requests included)
  and fails the test if any went to a host other than 127.0.0.1.
* autouse ``js_errors``: collects console errors, uncaught page errors and crashed workers; the test fails
  if any happened. A test that expects an error can inspect and clear the list (``js_errors.clear()``).
* ``screenshot(page, name)``: saves test-results/<name>.png (git-ignored).
* ``context`` / ``page``: a page of the session's warm browser profile (``warm_profiles``), unless the test
  is marked ``cold_profile`` or ``browser_context_args``: then a fresh browser context, as pytest-playwright
  makes it.
* ``warm_page(**context_args)``: a new page of the warm profile with those context arguments (one profile
  per distinct set, made on first use); its pages are closed after the test.
* ``snapshot_stored(page, seconds)``: waits for the page's engine to store its memory snapshot; True if it did.

scripts/test.sh runs the suite in two processes (pytest-xdist, ``-n 2 --dist loadgroup``): each has its own
session fixtures (its own build, server, browser and warm profiles), and the tests of a module that share a
module fixture run in one process (``pytest.mark.xdist_group``). Screenshots and test_faults' times go to
test-results/, which the controlling process empties once at the start.

The warm profile: a cold start of the game costs about 5 s of CPU (Python's start-up, then the memory
snapshot taken after the first table), and most tests only need a running table. So those tests share one
browser context per set of context arguments, in which a first page has booted the engine cold and stored
its memory snapshot: every later page starts as a returning player's does (HTTP cache, snapshot), in about
a second. Before each test the profile's cookies, localStorage and IndexedDB are cleared (the snapshot, in
Cache Storage, stays), so a test starts like a returning player with nothing saved; its pages are closed
after it. Service workers are blocked in it (a worker that controls the pages would answer their requests
before ``page.route`` can). The cold start, the snapshot, the service worker and offline play are tested
in fresh contexts (test_boot.py, test_csp.py, test_faults.py, the ``cold_profile`` tests of test_game.py).

Pass ``page.wait_for_function`` a function ("() => ..."), not a bare expression: Playwright evaluates a bare
expression with eval inside the page, which the pages' Content-Security-Policy refuses (EvalError).
"""

from __future__ import annotations

import functools
import http.server
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlsplit

import pytest

import builder.server
import builder.site

ROOT = Path(__file__).resolve().parents[2]

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # the browser's own omnibox pop-up page (some 200 chrome:// modules) would otherwise load in the background
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI",
]
ALLOWED_HOSTS = {"127.0.0.1"}
RESULTS = ROOT / "test-results"


@dataclass
class Site:
    url: str
    dist: Path
    info: dict[str, Any]
    server: Any = field(repr=False)

    @property
    def bytes_sent(self) -> int:
        return int(self.server.RequestHandlerClass.bytes_sent)


@contextmanager
def _serve(dist: Path, info: dict[str, Any], **server_args: Any) -> Iterator[Site]:
    server = builder.server.make_server(dist, "127.0.0.1", 0, **server_args)
    thread = threading.Thread(target=server.serve_forever, name="dist-server", daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    try:
        yield Site(url=f"http://{host}:{port}/", dist=dist, info=info, server=server)
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    # A private build for this session (same bytes as dist/, about a second): the working tree is shared,
    # and a `python build.py` run elsewhere during the session would replace dist/'s hashed wheel under
    # the pages being tested. Use site.dist (not the repository's dist/) to serve the build a second time.
    dist = tmp_path_factory.mktemp("dist")
    info = builder.site.build(dist, quiet=True)
    with _serve(dist, info) as s:
        yield s


@pytest.fixture(scope="session")
def slow_site(site: Site) -> Iterator[Site]:
    """The same dist/ served at ~2 MB/s per response, so the loading screen can be seen and checked."""
    with _serve(site.dist, site.info, throttle_bps=2_000_000) as s:
        yield s


@pytest.fixture
def own_site(site: Site) -> Iterator[Site]:
    """The same build on a server of its own, which a test may stop (``own_site.server.shutdown()``)."""
    with _serve(site.dist, site.info) as s:
        yield s


class _PlainHandler(http.server.SimpleHTTPRequestHandler):
    """``python -m http.server``'s handler, with the types a module script and WebAssembly need."""

    extensions_map: ClassVar[dict[str, str]] = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                                                ".mjs": "text/javascript", ".js": "text/javascript",
                                                ".wasm": "application/wasm"}

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def other_origin(site: Site) -> Iterator[Callable[..., str]]:
    """``other_origin(plain=False, cors=False, extra_files=None)``: the session's build served once more, on a
    server of its own at another port (another origin), until the end of the test; its URL (ending '/').
    ``plain``: Python's plain http.server, which sends no Content-Security-Policy header and compresses
    nothing; ``cors``: every response allows any origin, as a CDN's does; ``extra_files``: as for
    ``build.make_server``."""
    with ExitStack() as stack:

        def start(plain: bool = False, cors: bool = False, extra_files: dict[str, bytes] | None = None) -> str:
            server: Any
            if plain:
                assert not cors and not extra_files, "the plain server serves dist/ and nothing else"
                server = http.server.ThreadingHTTPServer(
                    ("127.0.0.1", 0), functools.partial(_PlainHandler, directory=str(site.dist)))
            else:
                server = builder.server.make_server(site.dist, "127.0.0.1", 0, extra_files=extra_files)
            if cors:
                base: Any = server.RequestHandlerClass

                class CorsHandler(base):  # type: ignore[misc,valid-type]
                    def end_headers(self) -> None:
                        self.send_header("Access-Control-Allow-Origin", "*")
                        super().end_headers()

                server.RequestHandlerClass = CorsHandler
            threading.Thread(target=server.serve_forever, name="other-origin", daemon=True).start()
            stack.callback(server.server_close)
            stack.callback(server.shutdown)
            return f"http://127.0.0.1:{server.server_address[1]}/"

        yield start


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup.sh (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


SNAPSHOT_STORED = """async (tries) => {
    const id = window.hzmj.bridge.info.build.build_id;
    const url = new URL('__pyodide_snapshot__/' + id, location.href).href;
    for (let i = 0; i < tries; i++) {
      if (await caches.match(url, {cacheName: 'hzmj-' + id})) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
}"""


def wait_snapshot_stored(page: Any, seconds: float) -> bool:
    """Wait up to ``seconds`` for the page's engine to store its memory snapshot (Cache Storage); True if it did."""
    return bool(page.evaluate(SNAPSHOT_STORED, round(10 * seconds)))


@pytest.fixture
def snapshot_stored() -> Callable[[Any, float], bool]:
    """``snapshot_stored(page, seconds)``: :func:`wait_snapshot_stored` for the tests."""
    return wait_snapshot_stored


class WarmProfiles:
    """Browser contexts shared by the tests, one per set of context arguments (see the module docstring)."""

    def __init__(self, browser: Any, site: Site, base_args: dict[str, Any]) -> None:
        self.browser, self.site, self.base_args = browser, site, base_args
        self.contexts: dict[str, Any] = {}

    def get(self, **args: Any) -> Any:
        key = repr(sorted(args.items()))
        if key not in self.contexts:
            context = self.browser.new_context(**{**self.base_args, **args}, service_workers="block")
            page = context.new_page()
            page.goto(self.site.url + "?seed=1&speed=instant")
            page.wait_for_selector("html[data-table=ready]", timeout=120_000)
            assert wait_snapshot_stored(page, 120), "the engine stored no memory snapshot"
            page.close()
            self.contexts[key] = context
        context = self.contexts[key]
        context.set_storage_state({"cookies": [], "origins": []})
        return context

    @staticmethod
    def release(context: Any) -> None:
        for page in list(context.pages):
            page.close()
        context.unroute_all()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def warm_profiles(browser: Any, site: Site, browser_context_args: dict[str, Any]) -> Iterator[WarmProfiles]:
    profiles = WarmProfiles(browser, site, browser_context_args)
    yield profiles
    profiles.close()


@pytest.fixture
def context(request: pytest.FixtureRequest, warm_profiles: WarmProfiles) -> Iterator[Any]:
    node = request.node
    if node.get_closest_marker("cold_profile") or node.get_closest_marker("browser_context_args"):
        yield request.getfixturevalue("new_context")()
        return
    context = warm_profiles.get()
    yield context
    warm_profiles.release(context)


@pytest.fixture
def warm_page(warm_profiles: WarmProfiles) -> Iterator[Callable[..., Any]]:
    """``warm_page(**context_args)``: a new page of the warm profile made with those context arguments."""
    used: list[Any] = []

    def make(**args: Any) -> Any:
        context = warm_profiles.get(**args)
        used.append(context)
        return context.new_page()

    yield make
    for context in used:
        warm_profiles.release(context)


@pytest.fixture
def requests_seen(context: Any) -> Iterator[list[str]]:
    """Every URL the browser context requested during the test (pages and workers)."""
    seen: list[str] = []

    def record(req: Any) -> None:
        seen.append(req.url)

    context.on("request", record)
    yield seen
    context.remove_listener("request", record)


@pytest.fixture(autouse=True)
def offline_guard(request: pytest.FixtureRequest) -> Iterator[None]:
    if "context" not in request.fixturenames and "page" not in request.fixturenames:
        yield
        return
    seen: list[str] = request.getfixturevalue("requests_seen")
    yield
    foreign = sorted({u for u in seen if _host(u) not in ALLOWED_HOSTS})
    assert not foreign, f"requests to hosts other than 127.0.0.1: {foreign}"


def _host(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.scheme in {"data", "blob", "about"}:
        return "127.0.0.1"  # local by construction
    return parts.hostname


@pytest.fixture
def js_errors(page: Any) -> list[str]:
    errors: list[str] = []

    def on_console(msg: Any) -> None:
        if msg.type == "error":
            loc = msg.location or {}
            errors.append(f"console.error: {msg.text} ({loc.get('url', '')}:{loc.get('lineNumber', '')})")

    page.on("console", on_console)
    page.on("pageerror", lambda exc: errors.append(f"uncaught: {exc}"))
    page.on("crash", lambda _p: errors.append("page crashed"))
    return errors


@pytest.fixture(autouse=True)
def _fail_on_js_errors(request: pytest.FixtureRequest) -> Iterator[None]:
    if "page" not in request.fixturenames:
        yield
        return
    errors: list[str] = request.getfixturevalue("js_errors")
    yield
    assert not errors, "JavaScript errors:\n" + "\n".join(errors)


@pytest.fixture
def screenshot() -> Callable[[Any, str], Path]:
    def take(page: Any, name: str) -> Path:
        RESULTS.mkdir(exist_ok=True)
        path = RESULTS / f"{name}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture(scope="session", autouse=True)
def delete_output_dir() -> None:
    """Replaces pytest-playwright's fixture of that name, which empties its output folder (test-results/) when
    a process starts its first test: of two processes, one would delete what the other had written already.
    The controlling process empties it once instead (``pytest_sessionstart``)."""


def pytest_sessionstart(session: pytest.Session) -> None:
    if not hasattr(session.config, "workerinput"):  # the controlling process (or the only one)
        shutil.rmtree(Path(session.config.getoption("--output")), ignore_errors=True)
