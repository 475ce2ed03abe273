"""The coach on the page: the hint control says 提示：开/关 in words and is saved; the suggestion is large enough to
read at 1920x1080; a ranked match (升级赛, ``?ranked=1``) is marked 排位赛 on the table and its result screen, shows
no hint or 建议, offers no 复盘 until it is over, and the engine refuses a hint called by force."""

from __future__ import annotations

import json
from typing import Any

from test_game import open_game, state, step, wait_turn

BOOT_MS = 120_000
VIEWPORTS = [(1920, 1080), (1280, 800), (1024, 500), (390, 844), (844, 390)]


def _engine_refusal(page: Any, method: str) -> dict[str, Any]:
    """Call the engine directly, as a script on the page could; the refusal's reason."""
    out = page.evaluate(f"""async () => {{
        try {{ await window.hzmj.game.call({json.dumps(method)}, {{}}); return {{ok: true}}; }}
        catch (e) {{ return {{ok: false, code: e.reason ? e.reason.code : null, message: String(e.message || e)}}; }}
    }}""")
    assert isinstance(out, dict)
    return out


def test_hint_control_says_on_or_off_and_is_saved(page: Any, site: Any, screenshot: Any) -> None:
    for lang, on, off, word in (("zh", "提示：开", "提示：关", "建议"), ("en", "Hints: on", "Hints: off", "Suggested")):
        page.set_viewport_size({"width": 1920, "height": 1080})
        page.goto(site.url + f"?seed=11&speed=instant&lang={lang}")
        page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
        btn = page.locator("#btn-hints")
        if btn.inner_text() == off:
            btn.click()
        assert btn.inner_text() == on and btn.get_attribute("aria-pressed") == "true"
        wait_turn(page)
        sug = page.locator("#info .suggest")
        sug.wait_for(state="visible")
        assert sug.inner_text().startswith(word)
        size = float(page.evaluate("parseFloat(getComputedStyle(document.querySelector('#info .suggest')).fontSize)"))
        assert size >= 18, f"the suggestion is {size}px at 1920x1080"
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(250)
            assert page.locator("#btn-hints").is_visible()
            screenshot(page, f"coach-hints-on-{lang}-{w}x{h}")
        page.set_viewport_size({"width": 1280, "height": 800})
        btn.click()
        assert btn.inner_text() == off and btn.get_attribute("aria-pressed") == "false"
        assert page.locator("#info .suggest").count() == 0
        screenshot(page, f"coach-hints-off-{lang}-1280x800")
        page.reload()
        page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
        assert page.locator("#btn-hints").inner_text() == off  # the choice is saved
        page.locator("#btn-hints").click()
        assert page.locator("#btn-hints").inner_text() == on


def test_a_ranked_match_has_no_hint_and_says_ranked(page: Any, site: Any, screenshot: Any) -> None:
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(f"{site.url}?speed=instant&lang=zh")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
    if page.locator("#btn-hints").inner_text() != "提示：开":
        page.locator("#btn-hints").click()  # hints on at the table: the ranked match must still give none
    page.goto(f"{site.url}?ranked=1&speed=instant&lang=zh")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
    wait_turn(page)
    s = state(page)
    assert s["table"]["ranked"] and s["hints"] is None
    assert page.locator("#ranked-badge").is_visible() and page.locator("#ranked-badge").inner_text() == "排位赛"
    btn = page.locator("#btn-hints")
    assert btn.inner_text() == "排位赛：无提示" and btn.is_disabled()
    assert page.locator("#info .suggest").count() == 0 and "建议" not in page.locator("#dock").inner_text()
    before = page.evaluate("() => window.hzmj.game.call('save_text')")
    refused = _engine_refusal(page, "hint")
    assert not refused["ok"] and refused["code"] == "ranked_no_hint", refused
    assert _engine_refusal(page, "review_start")["code"] == "ranked_no_review"
    assert page.evaluate("() => window.hzmj.game.call('save_text')") == before  # nothing changed
    screenshot(page, "coach-ranked-table-zh-1920x1080")
    for _ in range(400):
        if step(page, prefer=("win", "pass")) == "settled":
            break
        assert page.locator("#info .suggest").count() == 0
    settle = page.locator("#settle")
    assert settle.is_visible() and "排位赛" in page.locator("#settle-ranked").inner_text()
    assert not page.locator("#settle-review").is_visible()  # no 复盘 until the match is over
    screenshot(page, "coach-ranked-result-zh-1920x1080")
    page.evaluate("document.getElementById('btn-lang').click()")  # under the result dialog
    assert "Ranked" in page.locator("#settle-ranked").inner_text()
    assert page.locator("#ranked-badge").inner_text() == "Ranked"
    screenshot(page, "coach-ranked-result-en-1920x1080")


def test_review_screens(page: Any, site: Any, screenshot: Any) -> None:
    """The 复盘 after a hand played by passing everything, at each viewport in both languages (to look at)."""
    from test_review_page import wait_review
    open_game(page, site, "?seed=2&speed=instant&lang=zh")
    for _ in range(300):
        if step(page, prefer=("pass",)) == "settled":
            break
    page.locator("#settle-review").click()
    wait_review(page)
    text = page.locator("#review").inner_text()
    assert "少 0.0 分" not in text
    for lang in ("zh", "en"):
        if lang == "en":
            page.locator("#review-close").click()
            page.evaluate("document.getElementById('btn-lang').click()")  # under the result dialog
            page.locator("#settle-review").click()
            wait_review(page)
            assert "0.0 points given away" not in page.locator("#review").inner_text()
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(250)
            screenshot(page, f"coach-review-{lang}-{w}x{h}")
