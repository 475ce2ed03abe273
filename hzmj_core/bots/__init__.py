"""Bots: seeded players that choose only among the engine's legal actions, from their own view."""

from __future__ import annotations

from collections.abc import Callable

from .advanced import AdvancedBot
from .base import Bot, Decision
from .beginner import BeginnerBot
from .expert import ExpertBot
from .random_bot import RandomBot
from .standard import StandardBot
from .strong import StrongBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot, "beginner": BeginnerBot, "standard": StandardBot, "advanced": AdvancedBot, "strong": StrongBot,
    "expert": ExpertBot,
}
"""Bot kinds by id (``make_bot(id, seed)``), weakest first as measured in the arena (standard against three
beginners: +0.66 points a hand): the order the new-game dialog lists them."""

OLD_BOT_IDS: dict[str, str] = {"easy": "beginner", "basic": "standard", "normal": "advanced"}
"""The ids three kinds had before their ids matched their names, still accepted wherever an id is read (saved
games, ladder files, the command line, the page's settings), and the id each stands for."""

LEVEL_NAMES: dict[str, tuple[str, str]] = {
    "random": ("随机", "Random"), "beginner": ("入门", "Beginner"), "standard": ("普通", "Standard"),
    "advanced": ("进阶", "Advanced"), "strong": ("高手", "Strong"), "expert": ("大师", "Expert"),
}
"""Chinese and English name of each bot kind for players, the same meaning in both, in the order of
:data:`BOTS` (the one place the page takes them from, through webapi ``bot_level_names``)."""


def bot_id(name: str) -> str:
    """The id of a bot kind named by its id or by an id of :data:`OLD_BOT_IDS`; raises ``ValueError`` listing the
    ids for any other name."""
    if name in BOTS:
        return name
    new = OLD_BOT_IDS.get(name)
    if new is None:
        raise ValueError(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return new


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot of the named kind (its id, or an old id); raises ``ValueError`` listing the ids for an unknown name."""
    return BOTS[bot_id(name)](seed)


__all__ = [
    "BOTS",
    "LEVEL_NAMES",
    "OLD_BOT_IDS",
    "AdvancedBot",
    "BeginnerBot",
    "Bot",
    "Decision",
    "ExpertBot",
    "RandomBot",
    "StandardBot",
    "StrongBot",
    "bot_id",
    "make_bot",
]
