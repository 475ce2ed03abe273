"""The worked examples of the rules reference (docs/rules.md §14), as data the engine computes.

Each example states a situation (hands, who deals, the streak, what happened) and what the rules say comes of it
(:attr:`Example.expect`). :func:`compute` asks the engine (:func:`hzmj_core.fan.evaluate_win`,
:func:`hzmj_core.scoring.settle`, :func:`hzmj_core.claims.tan_cap`, :func:`hzmj_core.match.next_deal`, ...) for
the outcome; the reference shows what the engine computed, and a test checks that it is still what is expected.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ..actions import ActionType
from ..claims import FINAL_WALL, rule_against, tan_cap
from ..fan import WinType, evaluate_win
from ..hand import baotou_state, is_win, qike_state
from ..match import next_deal
from ..options import Options
from ..reasons import Reason, because
from ..round import Round, chow_ban, full_tile_set
from ..scoring import PaymentReason, settle
from ..tiles import TILE_NAMES, Wildcards, parse_tiles

__all__ = ["EXAMPLES", "Example", "Outcome", "compute"]

SD = WinType.SELF_DRAW
REP = WinType.REPLACEMENT
DIS = WinType.DISCARD
ROB = WinType.ROB_KONG


@dataclass(frozen=True, slots=True)
class Example:
    """One worked example: where it belongs, its words in both languages, and the situation the engine scores.

    ``kind`` says which engine function answers: ``"win"`` (a hand scored and paid), ``"chow_ban"`` (the faces
    banned after a chow), ``"tan_cap"`` (how many 摊 a pair of seats may make), ``"wall"`` (the wall of an option
    set) or ``"match"`` (hands in a row: points, dealer, streak and the end of the game).
    """

    key: str
    group: str
    """The subsection of §14 it is listed under."""
    cites: str
    """The sections it illustrates (for example ``"6.3, 7.1"``)."""
    title_zh: str
    title_en: str
    text_zh: str
    text_en: str
    kind: str = "win"
    hand: str = ""
    """The concealed hand before the winning tile (rules notation)."""
    melds: str = ""
    """The melds on the table, written as tile groups (shown only; the engine needs their number)."""
    tile: str = ""
    win_type: WinType = SD
    chain: tuple[str, ...] = ()
    m_turn: int = 0
    indicator: str = ""
    """The flipped-mode indicator tile ("" for white dragons wild)."""
    winner: int = 1
    dealer: int = 0
    streak: int = 1
    base: int = 1
    payer: int | None = None
    tan: tuple[tuple[int, int], ...] = ()
    """Contract relations (a, b): seat a made three counted claims on seat b this hand."""
    options: tuple[tuple[str, object], ...] = ()
    hands: tuple[tuple[int | None, int, str, str], ...] = ()
    """For ``"match"``: (winner or None for a draw, fan, Chinese and English name of the win) per self-drawn
    hand."""
    seats: tuple[tuple[int, int], ...] = ()
    """For ``"tan_cap"``: the (a, b) pairs asked about."""
    claims: tuple[tuple[str, int, int, str], ...] = ()
    """For ``"claim"``: (claim, seat, discarder, tile) asked about, the claim ``"win"``, ``"pong"`` or ``"chow"``."""
    freeze_owner: int | None = None
    final: bool = False
    """The discard was made in the last 20 tiles."""
    passed: tuple[str, str] | tuple[()] = ()
    """(``"win"`` or ``"pong"``, tile): the seat asking passed that claim on that face since his own last
    discard (漏胡, 漏碰)."""
    expect: dict[str, object] = field(default_factory=dict)
    """What the rules say the outcome is; the engine's outcome must contain exactly these values."""

    def opts(self) -> Options:
        """The example's rule options (the defaults and :attr:`options`)."""
        return Options().replace(**dict(self.options))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the engine computed for an example: values to compare and lines to show in each language (tiles
    written ``{5p}``, shown as tiles by the page and as code by the Markdown)."""

    values: dict[str, object]
    lines_zh: tuple[str, ...]
    lines_en: tuple[str, ...]


def _wildcards(ex: Example) -> Wildcards:
    return Wildcards.flipped(parse_tiles(ex.indicator)[0]) if ex.indicator else Wildcards.fixed()


def _seat(s: int) -> str:
    return f"S{s}"


def _deltas(deltas: tuple[int, ...]) -> str:
    return ", ".join(f"S{s} {d:+d}" for s, d in enumerate(deltas))


_REASON_EN = {
    PaymentReason.SHARE: "share", PaymentReason.DISCARDER: "discarder", PaymentReason.KONGER: "robbed konger",
    PaymentReason.CHENGBAO: "三摊承包 (liable)", PaymentReason.DAO_CHENGBAO: "倒承包 (liable, doubled)",
}


def _win(ex: Example) -> Outcome:
    wc = _wildcards(ex)
    opts = ex.opts()
    melds = len(ex.melds.split()) if ex.melds else 0
    tile = parse_tiles(ex.tile)[0]
    concealed = [*parse_tiles(ex.hand), tile]
    refusal = None
    if ex.win_type is DIS and ex.payer is not None:
        face = -1 if wc.is_wild(tile) else wc.face(tile)
        rule = rule_against(ActionType.WIN, ex.winner, ex.payer, face, opts, ex.dealer, ex.streak, None, False, 0,
                            (), ())
        if rule is not None:
            refusal = because(rule, **_claim_params(rule, ex, ex.tile))
    ev = None if refusal else evaluate_win(concealed, melds, tile, ex.win_type, wc, ex.chain, ex.m_turn,
                                           opts.must_baotou)
    if ev is None:
        if refusal is None:
            refusal = _no_win(ex, wc, concealed, tile)
        return Outcome({"win": False}, (f"不能胡：{refusal.text('zh')}。",),
                       (f"No win: {refusal.text('en', glossed=False)}.",))
    tan = [[0] * 4 for _ in range(4)]
    for a, b in ex.tan:
        tan[a][b] = 3
    reason = PaymentReason.KONGER if ex.win_type is ROB else PaymentReason.DISCARDER
    st = settle(ex.winner, ev.fan, ex.dealer, ex.streak, ex.base * opts.base_score, ex.payer, reason,
                tan, opts.three_tan_chengbao)
    values: dict[str, object] = {"win": True, "pattern": ev.pattern, "fan": ev.fan, "total": st.total,
                                 "deltas": st.deltas}
    pays_zh = "，".join(f"{_seat(p.payer)} 付 {p.amount}（{p.reason.chinese}）" for p in st.payments)
    pays_en = "; ".join(f"{_seat(p.payer)} pays {p.amount} ({_REASON_EN[p.reason]})" for p in st.payments)
    zh = (f"{ev.name_zh}，{ev.fan} 番（×{ev.multiplier}）。",
          f"{_seat(ex.dealer)} 坐庄，{ex.streak} 老庄，底分 {st.base}：每家分摊 "
          + "、".join(f"{_seat(p)} {st.shares[p]}" for p in range(4) if p != ex.winner) + f"，合计 T = {st.total}。",
          f"{pays_zh}。", f"结果：{_deltas(st.deltas)}。")
    en = (f"{ev.name_en} ({ev.name_zh}), {ev.fan} fan (×{ev.multiplier}).",
          f"{_seat(ex.dealer)} deals at streak {ex.streak}, base {st.base}: shares "
          + ", ".join(f"{_seat(p)} {st.shares[p]}" for p in range(4) if p != ex.winner) + f", total T = {st.total}.",
          f"{pays_en}.", f"Result: {_deltas(st.deltas)}.")
    return Outcome(values, zh, en)


def _claim_params(rule: str, ex: Example, tile: str) -> dict[str, object]:
    """The words a refusal of a claim on ``tile`` needs."""
    if rule in ("louhu", "loupeng"):
        return {"tile": tile}
    if rule == "final_claim":
        return {"limit": FINAL_WALL}
    if rule == "no_discard_win_streak":
        return {"streak": ex.streak, "min": ex.opts().discard_min_l}
    return {}


def _no_win(ex: Example, wc: Wildcards, concealed: list[int], tile: int) -> Reason:
    """Why the tiles do not win here, in the engine's words."""
    counts, w = wc.split(concealed)
    pre_w = w - 1 if wc.is_wild(tile) else w
    if not wc.is_wild(tile):
        counts[wc.face(tile)] -= 1
    melds = len(ex.melds.split()) if ex.melds else 0
    if ex.win_type is not SD and is_win(*wc.split(concealed), melds) and (
            baotou_state(counts, pre_w) or qike_state(counts, pre_w, melds)):
        return because("baotou_no_discard_win", state="baotou" if baotou_state(counts, pre_w) else "qike")
    if ex.opts().must_baotou and w and is_win(*wc.split(concealed), melds):
        return because("must_baotou" if ex.win_type is not SD else "not_a_win")
    return because("no_win_with_tile", tile=ex.tile)


def _chow_ban(ex: Example) -> Outcome:
    wc = _wildcards(ex)
    banned = chow_ban(parse_tiles(ex.tile)[0], parse_tiles(ex.hand), wc)
    names = " ".join(TILE_NAMES[f] for f in banned)
    shown = " ".join(f"{{{TILE_NAMES[f]}}}" for f in banned)
    return Outcome({"banned": names}, (f"吃后本轮不能打：{shown}。",),
                   (f"Banned for the discard that ends the turn: {shown}.",))


def _tan_cap(ex: Example) -> Outcome:
    opts = ex.opts()
    caps = []
    zh, en = [], []
    for a, b in ex.seats:
        cap = tan_cap(opts, ex.dealer, ex.streak, a, b)
        caps.append(cap)
        zh.append(f"{_seat(a)} 吃碰 {_seat(b)}：最多 {cap} 摊。" if cap is not None else
                  f"{_seat(a)} 吃碰 {_seat(b)}：不限摊数（三摊起承包）。")
        en.append(f"{_seat(a)} on {_seat(b)}: at most {cap} claims." if cap is not None else
                  f"{_seat(a)} on {_seat(b)}: no cap (a third claim makes a contract).")
    return Outcome({"caps": tuple(caps)}, tuple(zh), tuple(en))


def _wall(ex: Example) -> Outcome:
    opts = ex.opts()
    total = len(full_tile_set(opts))
    live = Round.deal(opts, dealer=0, seed=0).remaining
    return Outcome({"tiles": total, "live": live, "draws": live - 20},
                   (f"共 {total} 张；发牌后牌墙剩 {live} 张；不杠的话还能摸 {live - 20} 张，"
                    "剩最后 20 张时牌局进入末轮。",),
                   (f"{total} tiles; {live} left in the wall after the deal; without kongs {live - 20} draws "
                    "follow before the last 20 tiles.",))


def _match(ex: Example) -> Outcome:
    opts = ex.opts()
    points = [opts.start_points] * 4
    dealer, streak = ex.dealer, ex.streak
    zh: list[str] = []
    en: list[str] = []
    ended = False
    for i, (winner, fan, name_zh, name_en) in enumerate(ex.hands, 1):
        if winner is None:
            head_zh, head_en = "流局，不计分", "a draw (流局): nobody pays"
        else:
            st = settle(winner, fan, dealer, streak, opts.base_score, None)
            points = [p + d for p, d in zip(points, st.deltas, strict=True)]
            head_zh = f"{_seat(winner)} {name_zh}，{fan} 番（{_deltas(st.deltas)}）"
            head_en = f"{_seat(winner)} wins {name_en}, {fan} fan ({_deltas(st.deltas)})"
        dealer, streak, ended = next_deal(opts, dealer, streak, winner, points)
        pts = "/".join(str(p) for p in points)
        end_zh = "，游戏结束" if ended else ""
        end_en = "; the game ends" if ended else ""
        zh.append(f"{i}. {head_zh} → {pts}；下一局 {_seat(dealer)} 坐庄，{streak} 老庄{end_zh}。")
        en.append(f"{i}. {head_en} → {pts}; next {_seat(dealer)} deals at streak {streak}{end_en}.")
        if ended:
            break
    return Outcome({"points": tuple(points), "dealer": dealer, "streak": streak, "ended": ended},
                   tuple(zh), tuple(en))


_WANT = {"win": ActionType.WIN, "pong": ActionType.PONG, "chow": ActionType.CHOW}
_CLAIM_WORDS = {"win": ("胡", "win on"), "pong": ("碰", "pong"), "chow": ("吃", "chow")}


def _claim(ex: Example) -> Outcome:
    opts = ex.opts()
    wc = _wildcards(ex)
    rules: list[str | None] = []
    zh: list[str] = []
    en: list[str] = []
    for want, seat, discarder, tile in ex.claims:
        kind = parse_tiles(tile)[0]
        face = -1 if wc.is_wild(kind) else wc.face(kind)
        passed = {wc.face(parse_tiles(ex.passed[1])[0])} if ex.passed else set()
        rule = rule_against(_WANT[want], seat, discarder, face, opts, ex.dealer, ex.streak, ex.freeze_owner,
                            ex.final, 0, passed if ex.passed[:1] == ("win",) else (),
                            passed if ex.passed[:1] == ("pong",) else ())
        rules.append(rule)
        ask_zh = f"{_seat(seat)} {_CLAIM_WORDS[want][0]} {_seat(discarder)} 打出的 {{{tile}}}"
        ask_en = f"{_seat(seat)} to {_CLAIM_WORDS[want][1]} {_seat(discarder)}'s {{{tile}}}"
        if rule is None:
            zh.append(f"{ask_zh}：规则允许（只要手牌凑得成）。")
            en.append(f"{ask_en}: allowed by the rules (if his tiles make it).")
            continue
        params = _claim_params(rule, ex, tile)
        reason = because(rule, **params)
        zh.append(f"{ask_zh}：不行——{reason.text('zh')}。")
        en.append(f"{ask_en}: refused, {reason.text('en', glossed=False)}.")
    return Outcome({"rules": tuple(rules)}, tuple(zh), tuple(en))


_KINDS: dict[str, Callable[[Example], Outcome]] = {
    "win": _win, "chow_ban": _chow_ban, "tan_cap": _tan_cap, "wall": _wall, "match": _match, "claim": _claim,
}


def compute(ex: Example) -> Outcome:
    """The engine's outcome of one example."""
    return _KINDS[ex.kind](ex)


def _ex(key: str, group: str, cites: str, title: tuple[str, str], text: tuple[str, str], **kw: object) -> Example:
    return Example(key, group, cites, title[0], title[1], text[0], text[1], **kw)  # type: ignore[arg-type]


EXAMPLES: tuple[Example, ...] = (
    # 14.1 plain wins and the streak
    _ex("EX1", "14.1", "7.1, 10.1", ("闲家自摸", "A non-dealer's plain self-draw"),
        ("S1 摸到 {5s}，组成标准和牌，手中没有财神。", "S1 draws {5s} and completes a standard hand without a wild"
         "card."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s",
        expect={"fan": 0, "deltas": (-2, 4, -1, -1)}),
    _ex("EX2", "14.1", "10.1", ("同一手，三老庄", "The same win at streak 3"),
        ("同上，但庄家 S0 是三老庄：庄家那一份乘 2³。", "As above, but the dealer S0 is at streak 3: the dealer's "
         "share is ×2³."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", streak=3,
        expect={"fan": 0, "deltas": (-8, 10, -1, -1)}),
    _ex("EX3", "14.1", "10.1", ("庄家自摸，二老庄，底分 2", "The dealer self-draws at streak 2, base 2"),
        ("S0 坐庄二老庄，底分 2，摸到 {5s} 平胡。", "S0 deals at streak 2 with base 2 and self-draws {5s} for a pl"
         "ain win."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", winner=0, streak=2, base=2,
        expect={"fan": 0, "deltas": (24, -8, -8, -8)}),
    # 14.2 暴头 and 财飘
    _ex("EX4", "14.2", "6.3, 7.1", ("暴头", "Baotou (暴头)"),
        ("S2 的 {P*} 之外全是成组的牌（暴头状态），摸到 {N}，与财神成对。",
         "Apart from {P*}, S2's hand is all sets (暴头 state); the drawn {N} pairs with the wildcard."),
        hand="P* 1m2m3m 4p5p6p 7s8s9s E E E", tile="N", winner=2,
        expect={"fan": 1, "deltas": (-4, -2, 8, -2)}),
    _ex("EX5", "14.2", "6.3", ("暴头时再摸到财神", "Drawing a second wildcard in 暴头 state"),
        ("同一手摸到第二张 {P*}：两张财神成对，仍是暴头。",
         "The same hand draws a second {P*}: the two wildcards are the pair, still 暴头."),
        hand="P* 1m2m3m 4p5p6p 7s8s9s E E E", tile="P*", winner=2,
        expect={"fan": 1, "deltas": (-4, -2, 8, -2)}),
    _ex("EX6", "14.2", "4.3, 4.4, 6.4", ("财飘", "Caipiao (财飘)"),
        ("S1 在暴头状态摸到 {P*} 并把它打出（飘）。抓打期间其他三家只能摸什么打什么。S1 下一轮摸到 {3p} 自摸。",
         "S1, in 暴头 state, draws {P*} and discards it (a 飘). During the freeze the other three discard what they "
         "draw. On his next turn S1 draws {3p} and wins."),
        hand="P* 1m2m3m 4p5p6p 7s8s9s E E E", tile="3p", chain=("piao",),
        expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX7", "14.2", "6.4, 7.1", ("双财飘，庄家三老庄", "Double caipiao by the dealer at streak 3"),
        ("S0 连续两轮摸到财神都打出，第三轮摸到 {2m}。",
         "S0 draws a wildcard and discards it on two turns in a row, then draws {2m}."),
        hand="P* 2m3m4m 6m7m8m 3p3p3p 7s8s9s", tile="2m", chain=("piao", "piao"), winner=0, streak=3,
        expect={"fan": 3, "deltas": (192, -64, -64, -64)}),
    _ex("EX8", "14.2", "6.3", ("有副露的暴头", "Baotou with melds"),
        ("S2 碰了 {EEE}、吃了 {1m2m3m}，手里 {P* 4p5p6p 7s8s9s}，摸到 {2s}。",
         "S2 has ponged {EEE} and chowed {1m2m3m}, holds {P* 4p5p6p 7s8s9s} and draws {2s}."),
        hand="P* 4p5p6p 7s8s9s", melds="EEE 1m2m3m", tile="2s", winner=2,
        expect={"fan": 1, "deltas": (-4, -2, 8, -2)}),
    # 14.3 kongs
    _ex("EX9", "14.3", "6.4, 7.1", ("杠开，二老庄", "Gangkai (杠开) at streak 2"),
        ("S3 摸到第四张 {7p} 暗杠，补牌 {9s} 和牌。", "S3 draws the fourth {7p}, declares a concealed kong and wins on "
         "the replacement {9s}."),
        hand="1m2m3m 4m5m6m 2p3p4p 9s", melds="7p7p7p7p", tile="9s", win_type=REP, chain=("kong",), m_turn=1,
        winner=3, streak=2, expect={"fan": 1, "deltas": (-8, -2, -2, 12)}),
    _ex("EX10", "14.3", "6.4, 7.1", ("杠暴", "Gangbao (杠暴)"),
        ("S1 已在暴头状态，摸到第四张 {7p} 不急着胡，先暗杠，补牌 {E} 胡：杠算进链。",
         "S1, already in 暴头 state, draws the fourth {7p}, kongs it instead of winning at once, and wins on the "
         "replacement {E}: the kong counts in the chain."),
        hand="P* 1m2m3m 4m5m6m 2p3p4p", melds="7p7p7p7p", tile="E", win_type=REP, chain=("kong",), m_turn=1,
        expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX11", "14.3", "6.4, 7.1", ("杠飘", "Gangpiao (杠飘)"),
        ("同样先暗杠，补到的是财神，他把财神打出（飘），下一轮摸到 {9s}。",
         "Same start; the replacement is a wildcard, which he discards (a 飘); next turn he draws {9s}."),
        hand="P* 1m2m3m 4m5m6m 2p3p4p", melds="7p7p7p7p", tile="9s", chain=("kong", "piao"), winner=2,
        expect={"fan": 3, "deltas": (-16, -8, 32, -8)}),
    _ex("EX12", "14.3", "6.4, 7.1", ("飘杠，庄家", "Piaogang (飘杠) by the dealer"),
        ("S0 先飘一张财神，下一轮摸到第四张 {5s} 暗杠，补牌 {N} 胡。",
         "S0 first discards a wildcard, next turn draws the fourth {5s}, kongs it and wins on the replacement {N}."),
        hand="P* 1m2m3m 4p5p6p 7p8p9p", melds="5s5s5s5s", tile="N", win_type=REP, chain=("piao", "kong"), m_turn=1,
        winner=0, expect={"fan": 3, "deltas": (48, -16, -16, -16)}),
    _ex("EX13", "14.3", "6.4, 7.1", ("双杠开", "Double gangkai"),
        ("S1 一轮之内连杠 {7p} 和 {9m}，第二张补牌 {6s} 和牌。",
         "S1 kongs {7p} and then {9m} in one turn and wins on the second replacement {6s}."),
        hand="1m2m3m 4s5s 2p2p", melds="7p7p7p7p 9m9m9m9m", tile="6s", win_type=REP, chain=("kong", "kong"),
        m_turn=2, expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX14", "14.3", "4.4, 7.3", ("飘了以后普通自摸", "A plain self-draw after a 飘"),
        ("S1 打出一张财神后，剩下的牌不在暴头状态；下一轮摸 {3m} 和牌：飘不算，按普通自摸。",
         "After S1 discards a wildcard his hand is not in 暴头 state; he then draws {3m} and wins: the 飘 does not "
         "count and it scores as a plain self-draw."),
        hand="P* 1m2m 4p5p6p 7s8s9s E E 9m9m", tile="3m", chain=("piao",),
        expect={"fan": 0, "deltas": (-2, 4, -1, -1)}),
    # 14.4 seven pairs
    _ex("EX15", "14.4", "6.2, 7.1", ("七对子", "Qidui (七对子), with a wildcard"),
        ("S2 摸到 {C}，{9s} 与财神成对。", "S2 draws {C}; {9s} pairs with the wildcard."),
        hand="1m1m 3m3m 5p5p 7p7p E E C P* 9s", tile="C", winner=2,
        expect={"fan": 1, "deltas": (-4, -2, 8, -2)}),
    _ex("EX16", "14.4", "6.3, 7.1", ("七客", "Qike (七客)"),
        ("S3 六对加一张财神（七客状态），摸到任何牌都和，这里是 {4s}。",
         "S3 holds six pairs and a wildcard (七客 state): any draw wins; here {4s}."),
        hand="1m1m 3m3m 5p5p 7p7p E E C C P*", tile="4s", winner=3,
        expect={"fan": 2, "deltas": (-8, -4, -4, 16)}),
    _ex("EX17", "14.4", "7.1", ("清七对", "Qing qidui (清七对)"),
        ("S1 摸到 {9s}，七对里没有财神。", "S1 draws {9s}: seven pairs without any wildcard."),
        hand="1m1m 3m3m 5p5p 7p7p E E C C 9s", tile="9s",
        expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX18", "14.4", "7.1", ("豪华清七对，庄家", "Haohua qing qidui by the dealer"),
        ("S0 手里四张 {2m} 算两对（豪华），摸到 {C}。", "S0's four {2m} count as two pairs (a 豪华 group); he draw"
         "s {C}."),
        hand="2m2m2m2m 3m3m 5p5p 7p7p E E C", tile="C", winner=0,
        expect={"fan": 3, "deltas": (48, -16, -16, -16)}),
    _ex("EX19", "14.4", "7", ("三张加财神不算豪华", "Three naturals and a wildcard are no 豪华 group"),
        ("S2 的 {2m2m2m P*} 是两对，但不是豪华。", "S2's {2m2m2m P*} make two pairs, but no 豪华 group."),
        hand="2m2m2m P* 3m3m 5p5p 7p7p E E C", tile="C", winner=2,
        expect={"fan": 1, "deltas": (-4, -2, 8, -2)}),
    _ex("EX20", "14.4", "6.3", ("两张财神的七客", "Qike with two wildcards"),
        ("S3 只有一张单牌 {9s}，却有两张财神：七客状态，摸 {N} 也和。",
         "S3 has one odd tile {9s} and two wildcards: 七客 state, so {N} wins too."),
        hand="1m1m 3m3m 5p5p 7p7p E E P* P* 9s", tile="N", winner=3,
        expect={"fan": 2, "deltas": (-8, -4, -4, 16)}),
    _ex("EX21", "14.4", "6.5", ("既是暴头又是七客：取大", "Both 暴头 and 七客: the larger counts"),
        ("S1 的牌去掉财神是四组顺子（暴头状态），同时也是七客状态；摸到 {E}，七客 2 番大于暴头 1 番。",
         "Without the wildcard S1's hand is four runs (暴头 state) and it is also in 七客 state; he draws {E}: "
         "七客 (2 fan) beats 暴头 (1 fan)."),
        hand="P* 1m1m2m2m3m3m 5p5p6p6p7p7p", tile="E",
        expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX22", "14.4", "7.1", ("豪华七客", "Haohua qike"),
        ("S2 七客状态，手里有四张 {5s}，摸到 {9m}。", "S2 is in 七客 state with four {5s} and draws {9m}."),
        hand="5s5s5s5s 1m1m 3m3m 7p7p E E P*", tile="9m", winner=2,
        expect={"fan": 3, "deltas": (-16, -8, 32, -8)}),
    # 14.5 no win, discard wins
    _ex("EX23", "14.5", "6.2", ("十三幺不是和牌", "Thirteen orphans is no win"),
        ("幺九字牌各一张再摸 {1m}：杭州麻将没有这种牌型。", "One of each terminal and honour plus {1m}: no such "
         "pattern in Hangzhou mahjong."),
        hand="1m9m 1p9p 1s9s E S W N C F P*", tile="1m", expect={"win": False}),
    _ex("EX24", "14.5", "9, 10.2", ("庄家三老庄时胡闲家的铳", "The dealer wins on a discard at streak 3"),
        ("S0 三老庄，听 {5s}，S2 打出 {5s}：放铳者一人付全部 T。",
         "S0 is at streak 3 and waits on {5s}; S2 discards it: the discarder pays the whole T."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", win_type=DIS, winner=0, payer=2, streak=3,
        expect={"fan": 0, "deltas": (24, 0, -24, 0)}),
    _ex("EX25", "14.5", "9", ("二老庄不能放铳", "No discard win at streak 2"),
        ("同一手，但只是二老庄。", "The same hand at streak 2."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", win_type=DIS, winner=0, payer=2, streak=2,
        expect={"win": False}),
    _ex("EX26", "14.5", "9", ("闲家之间不能放铳", "Two non-dealers never win on each other"),
        ("三老庄，S3 听 {5s}，S1 打出 {5s}。", "Streak 3; S3 waits on {5s} and S1 discards it."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", win_type=DIS, winner=3, payer=1, streak=3,
        expect={"win": False}),
    _ex("EX27", "14.5", "9, 10.1", ("闲家胡庄家的铳", "A non-dealer wins on the dealer's discard"),
        ("三老庄，S1 听 {5p}，庄家 S0 打出 {5p}。", "Streak 3; S1 waits on {5p} and the dealer S0 discards it."),
        hand="1m2m3m 4m5m6m 7s8s9s 2s3s4s 5p", tile="5p", win_type=DIS, payer=0, streak=3,
        expect={"fan": 0, "deltas": (-10, 10, 0, 0)}),
    _ex("EX28", "14.5", "7.2", ("放铳胡七对子", "Qidui on a discard"),
        ("同样的局面，S1 的牌是七对子，{9s} 与财神成对。", "The same, with S1 holding seven pairs; {9s} pairs with "
         "the wildcard."),
        hand="1m1m 3m3m 7p7p E E C C 5p 9s P*", tile="5p", win_type=DIS, payer=0, streak=3,
        expect={"fan": 1, "deltas": (-20, 20, 0, 0)}),
    _ex("EX29", "14.5", "6.3, 9", ("暴头状态不能胡铳", "No discard win in 暴头 state"),
        ("三老庄，庄家 S0 在暴头状态，S2 打出 {4m}：虽然能与财神成对，也不能胡，只能等自摸。",
         "Streak 3; the dealer S0 is in 暴头 state and S2 discards {4m}: it would pair with the wildcard, but he "
         "may not win on it and must wait for a draw."),
        hand="P* 1m2m3m 4p5p6p 7s8s9s E E E", tile="4m", win_type=DIS, winner=0, payer=2, streak=3,
        expect={"win": False}),
    # 14.6 claims
    _ex("EX30", "14.6", "4.2, 4.3", ("打出的财神与抓打", "A discarded wildcard and the freeze"),
        ("三老庄，S1 打出 {P*}：谁也不能要它，抓打开始，S1 是主。接着 S3 打出 {8s}。",
         "Streak 3; S1 discards {P*}: nobody may take it, and a freeze starts with S1 as owner. Then S3 "
         "discards {8s}."),
        kind="claim", streak=3, freeze_owner=1,
        claims=(("win", 0, 1, "P*"), ("pong", 2, 3, "8s"), ("win", 0, 3, "8s"), ("pong", 1, 3, "8s")),
        expect={"rules": ("wildcard_claim", "freeze_no_claim", "freeze_no_claim", None)}),
    _ex("EX31", "14.6", "5.6", ("漏胡", "A passed win (漏胡)"),
        ("三老庄，庄家 S0 听 {3p} 和 {6p}。S1 打出 {3p}，S0 没有胡。在 S0 自己打牌之前，S2 也打出 {3p}，S3 打出 {6p}。",
         "Streak 3; the dealer S0 waits on {3p} and {6p}. S1 discards {3p} and S0 does not win. Before S0 discards "
         "again, S2 discards {3p} too and S3 discards {6p}."),
        kind="claim", streak=3, passed=("win", "3p"), claims=(("win", 0, 2, "3p"), ("win", 0, 3, "6p")),
        expect={"rules": ("louhu", None)}),
    _ex("EX32", "14.6", "5.6", ("漏碰", "A passed pong (漏碰)"),
        ("S2 有一对 {8s}，S0 打出 {8s} 他没碰；在他自己打牌之前 S1 又打出 {8s}。",
         "S2 holds a pair of {8s} and lets S0's {8s} go; before he discards again, S1 discards {8s}."),
        kind="claim", passed=("pong", "8s"), claims=(("pong", 2, 1, "8s"),), expect={"rules": ("loupeng",)}),
    _ex("EX33", "14.6", "3.3", ("最后 20 张", "The last 20 tiles"),
        ("三老庄，牌墙只剩 20 张时 S1 打出 {5p}：只能被胡。",
         "Streak 3; S1 discards {5p} with 20 tiles left in the wall: it may only be won on."),
        kind="claim", streak=3, final=True, claims=(("pong", 2, 1, "5p"), ("chow", 2, 1, "5p"), ("win", 0, 1, "5p")),
        expect={"rules": ("final_claim", "final_claim", None)}),
    _ex("EX34", "14.6", "5.7", ("吃后限打：吃边上", "After a chow: claimed at the end of the run"),
        ("S1 用 {5m6m} 吃 {4m}。", "S1 chows {4m} with {5m6m}."), kind="chow_ban", hand="5m6m", tile="4m",
        expect={"banned": "4m 7m"}),
    _ex("EX35", "14.6", "5.7", ("吃后限打：吃另一边", "After a chow: claimed at the other end"),
        ("S1 用 {2m3m} 吃 {4m}。", "S1 chows {4m} with {2m3m}."), kind="chow_ban", hand="2m3m", tile="4m",
        expect={"banned": "4m 1m"}),
    _ex("EX36", "14.6", "5.7", ("吃后限打：吃中间", "After a chow: claimed in the middle"),
        ("S1 用 {4m6m} 吃 {5m}。", "S1 chows {5m} with {4m6m}."), kind="chow_ban", hand="4m6m", tile="5m",
        expect={"banned": "5m"}),
    _ex("EX37", "14.6", "5.7", ("吃后限打：边张", "After a chow at the edge of the suit"),
        ("S1 用 {1m2m} 吃 {3m}：没有 0m，只禁 {3m}。", "S1 chows {3m} with {1m2m}: there is no 0m, so only {3m}."),
        kind="chow_ban", hand="1m2m", tile="3m", expect={"banned": "3m"}),
    _ex("EX38", "14.6", "5.5", ("摊数上限，一老庄", "Claim caps at streak 1"),
        ("S0 坐庄，一老庄。", "S0 deals at streak 1."), kind="tan_cap", seats=((1, 0), (2, 3)),
        expect={"caps": (2, 2)}),
    _ex("EX39", "14.6", "5.5", ("摊数上限，三老庄", "Claim caps at streak 3"),
        ("S0 坐庄，三老庄：庄闲之间不限摊数，闲家之间仍是两摊。",
         "S0 deals at streak 3: no cap between the dealer and a non-dealer, still two between non-dealers."),
        kind="tan_cap", streak=3, seats=((1, 0), (0, 1), (2, 3)), expect={"caps": (None, None, 2)}),
    _ex("EX40", "14.6", "5.5, 11", ("不带承包", "Without 三摊承包"),
        ("关闭三摊承包：每对玩家最多两摊。", "三摊承包 off: at most two claims for every pair."), kind="tan_cap",
        streak=3, seats=((1, 0),), options=(("three_tan_chengbao", False),), expect={"caps": (2,)}),
    # 14.7 contracts
    _ex("EX41", "14.7", "10.3", ("三摊承包，自摸", "Liability (三摊承包) on a self-draw"),
        ("三老庄，S1 吃了 S0 三摊。S1 暴头自摸：S0 一人付 T。",
         "Streak 3; S1 has claimed three times from S0. S1 self-draws 暴头: S0 alone pays T."),
        hand="P* 1m2m3m 4p5p6p 7s8s9s E E E", tile="N", streak=3, tan=((1, 0),),
        expect={"fan": 1, "deltas": (-20, 20, 0, 0)}),
    _ex("EX42", "14.7", "10.3", ("倒承包", "Reverse liability (倒承包)"),
        ("同样的关系，这次庄家 S0 自摸平胡：S1 付 2T。",
         "The same relation; this time the dealer S0 self-draws a plain win: S1 pays 2T."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", winner=0, streak=3, tan=((1, 0),),
        expect={"fan": 0, "deltas": (48, -48, 0, 0)}),
    _ex("EX43", "14.7", "10.3", ("承包链", "A chain of contracts"),
        ("三老庄，S0 吃了 S3 三摊，S1 吃了 S0 三摊；S0 自摸平胡：S3 付 T，S1 付 2T。",
         "Streak 3; S0 claimed three times from S3 and S1 three times from S0; S0 self-draws a plain win: S3 pays "
         "T and S1 pays 2T."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", winner=0, streak=3, tan=((0, 3), (1, 0)),
        expect={"fan": 0, "deltas": (72, -48, 0, -24)}),
    _ex("EX44", "14.7", "10.3", ("承包加放铳", "A contract and a discard win"),
        ("三老庄，S0 吃了 S3 三摊，S2 放铳给 S0：S2 作为放铳者付 T，S3 因承包再付 T。",
         "Streak 3; S0 claimed three times from S3, and S2 discards into S0's hand: S2 pays T as the discarder "
         "and S3 pays T under the contract."),
        hand="1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", tile="5s", win_type=DIS, winner=0, payer=2, streak=3,
        tan=((0, 3),), expect={"fan": 0, "deltas": (48, 0, -24, -24)}),
    # 14.8 翻财神
    _ex("EX45", "14.8", "1.3, 7.1", ("翻财神：白板是替身", "Flipped mode: the white dragon stands in"),
        ("翻出 {5s}：另外三张 5s 是财神，白板当作 5s 用。S1 的 {P P} 是一对真牌，摸到 {9s}。",
         "The indicator is {5s}: the other three 5s are wild and the white dragons are natural 5s. S1's {P P} is a "
         "natural pair; he draws {9s}."),
        hand="1m1m 3m3m P P 7p7p E E C C 9s", tile="9s", indicator="5s",
        expect={"fan": 2, "deltas": (-8, 16, -4, -4)}),
    _ex("EX46", "14.8", "1.3, 7.1", ("翻财神：四张白板是豪华", "Flipped mode: four white dragons are a 豪华 group"),
        ("同样翻出 {5s}，S1 有四张白板（四张真 5s）。", "Indicator {5s} again; S1 holds four white dragons (four "
         "natural 5s)."),
        hand="P P P P 1m1m 7p7p E E C C 9s", tile="9s", indicator="5s",
        expect={"fan": 3, "deltas": (-16, 32, -8, -8)}),
    _ex("EX47", "14.8", "1.3, 6.3", ("翻财神的暴头", "Baotou in flipped mode"),
        ("翻出 {5s}，S1 手里的 {5s*} 是财神。", "Indicator {5s}; the {5s*} in S1's hand is a wildcard."),
        hand="5s* 1m2m3m 4p5p6p 7s8s9s E E E", tile="N", indicator="5s",
        expect={"fan": 1, "deltas": (-4, 8, -2, -2)}),
    # 14.9 wall, options, a whole game
    _ex("EX48", "14.9", "2, 3", ("牌墙", "The wall"),
        ("默认规则（白板财神）。", "The default rules (white dragons wild)."),
        kind="wall", expect={"tiles": 136, "live": 83, "draws": 63}),
    _ex("EX49", "14.9", "1.1, 2", ("缺一门", "One suit removed"), ("去掉万子。", "Without the characters suit."),
        kind="wall", options=(("que_yi_men", "m"),), expect={"tiles": 100, "live": 47, "draws": 27}),
    _ex("EX50", "14.9", "1.3, 2", ("翻财神的牌墙", "The wall in flipped mode"),
        ("翻财神：发牌后从牌墙末端翻出一张指示牌，不能摸。", "Flipped mode: the indicator comes from the back of the"
         " wall "
         "after the deal and is never drawn."),
        kind="wall", options=(("wildcard_mode", "flipped"),), expect={"tiles": 136, "live": 82, "draws": 62}),
    _ex("EX51", "14.9", "6, 11", ("有财必暴头", "Wildcard means 暴头 only"),
        ("打开有财必暴头：EX15 的七对子手里有财神却不是七客，不能胡。",
         "With 有财必暴头 on, EX15's qidui holds a wildcard and is not 七客: no win."),
        hand="1m1m 3m3m 5p5p 7p7p E E C P* 9s", tile="C", winner=2, options=(("must_baotou", True),),
        expect={"win": False}),
    _ex("EX52", "14.9", "5.8, 7.2", ("拉杠胡", "Robbing a kong"),
        ("打开拉杠胡，二老庄。S3 加杠 {6p}，庄家 S0 听 {6p}，抢杠和牌：按杠开算加 1 番，加杠者一人付 T。",
         "Robbing on, streak 2. S3 adds {6p} to his pong; the dealer S0 waits on {6p} and robs it: one more fan, "
         "as for a 杠开, and the konger alone pays T."),
        hand="1m2m3m 4m5m6m 7s8s9s 4p5p E E", tile="6p", win_type=ROB, winner=0, payer=3, streak=2,
        options=(("rob_kong", True),), expect={"fan": 1, "deltas": (24, 0, 0, -24)}),
    _ex("EX53", "14.9", "8, 10.4", ("一整局的老庄与结束", "Streaks and the end of a game"),
        ("每人 50 分，S0 坐庄平庄起。依次：S0 自摸平胡；流局；S2 暴头；S2 财飘；S2 杠飘；S1 自摸平胡。",
         "50 points each; S0 deals at streak 1. In turn: S0 self-draws a plain win; a draw; S2 wins 暴头; S2 财飘; "
         "S2 杠飘; S1 self-draws a plain win."),
        kind="match",
        hands=((0, 0, "自摸", "a self-draw"), (None, 0, "", ""), (2, 1, "暴头", "baotou"), (2, 2, "财飘", "caipiao"),
               (2, 3, "杠飘", "gangpiao"), (1, 0, "自摸", "a self-draw")),
        expect={"points": (-1, 16, 180, 5), "dealer": 1, "streak": 1, "ended": True}),
)
"""Every worked example of the reference, in the order shown."""
