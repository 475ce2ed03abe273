"""Hints: 听牌 per discard, 进张, suggestion, blocked-action explanations (JSON-ready)."""

from __future__ import annotations

import json

from helpers import pass_claims, scenario

from hzmj_core.actions import ActionType
from hzmj_core.cli import main
from hzmj_core.hints import hints, hints_text
from hzmj_core.round import Round


def _codes(h: dict[str, object]) -> set[str]:
    return {b["code"] for b in h["blocked"]}  # type: ignore[attr-defined,index]


def test_ting_per_discard_with_unseen_counts() -> None:
    r = scenario({0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 9m"}, dealer=0)
    h = hints(r, 0)
    by = {t["discard"]: t for t in h["ting"]}
    assert "9m" in by
    waits = {w["tile"]: w["remaining"] for w in by["9m"]["waits"]}
    assert waits == {"2s": 3, "5s": 3}
    assert by["9m"]["total"] == 6 + 4  # three natural 2s and 5s each, four unseen 财神
    assert h["suggestion"] is not None and h["suggestion"]["action"]["type"] == "discard"
    # the coach's (the expert's) grounds: the best of its draw-ahead, and the waits
    assert {"code": "waits", "params": {"waits": [["2s", 3], ["5s", 3]], "total": 10}} in h["suggestion"]["why"]
    assert "waiting on 2 of Bamboo (3 left) or 5 of Bamboo (3 left): 10 tiles in all" in h["suggestion"]["reason_en"]
    json.dumps(h, ensure_ascii=False)


def test_baotou_any_tile_wins() -> None:
    r = scenario({0: "P* 1m2m3m 4p5p6p 7s8s9s E E E N"}, dealer=0)
    h = hints(r, 0)
    n = next(t for t in h["ting"] if t["discard"] == "N")
    assert n["any_tile"] and n["baotou"] and n["waits"] == []
    assert "摸什么都胡" in hints_text(h)


def test_jinzhang_for_a_hand_not_ready() -> None:
    r = Round.deal(dealer=0, seed=3)
    h = hints(r, 0)
    assert h["ting"] == [] and h["jinzhang"]
    best = h["jinzhang"][0]
    assert best["shanten"] == h["shanten"] and best["count"] == max(j["count"] for j in h["jinzhang"])


def test_blocked_no_discard_win_below_three_lao() -> None:
    r = scenario({0: "5s 9m 1p N N C C F F W W S S E", 2: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"}, dealer=0, streak=1)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and a.tile == 22))
    pass_claims(r)
    h = hints(r, 2)
    assert "no_discard_win_streak" in _codes(h)


def test_blocked_wildcard_and_freeze() -> None:
    r = scenario({0: "P* 9m 1p N N C C F F W W S S E"}, dealer=0)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and a.tile == 33))
    pass_claims(r)
    assert "wildcard_claim" in _codes(hints(r, 2))
    h1 = hints(r, 1)  # S1 has drawn and is bound by the freeze
    assert "zhuada" in _codes(h1)
    assert h1["suggestion"]["action"]["type"] in ("discard", "win", "concealed_kong")


def test_blocked_chow_ban() -> None:
    r = scenario({0: "4m 9m 1p N N C C F F W W S S E", 1: "5m6m 1p2p3p 7s8s9s E S W N C"}, dealer=0)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and a.tile == 3))
    chow = next(a for a in r.legal_actions(1) if a.type is ActionType.CHOW)
    r.apply(chow)
    pass_claims(r)
    assert "chow_ban" in _codes(hints(r, 1))


def test_blocked_tan_cap() -> None:
    r = scenario({0: "4m 9m 1p N N C C F F W W S S E", 1: "5m6m 1p2p3p 7s8s9s E S W N C"}, dealer=0, streak=1)
    r.tan[1][0] = 2
    r.drop_caches()
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and a.tile == 3))
    pass_claims(r)
    assert "tan_cap" in _codes(hints(r, 1))


def test_hint_cli(capsys: object) -> None:
    assert main(["hint", "--seed", "3", "--streak", "3", "--json"]) == 0
    out = capsys.readouterr().out  # type: ignore[attr-defined]
    data = json.loads(out)
    assert data["seat"] == 0 and data["suggestion"] is not None
    assert main(["hint"]) == 2
