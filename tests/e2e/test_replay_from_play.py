"""The replay reached from play, and the result and game-over dialogs around it.

* The result screen offers "watch this hand": the replay of the hand just played, from the player's seat, the
  plates with their points; leaving it brings the result back. The result can be closed to look at the final
  table, and a button on the table opens it again; N deals the next hand from it, as Enter does.
* Game-over offers every hand of the match to watch, and opens at its top (title and standings in sight).
* The replay's transport buttons are labelled (an icon and a word each), one row on a phone held upright, no
  word cut; a message never covers a button.
* A 复盘 review's marks show the reviewed seat's view (its tiles at the bottom).
* Another seat's 碰! banner goes when the player's own claim prompt opens.
"""

from __future__ import annotations

from typing import Any

import positions as pos
import pytest
from test_game import BOOT_TIMEOUT_MS, TABLE
from test_layout import VIEWPORTS, sized_page
from test_table_play import idle, resume

STATE = "window.hzmj.game.state"


def at_result(page: Any, site: Any, lang: str = "zh") -> pos.Position:
    p = pos.won(2)
    resume(page, site, p.save, p.seed, lang)
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    return p


def test_watch_this_hand_from_the_result_screen_and_back(page: Any, site: Any) -> None:
    p = at_result(page, site)
    human = p.state["seat"]
    page.locator("#settle-replay").click()
    page.locator("#replay-bar").wait_for(state="visible", timeout=15_000)
    assert not page.locator("#settle").is_visible()
    replay = page.evaluate(f"{STATE}.replay")
    assert (replay["hand"], replay["step"]) == (0, 0)
    assert page.evaluate(f"{STATE}.seat") == human
    points = page.evaluate(f"{STATE}.players.map((p) => p.points)")
    assert points == p.state["match"]["points"], "the plates keep each seat's points"
    # to the end of the hand: the result on the table is the one the player just saw
    page.locator("#replay-bar button[data-replay=end]").click()
    page.wait_for_function(f"() => {STATE}.replay.step === {STATE}.replay.steps")
    assert page.evaluate(f"{STATE}.result.winner") == p.state["result"]["winner"]
    exit_button = page.locator("#replay-bar button[data-replay=exit]")
    assert exit_button.inner_text() == "回到牌局"
    exit_button.click()
    page.locator("#settle").wait_for(state="visible", timeout=15_000)
    assert page.evaluate("window.hzmj.game.mode") == "game"


def test_the_result_closes_to_show_the_table_and_comes_back(page: Any, site: Any) -> None:
    at_result(page, site, "en")
    close = page.locator("#settle-close")
    assert close.inner_text() == "View the table"
    close.click()
    page.locator("#settle").wait_for(state="hidden")
    again = page.locator("#actions button[data-action=result]")
    assert again.inner_text().startswith("Result")
    assert page.locator("#actions button[data-action=next]").is_visible()
    again.click()
    page.locator("#settle").wait_for(state="visible")
    page.keyboard.press("Escape")   # Esc closes it too
    page.locator("#settle").wait_for(state="hidden")
    page.locator("#actions button[data-action=result]").click()
    page.locator("#settle").wait_for(state="visible")


def test_n_deals_the_next_hand_from_the_result_screen(page: Any, site: Any) -> None:
    at_result(page, site)
    page.locator("#settle-body").click()   # focus away from the Next button: N must work wherever focus is
    page.keyboard.press("n")
    page.wait_for_function(f"() => {STATE}.match.hand_number === 2 && !{STATE}.hand_over", timeout=15_000)
    assert not page.locator("#settle").is_visible()


def game_over(page: Any, site: Any, lang: str = "en") -> dict[str, Any]:
    p = pos.match_end(2)
    resume(page, site, p.save, p.seed, lang)
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    page.locator("#settle button[data-action=next]").click()
    page.locator("#gameover").wait_for(state="visible", timeout=30_000)
    return dict(page.evaluate(f"{STATE}.match"))


def test_any_hand_of_the_match_from_game_over(page: Any, site: Any) -> None:
    match = game_over(page, site)
    buttons = page.locator("#gameover table.history button.watch")
    assert buttons.count() == len(match["history"]) >= 3
    assert buttons.nth(1).get_attribute("aria-label") == "Watch hand 2"
    buttons.nth(1).click()
    page.locator("#replay-bar").wait_for(state="visible", timeout=15_000)
    replay = page.evaluate(f"{STATE}.replay")
    assert (replay["hand"], replay["step"], replay["hands"]) == (1, 0, len(match["history"]))
    points = page.evaluate(f"{STATE}.players.map((p) => p.points)")
    start = page.evaluate(f"{STATE}.options.start_points")
    assert points == [start + d for d in match["history"][0]["deltas"]]
    page.locator("#replay-bar button[data-replay=exit]").click()
    page.locator("#gameover").wait_for(state="visible", timeout=15_000)


@pytest.mark.parametrize(("w", "h"), [(1280, 800), (1024, 500)], ids=["1280x800", "1024x500"])
def test_game_over_opens_at_its_top(warm_page: Any, site: Any, w: int, h: int) -> None:
    page = sized_page(warm_page, w, h)
    try:
        game_over(page, site)
        page.wait_for_timeout(200)
        assert page.evaluate("document.getElementById('gameover').scrollTop") == 0
        for sel in ("#gameover-body h2", "#gameover .standings li"):
            r = page.locator(sel).first.bounding_box()
            assert r and r["y"] >= 0 and r["y"] + r["height"] <= h, f"{sel} at {r} is out of sight"
    finally:
        page.close()


def covered_buttons(page: Any, text: str) -> list[str]:
    """Every visible button a toast with this text would cover."""
    found: list[str] = page.evaluate("""(text) => {
        const box = document.getElementById('toast');
        box.textContent = text;
        box.hidden = false;
        const t = box.getBoundingClientRect();
        const out = [];
        for (const b of document.querySelectorAll('#app button, #app select')) {
            if (!b.offsetParent) continue;
            const r = b.getBoundingClientRect();
            const dx = Math.min(r.right, t.right) - Math.max(r.left, t.left);
            const dy = Math.min(r.bottom, t.bottom) - Math.max(r.top, t.top);
            if (dx > 1 && dy > 1) out.push(b.getAttribute('aria-label') || b.textContent);
        }
        box.hidden = true;
        return out;
    }""", text)
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_transport_bar_is_labelled_and_fits(warm_page: Any, site: Any, w: int, h: int, lang: str,
                                            screenshot: Any) -> None:
    page = sized_page(warm_page, w, h)
    try:
        at_result(page, site, lang)
        page.locator("#settle-replay").click()
        page.locator("#replay-bar").wait_for(state="visible", timeout=15_000)
        page.locator("#replay-bar button[data-replay=next]").click()
        page.wait_for_function(f"() => {STATE}.replay.step === 1")
        problems: list[str] = page.evaluate("""() => {
            const out = [];
            const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
            for (const b of document.querySelectorAll('#replay-bar button, #replay-bar select')) {
                const r = b.getBoundingClientRect();
                const name = b.dataset.replay || b.id;
                if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
                    out.push(`${name} is outside the viewport`);
                }
                if (b.scrollWidth > b.clientWidth + 1) {
                    out.push(`${name}: its words are cut (${b.scrollWidth} > ${b.clientWidth})`);
                }
            }
            for (const b of document.querySelectorAll('#replay-bar .transport button')) {
                const label = b.querySelector('.lbl');
                if (!label || !label.textContent.trim()) out.push(`${b.dataset.replay} has no word`);
                else if (label.scrollWidth > label.clientWidth + 1) {
                    out.push(`${b.dataset.replay}: '${label.textContent}' does not fit its button`);
                }
            }
            return out;
        }""")
        tops = page.evaluate("() => [...document.querySelectorAll('#replay-bar .transport button')]"
                             ".map((b) => Math.round(b.getBoundingClientRect().top))")
        if w < 600:
            assert len(set(tops)) == 1, f"the transport buttons take {len(set(tops))} rows on a phone"
        problems += [f"a message covers {b}" for b in covered_buttons(page, "Replay loaded: 12 hands")]
        screenshot(page, f"replay-{w}x{h}-{lang}")
        assert not problems, "\n".join(problems)
    finally:
        page.close()


def test_a_reviews_marks_show_the_reviewed_seat(page: Any, site: Any) -> None:
    at_result(page, site)
    page.locator("#settle-replay").click()
    page.locator("#replay-bar").wait_for(state="visible", timeout=15_000)
    assert page.evaluate(f"{STATE}.seat") == 0
    page.evaluate("window.hzmj.views.replay.setMarks({hand: 0, seat: 2, items: [{step: 4, label: 'x'}]})")
    page.wait_for_function(f"() => {STATE}.seat === 2", timeout=10_000)
    hands = page.evaluate(f"{STATE}.all_hands")
    assert sorted(page.evaluate(f"{STATE}.hand")) == sorted(hands[2])
    page.locator("#replay-marks .mark").first.click()
    page.wait_for_function(f"() => {STATE}.replay.step === 4 && {STATE}.seat === 2")


def test_another_seats_banner_goes_when_the_claim_prompt_opens(page: Any, site: Any) -> None:
    p = pos.claim(10)
    resume(page, site, p.save, p.seed)
    idle(page)
    assert page.evaluate(f"{STATE}.human_to_act && !!{STATE}.claim")
    left = page.evaluate(f"""() => {{
        const table = window.hzmj.views.table;
        const s = {STATE};
        const other = (s.seat + 1) % 4;
        table.handleEvents([{{type: 'pong', seat: other, tile: s.claim.tile}}], s);   // a bot's 碰! just now
        window.hzmj.game.setView(s);                                                    // then the player's prompt
        return table.ui.announcements.filter((a) => a.seat !== s.seat).length;
    }}""")
    assert left == 0


def test_the_page_boots_with_the_new_bar(page: Any, site: Any) -> None:
    page.goto(site.url + "?seed=10&speed=instant&lang=en")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    labels = page.evaluate(
        "() => [...document.querySelectorAll('#replay-bar .transport .lbl')].map((e) => e.textContent)")
    assert labels == ["Prev hand", "Back", "Play", "Step", "Result", "Next hand"]
