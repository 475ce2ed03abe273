"""Timing helpers shared by ``bench_review_web.py`` on CPython and inside Pyodide in the browser (pure Python).

``typical_logs`` plays hands of four strong bots (dealer and streak rotating) and returns their logs;
``review_times`` reviews seat 0 of each log one decision at a time, as the page does, and returns the wall
time of each review; ``decision_times`` times a bot's own decisions (``bench_bots`` uses it too).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from hzmj_core.bots import ExpertBot, make_bot
from hzmj_core.log import hand_log
from hzmj_core.review import Review
from hzmj_core.rng import derive_seed
from hzmj_core.round import Round
from hzmj_core.view import SeatView


def typical_logs(hands: int, seed: int) -> list[dict[str, Any]]:
    """Logs of ``hands`` finished hands of four strong bots."""
    out = []
    for h in range(hands):
        r = Round.deal(dealer=h % 4, streak=1 + h % 3, seed=derive_seed(seed, h))
        bots = [make_bot("strong", derive_seed(seed, h, s)) for s in range(4)]
        while not r.is_over:
            s = r.deciding_seats()[0]
            r.apply(bots[s].decide(SeatView.of(r, s)).action)
        out.append(hand_log(r))
    return out


def review_times(logs: list[dict[str, Any]], seat: int = 0) -> list[dict[str, Any]]:
    """Wall time (ms) of each log's review of ``seat``, stepped one decision at a time, and its size."""
    out = []
    for log in logs:
        t0 = time.perf_counter()
        rv = Review(log, seat, 0)
        while not rv.finished:
            rv.step(1)
        report = rv.report()
        out.append({"ms": round(1000 * (time.perf_counter() - t0), 1), "total": rv.total,
                    "decisions": report["decisions"], "flagged": report["flagged"]})
    return out


def decision_times(hands: int, seed: int, kind: str = "expert", clock: Callable[[], float] = time.process_time,
                   sampled: bool = False) -> dict[str, float | int]:
    """Time per decision of one ``kind`` bot against three strongs over ``hands`` hands (ms), by ``clock``
    (CPU time by default; a browser worker has no separate CPU clock, so there wall time). ``sampled``: each
    decision also values its choice and another legal action by the sampled look-ahead
    (:meth:`~hzmj_core.bots.expert.ExpertBot.compare`), as a review step does."""
    times: list[float] = []
    for h in range(hands):
        me = h % 4
        r = Round.deal(dealer=(h // 4) % 4, streak=1 + h % 3, seed=derive_seed(seed, h))
        bots = [make_bot(kind if s == me else "strong", derive_seed(seed, h, s)) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            t0 = clock()
            action = bots[seat].decide(view).action
            if seat == me and sampled and len(view.legal) > 1:
                other = next(a for a in view.legal if a != action)
                ExpertBot(derive_seed(seed, h, len(times))).compare(view, [action, other])
            if seat == me:
                times.append(clock() - t0)
            r.apply(action)
    times.sort()
    n = len(times)
    return {"decisions": n, "median_ms": round(1000 * times[n // 2], 2),
            "p95_ms": round(1000 * times[min(n - 1, int(0.95 * n))], 2), "max_ms": round(1000 * times[-1], 2)}


def decision_times_wall(hands: int, seed: int, sampled: bool = False) -> dict[str, float | int]:
    """The expert's :func:`decision_times` in wall time."""
    return decision_times(hands, seed, clock=time.perf_counter, sampled=sampled)
