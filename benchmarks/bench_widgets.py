#!/usr/bin/env python3
"""What the demo article (embed-demo.html: three <hzmj-hand>, two <hzmj-lesson>) costs a reader, in headless
Chromium (Debian's /usr/bin/chromium) against a fresh build served with gzip.

    python benchmarks/bench_widgets.py [--runs 3] [--json out.json]

For each run, in a fresh browser context (empty HTTP cache):
  * carried: the article as build.py writes it (each widget carries the engine's analysis), opened and left
    alone until every widget is drawn and the service worker (widgets mode) has made its offline copy:
    the bytes received (as sent, gzipped, and as the files' uncompressed sizes), whether any Pyodide file
    or the wheel was requested, and the time until every widget was drawn;
  * reference: the same article with the carried data taken out (as an author writes it by hand, and as every
    widget page was before), opened until every widget is drawn by the engine: the same figures.
The ratios pair the two pages of each run. Also, once: the widget script with everything it imports before a
reader asks for the engine (the tile faces, render/glyphs.mjs, included), each file gzipped at level 9 as a
static host would serve it, and the carried analysis in the article.
Budgets (issue: widgets a blog can afford): the article drawn and explained before any click at most
600 KB uncompressed, about 150 KB gzipped, no Python runtime; the widget script with the tile faces at most
100 KB gzipped. The script exits 1 if a budget is missed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench_web import CHROMIUM, CHROMIUM_ARGS

from builder import server as build_server
from builder import site
from builder.common import DIST

ENGINE_FILE = re.compile(r"/pyodide/|/wheels/|\.whl$|/worker\.mjs$")
ALL_READY = ("() => [...document.querySelectorAll('hzmj-hand, hzmj-lesson')]"
             ".every(e => e.dataset.state === 'ready')")
BUDGET_BYTES, BUDGET_GZIP, BUDGET_SCRIPT_GZIP = 600_000, 150_000, 100_000


def visit(browser: Any, url: str, dist: Path, wait_sw: bool) -> dict[str, Any]:
    """Open ``url`` in a fresh context, wait for every widget; the network's figures."""
    ctx = browser.new_context()
    rows: list[tuple[str, int, int]] = []

    def done(req: Any) -> None:
        res = req.response()
        if res is None or res.from_service_worker:
            return
        path = urlsplit(req.url).path
        file = dist / path.lstrip("/")
        sent = req.sizes()["responseBodySize"]  # 0 for a 304 (the service worker revalidating what the page has)
        rows.append((path, sent, file.stat().st_size if sent and file.is_file() else sent))

    ctx.on("requestfinished", done)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function(ALL_READY, timeout=180_000)
    drawn_ms = page.evaluate("performance.now()")
    if wait_sw:
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    ctx.close()
    return {"drawn_ms": drawn_ms, "gzipped": sum(r[1] for r in rows), "uncompressed": sum(r[2] for r in rows),
            "requests": len(rows), "engine_files": sorted({r[0] for r in rows if ENGINE_FILE.search(r[0])})}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path, help="also write the figures to this file")
    args = ap.parse_args()

    from playwright.sync_api import sync_playwright

    site.build(DIST, quiet=True)
    dist = DIST
    page = (dist / "embed-demo.html").read_text(encoding="utf-8")
    hand_written = re.sub(r'<script type="application/json">.*?</script>', "", page, flags=re.S)
    server = build_server.make_server(dist, "127.0.0.1", 0,
                               extra_files={"/embed-demo-hand-written.html": hand_written.encode()})
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    base = f"http://{host}:{port}/"

    page_files = {"embed-demo.html", "embed-demo.css", "embed-demo.mjs", "icon.svg"}
    script = [f for f in json.loads((dist / "widgets.json").read_text()) if f not in page_files]
    script_raw = sum((dist / f).stat().st_size for f in script)
    script_gz = sum(len(gzip.compress((dist / f).read_bytes(), 9, mtime=0)) for f in script)
    carried = sum(len(m) for m in re.findall(r'<script type="application/json">(.*?)</script>', page, flags=re.S))

    res: dict[str, list[Any]] = {"carried": [], "reference": []}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for run in range(args.runs):
            order = [("carried", "embed-demo.html?lang=en"), ("reference", "embed-demo-hand-written.html?lang=en")]
            for kind, path in order if run % 2 == 0 else order[::-1]:
                res[kind].append(visit(browser, base + path, dist, wait_sw=kind == "carried"))
        browser.close()
    server.shutdown()

    def med(kind: str, key: str) -> float:
        return statistics.median(r[key] for r in res[kind])

    ratios = [c["gzipped"] / r["gzipped"] for c, r in zip(res["carried"], res["reference"], strict=True)]
    out = {
        "runs": args.runs,
        "carried_uncompressed_bytes": med("carried", "uncompressed"),
        "carried_gzipped_bytes": med("carried", "gzipped"),
        "carried_drawn_ms": med("carried", "drawn_ms"),
        "carried_engine_files": sorted({f for r in res["carried"] for f in r["engine_files"]}),
        "reference_uncompressed_bytes": med("reference", "uncompressed"),
        "reference_gzipped_bytes": med("reference", "gzipped"),
        "reference_drawn_ms": med("reference", "drawn_ms"),
        "ratio_gzipped_carried_to_reference": statistics.median(ratios),
        "widget_script_files": len(script),
        "widget_script_bytes": script_raw,
        "widget_script_gzipped_bytes": script_gz,
        "tile_faces_bytes": (dist / "render/glyphs.mjs").stat().st_size,
        "carried_analysis_bytes": carried,
    }
    for k, v in out.items():
        print(f"{k:38} {v}")
    if args.json:
        args.json.write_text(json.dumps({"figures": out, "runs": res}, indent=1) + "\n", encoding="utf-8")
    ok = (out["carried_uncompressed_bytes"] <= BUDGET_BYTES and out["carried_gzipped_bytes"] <= BUDGET_GZIP
          and not out["carried_engine_files"] and script_gz <= BUDGET_SCRIPT_GZIP)
    print("budgets: " + ("met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
