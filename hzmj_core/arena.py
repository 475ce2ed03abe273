"""The arena: bots play many hands against each other and we measure, per bot kind, how they do.

Every hand is dealt independently from the arena seed (wall, dealer and streak 老庄 derived from it), so a
hand can be replayed under another seating. With ``duplicate`` each wall is played once per rotation of the
seating (four times), every kind sitting at every seat, so the luck of the wall cancels out as in duplicate
mahjong. The figures per kind: mean points per hand with a 95% confidence interval (over walls, so the
four rotations of one wall count as one sample), win rate, deal-in (放铳) rate, average fan of wins and the
decision time of the bot (median and 95th percentile).

Walls can be played by several worker processes (``workers``); each wall depends only on the seed and its
number, and the outcomes are put back in wall order, so every figure except the timings is the same for any
number of workers. Where there are no processes (Pyodide) the arena plays in one. There are never more
workers than the machine has processors. The workers ignore Ctrl-C (the whole terminal's process group gets
it): the main process hears it, or a SIGTERM, and ends them at once.
"""

from __future__ import annotations

import math
import os
import signal
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, Decision, bot_id, make_bot
from .options import Options
from .rng import Rng, derive_seed
from .round import Round
from .view import SeatView

STREAK_MIX = ((1, 0.6), (2, 0.25), (3, 0.15))
"""How often each dealer streak L is dealt in ``streak="mix"``: mostly 平庄, sometimes 3老 (discard wins live)."""


class ArenaError(ValueError):
    """Bad arena settings (unknown bot, wrong number of seats, ...)."""


@dataclass(slots=True)
class SeatHand:
    """One seat's outcome in one played hand."""

    wall: int
    kind: str
    points: int
    won: bool
    fan: int
    dealt_in: bool
    times: list[float] = field(default_factory=list)


def deal_params(seed: int, wall: int, streak: int | str) -> tuple[int, int, int]:
    """Wall seed, dealer and streak of arena hand number ``wall``."""
    rng = Rng(derive_seed(seed, wall, 0xA7E7A))
    dealer = rng.below(4)
    if streak == "mix":
        x = rng.random()
        lao = 3
        acc = 0.0
        for value, p in STREAK_MIX:
            acc += p
            if x < acc:
                lao = value
                break
    else:
        lao = int(streak)
    return derive_seed(seed, wall), dealer, lao


def rotation_seed(seed: int, wall: int, rotation: int) -> int:
    """Bot seed of arena hand ``wall`` played in seat rotation ``rotation`` (what :func:`play_wall` gives
    :func:`play_hand`)."""
    return derive_seed(seed, wall, rotation, 0xB07)


def play_hand(options: Options, wall_seed: int, dealer: int, streak: int, kinds: Sequence[str],
              bot_seed: int, observe: Callable[[SeatView, Decision], None] | None = None,
              make: Callable[[str, int], Bot] = make_bot) -> tuple[Round, list[list[float]]]:
    """Play one hand with the given bot kind per seat; returns the finished round and decision times (s).
    ``observe`` is shown every decision with the view it was made from, before it is applied; ``make`` builds
    each seat's bot from its kind and seed."""
    r = Round.deal(options, dealer=dealer, streak=streak, seed=wall_seed)
    bots = [make(kinds[s], derive_seed(bot_seed, s)) for s in range(4)]
    points = (options.start_points,) * 4
    pts = (points[0], points[1], points[2], points[3])
    times: list[list[float]] = [[], [], [], []]
    clock = time.perf_counter
    while not r.is_over:
        seat = r.deciding_seats()[0]
        view = SeatView.of(r, seat, pts)
        t0 = clock()
        decision = bots[seat].decide(view)
        times[seat].append(clock() - t0)
        if observe is not None:
            observe(view, decision)
        r.apply(decision.action)
    return r, times


def play_wall(options: Options, seed: int, wall: int, seats: Sequence[str], duplicate: bool,
              streak: int | str, make: Callable[[str, int], Bot] = make_bot) -> list[SeatHand]:
    """Play one wall (once, or once per seat rotation) and return every seat's outcome (``make``: as in
    :func:`play_hand`)."""
    wall_seed, dealer, lao = deal_params(seed, wall, streak)
    out: list[SeatHand] = []
    for rot in range(4 if duplicate else 1):
        kinds = [seats[(s - rot) % 4] for s in range(4)]
        r, times = play_hand(options, wall_seed, dealer, lao, kinds, rotation_seed(seed, wall, rot), make=make)
        res = r.result
        assert res is not None
        fan = res.evaluation.fan if res.evaluation is not None else 0
        for s in range(4):
            out.append(SeatHand(wall, kinds[s], res.deltas[s], res.winner == s, fan if res.winner == s else 0,
                                res.discarder == s and res.winner is not None, times[s]))
    return out


def _play_chunk(args: tuple[Options, int, list[int], list[str], bool, int | str]) -> list[SeatHand]:
    options, seed, walls, seats, duplicate, streak = args
    out: list[SeatHand] = []
    for w in walls:
        out.extend(play_wall(options, seed, w, seats, duplicate, streak))
    return out


def can_use_processes() -> bool:
    """True if this Python can start worker processes (not in Pyodide, whose WebAssembly has none)."""
    if sys.platform == "emscripten":
        return False
    try:
        import multiprocessing  # noqa: F401
    except ImportError:
        return False
    return True


def _worker_start() -> None:
    """A worker ignores Ctrl-C and dies of SIGTERM: the main process decides when to stop, and stops it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _play_in_processes(options: Options, seed: int, walls: list[int], seats: list[str], duplicate: bool,
                       streak: int | str, workers: int,
                       progress: Callable[[int, int], None] | None) -> list[SeatHand]:
    """Play the walls in ``workers`` processes; the outcomes in wall order, as one process would give them."""
    import multiprocessing

    # fork where there is one: the workers start at once and inherit the warm hand tables.
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
    # Small interleaved batches keep both workers busy to the end (late walls are not slower than early ones).
    n_batches = min(len(walls), workers * 8)
    batches = [walls[i::n_batches] for i in range(n_batches)]
    records: list[SeatHand] = []
    pool = ctx.Pool(workers, initializer=_worker_start)
    try:
        parts = pool.imap(_play_chunk, [(options, seed, b, seats, duplicate, streak) for b in batches])
        done = 0
        for batch, part in zip(batches, parts, strict=True):
            records.extend(part)
            done += len(batch)
            if progress is not None:
                progress(done, len(walls))
        pool.close()
    except BaseException:
        # Ctrl-C, SIGTERM (cli raises it as an exception) or a failure: end the workers now, not after their
        # batches
        pool.terminate()
        raise
    finally:
        pool.join()
    records.sort(key=lambda r: r.wall)  # stable: a wall's rotations and seats keep their order
    return records


def _percentile(sorted_values: Sequence[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    k = (len(sorted_values) - 1) * q
    lo = math.floor(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def summarize(records: Sequence[SeatHand]) -> dict[str, dict[str, Any]]:
    """Per-kind figures from seat outcomes (see the module docstring)."""
    kinds = sorted({r.kind for r in records})
    out: dict[str, dict[str, Any]] = {}
    for k in kinds:
        mine = [r for r in records if r.kind == k]
        per_wall: dict[int, list[int]] = {}
        for r in mine:
            per_wall.setdefault(r.wall, []).append(r.points)
        samples = [sum(v) / len(v) for v in per_wall.values()]
        mean = statistics.fmean(samples)
        half = 1.96 * statistics.stdev(samples) / math.sqrt(len(samples)) if len(samples) > 1 else float("inf")
        wins = [r for r in mine if r.won]
        times = sorted(t for r in mine for t in r.times)
        out[k] = {
            "seat_hands": len(mine),
            "mean_points": round(mean, 3),
            "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "ci95_half_width": round(half, 3),
            "win_rate": round(len(wins) / len(mine), 4),
            "deal_in_rate": round(sum(1 for r in mine if r.dealt_in) / len(mine), 4),
            "avg_fan": round(statistics.fmean(r.fan for r in wins), 3) if wins else None,
            "decisions": len(times),
            "time_median_ms": round(1000 * _percentile(times, 0.5), 3),
            "time_p95_ms": round(1000 * _percentile(times, 0.95), 3),
            "time_max_ms": round(1000 * times[-1], 3) if times else 0.0,
        }
    return out


def run_arena(hands: int, seed: int, seats: Sequence[str], *, duplicate: bool = False,
              options: Options | None = None, streak: int | str = "mix", workers: int = 1,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play about ``hands`` hands (with ``duplicate``, ``hands / 4`` walls × 4 rotations) and report per kind.

    ``seats`` names the bot kind of each of the four seats (one name means all four). ``streak`` is 1, 2, 3
    or ``"mix"`` (:data:`STREAK_MIX`). ``workers > 1`` plays the walls in that many processes (the same
    results; one process where the platform has none, and never more than the machine's processors,
    ``os.cpu_count()``). ``progress(walls_done, walls)`` follows the play.
    """
    seats = list(seats)
    if len(seats) == 1:
        seats *= 4
    if len(seats) != 4:
        raise ArenaError(f"--seats takes one bot name or four, got {len(seats)}")
    try:
        seats = [bot_id(name) for name in seats]  # an old id names the same kind
    except ValueError as exc:
        raise ArenaError(str(exc)) from None
    if hands < 1:
        raise ArenaError("--hands must be at least 1")
    if streak not in ("mix", 1, 2, 3):
        raise ArenaError(f"--streak must be 1, 2, 3 or mix, got {streak!r}")
    if workers < 1:
        raise ArenaError(f"--workers must be at least 1, got {workers}")
    opts = options or Options()
    n_walls = max(1, math.ceil(hands / 4)) if duplicate else hands
    walls = list(range(n_walls))
    workers = min(workers, n_walls, os.cpu_count() or 1) if can_use_processes() else 1
    t0 = time.perf_counter()
    records: list[SeatHand] = []
    if workers == 1:
        for i, w in enumerate(walls):
            records.extend(play_wall(opts, seed, w, seats, duplicate, streak))
            if progress is not None:
                progress(i + 1, n_walls)
    else:
        records = _play_in_processes(opts, seed, walls, seats, duplicate, streak, workers, progress)
    elapsed = time.perf_counter() - t0
    played = len(records) // 4
    wins = sum(1 for r in records if r.won)
    return {
        "hands": played,
        "walls": n_walls,
        "duplicate": duplicate,
        "seed": seed,
        "seats": seats,
        "streak": streak,
        "workers": workers,
        "draw_rate": round(1 - wins / played, 4),
        "seconds": round(elapsed, 2),
        "hands_per_second": round(played / elapsed, 2) if elapsed > 0 else None,
        "kinds": summarize(records),
    }


def arena_text(d: dict[str, Any]) -> str:
    """A human-readable table of :func:`run_arena` output."""
    lines = [f"arena: {d['hands']} hands ({d['walls']} walls{', duplicate' if d['duplicate'] else ''}), "
             f"seats {','.join(d['seats'])}, seed {d['seed']}, streak {d['streak']}; "
             f"流局 {100 * d['draw_rate']:.1f}%, {d['hands_per_second']} hands/s",
             f"{'bot':<8}{'mean/hand':>10}  {'95% CI':<19}{'win':>7}{'deal-in':>9}{'avg fan':>9}"
             f"{'med ms':>8}{'p95 ms':>8}"]
    for k, s in d["kinds"].items():
        ci = f"[{s['ci95'][0]:+.2f}, {s['ci95'][1]:+.2f}]"
        fan = "-" if s["avg_fan"] is None else f"{s['avg_fan']:.2f}"
        lines.append(f"{k:<8}{s['mean_points']:>+10.3f}  {ci:<19}{100 * s['win_rate']:>6.1f}%"
                     f"{100 * s['deal_in_rate']:>8.1f}%{fan:>9}{s['time_median_ms']:>8.2f}{s['time_p95_ms']:>8.2f}")
    return "\n".join(lines)
