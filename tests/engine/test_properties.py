"""Property tests through the public API: random hands driven by random legal actions, random options.

Tile conservation (invariants.check), zero-sum payments, illegal actions change nothing, logs replay
identically, to_json/from_json round-trips, views hide other seats' concealed tiles, determinism.
The whole file is kept well under a minute.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hzmj_core.actions import Action, ActionError, ActionType
from hzmj_core.bots import make_bot
from hzmj_core.invariants import check
from hzmj_core.log import hand_log, replay
from hzmj_core.options import OPTION_INFO, Options
from hzmj_core.rng import Rng
from hzmj_core.round import IllegalActionError, Phase, Round
from hzmj_core.tiles import NUM_KINDS, TILE_NAMES
from hzmj_core.view import SeatView

_BIAS_KEYS = ("win_mode", "discard_min_l", "rob_kong", "start_streak")


def random_options(rng: Rng) -> Options:
    """Options with every key drawn from its allowed values (base score 1-3)."""
    values: dict[str, Any] = {}
    for key, info in OPTION_INFO.items():
        choices = list(info.values) if info.values is not None else [1, 2, 3]
        values[key] = rng.choice(choices)
    return Options(**values)


def pick(rng: Rng, r: Round) -> Action:
    """A random legal action; passes and discards are down-weighted against rarer actions."""
    acts = r.legal_actions()
    wins = [a for a in acts if a.type is ActionType.WIN]
    if wins and rng.random() < 0.9:
        return rng.choice(wins)
    rare = [a for a in acts if a.type not in (ActionType.PASS, ActionType.DISCARD)]
    if rare and rng.random() < 0.5:
        return rng.choice(rare)
    return rng.choice(acts)


def play(seed: int, options: Options, streak: int, dealer: int, each: Any = None,
         basic: bool = False) -> tuple[Round, list[Action]]:
    """Play a whole hand with random legal actions (or with four seeded ``basic`` bots)."""
    rng = Rng(seed ^ 0x5EED)
    r = Round.deal(options, dealer=dealer, streak=streak, seed=seed)
    bots = [make_bot("basic", seed + s) for s in range(4)] if basic else None
    taken: list[Action] = []
    while not r.is_over:
        if bots is not None:
            s = r.deciding_seats()[0]
            a = bots[s].choose(SeatView.of(r, s))
        else:
            a = pick(rng, r)
        r.apply(a)
        taken.append(a)
        if each is not None:
            each(r, rng)
    return r, taken


def test_the_tile_count_notices_a_tile_gone_or_doubled() -> None:
    r = Round.deal(Options(), seed=5)
    assert check(r) == []
    lost = r.hands[1].pop()
    assert f"{TILE_NAMES[lost]}: 3 tiles accounted for, the set has 4" in check(r)
    r.hands[1].append(lost)
    r.discards[2].append((r.hands[3][0], None))
    assert f"{TILE_NAMES[r.hands[3][0]]}: 5 tiles accounted for, the set has 4" in check(r)


def test_the_check_notices_a_claim_window_left_open_in_the_act_phase() -> None:
    r = Round.deal(Options(), seed=5)
    r.claim_options = {1: r.legal_actions(0)[:1]}
    assert "a claim window is still open in the act phase" in check(r)


def test_1500_random_hands_conserve_tiles_and_pay_zero_sum() -> None:
    rng = Rng(20240601)
    patterns: set[str] = set()
    ends = {"win": 0, "draw": 0}
    for i in range(1500):
        o = random_options(rng)
        streak = 1 + rng.below(3)
        seed = rng.next64() >> 1

        def each(r: Round, _rng: Rng, seed: int = seed) -> None:
            problems = check(r)
            assert not problems, (seed, problems)

        r, _ = play(seed, o, streak, rng.below(4), each, basic=i % 5 == 0)
        res = r.result
        assert res is not None
        assert sum(res.deltas) == 0
        if res.winner is None:
            ends["draw"] += 1
            assert res.deltas == (0, 0, 0, 0)
        else:
            ends["win"] += 1
            assert res.evaluation is not None
            patterns.add(res.evaluation.pattern)
            assert res.deltas[res.winner] > 0
            assert all(d <= 0 for s, d in enumerate(res.deltas) if s != res.winner)
    assert ends["win"] > 250 and ends["draw"] > 250  # the sample really exercises both endings
    assert len(patterns) >= 6


# --------------------------------------------------------------------------- heavier checks with hypothesis

game = st.tuples(
    st.integers(0, 2**62),
    st.integers(0, 2**32),
    st.integers(1, 3),
    st.integers(0, 3),
)
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


_CLAIM_TYPES = (ActionType.WIN, ActionType.PONG, ActionType.EXPOSED_KONG, ActionType.CHOW)


def _check_claims_against_reasons(r: Round, tally: Counter[tuple[ActionType, bool] | str]) -> None:
    """Right after a discard, each claim of each other seat is offered exactly when why_no_claim names no rule."""
    last = r.actions[-1] if r.actions else None
    if r.phase is Phase.CLAIM and not r.declarations:  # a claim window has just opened
        assert r.claim_tile is not None and r.claim_from is not None
        d, x = r.claim_from, r.claim_tile
        offered = {q: {a.type for a in acts} for q, acts in r.claim_options.items()}
    elif last is not None and last.type is ActionType.DISCARD and r.phase is not Phase.CLAIM:
        d, x = last.seat, last.tiles[0]  # nobody could claim it: play went on (or the hand ended)
        offered = {}
    else:
        return
    for q in range(4):
        if q == d:
            continue
        for t in _CLAIM_TYPES:
            legal = t in offered.get(q, set())
            why = r.why_no_claim(q, t, x, d)
            assert (why is None) == legal, (r.to_json(), q, t, why)
            tally[t, legal] += 1
            if why is not None:
                tally[why.code] += 1


def test_a_claim_is_offered_exactly_when_no_reason_forbids_it() -> None:
    rng = Rng(4141)
    tally: Counter[tuple[ActionType, bool] | str] = Counter()
    for i in range(600):
        o = random_options(rng)
        if i % 2:  # discard wins live at 3老 in every other hand, so that wins are offered and refused often
            o = o.replace(win_mode="dealer_discard", discard_min_l=2)
        r = Round.deal(o, dealer=rng.below(4), streak=3 if i % 2 else 1 + rng.below(3), seed=rng.next64() >> 1)
        bots = [make_bot("basic", i * 4 + s) for s in range(4)]  # basic bots get ready, so wins come up
        while not r.is_over:
            s = r.deciding_seats()[0]
            # Half the decisions at random: declined wins (漏胡) and pongs (漏碰) too.
            r.apply(rng.choice(r.legal_actions(s)) if rng.random() < 0.5 else bots[s].choose(SeatView.of(r, s)))
            _check_claims_against_reasons(r, tally)
    for t in _CLAIM_TYPES:  # every claim type was seen both offered and refused, many times
        assert tally[t, True] >= 30 and tally[t, False] >= 1000, (t, tally)
    for code in ("wildcard_claim", "no_discard_win_streak", "non_dealers", "freeze_no_claim", "louhu",
                 "chow_not_next", "final_claim", "loupeng", "tan_cap"):  # every rule of claims.rule_against
        assert tally[code] > 0, (code, tally)


def options_from(seed: int) -> Options:
    return random_options(Rng(seed))


def random_illegal(rng: Rng, r: Round) -> Action:
    legal = set(r.legal_actions())
    for _ in range(1000):
        t = rng.choice(list(ActionType))
        n = {ActionType.DISCARD: 1, ActionType.ADDED_KONG: 1, ActionType.CHOW: 2, ActionType.PONG: 2,
             ActionType.EXPOSED_KONG: 3, ActionType.CONCEALED_KONG: 4}.get(t, 0)
        seat = rng.below(4)
        if rng.random() < 0.5 and r.hands[seat]:
            tiles = tuple(sorted(rng.choice(r.hands[seat]) for _ in range(n)))
        else:
            tiles = tuple(sorted(rng.below(NUM_KINDS) for _ in range(n)))
        a = Action(seat, t, tiles)
        if a not in legal:
            return a
    raise AssertionError("could not build an illegal action")


@FAST
@given(game)
def test_illegal_actions_raise_and_change_nothing(g: tuple[int, int, int, int]) -> None:
    seed, oseed, streak, dealer = g

    def each(r: Round, rng: Rng) -> None:
        if rng.random() < 0.3:
            before = json.dumps(r.to_json(), sort_keys=True)
            bad = random_illegal(rng, r)
            try:
                r.apply(bad)
            except IllegalActionError as exc:
                assert str(exc)  # says why
            else:
                raise AssertionError(f"{bad} was accepted but is not legal")
            assert json.dumps(r.to_json(), sort_keys=True) == before

    r, _ = play(seed, options_from(oseed), streak, dealer, each)
    before = json.dumps(r.to_json(), sort_keys=True)
    for text in ("S0 win", "S1 discard 1m", "S2 pass"):
        try:
            r.apply(Action.parse(text))
        except IllegalActionError as exc:
            assert "over" in str(exc)
        else:
            raise AssertionError("an action was accepted after the hand ended")
    assert json.dumps(r.to_json(), sort_keys=True) == before


@given(st.text(max_size=20))
def test_malformed_action_text_is_refused(text: str) -> None:
    try:
        a = Action.parse(text)
    except ActionError:
        return
    assert Action.parse(str(a)) == a


@FAST
@given(game)
def test_json_round_trip_at_every_step_and_replay(g: tuple[int, int, int, int]) -> None:
    seed, oseed, streak, dealer = g
    snapshots: list[tuple[int, dict[str, Any]]] = []

    def each(r: Round, rng: Rng) -> None:
        data = r.to_json()
        text = json.dumps(data)
        again = Round.from_json(json.loads(text))
        assert again.to_json() == data
        assert again.legal_actions() == r.legal_actions()
        assert again.deciding_seats() == r.deciding_seats()
        if rng.random() < 0.1:
            snapshots.append((len(r.actions), json.loads(text)))

    o = options_from(oseed)
    r, taken = play(seed, o, streak, dealer, each)
    final = r.to_json()
    # continuing a restored snapshot with the same actions reaches the same end state
    for n, snap in snapshots[:3]:
        c = Round.from_json(snap)
        for a in taken[n:]:
            c.apply(a)
        assert c.to_json() == final
    # the saved log replays identically (same result, same state)
    log = json.loads(json.dumps(hand_log(r)))
    rep = replay(log)
    assert rep.checked_results == 1 and not rep.scenario
    assert rep.last.to_json() == final
    assert rep.last.result is not None and r.result is not None
    assert rep.last.result.to_json() == r.result.to_json()
    # determinism: the same seed and actions give the same state
    d = Round.deal(o, dealer=dealer, streak=streak, seed=seed)
    for a in taken:
        d.apply(a)
    assert d.to_json() == final


def _hidden_free(view: dict[str, Any], seat: int, r: Round) -> None:
    assert view["seat"] == seat
    assert sorted(view["hand"]) == sorted(TILE_NAMES[t] for t in r.hands[seat])
    assert "wall" not in view
    for p in view["players"]:
        assert set(p) >= {"hand_count"} and "hand" not in p
        if p["seat"] != seat and not r.is_over:
            for m in p["melds"]:
                if m["kind"] == "concealed_kong":
                    assert m["tiles"] == [None] * 4
    assert all(a["seat"] == seat for a in view["legal_actions"])


def _swap_hidden(r: Round, seat: int, rng: Rng) -> Round:
    """A copy in which the concealed tiles of the other seats are exchanged with wall tiles."""
    data = r.to_json()
    live = data["wall"][data["front"]:data["back"]]
    pool = [t for s in range(4) if s != seat for t in data["hands"][s]] + live
    order = list(pool)
    rng.shuffle(order)
    it = iter(order)
    for s in range(4):
        if s != seat:
            data["hands"][s] = sorted((next(it) for _ in data["hands"][s]), key=TILE_NAMES.index)
    rest = [next(it) for _ in live]
    data["wall"][data["front"]:data["back"]] = rest
    return Round.from_json(data)


def _observation(r: Round, seat: int) -> dict[str, Any]:
    return SeatView.of(r, seat).to_json()


@FAST
@given(game)
def test_views_never_reveal_other_seats_concealed_tiles(g: tuple[int, int, int, int]) -> None:
    seed, oseed, streak, dealer = g

    def each(r: Round, rng: Rng) -> None:
        seat = rng.below(4)
        view = _observation(r, seat)
        _hidden_free(view, seat, r)
        json.dumps(view)
        if r.phase is Phase.ACT and r.current == seat and rng.random() < 0.5:
            other = _swap_hidden(r, seat, rng)
            assert _observation(other, seat) == view

    play(seed, options_from(oseed), streak, dealer, each)


@FAST
@given(game)
def test_claim_window_view_does_not_reveal_who_can_claim(g: tuple[int, int, int, int]) -> None:
    seed, oseed, streak, dealer = g

    def each(r: Round, rng: Rng) -> None:
        if r.phase is Phase.CLAIM:
            for seat in range(4):
                view = _observation(r, seat)
                waiting = view["claim"]["waiting_for"]
                assert set(waiting) <= {seat}

    play(seed, options_from(oseed), streak, dealer, each)
