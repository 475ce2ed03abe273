"""The widgets a blog can afford: the demo article drawn and explained from the analysis carried in the page,
with no Python runtime until a reader asks for the engine; the carried analysis equals the live engine's."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "test-results"
BOOT_MS = 90_000
WIDGETS = "hzmj-hand, hzmj-lesson"
ALL_READY = f"() => [...document.querySelectorAll('{WIDGETS}')].every(e => e.dataset.state === 'ready')"
# what a page fetches only to run the engine: the Pyodide runtime, the standard library, the engine's wheel
ENGINE_FILE = re.compile(r"/pyodide/|/wheels/|\.whl$|python_stdlib|/worker\.mjs$")
BUDGET_BYTES = 600_000
BUDGET_GZIP = 150_000


class Traffic:
    """Every response the browser context received from the network: its path, its body as sent (maybe
    gzipped) and the file's size in the build (uncompressed)."""

    def __init__(self, context: Any, site: Any) -> None:
        self.site = site
        self.rows: list[tuple[str, int, int]] = []
        context.on("requestfinished", self._done)

    def _done(self, req: Any) -> None:
        path = urlsplit(req.url).path
        res = req.response()
        if not req.url.startswith(self.site.url) or (res is not None and res.from_service_worker):
            return  # an answer of the service worker (its own fetch of the file is counted)
        sent = req.sizes()["responseBodySize"]
        file = Path(self.site.dist) / path.lstrip("/")
        if path.endswith("/"):
            file = file / "index.html"
        full = file.stat().st_size if sent and file.is_file() else sent  # a 304 sends nothing
        self.rows.append((path, sent, full))

    def engine_files(self) -> list[str]:
        return [p for p, _, _ in self.rows if ENGINE_FILE.search(p)]

    def count(self, pattern: str) -> int:
        return sum(1 for p, _, _ in self.rows if re.search(pattern, p))

    def totals(self) -> tuple[int, int]:
        return sum(f for _, _, f in self.rows), sum(s for _, s, _ in self.rows)


def shadow(page: Any, widget_id: str, selector: str) -> Any:
    return page.locator(f"#{widget_id}").locator(selector)


@pytest.mark.cold_profile
def test_demo_article_is_drawn_from_carried_analysis_and_loads_the_engine_once(
        page: Any, context: Any, own_site: Any) -> None:
    traffic = Traffic(context, own_site)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(own_site.url + "embed-demo.html?lang=en")
    page.wait_for_function(ALL_READY, timeout=30_000)
    # the offline copy is made before we count: what a first visit costs, all of it
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    total, gzipped = traffic.totals()
    assert traffic.engine_files() == [], traffic.engine_files()
    assert page.workers == []
    assert total <= BUDGET_BYTES and gzipped <= BUDGET_GZIP, (total, gzipped, sorted(traffic.rows))
    sources = page.evaluate(f"[...document.querySelectorAll('{WIDGETS}')].map(e => [e.id, e.dataset.source])")
    assert len(sources) == 5 and all(s == "carried" for _, s in sources), sources
    # every widget shows its content: tiles, and the engine's words about them
    for hand_id in ("hand-baotou", "hand-waits", "hand-qidui"):
        assert shadow(page, hand_id, ".hand canvas").count() >= 13
        assert shadow(page, hand_id, ".analysis").inner_text().strip()
    assert "暴头" in shadow(page, "hand-baotou", ".analysis").inner_text()
    assert shadow(page, "hand-waits", ".waits li").evaluate_all(
        "ls => ls.map(l => l.dataset.tile + 'x' + l.dataset.remaining)") == ["3px4", "6px4"]
    assert "2 fan" in shadow(page, "hand-qidui", ".analysis").inner_text()
    assert shadow(page, "hand-qidui", ".split-group").count() == 7  # seven pairs, each drawn
    for lesson_id in ("lesson-baotou", "lesson-caipiao"):
        assert shadow(page, lesson_id, "h2").inner_text().strip()
        assert shadow(page, lesson_id, ".exercise").count() == 2

    # the lesson's first exercise is answered and explained with no runtime
    first = shadow(page, "lesson-baotou", ".exercise").first
    first.locator(".tile-btn").first.click()
    page.wait_for_function("""() => document.querySelector('#lesson-baotou').shadowRoot
        .querySelector('.exercise[data-result]') !== null""")
    assert first.locator(".explain").inner_text().strip()
    right = first.locator(".tile-btn[data-tile='4m']")  # the engine's answer: 1m or 4m
    right.click()
    page.wait_for_function("""() => document.querySelector('#lesson-baotou').shadowRoot
        .querySelector('.exercise').dataset.result === 'correct'""")
    assert traffic.engine_files() == [] and page.workers == []

    # asking for another discard needs the engine: it loads, with a progress line, once for the page
    shadow(page, "hand-qidui", ".explore-open").click()
    shadow(page, "hand-qidui", ".explore-pick .tile-btn[data-tile='C']").click()
    assert shadow(page, "hand-qidui", ".explore-area .status progress").count() == 1
    page.wait_for_function("() => document.querySelector('#hand-qidui').dataset.engine === 'ready'", timeout=BOOT_MS)
    shown = shadow(page, "hand-qidui", ".explore-area .hand-card")
    assert shown.locator(".hand canvas").count() == 13
    assert shown.locator(".waits li").evaluate_all("ls => ls.map(l => l.dataset.tile)") == ["C"]
    # another widget asks too: the same engine answers
    shadow(page, "hand-waits", ".explore-open").click()
    shadow(page, "hand-waits", ".explore-pick .tile-btn[data-tile='6p']").click()
    page.wait_for_function("() => document.querySelector('#hand-waits').dataset.engine === 'ready'", timeout=BOOT_MS)
    assert "A win" in shadow(page, "hand-waits", ".explore-area .analysis").inner_text()
    assert traffic.count(r"pyodide\.asm\.wasm$") == 1
    assert traffic.count(r"\.whl$") == 1
    assert len(page.workers) == 1


def strip_carried(html: str) -> str:
    return re.sub(r'<script type="application/json">.*?</script>', "", html, flags=re.S)


def widget_contents(page: Any) -> dict[str, str]:
    return page.evaluate(f"""Object.fromEntries([...document.querySelectorAll('{WIDGETS}')].map(e => [e.id,
        e.shadowRoot.firstElementChild.innerText + '|' + [...e.shadowRoot.querySelectorAll('[data-tile]')]
          .map(t => t.dataset.tile + (t.dataset.remaining || '')).join(' ')]))""")


def answer_everything(page: Any) -> dict[str, str]:
    """Give every answer the lessons' choice exercises offer, one after another: the feedback of each."""
    out: dict[str, str] = {}
    for lesson in page.locator("hzmj-lesson").all():
        lid = lesson.get_attribute("id")
        for box in lesson.locator(".exercise").all():
            ex = box.get_attribute("data-exercise")
            buttons = box.locator(".ex-body button:not(.check)")
            for i in range(buttons.count()):
                b = buttons.nth(i)
                label = b.get_attribute("data-tile") or b.get_attribute("data-action") or b.inner_text()
                before = box.locator(".feedback").inner_text()
                b.click()
                page.wait_for_function(
                    """([lid, ex, before]) => { const f = document.querySelector('#' + lid).shadowRoot
                        .querySelector(`[data-exercise="${ex}"] .feedback`);
                        return f.innerText !== before && !f.closest('.exercise').classList.contains('checking'); }""",
                    arg=[lid, ex, before], timeout=BOOT_MS) if i == 0 else page.wait_for_function(
                    """([lid, ex]) => !document.querySelector('#' + lid).shadowRoot
                        .querySelector(`[data-exercise="${ex}"]`).classList.contains('checking')""",
                    arg=[lid, ex], timeout=BOOT_MS)
                out[f"{lid}/{ex}/{label}"] = box.get_attribute("data-result") + "|" + box.locator(
                    ".feedback").inner_text()
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_carried_widgets_show_what_the_live_engine_shows(page: Any, site: Any, lang: str) -> None:
    """Every carried widget of the demo article rendered both ways, from the page and by the live engine
    (the same page with the carried data taken out, as an author writes it by hand): the same content,
    and every answer the lessons offer gets the same verdict and explanation."""
    carried_html = (Path(site.dist) / "embed-demo.html").read_text(encoding="utf-8")
    assert carried_html.count('type="application/json"') == 5
    live_html = strip_carried(carried_html)
    page.route("**/embed-demo-live.html?*",
               lambda route: route.fulfill(status=200, content_type="text/html", body=live_html))
    page.goto(site.url + f"embed-demo.html?lang={lang}")
    page.wait_for_function(ALL_READY, timeout=30_000)
    assert page.workers == []
    carried = widget_contents(page)
    carried_answers = answer_everything(page)
    assert page.workers == []  # every answer came from the page

    page.goto(site.url + f"embed-demo-live.html?lang={lang}")
    page.wait_for_function(ALL_READY, timeout=BOOT_MS)
    assert page.evaluate(f"[...document.querySelectorAll('{WIDGETS}')].map(e => e.dataset.source)") == ["engine"] * 5
    assert len(page.workers) == 1
    live = widget_contents(page)
    live_answers = answer_everything(page)
    assert carried == live
    assert len(carried_answers) >= 30 and carried_answers == live_answers
    assert any(v.startswith("correct|") for v in live_answers.values())
    assert any(v.startswith("wrong|") for v in live_answers.values())


def test_a_hand_written_widget_shows_its_tiles_then_its_analysis_once_the_engine_loads(
        page: Any, slow_site: Any) -> None:
    host = """<!doctype html><html lang=en><meta charset=utf-8><title>hand-written</title>
      <link rel=icon href="data:,"><script type=module src="widget.mjs"></script>
      <p>Written by hand, with no carried analysis:</p>
      <hzmj-hand id=mine tiles="1m2m3m 4m5m6m 7s8s9s 4p5p EE"></hzmj-hand>
      <hzmj-hand id=stale tiles="1m2m3m 4m5m6m 7s8s9s 4p5p NN"><script type="application/json">
        {"format": 1, "kind": "hand", "for": {"tiles": "1m2m3m 4m5m6m 7s8s9s 4p5p EE", "melds": "",
         "wildcard": "", "win-tile": ""}, "analysis": {}}</script></hzmj-hand></html>"""
    page.route(slow_site.url + "hand-written.html",
               lambda route: route.fulfill(status=200, content_type="text/html", body=host))
    page.goto(slow_site.url + "hand-written.html")
    # while the engine loads: the tiles as written, and a progress line; the page's text is there
    page.wait_for_function("() => document.querySelector('#mine').dataset.state === 'loading'")
    assert page.locator("#mine").locator(".status progress").count() == 1
    assert page.locator("#mine").locator(".preview canvas").count() == 13
    assert page.locator("p").inner_text().startswith("Written by hand")
    page.wait_for_function(ALL_READY, timeout=BOOT_MS)
    assert page.locator("#mine").get_attribute("data-source") == "engine"
    assert page.locator("#mine").locator(".waits li").evaluate_all(
        "ls => ls.map(l => l.dataset.tile)") == ["3p", "6p"]
    # data written for other tiles is not shown for these: the engine analyses the tiles the widget has
    assert page.locator("#stale").get_attribute("data-carried") == "stale"
    assert page.locator("#stale").locator(".waits li").evaluate_all(
        "ls => ls.map(l => l.dataset.tile)") == ["3p", "6p"]
    assert len(page.workers) == 1


@pytest.mark.cold_profile
def test_the_demo_article_reads_offline_after_a_visit_in_both_languages(page: Any, context: Any, own_site: Any,
                                                                        screenshot: Any) -> None:
    page.goto(own_site.url + "embed-demo.html?lang=en")
    page.wait_for_function(ALL_READY, timeout=30_000)
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
    cached = page.evaluate("""async () => (await (await caches.open((await caches.keys())[0])).keys())
        .map(r => new URL(r.url).pathname)""")
    assert not [u for u in cached if ENGINE_FILE.search(u)], cached
    context.set_offline(True)
    try:
        for lang, word in (("zh", "暴头状态"), ("en", "In 暴头 state")):
            page.goto(own_site.url + f"embed-demo.html?lang={lang}")
            page.wait_for_function(ALL_READY, timeout=30_000)
            assert word in page.locator("#hand-baotou").locator(".analysis").inner_text()
            assert page.evaluate("document.documentElement.lang") == ("zh-CN" if lang == "zh" else "en")
    finally:
        context.set_offline(False)


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (1920, 1080), (1024, 500), (844, 390)])
def test_demo_article_screenshots(page: Any, site: Any, screenshot: Any, lang: str, size: tuple[int, int]) -> None:
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site.url + f"embed-demo.html?lang={lang}")
    page.wait_for_function(ALL_READY, timeout=30_000)
    # nothing wider than the screen, and the article's own words are in the page's language
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    switch = page.locator("#lang").bounding_box()
    assert switch is not None and switch["height"] < 40  # the language switch stays on one line
    heading = page.locator("h1:visible").inner_text()
    assert ("暴头为什么" in heading) == (lang == "zh")
    screenshot(page, f"embed-demo-{lang}-{width}x{height}-full")
    RESULTS.mkdir(exist_ok=True)
    page.screenshot(path=str(RESULTS / f"embed-demo-{lang}-{width}x{height}.png"))  # the first screen


@pytest.mark.cold_profile
def test_the_tutorial_is_read_and_answered_with_no_runtime(page: Any, context: Any, own_site: Any) -> None:
    """The tutorial page carries its lessons and their answer tables (build.py): a first visit reads a lesson
    and has an exercise judged and explained without fetching Pyodide, the wheel or the worker."""
    traffic = Traffic(context, own_site)
    page.goto(own_site.url + "tutorial.html#baotou")
    page.wait_for_selector("html[data-state=ready][data-source=carried]", timeout=30_000)
    page.wait_for_selector("article.lesson[data-lesson=baotou]")
    assert page.locator("#toc li").count() == 12
    box = page.locator('section.exercise[data-exercise="baotou-discard"]')
    box.locator(".tile-btn[data-tile='1m']").click()
    page.wait_for_selector('section.exercise[data-exercise="baotou-discard"][data-result=correct]')
    assert box.locator(".feedback .explain").inner_text().strip()
    page.wait_for_load_state("networkidle")
    assert traffic.engine_files() == [] and page.workers == []


def test_the_form_makes_the_markup_the_command_prints(page: Any, site: Any, screenshot: Any) -> None:
    """The demo page's form loads the engine when used and gives what `python -m hzmj_core embed` prints; the
    widget it previews draws from the carried analysis."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site.url + "embed-demo.html?lang=zh")
    page.wait_for_function(ALL_READY, timeout=30_000)
    page.fill("#maker-form input[name=tiles]", "1m2m3m 4p5p6p 7s8s9s 3m4m NN")
    page.select_option("#maker-form select[name=lang]", "en")
    page.click("#maker-go")
    page.wait_for_function("() => document.querySelector('#maker-out').value !== ''", timeout=BOOT_MS)
    cli = subprocess.run([sys.executable, "-m", "hzmj_core", "embed", "1m2m3m 4p5p6p 7s8s9s 3m4m NN", "--lang", "en"],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    assert page.input_value("#maker-out") == cli.stdout.strip()
    preview = page.locator("#maker-preview hzmj-hand")
    page.wait_for_function("() => document.querySelector('#maker-preview hzmj-hand').dataset.state === 'ready'")
    assert preview.get_attribute("data-source") == "carried"
    assert preview.locator(".waits li").evaluate_all("ls => ls.map(l => l.dataset.tile)") == ["2m", "5m"]
    # a bad hand: the engine's reason, in the page's language
    page.fill("#maker-form input[name=tiles]", "1m2m")
    page.click("#maker-go")
    page.wait_for_function("() => document.querySelector('#maker-status').textContent.startsWith('引擎没能生成代码')")
    assert "2 tiles" in page.inner_text("#maker-status")
    # another discard, then a draw, in Chinese: the engine's answer under the hand
    page.locator("#hand-qidui").locator(".explore-open").click()
    page.locator("#hand-qidui").locator(".explore-pick .tile-btn[data-tile='1m']").click()
    page.wait_for_function("() => document.querySelector('#hand-qidui').dataset.engine === 'ready'", timeout=BOOT_MS)
    assert "打出一万之后" in page.locator("#hand-qidui").locator(".explore-area .explore-title").inner_text()
    page.locator("#hand-qidui").scroll_into_view_if_needed()
    screenshot(page, "embed-demo-zh-390x844-explored")
