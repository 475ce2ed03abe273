"""A friends table through webapi: what the host serves to its guests (``seat_call``), and what it refuses.

A whole match with three remote seats records every answer each guest receives and checks it for leaks:
no other seat's concealed tiles while a hand is played, no wall, no seed, no wildcard of a hand not dealt yet.
Hostile calls leave the host's state byte-identical. A multi-human match resumes from its save.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hzmj_core import webapi
from hzmj_core.bots import make_bot
from hzmj_core.log import LogError, match_from_log, replay
from hzmj_core.round import Round
from hzmj_core.schema import GUEST_ARGS
from hzmj_core.session import GameSession
from hzmj_core.tiles import TILE_NAMES
from hzmj_core.view import SeatView

GUESTS = (1, 2, 3)


def call(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


def seat_call(seat: int, method: str, **args: Any) -> Any:
    return json.loads(webapi.call("seat_call", json.dumps({"seat": seat, "method": method, "args": args})))


def session() -> GameSession:
    """The session behind webapi, for checking answers against the truth."""
    s = webapi.current_session()
    assert s is not None
    return s


def names(tiles: list[int]) -> list[str]:
    return [TILE_NAMES[t] for t in sorted(tiles)]


class Recorder:
    """Every answer sent to each guest, with the true round it was sent from, checked as it comes."""

    def __init__(self) -> None:
        self.answers: dict[int, list[str]] = {s: [] for s in GUESTS}
        self.checked = 0
        self.hands_seen: set[int] = set()

    def send(self, seat: int, method: str, **args: Any) -> Any:
        text = webapi.call("seat_call", json.dumps({"seat": seat, "method": method, "args": args}))
        self.answers[seat].append(text)
        self.check(seat, method, text)
        return json.loads(text)

    def check(self, seat: int, method: str, text: str) -> None:
        s = session()
        r: Round = s.match.round
        value = json.loads(text)
        playing = not r.is_over
        # no wall, no seed of the match or of a hand while it can still be dealt again
        assert '"wall"' not in text or (method == "export_log_text" and r.is_over)
        if not s.match.over:  # once it is, the whole match log (with its seed) is every player's
            assert str(s.seed) not in text
            for h in range(len(s.match.history) + 1):
                assert str(s.match.hand_seed(h)) not in text
        if playing:
            for other in range(4):
                if other != seat and len(r.hands[other]) >= 4:
                    # another seat's concealed tiles, as any list of tile names the page could get
                    assert json.dumps(names(r.hands[other])) not in text, (seat, other, method)
        if isinstance(value, dict) and "players" in value:
            self.check_view(seat, value, r)
        if isinstance(value, dict) and isinstance(value.get("state"), dict):
            self.check_view(seat, value["state"], r)
        for e in value.get("events", []) if isinstance(value, dict) else []:
            if e["type"] in ("draw", "replacement") or e.get("kind") == "concealed_kong":
                assert "tile" not in e
        self.checked += 1

    def check_view(self, seat: int, view: dict[str, Any], r: Round) -> None:
        s = session()
        assert view["seat"] == seat and view["human"] == seat
        assert view["match"]["seed"] is None
        assert view["hand"] == names(r.hands[seat])
        assert view["wildcard"]["tile"] == TILE_NAMES[r.wildcards.wild_kind]
        assert view["wildcard"]["indicator"] == (None if r.indicator is None else TILE_NAMES[r.indicator])
        assert view["match"]["hand_number"] == s.match.hand_number + 1
        self.hands_seen.add(view["match"]["hand_number"])
        assert view["bots_to_act"] == []
        if not r.is_over:
            assert view["result"] is None
            for p in view["players"]:
                if p["seat"] != seat:
                    for m in p["melds"]:
                        if m["kind"] == "concealed_kong":
                            assert m["tiles"] == [None] * 4
            if r.claim_from is not None:
                # a seat sees its own pending claim only, never which other seats may claim
                mine = seat in r.deciding_seats()
                others = sorted(set(range(4)) - {seat, r.claim_from})
                assert view["deciding"] == ([seat] if mine else others)


def decide(seat: int, view: dict[str, Any]) -> str:
    """What a player at ``seat`` does: the basic bot's choice from that seat's view."""
    s = session()
    bot = make_bot("basic", len(s.match.round.actions) * 4 + seat)
    return str(bot.decide(SeatView.of(s.match.round, seat, s.points())).action)


def test_a_whole_match_with_three_guests_leaks_nothing() -> None:
    rec = Recorder()
    call("new_game", seed="9876543210123", humans=[0, 1, 2, 3], level="basic", timer="standard",
         options={"start_points": 40})
    now = 1_000
    reviewed = logs = 0
    for _ in range(20_000):
        now += 500
        p = call("pending", now=now)
        if p["over"]:
            break
        if p["bots"]:
            call("bot_step")
            continue
        for x in p["seats"]:
            seat = x["seat"]
            if x["kind"] == "ready":
                if seat == 0:
                    call("next_hand")
                    continue
                if logs < 2:
                    log = json.loads(rec.send(seat, "export_log_text"))
                    m = session().match
                    assert log["kind"] == "match" and log["seed"] is None
                    assert [h["seed"] for h in log["hands"]] == [None] * (len(m.history) + 1)
                    rounds = replay(log).rounds  # every hand played so far, replayed from its wall
                    assert len(rounds) == len(m.history) + 1 and rounds[-1].result == m.round.result
                    with pytest.raises(LogError, match="not continued"):
                        match_from_log(log)
                    logs += 1
                if not reviewed:
                    rec.send(seat, "review_start", seed="5", hand=0)
                    while not rec.send(seat, "review_step", count=16)["finished"]:
                        pass
                    reviewed += 1
                rec.send(seat, "ready_next")
                continue
            if seat == 0:
                st = call("state")
                call("act", action=decide(0, st), stamp=st["stamp"])
            else:
                st = rec.send(seat, "state")
                assert st["human_to_act"]
                if len(session().match.round.actions) % 7 == 0:
                    rec.send(seat, "hint")
                rec.send(seat, "act", action=decide(seat, st), stamp=st["stamp"])
            break  # one decision, then look again
        else:
            if p["seats"]:
                continue
            raise AssertionError(f"the table is stuck: {p}")
    s = session()
    assert s.match.over, "the match did not end"
    assert len(rec.hands_seen) == len(s.match.history) >= 2
    for seat in GUESTS:
        log = json.loads(rec.send(seat, "export_log_text"))  # the game is over: the whole match log
        assert log["kind"] == "match"
    assert reviewed == 1 and logs == 2 and rec.checked > 500


def _table_at_guest_turn() -> dict[str, Any]:
    """A friends table (guests S1-S3) at a guest's turn to discard; returns that guest's state."""
    call("new_game", seed="77", humans=[0, 1, 2, 3], level="basic")
    for _ in range(500):
        p = call("pending", now=0)
        if p["bots"]:
            call("bot_step")
            continue
        seat = p["seats"][0]["seat"]
        st = call("state") if seat == 0 else seat_call(seat, "state")
        if seat != 0 and st["phase"] == "act" and len(session().match.round.actions) > 6:
            return st
        if seat == 0:
            call("act", action=st["legal_actions"][-1]["text"], stamp=st["stamp"])
        else:
            seat_call(seat, "act", action=st["legal_actions"][-1]["text"], stamp=st["stamp"])
    raise AssertionError("no guest decision came")


HOSTILE: list[tuple[str, Any]] = [
    ("arguments must be", "[1, 2, 3]"),
    ("must be an object", {"method": "state", "args": [1]}),
    ("must be one of", {"method": "new_game", "args": {"seed": "1"}}),
    ("must be one of", {"method": "bot_step", "args": {}}),
    ("must be one of", {"method": "save_text", "args": {}}),
    ("must be one of", {"method": "seat_to_bot", "args": {"seat": 2}}),
    ("must be one of", {"method": "timeout", "args": {"seat": 2, "now": 10**12}}),
    ("unknown argument", {"method": "state", "args": {"seat": 0}}),
    ("needs the argument 'stamp'", {"method": "act", "args": {"action": "S1 pass"}}),
    ("malformed action", {"method": "act", "args": {"action": "S1 dance", "stamp": "x"}}),
    ("action", {"method": "act", "args": {"action": {"seat": 1, "type": "win", "tiles": [{}]}, "stamp": "x"}}),
    ("at most 2000", {"method": "phrase", "args": {"id": "x" * 5000}}),
    ("deeper than 4", {"method": "hint", "args": {"deep": [[[[[[[[[[[]]]]]]]]]]]}}),
    ("unknown phrase", {"method": "phrase", "args": {"id": "free text!"}}),
    ("from 1 to 16", {"method": "review_step", "args": {"count": 10_000}}),
    ("end of a hand", {"method": "export_log_text", "args": {}}),
    ("not over", {"method": "ready_next", "args": {}}),
]
"""(what the refusal says, the message a guest sends through the host)."""


def test_hostile_guest_calls_are_refused_and_change_nothing() -> None:
    st = _table_at_guest_turn()
    seat = st["human"]
    other = next(s for s in GUESTS if s != seat)
    before = webapi.call("save_text")
    views = [webapi.call("state")] + [webapi.call("seat_call", json.dumps({"seat": s, "method": "state"}))
                                      for s in GUESTS]
    own = st["legal_actions"][0]["text"]
    not_mine = "S0 discard " + TILE_NAMES[session().match.round.hands[0][0]]
    illegal = f"S{seat} discard P" if "P" not in st["hand"] else f"S{seat} win"
    bad: list[tuple[str, Any]] = [
        *HOSTILE,
        ("host's own seat", {"seat": 0, "method": "state"}),
        ("not S0", {"method": "act", "args": {"action": not_mine, "stamp": st["stamp"]}}),
        ("moved on", {"method": "act", "args": {"action": own, "stamp": "0.1"}}),
        ("turn", {"seat": other, "method": "act", "args": {"action": f"S{other} discard {st['hand'][0]}",
                                                     "stamp": st["stamp"]}}),
        ("not", {"method": "act", "args": {"action": illegal, "stamp": st["stamp"]}}),
        ("from 0 to 3", {"seat": 4, "method": "state"}),
    ]
    for says, msg in bad:
        text = msg if isinstance(msg, str) else json.dumps({"seat": seat, **msg})
        with pytest.raises(webapi.ApiError, match=says):
            webapi.call("seat_call", text)
    assert webapi.call("save_text") == before
    assert [webapi.call("state")] + [webapi.call("seat_call", json.dumps({"seat": s, "method": "state"}))
                                     for s in GUESTS] == views
    # and the game goes on
    seat_call(seat, "act", action=own, stamp=st["stamp"])
    assert webapi.call("save_text") != before


def test_a_bot_seat_is_not_a_guest_seat() -> None:
    call("new_game", seed="9", humans=[0, 2])
    with pytest.raises(webapi.ApiError, match="not a player's seat"):
        seat_call(1, "state")
    assert seat_call(2, "state")["human"] == 2


def test_a_multi_human_match_resumes_from_its_save() -> None:
    st = _table_at_guest_turn()
    call("seat_to_bot", seat=3)
    saved = webapi.call("save_text")
    views = {s: seat_call(s, "state") for s in GUESTS}
    host = call("state")
    webapi.reset()
    with pytest.raises(webapi.ApiError, match="no game"):
        seat_call(1, "state")
    restored = call("restore", save=json.loads(saved))
    assert restored == host
    assert {s: seat_call(s, "state") for s in GUESTS} == views
    assert restored["table"]["seats"][3]["who"] == "away"
    seat_call(st["human"], "act", action=st["legal_actions"][0]["text"], stamp=st["stamp"])


def test_hints_off_for_every_seat() -> None:
    host = call("new_game", seed="9", humans=[0, 2], hints=False)
    assert host["hints"] is None and seat_call(2, "state")["hints"] is None
    with pytest.raises(webapi.ApiError, match="hints are off"):
        seat_call(2, "hint")
    with pytest.raises(webapi.ApiError, match="hints are off"):
        call("hint")
    assert call("new_game", seed="9", humans=[0, 2])["hints"]["seat"] == 0


def test_warm_up_leaves_no_game_behind() -> None:
    webapi.reset()
    webapi.warm_up()
    with pytest.raises(webapi.ApiError, match="no game"):
        call("state")


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                               max_size=4), max_leaves=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_guest_calls_change_nothing_when_refused(data: st.DataObject) -> None:
    """Whatever a guest sends, a refusal leaves every seat's answer and the save as they were; an answer
    that is not an accepted action changes no seat's view of the game either."""
    st_ = _table_at_guest_turn()
    seat = data.draw(st.sampled_from([st_["human"], 0, 1, 2, 3, 4, -1]))
    method = data.draw(st.sampled_from([*sorted(GUEST_ARGS), "bot_step", "restore", "x"]))
    names = [*sorted(GUEST_ARGS.get(method, {})), "x"]
    args = {n: data.draw(JSON) for n in data.draw(st.lists(st.sampled_from(names), max_size=3, unique=True))}
    if method == "act" and data.draw(st.booleans()):
        args.setdefault("stamp", data.draw(st.sampled_from([st_["stamp"], "0.0"])))
    before = webapi.call("save_text")
    views = [webapi.call("seat_call", json.dumps({"seat": s, "method": "state"})) for s in GUESTS]
    try:
        webapi.call("seat_call", json.dumps({"seat": seat, "method": method, "args": args}))
    except webapi.ApiError:
        accepted = False
    else:
        accepted = True
    if not (accepted and method in ("act", "phrase")):
        assert webapi.call("save_text") == before
        assert [webapi.call("seat_call", json.dumps({"seat": s, "method": "state"})) for s in GUESTS] == views
