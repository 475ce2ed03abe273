"""The paired-walls harness (benchmarks/paired_expert.py) on one wall: what it plays and what it reports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from hzmj_core.arena import run_arena

pytestmark = pytest.mark.host_only  # a real subprocess: none in Pyodide

HARNESS = Path(__file__).resolve().parents[2] / "benchmarks" / "paired_expert.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(HARNESS), "--seed", "5", "--walls", "1", "--workers", "1",
                           "--no-cache", *args], capture_output=True, text=True, timeout=120)


def _report(*args: str) -> dict[str, Any]:
    got = _run("--json", *args)
    assert got.returncode == 0, got.stderr
    report: dict[str, Any] = json.loads(got.stdout)
    return report


def test_a_variant_set_to_the_defaults_plays_the_same_games() -> None:
    report = _report("--set", "wider_ratio=1.5", "--set", "pairs_guard=true")
    assert report["variant"] == {}
    assert report["changed_walls"] == 0
    s = report["all"]
    assert s["walls"] == 1 and s["diff"] == 0.0 and s["ci95"] == [0.0, 0.0]
    # the expert's side is the arena's own figure for that wall
    arena = run_arena(4, 5, ["expert", "strong", "strong", "strong"], duplicate=True, streak="mix")
    assert s["expert"] == s["variant"] == arena["kinds"]["expert"]["mean_points"]


def test_a_changed_parameter_is_played_and_reported() -> None:
    report = _report("--set", "draw_ahead=false", "--set", "far_live=none")
    assert report["variant"] == {"draw_ahead": False, "far_live": None}
    s = report["all"]
    assert s["diff"] == s["variant"] - s["expert"]
    assert report["changed_walls"] == (1 if s["diff"] else 0)


def test_a_bad_setting_is_refused_by_name() -> None:
    for bad, words in (("nosuch=1", "no parameter named 'nosuch'"), ("fold=perhaps", "fold is true or false")):
        got = _run("--set", bad)
        assert got.returncode == 2 and words in got.stderr, got.stderr
