"""evaluate_win against the worked examples of rules.md §14 (fan per §6.3-§7)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from hzmj_core.fan import PATTERNS, WinEvaluation, WinType, evaluate_win, fan_table
from hzmj_core.tiles import Wildcards, parse_tiles

FIXED = Wildcards.fixed()
FLIP5S = Wildcards.flipped(parse_tiles("5s")[0])
SD = WinType.SELF_DRAW
REP = WinType.REPLACEMENT
DIS = WinType.DISCARD


class Row(NamedTuple):
    hand: str  # concealed hand before the winning tile
    tile: str | None  # the drawn / claimed tile
    win_type: WinType
    fan: int | None  # None: no win
    pattern: str | None = None
    name_zh: str | None = None
    melds: int = 0
    chain: tuple[str, ...] = ()
    m_turn: int = 0
    rule: Wildcards = FIXED
    must_baotou: bool = False


EXAMPLES: dict[str, Row] = {
    "EX1 zimo": Row("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "5s", SD, 0, "zimo", "自摸"),
    "EX4 baotou": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "N", SD, 1, "baotou", "暴头"),
    "EX5 second wildcard": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "P*", SD, 1, "baotou", "暴头"),
    "EX6 caipiao": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "3p", SD, 2, "caipiao", "财飘", chain=("piao",)),
    "EX7 double caipiao": Row(
        "P* 2m3m4m 6m7m8m 3p3p3p 7s8s9s", "2m", SD, 3, "caipiao", "双财飘", chain=("piao", "piao")
    ),
    "EX8 baotou with melds": Row("P* 4p5p6p 7s8s9s", "2s", SD, 1, "baotou", "暴头", melds=2),
    "EX9 gangkai": Row(
        "1m2m3m 4m5m6m 2p3p4p 9s", "9s", REP, 1, "gangkai", "杠开", melds=1, chain=("kong",), m_turn=1
    ),
    "EX10 gangbao": Row(
        "P* 1m2m3m 4m5m6m 2p3p4p", "E", REP, 2, "gangbao", "杠暴", melds=1, chain=("kong",), m_turn=1
    ),
    "EX10 win before the kong": Row("P* 7p7p7p 1m2m3m 4m5m6m 2p3p4p", "7p", SD, 1, "baotou"),
    "EX11 gangpiao": Row(
        "P* 1m2m3m 4m5m6m 2p3p4p", "9s", SD, 3, "gangpiao", "杠飘", melds=1, chain=("kong", "piao")
    ),
    "EX11 gangbao on the replacement P*": Row(
        "P* 1m2m3m 4m5m6m 2p3p4p", "P*", REP, 2, "gangbao", "杠暴", melds=1, chain=("kong",), m_turn=1
    ),
    "EX12 piaogang": Row(
        "P* 1m2m3m 4p5p6p 7p8p9p", "N", REP, 3, "piaogang", "飘杠", melds=1, chain=("piao", "kong"), m_turn=1
    ),
    "EX13 first replacement no win": Row(
        "9m9m9m9m 1m2m3m 4s5s 2p", "2p", REP, None, melds=1, chain=("kong",), m_turn=1
    ),
    "EX13 double gangkai": Row(
        "1m2m3m 4s5s 2p2p", "6s", REP, 2, "gangkai", "双杠开", melds=2, chain=("kong", "kong"), m_turn=2
    ),
    "EX14 piao then plain": Row(
        "P* 1m2m 4p5p6p 7s8s9s E E 9m9m", "3m", SD, 0, "zimo", "自摸", chain=("piao",)
    ),
    "EX15 qidui": Row("1m1m 3m3m 5p5p 7p7p E E C P* 9s", "C", SD, 1, "qidui", "七对子"),
    "EX16 qike": Row("1m1m 3m3m 5p5p 7p7p E E C C P*", "4s", SD, 2, "qike", "七客"),
    "EX17 qingqidui": Row("1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", SD, 2, "qingqidui", "清七对"),
    "EX18 haohua qingqidui": Row("2m2m2m2m 3m3m 5p5p 7p7p E E C", "C", SD, 3, "qingqidui", "豪华清七对"),
    "EX19 three naturals + wildcard": Row("2m2m2m P* 3m3m 5p5p 7p7p E E C", "C", SD, 1, "qidui", "七对子"),
    "EX20 qike draw N": Row("1m1m 3m3m 5p5p 7p7p E E P* P* 9s", "N", SD, 2, "qike", "七客"),
    "EX20 qike draw 9s": Row("1m1m 3m3m 5p5p 7p7p E E P* P* 9s", "9s", SD, 2, "qike", "七客"),
    "EX21 baotou and qike": Row("P* 1m1m2m2m3m3m 5p5p6p6p7p7p", "E", SD, 2, "qike", "七客"),
    "EX22 haohua qike": Row("5s5s5s5s 1m1m 3m3m 7p7p E E P*", "9m", SD, 3, "qike", "豪华七客"),
    "EX22 haohua qike after a piao": Row(
        "5s5s5s5s 1m1m 3m3m 7p7p E E P*", "9m", SD, 4, "qike", "豪华七客+1飘", chain=("piao",)
    ),
    "EX23a orphans": Row("1m9m 1p9p 1s9s E S W N C F P*", "1m", SD, None),
    "EX23b pairs with melds": Row("1m1m 3m3m 7p7p C", "C", SD, None, melds=2),
    "EX23c three odd faces": Row("1m1m 3m3m 5p5p 7p7p E E C P* 9s", "2s", SD, None),
    "EX24 dealer discard win": Row("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "5s", DIS, 0, "discard", "放铳胡"),
    "EX27 discard": Row("1m2m3m 4m5m6m 7s8s9s 2s3s4s 5p", "5p", DIS, 0, "discard"),
    "EX27 qidui on a discard": Row("1m1m 3m3m 7p7p E E C C 5p 9s P*", "5p", DIS, 1, "qidui", "七对子"),
    "EX29 baotou state refuses discard": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "4m", DIS, None),
    "EX29 wildcard discard": Row("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "P*", DIS, None),
    "EX31 discard 6p": Row("1m2m3m 4m5m6m 7s8s9s 4p5p E E", "6p", DIS, 0, "discard"),
    "qike state refuses discard": Row("1m1m 3m3m 5p5p 7p7p E E C C P*", "C", DIS, None),
    "qingqidui on a discard": Row("1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", DIS, 2, "qingqidui", "清七对"),
    "EX45 flipped qingqidui": Row("1m1m 3m3m P P 7p7p E E C C 9s", "9s", SD, 2, "qingqidui", rule=FLIP5S),
    "flipped qidui": Row("1m1m 3m3m P P 7p7p E E C 5s* 9s", "C", SD, 1, "qidui", rule=FLIP5S),
    "EX46 flipped haohua": Row(
        "P P P P 1m1m 7p7p E E C C 9s", "9s", SD, 3, "qingqidui", "豪华清七对", rule=FLIP5S
    ),
    "EX47 flipped baotou": Row("5s* 1m2m3m 4p5p6p 7s8s9s E E E", "N", SD, 1, "baotou", rule=FLIP5S),
    "EX45 P is no wildcard when flipped": Row("P 1m2m3m 4p5p6p 7s8s9s E E E", "N", SD, None, rule=FLIP5S),
    "EX51 must_baotou refuses EX14": Row(
        "P* 1m2m 4p5p6p 7s8s9s E E 9m9m", "3m", SD, None, chain=("piao",), must_baotou=True
    ),
    "EX51 must_baotou EX4": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "N", SD, 1, "baotou", must_baotou=True),
    "EX51 must_baotou EX16": Row("1m1m 3m3m 5p5p 7p7p E E C C P*", "4s", SD, 2, "qike", must_baotou=True),
    "EX51 must_baotou EX17": Row(
        "1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", SD, 2, "qingqidui", must_baotou=True
    ),
    "EX51 must_baotou refuses EX15": Row("1m1m 3m3m 5p5p 7p7p E E C P* 9s", "C", SD, None, must_baotou=True),
    "EX51 must_baotou refuses wildcard discard win": Row(
        "1m1m 3m3m 7p7p E E C C 5p 9s P*", "5p", DIS, None, must_baotou=True
    ),
    "EX51 must_baotou plain discard win": Row(
        "1m2m3m 4m5m6m 7s8s9s 4p5p E E", "6p", DIS, 0, "discard", must_baotou=True
    ),
    "EX52 rob kong": Row(
        "1m2m3m 4m5m6m 7s8s9s 4p5p E E", "6p", WinType.ROB_KONG, 1, "rob_kong", "拉杠胡"
    ),
    "rob kong in baotou state": Row("P* 1m2m3m 4p5p6p 7s8s9s E E E", "4m", WinType.ROB_KONG, None),
    "rob kong qingqidui": Row(
        "1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", WinType.ROB_KONG, 3, "rob_kong", "拉杠胡·清七对"
    ),
    "replacement without m_turn is plain": Row(
        "1m2m3m 4m5m6m 2p3p4p 9s", "9s", REP, 0, "zimo", melds=1, chain=("kong",), m_turn=0
    ),
    "triple gangbao": Row(
        "P*", "2m", REP, 4, "gangbao", "三杠暴", melds=4, chain=("kong", "kong", "kong"), m_turn=3
    ),
    "2 piao 1 gang": Row(
        "P* 1m2m3m 4m5m6m 2p3p4p", "E", REP, 4, "piao_gang_general", "2飘1杠", melds=1,
        chain=("piao", "kong", "piao"), m_turn=1,
    ),
    "triple caipiao": Row(
        "P* 1m2m3m 4p5p6p 7s8s9s E E E", "3p", SD, 4, "caipiao", "三财飘", chain=("piao",) * 3
    ),
    "piao does not count for gangkai": Row(
        "1m2m3m 4m5m6m 2p3p4p 9s", "9s", REP, 1, "gangkai", "杠开", melds=1, chain=("piao", "kong"), m_turn=1
    ),
}


def _run(row: Row, win_type: WinType | None = None, tile: str | None = "same") -> WinEvaluation | None:
    concealed = parse_tiles(row.hand) + ([] if row.tile is None else parse_tiles(row.tile))
    t = row.tile if tile == "same" else tile
    return evaluate_win(
        concealed,
        row.melds,
        None if t is None else parse_tiles(t)[0],
        win_type or row.win_type,
        row.rule,
        chain=row.chain,
        m_turn=row.m_turn,
        must_baotou=row.must_baotou,
    )


@pytest.mark.parametrize("row", EXAMPLES.values(), ids=EXAMPLES.keys())
def test_worked_examples(row: Row) -> None:
    ev = _run(row)
    if row.fan is None:
        assert ev is None
        return
    assert ev is not None
    assert ev.fan == row.fan
    assert ev.pattern == row.pattern
    if row.name_zh is not None:
        assert ev.name_zh == row.name_zh


@pytest.mark.parametrize(
    ("key", "fan"),
    [("EX1 zimo", 0), ("EX4 baotou", 1), ("EX18 haohua qingqidui", 3), ("EX21 baotou and qike", 2),
     ("EX23a orphans", None),
     # EX15's 14 tiles: taking 9s (or C) as the drawn tile leaves a 七客-state hand.
     ("EX15 qidui", 2)],
)
def test_dealer_first_turn_takes_the_best_tile(key: str, fan: int | None) -> None:
    """§2: each of the 14 tiles is tried as the drawn tile; the highest F counts."""
    row = EXAMPLES[key]
    ev = _run(row, WinType.DEALER_FIRST, None)
    assert (None if ev is None else ev.fan) == fan


def test_dealer_first_turn_baotou_does_not_depend_on_deal_order() -> None:
    # EX4's 14 tiles: P* taken as the drawn tile leaves no wildcard (no 暴头); N as drawn gives 暴头.
    concealed = parse_tiles("P* 1m2m3m 4p5p6p 7s8s9s E E E N")
    ev = evaluate_win(concealed, 0, parse_tiles("P*")[0], WinType.SELF_DRAW, FIXED)
    assert ev is not None and ev.fan == 0 and ev.pattern == "zimo"
    ev = evaluate_win(concealed, 0, None, WinType.DEALER_FIRST, FIXED)
    assert ev is not None and ev.fan == 1 and ev.baotou


def test_evaluation_fields_and_json() -> None:
    ev = _run(EXAMPLES["EX22 haohua qike after a piao"])
    assert ev is not None
    data = ev.to_json()
    assert data["fan"] == 4 and data["form"] == "seven_pairs" and data["haohua"] == 1
    assert data["qike"] is True and data["baotou"] is False
    assert data["piao"] == 1 and data["has_wildcard"] is True
    assert data["winning_tile"] == "9m"
    assert ev.multiplier == 16


def test_bad_input() -> None:
    hand = parse_tiles("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s")
    with pytest.raises(ValueError):
        evaluate_win(hand[:-1], 0, hand[0], SD, FIXED)
    with pytest.raises(ValueError):
        evaluate_win(hand, 0, None, SD, FIXED)
    with pytest.raises(ValueError):
        evaluate_win(hand, 0, parse_tiles("E")[0], SD, FIXED)
    with pytest.raises(ValueError):
        evaluate_win(hand, 0, hand[0], SD, FIXED, chain=("chow",))


def test_registry() -> None:
    keys = [p.key for p in PATTERNS]
    assert len(keys) == len(set(keys))
    used = {row.pattern for row in EXAMPLES.values() if row.pattern}
    assert used == set(keys), "every pattern is exercised by an example"
    table = fan_table()
    assert [r["key"] for r in table] == keys
    assert all(r["name_zh"] and r["name_en"] for r in table)
