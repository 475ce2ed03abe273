"""The tutorial, the widgets and the wheel in a host's Pyodide, in Chromium against the built dist/."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOT_MS = 90_000
READY = "html[data-state=ready]"


def rpc(page: Any, method: str, args: dict[str, Any]) -> Any:
    return page.evaluate("([m, a]) => window.hzmjTutorial.call(m, a)", [method, args])


def probe_answer(ex: dict[str, Any]) -> Any:
    kind = ex["kind"]
    if kind == "baotou_discard":
        return ex["hand"][0].rstrip("*")
    if kind == "move":
        return ex["candidates"][0]["text"]
    return {"tile": "1m", "win_value": 99, "waits": {"tiles": [], "left": -1}, "payments": [0, 0, 0, 0],
            "claimants": [0, 1, 2, 3]}[kind]


def answers(ex: dict[str, Any], expected: Any) -> tuple[Any, Any]:
    """(right, wrong) answers for an exercise, derived from the engine's expected answer."""
    kind = ex["kind"]
    if kind == "tile":
        return expected, next(t for t in ex["choices"] if t != expected)
    if kind == "win_value":
        return expected, (None if expected is not None else 0)
    if kind == "baotou_discard":
        return expected[0], next(t.rstrip("*") for t in ex["hand"] if t.rstrip("*") not in expected)
    if kind == "waits":
        return expected, {"tiles": expected["tiles"], "left": expected["left"] + 1}
    if kind == "payments":
        return expected, [x + 1 if i == 0 else x for i, x in enumerate(expected)]
    if kind == "move":
        return expected[0], next(c["text"] for c in ex["candidates"] if c["text"] not in expected)
    if kind == "claimants":
        return expected, ([s for s in range(4) if s not in expected and s != ex["discarder"]][:1])
    raise AssertionError(kind)


def set_pressed(box: Any, selector: str, want: bool) -> None:
    btn = box.locator(selector)
    if (btn.get_attribute("aria-pressed") == "true") != want:
        btn.click()


def give(box: Any, ex: dict[str, Any], answer: Any) -> None:
    """Answer through the page, as a learner would."""
    kind = ex["kind"]
    if kind == "tile":
        box.locator(f'button.tile-btn[data-tile="{answer}"]').click()
    elif kind == "win_value":
        box.locator(f".choice[data-answer='{json.dumps(answer)}']").click()
    elif kind == "baotou_discard":
        box.locator(f'button.tile-btn[data-tile="{answer}"], button.tile-btn[data-tile="{answer}*"]').first.click()
    elif kind == "waits":
        for t in ex["palette"]:
            set_pressed(box, f'.palette button[data-tile="{t}"]', t in answer["tiles"])
        box.locator("input.num").fill(str(answer["left"]))
        box.locator("button.check").click()
    elif kind == "payments":
        for s, v in enumerate(answer):
            box.locator(f'input[data-seat="{s}"]').fill(str(v))
        box.locator("button.check").click()
    elif kind == "move":
        cand = next(c for c in ex["candidates"] if c["text"] == answer)
        if cand["type"] == "discard":
            box.locator(f'.hand-row button.tile-btn[data-tile="{cand["tiles"][0]}"]').first.click()
        else:
            box.locator(f'.choice[data-action="{answer}"]').click()
    elif kind == "claimants":
        for s in range(4):
            if s != ex["discarder"]:
                set_pressed(box, f'.seat-btn[data-seat="{s}"]', s in answer)
        box.locator("button.check").click()


def test_every_lesson_opens_and_every_exercise_is_judged(page: Any, site: Any, screenshot: Any) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    catalogue = rpc(page, "lessons", {})
    assert len(catalogue) == 12
    total = 0
    for entry in catalogue:
        page.goto(f"{site.url}tutorial.html#{entry['id']}")
        page.wait_for_selector(f"article.lesson[data-lesson={entry['id']}]", timeout=30_000)
        assert page.locator("article.lesson h2").inner_text().strip()
        data = rpc(page, "lesson", {"id": entry["id"]})
        for ex in data["exercises"]:
            expected = rpc(page, "check_exercise", {"id": ex["id"], "answer": probe_answer(ex)})["expected"]
            right, wrong = answers(ex, expected)
            box = page.locator(f'section.exercise[data-exercise="{ex["id"]}"]')
            give(box, ex, wrong)
            page.wait_for_selector(f'section.exercise[data-exercise="{ex["id"]}"][data-result=wrong]')
            assert box.locator(".feedback .explain").inner_text().strip()
            give(box, ex, right)
            page.wait_for_selector(f'section.exercise[data-exercise="{ex["id"]}"][data-result=correct]')
            total += 1
        if entry["id"] in ("baotou", "caipiao"):
            screenshot(page, f"tutorial-{entry['id']}-desktop")
    assert total == sum(len(c["exercises"]) for c in catalogue)
    # progress is saved in the browser and survives a reload
    page.reload()
    page.wait_for_selector(READY, timeout=BOOT_MS)
    assert page.locator("#toc .done").all_inner_texts().count("✓") == 12
    saved = page.evaluate("JSON.parse(localStorage.getItem('hzmj.tutorial.v1')).solved.length")
    assert saved == total


def test_language_keyboard_and_phone(page: Any, site: Any, screenshot: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + "tutorial.html#tiles")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector("article.lesson[data-lesson=tiles]")
    # keyboard only: focus the first tile button of the first exercise and press Enter
    first = page.locator('section.exercise[data-exercise="tiles-find"] button.tile-btn').first
    first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector('section.exercise[data-exercise="tiles-find"][data-result]')
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.classList.contains('tile-btn')")
    # both languages
    before = page.locator("article.lesson h2").inner_text()
    page.click("#lang")
    page.wait_for_function(f"() => document.querySelector('article.lesson h2').innerText !== {json.dumps(before)}")
    titles = {page.locator("article.lesson h2").inner_text(), before}
    assert titles == {"牌与记法", "Tiles and notation"}
    # nothing wider than a phone screen
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.goto(site.url + "tutorial.html#caipiao")
    page.wait_for_selector("article.lesson[data-lesson=caipiao]")
    screenshot(page, "tutorial-caipiao-phone")


def widgets_ready(page: Any) -> None:
    page.wait_for_function(
        "() => [...document.querySelectorAll('hzmj-hand, hzmj-lesson')].every(e => e.dataset.state === 'ready')",
        timeout=BOOT_MS,
    )


def test_embed_demo_renders_every_widget_with_no_engine(page: Any, site: Any, screenshot: Any) -> None:
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto(site.url + "embed-demo.html")
    widgets_ready(page)
    assert page.locator("hzmj-lesson").count() == 2
    assert page.locator("hzmj-hand").count() == 3
    assert page.workers == []  # drawn from the analysis the page carries (test_widgets.py)
    for sel in ("hzmj-hand", "hzmj-lesson"):
        for i in range(page.locator(sel).count()):
            assert page.locator(sel).nth(i).locator("canvas").count() >= 13  # tiles drawn in the shadow DOM
    # styles do not leak: the host's yellow buttons stay outside, the widget's serif stays inside
    host_bg = page.evaluate("getComputedStyle(document.querySelector('article button')).backgroundColor")
    inner_bg = page.evaluate(
        "getComputedStyle(document.querySelector('#lesson-baotou').shadowRoot.querySelector('.choice'))"
        ".backgroundColor"
    )
    assert host_bg == "rgb(255, 212, 0)" and inner_bg != host_bg
    host_text = page.evaluate("getComputedStyle(document.querySelector('article > p:not(.byline)')).color")
    assert host_text == "rgb(34, 34, 34)"
    # an exercise inside an embedded lesson works
    page.locator("#lesson-baotou").locator('.exercise[data-exercise="baotou-discard-win"] .choice').first.click()
    page.wait_for_function(
        "() => document.querySelector('#lesson-baotou').shadowRoot"
        ".querySelector('[data-exercise=\"baotou-discard-win\"][data-result]') !== null"
    )
    assert page.workers == []
    screenshot(page, "embed-demo-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "embed-demo-phone")


@pytest.mark.parametrize("hand_id", ["hand-baotou", "hand-waits"])
def test_widget_waits_match_the_command_line(page: Any, site: Any, hand_id: str) -> None:
    page.goto(site.url + "embed-demo.html")
    widgets_ready(page)
    tiles = page.get_attribute(f"#{hand_id}", "tiles")
    shown = page.evaluate(
        f"""[...document.querySelector('#{hand_id}').shadowRoot.querySelectorAll('.waits li')]
              .map(li => ({{tile: li.dataset.tile, remaining: Number(li.dataset.remaining)}}))"""
    )
    cli = subprocess.run([sys.executable, "-m", "hzmj_core", "analyze", tiles, "--json"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert shown == json.loads(cli.stdout)["waits"]
    assert shown


def test_micropip_installs_the_wheel_in_a_bare_pyodide_page(page: Any, site: Any) -> None:
    """A host's own Pyodide (no worker, no hzmj page code): micropip.install(wheel URL), import, use."""
    bare = f"""<!doctype html><meta charset=utf-8><title>bare</title><link rel=icon href="data:,"><script type=module>
      import {{loadPyodide}} from './pyodide/pyodide.mjs';
      try {{
        const py = await loadPyodide({{indexURL: new URL('./pyodide/', location.href).href}});
        await py.loadPackage('micropip');
        await py.pyimport('micropip').install(new URL({json.dumps(site.info['wheel'])}, location.href).href);
        window.result = py.runPython(`
import json, hzmj_core
from hzmj_core import tutorial
json.dumps([hzmj_core.__version__, tutorial.check("sets-win", 0)["correct"]])`);
      }} catch (e) {{ window.result = 'error: ' + e; }}
    </script>"""
    page.route(site.url + "bare-pyodide.html",
               lambda route: route.fulfill(status=200, content_type="text/html", body=bare))
    page.goto(site.url + "bare-pyodide.html")
    page.wait_for_function("() => window.result !== undefined", timeout=BOOT_MS)
    assert json.loads(page.evaluate("window.result")) == [site.info["version"], True]


def test_widgets_from_another_origin(page: Any, other_origin: Any) -> None:
    cors_dist = other_origin(cors=True)  # dist/ from a second origin with CORS headers, like a CDN
    host = f"""<!doctype html><html lang=en><meta charset=utf-8><title>host</title><link rel=icon href="data:,">
      <script type=module src="{cors_dist}widget.mjs"></script>
      <p>A club page on its own origin.</p>
      <hzmj-hand tiles="1m2m3m 4m5m6m 7s8s9s 4p5p EE"></hzmj-hand>
      <hzmj-lesson name="sets"></hzmj-lesson></html>"""
    # the host page comes from its own local server (a routed page would count as a public origin, and
    # Chromium's local-network protection would then refuse the loopback dist/)
    page.goto(other_origin(extra_files={"/host.html": host.encode()}) + "host.html")
    widgets_ready(page)
    assert len(page.workers) == 1
    assert page.evaluate(
        "[...document.querySelector('hzmj-hand').shadowRoot.querySelectorAll('.waits li')].map(l => l.dataset.tile)"
    ) == ["3p", "6p"]


def test_lesson_one_shows_the_notation_beside_the_pictures(page: Any, site: Any) -> None:
    page.goto(site.url + "tutorial.html#tiles")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector("article.lesson[data-lesson=tiles]")
    written = page.locator("article.lesson[data-lesson=tiles] p code.notation").all_inner_texts()
    assert {"5p", "123m", "1m2m3m", "P*"} <= set(written), written
    # each written form is followed by its picture
    pairs = page.evaluate("""[...document.querySelectorAll('article.lesson p code.notation')].map(
        (c) => [c.textContent, c.nextElementSibling && c.nextElementSibling.getAttribute('aria-label')])""")
    assert all(code == label for code, label in pairs), pairs
    page.goto(site.url + "tutorial.html#sets")
    page.wait_for_selector("article.lesson[data-lesson=sets]")
    assert page.locator("article.lesson p code.notation").count() == 0


def test_hand_analysis_names_tiles_in_words_and_counts_in_plain_language(page: Any, site: Any) -> None:
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    got = page.evaluate("""async () => {
      const {analysisText} = await import('./tutorial/ui.mjs');
      const call = window.hzmjTutorial.call;
      const hands = ['1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s', '1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 9s',
                     '1m2m3m 4m5m6m 7p8p9p 2s3s 5s 9s', '1m2m3m 4m5m6m 7p8p9p 2s 5s 9s E',
                     '1m2m3m 4p5p6p 7s8s9s E E E 5s P*'];
      const out = [];
      for (const hand of hands) {
        const info = await call('hand_widget', {tiles: hand, melds: '', wildcard: null,
                                                win_tile: hand.endsWith('P*') ? 'P*' : null});
        out.push([analysisText(info, 'en'), analysisText(info, 'zh')]);
      }
      return out;
    }""")
    win, one_discard, one_away, two_away, wild_drawn = got
    assert win[0].endswith("as a self-draw of the 5 of Bamboo.") and win[1].endswith("自摸五条。"), win
    assert one_discard == ["Not a win: one discard leaves it ready.", "不是胡牌：打掉一张就听牌。"]
    assert one_away == ["Not ready: 1 tile from ready.", "还没听牌：差 1 张听牌。"]
    assert two_away == ["Not ready: 2 tiles from ready.", "还没听牌：差 2 张听牌。"]
    assert wild_drawn[0].endswith("as a self-draw of the White dragon (wildcard).") and wild_drawn[1].endswith(
        "自摸白板（财神）。"), wild_drawn
    for en, _zh in got:
        assert "(s)" not in en and "shanten" not in en


def test_a_count_of_one_takes_the_singular_in_english(page: Any, site: Any) -> None:
    page.goto(site.url + "tutorial.html")
    got = page.evaluate("""async () => {
      const {setLang, t} = await import('./i18n.mjs');
      setLang('en');
      const en = [t('import_ok', {n: 1}), t('import_ok', {n: 3})];
      setLang('zh');
      return [...en, t('import_ok', {n: 1})];
    }""")
    assert got == ["Replay loaded: 1 hand", "Replay loaded: 3 hands", "已载入回放：1局"]
    i18n = (ROOT / "web" / "i18n.mjs").read_text(encoding="utf-8") + (ROOT / "web" / "tutorial" / "ui.mjs").read_text(
        encoding="utf-8")
    assert "(s)" not in i18n
