"""Player actions: the value type the engine lists as legal and the UI and bots send back.

Text form (used in logs and by hand-written scenarios): ``"S1 discard 5m"``, ``"S2 chow 4s6s"``,
``"S0 pong 8s8s"``, ``"S3 exposed_kong 9p9p9p"``, ``"S1 concealed_kong 7p7p7p7p"``, ``"S1 added_kong 6p"``,
``"S0 win"``, ``"S2 pass"``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .tiles import TILE_NAMES, NotationError, check_ascii, parse_tiles


class ActionType(enum.StrEnum):
    """What a player does at a decision point."""

    DISCARD = "discard"
    """打牌: discard one tile."""
    WIN = "win"
    """胡: win by self-draw, on a discard (放铳) or by robbing a kong."""
    CONCEALED_KONG = "concealed_kong"
    """暗杠."""
    ADDED_KONG = "added_kong"
    """加杠 (明杠2)."""
    CHOW = "chow"
    """吃."""
    PONG = "pong"
    """碰."""
    EXPOSED_KONG = "exposed_kong"
    """直杠 (明杠1)."""
    PASS = "pass"
    """过: decline every claim."""

    @property
    def chinese(self) -> str:
        """Chinese name as a verb (打, 碰, 直杠...)."""
        return ACTION_WORDS[self].chinese

    @property
    def words(self) -> ActionWords:
        """How players name it, in Chinese and English (:data:`ACTION_WORDS`)."""
        return ACTION_WORDS[self]

    @property
    def ui_group(self) -> str:
        """The button family a page shows for it: discard, win, kong, chow, pong or pass."""
        return "kong" if self in _KONGS else self.value


@dataclass(frozen=True, slots=True)
class ActionWords:
    """How players name one action type; each pair is (Chinese, English)."""

    chinese: str
    """The Chinese verb on its own: 打, 碰, 直杠."""
    noun: tuple[str, str]
    """The action as a noun: "{action} is not possible now" (打牌 / discard, 直杠 / exposed kong)."""
    done: tuple[str, str]
    """What a seat did, before the tiles: 下家 打出 六万 / Right discarded 6 of Characters."""
    advice: tuple[str, str]
    """What to do, ``{tile}`` the tile it is about: 打{tile} / Discard the {tile}."""

    def to_json(self) -> dict[str, object]:
        """JSON-ready form (an entry of ``ACTION_WORDS`` in the generated ``web/engine-words.mjs``)."""
        return {"chinese": self.chinese, "noun": list(self.noun), "done": list(self.done),
                "advice": list(self.advice)}


ACTION_WORDS: dict[ActionType, ActionWords] = {
    ActionType.DISCARD: ActionWords("打", ("打牌", "discard"), ("打出", "discarded"),
                                    ("打{tile}", "Discard the {tile}")),
    ActionType.WIN: ActionWords("胡", ("胡", "win"), ("胡", "won"), ("胡", "Win")),
    ActionType.CONCEALED_KONG: ActionWords("暗杠", ("暗杠", "concealed kong"), ("暗杠", "declared a concealed kong of"),
                                           ("暗杠{tile}", "Declare a concealed kong of the {tile}")),
    ActionType.ADDED_KONG: ActionWords("加杠", ("加杠", "added kong"), ("加杠", "added a kong of"),
                                       ("加杠{tile}", "Add the {tile} to its pong")),
    ActionType.CHOW: ActionWords("吃", ("吃", "chow"), ("吃", "chowed"), ("吃{tile}", "Chow the {tile}")),
    ActionType.PONG: ActionWords("碰", ("碰", "pong"), ("碰", "ponged"), ("碰{tile}", "Pong the {tile}")),
    ActionType.EXPOSED_KONG: ActionWords("直杠", ("直杠", "exposed kong"), ("杠", "konged"),
                                         ("杠{tile}", "Kong the {tile}")),
    ActionType.PASS: ActionWords("过", ("过", "pass"), ("过", "passed"), ("过", "Pass")),
}
"""The one table of action names: the engine's reasons, the command line, hints, the review and the page
(generated into ``web/engine-words.mjs`` with each type's :attr:`ActionType.ui_group`, by
``python3 -m builder.words``)."""
_KONGS = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG, ActionType.EXPOSED_KONG)

CLAIM_TYPES: tuple[ActionType, ...] = (ActionType.CHOW, ActionType.PONG, ActionType.EXPOSED_KONG)
"""The actions that take another seat's discard into a meld (a win on a discard takes it too, into no meld)."""

GROUP_WORDS: dict[str, tuple[str, str]] = {
    "win": ("胡", "Win"), "kong": ("杠", "Kong"), "pong": ("碰", "Pong"), "chow": ("吃", "Chow"),
    "pass": ("过", "Pass"), "discard": ("打出", "Discard"),
}
"""Each button family (:attr:`ActionType.ui_group`) as a page labels it, (Chinese, English), in the order the
page offers them: the claims and the win before passing, the discard (a tap on the hand) last."""

_TILE_COUNT = {
    ActionType.DISCARD: 1,
    ActionType.WIN: 0,
    ActionType.CONCEALED_KONG: 4,
    ActionType.ADDED_KONG: 1,
    ActionType.CHOW: 2,
    ActionType.PONG: 2,
    ActionType.EXPOSED_KONG: 3,
    ActionType.PASS: 0,
}


class ActionError(ValueError):
    """An action could not be read (malformed), or is not legal now (see ``IllegalActionError``)."""


@dataclass(frozen=True, slots=True, order=True)
class Action:
    """One action of one seat. ``tiles`` are the physical hand tiles it uses (sorted).

    discard: the tile; chow/pong/直杠: the two/two/three hand tiles; 暗杠: the four; 加杠: the added tile;
    win and pass: none.
    """

    seat: int
    type: ActionType
    tiles: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.seat <= 3:
            raise ActionError(f"seat must be 0-3, got {self.seat}")
        need = _TILE_COUNT[self.type]
        if len(self.tiles) != need:
            raise ActionError(f"{self.type.value} takes {need} tile(s), got {len(self.tiles)}")

    def __eq__(self, other: object) -> bool:
        # The generated __eq__ builds two tuples per call; legal lists are searched with == on every apply.
        if not isinstance(other, Action):
            return NotImplemented
        return self.tiles == other.tiles and self.type == other.type and self.seat == other.seat

    @property
    def tile(self) -> int:
        """The first (for discard and 加杠: the only) tile."""
        return self.tiles[0]

    def __str__(self) -> str:
        tiles = "".join(TILE_NAMES[t] for t in self.tiles)
        return f"S{self.seat} {self.type.value}" + (f" {tiles}" if tiles else "")

    @staticmethod
    def parse(text: str) -> Action:
        """Inverse of ``str(action)``; raises :class:`ActionError` naming what is wrong (text is ASCII)."""
        try:
            check_ascii(text)
        except NotationError as exc:
            raise ActionError(f"malformed action {text!r}: {exc}") from None
        parts = text.split()
        if len(parts) < 2 or len(parts) > 3:
            raise ActionError(f"malformed action {text!r}: expected 'S<seat> <type> [tiles]'")
        seat_s, type_s = parts[0], parts[1]
        if len(seat_s) != 2 or seat_s[0] != "S" or seat_s[1] not in "0123":
            raise ActionError(f"malformed action {text!r}: seat {seat_s!r} must be S0-S3")
        try:
            atype = ActionType(type_s)
        except ValueError:
            kinds = ", ".join(t.value for t in ActionType)
            raise ActionError(f"malformed action {text!r}: unknown type {type_s!r} (one of {kinds})") from None
        try:
            tiles = tuple(sorted(parse_tiles(parts[2]))) if len(parts) == 3 else ()
        except NotationError as exc:
            raise ActionError(f"malformed action {text!r}: {exc}") from None
        return Action(int(seat_s[1]), atype, tiles)

    def to_json(self) -> dict[str, object]:
        """JSON-ready form: ``{"seat": 1, "type": "chow", "tiles": ["4s", "6s"], "text": "S1 chow 4s6s"}``."""
        return {
            "seat": self.seat,
            "type": self.type.value,
            "group": self.type.ui_group,
            "tiles": [TILE_NAMES[t] for t in self.tiles],
            "text": str(self),
        }

    @staticmethod
    def from_json(data: object) -> Action:
        """Read an action from its text form or from the dict of :meth:`to_json`."""
        if isinstance(data, str):
            return Action.parse(data)
        if isinstance(data, dict):
            if "text" in data and isinstance(data["text"], str):
                return Action.parse(data["text"])
            try:
                tiles = data.get("tiles", [])
                text = f"S{data['seat']} {data['type']}" + (" " + "".join(tiles) if tiles else "")
            except (KeyError, TypeError) as exc:
                raise ActionError(f"malformed action {data!r}: missing {exc}") from None
            return Action.parse(text)
        raise ActionError(f"malformed action {data!r}: expected a string or an object")
