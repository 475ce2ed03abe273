"""The rule options of rules.md §11 in one typed, immutable object.

Every key has a default, an English and a Chinese name and a one-line description
(:data:`OPTION_INFO`). Invalid values are refused with a message naming the key and the allowed values.
Options serialise to and from JSON (:meth:`Options.to_json`, :meth:`Options.from_json`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from .reasons import Reason, because, shown

WildcardModeName = Literal["fixed", "flipped"]
WinMode = Literal["dealer_discard", "self_draw_only"]
ZhuadaSubject = Literal["others", "discarder"]
NextDealer = Literal["winner", "next_seat"]
QueYiMen = Literal["off", "m", "p", "s"]


class OptionsError(ValueError):
    """An option key or value is not allowed; ``key`` is the option at fault (None when it is not one option),
    ``reason`` the same problem as a :class:`~hzmj_core.reasons.Reason` (a code of
    :data:`~hzmj_core.reasons.OPTION_CODES`), which the page words in the player's language."""

    def __init__(self, message: str, key: str | None = None, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.key = key
        self.reason = reason


def _names(info: OptionInfo, value: object) -> dict[str, str]:
    """The refused option's key and names, and the value refused, for its reason's words."""
    return {"option": info.key, "option_zh": info.chinese, "option_en": info.english, "value": shown(value)}


def _unknown(key: object) -> OptionsError:
    return OptionsError(f"unknown option {key!r}", str(key),
                        because("option_unknown", option=shown(key, 40).strip('"')))


@dataclass(frozen=True, slots=True)
class OptionInfo:
    """Documentation of one option: names, allowed values, default and description."""

    key: str
    chinese: str
    english: str
    values: tuple[object, ...] | None
    """The allowed values, or ``None`` for a whole number from 1 to :attr:`max_value`."""
    description: str
    section: str
    description_zh: str = ""
    """The description in Chinese (shown by the page in Chinese mode)."""
    value_labels: tuple[tuple[str, str], ...] = ()
    """(Chinese, English) name of each of :attr:`values`, in the same order: the names players use."""
    max_value: int = 0
    """The largest value of a free integer option (:attr:`values` is ``None``): a bound that keeps every
    score of a long match within what a save and a log can hold (:data:`hzmj_core.jsontext.MAX_INT_DIGITS`)."""

    @property
    def chapter(self) -> str:
        """The chapter of docs/rules.md of the option (the first number of :attr:`section`): the page groups by it."""
        return self.section.split(",")[0].split(".")[0].strip()

    def label(self, value: object) -> tuple[str, str]:
        """(Chinese, English) name of one allowed value (the value itself for free integers)."""
        if self.values is not None:
            for v, names in zip(self.values, self.value_labels, strict=False):
                if type(v) is type(value) and v == value:
                    return names
        return str(value), str(value)


MAX_BASE_SCORE = 1000
"""The largest base score 底分: a hand pays at most a few thousand times its base, so even a match of
100,000 hands keeps every score far below the 20 digits a save or a log may hold."""

SECTION_TITLES: dict[str, tuple[str, str]] = {
    "1": ("牌与财神", "Tiles and wildcards"),
    "3": ("牌墙", "The wall"),
    "4": ("财神与抓打", "Wildcards and the freeze"),
    "5": ("吃碰杠与摊", "Claims and 摊"),
    "6": ("胡牌", "Winning hands"),
    "8": ("庄家与老庄", "Dealer and streak"),
    "9": ("放铳", "Discard wins"),
    "10": ("分数", "Scoring"),
}
"""(Chinese, English) title of each chapter of docs/rules.md that has options (:attr:`OptionInfo.chapter`)."""



OPTION_INFO: dict[str, OptionInfo] = {
    i.key: i
    for i in [
        OptionInfo("wildcard_mode", "财神模式", "Wildcard mode", ("fixed", "flipped"),
                   "White dragons wild (白板财神): the four white dragons are wildcards. Flipped wildcard "
                   "(翻财神): a tile turned up after the deal makes the other three of its kind wildcards", "1.3",
                   description_zh="白板财神：四张白板是财神；翻财神：发牌后翻出一张牌，与它同种的另外三张是财神",
                   value_labels=(("白板财神", "White dragons wild"), ("翻财神", "Flipped wildcard"))),
        OptionInfo("start_streak", "老庄", "Starting dealer streak", (1, 2, 3),
                   "the streak a new dealer starts at: 1, 2 or 3", "8",
                   description_zh="新庄家从几老庄起算：平庄起、笃二老庄或笃三老庄",
                   value_labels=(("平庄起", "Start at streak 1"),
                                 ("笃二老庄", "Start at streak 2"),
                                 ("笃三老庄", "Start at streak 3"))),
        OptionInfo("win_mode", "胡牌模式", "Win mode", ("dealer_discard", "self_draw_only"),
                   "either discard wins between the dealer and the others once the streak is long enough, or "
                   "self-drawn wins only", "9",
                   description_zh="庄闲放铳：老庄够数时庄家与闲家之间可以放铳；自摸胡：只能自摸",
                   value_labels=(("庄闲放铳", "Discard wins with the dealer"), ("自摸胡", "Self-draw only"))),
        OptionInfo("discard_min_l", "放铳门槛", "Discard-win streak", (3, 2),
                   "the dealer streak from which discard wins are allowed", "9",
                   description_zh="老庄数达到多少才允许放铳",
                   value_labels=(("三老庄起放铳", "From streak 3"), ("二老庄起放铳", "From streak 2"))),
        OptionInfo("three_tan_chengbao", "三摊承包", "Three-claim liability", (True, False),
                   "on: a third claim between the dealer and another player is allowed, and makes the player "
                   "claimed from pay for all, 承包; off: at most two claims between any two players", "5.5, 10.3",
                   description_zh="开：庄闲之间可吃碰第三摊，被吃三摊的一方承包；关：每对玩家最多两摊",
                   value_labels=(("三摊承包", "A third claim brings liability"), ("两摊为限", "At most two claims"))),
        OptionInfo("pong_counts_as_tan", "碰算摊", "Pongs count as claims", (True, False),
                   "pongs and exposed kongs count as 摊 and are capped like chows", "5.5",
                   description_zh="碰和直杠也像吃一样算摊、受摊数限制",
                   value_labels=(("碰算摊", "Pongs count as claims"), ("碰不算摊", "Pongs are not claims"))),
        OptionInfo("three_tan_needs_l3", "三摊需三老庄", "Third claim needs streak 3", (True, False),
                   "a third claim between dealer and non-dealer is possible only at streak 3", "5.5",
                   description_zh="庄闲之间只有在三老庄时才能吃碰第三摊",
                   value_labels=(("三摊需三老庄", "Third claim at streak 3"),
                                 ("三摊不限老庄", "Third claim at any streak"))),
        OptionInfo("wildcard_in_melds", "财神可吃碰", "Wildcards in chow/pong", (False, True),
                   "one of the two hand tiles of a chow or pong may be a wildcard", "4.2",
                   description_zh="吃或碰用的两张手牌中可以有一张是财神",
                   value_labels=(("财神不可吃碰", "No wildcards in melds"), ("财神可吃碰", "Wildcards in melds"))),
        OptionInfo("zhuada_subject", "抓打对象", "Who the freeze binds", ("others", "discarder"),
                   "after a wildcard is discarded, either the other three or the discarder must discard what they "
                   "draw", "4.3",
                   description_zh="其他人：有人打出财神后，其余三家摸什么打什么；打财神者：打财神的人自己摸什么打什么",
                   value_labels=(("抓打其他三家", "Freeze binds the others"),
                                 ("抓打打财神者", "Freeze binds the discarder"))),
        OptionInfo("next_dealer", "下局庄家", "Next dealer", ("winner", "next_seat"),
                   "who deals when a player other than the dealer wins: the winner, or the player after the "
                   "dealer", "8",
                   description_zh="闲家胡牌后谁坐庄：胡牌者（抢庄），或庄家的下家",
                   value_labels=(("胡者坐庄", "The winner deals"), ("下家坐庄", "The next seat deals"))),
        OptionInfo("draw_adds_streak", "流局加老庄", "Draw adds to streak", (True, False),
                   "after a 流局 the dealer's streak grows by one", "8",
                   description_zh="流局后庄家老庄数加一",
                   value_labels=(("流局加老庄", "A draw adds a streak"), ("流局不加老庄", "A draw keeps the streak"))),
        OptionInfo("kong_burn", "杠后额外减牌", "Kong burns a tile", (True, False),
                   "a kong removes one extra tile from the back of the wall besides the replacement", "3",
                   description_zh="开杠后除补牌外，牌墙尾部再额外减少一张",
                   value_labels=(("杠后减牌", "Kong burns a tile"), ("杠后不减牌", "No burn after a kong"))),
        OptionInfo("rob_kong", "拉杠胡", "Robbing a kong", (False, True),
                   "a player may win on the tile another player adds to a pong to make a kong", "5.8",
                   description_zh="可以胡别人加杠的那张牌（拉杠胡）",
                   value_labels=(("不可拉杠胡", "No robbing a kong"), ("拉杠胡", "Robbing a kong"))),
        OptionInfo("rob_kong_min_l", "拉杠胡门槛", "Robbing streak", (2, 3),
                   "the dealer streak from which robbing a kong is allowed", "5.8",
                   description_zh="老庄数达到多少才允许拉杠胡",
                   value_labels=(("二老庄起拉杠", "From streak 2"), ("三老庄起拉杠", "From streak 3"))),
        OptionInfo("must_baotou", "有财必暴头", "Wildcard means 暴头 only", (False, True),
                   "a hand holding a wildcard may only win by 暴头 or 七客", "6, 9",
                   description_zh="手中有财神时只能以暴头或七客胡牌（有财必拷响）",
                   value_labels=(("财神不限", "Any win with a wildcard"), ("有财必暴头", "Wildcard means 暴头"))),
        OptionInfo("que_yi_men", "缺一门", "Remove one suit", ("off", "m", "p", "s"),
                   "remove one whole suit (36 tiles) from the set", "1.1",
                   description_zh="去掉一整门花色（36张）",
                   value_labels=(("不缺门", "All three suits"),
                                 ("去万", "No characters"),
                                 ("去筒", "No dots"),
                                 ("去条", "No bamboo"))),
        OptionInfo("start_points", "打分", "Starting points", (40, 50, 60),
                   "points each player starts the game with", "10.4",
                   description_zh="每位玩家开局的分数",
                   value_labels=(("40分", "40 points"), ("50分", "50 points"), ("60分", "60 points"))),
        OptionInfo("base_score", "底分", "Base score", None,
                   f"the base score of every payment (a whole number from 1 to {MAX_BASE_SCORE})", "10.1",
                   description_zh=f"每笔支付的底分（1 到 {MAX_BASE_SCORE} 之间的整数）", max_value=MAX_BASE_SCORE),
    ]
}


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of option values that Hangzhou tables play (玩法), e.g. 杭州常用 or 笃三老庄."""

    key: str
    chinese: str
    english: str
    description_zh: str
    """What the preset means, in one line of Chinese."""
    description: str
    """What the preset means, in one line of English."""
    values: tuple[tuple[str, object], ...]
    """The options that differ from the defaults, as (key, value) pairs."""

    def options(self) -> Options:
        """The preset's options (every other option at its default)."""
        return Options().replace(**dict(self.values))


PRESETS: dict[str, Preset] = {
    p.key: p
    for p in [
        Preset("hangzhou", "杭州常用", "Hangzhou standard",
               "白板财神，平庄起，三老庄起庄闲放铳，三摊承包",
               "white dragons wild, streak starts at 1, discard wins from streak 3, a third claim brings "
               "liability", ()),
        Preset("du_san", "笃三老庄", "Streak 3 every hand",
               "每位庄家都从三老庄起算：每局都可庄闲放铳、吃碰第三摊",
               "every dealer starts at streak 3: discard wins and third claims in every hand",
               (("start_streak", 3),)),
        Preset("zimo", "自摸胡", "Self-draw only",
               "只能自摸胡牌，不能放铳", "wins by self-draw only, never on a discard",
               (("win_mode", "self_draw_only"),)),
        Preset("fan_caishen", "翻财神", "Flipped wildcard",
               "发牌后翻出一张牌，与它同种的另外三张是财神",
               "a tile turned up after the deal makes the other three of its kind wild",
               (("wildcard_mode", "flipped"),)),
        Preset("kaoxiang", "有财必拷响", "Wild means 暴头",
               "手中有财神只能暴头或七客胡，不能放铳胡",
               "a hand holding a wildcard wins only by 暴头 or 七客, never on a discard",
               (("must_baotou", True),)),
    ]
}
"""The presets the new-game dialog offers first and ``simulate --preset`` accepts; 杭州常用 is the defaults."""


@dataclass(frozen=True, slots=True)
class Options:
    """All rule options of a game (rules.md §11); the defaults are the standard Hangzhou rules."""

    wildcard_mode: WildcardModeName = "fixed"
    start_streak: int = 1
    win_mode: WinMode = "dealer_discard"
    discard_min_l: int = 3
    three_tan_chengbao: bool = True
    pong_counts_as_tan: bool = True
    three_tan_needs_l3: bool = True
    wildcard_in_melds: bool = False
    zhuada_subject: ZhuadaSubject = "others"
    next_dealer: NextDealer = "winner"
    draw_adds_streak: bool = True
    kong_burn: bool = True
    rob_kong: bool = False
    rob_kong_min_l: int = 2
    must_baotou: bool = False
    que_yi_men: QueYiMen = "off"
    start_points: int = 50
    base_score: int = 1

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            info = OPTION_INFO[f.name]
            if info.values is None:
                if type(value) is not int or not 1 <= value <= info.max_value:
                    got = repr(value) if len(repr(value)) <= 24 else f"{repr(value)[:20]}…"
                    raise OptionsError(f"option {f.name} ({info.chinese}) must be a whole number from 1 to "
                                       f"{info.max_value}, got {got}", f.name,
                                       because("option_range", max=info.max_value, **_names(info, value)))
            elif not any(type(value) is type(v) and value == v for v in info.values):
                allowed = ", ".join(repr(v) for v in info.values)
                raise OptionsError(f"option {f.name} ({info.chinese}) must be one of {allowed}, got {value!r}", f.name,
                                   because("option_choice", **_names(info, value)))

    def replace(self, **changes: Any) -> Options:
        """A copy with some options changed (validated)."""
        unknown = set(changes) - set(OPTION_INFO)
        if unknown:
            raise _unknown(sorted(unknown)[0])
        return dataclasses.replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        """All options as a JSON-ready dict."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @staticmethod
    def from_json(data: object) -> Options:
        """Options from a dict; missing keys take their defaults, unknown keys are refused."""
        if not isinstance(data, dict):
            raise OptionsError(f"options must be a JSON object, got {type(data).__name__}",
                               reason=because("option_not_object"))
        unknown = set(data) - set(OPTION_INFO)
        if unknown:
            raise _unknown(sorted(unknown)[0])
        try:
            return Options(**data)
        except TypeError as exc:
            raise OptionsError(str(exc)) from exc

    @property
    def tile_count(self) -> int:
        """Tiles in the set: 136, or 100 with 缺一门."""
        return 136 if self.que_yi_men == "off" else 100

    @property
    def removed_suit(self) -> int | None:
        """Index of the suit removed by 缺一门 (0 m, 1 p, 2 s) or ``None``."""
        return None if self.que_yi_men == "off" else "mps".index(self.que_yi_men)
