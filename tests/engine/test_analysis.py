"""Hand analysis (hzmj_core.analysis): analyze_hand and its AnalysisError, for the CLI, webapi and the tutorial."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest
from helpers import scenario

from hzmj_core import tutorial, webapi
from hzmj_core.analysis import Analysis, AnalysisError, analyze_hand, claimable_seats
from hzmj_core.tiles import NUM_KINDS, parse_tile
from hzmj_core.view import SeatView


def test_waits_count_tiles_outside_the_hand_and_the_indicator() -> None:
    d = analyze_hand("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s")
    assert d["waits"] == [{"tile": "2s", "remaining": 3}, {"tile": "5s", "remaining": 3}]
    # 翻财神 with 1s wild: the four P play as 1s, so a wait on 1s counts the P.
    d = analyze_hand("1m2m3m 4m5m6m 7p8p9p 2s3s 9s9s", wildcard="1s")
    assert d["waits"] == [{"tile": "1s", "remaining": 4}, {"tile": "4s", "remaining": 4}]


@pytest.mark.parametrize(("hand", "melds", "wildcard", "words"), [
    ("1x 2m", "", None, "bad token 'x'"),
    ("1m2m3m", "", "9x", "wildcard"),
    ("1m* 2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "", None, "marked as a wildcard"),
    ("1m1m1m1m1m 2m2m 3m3m 4m4m 5m5m", "", None, "5 copies of 1m"),
    ("5s5s5s5s 1m2m3m 4p5p6p 7s8s9s", "", "5s", "at most 3 exist (one is the turned-up indicator)"),
    ("1m2m3m", "", None, "analyze needs 13 or 14"),
])
def test_bad_hands_raise_analysis_error(hand: str, melds: str, wildcard: str | None, words: str) -> None:
    with pytest.raises(AnalysisError) as err:
        analyze_hand(hand, melds, wildcard)
    assert words in str(err.value)
    assert isinstance(err.value, ValueError)


def test_webapi_and_widget_pass_the_analysis_message_through_once() -> None:
    with pytest.raises(AnalysisError) as direct:
        analyze_hand("1m2m3m")
    with pytest.raises(webapi.ApiError) as api:
        webapi.call("analyze", json.dumps({"hand": "1m2m3m"}))
    assert str(api.value) == str(direct.value)
    with pytest.raises(AnalysisError):
        tutorial.hand_widget("1m2m3m")
    with pytest.raises(webapi.ApiError) as widget:
        webapi.call("hand_widget", json.dumps({"tiles": "1m2m3m"}))
    assert str(widget.value) == str(direct.value)


@pytest.mark.host_only  # a real subprocess: none in Pyodide
def test_cli_analyze_is_a_shell_over_analysis() -> None:
    out = subprocess.run([sys.executable, "-m", "hzmj_core", "analyze", "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "--json"],
                         capture_output=True, text=True, check=True)
    assert json.loads(out.stdout) == analyze_hand("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s")
    bad = subprocess.run([sys.executable, "-m", "hzmj_core", "analyze", "1m2m3m"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip() == f"error: {_message('1m2m3m')}"


def _message(hand: str) -> str:
    try:
        analyze_hand(hand)
    except AnalysisError as exc:
        return str(exc)
    raise AssertionError("no error")


def _counts(text: str) -> list[int]:
    c = [0] * NUM_KINDS
    for tok in text.split():
        c[parse_tile(tok)] += 1
    return c


def test_claimable_seats_pong_from_three_chow_from_one() -> None:
    c = _counts("2m 2m 4p 5p 7s 9s E")
    assert claimable_seats(c, parse_tile("2m")) == 3  # a pair: a pong from anyone
    assert claimable_seats(c, parse_tile("3p")) == 1  # 4p5p: a chow from the previous seat
    assert claimable_seats(c, parse_tile("6p")) == 1
    assert claimable_seats(c, parse_tile("8s")) == 1  # 7s_9s
    assert claimable_seats(c, parse_tile("1m")) == 0  # 2m alone beside it is not a run
    assert claimable_seats(c, parse_tile("E")) == 0  # one honour: no pong, and honours are never chowed
    assert claimable_seats(_counts("8p 9p 1s"), parse_tile("1s")) == 0  # runs do not wrap across suits


def test_claim_sources_leave_out_the_seats_the_tan_caps_close() -> None:
    # S1 (seat 0) has claimed twice from S4, its previous seat (two 摊, the cap away from the dealer): the pair
    # 6s can then be ponged from S2 and S3 only, and 3p, which 1p2p would chow, from nobody.
    base = SeatView.of(scenario({0: "2m4m7m9m 1p2p5p8p 1s5s6s6s7s"}, dealer=2), 0)
    counts, _ = Analysis(base).wc.split(base.hand)
    six, three = parse_tile("6s"), parse_tile("3p")
    tan = tuple((0, 0, 0, 2) if s == 0 else (0, 0, 0, 0) for s in range(4))
    capped = Analysis(base._replace(tan=tan))
    capped.weigh_claims(1.0, tan_caps=True)
    assert capped.claim_sources(counts, six, 0) == 2
    assert capped.claim_sources(counts, three, 0) == 0
    # Without the caps (the default) every seat counts, as claimable_seats says.
    plain = Analysis(base._replace(tan=tan))
    plain.weigh_claims(1.0)
    assert plain.claim_sources(counts, six, 0) == claimable_seats(counts, six) == 3
    assert plain.claim_sources(counts, three, 0) == claimable_seats(counts, three) == 1
    # When pongs do not count as 摊 (碰算摊 off), a pong is never capped; the chow still is.
    loose = Analysis(base._replace(tan=tan, options=replace(base.options, pong_counts_as_tan=False)))
    loose.weigh_claims(1.0, tan_caps=True)
    assert loose.claim_sources(counts, six, 0) == 3 and loose.claim_sources(counts, three, 0) == 0
    # In a claim window, the hand after the claim (one meld more) has that claim's 摊 on the discarder: one
    # claim on S2 before this one closes S2 too.
    once = tuple((0, 1, 0, 2) if s == 0 else (0, 0, 0, 0) for s in range(4))
    window = Analysis(base._replace(tan=once, claim_from=1))
    window.weigh_claims(1.0, tan_caps=True)
    assert window.claim_sources(counts, six, 0) == 2 and window.claim_sources(counts, six, 1) == 1
    # The weighed draws follow the sources: each useful copy counts 1 + weight × its open seats.
    sh = capped.shape(counts, 0)
    extra = sum(capped.claim_sources(counts, f, 0) * capped.unseen_face[f] for f in sh.improving)
    assert sh.shanten > 0 and sh.draws == sh.ukeire + extra < plain.shape(counts, 0).draws


def test_weigh_claims_adds_the_claimable_copies_of_a_far_hand_only() -> None:
    view = SeatView.of(scenario({0: "2m4m7m9m 1p2p5p8p 1s5s6s6s7s C"}, dealer=0), 0)
    plain = Analysis(view)
    an = Analysis(view)
    an.weigh_claims(0.5)
    five = parse_tile("5p")
    c, w = plain.without((five,))
    sh = plain.shape(c, w)
    assert sh.shanten == 3 and sh.draws == sh.ukeire
    extra = sum(claimable_seats(c, f) * plain.unseen_face[f] for f in sh.improving)
    assert extra > 0
    weighed = an.shape(c, w)
    assert weighed.ukeire == sh.ukeire and weighed.draws == sh.ukeire + 0.5 * extra
    # A ready hand's waits stay as they are (away from 3老 it wins by self-draw only).
    ready = SeatView.of(scenario({0: "1m2m3m 4p5p6p 7s8s9s 2m2m 5s6s E"}, dealer=0), 0)
    a0, a1 = Analysis(ready), Analysis(ready)
    a1.weigh_claims(1.0)
    e = parse_tile("E")
    assert a1.after_discard(e).shanten == 0 and a1.after_discard(e).draws == a0.after_discard(e).draws
