"""The rules stated once in claims.py and fan.py answer with a reason code, the same for the round that applies
them, the explanations and the bots."""

from __future__ import annotations

import pytest

from hzmj_core.actions import ActionType
from hzmj_core.claims import FINAL_WALL, claim_banned, freeze_binds, kong_rule_against, meld_shape_against
from hzmj_core.fan import discard_win_against
from hzmj_core.options import Options

ADDED, CONCEALED = ActionType.ADDED_KONG, ActionType.CONCEALED_KONG
OTHERS, DISCARDER = Options(zhuada_subject="others"), Options(zhuada_subject="discarder")


def test_no_kong_of_either_kind_in_the_last_twenty_tiles() -> None:
    for want in (ADDED, CONCEALED):
        assert kong_rule_against(want, 0, OTHERS, None, FINAL_WALL) == "kong_final"
        assert kong_rule_against(want, 0, OTHERS, None, FINAL_WALL + 1) is None


@pytest.mark.parametrize("options", [OTHERS, DISCARDER], ids=["others", "discarder"])
def test_added_kong_under_the_freeze_follows_who_may_claim(options: Options) -> None:
    """rules.md §4.3: the owner is exempt only in ``others`` mode; in ``discarder`` mode the three others may
    discard freely yet still may not 加杠, and the owner is bound: nobody may. A 暗杠 stays allowed."""
    owner = 1
    for seat in range(4):
        added = kong_rule_against(ADDED, seat, options, owner, 50)
        exempt = options.zhuada_subject == "others" and seat == owner
        assert added == (None if exempt else "freeze_added_kong"), seat
        assert (added is None) is not claim_banned(options, owner, seat)
        assert kong_rule_against(CONCEALED, seat, options, owner, 50) is None
    # draw-and-discard binds other seats than the ban on 加杠 in discarder mode
    assert [freeze_binds(DISCARDER, owner, s) for s in range(4)] == [False, True, False, False]
    assert kong_rule_against(ADDED, 0, options, None, 50) is None


def test_meld_shape_needs_a_pair_for_a_pong_and_three_for_a_kong() -> None:
    pong, kong = ActionType.PONG, ActionType.EXPOSED_KONG
    assert meld_shape_against(pong, 2, 0, False) is None
    assert meld_shape_against(pong, 1, 1, False) == "no_pair"
    assert meld_shape_against(pong, 1, 1, True) is None  # 财神可吃碰
    assert meld_shape_against(pong, 1, 0, True) == "no_pair"
    assert meld_shape_against(kong, 3, 0, False) is None
    assert meld_shape_against(kong, 2, 2, True) == "no_pair"


def test_discard_wins_refused_in_baotou_state_on_a_wildcard_and_under_must_baotou() -> None:
    assert discard_win_against(True, False, False, False, 1) == "baotou_no_discard_win"
    assert discard_win_against(False, True, False, False, 1) == "baotou_no_discard_win"
    assert discard_win_against(False, False, True, False, 1) == "wildcard_claim"
    assert discard_win_against(False, False, False, True, 1) == "must_baotou"
    assert discard_win_against(False, False, False, True, 0) is None
    assert discard_win_against(False, False, False, False, 2) is None
