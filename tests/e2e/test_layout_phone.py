"""The table on phones and short screens, read from the page's layout (``window.hzmj.layout()``) and the DOM.

* On a phone on its side (844x390) and a short landscape screen (1024x500), hints longer than the dock's
  column has room for get a 全部 / More button that opens them whole over the felt, covering no button, and
  the next decision closes them.

Each test reuses one page per viewport (a saved position opened once, the language switched in place), so
the file stays quick. Screenshots go to test-results/phone-*.png.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import positions as pos
import pytest
from test_game import ANY_TURN, BOOT_TIMEOUT_MS, TABLE

Rect = dict[str, float]


def overlap(a: Rect, b: Rect) -> float:
    """Area shared by two rectangles (touching edges share nothing)."""
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, dx) * max(0.0, dy)


def inside(r: Rect, outer: Rect) -> bool:
    """Whether rectangle r lies within outer (to half a pixel)."""
    return (r["x"] >= outer["x"] - 0.5 and r["y"] >= outer["y"] - 0.5
            and r["x"] + r["w"] <= outer["x"] + outer["w"] + 0.5 and r["y"] + r["h"] <= outer["y"] + outer["h"] + 0.5)


def sized_page(warm_page: Any, w: int, h: int) -> Any:
    """A page of a w x h viewport: the narrow ones are touch screens at twice the pixel density."""
    page = warm_page(device_scale_factor=2, has_touch=True) if w < 900 else warm_page()
    page.set_viewport_size({"width": w, "height": h})
    return page


def wait_for_turn(page: Any) -> None:
    """Until the player has a decision (or the hand is over) and the page waits: the table stands still."""
    page.wait_for_function(
        f"() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})",
        timeout=30_000)


def open_position(warm_page: Any, site: Any, w: int, h: int, p: pos.Position, lang: str) -> Any:
    """A w x h page resumed at position p, the player to decide, its 'game resumed' message gone."""
    page = sized_page(warm_page, w, h)
    pos.put_save(page, site, p.save)
    page.goto(site.url + f"?seed={p.seed}&speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    wait_for_turn(page)
    page.locator("#toast").wait_for(state="hidden", timeout=15_000)
    return page


def switch_language(page: Any) -> None:
    """Press the top bar's language button and wait until the page has redrawn in the other language."""
    before = page.evaluate("document.documentElement.lang")
    page.locator("#btn-lang").click()
    page.wait_for_function("(l) => document.documentElement.lang !== l", arg=before)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@cache
def freeze() -> pos.Position:
    """Seed 10, the human under the 抓打 freeze (its two long reasons) with the hints' suggestion."""
    return pos.reach(10, lambda st: bool(st["human_to_act"] and st["hints"].get("blocked")))


# the hints' box and its More button, and every button a player may tap (the claim buttons, the tiles of the
# hand, the top bar's), in page pixels
HINTS = """() => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const info = document.getElementById('info');
    const more = document.getElementById('info-more');
    const shown = (e) => !!e.offsetParent && getComputedStyle(e).visibility !== 'hidden';
    const taps = [...document.querySelectorAll('#actions button, #hand button, .topbar button')].filter(shown)
        .map((e) => ({...rect(e), name: e.getAttribute('aria-label') || e.textContent}));
    return {info: rect(info), words: info.scrollHeight, room: info.clientHeight, open: info.classList.contains('open'),
        more: shown(more) ? {...rect(more), text: more.textContent} : null,
        taps, stage: rect(document.getElementById('stage')), text: info.textContent,
        view: {x: 0, y: 0, w: innerWidth, h: innerHeight}};
}"""


def hints_problems(page: Any, where: str) -> list[str]:
    """Hints cut off with no More button; a More button off screen or over a button; opened hints that do
    not show all their words, reach off the felt or lie over a button; or that do not close again."""
    st = page.evaluate(HINTS)
    problems = []
    if st["words"] <= st["room"] + 1:
        return []
    more = st["more"]
    if not more:
        return [f"{where}: the hints hold {st['words']} px of words in {st['room']} px, and no More button shows"]
    if not inside(more, st["view"]):
        problems.append(f"{where}: the More button {more} is off the screen")
    problems += [f"{where}: the More button lies over {t['name']}" for t in st["taps"] if overlap(t, more) > 1.0]
    page.locator("#info-more").click()
    st = page.evaluate(HINTS)
    if not st["open"]:
        return [*problems, f"{where}: More did not open the hints"]
    if st["room"] < st["words"] - 1:
        problems.append(f"{where}: the opened hints show {st['room']} px of their {st['words']} px of words")
    if not inside(st["info"], st["stage"]) and not inside(st["info"], st["view"]):
        problems.append(f"{where}: the opened hints {st['info']} reach off the screen")
    problems += [f"{where}: the opened hints lie over {t['name']}" for t in st["taps"] if overlap(t, st["info"]) > 1.0]
    page.locator("#info-more").click()
    if page.evaluate(HINTS)["open"]:
        problems.append(f"{where}: Less did not close the hints")
    page.locator("#info-more").click()    # left open: the next decision closes it
    return problems


@pytest.mark.parametrize(("w", "h"), [(844, 390), (1024, 500)], ids=["844x390", "1024x500"])
def test_long_hints_open_whole_on_a_short_landscape_screen(warm_page: Any, site: Any, screenshot: Any,
                                                            w: int, h: int) -> None:
    """The 抓打 freeze's two reasons and a suggestion (seed 10), and three chows offered (seed 1: four buttons in
    the column), in both languages: hints longer than their box get More, which opens them whole over the felt
    and over no button; the next decision closes them. At 844x390 the freeze's hints in English and the chows'
    in both languages are longer than the column holds."""
    opened = []
    for name, p, act in (("the freeze", freeze(), "#hand button[data-action=discard]:not([aria-disabled=true])"),
                         ("three chows", pos.chows(1, 3), "#actions button[data-action=pass]")):
        page = open_position(warm_page, site, w, h, p, "zh")
        try:
            for lang in ("zh", "en"):
                if lang == "en":
                    switch_language(page)
                where = f"{name}, {lang}"
                problems = hints_problems(page, where)
                assert not problems, "\n".join(problems)
                if page.evaluate(HINTS)["open"]:
                    opened.append(where)
                    screenshot(page, f"phone-hints-{w}x{h}-{name.replace(' ', '-')}-{lang}")
            if page.evaluate(HINTS)["open"]:
                page.evaluate("() => { window.decided = window.hzmj.game.state; }")
                page.locator(act).first.click()
                page.wait_for_function("() => window.hzmj.game.state !== window.decided")
                wait_for_turn(page)
                assert not page.evaluate(HINTS)["open"], f"{name}: the hints stay open at the next decision"
        finally:
            page.close()
    if (w, h) == (844, 390):
        assert {"the freeze, en", "three chows, zh", "three chows, en"} <= set(opened), opened

