"""The 3老 defence counter (benchmarks/defence_events.py): the seats that could make a third 摊, what a seat's
hidden tiles and bot would do with a discard, and one wall played with the shadow expert."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest
from test_expert_defence import _meld, _position

from hzmj_core.arena import play_wall as arena_wall
from hzmj_core.bots import ExpertBot, make_bot
from hzmj_core.bots.expert_params import ExpertParams
from hzmj_core.options import Options
from hzmj_core.round import Round
from hzmj_core.tiles import MeldKind, parse_tiles
from hzmj_core.view import SeatView

pytestmark = pytest.mark.host_only  # imports a benchmark script (and through it multiprocessing) from the repository


def _script() -> ModuleType:
    """benchmarks/defence_events.py, imported when a test runs (never while Pyodide collects the tests)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    return importlib.import_module("defence_events")


def _feed_round() -> Round:
    """The round of :func:`test_expert_defence._feed_view`: S3 to discard, the dealer S0 with two 摊 on S3."""
    return _position(
        ["3s 4s 5s 9m 9m E E", "1m 1m 2m 3m 4m 6m 7m 8m 2s 3s 4s 6s 7s", "1p 2p 3p 5p 6p 7p 2p 3p 4p 8s 8s 8s N",
         "4m 5m 6m 7p 8p 9p 2s 3s 5m 6m C C 4p 1m"],
        [[_meld(MeldKind.CHOW, "1p 2p 3p", 3), _meld(MeldKind.CHOW, "5s 6s 7s", 3)], [], [], []],
        ["4p C 9s 1p 2m 8m", "S W N F 1s 9s", "S W C F 9p 1m", "S W N 9p 1s 2m"],
        [[0, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], seat=3)


def test_the_dealer_with_two_tan_on_us_is_the_seat_that_could_make_a_third() -> None:
    r = _feed_round()
    assert _script().third_tan_seats(SeatView.of(r, 3)) == [0]
    assert _script().third_tan_seats(SeatView.of(r, 1)) == []  # nobody has claimed from S1


def test_what_the_hidden_tiles_and_the_bot_would_do_with_a_discard() -> None:
    r = _feed_round()
    bots = [make_bot("strong", s) for s in range(4)]
    (p4,) = parse_tiles("4p")
    (s2,) = parse_tiles("2s")
    # the dealer holds no run with 4p; it holds 3s 4s for 2s, but strong makes no third 摊 that leaves it no wider
    assert _script().would_claim(r, bots, 3, p4, 0) == (False, False)
    assert _script().would_claim(r, bots, 3, s2, 0) == (True, False)
    # the round itself is left as it was
    assert r.current == 3 and len(r.hands[3]) == 14


def test_a_shadow_with_the_same_parameters_never_parts_and_counts_the_arena_points() -> None:
    rec = _script().play_wall(40101, 0, ExpertParams(), ExpertParams())
    assert rec.splits == [] and rec.first == rec.second and rec.decisions > 0
    arena = arena_wall(Options(), 40101, 0, ["expert", "strong", "strong", "strong"], True, 3)
    assert rec.first["points"] == sum(h.points for h in arena if h.kind == "expert")
    assert rec.first["dealt_in"] == sum(h.dealt_in for h in arena if h.kind == "expert")


def test_a_split_is_played_again_with_the_second_expert() -> None:
    flat = ExpertParams(draw_ahead=False)  # parts from the expert on nearly every wall
    rec = _script().play_wall(40101, 3, ExpertParams(), flat)
    assert rec.splits and rec.first["points"] != rec.second["points"]  # else the check below would prove nothing
    arena = arena_wall(Options(), 40101, 3, ["expert", "strong", "strong", "strong"], True, 3,
                       lambda kind, seed: ExpertBot(seed, flat) if kind == "expert" else make_bot(kind, seed))
    assert rec.second["points"] == sum(h.points for h in arena if h.kind == "expert")
    assert rec.second["dealt_in"] == sum(h.dealt_in for h in arena if h.kind == "expert")
