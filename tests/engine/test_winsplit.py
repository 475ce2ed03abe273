"""The winning hand's split into sets and a pair (result screens): it uses exactly the winner's tiles,
every group is a real set or pair of faces, and it agrees with the evaluation (七对, 暴头)."""

from __future__ import annotations

from collections import Counter

import pytest

from hzmj_core.bots import make_bot
from hzmj_core.match import Match
from hzmj_core.options import Options
from hzmj_core.tiles import TILE_NAMES, Wildcards, is_honor, parse_tiles
from hzmj_core.view import SeatView
from hzmj_core.winsplit import split_win


def faces(split_json: dict[str, object]) -> list[list[str]]:
    return [[t["face"] for t in g] for g in split_json["groups"]]  # type: ignore[index, union-attr]


def is_set_or_pair(fs: list[str]) -> bool:
    if len(fs) == 2:
        return fs[0] == fs[1]
    if len(set(fs)) == 1:
        return True
    ks = sorted(TILE_NAMES.index(f) for f in fs)
    return not is_honor(ks[0]) and ks[0] // 9 == ks[2] // 9 and ks == [ks[0], ks[0] + 1, ks[0] + 2]


def test_a_wildcard_fills_the_gap_of_a_run_and_shows_that_face() -> None:
    s = split_win(parse_tiles("123m456m789m12pEEP"), Wildcards.fixed(), "standard", parse_tiles("2p")[0])
    assert s is not None
    assert ["1p", "2p", "3p"] in faces(s.to_json())
    wild = [t for g in s.to_json()["groups"] for t in g if t["tile"] == "P"]  # type: ignore[union-attr]
    assert wild == [{"tile": "P", "face": "3p"}]


def test_baotou_pairs_the_winning_tile_with_a_wildcard() -> None:
    s = split_win(parse_tiles("123m456m789m12pEPP"), Wildcards.fixed(), "standard", parse_tiles("E")[0], baotou=True)
    assert s is not None and s.winning is not None
    g = s.to_json()["groups"][s.winning[0]]  # type: ignore[index]
    assert g == [{"tile": "E", "face": "E"}, {"tile": "P", "face": "E"}]


def test_seven_pairs_and_a_flipped_stand_in() -> None:
    s = split_win(parse_tiles("11m22m33m44p55p66sPP"), Wildcards.fixed(), "seven_pairs")
    assert s is not None and len(s.groups) == 7
    # 翻财神 with 1m wild: the white dragons are natural tiles whose face is 1m
    f = split_win(parse_tiles("123m456m789m111pPP"), Wildcards.flipped(0), "standard")
    assert f is not None
    assert [{"tile": "P", "face": "1m"}, {"tile": "P", "face": "1m"}] in f.to_json()["groups"]  # type: ignore[operator]
    assert split_win(parse_tiles("123m456m789m12pEW"), Wildcards.fixed(), "standard") is None


@pytest.mark.parametrize("mode", ["fixed", "flipped"])
def test_every_win_of_bot_matches_splits_into_the_winners_tiles(mode: str) -> None:
    wins = 0
    for seed in range(12):
        m = Match(Options(wildcard_mode=mode), seed)  # type: ignore[arg-type]
        bots = [make_bot("basic", seed * 4 + s) for s in range(4)]
        for _ in range(4):
            r = m.round
            while not r.is_over:
                seat = r.deciding_seats()[0]
                r.apply(bots[seat].decide(SeatView.of(r, seat, (50, 50, 50, 50))).action)
            res = r.result
            if res is not None and res.winner is not None and res.evaluation is not None:
                ev = res.evaluation
                s = split_win(res.hands[res.winner], r.wildcards, ev.form, res.winning_tile, ev.baotou)
                assert s is not None, (seed, [TILE_NAMES[t] for t in res.hands[res.winner]])
                j = s.to_json()
                tiles = Counter(t["tile"] for g in j["groups"] for t in g)  # type: ignore[union-attr]
                assert tiles == Counter(TILE_NAMES[t] for t in res.hands[res.winner])
                assert all(is_set_or_pair(fs) for fs in faces(j))
                assert sum(len(g) == 2 for g in j["groups"]) == (7 if ev.form == "seven_pairs" else 1)  # type: ignore[union-attr]
                assert s.winning is not None
                wins += 1
            if m.over:
                break
            m.finish_hand()
    assert wins >= 5
