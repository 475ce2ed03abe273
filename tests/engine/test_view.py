"""SeatView: one view per seat and decision (fields, unseen counts, waits, JSON form)."""

from __future__ import annotations

import json

import pytest
from helpers import discard_any, opts, scenario

from hzmj_core.bots import make_bot
from hzmj_core.hints import hints
from hzmj_core.match import next_deal
from hzmj_core.options import Options
from hzmj_core.round import Phase, Round
from hzmj_core.tiles import TILE_NAMES, MeldKind, parse_tile
from hzmj_core.view import SeatView, tile_totals


def _expected(r: Round, seat: int, points: tuple[int, int, int, int] | None) -> SeatView:
    """The view built field by field by name (SeatView.of builds it positionally, for speed)."""
    own = r.current == seat
    last = None
    for ev in reversed(r.events):
        if ev["type"] == "discard":
            last = (ev["seat"], parse_tile(ev["tile"]))
            break
    return SeatView(
        seat=seat, options=r.options, wildcards=r.wildcards, dealer=r.dealer, streak=r.streak, phase=r.phase,
        current=r.current, remaining=r.remaining, hand=tuple(r.hands[seat]),
        drawn=r.drawn if own and r.phase is Phase.ACT else None,
        melds=tuple(tuple(None if m.kind is MeldKind.CONCEALED_KONG and s != seat and not r.is_over else m
                          for m in ms) for s, ms in enumerate(r.melds)),
        discards=tuple(tuple(d) for d in r.discards), hand_counts=tuple(len(h) for h in r.hands),  # type: ignore[arg-type]
        freeze_owner=r.freeze_owner, tan=tuple(tuple(row) for row in r.tan), claim_tile=r.claim_tile,
        claim_from=r.claim_from, chain=tuple(r.chain[seat]), legal=tuple(r.legal_actions(seat)),
        indicator=r.indicator, points=points, may_win=r.may_win if own else None,
        chow_ban=r.chow_ban if own else (), passed_win=frozenset(r.passed_win[seat]),
        passed_pong=frozenset(r.passed_pong[seat]), claim_final=r.claim_final,
        waiting=seat in r.claim_options and seat not in r.declarations, last_discard=last,
        freeze_bound=tuple(r.freeze_binds(s) for s in range(4)),  # type: ignore[arg-type]
        discard_wins_live=r.discard_wins_live(), event_count=len(r.events), result=r.result,
    )


def test_of_fills_every_field_in_order() -> None:
    pts = (30, 40, 50, 60)
    checked = 0
    for seed in range(3):
        r = Round.deal(opts(wildcard_mode="flipped", start_streak=3), dealer=seed, seed=40 + seed)
        bots = [make_bot("normal", s) for s in range(4)]
        while True:
            for seat in range(4):
                assert SeatView.of(r, seat, pts) == _expected(r, seat, pts)
                checked += 1
            if r.is_over:
                break
            seat = r.deciding_seats()[0]
            r.apply(bots[seat].choose(SeatView.of(r, seat)))
    assert checked > 200


def test_unseen_counts_use_the_tile_set_and_what_the_seat_sees() -> None:
    r = Round.deal(opts(que_yi_men="p", wildcard_mode="flipped"), dealer=0, seed=5)
    view = SeatView.of(r, 1)
    totals = tile_totals(r.options)
    assert sum(totals) == len(r.wall) and all(totals[k] == 0 for k in range(9, 18))
    unseen = view.unseen_counts()
    seen = view.visible_counts()
    assert r.indicator is not None and seen[r.indicator] >= 1
    for k in range(34):
        assert unseen[k] == totals[k] - seen[k]
    # The seat's own tiles and the indicator are seen; the other seats' tiles and the wall are not.
    assert sum(unseen) == len(r.wall) - len(r.hands[1]) - 1


def test_waits_with_unseen_counts() -> None:
    r = scenario({0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"}, dealer=1)
    discard_any(r, 1)
    view = SeatView.of(r, 0)
    left = {f: n for f, n in view.waits()}
    assert set(left) == {parse_tile("2s"), parse_tile("5s")}
    assert left[parse_tile("2s")] == 3 - sum(t == parse_tile("2s") for t, _ in r.discards[1])
    assert view.waits_json() == [{"tile": "2s", "remaining": left[parse_tile("2s")]},
                                 {"tile": "5s", "remaining": left[parse_tile("5s")]}]
    # Hints carry the same waits once (the ready state in "current" holds no second copy).
    h = hints(r, 0, view=view, suggest=False)
    assert h["waits"] == view.waits_json()
    assert h["current"] is not None and "waits" not in h["current"] and h["current"]["total"] > 0


def test_json_hides_other_concealed_kongs_until_the_end() -> None:
    r = scenario({0: "5p5p5p5p 1m2m3m 4s5s6s 7s8s9s E"}, dealer=0)
    kong = next(a for a in r.legal_actions(0) if a.type.value == "concealed_kong")
    r.apply(kong)
    other = SeatView.of(r, 2)
    assert other.melds[0] == (None,)
    data = other.to_json()
    assert data["players"][0]["melds"][0]["tiles"] == [None] * 4
    assert SeatView.of(r, 0).to_json()["players"][0]["melds"][0]["tiles"] == ["5p"] * 4
    json.dumps(data)


@pytest.mark.parametrize("options, indicator, marks", [
    (Options(), None, {"P": {"wild": True}}),
    (opts(wildcard_mode="flipped"), "5s", {"5s": {"wild": True}, "P": {"face": "5s"}}),
    (opts(wildcard_mode="flipped"), "P", {"P": {"wild": True}}),
])
def test_json_marks_the_wildcard_and_the_stand_in(options: Options, indicator: str | None,
                                                  marks: dict[str, dict[str, object]]) -> None:
    r = scenario({0: "1m"}, options=options, indicator=indicator)
    data = SeatView.of(r, 0).to_json()
    assert data["wildcard"]["marks"] == marks
    wc = r.wildcards
    for k in range(34):  # every kind not listed is a natural tile of its own face
        mark = data["wildcard"]["marks"].get(TILE_NAMES[k], {})
        assert bool(mark.get("wild")) is wc.is_wild(k)
        assert mark.get("face", TILE_NAMES[k] if not wc.is_wild(k) else None) == (
            None if wc.is_wild(k) else TILE_NAMES[wc.face(k)])


def test_json_says_who_deals_next_once_the_hand_is_over() -> None:
    seen: set[tuple[bool, int]] = set()
    for seed in range(16):
        r = Round.deal(opts(start_streak=2), dealer=seed % 4, streak=1 + seed % 3, seed=seed)
        bots = [make_bot("random" if seed % 2 else "basic", seed * 4 + s) for s in range(4)]  # draws, wins
        while not r.is_over:
            assert SeatView.of(r, 1).to_json()["next_deal"] is None
            s = r.deciding_seats()[0]
            r.apply(bots[s].choose(SeatView.of(r, s)))
        assert r.result is not None
        dealer, streak, _ = next_deal(r.options, r.dealer, r.streak, r.result.winner, [50] * 4)
        assert SeatView.of(r, 2).to_json()["next_deal"] == {"dealer": dealer, "streak": streak}
        seen.add((r.result.winner is None, streak))
    assert len(seen) >= 4  # draws and wins, streaks growing and starting over
