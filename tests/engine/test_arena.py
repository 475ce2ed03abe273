"""Arena: few hands only (the full run is a benchmark, see benchmarks/bench_bots.py)."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest

from hzmj_core import arena
from hzmj_core.arena import ArenaError, run_arena
from hzmj_core.cli import main


def test_duplicate_arena_reports_each_kind() -> None:
    d = run_arena(8, 5, ["strong", "advanced", "beginner", "advanced"], duplicate=True)
    assert d["hands"] == 8 and d["walls"] == 2
    kinds = d["kinds"]
    assert set(kinds) == {"strong", "advanced", "beginner"}
    # Every wall is played once per rotation: each kind sits at each seat once per wall.
    assert kinds["strong"]["seat_hands"] == 8 and kinds["advanced"]["seat_hands"] == 16
    total = sum(k["mean_points"] * k["seat_hands"] for k in kinds.values())
    assert abs(total) < 1e-6  # points are zero-sum
    for k in kinds.values():
        lo, hi = k["ci95"]
        assert lo <= k["mean_points"] <= hi
        assert 0 <= k["win_rate"] <= 1 and 0 <= k["deal_in_rate"] <= 1
        assert k["time_p95_ms"] >= k["time_median_ms"] >= 0
    json.dumps(d)


def test_arena_is_reproducible() -> None:
    a = run_arena(3, 9, ["advanced", "beginner", "beginner", "beginner"])
    b = run_arena(3, 9, ["advanced", "beginner", "beginner", "beginner"])
    for k in a["kinds"]:
        assert a["kinds"][k]["mean_points"] == b["kinds"][k]["mean_points"]


TIMINGS = ("seconds", "hands_per_second", "workers", "time_median_ms", "time_p95_ms", "time_max_ms")


def _without_timings(d: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in d.items() if k not in TIMINGS}
    out["kinds"] = {k: {f: v for f, v in s.items() if f not in TIMINGS} for k, s in d["kinds"].items()}
    return out


@pytest.mark.host_only  # processes: none in Pyodide (the fallback has its own test below)
def test_workers_give_the_same_figures_as_one_process() -> None:
    seats = ["advanced", "beginner", "random", "standard"]
    one = run_arena(24, 11, seats, duplicate=True)
    seen: list[tuple[int, int]] = []
    two = run_arena(24, 11, seats, duplicate=True, workers=2, progress=lambda d, t: seen.append((d, t)))
    assert one["workers"] == 1 and two["workers"] == 2
    assert _without_timings(two) == _without_timings(one)
    assert seen[-1] == (6, 6) and [d for d, _ in seen] == sorted(d for d, _ in seen)
    plain = run_arena(5, 4, ["beginner"], streak=3, workers=3)
    assert _without_timings(plain) == _without_timings(run_arena(5, 4, ["beginner"], streak=3))


def test_without_processes_the_arena_plays_in_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena.sys, "platform", "emscripten")
    assert not arena.can_use_processes()
    assert run_arena(2, 1, ["random"], workers=2)["workers"] == 1


def test_arena_errors() -> None:
    with pytest.raises(ArenaError):
        run_arena(4, 1, ["strong", "advanced"])
    with pytest.raises(ArenaError):
        run_arena(4, 1, ["nobody"])
    with pytest.raises(ArenaError, match="--workers"):
        run_arena(4, 1, ["random"], workers=0)


def test_arena_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--hands", "4", "--seed", "2", "--seats", "advanced,beginner,beginner,beginner",
                 "--duplicate", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 4 and set(data["kinds"]) == {"advanced", "beginner"}
    assert main(["arena", "--hands", "4", "--seed", "2", "--seats", "x"]) == 2
    assert main(["arena", "--hands", "8", "--seed", "2", "--seats", "beginner", "--workers", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["workers"] == (2 if arena.can_use_processes() else 1)
    with pytest.raises(SystemExit) as refused:  # argparse refuses it, in one line
        main(["arena", "--hands", "4", "--seed", "2", "--workers", "0"])
    assert refused.value.code == 2
    assert "--workers" in capsys.readouterr().err


def test_the_running_count_goes_to_a_terminal_only(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    args = ["arena", "--hands", "4", "--seed", "2", "--seats", "beginner"]
    assert main(args) == 0
    out, err = capsys.readouterr()
    assert "beginner" in out and err == ""  # stderr is a file or a pipe here: no "\r1/4\r2/4..." in it
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(args) == 0
    assert capsys.readouterr().err == "\r1/4\r2/4\r3/4\r4/4\n"
