"""普通 Standard (id ``standard``, formerly ``basic``), a simple wall-efficiency player: wins when it can,
discards to keep shanten lowest (ties: the most isolated tile), claims only to improve."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionType
from ..hand import shanten
from ..reasons import because
from ..tiles import TILE_NAMES, Wildcards
from ..view import SeatView, unseen_of_face
from .base import Bot, Decision
from .heuristics import isolation


def _shanten_without(tiles: Sequence[int], remove: Sequence[int], wc: Wildcards, melds: int) -> int:
    rest = list(tiles)
    for t in remove:
        rest.remove(t)
    counts, w = wc.split(rest)
    return shanten(counts, w, melds)


class StandardBot(Bot):
    """Wall efficiency with wildcards (seeded tie-breaks)."""

    name = "standard"

    def decide(self, view: SeatView) -> Decision:
        """Win if legal; otherwise the discard, kong or claim that keeps shanten lowest."""
        legal = view.legal
        for a in legal:
            if a.type is ActionType.WIN:
                return Decision(a, (because("win"),))
        if view.phase.value == "act":
            return self._act(view)
        return self._claim(view)

    def _act(self, view: SeatView) -> Decision:
        wc = view.wildcards
        melds = sum(1 for m in view.melds[view.seat])
        hand = list(view.hand)
        discards = [a for a in view.legal if a.type is ActionType.DISCARD]
        kongs = [a for a in view.legal if a.type in (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)]
        counts, w = wc.split(hand)
        now = shanten(counts, w, melds)
        for k in kongs:
            after = _shanten_without(hand, k.tiles, wc, melds + (1 if k.type is ActionType.CONCEALED_KONG else 0))
            if after <= now:
                return Decision(k, (because("kong_keeps_shape"),))
        if len(discards) == 1:
            return Decision(discards[0], (because("only_discard"),))
        scored: list[tuple[int, Action, list[int], int]] = []
        for a in discards:
            t = a.tile
            if wc.is_wild(t):
                continue
            rest = list(hand)
            rest.remove(t)
            c, ww = wc.split(rest)
            scored.append((shanten(c, ww, melds), a, c, ww))
        if not scored:
            return Decision(discards[0], (because("only_wildcards"),))
        low = min(sc[0] for sc in scored)
        unseen = view.unseen_counts()
        best: tuple[int, int] | None = None
        choice = scored[0][1]
        for s, a, _, _ in scored:
            if s != low:
                continue
            face = wc.face(a.tile)
            # Cheap tie-break instead of a full count of improving tiles: keep connected tiles and
            # tiles whose neighbours are still live; throw the most isolated one.
            key = (isolation(counts, face), -unseen_of_face(face, unseen, wc))
            if best is None or key < best:
                best, choice = key, a
        return Decision(choice, (because("shanten", shanten=low) if low else because("ready"),))

    def _claim(self, view: SeatView) -> Decision:
        wc = view.wildcards
        melds = sum(1 for m in view.melds[view.seat])
        hand = list(view.hand)
        counts, w = wc.split(hand)
        now = shanten(counts, w, melds)
        pass_action = next(a for a in view.legal if a.type is ActionType.PASS)
        best: tuple[int, Action] | None = None
        for a in view.legal:
            if a.type in (ActionType.PONG, ActionType.CHOW):
                rest = list(hand)
                for t in a.tiles:
                    rest.remove(t)
                after = min(
                    (_shanten_without(rest, [t], wc, melds + 1) for t in set(rest) if not wc.is_wild(t)),
                    default=99,
                )
                if after < now and (best is None or after < best[0]):
                    best = (after, a)
            elif a.type is ActionType.EXPOSED_KONG:
                after = _shanten_without(hand, a.tiles, wc, melds + 1)
                if after <= now and best is None:
                    best = (after, a)
        if best is not None:
            return Decision(best[1], (because("claim_closer"),))
        return Decision(pass_action, (because("claim_no_help", tile=TILE_NAMES[view.claim_tile]),)
                        if view.claim_tile is not None else (because("nothing_to_claim"),))


