"""Golden fixture games (perft-like): replay the recorded actions and compare every step exactly.

The fixtures are written by tests/engine/golden/regenerate.py, to be run only for a deliberate rules change.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hzmj_core.actions import Action
from hzmj_core.options import Options
from hzmj_core.round import Round

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN.glob("*.json"))


def test_fixtures_exist() -> None:
    assert len(FILES) >= 6


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    r = Round.deal(Options.from_json(data["options"]), dealer=data["dealer"], streak=data["streak"],
                   seed=data["seed"])
    for i, step in enumerate(data["steps"]):
        seats = r.deciding_seats()
        assert seats == step["deciding"], f"step {i}"
        assert [len(r.legal_actions(s)) for s in seats] == step["legal"], f"step {i}"
        assert r.remaining == step["remaining"], f"step {i}"
        r.apply(Action.parse(step["action"]))
    assert r.is_over and r.result is not None
    assert json.loads(json.dumps(r.result.to_json())) == data["result"]
