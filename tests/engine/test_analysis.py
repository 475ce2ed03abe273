"""Hand analysis (hzmj_core.analysis): analyze_hand and its AnalysisError, for the CLI, webapi and the tutorial."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from hzmj_core import tutorial, webapi
from hzmj_core.analysis import AnalysisError, analyze_hand


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
