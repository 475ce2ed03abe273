"""A whole game (rules.md §8, §10.4): dealer and streak 老庄, points, the end condition.

The first dealer is drawn from the match seed; every hand's wall is shuffled from a seed derived from the
match seed and the hand number, so the same seed and the same actions give the same game, bit for bit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .options import Options
from .rng import Rng, derive_seed
from .round import Round, RoundResult

_FIRST_DEALER_SALT = 0xDEA1E5


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One finished hand of a match: who dealt at which streak, the points before, and the result."""

    number: int
    dealer: int
    streak: int
    seed: int | None
    points_before: tuple[int, int, int, int]
    actions: tuple[str, ...]
    result: RoundResult

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"number": self.number, "dealer": self.dealer, "streak": self.streak, "seed": self.seed,
                "points_before": list(self.points_before), "actions": list(self.actions),
                "result": self.result.to_json()}


class Match:
    """A game of several hands until the end condition of rules.md §10.4."""

    def __init__(self, options: Options | None = None, seed: int = 0) -> None:
        self.options = options or Options()
        self.seed = seed
        self.first_dealer = Rng(derive_seed(seed, _FIRST_DEALER_SALT)).below(4)
        self.dealer = self.first_dealer
        self.streak = self.options.start_streak
        self.points = [self.options.start_points] * 4
        self.history: list[HandRecord] = []
        self.round: Round = self._deal()
        self.over = False

    @property
    def hand_number(self) -> int:
        """0-based number of the current (or last) hand."""
        return len(self.history) if not self.over else len(self.history) - 1

    def hand_seed(self, number: int) -> int:
        """The wall seed of hand ``number``."""
        return derive_seed(self.seed, number)

    def _deal(self) -> Round:
        return Round.deal(self.options, dealer=self.dealer, streak=self.streak,
                          seed=self.hand_seed(len(self.history)))

    def finish_hand(self) -> HandRecord:
        """Book the finished current hand: points, next dealer and streak, game end; deal the next hand.

        Raises ``RuntimeError`` if the current hand is not over or the game already ended.
        """
        rec = self._book_hand()
        res = rec.result
        self.dealer, self.streak, ends = next_deal(self.options, rec.dealer, rec.streak, res.winner, self.points)
        if ends:
            self.over = True
        else:
            self.round = self._deal()
        return rec

    def _book_hand(self) -> HandRecord:
        """The finished current hand added to the history and its points to the seats' (the part of
        :meth:`finish_hand` that every kind of match shares)."""
        r = self.round
        if self.over:
            raise RuntimeError("the game is over")
        if not r.is_over or r.result is None:
            raise RuntimeError("the current hand is not over")
        res = r.result
        before = (self.points[0], self.points[1], self.points[2], self.points[3])
        rec = HandRecord(len(self.history), r.dealer, r.streak, r.seed, before,
                         tuple(str(a) for a in r.actions), res)
        self.history.append(rec)
        for s in range(4):
            self.points[s] += res.deltas[s]
        return rec

    def standings(self) -> list[dict[str, Any]]:
        """Seats ranked by points (ties by seat)."""
        order = sorted(range(4), key=lambda s: (-self.points[s], s))
        return [{"rank": i + 1, "seat": s, "points": self.points[s]} for i, s in enumerate(order)]

    def summary(self) -> dict[str, Any]:
        """A JSON-ready summary: hands, wins per seat, draws, points and standings."""
        wins = [0, 0, 0, 0]
        draws = 0
        for h in self.history:
            if h.result.winner is None:
                draws += 1
            else:
                wins[h.result.winner] += 1
        return {"hands": len(self.history), "over": self.over, "points": list(self.points),
                "wins": wins, "draws": draws, "standings": self.standings(), "dealer": self.dealer,
                "streak": self.streak}


def next_dealer(options: Options, dealer: int, streak: int, winner: int | None) -> tuple[int, int]:
    """Dealer and streak 老庄 of the hand after one won by ``winner`` (None: a draw, 流局), rules.md §8: the dealer
    stays and the streak grows (at most 3) on a dealer win, and on a draw unless ``draw_adds_streak`` is off;
    a non-dealer win passes the deal on at the starting streak."""
    if winner is None:
        return dealer, min(streak + 1, 3) if options.draw_adds_streak else streak
    if winner == dealer:
        return dealer, min(streak + 1, 3)
    return winner if options.next_dealer == "winner" else (dealer + 1) % 4, options.start_streak


def next_deal(options: Options, dealer: int, streak: int, winner: int | None,
              points: list[int]) -> tuple[int, int, bool]:
    """Dealer and streak of the next hand (:func:`next_dealer`), and whether the game ends: a non-dealer won
    and somebody is at 0 points or below (rules.md §8, §10.4)."""
    new_dealer, new_streak = next_dealer(options, dealer, streak, winner)
    ends = winner is not None and winner != dealer and any(p <= 0 for p in points)
    return new_dealer, new_streak, ends
