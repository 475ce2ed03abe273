"""Tutorial feedback: a wrong answer marks the option chosen and shows the hand split into sets, tiles are
written in words (never "self-draw 5s"), and on a desktop the lesson uses the screen's width."""

from __future__ import annotations

import re
from typing import Any

from test_tutorial import BOOT_MS, READY, rpc

NOTATION = re.compile(r"\b[1-9][mps]\b|\b[ESWNCFP]\*|\b[1-9][mps]\*")


def open_lesson(page: Any, site: Any, lesson: str, lang: str, size: tuple[int, int] = (1280, 900)) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(f"{site.url}tutorial.html#{lesson}")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector(f"article.lesson[data-lesson={lesson}]", timeout=30_000)
    want = "en" if lang == "en" else "zh-CN"
    if page.evaluate("document.documentElement.lang") != want:
        page.click("#lang")
        page.wait_for_function(f"() => document.querySelector('article.lesson').lang === '{want}'")


def wrong_win_value(page: Any, site: Any, lang: str, size: tuple[int, int] = (1280, 900)) -> Any:
    """The 'sets' lesson's win-value exercise answered wrong through the page; returns its box."""
    open_lesson(page, site, "sets", lang, size)
    expected = rpc(page, "check_exercise", {"id": "sets-win", "answer": None})["expected"]
    wrong = None if expected is not None else 0
    box = page.locator('section.exercise[data-exercise="sets-win"]')
    box.locator(f".choice[data-answer='{'null' if wrong is None else wrong}']").click()
    page.wait_for_selector('section.exercise[data-exercise="sets-win"][data-result=wrong]')
    return box


def test_a_wrong_answer_marks_the_choice_and_shows_the_split(page: Any, site: Any, screenshot: Any) -> None:
    box = wrong_win_value(page, site, "en")
    chosen = box.locator("[data-chosen]")
    assert chosen.count() == 1 and chosen.get_attribute("data-chosen") == "wrong"
    assert chosen.inner_text().strip().endswith("✗")
    # the right split: four sets and a pair, drawn tile by tile, the winning tile marked
    groups = box.locator(".feedback .split .split-group")
    assert groups.count() == 5
    sizes = sorted(groups.nth(i).locator(".tile").count() for i in range(5))
    assert sizes == [2, 3, 3, 3, 3]
    assert "The hand splits into" in box.locator(".feedback").inner_text()
    # answered again, rightly: the mark moves to the new choice
    expected = rpc(page, "check_exercise", {"id": "sets-win", "answer": None})["expected"]
    box.locator(f".choice[data-answer='{'null' if expected is None else expected}']").click()
    page.wait_for_selector('section.exercise[data-exercise="sets-win"][data-result=correct]')
    assert box.locator("[data-chosen]").count() == 1
    assert box.locator("[data-chosen]").get_attribute("data-chosen") == "right"
    screenshot(page, "tutorial-feedback-en")


def test_feedback_and_facts_name_tiles_in_words(page: Any, site: Any) -> None:
    for lang in ("en", "zh"):
        box = wrong_win_value(page, site, lang)
        text = box.locator(".context").inner_text() + "\n" + box.locator(".feedback").inner_text()
        assert not NOTATION.search(text), text
        assert ("Self-drawn: the 5 of Bamboo" if lang == "en" else "自摸五条") in text, text
    # a played-out line in words: "Left discards the 5 of Bamboo", not "Left discards 5s"
    open_lesson(page, site, "caipiao", "en")
    data = rpc(page, "lesson", {"id": "caipiao"})
    ex = next(e for e in data["exercises"] if e["kind"] == "move")
    expected = rpc(page, "check_exercise", {"id": ex["id"], "answer": ex["candidates"][0]["text"]})["expected"]
    wrong = next(c for c in ex["candidates"] if c["text"] not in expected and c["type"] == "discard")
    box = page.locator(f'section.exercise[data-exercise="{ex["id"]}"]')
    box.locator(f'.hand-row button.tile-btn[data-tile="{wrong["tiles"][0]}"]').first.click()
    page.wait_for_selector(f'section.exercise[data-exercise="{ex["id"]}"][data-result]')
    text = box.locator(".context").inner_text() + "\n" + box.locator(".feedback").inner_text()
    assert not NOTATION.search(text), text
    assert box.locator(".feedback li").count() >= 1


def test_the_lesson_uses_a_desktop_screen(page: Any, site: Any, screenshot: Any) -> None:
    wrong_win_value(page, site, "zh", (1920, 1080))
    side = page.locator("nav.side").bounding_box()
    lesson = page.locator("article.lesson").bounding_box()
    text = page.locator("article.lesson h2").bounding_box()
    exercises = page.locator("article.lesson .exercises").bounding_box()
    assert side and lesson and text and exercises
    free = 1920 - (side["x"] + side["width"])
    assert lesson["width"] >= 0.85 * free - 100, (lesson, free)
    # the exercises sit beside the lesson's text, not under it
    assert exercises["x"] >= text["x"] + 500 and exercises["y"] < text["y"] + 400, (exercises, text)
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    screenshot(page, "tutorial-feedback-1920-zh")
