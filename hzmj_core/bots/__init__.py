"""Bots: seeded players that choose only among the engine's legal actions, from their own view."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Decision
from .basic import BasicBot
from .easy import EasyBot
from .expert import ExpertBot
from .normal import NormalBot
from .random_bot import RandomBot
from .strong import StrongBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "easy": EasyBot, "basic": BasicBot, "normal": NormalBot, "strong": StrongBot,
    "expert": ExpertBot,
}
"""Bot kinds by name (``make_bot(name, seed)``), weakest first as measured in the arena (basic against three
easy: +0.66 points a hand): the order the new-game dialog lists them."""

LEVEL_NAMES: dict[str, tuple[str, str]] = {
    "random": ("随机", "Random"), "easy": ("入门", "Beginner"), "basic": ("普通", "Standard"),
    "normal": ("进阶", "Advanced"), "strong": ("高手", "Strong"), "expert": ("大师", "Expert"),
}
"""Chinese and English name of each bot kind for players, the same meaning in both, in the order of
:data:`BOTS` (the one place the page takes them from, through webapi ``bot_level_names``)."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot of the named kind; raises ``ValueError`` listing the kinds for an unknown name."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(sorted(BOTS))}") from None


__all__ = [
    "BOTS", "LEVEL_NAMES", "BasicBot", "Bot", "Decision", "EasyBot", "ExpertBot", "NormalBot", "RandomBot",
    "StrongBot", "make_bot",
]
