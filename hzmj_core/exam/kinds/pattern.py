"""番型 (``pattern``): a win is described (the hand before the tile, how the tile came, the 飘 and kongs before it);
which pattern is it, and how many fan? One of four choices ``"<pattern key>:<fan>"``.

The answer is :func:`hzmj_core.fan.evaluate_win`'s. Band 1: a plain self-draw, 暴头, a discard win. Band 2: 七对子,
清七对, 杠开. Band 3: 财飘, 杠暴, 七客, 豪华 groups. Band 4: chains of two or more, a 飘 followed by a plain
self-draw (scores plain), 豪华七客.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...fan import WinEvaluation, WinType, evaluate_win
from ...rng import Rng
from ...tiles import TILE_NAMES
from ..base import FIXED, Question, TilePool, position, seven_pairs, standard_win, tile_word

KIND = "pattern"

_STOCK = [("zimo", 0, "自摸", "Self-draw"), ("baotou", 1, "暴头", "Baotou"), ("qidui", 1, "七对子", "Qidui"),
          ("gangkai", 1, "杠开", "Gangkai"), ("caipiao", 2, "财飘", "Caipiao"), ("qike", 2, "七客", "Qike"),
          ("qingqidui", 2, "清七对", "Qing Qidui"), ("gangbao", 2, "杠暴", "Gangbao"),
          ("caipiao", 3, "双财飘", "Double Caipiao"), ("gangpiao", 3, "杠飘", "Gangpiao")]

Setup = tuple[list[int], list[list[int]], int, WinType, list[str]]
"""Concealed hand before the tile, melds, the winning tile, how it came, the chain (飘 and kongs)."""


def _count_en(n: int, noun: str, rest: str) -> str:
    """"; 2 kongs in the chain", or nothing for none."""
    return f"; {n} {noun}{'s' if n != 1 else ''}{rest}" if n else ""


def _baotou_hand(rng: Rng, pool: TilePool, melds: int = 0) -> tuple[list[int], list[list[int]]] | None:
    sets = [pool.random_set(rng) for _ in range(4)]
    if any(s is None for s in sets) or not pool.take([FIXED.wild_kind]):
        return None
    groups = [s for s in sets if s is not None]
    return [t for g in groups[melds:] for t in g] + [FIXED.wild_kind], groups[:melds]


def _draw_any(rng: Rng, pool: TilePool) -> int:
    return pool.random_tiles(rng, 1)[0]


def _plain(rng: Rng, pool: TilePool, win_type: WinType, chain: list[str], kong: bool = False) -> Setup | None:
    got = standard_win(rng, pool, melds=0)
    if got is None:
        return None
    hand, _ = got
    melds: list[list[int]] = []
    if kong:
        f = rng.choice([x for x in pool.natural_faces() if pool.left[x] == 4])
        pool.take([f] * 4)
        melds = [[f] * 4]
        # a kong stands for one of the sets: drop a set's worth of tiles from the concealed part
        hand = hand[3:]
    tile = hand[rng.below(len(hand))]
    hand.remove(tile)
    return hand, melds, tile, win_type, chain


def _sevens(rng: Rng, pool: TilePool, wilds: int, quads: int, qike: bool, chain: list[str]) -> Setup | None:
    tiles = seven_pairs(rng, pool, wilds=wilds, quads=quads)
    if tiles is None:
        return None
    odd = [t for t in tiles if not FIXED.is_wild(t) and tiles.count(t) % 2]
    even = [t for t in tiles if not FIXED.is_wild(t) and tiles.count(t) % 2 == 0]
    pick = odd if qike and odd else even
    if not pick:
        return None
    tile = rng.choice(pick)
    tiles.remove(tile)
    return tiles, [], tile, WinType.SELF_DRAW, chain


def _setups(band: int) -> list[Callable[[Rng, TilePool], Setup | None]]:
    def baotou(chain: list[str], win_type: WinType = WinType.SELF_DRAW, melds: int = 0
               ) -> Callable[[Rng, TilePool], Setup | None]:
        def make(rng: Rng, pool: TilePool) -> Setup | None:
            got = _baotou_hand(rng, pool, melds)
            if got is None:
                return None
            hand, laid = got
            if "kong" in chain:
                f = rng.choice([x for x in pool.natural_faces() if pool.left[x] == 4])
                pool.take([f] * 4)
                laid = [*laid, [f] * 4]
                hand = hand[3:]
            return hand, laid, _draw_any(rng, pool), win_type, chain
        return make

    if band == 1:
        return [lambda r, p: _plain(r, p, WinType.SELF_DRAW, []), baotou([]), baotou([], melds=1),
                lambda r, p: _plain(r, p, WinType.DISCARD, [])]
    if band == 2:
        return [lambda r, p: _sevens(r, p, 1, 0, False, []), lambda r, p: _sevens(r, p, 0, 0, False, []),
                lambda r, p: _plain(r, p, WinType.REPLACEMENT, ["kong"], kong=True)]
    if band == 3:
        return [baotou(["piao"]), baotou(["kong"], WinType.REPLACEMENT), lambda r, p: _sevens(r, p, 1, 0, True, []),
                lambda r, p: _sevens(r, p, 0, 1, False, []), lambda r, p: _sevens(r, p, 1, 1, False, [])]
    return [baotou(["piao", "piao"]), baotou(["kong", "piao"]), baotou(["piao", "kong"], WinType.REPLACEMENT),
            lambda r, p: _plain(r, p, WinType.SELF_DRAW, ["piao"]), lambda r, p: _sevens(r, p, 1, 1, True, []),
            lambda r, p: _sevens(r, p, 1, 0, True, ["piao"])]


_HOW = {WinType.SELF_DRAW: ("自己摸到", "draw"),
        WinType.REPLACEMENT: ("开杠后补牌摸到", "draw as a kong replacement"),
        WinType.DISCARD: ("别人打出（放铳，庄家三老庄，一方是庄家）", "claim the discarded")}


def _chain_words(chain: list[str]) -> tuple[str, str]:
    if not chain:
        return "", ""
    zh = "、".join("打出一张财神（飘）" if c == "piao" else "开了一个杠" for c in chain)
    en = ", then ".join("threw a 财神 as a 飘" if c == "piao" else "declared a kong" for c in chain)
    return (f"自上次打出普通牌以来，依次{zh}。",
            f"Since the last discard of a plain tile, in order: {en}.")


def _label(key: str, fan: int, zh: str, en: str) -> dict[str, Any]:
    return {"value": f"{key}:{fan}", "zh": f"{zh}，{fan} 番", "en": f"{en}, {fan} fan"}


def make(rng: Rng, band: int) -> Question:
    """A pattern-and-fan question of this band."""
    ev: WinEvaluation | None = None
    while ev is None:
        setup = rng.choice(_setups(band))(rng, TilePool())
        if setup is None:
            continue
        hand, melds, tile, win_type, chain = setup
        m_turn = chain.count("kong") if win_type is WinType.REPLACEMENT and chain and chain[-1] == "kong" else 0
        ev = evaluate_win([*hand, tile], len(melds), tile, win_type, FIXED, chain=chain, m_turn=m_turn)
    right = _label(ev.pattern, ev.fan, ev.name_zh, ev.name_en)
    choices = [right]
    stock = list(_STOCK)
    rng.shuffle(stock)
    near = [s for s in stock if abs(s[1] - ev.fan) <= 1]
    for key, fan, zh, en in near + stock:
        c = _label(key, fan, zh, en)
        if len(choices) < 4 and c["value"] not in [x["value"] for x in choices] and c["zh"] != right["zh"]:
            choices.append(c)
    rng.shuffle(choices)
    how_zh, how_en = _HOW[win_type]
    ch_zh, ch_en = _chain_words(chain)
    pos = position(hand, melds, win_tile=TILE_NAMES[tile] + ("*" if FIXED.is_wild(tile) else ""),
                   win_type=win_type.value, chain=chain)
    state_zh = "暴头状态" if ev.baotou else "七客状态" if ev.qike else "不在暴头或七客状态"
    state_en = "in 暴头 state" if ev.baotou else "in 七客 state" if ev.qike else "in neither 暴头 nor 七客 state"
    ex_zh = (f"{ev.name_zh}，{ev.fan} 番（×{ev.multiplier}）。摸牌前{state_zh}"
             + (f"，飘 {ev.piao} 次" if ev.piao else "") + (f"，连杠 {ev.kongs} 个" if ev.kongs else "")
             + (f"，豪华 {ev.haohua} 组（四张一样的真牌）" if ev.haohua else "")
             + ("；飘只在暴头或七客胡牌时才算番" if chain.count("piao") and not ev.piao else "") + "。")
    ex_en = (f"{ev.name_en}, {ev.fan} fan (×{ev.multiplier}). Before the tile the hand was {state_en}"
             + (f"; {ev.piao} 飘" if ev.piao else "") + _count_en(ev.kongs, "kong", " in the chain")
             + _count_en(ev.haohua, "豪华 group", " of four natural tiles alike")
             + ("; a 飘 only counts for a 暴头 or 七客 win" if chain.count("piao") and not ev.piao else "") + ".")
    return Question(
        KIND, band, pos,
        f"{ch_zh}你{how_zh}{tile_word(tile, 'zh')}胡牌。这是什么番型，几番？",
        (ch_en + " " if ch_en else "") + f"You {how_en} {tile_word(tile, 'en')} and win. "
        "Which pattern is it, and how many fan?",
        "choice", right["value"], ex_zh, ex_en, choices=choices,
        shown=[pos["hand"], pos["win_tile"]])



def random_win(rng: Rng, band: int, discard: bool = False) -> tuple[Setup, WinEvaluation]:
    """A described win of this band and its evaluation (``discard``: a win on a discard, plain or seven pairs)."""
    while True:
        pool = TilePool()
        if discard:
            setup = (_plain(rng, pool, WinType.DISCARD, []) if band <= 2 or rng.random() < 0.5 else
                     _sevens(rng, pool, rng.below(2), rng.below(2) if band == 4 else 0, False, []))
            if setup is not None:
                setup = (*setup[:3], WinType.DISCARD, [])
        else:
            setup = rng.choice(_setups(band))(rng, pool)
        if setup is None or (not discard and setup[3] is WinType.DISCARD):
            continue
        hand, melds, tile, win_type, chain = setup
        m_turn = chain.count("kong") if win_type is WinType.REPLACEMENT and chain and chain[-1] == "kong" else 0
        ev = evaluate_win([*hand, tile], len(melds), tile, win_type, FIXED, chain=chain, m_turn=m_turn)
        if ev is not None:
            return setup, ev
