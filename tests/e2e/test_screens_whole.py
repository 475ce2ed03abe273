"""Every dialog whole at every size: the menu, the new-game dialog, the result, the 复盘 and game over.

On the short screens (a phone held sideways, 844x390, and a short laptop window, 1024x500) each dialog either
fits or shows plainly that it scrolls (``data-more`` on the dialog: the cue above its buttons), and its close
and next controls are in view, not covered by anything, at its top and when scrolled to its end. On a phone held
upright (390x844) nothing of a dialog is cut at its sides, in English and in Chinese: no control or text box
sticks out of the dialog, and no row scrolls sideways. The boxes are read from the page (bounding rectangles
against the viewport, ``elementFromPoint`` at a control's centre). Screenshots go to test-results/screens-*.png.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import positions as pos
import pytest
from test_layout import sized_page
from test_table_play import resume

SHORT = [(844, 390), (1024, 500)]
# the desktop sizes too: the same checks hold there, and their screenshots are looked at
LANDSCAPE = [*SHORT, (1280, 800), (1920, 1080)]
# each dialog: how it opens from the result screen of the match's last hand, and its close / next controls
CONTROLS = {
    "settle": ["#settle-close", "#settle [data-action=next]"],
    "review": ["#review-close"],
    "gameover": ["#go-new", "#go-export"],
    "menu": ["#menu .buttons button"],
    "newgame": ["#ng-cancel", "#ng-start"],
}

IN_VIEW = """(sel) => {
  const out = [];
  for (const b of document.querySelectorAll(sel)) {
    if (!b.offsetParent) continue;
    const r = b.getBoundingClientRect();
    const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    if (r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) {
      out.push(`${sel} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)} `
        + `is outside the ${vw}x${vh} viewport`);
      continue;
    }
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (!hit || !(hit === b || b.contains(hit))) {
      out.push(`${sel} is covered by ${hit && (hit.id || hit.className || hit.tagName)}`);
    }
  }
  return out;
}"""

# a dialog's parts that stick out at its sides or scroll sideways (what a player sees cut off)
CLIPPED = """(id) => {
  const d = document.getElementById(id);
  const box = d.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  const out = [];
  if (box.left < 0 || box.right > vw + 0.5) {
    out.push(`#${id} is ${Math.round(box.width)} px wide in a ${vw} px viewport`);
  }
  if (d.scrollWidth > d.clientWidth + 1) out.push(`#${id} scrolls sideways (${d.scrollWidth} > ${d.clientWidth})`);
  for (const e of d.querySelectorAll('button, th, td, h2, h3, p, li, select, label')) {
    if (!e.offsetParent) continue;
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < box.left - 0.5 || r.right > box.right + 0.5)) {
      out.push(`${e.tagName.toLowerCase()} "${e.textContent.trim().slice(0, 30)}" lies outside #${id} `
        + `(${Math.round(r.left)}-${Math.round(r.right)} of ${Math.round(box.left)}-${Math.round(box.right)})`);
    }
  }
  for (const e of d.querySelectorAll('*')) {
    if (!e.offsetParent || getComputedStyle(e).overflowX === 'visible') continue;
    if (e.scrollWidth > e.clientWidth + 1) {
      out.push(`${e.tagName.toLowerCase()}.${e.className} "${e.textContent.trim().slice(0, 30)}" scrolls sideways `
        + `(${e.scrollWidth} > ${e.clientWidth}): its right end is hidden`);
    }
  }
  // a column's header on one line (a word broken over two lines reads as two words)
  for (const th of d.querySelectorAll('th')) {
    const range = document.createRange();
    range.selectNodeContents(th.firstChild || th);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (tops.size > 1) out.push(`the header "${th.textContent.trim()}" wraps onto ${tops.size} lines`);
  }
  return out;
}"""

SCROLL = """(id) => {
  const d = document.getElementById(id);
  return {scrolls: d.scrollHeight > d.clientHeight + 1, more: d.dataset.more || '',
          cue: (() => {
            const c = d.querySelector('.more-cue');
            if (!c || !c.offsetParent) return null;
            const r = c.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight;
          })()};
}"""


def screens(page: Any, site: Any, lang: str) -> Iterator[str]:
    """Opens each dialog in turn (on the result of a match's last hand) and yields its id while it is open."""
    resume(page, site, pos.match_end(2).save, 2, lang)
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    page.wait_for_timeout(300)
    yield "settle"
    page.locator("#settle-review").click()
    page.wait_for_selector("#review-progress-box", state="hidden", timeout=120_000)
    page.wait_for_timeout(200)
    yield "review"
    page.locator("#review-close").click()
    page.locator("#settle [data-action=next]").click()
    page.locator("#gameover").wait_for(state="visible", timeout=30_000)
    page.wait_for_timeout(300)
    yield "gameover"
    page.keyboard.press("Escape")
    page.locator("#gameover").wait_for(state="hidden")
    page.locator("#btn-menu").click()
    page.locator("#menu").wait_for(state="visible")
    yield "menu"
    page.locator("#m-new").click()
    page.locator("#newgame").wait_for(state="visible")
    yield "newgame"


def scroll_to(page: Any, dialog: str, where: str) -> None:
    """To the dialog's top or its end (again until it grows no more: pictures further down load as they come
    into sight)."""
    for _ in range(10):
        moved = page.evaluate("([id, w]) => { const d = document.getElementById(id); const was = d.scrollTop; "
                              "d.scrollTop = w === 'end' ? d.scrollHeight : 0; return d.scrollTop !== was; }",
                              [dialog, where])
        page.wait_for_timeout(150)
        if not moved:
            return


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), LANDSCAPE, ids=[f"{w}x{h}" for w, h in LANDSCAPE])
def test_close_and_next_stay_in_view(warm_page: Any, site: Any, screenshot: Any,
                                                   w: int, h: int, lang: str) -> None:
    page = sized_page(warm_page, w, h)
    problems: list[str] = []
    seen = []
    for dialog in screens(page, site, lang):
        seen.append(dialog)
        screenshot(page, f"screens-{dialog}-{w}x{h}-{lang}")
        for where in ("top", "end"):
            scroll_to(page, dialog, where)
            s = page.evaluate(SCROLL, dialog)
            if s["scrolls"] and where == "top" and not (s["more"] == "below" and s["cue"]):
                problems.append(f"#{dialog} scrolls but shows no cue at its top ({s})")
            if where == "end" and s["more"] == "below":
                problems.append(f"#{dialog} still says more below at its end")
            for sel in CONTROLS[dialog]:
                problems += [f"{where}: {p}" for p in page.evaluate(IN_VIEW, sel)]
        scroll_to(page, dialog, "top")
    assert seen == list(CONTROLS)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_nothing_cut_at_the_sides_on_a_phone(warm_page: Any, site: Any, screenshot: Any, lang: str) -> None:
    page = sized_page(warm_page, 390, 844)
    problems: list[str] = []
    for dialog in screens(page, site, lang):
        screenshot(page, f"screens-{dialog}-390x844-{lang}")
        problems += page.evaluate(CLIPPED, dialog)
        problems += [p for sel in CONTROLS[dialog] for p in page.evaluate(IN_VIEW, sel)]
    assert not problems, "\n".join(problems)
