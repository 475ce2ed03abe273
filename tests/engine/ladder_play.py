"""Ranked matches played by a bot in the player's seat, on the ladder's seed chain: real match files and ladder
records for the tests of the ladder (engine and page)."""

from __future__ import annotations

from typing import Any

from hzmj_core.bots import make_bot
from hzmj_core.exam.ladder import OPPONENTS, RANKED_HANDS, chain_seed, climb, placement_of
from hzmj_core.options import Options
from hzmj_core.view import SeatView
from hzmj_core.webapi import GameSession


def play_match(seed: int, level: str, me: str = "basic") -> tuple[list[str], list[int]]:
    """The player's actions (a ``me`` bot in seat 0) in a ranked match of ``seed`` against ``level`` bots, and the
    points after it."""
    s = GameSession(Options(), seed, level, 0)
    bot = make_bot(me, 5)
    while not s.match.over and len(s.match.history) < RANKED_HANDS:
        r = s.match.round
        if r.is_over:
            s.next_hand()
        elif 0 in r.deciding_seats():
            s.act(str(bot.choose(SeatView.of(r, 0))))
        else:
            s.bot_step()
    actions = [a for h in s.save()["log"]["hands"][:RANKED_HANDS] for a in h["actions"] if a.startswith("S0 ")]
    points = [s.match.options.start_points] * 4
    for h in s.match.history[:RANKED_HANDS]:
        points = [p + d for p, d in zip(points, h.result.deltas, strict=True)]
    return actions, points


def chained_record(profile: int, n: int, me: str = "basic") -> dict[str, Any]:
    """A ladder record of format 2 with ``n`` ranked matches on the profile's chain, as the page keeps it."""
    matches: list[dict[str, Any]] = []
    previous: int | None = None
    for i in range(n):
        g = climb([m["placement"] for m in matches])[0]
        seed = chain_seed(profile, previous, i + 1)
        actions, points = play_match(seed, OPPONENTS[g], me)
        matches.append({"seed": str(seed), "level": OPPONENTS[g], "actions": actions, "hints": False,
                        "placement": placement_of(points), "points": points, "hands": RANKED_HANDS,
                        "date": "2026-12-06"})
        previous = seed
    return {"version": 2, "profile": str(profile), "matches": matches}
