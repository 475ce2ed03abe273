"""The replay viewer (牌谱回放): step through an imported log, forward and back, seeing every hand."""

from __future__ import annotations

from typing import Any

from .log import LogError, load, replay
from .reasons import Reason
from .round import Round
from .tiles import TILE_NAMES
from .view import SeatView
from .winsplit import split_win


class ReplayError(ValueError):
    """A log the viewer cannot show, or a frame outside the log; the message names the problem.

    For a log, ``reason`` is the log's problem as a :class:`~hzmj_core.reasons.Reason` (the page words it in the
    player's language); ``None`` for a frame outside the log.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


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
            raise ReplayError(str(exc), exc.reason) from None
        self.data = data
        self.rounds = report.rounds
        self.kind = report.kind
        self.points = _points_before(data, len(self.rounds))

    @classmethod
    def from_text(cls, text: str) -> ReplayViewer:
        """The viewer of a log given as JSON text (an imported file); a problem with the text or the log is a
        :class:`ReplayError` with its reason."""
        try:
            data = load(text)
        except LogError as exc:
            raise ReplayError(str(exc), exc.reason) from None
        return cls(data)

    def summary(self) -> dict[str, Any]:
        """Hands and their number of actions."""
        return {"kind": self.kind, "hands": [{"number": i + 1, "actions": len(r.actions),
                                              "result": None if r.result is None else r.result.to_json()}
                                             for i, r in enumerate(self.rounds)]}

    def frame(self, hand: int, step: int, seat: int = 0) -> dict[str, Any]:
        """The table after ``step`` actions of hand ``hand`` (0-based), with every hand shown, as seat ``seat``
        sits (its tiles at the bottom), each seat's points as they were when the hand began."""
        if not 0 <= hand < len(self.rounds):
            raise ReplayError(f"hand index {hand} is outside 0-{len(self.rounds) - 1}: this log has "
                              f"{len(self.rounds)} hand(s)")
        src = self.rounds[hand]
        if not 0 <= step <= len(src.actions):
            raise ReplayError(f"step {step} is outside 0-{len(src.actions)}")
        r = src.replayed(step)
        view = SeatView.of(r, seat, self.points[hand]).to_json()
        # Nobody decides in a replay: the same keys as a game state, so the page draws frames as they come.
        view.update(human=seat, human_to_act=False, bots_to_act=[], deciding=[], hand_over=r.is_over)
        add_win_split(view, r)
        view["all_hands"] = [[TILE_NAMES[t] for t in sorted(h)] for h in r.hands]
        view["replay"] = {"hand": hand, "step": step, "steps": len(src.actions),
                          "last_action": None if step == 0 else src.actions[step - 1].to_json(),
                          "hand_number": hand + 1, "hands": len(self.rounds)}
        return view


def _points_before(data: Any, n: int) -> list[tuple[int, int, int, int] | None]:
    """Each hand's points when it began, as its hand log says (None where a log does not say)."""
    hands: Any = data.get("hands") if isinstance(data, dict) and data.get("kind") == "match" else [data]
    out: list[tuple[int, int, int, int] | None] = []
    for i in range(n):
        h = hands[i] if isinstance(hands, list) and i < len(hands) else None
        p = h.get("points") if isinstance(h, dict) else None
        if isinstance(p, list) and len(p) == 4 and all(type(x) is int for x in p):
            out.append((p[0], p[1], p[2], p[3]))
        else:
            out.append(None)
    return out
