"""The coach: one judge for the hint, the 复盘 and the exam; a review lists only losses above its noise; a ranked
match gives no hint and its ladder record says so."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hzmj_core import coach
from hzmj_core.actions import Action, ActionType
from hzmj_core.arena import play_hand
from hzmj_core.exam.api import METHODS as EXAM_METHODS
from hzmj_core.log import hand_log, match_log
from hzmj_core.options import Options
from hzmj_core.review import review
from hzmj_core.session import GameSession, SessionError
from hzmj_core.view import SeatView


def _follow_suggestions(seed: int, hands: int) -> GameSession:
    """A session where seat 0 plays every hint's suggestion against basic bots, for ``hands`` hands."""
    s = GameSession(Options(), seed, "basic")
    for h in range(hands):
        while not s.match.round.is_over:
            if 0 in s.human_deciding():
                sug = s.hint()["suggestion"]
                assert sug is not None
                s.act(sug["action"])
            else:
                s.bot_step()
        if h + 1 < hands and not s.match.over:
            s.next_hand()
    return s


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_following_every_suggestion_agrees_with_the_review(seed: int) -> None:
    s = _follow_suggestions(seed, 2)
    rep = review(match_log(s.match), 0)
    assert rep["decisions"] > 5
    differing = [it for it in rep["items"] if it["taken"] != it["choice"]]
    assert differing == []
    assert rep["costly"] == 0 and rep["flagged"] == 0 and rep["agree"] == rep["decisions"]


def test_hint_is_the_coachs_judgement_of_the_view() -> None:
    s = GameSession(Options(), 5, "basic")
    while 0 not in s.human_deciding():
        s.bot_step()
    view = SeatView.of(s.match.round, 0, s.points())
    assert s.hint()["suggestion"]["action"] == coach.suggest(view).action.to_json()
    assert coach.judge(view).choice == coach.suggest(view).action


def test_standard_error() -> None:
    assert coach.standard_error([]) == 0.0 and coach.standard_error([3.0]) == 0.0
    # deviations -1, 1 around 2: variance 2, standard error sqrt(2/2)
    assert coach.standard_error([1.0, 3.0]) == pytest.approx(1.0)
    assert coach.standard_error([1.0, 2.0, 3.0, 4.0]) == pytest.approx(math.sqrt((5 / 3) / 4))


def test_a_judgement_names_a_mistake_only_above_the_noise() -> None:
    a, b, c = (Action(0, ActionType.DISCARD, (t,)) for t in (1, 2, 3))
    j = coach.Judgement(a, (), {a: 1.0, b: 0.6, c: 0.96}, 16, {a: 0.0, b: 0.1, c: 0.0})
    assert j.loss(b) == pytest.approx(0.4) and j.bar(b) == pytest.approx(0.2) and j.mistake(b)
    assert j.loss(c) == pytest.approx(0.04) and j.bar(c) == coach.MIN_LOSS and not j.mistake(c)
    noisy = coach.Judgement(a, (), {a: 1.0, b: 0.6}, 16, {a: 0.0, b: 0.25})
    assert not noisy.mistake(b) and not noisy.mistake(a)


def test_samples_come_from_the_position() -> None:
    r, _ = play_hand(Options(), 4, 0, 1, ("basic",) * 4, 4)
    for step in range(10, len(r.actions)):
        pos = r.replayed(step)
        seat = pos.deciding_seats()[0]
        view = SeatView.of(pos, seat)
        if len(view.legal) > 2 and pos.phase.value == "act":
            break
    others = [a for a in view.legal if a != coach.suggest(view).action][:2]
    one = coach.judge(view, others)
    alone = coach.judge(view, others[:1])
    # an action's value does not depend on which others are judged with it, nor on who asks
    assert alone.value(others[0]) == one.value(others[0]) and alone.value(alone.choice) == one.value(one.choice)
    assert coach.judge(view, others[:1]) == alone
    assert coach.sample_seed(view) != coach.sample_seed(view, 1)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), dealer=st.integers(0, 3))
def test_no_listed_decision_is_within_the_noise(seed: int, dealer: int) -> None:
    r, _ = play_hand(Options(), seed, dealer, 1, ("random", "basic", "random", "basic"), seed)
    rep = review(hand_log(r), 0)
    for it in rep["worst"]:
        assert it["mistake"] and it["loss"] >= it["noise_bar"] >= coach.MIN_LOSS, it["text_en"]
        assert "少 0.0 分" not in it["text_zh"] and f"{it['loss']:.1f}" != "0.0"
    for it in rep["items"]:  # the report's figures are rounded to 0.01
        if it["mistake"]:
            assert it["taken"] != it["choice"] and it["loss"] >= it["noise_bar"]
        elif it["taken"] != it["choice"]:
            assert it["even"] and it["loss"] <= it["noise_bar"] + 0.005
        if it["even"]:
            assert "一样好" in it["text_zh"] and "as good" in it["text_en"]
    listed = {(it["hand"], it["step"]) for it in rep["worst"]}
    assert all((it["hand"], it["step"]) not in listed for it in rep["items"] if not it["mistake"])


def _snapshot(s: GameSession) -> str:
    return json.dumps(s.save(), sort_keys=True)


def test_a_ranked_session_refuses_hint_and_review_and_changes_nothing() -> None:
    s = GameSession(Options(), 9, "basic", ranked=True)
    while 0 not in s.human_deciding():
        s.bot_step()
    before = _snapshot(s)
    with pytest.raises(SessionError) as exc:
        s.hint()
    assert exc.value.reason is not None and exc.value.reason.code == "ranked_no_hint"
    assert "排位赛" in exc.value.reason.zh(0) and "ranked" in exc.value.reason.en(0)
    with pytest.raises(SessionError):
        s.hint(deep=True)
    with pytest.raises(SessionError) as rv:
        s.review_start(0, 0, None)
    assert rv.value.reason is not None and rv.value.reason.code == "ranked_no_review"
    assert _snapshot(s) == before
    st_ = s.state()
    assert st_["hints"] is None and st_["table"]["ranked"] and not st_["table"]["hints"]
    again = GameSession.restore(s.save())
    assert again.ranked and not again.allow_hints
    with pytest.raises(SessionError):
        again.hint()
    # the same table unranked gives hints
    assert GameSession(Options(), 9, "basic").state()["table"]["ranked"] is False


def test_the_webapi_refuses_hint_in_a_ranked_game() -> None:
    from hzmj_core import webapi
    webapi.reset()
    json.loads(webapi.call("new_game", json.dumps({"seed": "3", "level": "basic", "ranked": True})))
    state = webapi.call("state")
    with pytest.raises(webapi.ApiError) as exc:
        webapi.call("hint", "{}")
    assert exc.value.reason is not None and exc.value.reason.code == "ranked_no_hint"
    with pytest.raises(webapi.ApiError) as rv:  # nor a review, of this game or of any log, before the match ends
        webapi.call("review_start", "{}")
    assert rv.value.reason is not None and rv.value.reason.code == "ranked_no_review"
    assert webapi.call("state") == state
    webapi.reset()


def _ranked_record(ranked: bool) -> dict[str, Any]:
    s = GameSession(Options(), 12, "easy", ranked=ranked, allow_hints=True)
    while not s.match.over and len(s.match.history) < 8:
        r = s.match.round
        while not r.is_over:
            if 0 in s.human_deciding():
                view = SeatView.of(r, 0, s.points())
                s.act(view.legal[-1].to_json())
            else:
                s.bot_step()
        if len(s.match.history) >= 7 or s.match.over:
            break
        s.next_hand()
    return EXAM_METHODS["ladder_ranked"]({"save": json.dumps(s.save())})  # type: ignore[no-any-return]


def test_the_ranked_record_says_hints_were_off() -> None:
    assert _ranked_record(True)["hints"] is False
    assert _ranked_record(False)["hints"] is True


def test_the_tutorials_best_moves_are_the_coachs() -> None:
    """The lessons' "play the best move" positions (scripted draws, judged by playing every move out) are right
    for the coach's own choice too: the tutorial and the hint teach the same move."""
    from hzmj_core.tutorial import LESSONS, check
    from hzmj_core.tutorial.checking import learner
    from hzmj_core.tutorial.positions import position
    seen = 0
    for lesson in LESSONS:
        for ex in lesson.exercises:
            if ex.kind != "move" or ex.data.get("goal") != "best":
                continue
            pos = position(ex)
            choice = coach.suggest(SeatView.of(pos.round, learner(ex))).action
            got = check(ex.id, choice.to_json())
            assert got["correct"] and str(choice) in got["expected"], (ex.id, str(choice), got["expected"])
            seen += 1
    assert seen >= 3
