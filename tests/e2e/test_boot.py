"""Smoke tests of the boot layer: loading page, worker, RPC bridge, service worker, micropip."""

from __future__ import annotations

import json
from typing import Any

import pytest

pytestmark = pytest.mark.cold_profile  # first visits: downloads, Python's start-up, the service worker

READY = "html[data-state=ready]"
BOOT_TIMEOUT_MS = 60_000


def test_page_loads_with_progress_and_engine_version(page: Any, site: Any, screenshot: Any) -> None:
    page.goto(site.url)
    # never a blank page: the title and the progress bar are there before any script ran
    assert page.locator("h1").inner_text().startswith("杭州麻将")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)

    log = page.evaluate("window.hzmj.progressLog")
    fractions = [e["fraction"] for e in log]
    assert fractions == sorted(fractions), f"progress went backwards: {fractions}"
    inside = [f for f in fractions if 0 < f < 1]
    assert len(set(inside)) >= 3, f"the progress bar did not move through intermediate values: {fractions}"
    assert fractions[-1] == 1
    assert {"download", "install", "ready"} <= {e["phase"] for e in log}
    assert page.locator("#progress").evaluate("el => el.value") == 1

    version = site.info["version"]
    assert page.locator("#engine-version").inner_text() == f"hzmj_core {version}"
    assert page.locator("#python-version").inner_text().startswith("3.14")
    assert page.locator("#failure").is_hidden()
    screenshot(page, "boot-ready")


def test_loading_screen_shows_byte_progress(page: Any, slow_site: Any, screenshot: Any) -> None:
    page.goto(slow_site.url)
    try:
        page.wait_for_function(
            "() => window.hzmj && hzmj.progressLog.some(e => e.phase === 'download' && e.fraction > 0.25)",
            timeout=BOOT_TIMEOUT_MS,
        )
    except Exception as exc:
        state = page.evaluate(
            "({state: document.documentElement.dataset.state, log: window.hzmj && hzmj.progressLog,"
            " status: document.getElementById('status').textContent, error: window.hzmj && hzmj.error})"
        )
        raise AssertionError(f"no download progress past 25%: {state}") from exc
    assert page.locator("#progress").is_visible()
    value = page.locator("#progress").evaluate("el => el.value")
    assert 0 < value < 1
    status = page.locator("#status").inner_text()
    assert "MB" in status, status
    # the total is what the network carries: the server gzips, so the downloads' gzip sizes (as the README says)
    wire = sum(slow_site.info["downloads_gzip"].values())
    assert wire < 0.8 * sum(slow_site.info["downloads"].values())
    assert f"/ {wire / 1e6:.1f} MB" in status, (status, wire)
    screenshot(page, "boot-loading")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)


def test_rpc_version_and_errors(page: Any, site: Any) -> None:
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.hzmj.bridge.call('version')") == site.info["version"]
    outcome = page.evaluate(
        """() => window.hzmj.bridge.call('__no_such_method__', {x: 1})
              .then(r => ({ok: true, r}), e => ({ok: false, name: e.name, message: e.message}))"""
    )
    assert outcome["ok"] is False, outcome
    assert outcome["name"] == "BridgeError" and outcome["message"], outcome
    timings = page.evaluate("window.hzmj.bridge.info.timings")
    assert 0 < timings["python_ready"] <= timings["engine_ready"]


def test_the_guard_and_the_bridge_start_the_worker_from_the_same_source(page: Any, site: Any) -> None:
    """guard.mjs imports nothing (it must run when the page's other modules cannot load), so it keeps its own
    copy of the engine worker's blob module: it must stay the bridge's text."""
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    guard, bridge = page.evaluate("""async () => {
        const [g, b] = await Promise.all([import('./guard.mjs'), import('./bridge.mjs')]);
        const url = new URL('./worker.mjs', location.href);
        return [g.workerSource(url), b.workerSource(url)];
    }""")
    assert "worker.mjs" in bridge and guard == bridge


def test_boot_failure_shows_error_and_retry_recovers(
    page: Any, context: Any, site: Any, js_errors: list[str], screenshot: Any
) -> None:
    context.route("**/build.json", lambda route: route.abort())
    page.goto(site.url)
    page.wait_for_selector("html[data-state=error]", timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#failure").is_visible()
    assert page.locator("#retry").is_visible()
    message = page.locator("#error-message").inner_text()
    assert "could not download build.json" in message, message
    screenshot(page, "boot-error")
    context.unroute("**/build.json")
    page.click("#retry")
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#engine-version").inner_text().startswith("hzmj_core ")
    js_errors[:] = [e for e in js_errors if "build.json" not in e and "ERR_FAILED" not in e]


def test_service_worker_serves_a_second_visit_offline(page: Any, context: Any, site: Any) -> None:
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    # wait until the service worker has precached everything and controls the page
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    cache_names = page.evaluate("caches.keys()")
    assert f"hzmj-{site.info['build_id']}" in cache_names

    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
        assert page.evaluate("window.hzmj.bridge.call('version')") == site.info["version"]
    finally:
        context.set_offline(False)


def pyodide_in_a_worker(page: Any, setup: str, code: str) -> Any:
    """Start the served Pyodide in a worker of the page's origin, run the JavaScript ``setup`` (with ``py`` and
    the site's ``base`` URL), then the Python ``code``: {ok: its value} or {error}."""
    return page.evaluate(
        """async ([setup, code]) => {
            const base = new URL('./', location.href).href;
            const src = `
              const base = ${JSON.stringify(base)};
              const {loadPyodide} = await import(base + 'pyodide/pyodide.mjs');
              try {
                const py = await loadPyodide({indexURL: base + 'pyodide/'});
                ${setup}
                postMessage({ok: py.runPython(${JSON.stringify(code)})});
              } catch (e) { postMessage({error: String(e)}); }`;
            const url = URL.createObjectURL(new Blob([src], {type: 'text/javascript'}));
            const w = new Worker(url, {type: 'module'});
            return await new Promise((resolve) => {
              w.onmessage = (e) => { w.terminate(); resolve(e.data); };
              w.onerror = (e) => resolve({error: e.message || 'worker error'});
            });
        }""",
        [setup, code],
    )


ENGINE_LOADED_FROM_BYTECODE = """
import json, sys, hzmj_core, hzmj_core.webapi
json.dumps({"version": hzmj_core.__version__,
            "loaders": sorted({type(m.__spec__.loader).__name__
                               for n, m in list(sys.modules.items()) if n.split(".")[0] == "hzmj_core"}),
            "dealer": json.loads(hzmj_core.webapi.call("new_game", '{"seed": "3"}'))["dealer"]})
"""


@pytest.mark.browser_context_args(bypass_csp=True)  # the test's own worker is a blob: URL
def test_micropip_installs_the_wheel_without_a_cdn(page: Any, site: Any) -> None:
    """The served lock file carries micropip's real sha256, so a tutorial can micropip.install(url).

    The wheel holds the engine as bytecode for this Pyodide (build.py, scripts/compile_pyc.mjs): every
    module loads from its .pyc (a stale or foreign .pyc would fail to import), and the engine plays.
    """
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    setup = f"""await py.loadPackage('micropip');
        await py.pyimport('micropip').install(base + {json.dumps(site.info['wheel'])});"""
    result = pyodide_in_a_worker(page, setup, ENGINE_LOADED_FROM_BYTECODE)
    assert "ok" in result, result
    assert json.loads(result["ok"]) == {"version": site.info["version"], "loaders": ["SourcelessFileLoader"],
                                        "dealer": 3}


STDLIB_ORIGINS = """
import json, sys, traceback, zipimport, hzmj_core.webapi
hzmj_core.webapi.warm_up()
hzmj_core.webapi.call("new_game", '{"seed": 3}')
archive = next(p for p in sys.path if p.endswith(".zip") and "python" in p) + "/"
files = [f for m in list(sys.modules.values()) if isinstance(f := getattr(m, "__file__", None), str)
         and f.startswith(archive) and isinstance(m.__spec__.loader, zipimport.zipimporter)]
try:
    json.loads("{")
except ValueError as err:
    frames = [(f.filename, f.lineno) for f in traceback.extract_tb(err.__traceback__)]
json.dumps({"sources": sorted(f for f in files if f.endswith(".py")),
            "bytecode": sum(f.endswith(".pyc") for f in files), "frames": frames,
            "dealer": json.loads(hzmj_core.webapi.call("state", "{}"))["dealer"]})
"""


@pytest.mark.browser_context_args(bypass_csp=True)  # the test's own worker is a blob: URL
def test_the_standard_library_a_first_table_imports_is_bytecode(page: Any, site: Any) -> None:
    """Pyodide ships its standard library as sources; the build's python_stdlib.zip holds every module that
    Python's start, the engine's import, its warm-up and a deal import as bytecode (build.py,
    scripts/stdlib_pyc.mjs), so a first visit compiles none of them. The game worker's way of loading the
    wheel (one file on sys.path) is taken here. A traceback through such a module still names its file and
    line."""
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    setup = f"""const wheel = await fetch(base + {json.dumps(site.info['wheel'])});
        py.FS.writeFile('/lib/engine.whl', new Uint8Array(await wheel.arrayBuffer()));
        py.runPython('import sys; sys.path.insert(0, "/lib/engine.whl")');"""
    result = pyodide_in_a_worker(page, setup, STDLIB_ORIGINS)
    assert "ok" in result, result
    got = json.loads(result["ok"])
    assert got["sources"] == [], f"compiled from source on a first visit: {got['sources']}"
    assert got["bytecode"] > 100  # asyncio, typing, dataclasses, zipfile, json, ...
    assert any(f.endswith("python314.zip/json/decoder.py") and line > 0 for f, line in got["frames"]), got["frames"]
    assert got["dealer"] == 3


SNAPSHOT_STORED = """async () => {
    const info = window.hzmj.bridge.info.build;
    const url = new URL('__pyodide_snapshot__/' + info.build_id, location.href).href;
    for (let i = 0; i < 300; i++) {
      const hit = await caches.match(url, {cacheName: 'hzmj-' + info.build_id});
      if (hit) return (await hit.arrayBuffer()).byteLength;
      await new Promise((r) => setTimeout(r, 100));
    }
    return 0;
}"""


def test_second_visit_boots_from_the_memory_snapshot(page: Any, site: Any) -> None:
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.hzmj.bridge.info.timings.snapshot") == "making"
    assert page.evaluate(SNAPSHOT_STORED) > 1_000_000
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    timings = page.evaluate("window.hzmj.bridge.info.timings")
    assert timings["snapshot"] == "used", timings
    assert page.evaluate("window.hzmj.bridge.call('version')") == site.info["version"]
    assert page.locator("#python-version").inner_text().startswith("3.14")


def test_a_broken_snapshot_falls_back_to_a_normal_boot(page: Any, site: Any) -> None:
    page.goto(site.url)
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate(SNAPSHOT_STORED) > 1_000_000
    page.evaluate("""async () => {
        const id = window.hzmj.bridge.info.build.build_id;
        const cache = await caches.open('hzmj-' + id);
        await cache.put(new URL('__pyodide_snapshot__/' + id, location.href).href,
                        new Response(new Uint8Array(4096).fill(7)));
    }""")
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    timings = page.evaluate("window.hzmj.bridge.info.timings")
    assert timings["snapshot"] == "making" and "magic" in timings["snapshot_error"], timings
    assert page.evaluate("window.hzmj.bridge.call('version')") == site.info["version"]
    # the broken snapshot was replaced by a good one
    assert page.evaluate(SNAPSHOT_STORED) > 1_000_000
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.hzmj.bridge.info.timings.snapshot") == "used"
