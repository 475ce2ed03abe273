"""The tutorial's value types and the small helpers its parts share (the wildcard rule, tile and seat names)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..options import Options
from ..reasons import seat_words, tile_names
from ..tiles import Wildcards, parse_tile


class LessonError(ValueError):
    """An unknown lesson or exercise, or an answer that cannot be read."""


@dataclass(frozen=True)
class Exercise:
    """One question. ``data`` holds the hand or the position; the answer is computed by the checker.

    ``viewer`` is the learner's seat when the question involves seats: prompts and explanations call it
    你/you and name the others from it (下家/对家/上家, Right/Across/Left); in a ``move`` it plays that seat.
    """

    id: str
    kind: str
    prompt_zh: str
    prompt_en: str
    data: Mapping[str, Any] = field(default_factory=dict)
    viewer: int | None = None


@dataclass(frozen=True)
class Lesson:
    """One lesson: a title, a few blocks of text and example hands, and its exercises."""

    id: str
    title_zh: str
    title_en: str
    summary_zh: str
    summary_en: str
    blocks: tuple[Mapping[str, Any], ...]
    exercises: tuple[Exercise, ...]


def wildcards_of(data: Mapping[str, Any]) -> Wildcards:
    """The wildcard rule of an exercise (翻财神 when it names an indicator ``wildcard``)."""
    ind = data.get("wildcard")
    return Wildcards.fixed() if ind is None else Wildcards.flipped(parse_tile(str(ind)))


def options_of(data: Mapping[str, Any]) -> Options:
    """The rule options of an exercise's position."""
    opts = Options.from_json(dict(data.get("options", {})))
    if data.get("wildcard") is not None:
        opts = opts.replace(wildcard_mode="flipped")
    return opts


def names(tiles: Sequence[int], wc: Wildcards) -> list[str]:
    """Notation of tiles, wildcards starred."""
    return [wc.name(t) for t in tiles]


def tile_text(tiles: Sequence[int], wc: Wildcards, lang: str) -> str:
    """Tiles in words, each kind once, a wildcard as the 财神 it is: "五条" / "the 5 of Bamboo", "财神" / "the
    财神" (English keeps the term for :func:`~hzmj_core.glossary.gloss`)."""
    kinds = list(dict.fromkeys(tiles))
    words = ["财神" if wc.is_wild(t) else tile_names(t)[0 if lang == "zh" else 1] for t in kinds]
    if lang == "zh":
        return "".join(words)
    return " and ".join(f"the {w}" for w in words)


_LABELS_EN = ("You", "Right", "Across", "Left")


def seat_label(seat: int, viewer: int, lang: str) -> str:
    """A seat as a label seen from the learner: 你/下家/对家/上家 or You/Right/Across/Left."""
    return seat_words(seat, "zh", viewer) if lang == "zh" else _LABELS_EN[(seat - viewer) % 4]


def seat_labels(viewer: int) -> dict[str, list[str]]:
    """The four seats' labels in both languages, indexed by seat (what the page writes on seat buttons)."""
    return {lang: [seat_label(s, viewer, lang) for s in range(4)] for lang in ("zh", "en")}


def seats_text(seats: Sequence[int], viewer: int, lang: str) -> str:
    """A list of seats in words ("下家、上家", "Right, Left"), or nobody."""
    if not seats:
        return "没有人" if lang == "zh" else "nobody"
    return ("、" if lang == "zh" else ", ").join(seat_label(s, viewer, lang) for s in seats)
