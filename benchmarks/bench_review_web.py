#!/usr/bin/env python3
"""复盘 and expert timings in the browser (headless Chromium, Debian's /usr/bin/chromium), against CPython.

    python benchmarks/bench_review_web.py [--hands 8] [--decision-hands 8] [--seed 1] [--json out.json]

Figures, each also measured on CPython in this process on the same hands (the ratio is less disturbed by
other work on the machine than the times are):
  * review on the page: the game page's engine worker reviews seat 0 of each of ``--hands`` typical hands
    (four strong bots; logs made here), driven from the page as the 复盘 button does: ``review_start``, then
    ``review_step`` one decision at a time until finished. Wall time per hand, from the page's clock;
  * review in the worker: the same reviews timed inside Pyodide (a worker of a bench page, no messages);
  * expert decisions in Pyodide in the browser: wall time of each decision of one expert against three
    strongs over ``--decision-hands`` hands (``review_timing.decision_times_wall``), p50 and p95; on CPython
    both wall time and CPU time (``bench_bots.decision_times``), whose ratio shows what the load adds; and the
    same with the sampled look-ahead run at every decision on the choice and one other action (what a review
    step pays).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from bench_bots import decision_times  # noqa: E402
from bench_web import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from review_timing import decision_times_wall, review_times, typical_logs  # noqa: E402

import builder.server  # noqa: E402
import builder.site  # noqa: E402

BENCH_HTML = b"""<!doctype html><meta charset="utf-8"><title>hzmj review timings in Pyodide</title>
<script type="module">
const w = new Worker('./bench-review-worker.mjs', {type: 'module'});
w.onmessage = (e) => { window.benchResult = e.data; };
window.benchRun = (args) => w.postMessage(args);
</script>
"""
BENCH_WORKER = b"""import {loadPyodide} from './pyodide/pyodide.mjs';
const py = await loadPyodide({indexURL: new URL('./pyodide/', import.meta.url).href});
const build = await (await fetch('./build.json')).json();
const wheel = await (await fetch(build.wheel)).arrayBuffer();
py.unpackArchive(wheel, 'wheel', {extractDir: py.runPython("import sysconfig; sysconfig.get_path('purelib')")});
py.FS.mkdirTree('/bench');
py.FS.writeFile('/bench/review_timing.py', await (await fetch('./bench/review_timing.py')).text());
self.onmessage = (e) => {
  const {hands, decisionHands, seed} = e.data;
  try {
    postMessage(JSON.parse(py.runPython(`
import json, sys
sys.path.insert(0, '/bench')
import review_timing as rt
json.dumps({"review": rt.review_times(rt.typical_logs(${hands}, ${seed})),
            "decisions": rt.decision_times_wall(${decisionHands}, ${seed}),
            "sampled": rt.decision_times_wall(${decisionHands}, ${seed}, True)})
`)));
  } catch (err) {
    postMessage({error: String(err)});
  }
};
postMessage({ready: true});
"""
PAGE_REVIEW_JS = """async (logs) => {
  const out = [];
  for (const log of logs) {
    const t0 = performance.now();
    let res = await window.hzmj.bridge.call('review_start', {log, seat: 0, hand: 0});
    let worst = 0;
    while (!res.finished) {
      const s0 = performance.now();
      res = await window.hzmj.bridge.call('review_step', {count: 1});
      worst = Math.max(worst, performance.now() - s0);
    }
    out.push({ms: performance.now() - t0, total: res.total, decisions: res.report.decisions, longest_step_ms: worst});
  }
  return out;
}"""


def summary(rows: list[dict[str, Any]]) -> dict[str, float]:
    ms = [r["ms"] for r in rows]
    return {"median_ms": round(statistics.median(ms), 1), "max_ms": round(max(ms), 1),
            "mean_decisions": round(statistics.mean(r["decisions"] for r in rows), 1)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=8, help="typical hands reviewed")
    ap.add_argument("--decision-hands", type=int, default=8, help="hands of the expert's decision timing")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    logs = typical_logs(args.hands, args.seed)
    texts = [json.dumps(log) for log in logs]

    dist = Path(tempfile.mkdtemp(prefix="hzmj-bench-review-"))
    info = builder.site.build(dist, quiet=True)
    server = builder.server.make_server(dist, "127.0.0.1", 0, extra_files={
        "/bench-review.html": BENCH_HTML, "/bench-review-worker.mjs": BENCH_WORKER,
        "/bench/review_timing.py": (HERE / "review_timing.py").read_bytes()})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    base = f"http://{host}:{port}/"

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = browser.new_page()
        page.goto(base + "?seed=1&speed=instant")
        page.wait_for_selector("html[data-table=ready]", timeout=180_000)
        on_page = page.evaluate(PAGE_REVIEW_JS, texts)
        bench = browser.new_page()
        bench.goto(base + "bench-review.html")
        bench.wait_for_function("() => window.benchResult && window.benchResult.ready", timeout=180_000)
        bench.evaluate("(a) => { window.benchResult = null; window.benchRun(a); }",
                       {"hands": args.hands, "decisionHands": args.decision_hands, "seed": args.seed})
        bench.wait_for_function("() => window.benchResult", timeout=1_800_000)
        in_worker = bench.evaluate("window.benchResult")
        browser.close()
    server.shutdown()
    if "error" in in_worker:
        print(f"the bench worker failed: {in_worker['error']}", file=sys.stderr)
        return 1
    load_mid = os.getloadavg()
    cpython_review = review_times(logs)
    cpython_dec = decision_times_wall(args.decision_hands, args.seed)
    cpython_cpu = decision_times(args.decision_hands, args.seed)
    cpython_sampled = decision_times_wall(args.decision_hands, args.seed, True)

    page_s, worker_s, cpy_s = summary(on_page), summary(in_worker["review"]), summary(cpython_review)
    dec = in_worker["decisions"]
    figures = {
        "pyodide_version": info["pyodide_version"], "hands": args.hands, "seed": args.seed,
        "review_on_page": page_s, "review_in_worker": worker_s, "review_cpython": cpy_s,
        "review_ratio_page_vs_cpython": round(page_s["median_ms"] / cpy_s["median_ms"], 2),
        "longest_review_step_ms": round(max(r["longest_step_ms"] for r in on_page), 1),
        "expert_decisions_pyodide": dec, "expert_decisions_cpython_wall": cpython_dec,
        "expert_decisions_cpython_cpu": cpython_cpu,
        "expert_sampled_pyodide": in_worker["sampled"], "expert_sampled_cpython_wall": cpython_sampled,
        "decision_ratio_p95_pyodide_vs_cpython": round(dec["p95_ms"] / cpython_dec["p95_ms"], 2),
        "loadavg_before_mid_after": [round(x[0], 2) for x in (load_before, load_mid, os.getloadavg())],
        "cpus": os.cpu_count(), "samples": {"page": on_page, "worker": in_worker["review"], "cpython": cpython_review},
    }
    print(f"复盘 and expert timings, headless Chromium (Pyodide {info['pyodide_version']}) vs CPython "
          f"{sys.version.split()[0]}:")
    print(f"  review of a typical hand ({args.hands} hands, {page_s['mean_decisions']} decisions of seat 0 on average)")
    print(f"    on the page (worker, one step per message)  median {page_s['median_ms']:7.0f} ms  max "
          f"{page_s['max_ms']:7.0f} ms  (longest single step {figures['longest_review_step_ms']:.0f} ms)")
    print(f"    inside Pyodide (bench worker)              median {worker_s['median_ms']:7.0f} ms  max "
          f"{worker_s['max_ms']:7.0f} ms")
    print(f"    CPython                                     median {cpy_s['median_ms']:7.0f} ms  max "
          f"{cpy_s['max_ms']:7.0f} ms   page/CPython {figures['review_ratio_page_vs_cpython']:.2f}x")
    print(f"  expert decision time ({dec['decisions']} decisions, {args.decision_hands} hands vs 3 strong)")
    print(f"    Pyodide in the browser  p50 {dec['median_ms']:6.1f} ms  p95 {dec['p95_ms']:6.1f} ms  "
          f"max {dec['max_ms']:6.1f} ms")
    print(f"    CPython (wall)          p50 {cpython_dec['median_ms']:6.1f} ms  p95 {cpython_dec['p95_ms']:6.1f} ms  "
          f"max {cpython_dec['max_ms']:6.1f} ms   p95 ratio {figures['decision_ratio_p95_pyodide_vs_cpython']:.2f}x")
    print(f"    CPython (CPU time)      p50 {cpython_cpu['median_ms']:6.1f} ms  p95 {cpython_cpu['p95_ms']:6.1f} ms  "
          f"max {cpython_cpu['max_ms']:6.1f} ms   (wall/CPU: what the load adds)")
    smp, smc = in_worker["sampled"], cpython_sampled
    print("  the expert with the sampled look-ahead at every decision (what a review step costs)")
    print(f"    Pyodide in the browser  p50 {smp['median_ms']:6.1f} ms  p95 {smp['p95_ms']:6.1f} ms  "
          f"max {smp['max_ms']:6.1f} ms")
    print(f"    CPython (wall)          p50 {smc['median_ms']:6.1f} ms  p95 {smc['p95_ms']:6.1f} ms  "
          f"max {smc['max_ms']:6.1f} ms")
    print(f"  machine: {os.cpu_count()} CPUs, 1-min load average {figures['loadavg_before_mid_after']} "
          "(before, after the browser, at the end)")
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
