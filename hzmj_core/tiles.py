"""Tiles, wildcards (财神) and melds, with the text notation of rules.md §0.

A tile *kind* is a small int, 0..33, used everywhere in the engine for speed:

====== =========================== ===========
kinds  tiles                       notation
====== =========================== ===========
0-8    characters 万 1-9           ``1m``-``9m``
9-17   dots 筒 1-9                 ``1p``-``9p``
18-26  bamboo 条 1-9               ``1s``-``9s``
27-30  winds 东南西北              ``E S W N``
31-33  dragons 中 发 白            ``C F P``
====== =========================== ===========

Copies of a kind are indistinguishable, so a hand or the wall is a sequence of kinds.
Whether a kind is a wildcard, and which *face* a natural tile shows, depends on the wildcard mode in force
(:class:`Wildcards`): fixed 白板财神 or flipped 翻财神.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

NUM_KINDS = 34
"""Number of tile kinds (34 × 4 copies = 136 tiles)."""
COPIES = 4
P = 33
"""The white dragon 白板, the wildcard in fixed mode."""
HONOR_LETTERS = "ESWNCFP"
SUIT_LETTERS = "mps"

TILE_NAMES: tuple[str, ...] = tuple(
    [f"{r}{s}" for s in SUIT_LETTERS for r in range(1, 10)] + list(HONOR_LETTERS)
)
"""Notation of each kind, indexed by kind."""
_KIND_BY_NAME = {name: k for k, name in enumerate(TILE_NAMES)}

CHINESE_NAMES: tuple[str, ...] = tuple(
    [f"{'一二三四五六七八九'[r]}{s}" for s in "万筒条" for r in range(9)]
    + ["东", "南", "西", "北", "中", "发", "白"]
)
"""Chinese name of each kind (一万, 五筒, 东, 白 ...), indexed by kind."""


class NotationError(ValueError):
    """A tile or hand string could not be read; the message names the bad token and its position."""


def tile_name(kind: int) -> str:
    """Notation of a tile kind, e.g. ``tile_name(0) == "1m"``."""
    return TILE_NAMES[kind]


def suit_of(kind: int) -> int:
    """Suit index 0 (m), 1 (p), 2 (s), or 3 for honours."""
    return kind // 9 if kind < 27 else 3


def rank_of(kind: int) -> int:
    """Rank 1-9 of a suited tile, 0 for honours."""
    return kind % 9 + 1 if kind < 27 else 0


def is_honor(kind: int) -> bool:
    """True for winds and dragons (字牌)."""
    return kind >= 27


def check_ascii(text: str) -> None:
    """Refuse any character outside printable ASCII (and space): notation is ASCII.

    Unicode digits such as the fullwidth ``０`` or the superscript ``²`` would otherwise pass ``isdigit``.
    Raises :class:`NotationError` naming the character and its position (0-based).
    """
    for i, ch in enumerate(text):
        if not (" " <= ch <= "~" or ch in "\t\n\r"):
            raise NotationError(
                f"character {ch!r} (U+{ord(ch):04X}) at position {i} is not allowed: notation is plain ASCII"
            )


def parse_tile(token: str) -> int:
    """Parse one tile (``"5s"``, ``"E"``, ``"P*"``; the star is accepted and ignored) to its kind."""
    if not isinstance(token, str):
        raise NotationError(f"bad tile {token!r}: expected a string such as '5s' or 'E'")
    check_ascii(token)
    t = token.strip().rstrip("*")
    if t in _KIND_BY_NAME:
        return _KIND_BY_NAME[t]
    raise NotationError(f"bad tile {token!r}: expected 1m-9m, 1p-9p, 1s-9s or one of E S W N C F P")


@dataclass(frozen=True, slots=True)
class ParsedTile:
    """A tile read from notation: its kind and whether it was written with a wildcard star."""

    kind: int
    starred: bool


def parse_tokens(text: str) -> list[ParsedTile]:
    """Read a tile string in the notation of rules.md §0, keeping the ``*`` marks.

    Accepts single tiles (``1m2m3m``), compact runs (``123m``), honours (``EEE``), an optional ``*`` after
    any tile or digit (``P*``, ``5s*``, ``55*5s``), and any spaces. Raises :class:`NotationError` naming the
    bad token and its position (0-based character index); any character outside ASCII is refused.
    """
    check_ascii(text)
    out: list[ParsedTile] = []
    pending: list[tuple[int, bool, int]] = []  # (rank, starred, position) waiting for a suit letter
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            if pending:
                _, _, pos = pending[0]
                raise NotationError(f"bad token {text[pos:i]!r} at position {pos}: digits need a suit letter m, p or s")
            i += 1
            continue
        if "0" <= ch <= "9":
            if ch == "0":
                raise NotationError(f"bad token {ch!r} at position {i}: ranks are 1-9")
            starred = i + 1 < n and text[i + 1] == "*"
            pending.append((int(ch), starred, i))
            i += 2 if starred else 1
            continue
        if ch in SUIT_LETTERS:
            if not pending:
                raise NotationError(f"bad token {ch!r} at position {i}: suit letter without a rank")
            base = SUIT_LETTERS.index(ch) * 9
            starred_suffix = i + 1 < n and text[i + 1] == "*"
            for j, (rank, starred, _) in enumerate(pending):
                last = j == len(pending) - 1
                out.append(ParsedTile(base + rank - 1, starred or (last and starred_suffix)))
            pending = []
            i += 2 if starred_suffix else 1
            continue
        if ch in HONOR_LETTERS:
            if pending:
                _, _, pos = pending[0]
                raise NotationError(
                    f"bad token {text[pos:i + 1]!r} at position {pos}: digits need a suit letter m, p or s"
                )
            starred = i + 1 < n and text[i + 1] == "*"
            out.append(ParsedTile(27 + HONOR_LETTERS.index(ch), starred))
            i += 2 if starred else 1
            continue
        j = i
        while j < n and not text[j].isspace():
            j += 1
        raise NotationError(
            f"bad token {text[i:j]!r} at position {i}: expected 1-9 followed by m/p/s, or one of E S W N C F P"
        )
    if pending:
        _, _, pos = pending[0]
        raise NotationError(f"bad token {text[pos:]!r} at position {pos}: digits need a suit letter m, p or s")
    return out


def parse_tiles(text: str) -> list[int]:
    """Read a tile string (see :func:`parse_tokens`) to a list of kinds, in the order written."""
    return [t.kind for t in parse_tokens(text)]


def format_tiles(kinds: Iterable[int], wildcards: Wildcards | None = None, compact: bool = False) -> str:
    """Write kinds in notation, sorted, e.g. ``"1m2m3m 5p P*"``; wildcards get a ``*`` when a rule is given.

    ``compact=True`` groups suited tiles of one suit into runs: ``"123m 55p EE P*"``.
    """
    ks = sorted(kinds)
    wild = wildcards.wild_kind if wildcards is not None else -1
    if not compact:
        return " ".join(TILE_NAMES[k] + ("*" if k == wild else "") for k in ks)
    groups: list[str] = []
    for s in range(3):
        digits = "".join(
            str(rank_of(k)) + ("*" if k == wild else "") for k in ks if suit_of(k) == s
        )
        if digits:
            groups.append(digits + SUIT_LETTERS[s])
    for k in sorted({k for k in ks if k >= 27}):
        groups.append((TILE_NAMES[k] + ("*" if k == wild else "")) * ks.count(k))
    return " ".join(groups)


class WildcardMode(enum.StrEnum):
    """财神模式: which tiles are wildcards."""

    FIXED = "fixed"
    """白板财神: the four white dragons are the wildcards."""
    FLIPPED = "flipped"
    """翻财神: a tile is turned up after the deal; the other three of its kind are the wildcards."""


@dataclass(frozen=True, slots=True)
class Wildcards:
    """The wildcard rule in force for a hand (rules.md §1.3).

    ``wild_kind`` is the kind whose tiles are wildcards (``P`` in fixed mode, the indicator's kind in
    flipped mode). In flipped mode with an indicator other than ``P``, the white dragons are natural tiles
    whose *face* is the indicator's kind (白板代替财神的牌).
    """

    mode: WildcardMode = WildcardMode.FIXED
    indicator: int | None = None

    def __post_init__(self) -> None:
        if self.mode is WildcardMode.FIXED and self.indicator is not None:
            raise ValueError("fixed wildcard mode takes no indicator")
        if self.mode is WildcardMode.FLIPPED and (self.indicator is None or not 0 <= self.indicator < NUM_KINDS):
            raise ValueError("flipped wildcard mode needs an indicator kind 0-33")

    @staticmethod
    def fixed() -> Wildcards:
        """白板财神: ``P`` is the wildcard."""
        return Wildcards(WildcardMode.FIXED, None)

    @staticmethod
    def flipped(indicator: int) -> Wildcards:
        """翻财神 with the given indicator kind."""
        return Wildcards(WildcardMode.FLIPPED, indicator)

    @property
    def wild_kind(self) -> int:
        """The kind whose tiles are wildcards."""
        return P if self.indicator is None else self.indicator

    def is_wild(self, kind: int) -> bool:
        """True if a tile of this kind is a wildcard."""
        return kind == self.wild_kind

    def face(self, kind: int) -> int:
        """The face a natural tile stands for (a flipped-mode ``P`` shows the indicator's face)."""
        if kind == P and self.indicator is not None:
            return self.indicator
        return kind

    def split(self, kinds: Iterable[int]) -> tuple[list[int], int]:
        """Face counts (34 entries) of the natural tiles and the number of wildcards."""
        counts = [0] * NUM_KINDS
        w = 0
        wk = self.wild_kind
        ind = self.indicator
        for k in kinds:
            if k == wk:
                w += 1
            elif k == P and ind is not None:
                counts[ind] += 1
            else:
                counts[k] += 1
        return counts, w

    def tiles_of_face(self, face: int) -> tuple[int, ...]:
        """The physical kinds that are natural tiles of a face (``(5s,)``, or ``(P,)`` for the flipped face)."""
        if face == self.wild_kind:
            return (P,) if self.indicator is not None and face != P else ()
        if face == P and self.indicator is not None:
            return ()
        return (face,)

    def face_table(self) -> tuple[int, ...]:
        """Face of every kind (34 entries), ``-1`` for the wildcard kind: a fast lookup for hot loops."""
        return tuple(-1 if k == self.wild_kind else self.face(k) for k in range(NUM_KINDS))

    def natural_kind_table(self) -> tuple[int, ...]:
        """For each face (34 entries), the physical kind of its natural tiles, ``-1`` when only wildcards can show
        it: the inverse of :meth:`face_table` for hot loops."""
        return tuple(p[0] if (p := self.tiles_of_face(f)) else -1 for f in range(NUM_KINDS))

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"mode": self.mode.value, "indicator": None if self.indicator is None else TILE_NAMES[self.indicator]}

    def name(self, kind: int) -> str:
        """Notation of one tile under this rule, with a star for wildcards."""
        return TILE_NAMES[kind] + ("*" if kind == self.wild_kind else "")


class MeldKind(enum.StrEnum):
    """The kinds of declared melds."""

    CHOW = "chow"
    """吃: a run claimed from the previous player."""
    PONG = "pong"
    """碰: three of a face, one claimed."""
    EXPOSED_KONG = "exposed_kong"
    """直杠 (明杠1): four of a face, one claimed from a discard."""
    ADDED_KONG = "added_kong"
    """加杠 (明杠2): a fourth tile added to one's pong."""
    CONCEALED_KONG = "concealed_kong"
    """暗杠: four of a face from one's own hand, laid face down."""

    @property
    def is_kong(self) -> bool:
        """True for the three kong kinds."""
        return self in (MeldKind.EXPOSED_KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def chinese(self) -> str:
        """Chinese name."""
        return {"chow": "吃", "pong": "碰", "exposed_kong": "直杠", "added_kong": "加杠", "concealed_kong": "暗杠"}[
            self.value
        ]


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set: its kind, its physical tiles, the faces they stand for, and where the claim came from.

    ``tiles`` are physical kinds in face order (a chow ``4s P 6s`` in flipped mode with indicator 5s);
    ``faces`` the faces they show. ``claimed`` is the claimed tile's kind and ``from_seat`` its discarder
    for chow, pong and 直杠 (for 加杠, the pong's origin is kept); ``None`` for 暗杠.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    faces: tuple[int, ...]
    claimed: int | None = None
    from_seat: int | None = None

    @property
    def face(self) -> int:
        """The lowest face (the face of a pong or kong)."""
        return self.faces[0]

    def __str__(self) -> str:
        inner = "".join(TILE_NAMES[t] for t in self.tiles)
        src = f" <S{self.from_seat}" if self.from_seat is not None else ""
        return f"[{self.kind.value} {inner}{src}]"

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "kind": self.kind.value,
            "tiles": [TILE_NAMES[t] for t in self.tiles],
            "faces": [TILE_NAMES[t] for t in self.faces],
            "claimed": None if self.claimed is None else TILE_NAMES[self.claimed],
            "from": self.from_seat,
        }

    @staticmethod
    def from_json(data: object) -> Meld:
        """Inverse of :meth:`to_json`."""
        if not isinstance(data, dict):
            raise ValueError("a meld must be an object")
        try:
            claimed = data.get("claimed")
            return Meld(
                MeldKind(data["kind"]),
                tuple(parse_tile(t) for t in data["tiles"]),
                tuple(parse_tile(t) for t in data["faces"]),
                None if claimed is None else parse_tile(claimed),
                data.get("from"),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed meld {data!r}: {exc}") from exc


def parse_melds(text: str, wildcards: Wildcards | None = None) -> list[Meld]:
    """Read melds written as space-separated groups (``"EEE 123m 7777p"``).

    Three equal faces are a pong, four a concealed kong, three consecutive suited faces a chow.
    Used by ``analyze --melds``; each meld stands for 3 tiles of the hand.
    """
    check_ascii(text)
    rule = wildcards or Wildcards.fixed()
    melds: list[Meld] = []
    pos = 0
    for group in text.split():
        start = text.index(group, pos)
        pos = start + len(group)
        try:
            tiles = parse_tiles(group)
        except NotationError as exc:
            raise NotationError(f"in meld {group!r} at position {start}: {exc}") from exc
        if any(rule.is_wild(t) for t in tiles):
            raise NotationError(f"bad meld {group!r} at position {start}: melds cannot contain a wildcard")
        faces = tuple(sorted(rule.face(t) for t in tiles))
        if len(faces) in (3, 4) and len(set(faces)) == 1:
            kind = MeldKind.PONG if len(faces) == 3 else MeldKind.CONCEALED_KONG
        elif (
            len(faces) == 3
            and faces[0] < 27
            and suit_of(faces[0]) == suit_of(faces[2])
            and faces[1] == faces[0] + 1
            and faces[2] == faces[0] + 2
        ):
            kind = MeldKind.CHOW
        else:
            raise NotationError(
                f"bad meld {group!r} at position {start}: not a pong, kong or run of three"
            )
        order = sorted(tiles, key=rule.face)
        melds.append(Meld(kind, tuple(order), faces))
    return melds


def count_kinds(kinds: Sequence[int]) -> list[int]:
    """Physical counts per kind (34 entries)."""
    counts = [0] * NUM_KINDS
    for k in kinds:
        counts[k] += 1
    return counts
