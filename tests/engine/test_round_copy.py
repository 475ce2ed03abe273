"""Round.copy (look-ahead without replaying) and the shortcuts of the round's hot paths: the per-seat tile
counts it keeps for its win tests, the quick run test before the chow options."""

from __future__ import annotations

import inspect

import pytest
from helpers import opts, scenario

from hzmj_core.actions import ActionType
from hzmj_core.bots import make_bot
from hzmj_core.claims import FINAL_WALL
from hzmj_core.hand import run_possible
from hzmj_core.options import Options
from hzmj_core.rng import Rng
from hzmj_core.round import Phase, Round
from hzmj_core.tiles import parse_tiles
from hzmj_core.view import SeatView


def _play_out(r: Round, kinds: list[str], seed: int) -> None:
    bots = [make_bot(kinds[s], seed * 4 + s) for s in range(4)]
    while not r.is_over:
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))


@pytest.mark.parametrize("options", [Options(), opts(wildcard_mode="flipped", wildcard_in_melds=True),
                                     opts(rob_kong=True, start_streak=3)])
def test_a_copy_plays_on_like_the_round_and_leaves_it_alone(options: Options) -> None:
    kinds = ["random", "easy", "random", "normal"]
    for seed in range(6):
        full = Round.deal(options, dealer=seed % 4, streak=3, seed=seed)
        _play_out(full, kinds, seed)
        for step in range(0, len(full.actions), 7):
            r = full.replayed(step)
            before = r.to_json()
            c = r.copy()
            assert c.to_json() == before
            assert c.legal_actions() == r.legal_actions()
            for a in full.actions[step:]:
                c.apply(a)
            assert r.to_json() == before  # the original did not move
            assert c.to_json() == full.to_json()
            assert c.result == full.result


def test_every_container_of_a_copy_is_its_own() -> None:
    r = Round.deal(seed=3)
    _play_out(r.copy(), ["random"] * 4, 1)  # the original is not touched by playing a copy
    for _ in range(30):
        s = r.deciding_seats()[0]
        r.apply(make_bot("random", 5).choose(SeatView.of(r, s)))
    c = r.copy()
    for name in Round.__slots__:
        value, copied = getattr(r, name), getattr(c, name)
        if isinstance(value, (list, dict, set)):
            assert copied is not value, name
            assert copied == value, name
            if isinstance(value, list) and name != "events":  # event records never change once written
                for i, item in enumerate(value):
                    if isinstance(item, (list, dict, set)):
                        assert copied[i] is not item, (name, i)
        else:
            assert copied is value, name


def test_a_hand_list_replaced_from_outside_is_counted_again() -> None:
    r = Round.deal(seed=8, dealer=0)
    r.legal_actions()  # the dealer's counts are kept now
    c = r.copy()
    c.hands[0] = sorted(parse_tiles("123m456m789m123p55p"))  # a complete hand, as a look-ahead might deal
    assert ActionType.WIN in {a.type for a in c.legal_actions(0)}
    assert ActionType.WIN not in {a.type for a in r.legal_actions(0)}
    c.hands[0] = list(r.hands[0])
    c2 = c.copy()
    assert c2.legal_actions(0) == r.legal_actions(0)


@pytest.mark.parametrize("mode", ["fixed", "flipped"])
def test_the_quick_run_test_agrees_with_the_chow_pairs(mode: str) -> None:
    rng = Rng(77)
    wall = list(range(34)) * 4
    for i in range(400):
        r = Round.deal(opts(wildcard_mode=mode), seed=i)
        rng.shuffle(wall)
        hand = sorted(wall[:13])
        counts, _ = r._count(hand)
        for face in range(27):
            assert run_possible(counts, face) == bool(r._chow_pairs(hand, face)), (hand, face)


# ---------------------------------------------------------------------------------------------- from_position

PUBLIC = [name for name in Round.__slots__ if not name.startswith("_")]
POSITION = list(inspect.signature(Round.from_position).parameters)


def test_from_position_and_to_json_name_every_public_field() -> None:
    # A field added to Round must be carried by the constructor from a position (look-ahead builds its sampled
    # rounds with it) and by the JSON form, or this fails. The wildcard rule follows from the indicator.
    assert sorted(POSITION) == sorted(set(PUBLIC) - {"wildcards"})
    assert sorted(Round.deal(seed=1).to_json()) == sorted(set(PUBLIC) - {"wildcards", "result"})


def _position(r: Round) -> dict[str, object]:
    return {name: getattr(r, name) for name in POSITION}


@pytest.mark.parametrize("options", [Options(), opts(wildcard_mode="flipped", wildcard_in_melds=True),
                                     opts(rob_kong=True, start_streak=3, zhuada_subject="discarder")])
def test_a_round_rebuilt_from_its_position_is_the_same_round(options: Options) -> None:
    windows = 0
    for seed in range(5):
        full = Round.deal(options, dealer=seed % 4, streak=3, seed=40 + seed)
        _play_out(full, ["random", "basic", "random", "normal"], seed)
        for step in range(0, len(full.actions) + 1, 3):
            r = full.replayed(step)
            if step % 2:
                r.legal_actions()  # with its caches filled, and without
            rebuilt = Round.from_position(**_position(r))
            for name in PUBLIC:
                assert getattr(rebuilt, name) == getattr(r, name), name
            assert rebuilt.to_json() == r.to_json()
            assert rebuilt.legal_actions() == r.legal_actions()
            assert rebuilt.table_snapshot() == r.table_snapshot()
            if r.phase is Phase.CLAIM and not r.declarations:  # the rules offer the same claims again
                fresh = Round.from_position(**{**_position(r), "claim_options": None})
                assert fresh.claim_options == r.claim_options
                windows += 1
            for a in full.actions[step:]:
                rebuilt.apply(a)
            assert rebuilt.to_json() == full.to_json() and rebuilt.result == full.result
    assert windows >= 5


def test_drop_caches_after_a_field_is_changed_directly() -> None:
    r = scenario({0: "5p5p5p5p 1m2m3m 4s5s6s 7s8s9s E"}, dealer=0)
    assert ActionType.CONCEALED_KONG in {a.type for a in r.legal_actions(0)}
    r.front = r.back - FINAL_WALL  # the last 20 tiles: no kongs (the legal actions were kept till now)
    r.drop_caches()
    assert ActionType.CONCEALED_KONG not in {a.type for a in r.legal_actions(0)}


def test_every_kept_answer_is_dropped_and_none_mutable_is_shared_by_a_copy() -> None:
    from hzmj_core import round_cache

    r = Round.deal(seed=17)
    for _ in range(12):
        r.apply(r.legal_actions(r.deciding_seats()[0])[-1])
        r.table_snapshot()
    kept = round_cache._KEPT
    assert set(kept) == set(round_cache.KeptAnswers.__slots__)  # every kept answer is declared in the one table
    c = r.copy()
    for name, (_, shared) in kept.items():
        value = getattr(c, name)
        if not shared and isinstance(value, list | dict):
            assert value is not getattr(r, name), name
    r.drop_caches()
    for name, (fresh, _) in kept.items():
        assert getattr(r, name) == fresh(), name
    assert r.legal_actions() == c.legal_actions() and r.table_snapshot() == c.table_snapshot()
