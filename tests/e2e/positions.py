"""Positions for the browser tests, reached fast: the engine plays a seeded game here in Python (the human's
choices by a simple policy, the bots exactly as the page's ``bot_step`` plays them) until a wanted moment,
and the page is then opened on that game's save, as a player resumes a saved game.

``put_save(page, site, position.save)`` stores a save before the page boots; opening ``?seed=<seed>`` then
resumes it (the page resumes a save of the seed in the address). ``Position.before`` is the save just
before the human's last decision, and ``Position.action`` that decision, for a test that makes it by hand.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from hzmj_core.match import next_deal
from hzmj_core.options import Options
from hzmj_core.webapi import GameSession

GAME_KEY = "hzmj.game.v1"
State = dict[str, Any]
Policy = Callable[[State], State]


@dataclass(frozen=True)
class Position:
    seed: int
    save: str                  # the page's save text (GameSession.save as JSON)
    state: State               # the human's view at that moment
    before: str | None         # the save just before the human's last decision
    action: State | None       # that decision (a legal action: group, text, tiles)
    log: str                   # the match log up to here (an exported log)


def save_text(session: GameSession) -> str:
    return json.dumps(session.save(), ensure_ascii=False)


def pass_or_drawn(st: State) -> State:
    """Pass every claim; discard the tile just drawn (or the last legal discard)."""
    legal = st["legal_actions"]
    discards = [a for a in legal if a["group"] == "discard"]
    if discards:
        drawn = [a for a in discards if a["tiles"] == [st["drawn"]]]
        return (drawn or discards)[-1]
    return next(a for a in legal if a["group"] == "pass")


def first_chow(st: State) -> State:
    """Take the first chow offered, else as pass_or_drawn."""
    chows = [a for a in st["legal_actions"] if a["group"] == "chow"]
    return chows[0] if chows else pass_or_drawn(st)


def suggested(st: State) -> State:
    """What the hints suggest (a bot's choice)."""
    sug = st["hints"].get("suggestion")
    return sug["action"] if sug else pass_or_drawn(st)


def reach(seed: int, stop: Callable[[State], bool], policy: Policy = pass_or_drawn,
          options: dict[str, Any] | None = None, limit: int = 30_000) -> Position:
    """Play seed ``seed`` until ``stop(state)``; AssertionError when the match ends first."""
    session = GameSession(Options.from_json(options or {}), seed)
    before: str | None = None
    action: State | None = None
    for _ in range(limit):
        st = session.state()
        if stop(st):
            log = json.dumps(session.save()["log"], ensure_ascii=False)
            return Position(seed, save_text(session), st, before, action, log)
        if st["hand_over"]:
            assert not st["match"]["over"], f"seed {seed}: the match ended before the position"
            session.next_hand()
        elif st["human_to_act"]:
            before, action = save_text(session), policy(st)
            session.act(action["text"])
        else:
            session.bot_step()
    raise AssertionError(f"seed {seed}: no such position within {limit} steps")


def group_count(st: State, group: str) -> int:
    return sum(1 for a in st["legal_actions"] if a["group"] == group)


def claim_offered(st: State) -> bool:
    return bool(st["human_to_act"] and st["claim"] and (group_count(st, "chow") or group_count(st, "pong")))


@cache
def chows(seed: int, n: int) -> Position:
    """The first moment the human may chow in ``n`` ways (seed 1: three, seed 29: two)."""
    return reach(seed, lambda st: bool(st["human_to_act"]) and group_count(st, "chow") == n)


@cache
def claim(seed: int) -> Position:
    """The first chow or pong offered to the human."""
    return reach(seed, claim_offered)


@cache
def chow_ban(seed: int) -> Position:
    """After the human's first chow, with a tile in hand that 吃后限打 bans (seed 1)."""
    return reach(seed, lambda st: bool(st["human_to_act"] and not st["claim"] and st["chow_ban"]
                                       and set(st["chow_ban"]) & set(st["hand"])), first_chow)


@cache
def won(seed: int) -> Position:
    """The first hand's result screen, the human playing the hints' suggestions."""
    return reach(seed, lambda st: bool(st["hand_over"]), suggested)


@cache
def drawn(seed: int) -> Position:
    """The result screen of the first hand that ends in a draw (流局), the human passing and discarding its draws."""
    return reach(seed, lambda st: bool(st["hand_over"] and st["result"] and st["result"]["winner"] is None),
                 pass_or_drawn)


@cache
def win_offered(seed: int) -> Position:
    """The first win offered to the human (playing the suggestions); ``before`` is just before its discard."""
    return reach(seed, lambda st: bool(st["human_to_act"]) and group_count(st, "win") > 0, suggested)


@cache
def match_end(seed: int, start_points: int = 40) -> Position:
    """The result of the hand that ends the match (before the player books it with 下一局)."""
    def ends(st: State) -> bool:
        r = st["result"]
        if not st["hand_over"] or not r:
            return False
        after = [p + d for p, d in zip(st["match"]["points"], r["deltas"], strict=True)]
        return next_deal(Options.from_json(st["options"]), st["dealer"], st["streak"], r["winner"], after)[2]
    return reach(seed, ends, suggested, {"start_points": start_points})


@cache
def hands_played(seed: int, n: int) -> Position:
    """Hand ``n`` over (not yet booked): its log holds n hands, the last one played to its end."""
    return reach(seed, lambda st: bool(st["hand_over"] and st["match"]["hand_number"] == n), pass_or_drawn)


def put_save(page: Any, site: Any, save: str, settings: dict[str, Any] | None = None) -> None:
    """Store a save (and settings) for the site's origin before any of its pages boots."""
    items = {GAME_KEY: json.dumps(save)}
    if settings is not None:
        items["hzmj.settings.v1"] = json.dumps(settings)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site.url + "icon.svg")
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def saved_actions(page: Any) -> list[str]:
    """The actions of the hand in progress, as the page saved them."""
    raw = page.evaluate(f"localStorage.getItem('{GAME_KEY}')")
    return list(json.loads(json.loads(raw))["log"]["hands"][-1]["actions"])
