#!/usr/bin/env python3
"""Start-up figures of the web build, measured in headless Chromium (Debian's /usr/bin/chromium).

    python benchmarks/bench_web.py [--runs 5] [--json out.json]

For each run, in a fresh browser context (empty HTTP cache, no service worker):
  * engine cold: index.html -> "engine ready" (hzmj_core imported in the worker, RPC answering), with
                 when the worker's boot began (worker/boot.mjs, on the page's clock) and the worker's
                 own marks from there (Python ready, engine ready);
  * bare cold:   a bare page that only starts Pyodide in a module worker and runs `1+1`
                 (served by the same server, same browser) - the floor that Pyodide itself costs. It loads
                 Pyodide's files as npm publishes them (served from .cache/ under /bench-pyodide/), not
                 this build's dist/pyodide/, whose standard library holds the start-up modules as bytecode
                 and whose lock file is pruned;
  * bare cold on this build's runtime: the same bare page on dist/pyodide/, for reference (what the
                 game page adds to the runtime it ships);
  * engine warm: the same context reloaded once the service worker controls the page
                 (everything comes from the service worker's cache, and the worker's Pyodide memory
                 snapshot that the first visit stored there);
  * table cold / warm: the same two visits until the first playable table is drawn (hzmj.tableReadyAt);
    after engine ready, the page's first calls (option_info ... new_game, save_text) timed in the page;
  * bare warm:   the bare page reloaded (HTTP cache revalidation, no service worker), for reference;
  * bytes sent by the server on the first visit: up to "engine ready", and in all once the service
    worker has precached the build (the server counts response bodies after gzip; 304s count 0).
Times are the page's performance.now() at ready, i.e. milliseconds since navigation start.
Figures are medians over the runs. The three pages (engine, bare, bare on this build's runtime) take turns
in every order, forward and backward, and each run's ratios (engine ready / bare, drawn table / bare) pair
the pages of that run, so a machine whose load changes slowly skews them alike; the medians of those ratios
are the figures that count. After
each page the script waits until the browser's processes are quiet, so that no page pays for the previous
one's teardown.
The server gzips when the browser accepts it (as a static host would).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from builder import server, site, vendor  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
    # the browser's own omnibox pop-up (a WebUI page of some two hundred chrome:// modules) otherwise loads
    # in a renderer of its own during some runs, taking CPU from whichever page is being timed
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,WebUIOmniboxFullPopup,PreloadTopChromeWebUI",
]

# The bare page: bench-bare.html starts Pyodide from npm's files, bench-bare.html?runtime=pyodide from dist's.
BARE_HTML = b"""<!doctype html><meta charset="utf-8"><title>bare Pyodide worker</title>
<script type="module">
const w = new Worker('./bench-bare-worker.mjs' + location.search, {type: 'module'});
w.onmessage = (e) => { window.bareReadyAt = performance.now(); window.bareInfo = e.data; };
</script>
"""
BARE_WORKER = b"""const dir = new URLSearchParams(location.search).get('runtime') || 'bench-pyodide';
const {loadPyodide} = await import(`./${dir}/pyodide.mjs`);
const py = await loadPyodide({indexURL: new URL(`./${dir}/`, import.meta.url).href});
postMessage({two: py.runPython('1+1')});
"""


def bare_files() -> dict[str, bytes]:
    """The bare page's files for a server's ``extra_files``: the page, its worker, and Pyodide's runtime as
    npm publishes it (the files build.py copies into dist/pyodide/ before it changes any of them)."""
    stock = vendor.fetch_pyodide()
    files = {"/bench-bare.html": BARE_HTML, "/bench-bare-worker.mjs": BARE_WORKER}
    for name in vendor.PYODIDE_RUNTIME_FILES:
        files[f"/bench-pyodide/{name}"] = (stock / name).read_bytes()
    return files


def _chromium_cpu_s() -> float:
    """CPU seconds used so far by every Chromium process on the machine (from /proc)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"chromium" not in f.read(300):
                    continue
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, IndexError, ValueError):
            continue
    return total / os.sysconf("SC_CLK_TCK")


def settle(window_s: float = 0.3, busy: float = 0.05, limit_s: float = 8.0) -> None:
    """Wait until the browser is quiet (its processes used under ``busy`` of a core over ``window_s``), at most
    ``limit_s``: a closed context's renderer tearing down its Python heap, or a page's service worker still
    caching, would otherwise slow the next page's start, and whichever page came next would pay for it."""
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        before = _chromium_cpu_s()
        time.sleep(window_s)
        if _chromium_cpu_s() - before < busy * window_s:
            return


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()[0]

    info = site.build(quiet=True)
    extra = bare_files()
    httpd = server.make_server(extra_files=extra)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    host, port = httpd.server_address[:2]
    base = f"http://{host}:{port}/"
    ours = (base, "blob:" + base)  # the engine worker starts from a blob: URL of this origin
    handler = httpd.RequestHandlerClass

    # warm the server's gzip cache so that no run pays for compressing the wasm
    for path in [*info["files"], *(name.lstrip("/") for name in extra)]:
        req = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req) as r:
            r.read()

    res: dict[str, list[float]] = {k: [] for k in (
        "engine_cold_ms", "bare_cold_ms", "bare_build_cold_ms", "engine_warm_ms", "bare_warm_ms", "bytes_to_ready",
        "bytes_first_visit", "bytes_warm_visit", "worker_python_ready_ms", "worker_engine_ready_ms",
        "engine_after_python_ms", "table_cold_ms", "table_warm_ms", "warm_python_ready_ms",
        "ratio_engine_cold", "ratio_table_cold", "ratio_table_cold_build_runtime",
        "table_after_ready_ms", "worker_boot_start_ms", "loadavg_1min")}
    snapshot_modes: list[str] = []
    foreign: set[str] = set()

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for run in range(args.runs):
            kinds = ("engine", "bare", "bare-build")
            order = kinds[run % 3:] + kinds[:run % 3]
            if run // 3 % 2:
                order = order[::-1]
            for kind in order:
                ctx = browser.new_context()
                ctx.on("request", lambda r: foreign.add(r.url) if not r.url.startswith(ours) else None)
                page = ctx.new_page()
                if kind == "engine":
                    handler.bytes_sent = 0
                    page.goto(base)
                    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
                    res["engine_cold_ms"].append(page.evaluate("window.hzmj.readyAt"))
                    res["bytes_to_ready"].append(handler.bytes_sent)
                    t = page.evaluate("window.hzmj.bridge.info.timings")
                    res["worker_python_ready_ms"].append(t["python_ready"])
                    res["worker_engine_ready_ms"].append(t["engine_ready"])
                    res["engine_after_python_ms"].append(t["engine_ready"] - t["python_ready"])
                    if "started_at" in t:  # (a build before the worker reported it)
                        res["worker_boot_start_ms"].append(t["started_at"] - page.evaluate("performance.timeOrigin"))
                    page.wait_for_selector("html[data-table=ready]", timeout=120_000)
                    res["table_cold_ms"].append(page.evaluate("window.hzmj.tableReadyAt"))
                    res["table_after_ready_ms"].append(res["table_cold_ms"][-1] - res["engine_cold_ms"][-1])
                    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
                    res["bytes_first_visit"].append(handler.bytes_sent)
                    handler.bytes_sent = 0
                    page.reload()
                    page.wait_for_selector("html[data-state=ready]", timeout=120_000)
                    res["engine_warm_ms"].append(page.evaluate("window.hzmj.readyAt"))
                    t = page.evaluate("window.hzmj.bridge.info.timings")
                    res["warm_python_ready_ms"].append(t["python_ready"])
                    snapshot_modes.append(str(t.get("snapshot")))
                    page.wait_for_selector("html[data-table=ready]", timeout=120_000)
                    res["table_warm_ms"].append(page.evaluate("window.hzmj.tableReadyAt"))
                    res["bytes_warm_visit"].append(handler.bytes_sent)
                elif kind == "bare-build":
                    page.goto(base + "bench-bare.html?runtime=pyodide")
                    page.wait_for_function("() => window.bareReadyAt !== undefined", timeout=120_000)
                    res["bare_build_cold_ms"].append(page.evaluate("window.bareReadyAt"))
                else:
                    page.goto(base + "bench-bare.html")
                    page.wait_for_function("() => window.bareReadyAt !== undefined", timeout=120_000)
                    res["bare_cold_ms"].append(page.evaluate("window.bareReadyAt"))
                    page.reload()
                    page.wait_for_function("() => window.bareReadyAt !== undefined", timeout=120_000)
                    res["bare_warm_ms"].append(page.evaluate("window.bareReadyAt"))
                ctx.close()
                settle()
            res["ratio_engine_cold"].append(res["engine_cold_ms"][-1] / res["bare_cold_ms"][-1])
            res["ratio_table_cold"].append(res["table_cold_ms"][-1] / res["bare_cold_ms"][-1])
            res["ratio_table_cold_build_runtime"].append(res["table_cold_ms"][-1] / res["bare_build_cold_ms"][-1])
            res["loadavg_1min"].append(os.getloadavg()[0])
            print(f"  run {run + 1} ({', '.join(order)}): bare {res['bare_cold_ms'][-1]:.0f} ms (on dist's runtime "
                  f"{res['bare_build_cold_ms'][-1]:.0f} ms), engine ready "
                  f"{res['engine_cold_ms'][-1]:.0f} ms ({res['ratio_engine_cold'][-1]:.3f}), drawn table "
                  f"{res['table_cold_ms'][-1]:.0f} ms ({res['ratio_table_cold'][-1]:.3f}), worker boot at "
                  f"{(res['worker_boot_start_ms'] or [float('nan')])[-1]:.0f} ms, load "
                  f"{res['loadavg_1min'][-1]:.1f}", flush=True)
        browser.close()
    httpd.shutdown()

    m = {k: median(v) for k, v in res.items()}
    files = info["files"]
    uncompressed_boot = sum(info["downloads"].values()) + files["pyodide/pyodide.asm.mjs"] + files[
        "pyodide/pyodide.mjs"] + files["worker.mjs"] + files["bridge.mjs"] + files["index.html"]
    figures = {
        "runs": args.runs,
        "build_id": info["build_id"],
        "pyodide_version": info["pyodide_version"],
        **{k: round(v, 3 if k.startswith("ratio") else 1) for k, v in m.items()},
        "cold_ratio_engine_vs_bare": round(m["engine_cold_ms"] / m["bare_cold_ms"], 3),
        "warm_ratio_engine_sw_vs_bare_http_cache": round(m["engine_warm_ms"] / m["bare_warm_ms"], 3),
        "uncompressed_boot_bytes": uncompressed_boot,
        "dist_bytes": sum(files.values()),
        "wheel_bytes": files[info["wheel"]],
        "warm_snapshot_modes": snapshot_modes,
        "foreign_requests": sorted(foreign),
        "cpus": os.cpu_count(),
        "loadavg_1min_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        "samples": res,
    }
    print(f"hzmj web start-up, headless Chromium, median of {args.runs} runs (build {info['build_id']}):")
    print(f"  cold start to engine ready     {m['engine_cold_ms']:8.0f} ms "
          f"(worker: its boot started at {m['worker_boot_start_ms']:.0f} ms, then Python ready "
          f"{m['worker_python_ready_ms']:.0f} ms, engine {m['worker_engine_ready_ms']:.0f} ms later)")
    print(f"  engine overhead after Python ready (wheel install + import) {m['engine_after_python_ms']:.0f} ms")
    print(f"  cold start, bare Pyodide page  {m['bare_cold_ms']:8.0f} ms   ratio engine/bare "
          f"{figures['cold_ratio_engine_vs_bare']:.2f}   (Pyodide as npm publishes it)")
    print(f"  the same on this build's runtime {m['bare_build_cold_ms']:6.0f} ms   (dist/pyodide/: the standard "
          f"library's start-up modules as bytecode)")
    print(f"  cold start to playable table   {m['table_cold_ms']:8.0f} ms   ({m['table_after_ready_ms']:.0f} ms after "
          f"engine ready)")
    print(f"  median of the runs' ratios to the bare page: engine ready {m['ratio_engine_cold']:.3f}, "
          f"drawn table {m['ratio_table_cold']:.3f}; drawn table / bare page on this build's runtime "
          f"{m['ratio_table_cold_build_runtime']:.3f}")
    print(f"  warm start (service worker)    {m['engine_warm_ms']:8.0f} ms (worker: Python ready "
          f"{m['warm_python_ready_ms']:.0f} ms; memory snapshot: {', '.join(snapshot_modes)})")
    print(f"  warm start to playable table   {m['table_warm_ms']:8.0f} ms")
    print(f"  warm bare page (HTTP cache)    {m['bare_warm_ms']:8.0f} ms   ratio "
          f"{figures['warm_ratio_engine_sw_vs_bare_http_cache']:.2f}")
    print(f"  bytes sent, first visit to ready   {m['bytes_to_ready'] / 1e6:6.2f} MB (gzip; "
          f"{uncompressed_boot / 1e6:.2f} MB uncompressed)")
    print(f"  bytes sent, first visit incl. SW   {m['bytes_first_visit'] / 1e6:6.2f} MB")
    print(f"  bytes sent, warm visit             {m['bytes_warm_visit'] / 1e3:6.1f} kB")
    print(f"  engine wheel                       {figures['wheel_bytes'] / 1e3:6.1f} kB; dist/ "
          f"{figures['dist_bytes'] / 1e6:.2f} MB")
    print(f"  machine: {os.cpu_count()} CPUs, 1-min load average {figures['loadavg_1min_before_after'][0]} before, "
          f"{figures['loadavg_1min_before_after'][1]} after (other work on the machine skews the times)")
    if foreign:
        print(f"  WARNING: requests to other hosts: {sorted(foreign)}")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 1 if foreign else 0


if __name__ == "__main__":
    sys.exit(main())
