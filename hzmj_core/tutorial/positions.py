"""Scripted positions: dealing them, the other seats' policy, and playing a learner's move out.

A position is a scenario hand (:func:`hzmj_core.scenario.build_wall`) plus a script of actions. To judge a
``best`` move the learner's candidates are played out on copies of the round, the other seats following a
fixed policy (pass every claim, discard the tile just drawn), and compared by the learner's final gain.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..actions import Action, ActionType
from ..glossary import gloss
from ..options import Options
from ..round import Phase, Round
from ..scenario import build_wall
from ..tiles import Wildcards, count_kinds, parse_tiles
from .base import Exercise, LessonError, names, options_of, seat_label, tile_text


def _policy(r: Round, seat: int, keep: Sequence[int]) -> Action:
    """The other seats in a scenario: pass every claim, discard the tile just drawn, never win or kong.

    Without a drawn tile (the dealer's first turn, after a claim) it discards a natural tile that the
    scenario did not place in its hand (``keep`` counts those).
    """
    legal = r.legal_actions(seat)
    for a in legal:
        if a.type is ActionType.PASS:
            return a
    discards = [a for a in legal if a.type is ActionType.DISCARD]
    if r.drawn is not None:
        for a in discards:
            if a.tile == r.drawn:
                return a
    have = count_kinds(r.hands[seat])
    spare = [a for a in discards if have[a.tile] > keep[a.tile] and not r.wildcards.is_wild(a.tile)]
    pool = spare or [a for a in discards if not r.wildcards.is_wild(a.tile)] or discards
    return pool[-1]


@dataclass
class Position:
    """A scripted position: the round, and per seat the tiles the script placed in its hand (kept by the policy)."""

    round: Round
    keep: list[list[int]]


def build_position(spec: Mapping[str, Any], options: Options | None = None) -> Position:
    """Deal a scripted position: hands, draws and back tiles placed with build_wall, then the script.

    Script items are action texts (pending claim windows of other seats are passed first), or
    ``"until S<n>"`` / ``"until S<n> R<k>"``: the policy plays until seat n is to act (with at most k tiles
    left in the wall).
    """
    opts = options or Options()
    hands = {int(s): str(v) for s, v in dict(spec.get("hands", {})).items()}
    dealer = int(spec.get("dealer", 0))
    wall = build_wall(opts, dealer=dealer, hands=hands, draws=str(spec.get("draws", "")),
                      back=str(spec.get("back", "")), seed=int(spec.get("seed", 7)))
    r = Round.deal(opts, dealer=dealer, streak=int(spec.get("streak", opts.start_streak)), wall=wall)
    keep = [count_kinds(parse_tiles(hands.get(s, ""))) for s in range(4)]
    for item in spec.get("script", ()):
        words = str(item).split()
        if words[0] == "until":
            seat = int(words[1][1])
            limit = int(words[2][1:]) if len(words) > 2 else None
            _play_until(r, keep, seat, limit)
            continue
        act = Action.parse(str(item))
        while act not in r.legal_actions(act.seat):
            pending = r.deciding_seats() if r.phase is not Phase.ACT else []
            if not pending:
                raise LessonError(f"scenario step {item!r} is illegal: {r.explain_illegal(act)}")
            r.apply(_policy(r, pending[0], keep[pending[0]]))
        r.apply(act)
    return Position(r, keep)


def _play_until(r: Round, keep: Sequence[Sequence[int]], seat: int, limit: int | None) -> None:
    for _ in range(2000):
        if r.is_over:
            raise LessonError("the scenario ended before the learner's turn")
        if r.phase is Phase.ACT and r.current == seat and (limit is None or r.remaining <= limit):
            return
        s = r.deciding_seats()[0]
        r.apply(_policy(r, s, keep[s]))
    raise LessonError("the scenario did not reach the learner's turn")


def _advance(r: Round, seat: int, keep: Sequence[Sequence[int]]) -> None:
    """Let the other seats play (policy) until ``seat`` decides or the hand is over."""
    while not r.is_over:
        deciding = r.deciding_seats()
        if seat in deciding:
            return
        s = deciding[0]
        r.apply(_policy(r, s, keep[s]))


def _follow_ups(r: Round, seat: int) -> list[Action]:
    """The learner's own choices explored after the first move: win, kongs, 飘 and discarding the draw."""
    legal = r.legal_actions(seat)
    wc = r.wildcards
    out = [a for a in legal if a.type in (ActionType.WIN, ActionType.CONCEALED_KONG, ActionType.ADDED_KONG,
                                          ActionType.PASS)]
    out += [a for a in legal if a.type is ActionType.DISCARD and (a.tile == r.drawn or wc.is_wild(a.tile))]
    return out or legal


def play_out(r: Round, seat: int, keep: Sequence[Sequence[int]], budget: int) -> tuple[int, Round]:
    """Best final gain of ``seat`` from this state (the others follow the policy), and the finished line.

    ``budget`` counts the learner's own turns still explored; his answers to claim windows (win or pass)
    are free, so an offered chow can never hide a self-draw.
    """
    _advance(r, seat, keep)
    if r.is_over:
        assert r.result is not None
        return r.result.deltas[seat], r
    own_turn = r.phase is Phase.ACT
    if budget == 0 and own_turn:
        return 0, r
    best: tuple[int, Round] | None = None
    for a in _follow_ups(r, seat):
        nxt = copy.deepcopy(r)
        nxt.apply(a)
        got = play_out(nxt, seat, keep, budget - 1 if own_turn else budget)
        if best is None or got[0] > best[0]:
            best = got
    assert best is not None
    return best


def candidates(r: Round, seat: int) -> list[Action]:
    """Moves a learner might try here, legal or not: the page offers them and the engine judges them."""
    return r.candidate_actions(seat)


def action_label(a: Action, wc: Wildcards) -> dict[str, Any]:
    tiles = names(a.tiles, wc)
    plain = a.type is ActionType.DISCARD or not tiles
    zh = "" if plain else tile_text(a.tiles, wc, "zh")
    en = (a.type.words.noun[1].capitalize() if plain
          else a.type.words.advice[1].replace("the {tile}", tile_text(a.tiles, wc, "en")))
    return {**a.to_json(), "tiles": tiles, "label_zh": a.type.chinese + zh, "label_en": gloss(en)}


_LINE_STEPS = 8
"""At most this many steps of a played-out line are told (a win is always told)."""


def narrate(r: Round, start: int, seat: int) -> list[dict[str, str]]:
    """The actions of a line after index ``start``, in words (the learner's own tiles shown)."""
    out: list[dict[str, str]] = []
    wc = r.wildcards
    for a in r.actions[start:]:
        if a.type is ActionType.PASS:
            continue
        tiles, tiles_en = tile_text(a.tiles, wc, "zh"), tile_text(a.tiles, wc, "en")
        who = seat_label(a.seat, seat, "zh")
        who_en = seat_label(a.seat, seat, "en")
        if a.type is ActionType.DISCARD:
            piao = wc.is_wild(a.tile)
            out.append({"zh": f"{who} 打 {tiles}" + ("（飘）" if piao else ""),
                        "en": gloss(f"{who_en} discard{'s' if a.seat != seat else ''} {tiles_en}"
                                    + (": a 飘" if piao else ""))})
        elif a.type is ActionType.WIN:
            out.append({"zh": f"{who} 胡", "en": f"{who_en} win{'s' if a.seat != seat else ''}"})
        else:
            verb = a.type.words.done[1]
            out.append({"zh": f"{who} {a.type.chinese} {tiles}", "en": f"{who_en} {verb} {tiles_en}"})
    if len(out) > _LINE_STEPS:
        out = [*out[:_LINE_STEPS - 1], {"zh": "……", "en": "…"}]
    if r.result is not None and r.result.evaluation is not None and r.result.winner is not None:
        ev = r.result.evaluation
        d = r.result.deltas[seat]
        out.append({"zh": f"{ev.name_zh}，{ev.fan} 番：你 {d:+d}", "en": f"{ev.name_en}, {ev.fan} fan: you {d:+d}"})
    return out


def position(ex: Exercise) -> Position:
    """The position of a ``move`` or ``claimants`` exercise, dealt and scripted afresh."""
    return build_position(ex.data["position"], options_of(ex.data))


def learner(ex: Exercise) -> int:
    """The seat the learner plays in a ``move`` exercise."""
    if ex.viewer is None:  # pragma: no cover - every move exercise names its learner
        raise LessonError(f"exercise {ex.id!r} has no learner seat")
    return ex.viewer
