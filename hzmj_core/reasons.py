"""Why an action is not allowed: one :class:`Reason` value, worded in Chinese or English.

A reason is a stable ``code`` and JSON-ready ``params`` (tiles in notation, seats 0-3, counts). The engine
(:meth:`hzmj_core.round.Round.explain_illegal`, :meth:`~hzmj_core.round.Round.why_no_claim`) makes them;
hints, the tutorial, the command line and ``webapi`` word them with :meth:`Reason.text`. The page words the
same ``{code, params}`` with ``web/reasons.mjs``, which holds the same sentences (a test compares the two
for every code). Params by key: ``tile`` a tile, ``tiles`` a list of tiles, ``seat``/``current``/``owner``/
``discarder`` a seat, ``action`` an action type, ``state`` ``"baotou"`` or ``"qike"``; any other key is a
number. Seats are named relative to a viewer (你/下家/对家/上家, you/Right/Across/Left), or ``S0``-``S3``
without one; a template may also use ``{seat_s}``, the possessive (你的 / your, Right's).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .tiles import TILE_NAMES

SEAT_KEYS = ("seat", "current", "owner", "discarder")

_TEMPLATES: dict[str, tuple[str, str]] = {
    "hand_over": ("这一局已经结束", "the hand is over"),
    "not_your_turn": ("现在轮到{current}出牌", "it is {current_s} turn"),
    "own_discard": ("{seat}打出的牌，自己不能要", "{seat} discarded this tile and cannot claim it"),
    "already_declared": ("{seat}已经选择了{action}", "{seat} already declared {action}"),
    "no_claim": ("{seat}不能要这张牌", "no claim on this discard for {seat}"),
    "not_in_hand": ("{seat}手里没有{tile}", "{tile} is not in {seat_s} hand"),
    "not_offered": ("现在不能{action}", "{action} is not possible now"),
    "zhuada": ("抓打：{owner}打了财神，只能自摸、暗杠或打出刚摸到的{tile}",
               "抓打 freeze ({owner} discarded a wildcard): only a self-draw win, a concealed kong or discarding "
               "the tile just drawn ({tile})"),
    "freeze_added_kong": ("抓打期间不能加杠", "no 加杠 (added kong) while the 抓打 freeze lasts"),
    "freeze_no_claim": ("抓打期间不能吃碰杠，也不能胡别人打的牌",
                        "no claims and no discard wins while the 抓打 freeze binds"),
    "chow_ban": ("吃后限打：这一轮不能打{tiles}", "after a chow, {tiles} may not be discarded this turn (吃后限打)"),
    "chow_all_banned": ("吃了以后手里只剩不能打的牌，不能吃",
                        "that chow would leave only tiles that may not be discarded"),
    "no_win_after_claim": ("吃碰之后的这次出牌不能胡", "no win right after a chow or pong"),
    "not_a_win": ("这手牌现在不能胡", "the hand is not a win now"),
    "no_win_with_tile": ("{tile}凑不成胡牌", "{tile} does not complete the hand"),
    "kong_final": ("牌墙只剩{remaining}张：剩{limit}张或更少时不能开杠",
                   "only {remaining} tiles left: no kongs with {limit} or fewer in the wall"),
    "final_claim": ("最后{limit}张：打出的牌只能被胡，不能吃碰杠",
                    "last {limit} tiles: a discard may only be won on, not claimed"),
    "wildcard_claim": ("财神打出后不能吃、碰、杠，也不能胡", "a discarded wildcard (财神) cannot be claimed or won on"),
    "chow_not_next": ("只有{discarder}的下家可以吃", "only the next player after {discarder} may chow"),
    "no_chow_shape": ("凑不成有{tile}的顺子", "no run with {tile}"),
    "no_pair": ("手里没有一对{tile}", "no pair of {tile} in hand"),
    "loupeng": ("漏碰：放过了碰{tile}，自己出牌前不能再碰",
                "漏碰: a pong of {tile} was passed; not again before discarding"),
    "louhu": ("漏胡：放过了胡{tile}，自己出牌前不能再胡",
              "漏胡: a win on {tile} was passed; not again before discarding"),
    "tan_cap": ("摊数已满：已经吃碰{discarder}{count}次（上限{cap}）",
                "摊 cap: already {count} claims on {discarder} (cap {cap})"),
    "no_discard_win_streak": ("庄家{streak}老庄，未到{min}老庄不能胡别人打的牌，只能自摸",
                              "streak {streak}: no discard wins below {min} 老庄, self-draw only"),
    "non_dealers": ("闲家之间不能胡对方打的牌", "no discard wins between two non-dealers"),
    "baotou_no_discard_win": ("{state}状态不能胡别人打的牌，只能自摸",
                              "in {state} state no win on a discard, only a self-draw"),
    "must_baotou": ("有财必暴头：手里有财神不能胡别人打的牌", "有财必暴头: no discard win while holding a wildcard"),
}

CODES: tuple[str, ...] = tuple(_TEMPLATES)
"""Every code the engine can give (``web/reasons.mjs`` words each of them)."""

_SEATS = {"zh": ("你", "下家", "对家", "上家"), "en": ("you", "Right", "Across", "Left")}
_ZH_RANK = "一二三四五六七八九"
_SUITS = {"m": ("万", "Characters"), "p": ("筒", "Dots"), "s": ("条", "Bamboo")}
_HONOURS = {"E": ("东", "East wind"), "S": ("南", "South wind"), "W": ("西", "West wind"), "N": ("北", "North wind"),
            "C": ("红中", "Red dragon"), "F": ("发财", "Green dragon"), "P": ("白板", "White dragon")}
_ACTIONS = {"discard": ("打牌", "discard"), "win": ("胡", "win"), "concealed_kong": ("暗杠", "concealed kong"),
            "added_kong": ("加杠", "added kong"), "chow": ("吃", "chow"), "pong": ("碰", "pong"),
            "exposed_kong": ("直杠", "exposed kong"), "pass": ("过", "pass")}
_STATES = {"baotou": "暴头", "qike": "七客"}


def tile_words(tile: str, lang: str) -> str:
    """A tile (notation, a trailing ``*`` ignored) as players say it: 三筒 / 3 Dots, 东 / East wind."""
    i = 0 if lang == "zh" else 1
    face = tile.rstrip("*")
    if face in _HONOURS:
        return _HONOURS[face][i]
    suit = _SUITS[face[1]][i]
    return f"{_ZH_RANK[int(face[0]) - 1]}{suit}" if i == 0 else f"{face[0]} {suit}"


def tile_names(kind: int) -> tuple[str, str]:
    """A tile kind (0-33) in words in both languages: ("五筒", "5 Dots"), ("东", "East wind")."""
    name = TILE_NAMES[kind]
    return tile_words(name, "zh"), tile_words(name, "en")


def bot_seat_words(seat: int, viewer: int) -> tuple[str, str]:
    """Another seat as a bot at ``viewer`` names it in its reasons, in both languages (下家 / Right...)."""
    return seat_words(seat, "zh", viewer), seat_words(seat, "en", viewer)


def seat_words(seat: int, lang: str, viewer: int | None = None, possessive: bool = False) -> str:
    """A seat relative to the viewer (你/下家/对家/上家, you/Right/Across/Left), or ``S0``-``S3`` without one."""
    name = f"S{seat}" if viewer is None else _SEATS["zh" if lang == "zh" else "en"][(seat - viewer) % 4]
    if not possessive:
        return name
    if lang == "zh":
        return name + "的"
    return "your" if name == "you" else name + "'s"


@dataclass(frozen=True)
class Reason:
    """Why something is not allowed: a code from :data:`CODES` and its JSON-ready parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in _TEMPLATES:
            raise ValueError(f"unknown reason code {self.code!r}")

    def text(self, lang: str = "en", viewer: int | None = None) -> str:
        """The reason in words, ``lang`` ``"zh"`` or ``"en"``; seats relative to ``viewer`` when given."""
        zh = lang == "zh"
        values: dict[str, str] = {}
        for key, value in self.params.items():
            if key in SEAT_KEYS:
                values[key] = seat_words(int(value), lang, viewer)
                values[key + "_s"] = seat_words(int(value), lang, viewer, possessive=True)
            elif key == "tile":
                values[key] = tile_words(str(value), lang)
            elif key == "tiles":
                values[key] = ("、" if zh else " or ").join(tile_words(str(t), lang) for t in value)
            elif key == "action":
                values[key] = _ACTIONS[str(value)][0 if zh else 1]
            elif key == "state":
                values[key] = _STATES[str(value)]
            else:
                values[key] = str(value)
        return _TEMPLATES[self.code][0 if zh else 1].format(**values)

    def zh(self, viewer: int | None = None) -> str:
        """The reason in Chinese."""
        return self.text("zh", viewer)

    def en(self, viewer: int | None = None) -> str:
        """The reason in English."""
        return self.text("en", viewer)

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, what the page words with ``web/reasons.mjs``."""
        return {"code": self.code, "params": dict(self.params)}

    def worded(self, viewer: int | None = None) -> dict[str, Any]:
        """:meth:`to_json` with the Chinese and English text added (``zh``, ``en``)."""
        return {**self.to_json(), "zh": self.zh(viewer), "en": self.en(viewer)}

    def __str__(self) -> str:
        return self.en()
