"""Playwright fixtures for the browser tests against the built ``dist/``.

* ``site``: builds the site into a private temporary directory (``site.dist``; the same bytes as
  ``python build.py`` gives in dist/) and serves it from a ThreadingHTTPServer on 127.0.0.1:<random port>
  in a thread, for the whole session; ``site.url`` ends with '/', ``site.info`` is its build.json.
* ``slow_site``: the same build served at ~2 MB/s per response (to see the loading screen).
* ``browser_type_launch_args``: Debian's /usr/bin/chromium with the flags from shared/PLATFORM.md.
* autouse ``offline_guard``: records every request of the browser context (worker requests included)
  and fails the test if any went to a host other than 127.0.0.1.
* autouse ``js_errors``: collects console errors, uncaught page errors and crashed workers; the test fails
  if any happened. A test that expects an error can inspect and clear the list (``js_errors.clear()``).
* ``screenshot(page, name)``: saves test-results/<name>.png (git-ignored).

Pass ``page.wait_for_function`` a function ("() => ..."), not a bare expression: Playwright evaluates a bare
expression with eval inside the page, which the pages' Content-Security-Policy refuses (EvalError).
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load_build_module() -> Any:
    # build.py at the repository root, loaded by path ("build" is also the name of a PyPI package)
    spec = importlib.util.spec_from_file_location("hzmj_build", ROOT / "build.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


build = _load_build_module()

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
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
    server = build.make_server(dist, "127.0.0.1", 0, **server_args)
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
    # the pages being tested. Use site.dist (not build.DIST) to serve the build a second time.
    dist = tmp_path_factory.mktemp("dist")
    info = build.build(dist, quiet=True)
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


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/setup.sh (apt-get install -y chromium)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture
def requests_seen(context: Any) -> list[str]:
    """Every URL the browser context requested during the test (pages and workers)."""
    seen: list[str] = []
    context.on("request", lambda req: seen.append(req.url))
    return seen


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
