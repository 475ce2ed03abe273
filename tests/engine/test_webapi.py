"""The browser facade: a whole session through call(), save/restore, refusals, and claim-window privacy."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hzmj_core import webapi


def call(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


def play_hand(choose_last: bool = True) -> tuple[dict[str, Any], int]:
    """Play the current hand to its end; the human takes the last legal action (pass/discard). Returns the
    final state and how many claim windows were seen in which only bots were deciding."""
    bot_claims = 0
    for _ in range(2000):
        st = call("state")
        if st["hand_over"]:
            return st, bot_claims
        if st["human_to_act"]:
            acts = st["legal_actions"]
            call("act", action=(acts[-1] if choose_last else acts[0])["text"])
        else:
            if st["claim"] is not None:
                bot_claims += 1
                others = sorted(set(range(4)) - {st["claim"]["from"], st["human"]})
                assert st["bots_to_act"] == others
            call("bot_step")
    raise AssertionError("the hand did not end")


def test_session_plays_saves_and_restores_exactly() -> None:
    call("new_game", seed=11, level="normal")
    st, _ = play_hand()
    assert st["result"] is not None and sum(st["result"]["deltas"]) == 0
    saved = json.loads(webapi.call("save_text"))  # the JSON text the page keeps
    restored = call("restore", save=saved)
    assert restored == st
    nxt = call("next_hand")
    assert nxt["match"]["hand_number"] == 2


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    st = call("new_game", seed=3, level="basic")
    while not st["human_to_act"]:
        st = call("bot_step")["state"]
    before = webapi.call("save_text")
    with pytest.raises(webapi.ApiError, match="not"):
        call("act", action="S0 discard " + ("1m" if "1m" not in st["hand"] else "N"))
    with pytest.raises(webapi.ApiError, match="seat"):
        call("act", action="S9 discard 1m")
    with pytest.raises(webapi.ApiError, match="unknown method"):
        webapi.call("no_such_method", "{}")
    assert webapi.call("save_text") == before


def test_claim_windows_do_not_reveal_which_bots_can_claim() -> None:
    """While bots decide on a discard, every non-discarding bot is shown as deciding (their options would
    reveal their concealed tiles), and one bot_step settles the whole window."""
    seen = 0
    for seed in range(6):
        call("new_game", seed=seed, level="basic")
        _, n = play_hand(choose_last=False)
        seen += n
    assert seen > 0


def test_bot_levels_come_from_the_engine_weakest_first() -> None:
    levels = call("bot_levels")
    assert levels[-3:] == ["normal", "strong", "expert"]
    names = call("bot_level_names")
    assert [n["id"] for n in names] == levels
    assert {"id": "expert", "zh": "大师", "en": "Expert"} in names
    call("new_game", seed=5, level="expert")
    for _ in range(6):
        st = call("state")
        if st["human_to_act"]:
            call("act", action=st["legal_actions"][0]["text"])
        else:
            call("bot_step")
    assert call("state")["match"]["level"] == "expert"


def test_deep_hint_is_the_experts_suggestion() -> None:
    call("new_game", seed=8, level="strong")
    while not call("state")["human_to_act"]:
        call("bot_step")
    deep = call("hint", deep=True)["suggestion"]
    plain = call("hint")["suggestion"]
    assert deep["reason_zh"] and plain["reason_zh"]
    assert deep["action"]["text"] in [a["text"] for a in call("state")["legal_actions"]]
    assert "候选" in deep["reason_zh"] or deep["reason_zh"] != plain["reason_zh"]
