"""The rules view (rules.html) in Chromium against the built dist/: reached from the game's ☰ menu, every
section and worked example of the reference shown in Chinese and in English with the results the engine computes
(hzmj_core.rulebook), the language switch, the table of contents, no sideways scrolling at phone and desktop
sizes, and screenshots at 1280x800, 390x844 and 844x390 in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from hzmj_core.rulebook import page_data

BOOT_MS = 120_000
SHOTS = Path(__file__).resolve().parents[2] / "test-results"
READY = "() => window.hzmjRules && window.hzmjRules.ready"
DATA = page_data()
SECTIONS: list[dict[str, Any]] = DATA["sections"]  # type: ignore[assignment]


def open_rules(page: Any, site: Any, lang: str, size: tuple[int, int] = (1280, 800)) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site.url}rules.html?lang={lang}")
    page.wait_for_function(READY, timeout=30_000)


def test_the_menu_opens_the_rules(page: Any, site: Any) -> None:
    page.goto(site.url + "?seed=4&speed=instant&lang=en")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
    page.click("#btn-menu")
    page.locator("#menu").wait_for(state="visible")
    assert "规则" in page.locator("#m-rules").inner_text() and "Rules" in page.locator("#m-rules").inner_text()
    page.click("#m-rules")
    page.wait_for_url("**/rules.html", timeout=10_000)
    page.wait_for_function(READY, timeout=30_000)
    assert page.locator("#title").inner_text() == "Rules"  # the game's language is kept
    page.click("#to-game")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_section_and_example_is_shown(page: Any, site: Any, lang: str) -> None:
    open_rules(page, site, lang)
    sections = DATA["sections"]
    examples = DATA["examples"]
    assert isinstance(sections, list) and isinstance(examples, list)
    shown = page.eval_on_selector_all(
        "main section", "(ss) => ss.map((s) => [s.id, s.querySelector('h2, h3').textContent])")
    assert shown == [[f"s{s['num']}", f"§{s['num']} {s['title'][lang]}"] for s in sections]
    for ex in examples:
        box = page.locator(f"article#{ex['key']}")
        # tiles are drawn (their notation is the label of the picture), the words are the engine's
        texts = box.locator(".result p").evaluate_all(
            "(ps) => ps.map((p) => [...p.childNodes].map((n) => n.nodeType === 3 ? n.textContent"
            " : n.classList.contains('tiles') ? `{${n.getAttribute('aria-label')}}` : n.textContent).join(''))")
        assert texts == ex["result"][lang], ex["key"]
    # the options table of §11 and the pattern register of §7.3 come from the engine
    assert page.locator("#s11 tbody tr").count() == 18
    assert page.locator("#s7\\.3 tbody tr").count() == 13
    assert page.locator("#s0 .tiles canvas").count() == 0
    assert page.locator("#EX4 .tiles canvas").count() == 2 + 13 + 1  # in the text, the hand, the drawn tile
    # a section link scrolls there
    page.click("#toc a[href='#s10']")
    top = page.evaluate("() => document.getElementById('s10').getBoundingClientRect().top")
    assert 0 <= top < 60


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_language_switch(page: Any, site: Any, lang: str) -> None:
    open_rules(page, site, lang)
    other = "en" if lang == "zh" else "zh"
    page.click("#lang")
    nine = next(s for s in SECTIONS if s["num"] == "9")
    assert page.locator("#s9 h2").inner_text() == f"§9 {nine['title'][other]}"
    assert page.evaluate("() => window.hzmjRules.lang") == other
    page.reload()
    page.wait_for_function(READY, timeout=30_000)
    page.goto(f"{site.url}rules.html")  # the choice is remembered without ?lang
    page.wait_for_function(READY, timeout=30_000)
    assert page.evaluate("() => window.hzmjRules.lang") == other


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (844, 390)])
@pytest.mark.parametrize("lang", ["zh", "en"])
def test_fits_and_screenshots(page: Any, site: Any, lang: str, size: tuple[int, int]) -> None:
    open_rules(page, site, lang, size)
    w, h = size
    widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways at {w}x{h}: {widths}"
    toc = page.locator("#toc").bounding_box()
    assert toc is not None and toc["x"] >= 0 and toc["x"] + toc["width"] <= w + 1
    body = page.locator("main").bounding_box()
    assert body is not None and body["width"] >= min(w - 40, 500)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"rules-{lang}-{w}x{h}.png"))
    page.goto(f"{site.url}rules.html?lang={lang}#EX10")
    page.wait_for_function(READY, timeout=30_000)
    top = page.evaluate("() => document.getElementById('EX10').getBoundingClientRect().top")
    assert 0 <= top < h / 2
    # the example is not hidden under the sticky contents strip of a narrow screen
    strip = page.evaluate("() => document.getElementById('toc').getBoundingClientRect().bottom")
    assert top >= strip - 1 or w > 820
    page.screenshot(path=str(SHOTS / f"rules-example-{lang}-{w}x{h}.png"))
