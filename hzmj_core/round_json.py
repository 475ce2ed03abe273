"""A round as JSON: its complete state written out and read back (:meth:`~hzmj_core.round.Round.to_json`,
:meth:`~hzmj_core.round.Round.from_json`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .options import Options
from .round_legal import Phase
from .tiles import TILE_NAMES, Meld, parse_tile

if TYPE_CHECKING:
    from .round import Round


def to_json(r: Round) -> dict[str, Any]:
    """The complete state of a round as JSON-ready data (read back by :func:`options_of` and :func:`position_of`
    through :meth:`Round.from_json <hzmj_core.round.Round.from_json>`); round-trips exactly."""
    names = TILE_NAMES
    return {
        "options": r.options.to_json(),
        "dealer": r.dealer,
        "streak": r.streak,
        "seed": r.seed,
        "wall": [names[t] for t in r.wall],
        "front": r.front,
        "back": r.back,
        "indicator": None if r.indicator is None else names[r.indicator],
        "hands": [[names[t] for t in h] for h in r.hands],
        "melds": [[m.to_json() for m in ms] for ms in r.melds],
        "discards": [[[names[t], by] for t, by in ds] for ds in r.discards],
        "burned": [names[t] for t in r.burned],
        "phase": r.phase.value,
        "current": r.current,
        "may_win": r.may_win,
        "drawn": None if r.drawn is None else names[r.drawn],
        "replacement": r.replacement,
        "dealer_first": r.dealer_first,
        "chow_ban": [names[t] for t in r.chow_ban],
        "freeze_owner": r.freeze_owner,
        "tan": [list(r) for r in r.tan],
        "passed_win": [sorted(names[t] for t in s) for s in r.passed_win],
        "passed_pong": [sorted(names[t] for t in s) for s in r.passed_pong],
        "chain": [list(c) for c in r.chain],
        "turn_kongs": list(r.turn_kongs),
        "has_discarded": list(r.has_discarded),
        "claim_tile": None if r.claim_tile is None else names[r.claim_tile],
        "claim_from": r.claim_from,
        "claim_final": r.claim_final,
        "claim_options": {str(s): [str(a) for a in acts] for s, acts in r.claim_options.items()},
        "declarations": {str(s): str(a) for s, a in r.declarations.items()},
        "rob_meld_index": r.rob_meld_index,
        "actions": [str(a) for a in r.actions],
        "events": list(r.events),
    }

def options_of(data: dict[str, Any]) -> Options:
    """The options of a state written by :func:`to_json`."""
    return Options.from_json(data["options"])


def position_of(data: dict[str, Any]) -> dict[str, Any]:
    """The attributes of a state written by :func:`to_json`, as the keyword arguments of
    :meth:`Round.from_position <hzmj_core.round.Round.from_position>` (its result is not part of it)."""
    pt = parse_tile
    return dict(
        dealer=data["dealer"],
        streak=data["streak"],
        seed=data["seed"],
        wall=[pt(t) for t in data["wall"]],
        front=data["front"],
        back=data["back"],
        indicator=None if data["indicator"] is None else pt(data["indicator"]),
        hands=[[pt(t) for t in h] for h in data["hands"]],
        melds=[[Meld.from_json(m) for m in ms] for ms in data["melds"]],
        discards=[[(pt(t), by) for t, by in ds] for ds in data["discards"]],
        burned=[pt(t) for t in data["burned"]],
        phase=Phase(data["phase"]),
        current=data["current"],
        may_win=data["may_win"],
        drawn=None if data["drawn"] is None else pt(data["drawn"]),
        replacement=data["replacement"],
        dealer_first=data["dealer_first"],
        chow_ban=[pt(t) for t in data["chow_ban"]],
        freeze_owner=data["freeze_owner"],
        tan=data["tan"],
        passed_win=[[pt(t) for t in s] for s in data["passed_win"]],
        passed_pong=[[pt(t) for t in s] for s in data["passed_pong"]],
        chain=data["chain"],
        turn_kongs=data["turn_kongs"],
        has_discarded=data["has_discarded"],
        claim_tile=None if data["claim_tile"] is None else pt(data["claim_tile"]),
        claim_from=data["claim_from"],
        claim_final=data["claim_final"],
        claim_options={int(s): [Action.parse(a) for a in acts] for s, acts in data["claim_options"].items()},
        declarations={int(s): Action.parse(a) for s, a in data["declarations"].items()},
        rob_meld_index=data["rob_meld_index"],
        actions=[Action.parse(a) for a in data["actions"]],
        events=[upgraded_event(e) for e in data["events"]],
    )


def upgraded_event(event: dict[str, Any]) -> dict[str, Any]:
    """A table event in today's form: an ``exposed_kong`` event written before every kong became one event
    type ``kong`` with its ``kind`` is read as that ``kong`` event; any other event is returned as it is."""
    if event.get("type") != "exposed_kong":
        return event
    return {"type": "kong", "seat": event["seat"], "kind": "exposed_kong", "from": event["from"],
            "tile": event["tile"]}
