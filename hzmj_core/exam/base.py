"""The shape of an exam question (考题) and the tools every kind of question shares.

A question is made by one module per kind (:mod:`hzmj_core.exam.kinds`) from a seed and a difficulty band; its
answer is always computed by the engine. A question carries its position (the tiles as notation), its prompt and
explanation in Chinese and English (tiles by name), its choices when it has them and its right answer, and knows
how to read, judge and pack a player's answer (the certificate code stores answers as small integers).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..glossary import gloss
from ..reasons import Reason, tile_names
from ..rng import Rng
from ..tiles import NUM_KINDS, TILE_NAMES, NotationError, Wildcards, format_tiles, parse_tile

BANDS = (1, 2, 3, 4)
"""Difficulty bands, from a giveaway to positions that split strong players."""
BAND_NAMES: dict[int, tuple[str, str]] = {
    1: ("送分题", "giveaway"),
    2: ("基础题", "basic"),
    3: ("进阶题", "advanced"),
    4: ("高手题", "splits strong players"),
}
FIXED = Wildcards.fixed()
SEATS_ZH = ("东家", "南家", "西家", "北家")
SEATS_EN = ("East", "South", "West", "North")

ANSWER_TYPES = ("choice", "multi", "faces", "tile")
"""How an answer is given: one of the choices (``true``/``false`` questions too), a set of the choices, a set of
tile faces (notation), or one tile (notation)."""


class ExamError(ValueError):
    """Bad input to the exam: an unknown level or kind, a malformed answer sheet, a bad seed. ``reason`` (a code of
    :data:`~hzmj_core.reasons.EXAM_CODES`) says what a player can meet (an exam level this version does not know,
    a match file refused) in the player's language; ``None`` for what only a faulty page sends."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass
class Question:
    """One question: what is shown, the right answer, and the explanation in the engine's words."""

    kind: str
    band: int
    position: dict[str, Any]
    """``hand`` (notation), ``melds`` (notation strings), ``wildcard`` (the 财神's face), and per kind more facts."""
    prompt_zh: str
    prompt_en: str
    answer_type: str
    answer: Any
    explanation_zh: str
    explanation_en: str
    choices: list[dict[str, Any]] | None = None
    """``{"value", "zh", "en"}`` per choice, when the question has choices."""
    accepted: list[Any] | None = None
    """Answers also counted right (何切: every discard within the tolerance of the best)."""
    shown: list[str] = field(default_factory=list)
    """Tiles the explanation draws (notation)."""

    def to_json(self, with_answer: bool = False) -> dict[str, Any]:
        """JSON-ready form; the answer and explanation only ``with_answer``; English terms as glossed pinyin."""
        seen: set[str] = set()
        facts: set[str] = set()  # the position's own English facts, not shown beside the prompt that holds them
        position = {k: ([gloss(t, facts) for t in v] if isinstance(v, list) else gloss(v, facts))
                    if k.endswith("_en") else v for k, v in self.position.items()}
        out: dict[str, Any] = {"kind": self.kind, "band": self.band, "position": position,
                               "prompt_en": gloss(self.prompt_en, seen), "prompt_zh": self.prompt_zh,
                               "answer_type": self.answer_type}
        if self.choices is not None:
            out["choices"] = [{**c, "en": gloss(c["en"], seen)} if isinstance(c.get("en"), str) else c
                              for c in self.choices]
        if with_answer:
            out["answer"] = self.answer
            if self.accepted is not None:
                out["accepted"] = self.accepted
            out["explanation_zh"] = self.explanation_zh
            out["explanation_en"] = gloss(self.explanation_en, seen)
            out["shown"] = self.shown
        return out

    # ------------------------------------------------------------------ reading and judging answers

    def read(self, given: Any, where: str = "answer") -> Any:
        """The player's answer in its normal form (``None`` when unanswered); :class:`ExamError` if malformed."""
        if given is None:
            return None
        t = self.answer_type
        if t == "choice":
            values = [c["value"] for c in self.choices or ()]
            if given not in values or isinstance(given, bool) != any(isinstance(v, bool) for v in values):
                raise ExamError(f"{where}: {given!r} is not one of the choices {values}")
            return given
        if t == "multi":
            values = [c["value"] for c in self.choices or ()]
            if not isinstance(given, list) or any(g not in values for g in given):
                raise ExamError(f"{where}: give a list of the choices {values}")
            return sorted(set(given), key=values.index)
        if t == "faces":
            if not isinstance(given, list):
                raise ExamError(f"{where}: give a list of tiles in notation, e.g. [\"3p\", \"6p\"]")
            return [TILE_NAMES[k] for k in sorted({_tile(g, where) for g in given})]
        return TILE_NAMES[_tile(given, where)]

    def right(self, given: Any) -> bool:
        """True when the (read) answer is right."""
        if given is None:
            return False
        if self.accepted is not None:
            return bool(given in self.accepted)
        return bool(given == self.answer)

    def radix(self) -> int:
        """How many packed values an answer can take (the last one is "unanswered")."""
        n = len(self.choices or ())
        sizes: dict[str, int] = {"choice": n + 1, "multi": 2 ** n + 1, "faces": 2 ** NUM_KINDS + 1,
                                 "tile": NUM_KINDS + 1}
        return sizes[self.answer_type]

    def pack(self, given: Any) -> int:
        """A read answer as an integer below :meth:`radix`."""
        if given is None:
            return self.radix() - 1
        values = [c["value"] for c in self.choices or ()]
        t = self.answer_type
        if t == "choice":
            return values.index(given)
        if t == "multi":
            return sum(1 << values.index(g) for g in given)
        if t == "faces":
            return sum(1 << parse_tile(g) for g in given)
        return parse_tile(given)

    def unpack(self, packed: int) -> Any:
        """Inverse of :meth:`pack`."""
        if packed == self.radix() - 1:
            return None
        values = [c["value"] for c in self.choices or ()]
        t = self.answer_type
        if t == "choice":
            return values[packed]
        if t == "multi":
            return [v for i, v in enumerate(values) if packed >> i & 1]
        if t == "faces":
            return [TILE_NAMES[k] for k in range(NUM_KINDS) if packed >> k & 1]
        return TILE_NAMES[packed]


def _tile(given: Any, where: str) -> int:
    if not isinstance(given, str):
        raise ExamError(f"{where}: {given!r} is not a tile in notation (e.g. \"5p\")")
    try:
        return parse_tile(given.rstrip("*"))
    except NotationError as exc:
        raise ExamError(f"{where}: {exc}") from None


# ---------------------------------------------------------------------- words


def tile_word(kind: int, lang: str, wc: Wildcards = FIXED) -> str:
    """A tile by name (三筒 / 3 of Dots); a wildcard is 财神 / the 财神 (wildcard)."""
    if wc.is_wild(kind):
        return "财神" if lang == "zh" else "财神 (wildcard)"
    zh, en = tile_names(wc.face(kind))
    return zh if lang == "zh" else en


def tiles_words(kinds: Sequence[int], lang: str, wc: Wildcards = FIXED) -> str:
    """Tiles by name, joined (、 in Chinese, commas in English); 无 / none when empty."""
    if not kinds:
        return "无" if lang == "zh" else "none"
    return ("、" if lang == "zh" else ", ").join(tile_word(k, lang, wc) for k in kinds)


def hand_words(kinds: Sequence[int], lang: str, wc: Wildcards = FIXED) -> str:
    """A whole hand by name, sorted, copies counted (二万×2)."""
    out = []
    for k in sorted(set(kinds)):
        n = list(kinds).count(k)
        out.append(tile_word(k, lang, wc) + (f"×{n}" if n > 1 else ""))
    return ("、" if lang == "zh" else ", ").join(out)


def group_words(group: Sequence[tuple[int, int]], lang: str) -> str:
    """One set or pair of a split hand by name; a wildcard says which face it stands for (财神当三筒)."""
    out = []
    for t, face in group:
        if FIXED.is_wild(t):
            out.append(f"财神当{tile_word(face, 'zh')}" if lang == "zh" else f"财神 as {tile_word(face, 'en')}")
        else:
            out.append(tile_word(t, lang))
    return "".join(out) if lang == "zh" else ", ".join(out)


def notation(kinds: Sequence[int], wc: Wildcards = FIXED) -> str:
    """Tiles in compact notation, wildcards starred (``123m 55p EE P*``)."""
    return format_tiles(kinds, wc, compact=True)


def position(hand: Sequence[int], melds: Sequence[Sequence[int]] = (), wc: Wildcards = FIXED,
             **extra: Any) -> dict[str, Any]:
    """A position as questions show it: ``hand``, ``melds``, ``wildcard`` and any more facts."""
    return {"hand": notation(hand, wc), "melds": [notation(m) for m in melds], "wildcard": TILE_NAMES[wc.wild_kind],
            **extra}


def bool_choices() -> list[dict[str, Any]]:
    """The two choices of a yes/no question."""
    return [{"value": True, "zh": "是", "en": "yes"}, {"value": False, "zh": "否", "en": "no"}]


# ---------------------------------------------------------------------- building hands


class TilePool:
    """The 136 tiles as a pool to take hands from (copies limited to four, the 财神 apart)."""

    def __init__(self, wc: Wildcards = FIXED) -> None:
        self.wc = wc
        self.left = [4] * NUM_KINDS
        if wc.indicator is not None:
            self.left[wc.indicator] -= 1

    def natural_faces(self) -> list[int]:
        """Faces with a natural tile in the set (fixed mode: every face but the white dragon)."""
        return [f for f in range(NUM_KINDS) if not (self.wc.indicator is None and f == self.wc.wild_kind)]

    def phys(self, face: int) -> int:
        """The physical kind of a natural tile of ``face``."""
        return 33 if self.wc.indicator is not None and face == self.wc.indicator else face

    def take(self, kinds: Sequence[int]) -> bool:
        """Take these physical kinds if all are left; False (and nothing taken) otherwise."""
        need = [0] * NUM_KINDS
        for k in kinds:
            need[k] += 1
        if any(need[k] > self.left[k] for k in range(NUM_KINDS)):
            return False
        for k in kinds:
            self.left[k] -= 1
        return True

    def wild(self) -> int:
        """The wildcard's kind."""
        return self.wc.wild_kind

    def random_set(self, rng: Rng, chow_share: float = 0.6) -> list[int] | None:
        """A random pong or chow of natural tiles still in the pool, taken from it (None if none fits)."""
        for _ in range(30):
            if rng.random() < chow_share:
                s = rng.below(3)
                r = rng.below(7)
                faces = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            else:
                f = rng.choice(self.natural_faces())
                faces = [f, f, f]
            tiles = [self.phys(f) for f in faces]
            if self.take(tiles):
                return tiles
        return None

    def random_tiles(self, rng: Rng, n: int, naturals_only: bool = True) -> list[int]:
        """``n`` random tiles from the pool (natural only unless told)."""
        out: list[int] = []
        while len(out) < n:
            k = rng.below(NUM_KINDS)
            if naturals_only and self.wc.is_wild(k):
                continue
            if self.take([k]):
                out.append(k)
        return out


def standard_win(rng: Rng, pool: TilePool, melds: int = 0, wilds: int = 0,
                 chow_share: float = 0.6) -> tuple[list[int], list[list[int]]] | None:
    """A complete hand in the standard form: the concealed tiles (with ``wilds`` tiles of its sets and pair made
    wildcards) and ``melds`` melds (sets laid down). None when the pool runs short."""
    groups: list[list[int]] = []
    for _ in range(4):
        s = pool.random_set(rng, chow_share)
        if s is None:
            return None
        groups.append(s)
    f = rng.choice([x for x in pool.natural_faces() if pool.left[pool.phys(x)] >= 2])
    pair = [pool.phys(f)] * 2
    if not pool.take(pair):
        return None
    laid, concealed = groups[:melds], [t for g in groups[melds:] for t in g] + pair
    for _ in range(wilds):
        if not pool.take([pool.wild()]):
            return None
        i = rng.below(len(concealed))
        pool.left[concealed[i]] += 1
        concealed[i] = pool.wild()
    return concealed, laid


def seven_pairs(rng: Rng, pool: TilePool, wilds: int = 0, quads: int = 0) -> list[int] | None:
    """A seven-pairs hand (14 tiles), ``wilds`` of the pairs' tiles made wildcards, ``quads`` faces four times."""
    faces = pool.natural_faces()
    rng.shuffle(faces)
    tiles: list[int] = []
    for f in faces:
        if len(tiles) >= 14:
            break
        k = pool.phys(f)
        n = 4 if quads > 0 and pool.left[k] == 4 and len(tiles) <= 10 else 2
        if pool.take([k] * n):
            tiles += [k] * n
            quads -= n == 4
    if len(tiles) != 14:
        return None
    for _ in range(wilds):
        if not pool.take([pool.wild()]):
            return None
        i = rng.below(len(tiles))
        if tiles[i] == pool.wild():
            continue
        pool.left[tiles[i]] += 1
        tiles[i] = pool.wild()
    return tiles


def pick_band(band: int) -> int:
    """Check a band number."""
    if band not in BANDS:
        raise ExamError(f"band must be 1-4, not {band!r}")
    return band
