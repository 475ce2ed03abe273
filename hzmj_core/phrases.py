"""Quick phrases (快捷语): the fixed words a player may send to the table, each with a stable id.

A seat sends a phrase by its id; the table shows it by the sender's seat. The list is fixed, so no free text
ever crosses from one player to another.
"""

from __future__ import annotations

from typing import NamedTuple


class Phrase(NamedTuple):
    """One quick phrase: its id and its words in Chinese and English."""

    id: str
    zh: str
    en: str

    def to_json(self) -> dict[str, str]:
        """``{"id", "zh", "en"}``."""
        return {"id": self.id, "zh": self.zh, "en": self.en}


PHRASES: tuple[Phrase, ...] = (
    Phrase("hello", "大家好！", "Hello, everyone!"),
    Phrase("hurry", "快点吧！", "Hurry up!"),
    Phrase("wait", "等一下。", "One moment, please."),
    Phrase("nice", "好牌！", "Nice hand!"),
    Phrase("wow", "厉害！", "Impressive!"),
    Phrase("sorry", "不好意思。", "Sorry!"),
    Phrase("thanks", "谢谢！", "Thanks!"),
    Phrase("again", "再来一局！", "One more game!"),
    Phrase("bye", "再见！", "Bye!"),
)
"""Every quick phrase, in the order a page offers them."""

BY_ID: dict[str, Phrase] = {p.id: p for p in PHRASES}
"""The phrases by id."""
