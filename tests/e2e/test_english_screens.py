"""English screens read as English on the page: the result, the 复盘, an exam explanation and a tutorial lesson
in English at 1280x800 and 390x844 hold Chinese only inside a gloss ("Laozhuang (老庄, the dealer's streak)")
and no gloss inside another parenthesis; the 复盘 glosses each term once. Screenshots of each go to
test-results/english-*."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_exam import BOOT_MS, READY, give, wrong_answer
from test_game import open_game, step
from test_review_page import wait_review

from hzmj_core.exam import make_exam
from hzmj_core.glossary import GLOSSARY

_TERMS = "|".join(sorted(map(re.escape, GLOSSARY), key=len, reverse=True))
_PINYIN = "|".join(re.escape(p) for p, _ in GLOSSARY.values())
GLOSS = re.compile(rf"(?:{_PINYIN}) \((?:{_TERMS})(?:, [^()\u4e00-\u9fff]*)?\)", re.I)
NAMED = re.compile(r"[A-Za-z][\w-]* \([\u4e00-\u9fff]+\)")
"""An English name with its Chinese after it, as the result names a pattern: "Self-draw (自摸)"."""
CJK = re.compile(r"[\u4e00-\u9fff]")
SIZES = [(1280, 800), (390, 844)]


def bare_chinese(text: str) -> list[str]:
    """Chinese outside a gloss or an English name's parenthesis, and glosses inside another parenthesis."""
    out = CJK.findall(NAMED.sub(" ", GLOSS.sub(" ", text)))
    out += [m.group(0) for m in GLOSS.finditer(text) if text[:m.start()].count("(") > text[:m.start()].count(")")]
    return out


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_result_and_review_in_english(page: Any, site: Any, screenshot: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site, "?seed=2&speed=instant&lang=en")
    for _ in range(300):
        if step(page, prefer=("pass",)) == "settled":
            break
    settle = page.locator("#settle[open]")
    assert settle.count()
    screenshot(page, f"english-result-{size[0]}x{size[1]}")
    assert not bare_chinese(settle.inner_text()), settle.inner_text()
    page.locator("#settle-review").click()
    wait_review(page)
    screenshot(page, f"english-review-{size[0]}x{size[1]}")
    body = page.locator("#review-body").inner_text()
    assert not bare_chinese(body), body
    glossed = [m.group(0).split(" (")[0].lower() for m in GLOSS.finditer(body)]
    assert glossed and len(glossed) == len(set(glossed)), glossed  # each term glossed once on the screen


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_exam_explanation_in_english(page: Any, site: Any, screenshot: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site.url}exam.html?level=amateur1&seed=3&lang=en")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    q = make_exam("amateur1", 3)[2][0]
    page.wait_for_selector("section.question[data-index='0']", timeout=30_000)
    give(page, q, wrong_answer(q))
    box = page.locator("section.question")
    box.locator(".verdict").scroll_into_view_if_needed()
    screenshot(page, f"english-exam-{size[0]}x{size[1]}")
    assert not bare_chinese(box.inner_text()), box.inner_text()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_tutorial_lesson_in_english(page: Any, site: Any, screenshot: Any, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(site.url + "tutorial.html?lang=en#chengbao")
    page.wait_for_selector("article.lesson[data-lesson=chengbao]", timeout=BOOT_MS)
    if page.locator("html").get_attribute("lang") != "en":
        page.click("#lang")
        page.wait_for_function("() => document.documentElement.lang === 'en'")
    screenshot(page, f"english-lesson-{size[0]}x{size[1]}")
    text = page.locator("article.lesson").inner_text()
    assert not bare_chinese(text), text
