"""每日挑战 on the game page: the day's four deals played through the table UI, the result card and its link, a
friend's link verified in another browser context and ranked on the board, a tampered link refused, the streak
kept over a reload, the daily 何切 answered; screenshots of the dialog's parts at five screen sizes in both
languages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import RESULTS
from test_game import ANY_TURN, BOOT_TIMEOUT_MS, TABLE, step

from hzmj_core import daily

pytestmark = pytest.mark.xdist_group("daily")

VIEWPORTS = {"desktop": (1920, 1080), "laptop": (1280, 800), "short": (1024, 500), "phone": (390, 844),
             "phone-side": (844, 390)}


def today() -> str:
    return daily.today().isoformat()


def open_page(page: Any, site: Any, query: str = "?speed=instant&lang=zh", hash_: str = "") -> None:
    page.goto(site.url + query + hash_)
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)


def open_daily(page: Any) -> None:
    page.locator("#btn-menu").click()
    page.locator("#m-daily").click()
    page.locator("#daily[open]").wait_for(timeout=10_000)


def play_four_deals(page: Any) -> None:
    """Click through the day's four deals: win when offered, pass claims, discard; next hand at each settlement;
    until the challenge's dialog shows the result card."""
    card = "#daily[open] #daily-card"
    for _ in range(2_000):
        page.wait_for_function(f"""() => !!document.querySelector({json.dumps(card)})
            || (document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)}))""",
                               timeout=60_000)
        if page.locator(card).count():
            return
        if page.evaluate("window.hzmj.game.state.match.over"):
            page.locator(card).wait_for(timeout=60_000)  # the last deal is booked: the card comes
            return
        if step(page) == "settled" and page.locator("#settle[open]").count():
            page.locator("#settle button[data-action=next]").click()
    raise AssertionError("the four deals did not end")


def test_the_day_played_through_the_table_shared_verified_by_a_friend_and_kept(
        page: Any, site: Any, warm_page: Any, screenshot: Any) -> None:
    open_page(page, site)
    assert page.locator("#btn-menu.offer").count() == 1  # offered on the first visit of the day, as a mark
    open_daily(page)
    assert page.locator("#btn-menu.offer").count() == 0
    assert today() in page.locator("#daily-title").inner_text()
    assert re.search(r"\d\d:\d\d:\d\d", page.locator("#daily-next").inner_text())
    # the daily 何切
    tiles = page.locator("#daily-hecut button.daily-tile")
    tiles.first.wait_for(timeout=60_000)
    assert page.locator("#daily-play").inner_text() == "开始今天的挑战"
    assert page.locator("#m-daily").text_content() == "每日挑战"
    screenshot(page, "daily-challenge-zh")
    n = tiles.count()
    tiles.first.click()
    page.locator("#daily-hecut-verdict").wait_for(timeout=30_000)
    explained = page.locator("#daily-hecut-explain").inner_text()
    assert len(re.findall(r"[+-]\d+\.\d\d", explained)) >= n  # every choice's value
    # the four deals at the table
    page.locator("#daily-name").fill("甲 Jia")
    page.locator("#daily-play").click()
    page.locator("#daily").wait_for(state="hidden")
    assert "每日挑战" in page.locator("#rules").inner_text()
    assert page.evaluate("window.hzmj.game.state.daily.deal") == 1
    play_four_deals(page)
    card = page.locator("#daily-card")
    assert card.locator(".daily-marks .mark").count() == 4
    link = page.locator("#daily-link").input_value()
    assert "#daily=" in link
    code = link.split("#daily=")[1]
    assert len(code) <= 200
    checked = daily.verify(code)  # the engine's command-line verification agrees with the card
    assert checked["name"] == "甲 Jia" and checked["date"] == today()
    score = page.locator("#daily-score").inner_text()
    assert (f"{checked['score']:+d}".replace("-", "−") if checked["score"] else "0") in score
    assert "连续 1 天" in score
    assert page.locator("#daily-qr").get_attribute("data-text") == link
    assert page.locator("#daily-board li").count() == 1
    screenshot(page, "daily-result-zh")
    # the streak, the result and the calendar survive a reload (the finished challenge shows its card again)
    open_page(page, site)
    page.locator("#daily[open] #daily-card").wait_for(timeout=30_000)
    assert "连续 1 天" in page.locator("#daily-score").inner_text()
    assert page.locator(f"#daily-calendar .cal-day.played[data-day='{today()}']").count() == 1
    # a friend's page, another browser context: the link verifies by replaying, then another code joins the board
    other = warm_page(viewport={"width": 1280, "height": 801})
    bot = daily.play_with(daily.today(), "basic", "Bot")
    open_page(other, site, "?lang=en", "#daily=" + code)
    other.locator("#daily[open]").wait_for(timeout=30_000)
    other.locator("#daily-message.daily-msg:not(.bad)").filter(has_text="verified").wait_for(timeout=180_000)
    other.locator("#daily-code").fill(bot["code"])
    other.locator("#daily-verify").click()
    other.locator("#daily-message").filter(has_text="Bot").wait_for(timeout=180_000)
    rows = other.locator("#daily-board li")
    assert rows.count() == 2
    scores = sorted([checked["score"], bot["score"]], reverse=True)
    shown = [rows.nth(i).locator(".num").inner_text().replace("−", "-") for i in range(2)]
    assert [int(s) for s in shown] == scores  # ranked by the recomputed scores
    assert all("verified" in rows.nth(i).inner_text() for i in range(2))
    screenshot(other, "daily-board-en")
    # a tampered link is refused with words
    bad = code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]
    open_page(other, site, "?lang=en", "#daily=" + bad)
    refused = other.locator("#daily-message.bad")
    refused.wait_for(timeout=60_000)
    assert "damaged or was changed" in refused.inner_text()
    assert other.locator("#daily-board li").count() == 2  # nothing added


def _seeded(page: Any, site: Any, lang: str) -> None:
    """A page whose store holds today's result and a friend's, yesterday's practice and the 何切 answered."""
    day = daily.today()
    me = daily.play_with(day, "strong", "我 Me")
    friend = daily.play_with(day, "basic", "Friend")
    verified = [dict(daily.verify(r["code"]), code=r["code"]) for r in (me, friend)]
    mine = dict(verified[0], practice=False)
    yesterday = (day.toordinal() - 1)
    yday = type(day).fromordinal(yesterday).isoformat()
    practice = dict(daily.verify(daily.play_with(type(day).fromordinal(yesterday), "basic", "我 Me")["code"]),
                    code="x", practice=True)
    hecut = daily.hecut_json(day)
    answer = daily.hecut_answer(day, hecut["choices"][0]["value"])
    data = {"version": 1, "name": "我 Me", "offered": day.isoformat(), "results": {day.isoformat(): mine},
            "practice": {yday: practice},
            "boards": {day.isoformat(): sorted([dict(v, mine=v["code"] == me["code"]) for v in verified],
                                               key=lambda r: -r["score"])},
            "hecut": {day.isoformat(): {k: answer[k] for k in ("given", "right", "accepted", "explanation_zh",
                                                               "explanation_en")}},
            "par": {}, "stash": None}
    page.goto(site.url + f"?lang={lang}")
    page.evaluate("(d) => localStorage.setItem('hzmj.daily.v1', d)", json.dumps(data, ensure_ascii=False))
    page.goto(site.url + f"?lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_screens_of_the_challenge_card_board_and_calendar(page: Any, site: Any, lang: str) -> None:
    _seeded(page, site, lang)
    open_daily(page)
    page.locator("#daily-hecut-verdict").wait_for(timeout=60_000)
    for name, (width, height) in VIEWPORTS.items():
        page.set_viewport_size({"width": width, "height": height})
        dialog = page.locator("#daily")
        box = dialog.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 1  # on screen
        for part in ("daily-title", "daily-card", "daily-board", "daily-calendar"):
            page.locator(f"#{part}").scroll_into_view_if_needed()
            RESULTS.mkdir(exist_ok=True)
            page.screenshot(path=str(RESULTS / f"daily-{part.removeprefix('daily-')}-{name}-{lang}.png"))
        # nothing in the dialog is wider than the dialog (no sideways scrolling)
        assert page.evaluate("() => { const d = document.getElementById('daily'); "
                             "return d.scrollWidth <= d.clientWidth + 1; }")
