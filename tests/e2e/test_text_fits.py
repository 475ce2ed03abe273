"""No words cut off at the five viewports, in Chinese and English: the prompt in the top bar, the rules line,
the new-game dialog's choices (each select as wide as its chosen words) and the menu's Close button in sight."""

from __future__ import annotations

import json
from typing import Any

import pytest
from test_game import BOOT_TIMEOUT_MS, TABLE
from test_layout import VIEWPORTS, sized_page, toast_problems

CUT = """(sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent)
    .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
    .map((e) => `${sel} '${e.textContent.slice(0, 40)}' needs ${e.scrollWidth}x${e.scrollHeight}, `
        + `has ${e.clientWidth}x${e.clientHeight}`)"""

# a select shows its chosen option's words in its box: they must fit inside it (beside the arrow)
SELECTS = """() => [...document.querySelectorAll('#newgame select')].filter((e) => e.offsetParent).flatMap((s) => {
    const c = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${c.fontWeight} ${c.fontSize} ${c.fontFamily}`;
    const room = s.clientWidth - parseFloat(c.paddingLeft) - parseFloat(c.paddingRight) - 16;
    return [...s.options].filter((o) => ctx.measureText(o.textContent).width > room + 0.5)
        .map((o) => `select ${s.id || s.name}: '${o.textContent}' is `
            + `${ctx.measureText(o.textContent).width.toFixed(0)} px, the box shows ${room.toFixed(0)}`);
})"""


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_no_words_cut_off(warm_page: Any, site: Any, w: int, h: int, lang: str) -> None:
    page = sized_page(warm_page, w, h)
    try:
        page.goto(site.url + f"?seed=10&speed=instant&lang={lang}")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        for _ in range(10):   # pass any claim until the player is to discard: the longest prompt
            page.wait_for_function("() => document.documentElement.dataset.busy !== '1' && !!document.querySelector("
                                   + json.dumps("#hand button[data-action=discard], #actions button[data-action=pass]")
                                   + ")", timeout=30_000)
            if page.locator("#hand button[data-action=discard]").count():
                break
            page.locator("#actions button[data-action=pass]").click()
        page.wait_for_function("() => document.getElementById('rules').textContent.length > 0")
        problems: list[str] = []
        for sel in ("#prompt", "#rules"):
            problems += page.evaluate(CUT, sel)
        page.locator("#btn-menu").click()
        close = page.locator("#menu button[value=close]").bounding_box()
        if not close or close["y"] < 0 or close["y"] + close["height"] > h or close["x"] + close["width"] > w:
            problems.append(f"the menu's Close button is at {close}, out of the {w}x{h} window")
        page.locator("#m-new").click()
        page.locator("#newgame").wait_for(state="visible")
        page.locator("#ng-rules > summary").click()   # every option's select in sight
        problems += page.evaluate(SELECTS)
        assert not problems, "\n".join(problems)
    finally:
        page.close()


# the words an empty name field shows (what the others see then), and whether they fit inside the field
PLACEHOLDER = """(sel) => {
    const e = document.querySelector(sel);
    const c = getComputedStyle(e, '::placeholder');
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${c.fontStyle} ${c.fontWeight} ${c.fontSize} ${c.fontFamily}`;
    const room = e.clientWidth - parseFloat(c.paddingLeft) - parseFloat(c.paddingRight);
    return {text: e.placeholder, need: ctx.measureText(e.placeholder).width, room};
}"""
NAME_EMPTY = {"zh": "不填则显示座位，如“上家”", "en": "If empty, your seat is shown"}


def placeholder_problems(page: Any, sel: str, lang: str, w: int, h: int) -> list[str]:
    got = page.evaluate(PLACEHOLDER, sel)
    problems = []
    if got["text"] != NAME_EMPTY[lang]:
        problems.append(f"{sel} at {w}x{h} says {got['text']!r} when empty")
    if got["need"] > got["room"] + 0.5:
        problems.append(f"{sel} at {w}x{h}: '{got['text']}' needs {got['need']:.0f} px, "
                        f"the field shows {got['room']:.0f}")
    return problems


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_hosts_empty_name_field_says_what_shows_instead(page: Any, site: Any, lang: str) -> None:
    # (a guest's field on the join page: test_friends_screens.py)
    page.goto(site.url + f"?seed=4&speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    page.locator("#btn-menu").click()
    page.locator("#m-friends").click()
    page.wait_for_selector("#friends[open] #fr-seat-picks input[data-seat]")
    page.fill("#fr-name", "")
    problems: list[str] = []
    for w, h in VIEWPORTS:
        page.set_viewport_size({"width": w, "height": h})
        problems += placeholder_problems(page, "#fr-name", lang, w, h)
    assert not problems, "\n".join(problems)


# two refusals a player meets on the table, the longest of each language (test_words.py, test_saved_game.py)
REFUSALS = [
    "The remembered rules were not accepted (the rule option Base score ('base_score') must be a whole number from 1 "
    "to 1000, not 0); this game uses the standard rules.",
    "无法恢复保存的牌局：存档已损坏，第1局缺少老庄数（streak）。这是新的一局，种子 123456789。",
]
# the toast with a refusal in it: its words inside its box, and lines a player can read (ten characters or more)
TOAST_READABLE = """(text) => {
    const box = document.getElementById('toast');
    box.textContent = text;
    box.classList.add('bad');
    box.hidden = false;
    const size = parseFloat(getComputedStyle(box).fontSize);
    const out = [];
    if (box.scrollWidth > box.clientWidth + 1) out.push(`words stick out: ${box.scrollWidth} px in ${box.clientWidth}`);
    if (box.clientWidth < 10 * size)
      out.push(`${box.clientWidth} px wide: ${(box.clientWidth / size).toFixed(1)} characters a line`);
    box.hidden = true;
    return out;
}"""


@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_a_refusal_toast_is_readable_and_hides_nothing(warm_page: Any, site: Any, w: int, h: int) -> None:
    page = sized_page(warm_page, w, h)
    try:
        page.goto(site.url + "?seed=10&speed=instant&lang=en")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
        problems: list[str] = []
        for text in REFUSALS:
            problems += [f"'{text[:30]}…': {p}" for p in page.evaluate(TOAST_READABLE, text)]
            problems += toast_problems(page, text)
        assert not problems, "\n".join(problems)
    finally:
        page.close()
