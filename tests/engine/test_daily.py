"""每日挑战: the day's deals from the date, par, result codes and their verification, the page's session."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path

import pytest

from hzmj_core import daily, webapi
from hzmj_core.actions import ActionType
from hzmj_core.daily import DailyCodeError, DailyError, DailySession
from hzmj_core.rng import derive_seed
from hzmj_core.session import SessionError
from hzmj_core.view import SeatView

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 3, 15)


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hzmj_core", "daily", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120, check=False)


def test_the_date_in_china_standard_time_gives_the_day() -> None:
    before = datetime.datetime(2026, 3, 14, 15, 59, 59, tzinfo=datetime.UTC)
    after = datetime.datetime(2026, 3, 14, 16, 0, 0, tzinfo=datetime.UTC)
    assert daily.today(before) == datetime.date(2026, 3, 14)
    assert daily.today(after) == datetime.date(2026, 3, 15)  # midnight in Hangzhou
    assert daily.seconds_to_next(before) == 1
    assert daily.seconds_to_next(after) == 24 * 3600
    assert daily.day_seed(DAY) == derive_seed(daily.DAILY_SALT, 2026, 3, 15)


def test_the_same_date_gives_the_same_challenge_and_other_dates_differ() -> None:
    one, again = daily.challenge(DAY), daily.challenge(datetime.date(2026, 3, 15))
    assert one == again
    assert [d["dealer"] for d in one["deals"]] == [0, 1, 2, 3]  # each seat deals once
    walls = set()
    for k in range(6):
        day = DAY + datetime.timedelta(days=k)
        m = daily.DailyMatch(daily.day_seed(day))
        walls.add(tuple(m.round.hands[0]))
        assert len({d["seed"] for d in daily.deals(daily.day_seed(day))}) == 4
    assert len(walls) == 6  # six days, six different first hands for the player


def test_the_four_deals_are_dealt_by_each_seat_and_the_match_ends_after_them() -> None:
    run = daily.par_run(daily.day_seed(DAY))
    per_deal = run.play()
    history = run.match.history
    assert [h.dealer for h in history] == [0, 1, 2, 3]
    assert [h.streak for h in history] == [1, 1, 1, 1]
    assert run.match.over and len(per_deal) == 4
    assert per_deal == daily.par(daily.day_seed(DAY))


@pytest.mark.parametrize("day", [DAY, datetime.date(2026, 12, 8)])
def test_the_experts_own_play_scores_exactly_zero(day: datetime.date) -> None:
    out = daily.play_with(day, "expert", "Par")
    assert out["score"] == 0 and out["points"] == out["par"]
    assert all(p["difference"] == 0 for p in out["per_deal"])


def test_a_code_round_trips_and_verifies_with_the_score_recomputed() -> None:
    out = daily.play_with(DAY, "basic", "小明\x07 \u200bLee\n")
    verified = daily.verify(out["code"])
    assert verified["valid"] is True and verified["date"] == "2026-03-15"
    assert verified["name"] == "小明 Lee"  # control and format characters removed
    for key in ("points", "par", "score", "per_deal"):
        assert verified[key] == out[key]
    assert daily.verify(f"https://example.org/hzmj/#daily={out['code']}") == verified  # a link verifies too
    # other choices under a valid check: the score comes from replaying them, not from the code
    d = daily.decode(out["code"])
    other = daily.encode(DAY, "小明 Lee", [0] * 200, [2] * 200)
    assert daily.decode(other).packed != d.packed
    replayed = daily.verify(other) if daily.pack_choices([0] * 200, [2] * 200) == 0 else None
    assert replayed is not None and replayed["per_deal"] != [] and replayed["par"] == verified["par"]


def test_a_code_fits_in_200_characters_on_a_typical_day() -> None:
    lengths = []
    for k, level in enumerate(("basic", "strong", "normal", "easy")):
        out = daily.play_with(DAY + datetime.timedelta(days=k), level, "王小明 Wang")
        lengths.append(len(out["code"]))
    assert max(lengths) <= 200, lengths


def test_an_edited_or_damaged_code_is_refused() -> None:
    code = daily.play_with(DAY, "basic", "Ann")["code"]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i, c in enumerate(code):
        for other in (alphabet[(alphabet.index(c) + 1) % 64], alphabet[(alphabet.index(c) + 33) % 64]):
            edited = code[:i] + other + code[i + 1:]
            with pytest.raises(DailyCodeError) as info:
                daily.verify(edited)
            assert info.value.reason.code in ("daily_code_damaged", "daily_code_length"), (i, edited)
    for bad, why in [("", "daily_code_empty"), ("abc$def", "daily_code_characters"), (code[:5], "daily_code_length"),
                     (code[:4], "daily_code_short"), (code[:-4], "daily_code_damaged"),
                     (code + "AAAA", "daily_code_damaged")]:
        with pytest.raises(DailyCodeError) as info:
            daily.verify(bad)
        assert info.value.reason.code == why, bad


def test_choices_left_over_after_the_four_deals_are_refused() -> None:
    run = daily.DayRun(daily.day_seed(DAY), daily.bot_chooser("basic", daily.day_seed(DAY)))
    run.play()
    code = daily.encode(DAY, "", [*run.choices, 1], [*run.radices, 2])
    with pytest.raises(DailyCodeError) as info:
        daily.verify(code)
    assert info.value.reason.code == "daily_code_left_over"


def test_bad_dates_and_names_are_refused_by_name() -> None:
    for bad in ("2026-3-5", "2026-02-30", "tomorrow", 20260315):
        with pytest.raises(DailyError) as info:
            daily.parse_date(bad)
        assert info.value.reason is not None and info.value.reason.code == "daily_date_form"
    with pytest.raises(DailyError, match="starts on 2024-01-01"):
        daily.parse_date("2023-12-31")
    assert daily.clean_name("  a\tb\x00c  ") == "a bc"
    assert len(daily.clean_name("x" * 100)) == daily.NAME_CHARS


def test_the_daily_hecut_follows_the_weekday_and_is_graded_with_every_value_shown() -> None:
    monday = datetime.date(2026, 3, 9)
    asked = [daily.hecut_json(monday + datetime.timedelta(days=k))["band_asked"] for k in range(7)]
    assert asked == list(daily.WEEKDAY_BANDS) and asked[0] == 1 and asked[-1] == 4
    assert asked == sorted(asked)
    q = daily.hecut_json(DAY)
    assert q == daily.hecut_json(DAY) and "answer" not in q
    right = daily.hecut_answer(DAY, q["accepted"][0] if "accepted" in q else daily.hecut_question(DAY).answer)
    assert right["right"] is True
    values = right["position"]["values"]
    assert set(values) == {c["value"] for c in q["choices"]}
    wrong = [c["value"] for c in q["choices"] if c["value"] not in right["accepted"]]
    assert wrong and daily.hecut_answer(DAY, wrong[0])["right"] is False
    for tile in values:  # the explanation gives every choice's value
        assert f"{values[tile]:+.2f}" in right["explanation_en"]
    with pytest.raises(DailyError):
        daily.hecut_answer(DAY, "9x")


def _expert_session(day: datetime.date, stop_after: int | None = None) -> DailySession:
    """The page's session, seat 0's choices made by the expert as par makes them."""
    s = DailySession(day, "Page")
    choose = daily.bot_chooser("expert", s.seed)
    acted = 0
    while not s.match.over:
        if stop_after is not None and acted >= stop_after and 0 in s.human_deciding():
            break
        if s.bots_due():
            s.bot_step()
        elif s.match.round.is_over:
            s.next_hand()
        else:
            legal = s.match.round.legal_actions(0)
            s.act(legal[choose(s.match, legal)].to_json())
            acted += 1
    return s


def test_the_pages_session_plays_the_day_as_the_engine_replays_it() -> None:
    s = _expert_session(DAY)
    result = s.result()
    assert result["score"] == 0 and result["per_deal"] == daily.play_with(DAY, "expert")["per_deal"]
    assert daily.verify(result["code"])["score"] == 0
    assert s.state()["daily"] == {"date": "2026-03-15", "deal": 4, "deals": 4, "practice": False, "name": "Page"}
    with pytest.raises(SessionError):
        s.hint()  # no hints in the challenge: the deep hint is the expert's move, par's
    with pytest.raises(SessionError) as info:
        DailySession(DAY).result()
    assert info.value.reason is not None and info.value.reason.code == "daily_not_over"


def test_a_finished_challenge_resumes_finished_through_the_pages_restore() -> None:
    s = _expert_session(DAY)
    state = json.loads(webapi.call("restore", json.dumps({"save": json.dumps(s.save())})))  # the page's JSON text
    assert state["match"]["over"] and state["daily"]["date"] == "2026-03-15"
    back = webapi.current_session()
    assert isinstance(back, DailySession) and back.result() == s.result()
    webapi.reset()


def test_a_challenge_in_progress_resumes_from_its_save() -> None:
    s = _expert_session(DAY, stop_after=23)
    save = json.loads(json.dumps(s.save()))
    back = DailySession.resume(save)
    assert back.state() == s.state()
    assert back.choices == s.choices and back.radices == s.radices
    for broken in ({**save["daily"], "choices": [*save["daily"]["choices"], *[0] * 500]},
                   {**save["daily"], "choices": [*save["daily"]["choices"][:-1], 99]}, {**save["daily"], "booked": 9}):
        with pytest.raises(SessionError):
            DailySession.resume({"version": 1, "daily": broken})


def test_webapi_plays_computes_par_step_by_step_and_verifies() -> None:
    def call(method: str, **args: object) -> object:
        return json.loads(webapi.call(method, json.dumps(args)))

    webapi.reset()
    now = int(datetime.datetime(2026, 3, 14, 16, 30, tzinfo=datetime.UTC).timestamp() * 1000)
    assert call("daily_today", now=now) == {"date": "2026-03-15", "seconds_to_next": 23 * 3600 + 1800,
                                            "first": "2024-01-01"}
    info = call("daily_info", date="2026-03-15")
    assert isinstance(info, dict) and info["seed"] == str(daily.day_seed(DAY))
    steps: list[object] = []
    while not steps or not steps[-1]["done"]:  # type: ignore[index]
        steps.append(call("daily_par_step", date="2026-03-15", budget_ms=1))  # a decision or so per call
    assert len(steps) > 40
    assert steps[-1]["per_deal"] == daily.par(daily.day_seed(DAY))  # type: ignore[index]
    state = call("daily_start", date="2026-03-15", name="Web")
    assert isinstance(state, dict) and state["daily"]["deal"] == 1 and state["table"]["hints"] is False
    with pytest.raises(webapi.ApiError) as info_err:
        call("daily_result")
    assert info_err.value.reason is not None and info_err.value.reason.code == "daily_not_over"
    with pytest.raises(webapi.ApiError) as bad:
        call("daily_verify", code="AAAAAAAAAAAAAAAA")
    assert bad.value.reason is not None and bad.value.reason.code == "daily_code_damaged"
    with pytest.raises(webapi.ApiError) as bad_date:
        call("daily_start", date="2026-02-30")
    assert bad_date.value.reason is not None and bad_date.value.reason.code == "daily_date_form"
    code = daily.play_with(DAY, "basic", "Link")["code"]
    checked = call("daily_verify", code=f"https://example.org/#daily={code}",
                   known_par={"2026-03-15": daily.par(daily.day_seed(DAY))})
    assert isinstance(checked, dict) and checked["code"] == code and checked["name"] == "Link"
    saved = json.loads(webapi.call("save_text"))
    assert isinstance(call("restore", save=saved), dict)
    webapi.reset()


def test_a_discard_choice_is_kept_as_its_index_among_the_legal_actions() -> None:
    s = DailySession(DAY)
    while 0 not in s.human_deciding():
        s.bot_step()
    legal = s.match.round.legal_actions(0)
    discards = [a for a in legal if a.type is ActionType.DISCARD]
    s.act(discards[-1].to_json())
    assert s.choices == [legal.index(discards[-1])] and s.radices == [len(legal)]
    assert SeatView.of(s.match.round, 0).hand  # the table went on


@pytest.mark.host_only
def test_command_line_shapes() -> None:
    day = _cli("--date", "2026-03-15", "--json")
    assert day.returncode == 0, day.stderr
    data = json.loads(day.stdout)
    assert {"date", "seed", "deals", "par", "hecut"} <= set(data) and data["date"] == "2026-03-15"
    assert [d["dealer"] for d in data["deals"]] == [0, 1, 2, 3]
    assert set(data["par"]) == {"points", "per_deal"} and sum(data["par"]["per_deal"]) == data["par"]["points"]
    played = _cli("--date", "2026-03-15", "--play-with", "expert", "--name", "Bo", "--json")
    assert played.returncode == 0, played.stderr
    out = json.loads(played.stdout)
    assert set(out) == {"code", "points", "par", "score", "per_deal"} and out["score"] == 0
    ok = _cli("--verify", out["code"], "--json")
    assert ok.returncode == 0
    verified = json.loads(ok.stdout)
    assert verified["valid"] is True and verified["name"] == "Bo" and verified["score"] == 0
    assert {"date", "points", "par", "score", "per_deal"} <= set(verified)
    tampered = out["code"][:-3] + ("A" if out["code"][-3] != "A" else "B") + out["code"][-2:]
    refused = _cli("--verify", tampered, "--json")
    assert refused.returncode == 1 and len(refused.stderr.strip().splitlines()) == 1
    assert json.loads(refused.stdout)["valid"] is False and json.loads(refused.stdout)["reason"]
    for bad in (["--date", "2026-02-30"], ["--date", "2026-03-15", "--play-with", "nobody"],
                ["--verify", "x", "--date", "2026-03-15"], ["--name", "Bo"], ["--date", "2019-01-01"]):
        done = _cli(*bad)
        assert done.returncode == 2, bad
        assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
