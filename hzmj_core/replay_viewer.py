"""The replay viewer (牌谱回放): step through an imported log, forward and back, seeing every hand."""

from __future__ import annotations

from typing import Any

from .log import LogError, replay
from .round import Round
from .tiles import TILE_NAMES
from .view import SeatView
from .winsplit import split_win


class ReplayError(ValueError):
    """A log the viewer cannot show, or a frame outside the log; the message names the problem."""


def add_win_split(view: dict[str, Any], r: Round) -> None:
    """Give a won hand's result its sets and pair, each wildcard with the face it stood for (winsplit)."""
    res = r.result
    if res is None or res.winner is None or res.evaluation is None or not isinstance(view.get("result"), dict):
        return
    ev = res.evaluation
    split = split_win(res.hands[res.winner], r.wildcards, ev.form, res.winning_tile, ev.baotou)
    view["result"]["split"] = None if split is None else split.to_json()


class ReplayViewer:
    """Step through an imported log, forward and back, seeing every hand (the game is over)."""

    def __init__(self, data: Any) -> None:
        try:
            report = replay(data)
        except LogError as exc:
            raise ReplayError(str(exc)) from None
        self.data = data
        self.rounds = report.rounds
        self.kind = report.kind

    def summary(self) -> dict[str, Any]:
        """Hands and their number of actions."""
        return {"kind": self.kind, "hands": [{"number": i + 1, "actions": len(r.actions),
                                              "result": None if r.result is None else r.result.to_json()}
                                             for i, r in enumerate(self.rounds)]}

    def frame(self, hand: int, step: int) -> dict[str, Any]:
        """The table after ``step`` actions of hand ``hand`` (0-based), with every hand shown."""
        if not 0 <= hand < len(self.rounds):
            raise ReplayError(f"hand index {hand} is outside 0-{len(self.rounds) - 1}: this log has "
                              f"{len(self.rounds)} hand(s)")
        src = self.rounds[hand]
        if not 0 <= step <= len(src.actions):
            raise ReplayError(f"step {step} is outside 0-{len(src.actions)}")
        r = src.replayed(step)
        view = SeatView.of(r, 0).to_json()
        # Nobody decides in a replay: the same keys as a game state, so the page draws frames as they come.
        view.update(human=0, human_to_act=False, bots_to_act=[], deciding=[], hand_over=r.is_over)
        add_win_split(view, r)
        view["all_hands"] = [[TILE_NAMES[t] for t in sorted(h)] for h in r.hands]
        view["replay"] = {"hand": hand, "step": step, "steps": len(src.actions),
                          "last_action": None if step == 0 else src.actions[step - 1].to_json(),
                          "hand_number": hand + 1, "hands": len(self.rounds)}
        return view
