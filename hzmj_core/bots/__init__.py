"""Bots: seeded players that choose only among the engine's legal actions, from their own view."""

from __future__ import annotations

from collections.abc import Callable

from .base import Bot, Decision
from .basic import BasicBot
from .easy import EasyBot
from .normal import NormalBot
from .random_bot import RandomBot
from .strong import StrongBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "basic": BasicBot, "easy": EasyBot, "normal": NormalBot, "strong": StrongBot,
}
"""Bot kinds by name (``make_bot(name, seed)``)."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot of the named kind; raises ``ValueError`` listing the kinds for an unknown name."""
    try:
        return BOTS[name](seed)
    except KeyError:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(sorted(BOTS))}") from None


__all__ = [
    "BOTS", "BasicBot", "Bot", "Decision", "EasyBot", "NormalBot", "RandomBot", "StrongBot", "make_bot",
]
