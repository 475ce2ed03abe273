#!/usr/bin/env python3
"""Game-page figures in headless Chromium (Debian's /usr/bin/chromium): time to a playable table and the
human action round trip.

    python benchmarks/bench_play.py [--runs 3] [--actions 30]

Per run, in a fresh browser context:
  * table cold: navigation -> first playable table drawn (html[data-table=ready], window.hzmj.tableReadyAt);
  * table warm: the same after a reload once the service worker controls the page;
  * round trip: for each human discard (two clicks on a tile button: select, then discard), the time from the
    discard click to the redrawn table, measured in the page (window.hzmj.game.metrics.roundTrips: act() sent
    -> engine answered -> canvas redrawn and buttons rebuilt). Bot moves run with ?speed=instant and are not
    part of the figure. With --speed fast (or normal) the table's draw/discard/claim animations and sounds are
    on (instant turns them off), and the bots are paced.
"""

from __future__ import annotations

import argparse
import statistics
import threading
from typing import Any

from bench_web import CHROMIUM, CHROMIUM_ARGS  # the same browser setup as bench_web (and the root on sys.path)

import builder.server
import builder.site


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(q * (len(xs) - 1)))]


def play(page: Any, n: int) -> None:
    turn = ("() => document.documentElement.dataset.busy !== '1' && !!document.querySelector("
            "'#settle[open], #hand button[data-action=discard], #actions button[data-action]')")
    done = 0
    while done < n:
        page.wait_for_function(turn, timeout=30_000)
        if page.locator("#settle[open]").count():
            page.locator("#settle button[data-action=next]").click()
            continue
        b = page.locator("#actions button[data-action=pass]")
        if b.count():
            b.first.click()
            continue
        tile = page.locator("#hand button[data-action=discard]").last
        tile.click()
        page.locator("#hand button[aria-pressed=true]").first.click()
        done += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--actions", type=int, default=30)
    ap.add_argument("--speed", choices=["instant", "fast", "normal"], default="instant",
                    help="page speed: instant has no animations, fast and normal animate")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    builder.site.build(quiet=True)
    server = builder.server.make_server()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    cold: list[float] = []
    warm: list[float] = []
    engine_cold: list[float] = []
    trips: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        for run in range(args.runs):
            ctx = browser.new_context(viewport={"width": 1280, "height": 760})
            page = ctx.new_page()
            page.goto(f"{base}?seed={100 + run}&speed={args.speed}&lang=zh")
            page.wait_for_selector("html[data-table=ready]", timeout=120_000)
            cold.append(page.evaluate("window.hzmj.tableReadyAt"))
            engine_cold.append(page.evaluate("window.hzmj.readyAt"))
            play(page, args.actions)
            trips.extend(page.evaluate("window.hzmj.game.metrics.roundTrips"))
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=120_000)
            page.reload()
            page.wait_for_selector("html[data-table=ready]", timeout=120_000)
            warm.append(page.evaluate("window.hzmj.tableReadyAt"))
            ctx.close()
        browser.close()
    server.shutdown()
    print(f"hzmj game page, headless Chromium, {args.runs} runs, {len(trips)} human actions, speed {args.speed}:")
    print(f"  cold: engine ready {statistics.median(engine_cold):6.0f} ms, "
          f"playable table {statistics.median(cold):6.0f} ms")
    print(f"  warm (service worker): playable table {statistics.median(warm):6.0f} ms")
    print(f"  action round trip (click -> engine -> redrawn): median {statistics.median(trips):5.1f} ms, "
          f"p95 {pct(trips, 0.95):5.1f} ms, max {max(trips):5.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
