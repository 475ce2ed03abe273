"""The player's data in one file (web/pdata.mjs): exported from the ☰ menu in one browser context and imported into
another that has data of its own, merged part by part (the daily streak and board, the ladder record through the
ladder's own merge, the tutorial's progress); a malformed or tampered file, a cancelled import and storage that
fills during the import each leave the storage exactly as it was, with words saying why; screenshots of the
dialog at three screen sizes in both languages."""

from __future__ import annotations

import datetime
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from test_game import BOOT_TIMEOUT_MS, TABLE

from hzmj_core import daily

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from ladder_play import chained_record

pytestmark = pytest.mark.xdist_group("pdata")

STORAGE = "() => Object.fromEntries(Object.keys(localStorage).sort().map((k) => [k, localStorage.getItem(k)]))"
PARTS = ("hzmj.daily.v1", "hzmj.ladder.v1", "hzmj.settings.v1", "hzmj.tutorial.v1")
SEED = "(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, JSON.stringify(v)); }"


def day(n: int) -> str:
    """The day n days before today (China Standard Time)."""
    return (daily.today() - datetime.timedelta(days=n)).isoformat()


def result(code: str, date: str, score: int, name: str) -> dict[str, Any]:
    return {"code": code, "date": date, "name": name, "score": score, "points": score, "par": 0}


def daily_data(name: str, results: dict[str, dict[str, Any]], board: list[dict[str, Any]]) -> dict[str, Any]:
    return {"version": 1, "name": name, "offered": day(0), "results": results, "practice": {},
            "boards": {day(0): board}, "hecut": {}, "par": {}, "stash": None}


def streak_of(results: dict[str, Any]) -> int:
    """Days played in a row ending today (as the daily dialog counts them)."""
    n = 0
    while day(n) in results:
        n += 1
    return n


def open_page(page: Any, site: Any, lang: str) -> None:
    page.goto(f"{site.url}?speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)


def storage(page: Any) -> dict[str, str]:
    return dict(page.evaluate(STORAGE))


def import_file(page: Any, path: Path) -> None:
    page.set_input_files("#pdata-file", str(path))
    page.wait_for_selector("#pdata[open] #pdata-ok, #pdata[open] #pdata-message", timeout=60_000)


def test_data_exported_from_one_browser_merges_into_another_and_bad_files_change_nothing(
        page: Any, site: Any, warm_page: Any, tmp_path: Path, screenshot: Any) -> None:
    # ---- the first device: two days in a row played, a board, two ranked matches, settings, tutorial progress
    ladder_a = chained_record(5, 2)
    a_today = result("A-TODAY", day(0), 4, "Ann")
    a_yesterday = result("A-YDAY", day(1), -2, "Ann")
    open_page(page, site, "en")
    page.evaluate(SEED, {
        "hzmj.daily.v1": daily_data("Ann", {day(0): a_today, day(1): a_yesterday}, [{**a_today, "mine": True}]),
        "hzmj.ladder.v1": ladder_a,
        "hzmj.tutorial.v1": {"solved": ["rules-1", "rules-2"], "last": "rules"},
        "hzmj.settings.v1": {"lang": "en", "speed": "fast", "hints": False},
    })
    page.set_viewport_size({"width": 844, "height": 390})
    page.locator("#btn-menu").click()
    screenshot(page, "pdata-menu-en-844x390")
    page.locator("#m-data-export").scroll_into_view_if_needed()
    with page.expect_download() as dl:
        page.locator("#m-data-export").click()
    exported = tmp_path / "data.json"
    dl.value.save_as(str(exported))
    f = json.loads(exported.read_text())
    assert (f["format"], f["version"]) == ("hzmj-player-data", 1)
    assert set(f["parts"]) == {"daily", "ladder", "settings", "tutorial"}
    assert f["parts"]["ladder"] == ladder_a
    assert sorted(f["parts"]["daily"]["results"]) == [day(1), day(0)]
    assert f["parts"]["settings"]["speed"] == "fast"
    assert "hzmj.game.v1" not in json.dumps(f) and f["parts"]["daily"]["stash"] is None

    # ---- the second device: a day before those, a friend on today's board, one match of another profile
    other = warm_page()
    ladder_b = chained_record(6, 1)
    b_old = result("B-OLD", day(2), 1, "Bo")
    friend = result("FRIEND", day(0), 7, "Cy")
    seeded = {
        "hzmj.daily.v1": daily_data("Bo", {day(2): b_old}, [{**friend, "mine": False}]),
        "hzmj.ladder.v1": ladder_b,
        "hzmj.tutorial.v1": {"solved": ["rules-3"], "last": None},
    }
    open_page(other, site, "zh")
    other.evaluate(SEED, seeded)
    before = storage(other)

    # a file that is not JSON, one not made by the export, and one whose ladder record was edited: refused, in words
    bad = tmp_path / "bad.json"
    tampered = json.loads(json.dumps(f))
    first = tampered["parts"]["ladder"]["matches"][0]
    first["placement"] = 1 + first["placement"] % 4
    refusals = (("{not json", "不是 JSON 文件"), (json.dumps({"format": "x", "parts": {}}), "不是「导出我的数据」"),
                (json.dumps(tampered), "升级赛记录没有通过检查"))
    for text, words in refusals:
        bad.write_text(text)
        import_file(other, bad)
        said = other.locator("#pdata-message").inner_text()
        assert said.startswith("不能导入这个文件") and words in said and "没有改变" in said, said
        assert other.locator("#pdata-ok").count() == 0
        assert storage(other) == before
        if "升级赛" in words:
            screenshot(other, "pdata-import-refused-zh")
        other.locator("#pdata-close").click()

    # the question, per part where this device has data; cancelled: nothing changed
    import_file(other, exported)
    ask = other.locator("#pdata").inner_text()
    assert "文件：2 天成绩" in ask and "本机：1 天成绩" in ask and "不能再出证书" in ask
    assert other.locator("#pdata-settings").inner_text().count("本机：没有") == 1  # no settings here: added
    for w, h in ((1280, 800), (390, 844), (844, 390)):
        other.set_viewport_size({"width": w, "height": h})
        screenshot(other, f"pdata-import-ask-zh-{w}x{h}")
    other.locator("#pdata-cancel").click()
    assert "导入已取消" in other.locator("#pdata-message").inner_text()
    assert storage(other) == before
    other.locator("#pdata-close").click()

    # storage that fills during the import (the ladder refused after the daily data was written): all or nothing
    other.evaluate("""() => { const set = Storage.prototype.setItem;
        Storage.prototype.setItem = function (k, v) {
          if (k === 'hzmj.ladder.v1') {
            Storage.prototype.setItem = set;  // full once: the old values, put back, fit again
            throw new DOMException('full', 'QuotaExceededError');
          }
          return set.call(this, k, v); }; }""")
    import_file(other, exported)
    other.locator("#pdata-ok").click()
    other.wait_for_selector("#pdata-message")
    assert "存储空间已满" in other.locator("#pdata-message").inner_text()
    assert storage(other) == before
    other.reload()
    other.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    kept = {k: v for k, v in before.items() if k in PARTS}
    assert {k: v for k, v in storage(other).items() if k in PARTS} == kept  # (the tab's owner mark is new)

    # merged, in English this time
    open_page(other, site, "en")
    before = storage(other)
    import_file(other, exported)
    for w, h in ((1280, 800), (390, 844), (844, 390)):
        other.set_viewport_size({"width": w, "height": h})
        screenshot(other, f"pdata-import-ask-en-{w}x{h}")
    assert other.locator("#pdata-daily input[value=merge]").is_checked()
    assert other.locator("#pdata-ladder input[value=merge]").is_checked()
    other.locator("#pdata-ok").click()
    other.wait_for_selector("#pdata-message")
    said = other.locator("#pdata-message").inner_text()
    assert said.startswith("Imported: Daily challenge, Ranked ladder record, Settings, Tutorial progress"), said
    screenshot(other, "pdata-import-done-en-844x390")
    other.locator("#pdata-close").click()
    other.reload()
    other.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    after = {k: json.loads(v) for k, v in storage(other).items() if k in PARTS}
    d = after["hzmj.daily.v1"]
    assert sorted(d["results"]) == [day(2), day(1), day(0)]  # three days in a row: the streak goes on
    assert after["hzmj.settings.v1"]["speed"] == "fast"       # the settings replaced (this device had none)
    assert d["name"] == "Bo"                                 # this device's name kept
    assert [r["code"] for r in d["boards"][day(0)]] == ["FRIEND", "A-TODAY"]  # one board, ranked by score
    assert streak_of(d["results"]) == 3
    # the ladder's merge: two profiles, every match once, kept as a record of format 1 (counted, not certified)
    assert after["hzmj.ladder.v1"]["version"] == 1
    assert [m["seed"] for m in after["hzmj.ladder.v1"]["matches"]] == [
        m["seed"] for m in ladder_b["matches"] + ladder_a["matches"]]
    assert sorted(after["hzmj.tutorial.v1"]["solved"]) == ["rules-1", "rules-2", "rules-3"]
