"""A table with several human seats: simultaneous claims, stamps, timers, bot takeover, ready for the next hand.

The hands are dealt from hand-built walls (tests/engine/helpers.py) into a real session, so every claim window
here is the one its test describes.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import junk, opts, scenario

from hzmj_core.options import Options
from hzmj_core.round import Phase
from hzmj_core.session import TIMERS, GameSession, SessionError
from hzmj_core.tiles import TILE_NAMES, parse_tile

# The dealer (S0) discards 5m first: S1 (next seat) may chow it with 4m6m, S2 may pong it, S3 has nothing.
S0 = "5m 1p1p1p 2p2p2p 3s3s3s 7s7s7s E"
S1_CHOW = "4m 6m 1s 2s 3s 4s 5s 6s 8s 9s E E S"
S1_WIN = "1m 2m 3m 4m 6m 4p 5p 6p 7p 8p 9p 9s 9s"  # waits on 5m (and 1m/4m/7m... not discarded here)
S2 = "5m 5m 7m 8m 9m 4p 4p 9p 8s 8s W W N"


def table(hands: dict[int, str], humans: set[int], streak: int = 1, options: Options | None = None,
          timer: str = "off") -> GameSession:
    """A session of ``humans`` whose current hand is dealt from ``hands`` (dealer S0)."""
    o = options or Options()
    s = GameSession(o, 7, "basic", 0, humans, timer)
    used = " ".join(hands.values())
    full = dict(hands)
    for seat in range(4):
        if seat not in full:
            full[seat] = junk(14 if seat == 0 else 13, used, avoid="5m 4m 6m 3m 7m E")
            used += " " + full[seat]
    s.match.round = scenario(full, streak=streak, options=o)
    return s


def test_pong_beats_chow_once_both_players_have_declared() -> None:
    s = table({0: S0, 1: S1_CHOW, 2: S2}, {0, 1, 2})
    stamp = s.stamp()
    s.act("S0 discard 5m")
    st1, st2 = s.state(1, guest=True), s.state(2, guest=True)
    assert st1["human_to_act"] and st2["human_to_act"]
    assert {a["type"] for a in st1["legal_actions"]} == {"chow", "pass"}
    assert {a["type"] for a in st2["legal_actions"]} == {"pong", "pass"}
    assert st1["stamp"] == st2["stamp"] != stamp
    # each sees only its own decision pending, never the other's
    assert st1["deciding"] == [1] and st2["deciding"] == [2]
    chow = next(a for a in st1["legal_actions"] if a["type"] == "chow")
    s.act(chow["text"], seat=1, stamp=st1["stamp"], guest=True)
    after = s.state(1, guest=True)
    assert not after["human_to_act"] and after["deciding"] == [2, 3]  # masked: every other non-discarder
    # the chow is hidden: S2's view and the stamp are as before
    assert s.state(2, guest=True) == st2
    assert s.match.round.phase is Phase.CLAIM
    with pytest.raises(SessionError, match=r"declare first|no bot"):
        s.bot_step()
    pong = next(a for a in st2["legal_actions"] if a["type"] == "pong")
    s.act(pong["text"], seat=2, stamp=st2["stamp"], guest=True)
    r = s.match.round
    assert r.phase is Phase.ACT and r.current == 2
    assert [m.kind.value for m in r.melds[2]] == ["pong"] and r.melds[1] == []


def test_win_beats_pong() -> None:
    s = table({0: S0, 1: S1_WIN, 2: S2}, {0, 1, 2}, streak=3)
    s.act("S0 discard 5m")
    st1, st2 = s.state(1, guest=True), s.state(2, guest=True)
    assert "win" in {a["type"] for a in st1["legal_actions"]}
    assert "pong" in {a["type"] for a in st2["legal_actions"]}
    s.act("S2 pong 5m5m", seat=2, stamp=st2["stamp"])  # the pong first, the win second: priority, not order
    s.act("S1 win", seat=1, stamp=st1["stamp"])
    r = s.match.round
    assert r.is_over and r.result is not None and r.result.winner == 1
    assert r.melds[2] == []


def test_a_timeout_passes_a_claim_and_the_pong_stands() -> None:
    s = table({0: S0, 1: S1_WIN, 2: S2}, {0, 1, 2}, streak=3, timer="standard")
    s.act("S0 discard 5m")
    p = s.pending(1_000)
    assert [(x["seat"], x["kind"]) for x in p["seats"]] == [(1, "claim"), (2, "claim")]
    claim_s = TIMERS["standard"].claim  # type: ignore[union-attr]
    assert all(x["deadline"] == 1_000 + 1000 * claim_s for x in p["seats"])
    s.act("S2 pong 5m5m", seat=2, stamp=s.stamp())
    with pytest.raises(SessionError, match="still has"):
        s.timeout(1, 1_000 + 1000 * claim_s - 1)
    with pytest.raises(SessionError, match="no decision"):
        s.timeout(2, 99_000)  # S2 has declared already
    out = s.timeout(1, 1_000 + 1000 * claim_s)
    assert out["action"]["type"] == "pass"
    r = s.match.round
    assert not r.is_over and r.current == 2 and [m.kind.value for m in r.melds[2]] == ["pong"]
    assert r.passed_win[1] == {parse_tile("5m")}  # declining the win is 漏胡


def test_a_turn_timeout_discards_the_drawn_tile() -> None:
    s = table({0: S0}, {0, 1}, timer="relaxed")
    s.act("S0 discard E")  # nobody else holds an E
    r = s.match.round
    assert r.phase is Phase.ACT and r.current == 1 and r.drawn is not None
    drawn = r.drawn
    p = s.pending(50)
    assert p["seats"] == [{"seat": 1, "kind": "turn", "deadline": 50 + 1000 * 40}]
    assert s.state(1, guest=True)["table"]["deadline"] == 50 + 1000 * 40
    out = s.timeout(1, 50 + 1000 * 40)
    assert out["action"]["type"] == "discard"
    assert r.discards[1][-1][0] == drawn


def test_timeout_refused_with_the_timer_off() -> None:
    s = table({0: S0}, {0, 1})
    assert s.pending(0)["seats"][0]["deadline"] is None
    with pytest.raises(SessionError, match="timer is off"):
        s.timeout(0, 10**12)


def test_stale_and_out_of_turn_actions_are_refused() -> None:
    s = table({0: S0, 1: S1_CHOW, 2: S2}, {0, 1, 2})
    old = s.stamp()
    s.act("S0 discard 5m", stamp=old)
    before = s.save()
    with pytest.raises(SessionError, match="moved on"):
        s.act("S2 pong 5m5m", seat=2, stamp=old)
    with pytest.raises(SessionError, match="not S1"):
        s.act("S1 pass", seat=2, stamp=s.stamp())
    with pytest.raises(SessionError, match="no claim"):
        s.act("S3 pass", seat=3, stamp=s.stamp())
    assert s.save() == before
    s.act("S2 pass", seat=2, stamp=s.stamp())
    with pytest.raises(SessionError, match="already declared"):
        s.act("S2 pass", seat=2, stamp=s.stamp())  # once only
    assert s.match.round.phase is Phase.CLAIM


def test_bot_takes_over_a_seat_mid_hand_and_gives_it_back() -> None:
    s = table({0: S0, 1: S1_CHOW, 2: S2}, {0, 1, 2})
    s.act("S0 discard 5m")
    s.seat_to_bot(2)  # S2 dropped with a pong to decide
    assert s.state(1)["table"]["seats"][2]["who"] == "away"
    assert [x["seat"] for x in s.pending(0)["seats"]] == [1]
    s.act("S1 pass", seat=1, stamp=s.stamp())
    assert s.bots_due()  # the bot now declares for S2 (and S3 if it could)
    s.bot_step()
    r = s.match.round
    assert r.phase is Phase.ACT
    for _ in range(50):  # on to S2's turn, which the bot plays
        if r.phase is Phase.ACT and r.current == 2:
            break
        _play_one(s)
    assert s.bots_due() == [2] and 2 not in s.human_deciding()
    with pytest.raises(SessionError, match="bot plays"):
        s.act(f"S2 discard {TILE_NAMES[r.hands[2][0]]}", seat=2)
    river = len(r.discards[2])
    s.bot_step()
    assert len(r.discards[2]) == river + 1 or r.phase is not Phase.ACT or r.current != 2
    s.seat_to_human(2)
    assert s.state(2)["table"]["seats"][2]["who"] == "human"
    with pytest.raises(SessionError, match="not played by the bot"):
        s.seat_to_human(2)
    with pytest.raises(SessionError, match="bot's seat"):
        s.seat_to_bot(3)
    # play on until S2 decides again as a human
    for _ in range(500):
        if 2 in s.human_deciding():
            break
        _play_one(s)
    assert 2 in s.human_deciding() and not s.is_bot(2)


def _play_one(s: GameSession) -> None:
    """One decision: a bot step when bots are due, else the first human seat passes or discards."""
    if s.bots_due():
        s.bot_step()
        return
    seat = s.human_deciding()[0]
    if s.match.round.is_over:
        s.ready_next(seat)
        return
    legal = s.match.round.legal_actions(seat)
    s.act(str(next((a for a in legal if a.type.value == "pass"), legal[-1])), seat=seat)


def test_next_hand_waits_for_every_human_seat() -> None:
    s = GameSession(Options(), 3, "basic", 0, {0, 1, 3})
    for _ in range(3000):
        if s.match.round.is_over:
            break
        _play_one(s)
    assert s.match.round.is_over
    assert s.pending(0)["seats"] == [{"seat": x, "kind": "ready", "deadline": None} for x in (0, 1, 3)]
    s.next_hand()
    s.ready_next(3)
    assert len(s.match.history) == 0 and s.state(1)["table"]["seats"][3]["ready"]
    s.seat_to_bot(1)  # the last one not ready drops: the bot is always ready
    assert len(s.match.history) == 1 and not s.match.round.is_over


def test_phrases_show_by_seat_and_unknown_ones_are_refused() -> None:
    s = GameSession(Options(), 3, "basic", 0, {0, 2})
    s.phrase(2, "hurry")
    s.phrase(0, "nice")
    shown: list[dict[str, Any]] = s.state(2, guest=True)["table"]["phrases"]
    assert [(p["seat"], p["id"], p["zh"]) for p in shown] == [(2, "hurry", "快点吧！"), (0, "nice", "好牌！")]
    assert shown[1]["n"] == shown[0]["n"] + 1
    with pytest.raises(SessionError, match="unknown phrase"):
        s.phrase(2, "<script>")
    for _ in range(40):
        s.phrase(2, "wow")
    assert len(s.state(0)["table"]["phrases"]) == 12


def test_a_local_game_is_unchanged_by_default() -> None:
    """One human seat: the bots' reasons are given, the claim window shows the bots masked as today."""
    s = GameSession(opts(), 11, "normal")
    assert s.humans == {0} and s.timer == "off" and not s.multi
    reasons = 0
    for _ in range(400):
        if s.match.round.is_over:
            break
        if s.bots_due():
            out = s.bot_step()
            reasons += bool(out["reason_en"])
        else:
            legal = s.match.round.legal_actions(0)
            s.act(str(legal[-1]))
    assert reasons > 0
