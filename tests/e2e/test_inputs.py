"""Bad input on the page side: seeds in the address, damaged saves,
deep JSON, a dead engine worker, widget attributes and stored tutorial progress. Each gets a clear word
to the player and leaves a working page."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

TABLE = "html[data-table=ready]"
BOOT_MS = 120_000
GAME_KEY = "hzmj.game.v1"
PROGRESS_KEY = "hzmj.tutorial.v1"
DEEP = "[" * 3000 + "]" * 3000


def open_game(page: Any, site: Any, query: str) -> None:
    page.goto(site.url + query)
    page.wait_for_selector(TABLE, timeout=BOOT_MS)


def store(page: Any, site: Any, items: dict[str, str]) -> None:
    """Write localStorage of the site's origin before any page of it boots (from a page with no script)."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site.url + "icon.svg")
    page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


def toast(page: Any) -> str:
    box = page.locator("#toast")
    box.wait_for(state="visible", timeout=10_000)
    return str(box.inner_text())


def match_seed(page: Any) -> str:
    return str(page.evaluate("window.hzmj.game.state.match.seed"))


# ------------------------------------------------------------------------------------------ seeds (item 6)


@pytest.mark.parametrize("seed", ["9007199254740993", "18446744073709551615", "000123"])
def test_a_seed_of_up_to_64_bits_plays_exactly_that_game(page: Any, site: Any, seed: str) -> None:
    open_game(page, site, f"?seed={seed}&speed=instant&lang=en")
    assert match_seed(page) == str(int(seed))
    assert page.locator("#toast").is_hidden()


@pytest.mark.parametrize("seed", ["9" * 309, "18446744073709551616", "-1", "abc", "1e5", "１２"])
def test_a_seed_out_of_range_or_not_a_number_is_refused_with_a_message(page: Any, site: Any, seed: str) -> None:
    open_game(page, site, f"?seed={seed}&speed=instant&lang=en")
    words = toast(page)
    assert "seed in the address was not used" in words, words
    assert "0 to 18446744073709551615" in words, words
    # the game played instead is named, and is the one the toast names
    assert f"new game with seed {match_seed(page)}." in words, words
    assert "Error" not in words


def test_the_new_game_form_refuses_a_bad_seed_and_keeps_a_big_one_exact(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=5&speed=instant&lang=en")
    page.click("#btn-menu")
    page.click("#m-new")
    page.locator("#ng-seed").wait_for(state="visible")
    page.fill("#ng-seed", "99999999999999999999")
    page.click("#ng-start")
    assert "too large" in page.evaluate("document.getElementById('ng-seed').validationMessage")
    assert page.locator("#newgame").is_visible()
    assert match_seed(page) == "5"
    page.fill("#ng-seed", "12345678901234567891")
    page.click("#ng-start")
    page.wait_for_function("() => String(window.hzmj.game.state.match.seed) === '12345678901234567891'")


# ------------------------------------------------------------------------------- saves and logs (5, 10)


def test_a_new_game_is_saved_before_anyone_acts(page: Any, site: Any) -> None:
    """Seed 5 makes the player the dealer: nobody acts before the player's first discard, and a reload must
    still come back to the same game (it once dealt a new one: nothing had saved the game yet)."""
    open_game(page, site, "?seed=5&speed=instant&lang=en")
    assert page.evaluate("window.hzmj.game.state.dealer") == 0
    page.wait_for_function(f"() => localStorage.getItem('{GAME_KEY}') !== null", timeout=10_000)
    hand = page.evaluate("window.hzmj.game.state.hand")
    page.goto(site.url + "?speed=instant&lang=en")   # no seed: only the save can bring the game back
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    assert page.evaluate("window.hzmj.game.state.match.seed") == "5"
    assert page.evaluate("window.hzmj.game.state.hand") == hand


def test_a_truncated_save_is_dropped_with_a_word(page: Any, site: Any) -> None:
    open_game(page, site, "?speed=instant&lang=en")
    page.wait_for_function(f"() => localStorage.getItem('{GAME_KEY}') !== null")
    # the bots have played up to the player's turn and the last save is written (a later one would mend it)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1' && !window.hzmj.game.saving")
    page.evaluate(f"""() => {{
        const raw = localStorage.getItem('{GAME_KEY}');
        localStorage.setItem('{GAME_KEY}', raw.slice(0, raw.length >> 1));
    }}""")
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    words = toast(page)
    assert "saved game was not resumed" in words and "damaged" in words, words
    assert "new game with seed" in words, words


def test_a_deeply_nested_save_never_reaches_the_engine(page: Any, site: Any) -> None:
    store(page, site, {GAME_KEY: json.dumps(DEEP)})
    open_game(page, site, "?speed=instant&lang=en")
    words = toast(page)
    assert "nested more than 64 levels" in words, words
    assert page.evaluate("window.hzmj.bridge.call('version')") == site.info["version"]


def test_a_deeply_nested_log_is_refused_and_the_engine_keeps_working(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=3&speed=instant&lang=en")
    bridge_before = page.evaluate("window.hzmj.bridge.info.timings.engine_ready")
    page.set_input_files("#import-file", files=[{"name": "deep.json", "mimeType": "application/json",
                                                 "buffer": DEEP.encode()}])
    words = toast(page)
    assert "Import failed" in words and "nested more than 64 levels" in words, words
    # the same engine (not a restarted one) still answers
    assert page.evaluate("window.hzmj.bridge.info.timings.engine_ready") == bridge_before
    assert page.evaluate("window.hzmj.game.call('state').then(s => String(s.match.seed))") == "3"


def test_a_call_crosses_the_worker_as_one_json_text_each_way(page: Any, site: Any) -> None:
    """The worker passes the page's argument text to Python and Python's answer text back, unparsed.

    A seed of 2^64 - 1 written as a JSON integer survives only if nobody between the page and Python reads it
    as a JavaScript number (that rounds it past 2^64, which the engine refuses); the answer must arrive as
    the text Python wrote. The page's own calls are counted on the way too.
    """
    open_game(page, site, "?seed=5&speed=instant&lang=en")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    seed = "18446744073709551615"
    raw = page.evaluate("""(seed) => new Promise((resolve) => {
        const worker = window.hzmj.bridge.worker;
        worker.addEventListener('message', function answer(event) {
            if (event.data.id !== 'raw') return;
            worker.removeEventListener('message', answer);
            resolve({kind: typeof event.data.reply, reply: event.data.reply, error: event.data.error || null});
        });
        worker.postMessage({id: 'raw', method: 'new_game', args: `{"options": {}, "seed": ${seed}}`});
    })""", seed)
    assert raw["kind"] == "string", raw
    assert raw["reply"].startswith('{"ok":true,'), raw["reply"][:300]
    assert f'"seed": "{seed}"' in raw["reply"], raw["reply"][:300]
    # the page's calls: argument text out, answer text in, read once by the bridge
    sent = page.evaluate("""async () => {
        const worker = window.hzmj.bridge.worker;
        const out = [];
        const inn = [];
        const post = worker.postMessage;
        worker.postMessage = function (msg) { out.push(typeof msg.args); return post.call(this, msg); };
        const look = (event) => { if (event.data.id !== undefined) inn.push(typeof event.data.reply); };
        worker.addEventListener('message', look);
        const state = await window.hzmj.bridge.call('state');
        await window.hzmj.bridge.call('option_info');
        await new Promise((resolve) => setTimeout(resolve));  // the bridge reads each answer first
        worker.postMessage = post;
        worker.removeEventListener('message', look);
        return {out, inn, seed: state.match.seed, seedType: typeof state.match.seed};
    }""")
    assert sent == {"out": ["string", "string"], "inn": ["string", "string"], "seed": seed, "seedType": "string"}


def test_deep_argument_text_is_stopped_by_the_worker(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=3&speed=instant&lang=en")
    answer = page.evaluate("""(deep) => new Promise((resolve) => {
        const worker = window.hzmj.bridge.worker;
        worker.addEventListener('message', function answer(event) {
            if (event.data.id !== 'deep') return;
            worker.removeEventListener('message', answer);
            resolve(event.data);
        });
        worker.postMessage({id: 'deep', method: 'state', args: deep});
    })""", DEEP)
    assert "reply" not in answer and answer.get("fatal") is None, answer
    assert answer["error"] == ("the arguments of state were not passed to the engine: "
                               "it is nested more than 64 levels deep"), answer
    assert page.evaluate("window.hzmj.game.call('state').then(s => String(s.match.seed))") == "3"


def test_a_dead_engine_is_restarted_and_the_game_kept(page: Any, site: Any, js_errors: list[str]) -> None:
    open_game(page, site, "?seed=8&speed=instant&lang=en")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.evaluate("window.hzmj.game.persist()")
    before = page.evaluate("({n: window.hzmj.game.state.event_count, hand: window.hzmj.game.state.hand})")
    # the worker dies (as on an uncaught error or a fatal error of Pyodide): the next call finds it dead
    page.evaluate("window.hzmj.bridge.worker.dispatchEvent(new ErrorEvent('error', {message: 'test crash'}))")
    failed = page.evaluate("window.hzmj.game.call('state').then(() => 'answered', (e) => e.fatal)")
    assert failed is True
    assert "engine failed and was restarted" in toast(page)
    after = page.evaluate("({n: window.hzmj.game.state.event_count, hand: window.hzmj.game.state.hand})")
    assert after == before
    assert page.evaluate("window.hzmj.game.call('state').then(s => String(s.match.seed))") == "8"
    js_errors[:] = [e for e in js_errors if "test crash" not in e]


def test_a_restarted_engine_that_refuses_the_save_says_why_and_deals_afresh(page: Any, site: Any,
                                                                          js_errors: list[str]) -> None:
    open_game(page, site, "?seed=8&speed=instant&lang=en")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.evaluate("window.hzmj.game.persist()")
    # the save left behind is one the engine refuses (another version's)
    page.evaluate("""() => { const d = JSON.parse(JSON.parse(localStorage.getItem('hzmj.game.v1')));
        d.version = 2; localStorage.setItem('hzmj.game.v1', JSON.stringify(JSON.stringify(d))); }""")
    page.evaluate("window.hzmj.bridge.worker.dispatchEvent(new ErrorEvent('error', {message: 'test crash'}))")
    assert page.evaluate("window.hzmj.game.call('state').then(() => 'answered', (e) => e.fatal)") is True
    assert toast(page) == ("The engine failed and was restarted. Could not resume the saved game: the save is from "
                           "another version of the game (save format 2; this version reads 1).")
    # in Chinese after a switch of language: the refusal's reason too, the sentences joined with no space
    page.click("#btn-lang")
    zh = toast(page)
    assert zh.startswith("引擎出了故障，已重新启动。") and "。 " not in zh and not re.search(r"[A-Za-z]{3}", zh), zh
    assert match_seed(page) != "8"  # a fresh game, dealt by the new engine
    assert page.evaluate("window.hzmj.game.call('state').then(s => s.match.history.length)") == 0
    js_errors[:] = [e for e in js_errors if "test crash" not in e]


# ------------------------------------------------------------------------------------- settings (11)


def test_damaged_settings_are_reset_one_by_one_with_a_word(page: Any, site: Any) -> None:
    store(page, site, {"hzmj.settings.v1": json.dumps({"hints": False, "speed": {"x": 1}, "options": 5})})
    open_game(page, site, "?speed=instant&lang=en")
    words = toast(page)
    assert "back to their defaults: speed, game options." in words, words
    assert page.locator("#btn-hints").get_attribute("aria-pressed") == "false"  # the good setting is kept


# ------------------------------------------------------------------------------ tutorial progress (11)


@pytest.mark.parametrize(("stored", "kept", "reset"), [
    ({"solved": 5}, None, "the exercises solved"),
    ({"last": "x"}, None, "the last lesson open"),
    ({"solved": ["sets-win"], "last": 7}, ["sets-win"], "the last lesson open"),
    ("not json", None, "the exercises solved, the last lesson open"),
])
def test_damaged_tutorial_progress_resets_only_the_broken_part(
    page: Any, site: Any, stored: Any, kept: list[str] | None, reset: str
) -> None:
    raw = stored if isinstance(stored, str) else json.dumps(stored)
    store(page, site, {PROGRESS_KEY: raw, "hzmj.settings.v1": json.dumps({"lang": "en"})})
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    notice = page.locator("#progress-notice").inner_text()
    assert f"this part was reset: {reset}." in notice, notice
    assert page.locator("article.lesson h2").count() == 1
    stored_now = json.loads(page.evaluate(f"localStorage.getItem('{PROGRESS_KEY}')"))
    assert stored_now.get("solved") == kept


# ------------------------------------------------------------------------------------------- widgets (9)

WIDGETS = """<!doctype html><html lang=en><meta charset=utf-8><title>widgets</title>
<script type=module src="widget.mjs"></script>
<hzmj-hand id=huge tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EE" size="100000"></hzmj-hand>
<hzmj-hand id=negative tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EE" size="-50"></hzmj-hand>
<hzmj-hand id=word tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EE" size="big"></hzmj-hand>
<hzmj-hand id=tiles tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EX"></hzmj-hand>
<hzmj-hand id=melds tiles="1m2m3m 4p5p6p 4p5p EE" melds="7s8x9s"></hzmj-hand>
<hzmj-hand id=wildcard tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EE" wildcard="0z"></hzmj-hand>
<hzmj-hand id=longwild tiles="1m2m3m 4p5p6p 7s8s9s 4p5p EE" wildcard="12345"></hzmj-hand>
<hzmj-hand id=longwin tiles="1m2m3m 4p5p6p 4p5p EE" melds="7s8s9s" win-tile="3p3p3p"></hzmj-hand>
<hzmj-hand id=badwin tiles="1m2m3m 4p5p6p 4p5p EE" melds="7s8s9s" win-tile="9x"></hzmj-hand>
<hzmj-lesson id=lesson name="no-such-lesson"></hzmj-lesson>
</html>"""


def test_widget_attributes_are_named_clamped_and_explained(page: Any, site: Any) -> None:
    page.route(site.url + "widget-test.html",
               lambda route: route.fulfill(status=200, content_type="text/html", body=WIDGETS))
    page.goto(site.url + "widget-test.html")
    page.wait_for_function("""() => [...document.querySelectorAll('hzmj-hand, hzmj-lesson')]
        .every(e => e.dataset.state === 'ready' || e.dataset.state === 'error')""", timeout=BOOT_MS)

    def text(wid: str) -> str:
        return str(page.evaluate(f"document.getElementById('{wid}').shadowRoot.textContent"))

    def widest(wid: str) -> int:
        return int(page.evaluate(f"""Math.max(...[...document.getElementById('{wid}').shadowRoot
            .querySelectorAll('canvas')].map(c => c.width))"""))

    for wid in ("huge", "negative", "word"):
        assert page.get_attribute(f"#{wid}", "data-state") == "ready", text(wid)
    assert "size=\"100000\" is out of range (12 to 96); drawn at 96" in text("huge")
    assert "size=\"-50\" is out of range (12 to 96); drawn at 12" in text("negative")
    assert "size=\"big\" is not a number" in text("word")
    assert widest("huge") < 1000, widest("huge")
    for wid, attr in (("tiles", "tiles"), ("melds", "melds"), ("wildcard", "wildcard"), ("lesson", "name"),
                      ("longwild", "wildcard"), ("longwin", "win-tile"), ("badwin", "win-tile")):
        assert page.get_attribute(f"#{wid}", "data-state") == "error", wid
        words = text(wid)
        assert words.startswith(f"The attribute {attr}="), words
        assert "could not start" not in words and "Error" not in words, words


def test_a_refused_attribute_is_named_from_the_engines_reason_not_its_english(page: Any, site: Any) -> None:
    """The widget reads which attribute was refused from the refusal's reason (widget_attribute), in zh as in en:
    an engine message it cannot parse still names the attribute the reason names, and the engine is not asked
    again to find it."""
    zh = WIDGETS.replace("lang=en", "lang=zh")
    page.route(site.url + "widget-zh.html", lambda route: route.fulfill(status=200, content_type="text/html", body=zh))
    page.goto(site.url + "widget-zh.html")
    page.wait_for_function("""() => [...document.querySelectorAll('hzmj-hand, hzmj-lesson')]
        .every(e => e.dataset.state === 'ready' || e.dataset.state === 'error')""", timeout=BOOT_MS)
    for wid, attr in (("tiles", "tiles"), ("melds", "melds"), ("wildcard", "wildcard"), ("longwild", "wildcard"),
                      ("longwin", "win-tile"), ("badwin", "win-tile")):
        assert page.get_attribute(f"#{wid}", "data-state") == "error", wid
        words = str(page.evaluate(f"document.getElementById('{wid}').shadowRoot.textContent"))
        assert words.startswith(f"属性 {attr}="), words
    # a refusal worded in no way the page could parse: the reason alone says which attribute
    blamed = page.evaluate("""async () => {
        const w = document.getElementById('huge');
        const args = w.args();
        const err = Object.assign(new Error('引擎不接受'),
                                  {reason: {code: 'widget_attribute', params: {attribute: 'melds'}}});
        const got = await w.blame('zh', {...args, melds: '7s8s9s'}, err);
        return {attribute: got.attribute, message: got.message};
    }""")
    assert blamed["attribute"] == "melds", blamed
    assert blamed["message"].startswith('属性 melds="7s8s9s" 无效'), blamed


def test_the_tutorial_starts_a_new_engine_after_the_worker_died(page: Any, site: Any, js_errors: list[str]) -> None:
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    page.evaluate("""async () => (await window.hzmjTutorial.engine()).worker
        .dispatchEvent(new ErrorEvent('error', {message: 'test crash'}))""")
    assert page.evaluate("window.hzmjTutorial.call('lessons').then(() => 'answered', (e) => e.fatal)") is True
    assert page.evaluate("window.hzmjTutorial.call('lessons').then((l) => l.length)") >= 10
    js_errors[:] = [e for e in js_errors if "test crash" not in e]
