"""The expert's (大师) tunable constants in one frozen object: :class:`ExpertParams`.

:class:`~hzmj_core.bots.expert.ExpertBot` takes one (``ExpertBot(seed, params)``); the defaults are the expert
as it ships. An experiment is a variant of these values played against the defaults on the same walls
(``benchmarks/paired_expert.py --set name=value``), never a subclass. The figures behind each value are in
``docs/bots.md`` and ``docs/research/EXPERIMENTS.md``.

3老 below means a dealer streak at which discard wins (放铳) are live (rules.md §9); "away from 3老" means
every other hand, where a hand wins only by drawing.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, fields, replace
from typing import Any


class ParamError(ValueError):
    """A parameter setting that names no parameter or gives a value of the wrong kind; the message says which."""


@dataclass(frozen=True, slots=True)
class ExpertParams:
    """The expert's constants (defaults: the shipped expert). Each is one judgement of the bot, documented with it.

    With every switch off and strong's danger constants the expert plays exactly as strong does (a test plays
    hands move for move).
    """

    # --- the draw-ahead (摸牌推演)
    draw_ahead: bool = True
    """Within :attr:`ahead_from` tiles of ready, choose among the best few discards by their value over the
    next draw (:func:`hzmj_core.bots.draw_ahead.value_after_draw`) instead of by one-step useful tiles."""
    ahead_top: int = 3
    """Discards, best by the static ranking, that the draw-ahead compares."""
    ahead_from: int = 2
    """The draw-ahead runs when the best discard leaves the hand this many tiles from ready or nearer."""

    # --- claims that keep the hand as far from ready
    claim_wider: bool = True
    """Also chow or pong when the claim leaves the hand as far from ready but wider (see the ratios below)."""
    wider_ratio: float = 1.5
    """Away from 3老, the useful tiles a wider chow needs, as a multiple of passing's."""
    wider_ratio_pong: float = 1.3
    """Away from 3老, the same for a pong: lower than a chow's, since a pong also takes the turn from the seats
    between the discarder and us (they lose a draw each and we discard sooner)."""
    wider_ratio_live: float = 1.3
    """At 3老, the multiple either kind of wider claim needs."""
    baotou_claims: bool = True
    """Holding a 财神, also chow or pong when the claim leaves the hand as near ready and nearer 暴头 state (a meld
    needs no 财神, and with fewer concealed sets to complete the free 财神 reaches 暴头 sooner); never at 3老."""
    pairs_guard: bool = True
    """Make neither kind of as-far claim while a meldless hand is ready as seven pairs (七对子 or 清七对 on its
    waits; in 七客 state any draw wins at ×4): a meld ends that hand for a plain one."""

    # --- useful tiles counted with the discards the hand could claim (吃碰的机会)
    claim_draws: float = 1.0
    """Away from 3老, a far hand's useful tiles also count the others' discards it could claim them from
    (:meth:`hzmj_core.analysis.Analysis.weigh_claims`): a copy of a face it holds a pair of counts 1 + 3 × this
    (a pong from any of three seats), of a face it could chow 1 + this (the previous seat), of any other useful
    face 1. 0: every useful copy alike, as strong counts them."""
    claim_tan_caps: bool = True
    """Count those claims only from the seats the 摊 caps (rules.md §5.5) still let this seat claim from: a seat it
    has claimed from twice gives it no more."""

    # --- 暴头 shaping and the 财神 fold
    shaping: bool = True
    """Value keeping the 财神 free for 暴头 (暴头 wins on any draw and pays double)."""
    free_bonus: float = 0.25
    """Far from ready, a discard that keeps the 财神 free (as near 暴头 as ready) counts its useful tiles this much
    more."""
    baotou_weight: float = 1.5
    """One from ready with a 财神, a tile that would bring the hand nearer 暴头 state counts this much more than
    another useful tile."""
    fold: bool = True
    """Fold with a far hand at 3老 by discarding a 财神 when every natural tile is riskier (nobody can win on a
    财神, and its freeze stops claims and discard wins)."""
    fold_from: int = 2
    """With a live threat, a hand this many tiles from ready (or more) may fold."""
    fold_reach: int = 1
    """Steps back from the best shanten a folding hand may take for a safer tile."""

    # --- 承包 at 3老: feeding a third 摊, and the 财神 as the safe discard
    liability: bool = True
    """Count feeding a third 摊 to a seat that has claimed twice from us (rules.md §5.5, §10.3) by its expected cost:
    the chance that seat can claim the tile (:attr:`feed_shape`) and does (:attr:`feed_claim`), times the chance it
    then wins (:attr:`feed_win_per_draw`) times the extra it makes us pay (T for its self-draw instead of our
    share), less what the claim would make it pay us when we win (2T, 倒承包), never below 0. Off: strong's flat
    penalty."""
    feed_shape: float = 2.0
    """Factor on the chance that a seat's concealed tiles, drawn at random from the unseen ones, hold the pair (a
    pong from any seat) or the two tiles of a run (a chow, from the previous seat only) that claim a face: a hand
    near ready keeps pairs and partial runs more often than random tiles would (capped at 1)."""
    feed_claim: float = 0.25
    """Share of the discards a seat could claim as its third 摊 on us that it does claim: a player makes the claim
    only when it helps (strong bots when it leaves them ready and wide, normal ones when it brings them nearer
    ready). Measured on 3老 positions of real games, against what the seat's hidden tiles and bot would do: 0.17-0.33
    for strong, 0.29-0.43 for normal (``benchmarks/defence_events.py``)."""
    feed_win_per_draw: float = 0.02
    """Chance per draw left that a seat wins the hand once it has made its third claim on us: fitted to the third
    claims of 3老 self-play (24 of 78 claimers won, about 16 draws after the claim; 0.023 for normal, 0.025 for
    strong, 0.02 within that noise)."""
    wild_defence: bool = True
    """With a live threat at 3老, a 财神 is a candidate discard at any distance from ready, not only for the fold
    of a far hand (:attr:`fold_from`): nobody can win on it, and its value is that of the hand left without it,
    weighed against the danger of the best natural tile."""

    # --- values and risk at 3老
    far_factor: float = 0.45
    """Factor on a far shape's chance to win for each tile it is from ready (strong's value)."""
    far_live: float | None = 0.30
    """At 3老 that factor is this instead (``None``: the same). The 财神 fold is still judged with
    :attr:`far_factor`: at 0.30 a far hand is worth so little that any risk would outweigh keeping a 财神."""
    dealer_danger: float = 0.5
    """At 3老 the dealer's danger counts this much: a deal-in costs the dealer 10 × 2^F where the same seat's
    self-draw would cost it 8 × 2^F anyway, so a discard risks far less than a non-dealer's (24 × 2^F)."""

    # --- the danger of a discard at 3老, fitted to strong players' hands at 3老
    early_ready: bool = True
    """Judge how likely another seat is ready by :attr:`ready_per_discard` and :attr:`ready_per_meld` (fitted
    to play) instead of strong's guess."""
    ready_per_discard: float = 0.045
    """Chance that a seat wins on a given face, per discard in its river after the first (times
    :attr:`danger_base`)."""
    ready_per_meld: float = 0.12
    """The same, per meld the seat shows."""
    ready_cap: float = 0.65
    """The most that readiness figure may reach."""
    danger_base: tuple[float, float, float, float] = (0.063, 0.12, 0.198, 0.011)
    """How likely a ready seat is to wait on a face: terminal, 2 or 8, middle suit tile, honour."""
    danger_live: tuple[float, float, float, float, float] = (0.27, 0.36, 0.72, 1.0, 1.0)
    """Factor on that by how many copies of the face are unseen (0, 1, 2, 3, 4+)."""
    danger_genbutsu: float = 0.04
    """Factor on that when the seat discarded the face itself (现物)."""

    # --- win now or go on (飘, 杠暴, declining a plain win to wait in 暴头)
    threat_per_discard: float = 0.011
    """Chance that another seat wins on its next draw, per discard in its river after the second (fitted to
    strong players' hands)."""
    threat_per_meld: float = 0.005
    """The same, per meld it shows."""
    threat_cap: float = 0.3
    """The most that chance may reach (after a 飘 it is 0.9 regardless)."""

    def with_settings(self, settings: typing.Iterable[str]) -> ExpertParams:
        """A copy with each ``name=value`` of ``settings`` applied (the command line's ``--set``): numbers,
        ``true``/``false``, ``none`` where a parameter allows it, and comma-separated numbers for a tuple.
        Raises :class:`ParamError` naming the setting when the name is unknown or the value does not fit."""
        changes: dict[str, Any] = {}
        known = {f.name: f for f in fields(self)}
        hints = typing.get_type_hints(ExpertParams)
        for text in settings:
            name, sep, value = text.partition("=")
            name = name.strip()
            if not sep:
                raise ParamError(f"setting {text!r} is not name=value")
            if name not in known:
                raise ParamError(f"no parameter named {name!r}: choose from {', '.join(known)}")
            changes[name] = _parse(name, value.strip(), hints[name], getattr(self, name))
        return replace(self, **changes)

    def changes(self) -> dict[str, Any]:
        """The parameters whose value differs from the default, by name (JSON-ready)."""
        default = ExpertParams()
        out: dict[str, Any] = {}
        for f in fields(self):
            mine = getattr(self, f.name)
            if mine != getattr(default, f.name):
                out[f.name] = list(mine) if isinstance(mine, tuple) else mine
        return out


def _parse(name: str, text: str, hint: Any, current: Any) -> Any:
    """``text`` as a value of type ``hint`` for parameter ``name``."""
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in args:
        if text.lower() == "none":
            return None
        hint = next(a for a in args if a is not type(None))
    if hint is bool:
        if text.lower() in ("true", "1", "yes", "on"):
            return True
        if text.lower() in ("false", "0", "no", "off"):
            return False
        raise ParamError(f"{name}={text}: {name} is true or false")
    try:
        if hint is int:
            return int(text)
        if hint is float:
            return float(text)
        if typing.get_origin(hint) is tuple:
            values = tuple(float(x) for x in text.split(","))
            if len(values) != len(current):
                raise ParamError(f"{name}={text}: {name} takes {len(current)} comma-separated numbers")
            return values
    except ValueError as e:
        if isinstance(e, ParamError):
            raise
        raise ParamError(f"{name}={text}: {name} is {'a whole number' if hint is int else 'a number'}") from None
    raise ParamError(f"{name}: cannot be set from text")  # pragma: no cover - every field's type is handled above


__all__ = ["ExpertParams", "ParamError"]
