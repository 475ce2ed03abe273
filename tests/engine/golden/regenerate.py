"""Write the golden fixture games (like chess perft): RUN ONLY FOR A DELIBERATE RULES CHANGE.

Each fixture is one whole hand played by four seeded ``standard`` bots from a seeded wall. It records the
exact action list, at every step the deciding seats and the number of legal actions, and the result.
tests/engine/test_golden.py replays the recorded actions (without the bots) and compares every step
exactly, so any change in legality, resolution or scoring shows up as a diff here.

    PYTHONPATH=. python tests/engine/golden/regenerate.py
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hzmj_core.bots import make_bot
from hzmj_core.options import Options
from hzmj_core.round import Round
from hzmj_core.view import SeatView

HERE = Path(__file__).parent

OPTION_SETS: dict[str, dict[str, Any]] = {
    "default": {},
    "flipped-rob": {"wildcard_mode": "flipped", "rob_kong": True, "discard_min_l": 2,
                    "zhuada_subject": "discarder", "wildcard_in_melds": True},
    "qym-noburn": {"que_yi_men": "p", "kong_burn": False, "pong_counts_as_tan": False,
                   "three_tan_needs_l3": False, "must_baotou": True},
}
GAMES = [("default", 1, 0, 1), ("default", 7, 2, 3), ("default", 19, 1, 2),
         ("flipped-rob", 3, 0, 3), ("flipped-rob", 11, 3, 2), ("qym-noburn", 5, 1, 3)]


def record(option_set: str, seed: int, dealer: int, streak: int) -> dict[str, Any]:
    options = Options.from_json(OPTION_SETS[option_set])
    r = Round.deal(options, dealer=dealer, streak=streak, seed=seed)
    bots = [make_bot("standard", seed * 10 + s) for s in range(4)]
    steps: list[dict[str, Any]] = []
    while not r.is_over:
        seats = r.deciding_seats()
        steps.append({"deciding": seats, "legal": [len(r.legal_actions(s)) for s in seats],
                      "remaining": r.remaining})
        seat = seats[0]
        action = bots[seat].choose(SeatView.of(r, seat))
        steps[-1]["action"] = str(action)
        r.apply(action)
    assert r.result is not None
    return {"options": options.to_json(), "seed": seed, "dealer": dealer, "streak": streak,
            "steps": steps, "result": r.result.to_json()}


def main() -> None:
    for option_set, seed, dealer, streak in GAMES:
        data = record(option_set, seed, dealer, streak)
        path = HERE / f"{option_set}-seed{seed}.json"
        path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(path.name, len(data["steps"]), "steps,", "draw" if data["result"]["draw"] else
              f"S{data['result']['winner']} {data['result']['evaluation']['pattern']}")


if __name__ == "__main__":
    main()
