"""The table events: every kong is one event type ``kong`` with its ``kind``; a state written before that (with
an ``exposed_kong`` event) is read in today's form and plays on exactly as a state written now."""

from __future__ import annotations

import json

from hzmj_core.bots import make_bot
from hzmj_core.round import Round
from hzmj_core.round_json import upgraded_event
from hzmj_core.tiles import MeldKind
from hzmj_core.view import SeatView

KONGS = {MeldKind.EXPOSED_KONG.value, MeldKind.ADDED_KONG.value, MeldKind.CONCEALED_KONG.value}


def _played(seed: int, steps: int | None = None) -> Round:
    r = Round.deal(seed=seed)
    bots = [make_bot("basic", seed * 10 + s) for s in range(4)]
    while not r.is_over and (steps is None or len(r.actions) < steps):
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    return r


def test_every_kong_is_one_event_type_with_its_kind() -> None:
    seen: set[str] = set()
    for seed in range(40):
        r = _played(seed)
        kongs = [e for e in r.events if e["type"] == "kong"]
        assert not any(e["type"] == "exposed_kong" for e in r.events)
        assert all(e["kind"] in KONGS for e in kongs)
        melded = sorted(m.kind.value for ms in r.melds for m in ms if m.kind.value in KONGS)
        robbed = r.result is not None and r.result.win_type is not None and r.result.win_type.value == "rob_kong"
        assert sorted(e["kind"] for e in kongs) == melded or robbed, seed
        for e in kongs:
            if e["kind"] == "exposed_kong":
                assert set(e) == {"type", "seat", "kind", "from", "tile"}
        seen |= {e["kind"] for e in kongs}
    assert "exposed_kong" in seen  # the seeds do reach a 直杠


def test_a_state_written_with_the_old_exposed_kong_event_loads_and_plays_on_identically() -> None:
    r = _played(2, steps=None)
    kong_at = next(i for i, e in enumerate(r.events) if e.get("kind") == "exposed_kong")
    mid = r.replayed(next(step for step in range(len(r.actions) + 1)
                          if len(r.replayed(step).events) > kong_at))
    data = json.loads(json.dumps(mid.to_json()))
    old = [({"type": "exposed_kong", "seat": e["seat"], "from": e["from"], "tile": e["tile"]}
            if e.get("kind") == "exposed_kong" else e) for e in data["events"]]
    assert old != data["events"]  # the old form really is written
    back = Round.from_json({**data, "events": old})
    assert back.to_json() == mid.to_json()
    for a in r.actions[len(mid.actions):]:
        back.apply(a)
    assert back.to_json() == r.to_json() and back.result == r.result
    assert upgraded_event({"type": "discard", "seat": 1, "tile": "5m", "wild": False})["type"] == "discard"
