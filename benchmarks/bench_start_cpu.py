#!/usr/bin/env python3
"""Where a cold start's CPU goes: the game page against the bare Pyodide page, from Chromium's own trace.

    python benchmarks/bench_start_cpu.py [--runs 6] [--json out.json]

`bench_web.py` times the cold start in wall-clock milliseconds. On a machine of two cores that figure
spreads by a third from one identical load to the next, mostly with the work of V8's optimising wasm
compiler, which runs on background threads and takes from under one to over two seconds of CPU per load,
and competes with Python's start for the two cores. This script traces each load (the game page and the
bare page of `bench_web.py`, alternating, each in a fresh browser context) and sums the CPU time of every
task from navigation to:
  * the game page: the worker's "Python ready" (the part the bare page also does), and from there to the
    first drawn table (the engine's own start: wheel, import, deal, drawing);
  * the bare page: its Pyodide answering `1+1`, on the runtime this build ships (dist/pyodide/), so that
    the difference is what the game page adds to it.
CPU time is what a thread ran, not how long it waited for a core, so these figures do not move with the
other work on the machine the way the wall-clock ones do. Threads are grouped:
  worker        the engine's (or the bare page's) Web Worker: Pyodide's boot, our boot script, Python;
  page          the renderer's main thread: the page's modules, styles, layout, the canvas;
  browser       the browser process's main and I/O threads: requests, navigation, messages;
  compositor    painting and compositing threads;
  wasm compile  V8 compiling WebAssembly in the background (Liftoff and TurboFan), a thread pool;
  other         the rest.
Printed: the median of each group over the runs, per page, and the median of the runs' differences
(game page before Python ready minus bare page), which is the CPU the game page adds while Pyodide starts.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_web  # this folder's sibling script (it puts the repository root on sys.path)

import builder.server
import builder.site

# a worker's long tasks (Python's start) are recorded only under the disabled-by-default timeline category
CATEGORIES = ["toplevel", "v8.wasm", "devtools.timeline", "disabled-by-default-devtools.timeline",
              "blink.user_timing", "loading"]
TASKS = {"ThreadControllerImpl::RunTask", "RunTask", "ThreadPool_RunTask"}
GROUPS = ("worker", "page", "browser", "compositor", "wasm compile", "other")


def group_of(thread: str) -> str:
    if thread.startswith("DedicatedWorker"):
        return "worker"
    if thread == "CrRendererMain":
        return "page"
    if thread in ("CrBrowserMain", "Chrome_IOThread", "Chrome_ChildIOThread") or thread.startswith("NetworkService"):
        return "browser"
    if thread in ("VizCompositorThread", "Compositor", "CrGpuMain") or thread.startswith("CompositorTileWorker"):
        return "compositor"
    return "other"


def cpu_by_group(events: list[dict[str, Any]], start_us: float, end_us: float) -> Counter[str]:
    """CPU ms of the outermost tasks of each thread that began in [start_us, end_us], by group; the wasm
    compiler's CPU (its compilation units, inside thread-pool tasks) counted as its own group."""
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    by_thread: dict[tuple[int, int], list[dict[str, Any]]] = {}
    wasm = 0.0
    for e in events:
        if e.get("ph") != "X" or not start_us <= e.get("ts", 0) <= end_us:
            continue
        if e.get("name") == "wasm.ExecuteCompilationUnits":
            wasm += e.get("tdur", e.get("dur", 0)) / 1000
        elif e.get("name") in TASKS:
            by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    out: Counter[str] = Counter()
    for key, tasks in by_thread.items():
        tasks.sort(key=lambda e: (e["ts"], -e.get("dur", 0)))
        outer_end = -1.0
        for e in tasks:
            if e["ts"] < outer_end:
                continue  # nested in the task before it
            outer_end = e["ts"] + e.get("dur", 0)
            out[group_of(names.get(key, "?"))] += e.get("tdur", 0) / 1000
    # the wasm compiler runs inside thread-pool tasks, which group_of files under "other"
    out["other"] = max(0.0, out["other"] - wasm)
    out["wasm compile"] = wasm
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=6)
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    info = builder.site.build(quiet=True)
    server = builder.server.make_server(extra_files=bench_web.bare_files())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"

    samples: dict[str, list[dict[str, float]]] = {"game_to_python": [], "game_python_to_table": [], "bare": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=bench_web.CHROMIUM, args=bench_web.CHROMIUM_ARGS, headless=True)
        for run in range(args.runs):
            for kind in (("game", "bare") if run % 2 == 0 else ("bare", "game")):
                ctx = browser.new_context()
                page = ctx.new_page()
                browser.start_tracing(page=page, categories=CATEGORIES)
                if kind == "game":
                    page.goto(base)
                    page.wait_for_selector("html[data-table=ready]", timeout=120_000)
                    t = page.evaluate("window.hzmj.bridge.info.timings")
                    python_ready = t["python_ready"] + t["started_at"] - page.evaluate("performance.timeOrigin")
                    table = page.evaluate("window.hzmj.tableReadyAt")
                else:
                    page.goto(base + "bench-bare.html?runtime=pyodide")  # on the runtime dist/ ships
                    page.wait_for_function("() => window.bareReadyAt !== undefined", timeout=120_000)
                    python_ready = table = page.evaluate("window.bareReadyAt")
                events = json.loads(browser.stop_tracing())["traceEvents"]
                ctx.close()
                starts = [e["ts"] for e in events if e.get("name") == "navigationStart"]
                if not starts:
                    raise SystemExit("bench_start_cpu: the trace has no navigationStart (a Chromium without it?)")
                nav = min(starts)
                before = cpu_by_group(events, nav, nav + python_ready * 1000)
                before["wall"] = python_ready
                if kind == "game":
                    after = cpu_by_group(events, nav + python_ready * 1000, nav + table * 1000)
                    after["wall"] = table - python_ready
                    samples["game_to_python"].append(dict(before))
                    samples["game_python_to_table"].append(dict(after))
                else:
                    samples["bare"].append(dict(before))
                bench_web.settle()
            g, b = samples["game_to_python"][-1], samples["bare"][-1]
            print(f"  run {run + 1}: CPU before Python ready, game page / bare page (ms): "
                  + ", ".join(f"{k} {g.get(k, 0):.0f}/{b.get(k, 0):.0f}" for k in GROUPS)
                  + f"; wall {g['wall']:.0f}/{b['wall']:.0f}", flush=True)
        browser.close()
    server.shutdown()

    def med(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(r.get(key, 0.0) for r in rows)

    added = [{k: g.get(k, 0.0) - b.get(k, 0.0) for k in (*GROUPS, "wall")}
             for g, b in zip(samples["game_to_python"], samples["bare"], strict=True)]
    not_wasm = [sum(r.get(k, 0.0) for k in GROUPS if k != "wasm compile") for r in samples["game_to_python"]]
    not_wasm_bare = [sum(r.get(k, 0.0) for k in GROUPS if k != "wasm compile") for r in samples["bare"]]
    wasm_all = [r.get("wasm compile", 0.0) for r in samples["game_to_python"] + samples["bare"]]
    print(f"hzmj cold start CPU, headless Chromium, median of {args.runs} runs (build {info['build_id']}), ms:")
    print(f"  {'':28s}" + "".join(f"{k:>14s}" for k in (*GROUPS, "wall")))
    rows_by_label = (("game page to Python ready", samples["game_to_python"]), ("bare page to ready", samples["bare"]),
                     ("added by the game page", added),
                     ("game page, Python ready to table", samples["game_python_to_table"]))
    for label, rows in rows_by_label:
        print(f"  {label:28s}" + "".join(f"{med(rows, k):14.0f}" for k in (*GROUPS, "wall")))
    print(f"  CPU outside the wasm compiler before Python ready: game page {statistics.median(not_wasm):.0f}, "
          f"bare page {statistics.median(not_wasm_bare):.0f}")
    print(f"  the wasm compiler's CPU over all loads: {min(wasm_all):.0f} to {max(wasm_all):.0f} "
          f"(median {statistics.median(wasm_all):.0f})")
    if args.json:
        args.json.write_text(json.dumps({"runs": args.runs, "build_id": info["build_id"], "samples": samples},
                                        indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
