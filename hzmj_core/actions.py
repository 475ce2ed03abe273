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
        """Chinese name."""
        return _CHINESE[self]

    @property
    def ui_group(self) -> str:
        """The button family a page shows for it: discard, win, kong, chow, pong or pass."""
        return "kong" if self in _KONGS else self.value


_CHINESE = {
    ActionType.DISCARD: "打",
    ActionType.WIN: "胡",
    ActionType.CONCEALED_KONG: "暗杠",
    ActionType.ADDED_KONG: "加杠",
    ActionType.CHOW: "吃",
    ActionType.PONG: "碰",
    ActionType.EXPOSED_KONG: "直杠",
    ActionType.PASS: "过",
}
_KONGS = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG, ActionType.EXPOSED_KONG)

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
