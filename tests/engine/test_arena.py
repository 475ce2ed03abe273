"""Arena: few hands only (the full run is a benchmark, see benchmarks/bench_bots.py)."""

from __future__ import annotations

import json

import pytest

from hzmj_core.arena import ArenaError, run_arena
from hzmj_core.cli import main


def test_duplicate_arena_reports_each_kind() -> None:
    d = run_arena(8, 5, ["strong", "normal", "easy", "normal"], duplicate=True)
    assert d["hands"] == 8 and d["walls"] == 2
    kinds = d["kinds"]
    assert set(kinds) == {"strong", "normal", "easy"}
    # Every wall is played once per rotation: each kind sits at each seat once per wall.
    assert kinds["strong"]["seat_hands"] == 8 and kinds["normal"]["seat_hands"] == 16
    total = sum(k["mean_points"] * k["seat_hands"] for k in kinds.values())
    assert abs(total) < 1e-6  # points are zero-sum
    for k in kinds.values():
        lo, hi = k["ci95"]
        assert lo <= k["mean_points"] <= hi
        assert 0 <= k["win_rate"] <= 1 and 0 <= k["deal_in_rate"] <= 1
        assert k["time_p95_ms"] >= k["time_median_ms"] >= 0
    json.dumps(d)


def test_arena_is_reproducible() -> None:
    a = run_arena(3, 9, ["normal", "easy", "easy", "easy"])
    b = run_arena(3, 9, ["normal", "easy", "easy", "easy"])
    for k in a["kinds"]:
        assert a["kinds"][k]["mean_points"] == b["kinds"][k]["mean_points"]


def test_arena_errors() -> None:
    with pytest.raises(ArenaError):
        run_arena(4, 1, ["strong", "normal"])
    with pytest.raises(ArenaError):
        run_arena(4, 1, ["nobody"])


def test_arena_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--hands", "4", "--seed", "2", "--seats", "normal,easy,easy,easy", "--duplicate",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 4 and set(data["kinds"]) == {"normal", "easy"}
    assert main(["arena", "--hands", "4", "--seed", "2", "--seats", "x"]) == 2
