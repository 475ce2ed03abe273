"""复盘 review: flags a clear mistake, not the expert's own choice, same seed same review, bad input refused."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import discard_any, lap, opts, pass_claims, play, scenario

from hzmj_core import webapi
from hzmj_core.actions import ActionType
from hzmj_core.arena import play_hand
from hzmj_core.bots.expert import ExpertBot
from hzmj_core.log import hand_log
from hzmj_core.options import Options
from hzmj_core.review import Review, ReviewError, action_words, expert_for, review
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
    assert it["costly"] and it["loss"] >= it["costly_points"]
    assert it["taken"]["type"] == "win" and it["choice"]["type"] == "discard"
    assert d["worst"][0]["step"] == step
    assert "飘" in it["text_zh"] and "胡" in it["text_zh"] and "expert" in it["text_en"]
    assert it["choice_words"] == {"zh": "打财神", "en": "discard the Caishen (财神, the wildcard)"}
    assert "S1" not in it["text_zh"]


def test_does_not_flag_the_experts_own_choice() -> None:
    r = _baotou_position()
    step = len(r.actions)
    choice = ExpertBot(0).decide(SeatView.of(r, 1)).action
    r.apply(choice)
    d = review(hand_log(r), 1)
    it = _step_item(d, step)
    assert not it["costly"] and it["loss"] == 0
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
    assert action_words(Action(2, ActionType.PONG, (five, five)), five) == ("碰五筒", "pong the 5 of Dots")


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


# ---- a third 摊 fed at 3老: S3 (the dealer's 上家) has been chowed twice by S0 and holds a lone 五条 that S0,
# ready for it with 三条四条 and two chows shown, can chow for the third 摊 (then S3 pays S0's wins, 承包)
FEEDER = "2m 5p 5s 9m 1p 1p 1s 1s W W S S 7m"
DEALER = "3m4m 6p7p 3s4s 8s8s E E C F N 9m"


def _feed_position(chengbao: bool = True) -> Round:
    r = scenario({0: DEALER, 3: FEEDER}, draws="1m 6m C 1m 6m C 1m 6m 9p", dealer=0, streak=3,
                 options=opts(three_tan_chengbao=chengbao))
    play(r, "S0 discard N")
    lap(r, 1, 2)
    play(r, "S3 discard 2m", "S0 chow 3m4m", "S0 discard 9m")
    lap(r, 1, 2)
    play(r, "S3 discard 5p", "S0 chow 6p7p", "S0 discard C")
    lap(r, 1, 2)
    pass_claims(r)
    assert r.current == 3 and r.tan[0][3] == 2 and r.remaining > 70
    return r


def _feed_review(chengbao: bool = True, seed: int = 0) -> tuple[dict, int]:
    r = _feed_position(chengbao)
    step = len(r.actions)
    r.apply(next(a for a in r.legal_actions(3) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "5s"))
    return review(hand_log(r), 3, seed), step


def test_flags_a_third_tan_fed_at_3lao() -> None:
    d, step = _feed_review()
    it = _step_item(d, step)
    assert it["costly"] and it["loss"] >= it["costly_points"], it["text_en"]
    assert it["taken_words"] == {"zh": "打五条", "en": "discard the 5 of Bamboo"}
    assert it["choice"]["type"] == "discard" and it["choice"]["tiles"] != ["5s"]
    assert d["worst"][0]["step"] == step and "S0" not in it["text_zh"] + it["reason_zh"]
    # the 摊 is part of the cost: without 三摊承包 the same discard gives away less
    off, _ = _feed_review(chengbao=False)
    assert _step_item(off, step)["loss"] < it["loss"]
    # the flagged decision carries the position as it was: the seat's 14 tiles, the dealer's two chows
    pos = d["worst"][0]["position"]
    assert pos["seat"] == 3 and len(pos["hand"]) == 14 and "5s" in pos["hand"]
    assert len(pos["players"][0]["melds"]) == 2 and pos["tan"][0][3] == 2 and pos["wall_remaining"] == it["remaining"]


def test_does_not_flag_the_experts_own_choice_on_the_feed_position() -> None:
    r = _feed_position()
    step = len(r.actions)
    view = SeatView.of(r, 3)
    own = expert_for(0, 0, step, 3).decide(view).action  # the very expert the review asks about this step
    other = ExpertBot(5).decide(view).action  # and an expert seeded otherwise
    for choice in (own, other):
        assert choice.type is ActionType.DISCARD and choice.tile is not None and TILE_NAMES[choice.tile] != "5s"
        played = r.replayed(step)
        played.apply(choice)
        it = _step_item(review(hand_log(played), 3), step)
        assert not it["costly"]
    assert it["taken"] == other.to_json()
    played = r.replayed(step)
    played.apply(own)
    it = _step_item(review(hand_log(played), 3), step)
    assert it["taken"] == it["choice"] and it["loss"] == 0


def test_same_seed_same_review_of_the_feed() -> None:
    a, _ = _feed_review(seed=7)
    b, _ = _feed_review(seed=7)
    assert a == b and a["seed"] == 7


def test_review_of_one_hand_of_a_match() -> None:
    from hzmj_core.bots import make_bot
    from hzmj_core.log import match_log
    from hzmj_core.match import Match
    m = Match(seed=3)
    bots = [make_bot("random", s) for s in range(4)]
    for hand, limit in enumerate((10_000, 12)):  # the first hand to its end, then 12 actions of the second
        r = m.round
        while not r.is_over and len(r.actions) < limit:
            s = r.deciding_seats()[0]
            r.apply(bots[s].choose(SeatView.of(r, s)))
        if hand == 0:
            m.finish_hand()
    log = match_log(m)
    assert len(log["hands"]) == 2
    rv = Review(log, 3, hand=1)
    assert rv.total == sum(1 for a in m.round.actions if a.seat == 3) > 0
    assert {h for h, _ in rv.todo} == {1}
    while not rv.finished:
        rv.step(4)
    assert rv.report()["hand"] == 1 and all(it.hand == 1 for it in rv.items)
    with pytest.raises(ReviewError, match="hand must be 0-1"):
        Review(log, 3, hand=2)


def test_webapi_reviews_one_hand_and_refuses_a_bad_one() -> None:
    r = _feed_position()
    log = hand_log(r)
    started = json.loads(webapi.call("review_start", json.dumps({"log": log, "seat": 3, "hand": 0})))
    assert started["total"] == sum(1 for a in r.actions if a.seat == 3)
    with pytest.raises(webapi.ApiError, match="hand must be 0-0"):
        webapi.call("review_start", json.dumps({"log": log, "seat": 3, "hand": 1}))
    got = json.loads(webapi.call("review_step", json.dumps({"count": 100})))  # the first review is still there
    assert got["finished"] and got["report"]["hand"] == 0 and got["report"]["seat"] == 3


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_review_with_disagreements_always_names_decisions(seed: int) -> None:
    # a random player differs from the expert often, by less than a point each at base score 1: still the
    # costliest one to three of those decisions are named, with their cost, and counted in ``flagged``
    # a hand of a random seat 0 against three strongs, played by the arena
    r, _ = play_hand(Options(), seed, seed % 4, 1 + seed % 3, ("random", "strong", "strong", "strong"), seed)
    d = review(hand_log(r), 0, seed=seed)
    differ = [it for it in d["items"] if it["taken"] != it["choice"]]
    assert differ, "a random seat that always agrees with the expert"
    assert 1 <= d["flagged"] == len(d["worst"]) <= 5
    assert d["flagged"] >= min(3, len(differ))
    losses = [it["loss"] for it in d["worst"]]
    assert losses == sorted(losses, reverse=True) and losses[0] == max(it["loss"] for it in differ)
    assert all(it["taken"] != it["choice"] for it in d["worst"])
    assert d["costly"] == sum(1 for it in d["items"] if it["costly"])
    assert str(d["base_score"]) in d["summary_en"] and f"{d['flag_points']:.1f}" in d["summary_zh"]


def test_the_costly_threshold_follows_the_stakes() -> None:
    from hzmj_core.review import costly_points, stakes
    plain = Round.deal(dealer=0, streak=1, seed=1)
    assert stakes(plain, 1) == 4 and costly_points(plain, 1) == 0.5  # 2 from the dealer, 1 from each other
    assert stakes(plain, 0) == 6  # the dealer wins 2 from each
    hot = Round.deal(opts(base_score=2), dealer=0, streak=3, seed=1)
    assert stakes(hot, 1) == 2 * (8 + 1 + 1) and costly_points(hot, 1) == 2.5
