"""Paired duplicate test of a setting of the expert 大师: the expert as it ships and a variant of its parameters
each sit at one seat against three strongs on the very same walls; the per-wall difference is what is reported.

Run: ``python benchmarks/paired_expert.py --set far_factor=0.30 [--set NAME=VALUE ...] --seed 2031
[--walls 2000] [--workers 2] [--only 12] [--json] [--no-cache]``.

A variant is the expert with some of its :class:`~hzmj_core.bots.expert_params.ExpertParams` changed (``--set``,
repeatable; ``--list`` prints every parameter with its default). Each of the ``--walls`` walls is dealt from the
seed as the arena deals it (:func:`hzmj_core.arena.deal_params`: random dealer, the arena's streak mix) and
played four times, the tested bot at every seat in turn (8,000 hands for 2,000 walls), first by the expert and
then by the variant. As long as the variant decides as the expert does, the two games are identical move for
move; after its first different decision they part. The per-wall difference of the tested seat's points
therefore carries no luck of the deal, and its standard error is two to three times smaller than that of either
run's own mean. The report gives both means (the expert's is the arena's figure for that seed: ``arena --hands
8000 --seed S --seats expert,strong,strong,strong --duplicate``), the difference a hand with its 95% confidence
interval, overall and by dealer streak L, and how many walls the variant changed at all.

``--only 12`` plays only the walls dealt at L = 1 or 2 (``--only 3``: the 3老 walls), for a variant that differs
from the expert only there; the report then also scales the difference to the whole mix. The expert's rows are
cached in ``.cache/paired/`` (they depend only on the code, the seed, the walls and ``--only``), so a second
variant on the same seed costs one run. One seed's difference has a standard error of 0.03-0.05 a hand when a
setting changes many decisions, so a gain must hold on several fresh seeds before it means anything
(docs/research/EXPERIMENTS.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import fields
from multiprocessing import get_context
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hzmj_core.arena import deal_params, play_wall  # noqa: E402
from hzmj_core.bots import Bot, ExpertBot, make_bot  # noqa: E402
from hzmj_core.bots.expert_params import ExpertParams, ParamError  # noqa: E402
from hzmj_core.options import Options  # noqa: E402

Row = tuple[int, int, int, int]
"""One wall: (wall number, streak L, the tested seat's points over the four seatings, its wins)."""
TESTED = "tested"
"""The arena kind name of the seat under test."""


def play(seed: int, params: ExpertParams, walls: Sequence[int]) -> list[Row]:
    """Every wall's row for an expert with ``params`` at one seat against three strongs."""
    def make(kind: str, bot_seed: int) -> Bot:
        return ExpertBot(bot_seed, params) if kind == TESTED else make_bot(kind, bot_seed)

    rows: list[Row] = []
    for w in walls:
        recs = [r for r in play_wall(Options(), seed, w, [TESTED, "strong", "strong", "strong"], True, "mix", make)
                if r.kind == TESTED]
        rows.append((w, deal_params(seed, w, "mix")[2], sum(r.points for r in recs), sum(r.won for r in recs)))
    return rows


def _play_batch(args: tuple[int, ExpertParams, list[int]]) -> list[Row]:
    return play(*args)


def play_walls(seed: int, params: ExpertParams, walls: int, workers: int, only: str | None) -> list[Row]:
    """The rows of walls ``0 .. walls-1`` (with ``only``, just those dealt at the streaks L it lists) in wall
    order, in ``workers`` processes."""
    numbers = [w for w in range(walls) if only is None or str(deal_params(seed, w, "mix")[2]) in only]
    if workers <= 1 or len(numbers) < 2:
        return play(seed, params, numbers)
    n = min(len(numbers), workers * 8)
    batches = [numbers[i::n] for i in range(n)]
    rows: list[Row] = []
    with get_context("fork").Pool(workers) as pool:
        for part in pool.imap_unordered(_play_batch, [(seed, params, b) for b in batches]):
            rows.extend(part)
    return sorted(rows)


def paired(base: Sequence[Row], var: Sequence[Row]) -> dict[str, object]:
    """Both means a hand and the paired difference with its standard error and 95% interval, overall and by L."""
    def stats(sel: list[int]) -> dict[str, object]:
        d = [(var[i][2] - base[i][2]) / 4 for i in sel]
        n = len(d)
        mean = sum(d) / n if n else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        se = sd / math.sqrt(n) if n else 0.0
        return {"walls": n, "expert": sum(base[i][2] for i in sel) / 4 / max(n, 1),
                "variant": sum(var[i][2] for i in sel) / 4 / max(n, 1), "diff": mean, "se": se,
                "ci95": [mean - 1.96 * se, mean + 1.96 * se]}

    idx = list(range(len(base)))
    out: dict[str, object] = {"all": stats(idx)}
    for lao in (1, 2, 3):
        out[f"L{lao}"] = stats([i for i in idx if base[i][1] == lao])
    out["changed_walls"] = sum(1 for i in idx if base[i][2] != var[i][2])
    out["win_rate"] = {"expert": sum(r[3] for r in base) / 4 / max(len(base), 1),
                       "variant": sum(r[3] for r in var) / 4 / max(len(var), 1)}
    return out


def _code_hash() -> str:
    code = hashlib.sha256()
    for p in sorted((ROOT / "hzmj_core").rglob("*.py")):
        code.update(p.read_bytes())
    return code.hexdigest()[:12]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the expert and the variant on the same walls and print the paired comparison."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of the variant (repeatable; --list shows them)")
    ap.add_argument("--list", action="store_true", help="print every parameter with its default and stop")
    ap.add_argument("--seed", type=int, default=None)
    ap.add_argument("--walls", type=int, default=2000, help="walls, each played 4 times (default 2000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", choices=("1", "2", "3", "12", "13", "23"), default=None,
                    help="play only the walls of the mix dealt at this streak L, or at these (12: L = 1 and 2)")
    ap.add_argument("--no-cache", action="store_true", help="neither read nor write .cache/paired/")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.list:
        default = ExpertParams()
        for f in fields(default):
            print(f"{f.name} = {getattr(default, f.name)!r}")
        return 0
    if args.seed is None:
        ap.error("--seed is required")
    if args.walls < 1:
        ap.error("--walls must be at least 1")
    try:
        params = ExpertParams().with_settings(args.settings)
    except ParamError as e:
        ap.error(f"--set {e}")
    only = "" if args.only is None else f"-L{args.only}"
    t0 = time.perf_counter()
    key = ROOT / ".cache" / "paired" / f"expert-{args.seed}-{args.walls}{only}-{_code_hash()}.json"
    if not args.no_cache and key.exists():
        base = [(int(a), int(b), int(c), int(d)) for a, b, c, d in json.loads(key.read_text())]
    else:
        base = play_walls(args.seed, ExpertParams(), args.walls, args.workers, args.only)
        if not args.no_cache:
            key.parent.mkdir(parents=True, exist_ok=True)
            key.write_text(json.dumps(base))
    var = play_walls(args.seed, params, args.walls, args.workers, args.only)
    report = paired(base, var)
    s = report["all"]
    assert isinstance(s, dict)
    if args.only is not None:
        share = s["walls"] / args.walls
        report["mix_diff"] = s["diff"] * share
        report["mix_ci95"] = [x * share for x in s["ci95"]]
    report.update(variant=params.changes(), seed=args.seed, walls=args.walls, only=args.only,
                  seconds=round(time.perf_counter() - t0, 1))
    if args.json:
        print(json.dumps(report))
        return 0
    name = ", ".join(f"{k}={v}" for k, v in params.changes().items()) or "the expert itself"
    print(f"{name} against the expert, seed {args.seed}, {args.walls} walls × 4 seatings"
          f"{'' if args.only is None else f' (L in {args.only} only)'} "
          f"({report['changed_walls']} walls changed, {report['seconds']} s)")
    for part in ("all", "L1", "L2", "L3"):
        p = report[part]
        assert isinstance(p, dict)
        if not p["walls"]:
            continue
        lo, hi = p["ci95"]
        print(f"  {part:>3}: expert {p['expert']:+.3f}, variant {p['variant']:+.3f}, difference {p['diff']:+.4f} "
              f"a hand, 95% [{lo:+.4f}, {hi:+.4f}] ({p['walls']} walls)")
    if args.only is not None:
        lo, hi = report["mix_ci95"]  # type: ignore[misc]
        print(f"  in the mix of {args.walls} walls (the others unchanged): {report['mix_diff']:+.4f} a hand, "
              f"95% [{lo:+.4f}, {hi:+.4f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
