"""复盘 review: flags a clear mistake, not the expert's own choice, same seed same review, bad input refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import discard_any, pass_claims, scenario

from hzmj_core import webapi
from hzmj_core.actions import ActionType
from hzmj_core.bots.expert import ExpertBot
from hzmj_core.log import hand_log
from hzmj_core.review import Review, ReviewError, action_words, review
from hzmj_core.round import Round
from hzmj_core.tiles import TILE_NAMES, parse_tiles
from hzmj_core.view import SeatView

BAOTOU = "P* 1m2m3m 4p5p6p 7s8s9s E E E"


def _baotou_position() -> Round:
    """S1 is in 暴头 state and draws a 财神 with 80 tiles left: winning now is a plain 暴头, a 飘 pays double."""
    r = scenario({1: BAOTOU}, draws="P*")
    discard_any(r, 0)
    pass_claims(r)
    assert r.current == 1 and TILE_NAMES[r.drawn or 0] == "P" and r.remaining >= 75
    return r


def _step_item(d: dict, step: int) -> dict:
    return next(it for it in d["items"] if it["step"] == step)


def test_flags_a_win_taken_instead_of_a_piao() -> None:
    r = _baotou_position()
    step = len(r.actions)
    win = next(a for a in r.legal_actions(1) if a.type is ActionType.WIN)
    r.apply(win)
    d = review(hand_log(r), 1)
    it = _step_item(d, step)
    assert it["flagged"] and it["loss"] >= 1.0
    assert it["taken"]["type"] == "win" and it["choice"]["type"] == "discard"
    assert d["worst"][0]["step"] == step
    assert "飘" in it["text_zh"] and "胡" in it["text_zh"] and "expert" in it["text_en"]
    assert it["choice_words"] == {"zh": "打财神", "en": "discard the 财神 (wildcard)"}
    assert "S1" not in it["text_zh"]


def test_does_not_flag_the_experts_own_choice() -> None:
    r = _baotou_position()
    step = len(r.actions)
    choice = ExpertBot(0).decide(SeatView.of(r, 1)).action
    r.apply(choice)
    d = review(hand_log(r), 1)
    it = _step_item(d, step)
    assert not it["flagged"] and it["loss"] == 0
    assert it["taken"] == it["choice"]


def test_same_seed_same_review() -> None:
    r = Round.deal(dealer=0, streak=3, seed=21)
    from hzmj_core.bots import make_bot
    bots = [make_bot("normal", s) for s in range(4)]
    while not r.is_over and len(r.actions) < 60:
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    log = hand_log(r)
    a = Review(log, 2, seed=4)
    b = review(log, 2, seed=4)
    while not a.finished:
        a.step(3)
    assert a.report() == b
    assert b["total"] == sum(1 for x in r.actions if x.seat == 2)


@pytest.mark.parametrize("bad, seat, msg", [
    ({"format": "nope"}, 0, "'format' must be"), ("text", 0, "must be a JSON object"),
    ({}, 5, "seat must be 0-3"), ({}, True, "seat must be 0-3"),
])
def test_bad_input_is_refused(bad: object, seat: int, msg: str) -> None:
    with pytest.raises(ReviewError, match=msg):
        Review(bad, seat)


def test_action_words() -> None:
    five = parse_tiles("5p")[0]
    r = _baotou_position()
    d = next(a for a in r.legal_actions(1) if a.type is ActionType.DISCARD)
    assert action_words(d, None)[0].startswith("打")
    from hzmj_core.actions import Action
    assert action_words(Action(2, ActionType.PONG, (five, five)), five) == ("碰五筒", "pong the 5 Dots")


@pytest.mark.host_only  # a real subprocess: none in Pyodide
def test_cli_and_webapi(tmp_path: Path) -> None:
    r = _baotou_position()
    r.apply(next(a for a in r.legal_actions(1) if a.type is ActionType.WIN))
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand_log(r)), encoding="utf-8")
    cmd = [sys.executable, "-m", "hzmj_core", "review", str(path), "--seat", "1", "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["flagged"] >= 1
    text = subprocess.run(cmd[:-1], capture_output=True, text=True, check=False)
    assert text.returncode == 0 and "飘" in text.stdout
    bad = subprocess.run([*cmd[:-3], "--seat", "7"], capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "seat" in bad.stderr
    missing = subprocess.run([*cmd[:4], str(tmp_path / "none.json"), "--seat", "1"], capture_output=True,
                             text=True, check=False)
    assert missing.returncode == 2
    started = json.loads(webapi.call("review_start", json.dumps({"log": hand_log(r), "seat": 1})))
    assert started["total"] >= 1 and started["done"] == 0
    for _ in range(100):
        got = json.loads(webapi.call("review_step", json.dumps({"count": 2})))
        assert 0 < got["done"] <= got["total"]
        if got["finished"]:
            break
    assert got["finished"] and got["report"]["flagged"] >= 1
    with pytest.raises(webapi.ApiError, match="seat"):
        webapi.call("review_start", json.dumps({"log": hand_log(r), "seat": 9}))
