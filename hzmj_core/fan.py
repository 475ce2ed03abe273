"""Evaluating a win: form, 暴头/七客 state, chain and fan (番), rules.md §6.3-§7.

:func:`evaluate_win` is a pure function of the winner's tiles, the win type and his chain (§6.4). The
scoring patterns are small units in one registry, :data:`PATTERNS`; every pattern that applies to an
interpretation of the hand is a candidate and the highest fan is taken (§6.5). Situational rules (who may
win on a discard, streak, freeze, 漏胡) belong to the game engine, not here.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .hand import baotou_state, is_seven_pairs, is_standard_win, qike_state
from .tiles import NUM_KINDS, TILE_NAMES, Wildcards

__all__ = [
    "PATTERNS",
    "Pattern",
    "WinContext",
    "WinEvaluation",
    "WinType",
    "evaluate_win",
    "fan_table",
]


class WinType(enum.StrEnum):
    """How the winning tile came to the winner."""

    SELF_DRAW = "self_draw"
    """自摸 on a normal draw from the front of the wall."""
    REPLACEMENT = "replacement"
    """自摸 on a kong replacement tile (杠开 family)."""
    DEALER_FIRST = "dealer_first"
    """The dealer's first turn: each of the 14 tiles is tried as the drawn tile (§2)."""
    DISCARD = "discard"
    """放铳: a claimed discard."""
    ROB_KONG = "rob_kong"
    """拉杠胡: the tile added to a 加杠 (§5.8)."""

    @property
    def is_self_drawn(self) -> bool:
        """True for the three self-drawn kinds."""
        return self in (WinType.SELF_DRAW, WinType.REPLACEMENT, WinType.DEALER_FIRST)


@dataclass(frozen=True, slots=True)
class WinContext:
    """The facts that decide the fan of one interpretation of a win (§6.5)."""

    form: str
    """``"standard"`` or ``"seven_pairs"``."""
    win_type: WinType
    baotou: bool
    """The pre-draw hand was in 暴头 state."""
    qike: bool
    """The pre-draw hand was in 七客 state."""
    piao: int
    """n: wildcard discards in the chain."""
    kongs: int
    """m: kongs in the chain."""
    kong_first: bool
    """The chain's first counted item is a kong (杠飘 rather than 飘杠)."""
    m_turn: int
    """Kongs of the current turn when the winning tile is a replacement, else 0."""
    haohua: int
    """g: faces with four natural tiles in the 14 (豪华 groups)."""
    has_wildcard: bool
    """Any wildcard among the 14 tiles."""


_MULT_ZH = {1: "", 2: "双", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七"}
_MULT_EN = {
    1: "", 2: "Double ", 3: "Triple ", 4: "Quadruple ", 5: "Quintuple ", 6: "Sextuple ", 7: "Septuple ",
}


def _zh_times(k: int) -> str:
    return _MULT_ZH.get(k, f"{k}×")


def _en_times(k: int) -> str:
    return _MULT_EN.get(k, f"{k}× ")


def _haohua_zh(g: int) -> str:
    return "" if g == 0 else _zh_times(g) + "豪华"


def _haohua_en(g: int) -> str:
    return "" if g == 0 else _en_times(g) + "Haohua "


def _piao_suffix_zh(n: int) -> str:
    return f"+{n}飘" if n else ""


def _piao_suffix_en(n: int) -> str:
    return f" + {n} Piao" if n else ""


def _discard_value(ctx: WinContext) -> int:
    """Fan of a discard win in this form (§7.2)."""
    if ctx.form == "standard":
        return 0
    return ctx.haohua + (1 if ctx.has_wildcard else 2)


def _seven_pairs_name(ctx: WinContext) -> tuple[str, str]:
    g = ctx.haohua
    if ctx.has_wildcard:
        return _haohua_zh(g) + "七对子", _haohua_en(g) + "Qidui"
    return _haohua_zh(g) + "清七对", _haohua_en(g) + "Qing Qidui"


@dataclass(frozen=True, slots=True)
class Pattern:
    """One scoring pattern (番种) of §7: when it applies, its fan, and its display names.

    ``names`` gives the full display name for a context, with multiples (双财飘, 豪华七客, 2飘1杠 ...).
    """

    key: str
    name_zh: str
    name_en: str
    fan_rule: str
    """The fan as written in rules.md §7 (for display)."""
    applies: Callable[[WinContext], bool]
    fan: Callable[[WinContext], int]
    names: Callable[[WinContext], tuple[str, str]]


def _self_std(ctx: WinContext) -> bool:
    return ctx.form == "standard" and ctx.win_type.is_self_drawn


def _chain_is(n: int | None, m: int | None) -> Callable[[WinContext], bool]:
    def test(ctx: WinContext) -> bool:
        return (
            _self_std(ctx)
            and ctx.baotou
            and (ctx.piao == n if n is not None else ctx.piao > 0)
            and (ctx.kongs == m if m is not None else ctx.kongs > 0)
        )

    return test


PATTERNS: tuple[Pattern, ...] = (
    Pattern(
        "zimo", "自摸", "Self-draw", "0",
        lambda c: _self_std(c) and not c.baotou and not (c.win_type is WinType.REPLACEMENT and c.m_turn > 0),
        lambda c: 0,
        lambda c: ("自摸", "Self-draw"),
    ),
    Pattern(
        "gangkai", "杠开", "Gangkai", "m_turn",
        lambda c: _self_std(c) and not c.baotou and c.win_type is WinType.REPLACEMENT and c.m_turn > 0,
        lambda c: c.m_turn,
        lambda c: (_zh_times(c.m_turn) + "杠开", _en_times(c.m_turn) + "Gangkai"),
    ),
    Pattern(
        "baotou", "暴头", "Baotou", "1",
        _chain_is(0, 0),
        lambda c: 1,
        lambda c: ("暴头", "Baotou"),
    ),
    Pattern(
        "caipiao", "财飘", "Caipiao", "1 + n",
        _chain_is(None, 0),
        lambda c: 1 + c.piao,
        lambda c: (_zh_times(c.piao) + "财飘", _en_times(c.piao) + "Caipiao"),
    ),
    Pattern(
        "gangbao", "杠暴", "Gangbao", "1 + m",
        _chain_is(0, None),
        lambda c: 1 + c.kongs,
        lambda c: (_zh_times(c.kongs) + "杠暴", _en_times(c.kongs) + "Gangbao"),
    ),
    Pattern(
        "gangpiao", "杠飘", "Gangpiao", "3",
        lambda c: _chain_is(1, 1)(c) and c.kong_first,
        lambda c: 3,
        lambda c: ("杠飘", "Gangpiao"),
    ),
    Pattern(
        "piaogang", "飘杠", "Piaogang", "3",
        lambda c: _chain_is(1, 1)(c) and not c.kong_first,
        lambda c: 3,
        lambda c: ("飘杠", "Piaogang"),
    ),
    Pattern(
        "piao_gang_general", "n飘m杠", "Piao and Gang, any number", "1 + n + m",
        lambda c: _chain_is(None, None)(c) and c.piao + c.kongs > 2,
        lambda c: 1 + c.piao + c.kongs,
        lambda c: (f"{c.piao}飘{c.kongs}杠", f"{c.piao} Piao, {c.kongs} Gang"),
    ),
    Pattern(
        "qidui", "七对子", "Qidui", "1 + g",
        lambda c: (
            c.form == "seven_pairs" and c.has_wildcard and not c.qike and c.win_type is not WinType.ROB_KONG
        ),
        lambda c: 1 + c.haohua,
        _seven_pairs_name,
    ),
    Pattern(
        "qike", "七客", "Qike", "2 + g + n",
        lambda c: c.form == "seven_pairs" and c.qike and c.win_type.is_self_drawn,
        lambda c: 2 + c.haohua + c.piao,
        lambda c: (
            _haohua_zh(c.haohua) + "七客" + _piao_suffix_zh(c.piao),
            _haohua_en(c.haohua) + "Qike" + _piao_suffix_en(c.piao),
        ),
    ),
    Pattern(
        "qingqidui", "清七对", "Qing Qidui", "2 + g",
        lambda c: c.form == "seven_pairs" and not c.has_wildcard and c.win_type is not WinType.ROB_KONG,
        lambda c: 2 + c.haohua,
        _seven_pairs_name,
    ),
    Pattern(
        "discard", "放铳胡", "Discard win", "0",
        lambda c: c.form == "standard" and c.win_type is WinType.DISCARD,
        lambda c: 0,
        lambda c: ("放铳胡", "Discard win"),
    ),
    Pattern(
        "rob_kong", "拉杠胡", "Robbing the kong", "discard value + 1",
        lambda c: c.win_type is WinType.ROB_KONG,
        lambda c: _discard_value(c) + 1,
        lambda c: (
            "拉杠胡" + ("" if c.form == "standard" else "·" + _seven_pairs_name(c)[0]),
            "Robbing the kong" + ("" if c.form == "standard" else " (" + _seven_pairs_name(c)[1] + ")"),
        ),
    ),
)
"""Every scoring pattern, in display order (ties in fan go to the earlier one)."""

_PATTERN_BY_KEY = {p.key: p for p in PATTERNS}


def fan_table() -> list[dict[str, str]]:
    """The pattern registry as JSON-ready rows: key, Chinese and English name, fan rule."""
    return [{"key": p.key, "name_zh": p.name_zh, "name_en": p.name_en, "fan": p.fan_rule} for p in PATTERNS]


@dataclass(frozen=True, slots=True)
class WinEvaluation:
    """The scored interpretation of a win (the one with the highest fan, §6.5)."""

    fan: int
    form: str
    """``"standard"`` or ``"seven_pairs"``."""
    pattern: str
    """Key of the pattern in :data:`PATTERNS`."""
    name_zh: str
    name_en: str
    baotou: bool
    """The pre-draw hand was in 暴头 state."""
    qike: bool
    """The pre-draw hand was in 七客 state."""
    piao: int
    kongs: int
    m_turn: int
    haohua: int
    has_wildcard: bool
    winning_tile: int | None = None
    """The tile taken as the drawn one (for the dealer's first turn, the best choice)."""

    @property
    def multiplier(self) -> int:
        """2^F, the win multiplier (胡牌番数)."""
        return 1 << self.fan

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "fan": self.fan,
            "form": self.form,
            "pattern": self.pattern,
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "baotou": self.baotou,
            "qike": self.qike,
            "piao": self.piao,
            "kongs": self.kongs,
            "m_turn": self.m_turn,
            "haohua": self.haohua,
            "has_wildcard": self.has_wildcard,
            "winning_tile": None if self.winning_tile is None else TILE_NAMES[self.winning_tile],
        }


def evaluate_win(
    concealed: Sequence[int],
    melds: int,
    winning_tile: int | None,
    win_type: WinType,
    wildcards: Wildcards,
    chain: Sequence[str] = (),
    m_turn: int = 0,
    must_baotou: bool = False,
) -> WinEvaluation | None:
    """Score a win, or return ``None`` when the tiles are not a win allowed by the hand-based rules.

    ``concealed`` are the physical kinds of the concealed hand *including* the winning tile
    (3(4 − melds) + 2 tiles); ``winning_tile`` is the kind of the drawn or claimed tile (for
    :attr:`WinType.DEALER_FIRST` every tile of the hand is tried and the highest fan kept, §2, so it may be
    ``None``). ``chain`` lists the winner's ``"piao"`` and ``"kong"`` actions of §6.4 in order; ``m_turn``
    is the number of kongs of the current turn when the winning tile is a replacement.

    ``None`` is returned when the tiles are no winning form, on a discard or robbed-kong win when the hand
    before the tile was in 暴头 or 七客 state or the tile is a wildcard (§6.3, §4.2), and, with
    ``must_baotou`` (有财必暴头), for a hand containing a wildcard that is neither 暴头 nor 七客.
    Raises ``ValueError`` for a wrong tile count, an unknown chain item, or a winning tile not in the hand.
    """
    if melds < 0 or melds > 4 or len(concealed) != 3 * (4 - melds) + 2:
        raise ValueError(
            f"a concealed hand with {melds} melds has {3 * (4 - melds) + 2} tiles, not {len(concealed)}"
        )
    for item in chain:
        if item not in ("piao", "kong"):
            raise ValueError(f"chain items are 'piao' or 'kong', not {item!r}")
    if win_type is WinType.DEALER_FIRST:
        best: WinEvaluation | None = None
        for tile in sorted(set(concealed)):
            ev = _evaluate(concealed, melds, tile, win_type, wildcards, chain, m_turn, must_baotou)
            if ev is not None and (best is None or ev.fan > best.fan):
                best = ev
        return best
    if winning_tile is None:
        raise ValueError(f"a {win_type.value} win needs the winning tile")
    if not 0 <= winning_tile < NUM_KINDS or winning_tile not in concealed:
        raise ValueError("the winning tile must be one of the concealed tiles")
    return _evaluate(concealed, melds, winning_tile, win_type, wildcards, chain, m_turn, must_baotou)


def discard_win_against(baotou: bool, qike: bool, wild_win: bool, must_baotou: bool, wildcards: int) -> str | None:
    """The code of the rule that forbids a hand to win on a discard or a robbed kong, whatever its fan; None when
    none does (§6.3, §9). ``baotou``/``qike``: the hand before the tile is in 暴头 or 七客 state, which wins
    only by self-draw (``baotou_no_discard_win``); ``wild_win``: the tile is a wildcard, never won on
    (``wildcard_claim``); with ``must_baotou`` (有财必暴头) a hand holding ``wildcards`` > 0 wins only by 暴头
    (``must_baotou``)."""
    if baotou or qike:
        return "baotou_no_discard_win"
    if wild_win:
        return "wildcard_claim"
    if must_baotou and wildcards > 0:
        return "must_baotou"
    return None


def _evaluate(
    concealed: Sequence[int],
    melds: int,
    winning_tile: int,
    win_type: WinType,
    wildcards: Wildcards,
    chain: Sequence[str],
    m_turn: int,
    must_baotou: bool,
) -> WinEvaluation | None:
    counts, w = wildcards.split(concealed)
    forms = []
    if is_standard_win(counts, w):
        forms.append("standard")
    if melds == 0 and is_seven_pairs(counts, w):
        forms.append("seven_pairs")
    if not forms:
        return None
    wild_win = wildcards.is_wild(winning_tile)
    pre = list(counts)
    pre_w = w
    if wild_win:
        pre_w -= 1
    else:
        pre[wildcards.face(winning_tile)] -= 1
    baotou = baotou_state(pre, pre_w)
    qike = qike_state(pre, pre_w, melds)
    if not win_type.is_self_drawn and discard_win_against(baotou, qike, wild_win, must_baotou, w) is not None:
        return None
    self_drawn = win_type.is_self_drawn
    piao = chain.count("piao") if self_drawn else 0
    kongs = chain.count("kong") if self_drawn else 0
    best: tuple[int, int, Pattern, WinContext] | None = None
    for form in forms:
        ctx = WinContext(
            form=form,
            win_type=win_type,
            baotou=baotou,
            qike=qike,
            piao=piao,
            kongs=kongs,
            kong_first=bool(chain) and chain[0] == "kong",
            m_turn=m_turn if win_type is WinType.REPLACEMENT else 0,
            haohua=sum(1 for c in counts if c == 4) if form == "seven_pairs" else 0,
            has_wildcard=w > 0,
        )
        for order, pat in enumerate(PATTERNS):
            if not pat.applies(ctx):
                continue
            if must_baotou and ctx.has_wildcard and pat.key not in _BAOTOU_OR_QIKE:
                continue
            f = pat.fan(ctx)
            if best is None or (f, -order) > (best[0], -best[1]):
                best = (f, order, pat, ctx)
    if best is None:
        return None
    f, _, pat, ctx = best
    zh, en = pat.names(ctx)
    return WinEvaluation(
        fan=f,
        form=ctx.form,
        pattern=pat.key,
        name_zh=zh,
        name_en=en,
        baotou=baotou,
        qike=qike,
        piao=ctx.piao,
        kongs=ctx.kongs,
        m_turn=ctx.m_turn,
        haohua=ctx.haohua,
        has_wildcard=ctx.has_wildcard,
        winning_tile=winning_tile,
    )


_BAOTOU_OR_QIKE = frozenset(
    {"baotou", "caipiao", "gangbao", "gangpiao", "piaogang", "piao_gang_general", "qike"}
)
