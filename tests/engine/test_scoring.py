"""Payments (rules.md §10): shares, who pays, 三摊承包 / 倒承包 — settle() tables from §14 and real games."""

from __future__ import annotations

import pytest
from helpers import act, discard_drawn, junk, lap, legal, pass_claims, scenario
from hypothesis import given
from hypothesis import strategies as st

from hzmj_core.round import Round
from hzmj_core.scoring import PaymentReason, settle, shares

D = PaymentReason.DISCARDER
K = PaymentReason.KONGER


def tan_matrix(*pairs: tuple[int, int, int]) -> list[list[int]]:
    """tan[a][b] = n for each (a, b, n)."""
    m = [[0] * 4 for _ in range(4)]
    for a, b, n in pairs:
        m[a][b] = n
    return m


# name: (winner, F, dealer, L, b, payer, reason, tan pairs, chengbao, deltas)
SETTLE = {
    "EX1 plain self-draw": (1, 0, 0, 1, 1, None, D, (), True, (-2, 4, -1, -1)),
    "EX2 same at L=3": (1, 0, 0, 3, 1, None, D, (), True, (-8, 10, -1, -1)),
    "EX3 dealer L=2 b=2": (0, 0, 0, 2, 2, None, D, (), True, (24, -8, -8, -8)),
    "EX4 baotou": (2, 1, 0, 1, 1, None, D, (), True, (-4, -2, 8, -2)),
    "EX7 double caipiao dealer L=3": (0, 3, 0, 3, 1, None, D, (), True, (192, -64, -64, -64)),
    "EX9 gangkai L=2": (3, 1, 0, 2, 1, None, D, (), True, (-8, -2, -2, 12)),
    "EX12 piaogang dealer": (0, 3, 0, 1, 1, None, D, (), True, (48, -16, -16, -16)),
    "EX22 haohua qike": (2, 3, 0, 1, 1, None, D, (), True, (-16, -8, 32, -8)),
    "EX24 discard into dealer": (0, 0, 0, 3, 1, 2, D, (), True, (24, 0, -24, 0)),
    "EX26 dealer discards": (3, 0, 0, 3, 1, 0, D, (), True, (-10, 0, 0, 10)),
    "EX27 seven pairs on discard": (1, 1, 0, 3, 1, 0, D, (), True, (-20, 20, 0, 0)),
    "EX52 robbed kong": (0, 1, 0, 2, 1, 3, K, (), True, (24, 0, 0, -24)),
    "EX41 chengbao self-draw": (1, 1, 0, 3, 1, None, D, ((1, 0, 3),), True, (-20, 20, 0, 0)),
    "EX42 dao chengbao": (0, 0, 0, 3, 1, None, D, ((1, 0, 3),), True, (48, -48, 0, 0)),
    "EX43 chain": (0, 0, 0, 3, 1, None, D, ((0, 3, 3), (1, 0, 3)), True, (72, -48, 0, -24)),
    "EX44 contract + discard": (0, 0, 0, 3, 1, 2, D, ((0, 3, 3),), True, (48, 0, -24, -24)),
    "EX44 contractor discards": (0, 0, 0, 3, 1, 3, D, ((0, 3, 3),), True, (48, 0, 0, -48)),
    "both roles pay 3T": (0, 0, 0, 3, 1, None, D, ((0, 1, 3), (1, 0, 3)), True, (72, -72, 0, 0)),
    "two claims are no contract": (1, 1, 0, 3, 1, None, D, ((1, 0, 2),), True, (-16, 20, -2, -2)),
    "chengbao off ignores 3 claims": (1, 1, 0, 3, 1, None, D, ((1, 0, 3),), False, (-16, 20, -2, -2)),
    "non-dealer winner, dealer 2": (3, 2, 2, 2, 3, None, D, (), True, (-12, -12, -48, 72)),
}


@pytest.mark.parametrize("name", list(SETTLE))
def test_settle_table(name: str) -> None:
    w, fan, dealer, lao, b, payer, reason, pairs, cb, deltas = SETTLE[name]
    st_ = settle(w, fan, dealer, lao, b, payer, reason, tan_matrix(*pairs), cb)
    assert st_.deltas == deltas
    assert sum(st_.deltas) == 0
    assert st_.deltas[w] == sum(p.amount for p in st_.payments)


def test_ex44_payment_reasons() -> None:
    st_ = settle(0, 0, 0, 3, 1, 2, D, tan_matrix((0, 3, 3)))
    assert st_.total == 24
    assert [(p.payer, p.amount, p.reason) for p in st_.payments] == [
        (2, 24, PaymentReason.DISCARDER), (3, 24, PaymentReason.CHENGBAO)]


def test_ex42_dao_chengbao_reason() -> None:
    st_ = settle(0, 0, 0, 3, 1, None, D, tan_matrix((1, 0, 3)))
    assert [(p.payer, p.amount, p.reason) for p in st_.payments] == [(1, 48, PaymentReason.DAO_CHENGBAO)]


def test_shares_z_factor() -> None:
    # 庄闲分: 1老2 2老4 3老8 between dealer and non-dealer, 1 between non-dealers
    assert shares(1, 0, 0, 1, 1) == (2, 0, 1, 1)
    assert shares(1, 0, 0, 2, 1) == (4, 0, 1, 1)
    assert shares(1, 0, 0, 3, 1) == (8, 0, 1, 1)
    assert shares(0, 2, 0, 3, 2) == (0, 64, 64, 64)


@given(w=st.integers(0, 3), fan=st.integers(0, 8), dealer=st.integers(0, 3), lao=st.integers(1, 3),
       b=st.integers(1, 5), payer=st.one_of(st.none(), st.integers(0, 3)),
       tan=st.lists(st.lists(st.integers(0, 4), min_size=4, max_size=4), min_size=4, max_size=4),
       cb=st.booleans())
def test_settle_properties(w: int, fan: int, dealer: int, lao: int, b: int, payer: int | None,
                           tan: list[list[int]], cb: bool) -> None:
    if payer == w:
        payer = (w + 1) % 4
    for i in range(4):
        tan[i][i] = 0
    s = settle(w, fan, dealer, lao, b, payer, D, tan, cb)
    assert sum(s.deltas) == 0
    z = 2**lao
    expect_t = 3 * b * 2**fan * z if w == dealer else b * 2**fan * (z + 2)
    assert s.total == expect_t
    r1 = {x for x in range(4) if x != w and tan[w][x] >= 3} if cb else set()
    r2 = {a for a in range(4) if a != w and tan[a][w] >= 3} if cb else set()
    expect = [0, 0, 0, 0]
    if payer is not None:
        expect[payer] -= expect_t
    elif not r1 and not r2:
        for p in range(4):
            if p != w:
                expect[p] -= s.shares[p]
    for x in r1:
        expect[x] -= expect_t
    for a in r2:
        expect[a] -= 2 * expect_t
    expect[w] = -sum(expect)
    assert list(s.deltas) == expect


# --------------------------------------------------------------------------- contracts in real games

S1_PONGS = "E E S S W W P 1m2m3m N F C"


def contract_round(s0_rest: str, draws: list[str]) -> Round:
    """L = 3: S1 pongs E, S and W from the dealer S0 ("S1 吃 S0 三摊"), ending in 暴头 state P 1m2m3m."""
    return scenario({0: "E S W " + s0_rest, 1: S1_PONGS}, draws=" ".join(draws), streak=3)


def three_pongs(r: Round) -> None:
    for face, drop in (("E", "N"), ("S", "F"), ("W", "C")):
        pass_claims(r)
        act(r, f"S0 discard {face}")
        assert f"S1 pong {face}{face}" in legal(r, 1)
        act(r, f"S1 pong {face}{face}")
        pass_claims(r)
        act(r, f"S1 discard {drop}")
        lap(r, 2, 3)
        pass_claims(r)
    assert r.tan[1][0] == 3


def test_ex41_chengbao_through_a_game() -> None:
    fill = junk(7, S1_PONGS, "E S W", avoid="E S W P")
    f = fill.split()
    r = contract_round("", [*f[:6], f[6]])
    three_pongs(r)
    discard_drawn(r, 0)
    pass_claims(r)
    # S1 now draws and wins by 暴头 (F = 1); S0 pays everything (T = 1×2×(8+1+1) = 20)
    act(r, "S1 win")
    assert r.result is not None and r.result.evaluation is not None and r.result.evaluation.fan == 1
    assert r.result.deltas == (-20, 20, 0, 0)


def test_ex42_dao_chengbao_through_a_game() -> None:
    s0_rest = "1m2m3m 4m5m6m 7p8p9p 2s3s"
    j = junk(6, S1_PONGS, s0_rest, "E S W 4s 9m 9m", avoid="E S W P 9m 1s 4s")
    f = j.split()
    # draws: S2, S3, S0 (4s, kept), S2, S3, S0 (9m, kept), S2, S3, S0 (9m: wins)
    r = contract_round(s0_rest, [f[0], f[1], "4s", f[2], f[3], "9m", f[4], f[5], "9m"])
    three_pongs(r)
    assert r.current == 0
    act(r, "S0 win")
    assert r.result is not None and r.result.evaluation is not None and r.result.evaluation.fan == 0
    assert r.result.deltas == (48, -48, 0, 0)
