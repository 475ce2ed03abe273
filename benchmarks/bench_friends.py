#!/usr/bin/env python3
"""The friends table's figures (not a test): code lengths, a guest's join time, the action round trip.

    python benchmarks/bench_friends.py [--runs 3] [--json out.json]

Builds dist/ into a temporary directory, serves it on 127.0.0.1 and drives Debian's Chromium with Playwright:
  * invitation and reply code lengths (the code in the link's fragment, the whole link, the reply);
  * a guest's join, cold (a fresh browser profile) and warm (the same profile again, a new invitation): from
    opening the invitation link to its reply code, and to its table being drawn (the host pastes the reply
    and deals at once, through window.hzmj.friends); against a cold start of the local game, same machine;
  * the action round trip over the data channel on loopback: a guest's `act` (tap to the engine's answer on
    the guest's page, over the host's engine) and a guest's `state` call, median and p95; the goal is a
    median of at most 50 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import builder.server  # noqa: E402
import builder.site  # noqa: E402

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
TABLE = "html[data-table=ready]"


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, round(q * (len(s) - 1)))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    dist = Path(tempfile.mkdtemp(prefix="hzmj-bench-friends-"))
    builder.site.build(dist, quiet=True)
    server = builder.server.make_server(dist)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    res: dict[str, list[float]] = {k: [] for k in (
        "local_cold_ms", "join_cold_reply_ms", "join_cold_seated_ms", "join_warm_reply_ms", "join_warm_seated_ms")}
    lengths: dict[str, list[int]] = {"invite_code": [], "invite_link": [], "reply_code": []}
    acts: list[float] = []
    calls: list[float] = []
    pings: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for run in range(args.runs):
            # a cold start of the local game, for reference
            ctx = browser.new_context()
            page = ctx.new_page()
            t0 = time.perf_counter()
            page.goto(url + "?seed=3&speed=instant")
            page.wait_for_selector(TABLE, timeout=120_000)
            res["local_cold_ms"].append((time.perf_counter() - t0) * 1000)
            ctx.close()

            host_ctx = browser.new_context()
            host = host_ctx.new_page()
            host.goto(url + f"?seed={100 + run}&speed=instant")
            host.wait_for_selector(TABLE, timeout=120_000)
            guest_ctx = browser.new_context()
            for kind in ("cold", "warm"):
                invites = host.evaluate("async () => (await window.hzmj.friends.host({friends: [2]})).invites")
                link = invites[0]["link"]
                lengths["invite_link"].append(len(link))
                lengths["invite_code"].append(len(link.split("#join=", 1)[1]))
                guest = guest_ctx.new_page()
                t0 = time.perf_counter()
                guest.goto(link)
                guest.wait_for_function("() => window.hzmj && window.hzmj.friends.state().reply", timeout=30_000)
                reply = guest.evaluate("() => window.hzmj.friends.state().reply")
                res[f"join_{kind}_reply_ms"].append((time.perf_counter() - t0) * 1000)
                lengths["reply_code"].append(len(reply))
                host.evaluate("async ([c]) => { await window.hzmj.friends.accept(2, c); "
                              "await window.hzmj.friends.start(); }", [reply])
                guest.wait_for_selector(TABLE, timeout=30_000)
                res[f"join_{kind}_seated_ms"].append((time.perf_counter() - t0) * 1000)
                if kind == "warm":
                    calls.extend(guest.evaluate("""async () => {
                        const out = [];
                        for (let i = 0; i < 30; i++) {   // paced as a player's page calls (the host limits floods)
                            const t = performance.now();
                            await window.hzmj.game.call('state');
                            out.push(performance.now() - t);
                            await new Promise((r) => setTimeout(r, 100));
                        }
                        return out;
                    }"""))
                    # the guest plays its decisions (discard the last tile, pass claims) while the host
                    # passes and discards at once: round trips of the guest's acts
                    deadline = time.monotonic() + 60
                    while time.monotonic() < deadline and len(guest.evaluate(
                            "() => window.hzmj.game.metrics.roundTrips")) < 25:
                        for pg in (host, guest):
                            pg.evaluate("""() => {
                                const g = window.hzmj.game, s = g.state;
                                if (!s || g.busy || !s.human_to_act || s.hand_over) return;
                                const a = s.legal_actions.find((x) => x.group === 'pass')
                                  || s.legal_actions.filter((x) => x.group === 'discard').pop() || s.legal_actions[0];
                                g.act(a);
                            }""")
                        if host.evaluate("() => window.hzmj.game.state.hand_over"):
                            break
                        time.sleep(0.02)
                    acts.extend(guest.evaluate("() => window.hzmj.game.metrics.roundTrips"))
                    pings.append(guest.evaluate("() => window.hzmj.bridge.latency") or 0)
                guest.close()
            guest_ctx.close()
            host_ctx.close()
        browser.close()
    server.shutdown()

    m = {k: round(statistics.median(v), 1) for k, v in res.items()}
    figures = {
        "runs": args.runs,
        "invite_code_chars": lengths["invite_code"][0],
        "invite_link_chars_on_this_server": round(statistics.median(lengths["invite_link"])),
        "reply_code_chars": round(statistics.median(lengths["reply_code"])),
        "reply_code_chars_range": [min(lengths["reply_code"]), max(lengths["reply_code"])],
        **m,
        "join_cold_vs_local_cold": round(m["join_cold_seated_ms"] / m["local_cold_ms"], 3),
        "guest_act_round_trip_ms": {"n": len(acts), "median": round(statistics.median(acts), 1),
                                    "p95": round(pct(acts, 0.95), 1)} if acts else None,
        "guest_state_call_ms": {"n": len(calls), "median": round(statistics.median(calls), 1),
                                "p95": round(pct(calls, 0.95), 1)},
        "channel_ping_ms_median": statistics.median(pings) if pings else None,
        "cpus": os.cpu_count(),
        "loadavg_1min": round(os.getloadavg()[0], 2),
    }
    print(json.dumps(figures, indent=1))
    if args.json:
        args.json.write_text(json.dumps({**figures, "samples": res, "acts": acts, "calls": calls}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
