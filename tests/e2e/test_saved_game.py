"""The saved game is never lost or forked without a word: a full localStorage, a second tab, a saved game
replaced under an open tab, a ``?seed=`` link during a game, a new-game form with a base score the engine
would refuse, a refused import, a save the engine cannot resume (said in the player's language), and a
tutorial address with a broken %-escape.

Two pages of one browser context share localStorage and BroadcastChannel, as two tabs of one browser do.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

TABLE = "html[data-table=ready]"
BOOT_MS = 120_000
GAME_KEY = "hzmj.game.v1"


def open_game(page: Any, site: Any, query: str) -> None:
    page.goto(site.url + query)
    page.wait_for_selector(TABLE, timeout=BOOT_MS)


def state(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("() => window.hzmj.game.state"))


def act_once(page: Any) -> int:
    """Wait for the human's turn, take the last legal action (a discard or a pass) through the controller;
    returns the event count before it."""
    page.wait_for_function("""() => { const g = window.hzmj.game; return g.state && !g.busy
        && document.documentElement.dataset.busy !== '1' && (g.state.human_to_act || g.state.hand_over); }""",
                           timeout=30_000)
    before = int(page.evaluate("() => window.hzmj.game.state.event_count"))
    page.evaluate("""() => { const s = window.hzmj.game.state;
        if (s.human_to_act) window.hzmj.game.act(s.legal_actions[s.legal_actions.length - 1]); }""")
    return before


def stored_events(page: Any) -> int:
    """How many actions the stored game holds (over all its hands)."""
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    save = json.loads(json.loads(raw))
    return sum(len(h["actions"]) for h in save["log"]["hands"])


def saved_actions_now(page: Any) -> int:
    return int(page.evaluate("""async () => {
        const save = JSON.parse(await window.hzmj.bridge.call('save_text'));
        return save.log.hands.reduce((n, h) => n + h.actions.length, 0); }"""))


# ------------------------------------------------------------------------------------------ full storage


FILL = """() => {
    // fill the origin's storage to the last few bytes, so that the next (longer) save no longer fits
    let size = 1 << 22, n = 0;
    while (size >= 16) {
      try { localStorage.setItem('filler' + n, 'x'.repeat(size)); n++; } catch { size >>= 1; }
    }
    return n;
}"""


def test_a_full_storage_is_said_at_once_and_the_save_is_retried(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=21&speed=instant&lang=en")
    act_once(page)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    assert page.evaluate(FILL) > 0
    act_once(page)
    page.wait_for_selector("html[data-save=failed]", timeout=10_000)
    words = page.locator("#toast").inner_text()
    assert "could not be saved" in words and "Keep this tab open" in words, words
    # the storage frees up: the retry saves the game as it is now, and says so
    page.evaluate("""() => { for (const k of Object.keys(localStorage)) {
        if (k.startsWith('filler')) localStorage.removeItem(k); } }""")
    page.wait_for_selector("html[data-save=ok]", timeout=15_000)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.wait_for_timeout(300)
    assert stored_events(page) == saved_actions_now(page)
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    assert saved_actions_now(page) >= stored_events(page) > 0


# ------------------------------------------------------------------------------------------ two tabs


def test_a_second_tab_takes_the_game_and_the_first_never_rolls_it_back(page: Any, context: Any, site: Any) -> None:
    first = page
    open_game(first, site, "?seed=31&speed=instant&lang=en")
    act_once(first)
    second = context.new_page()
    open_game(second, site, "?speed=instant&lang=en")
    assert state(second)["match"]["seed"] == "31"  # the second tab resumed the same game
    # the first tab stops at once, says why and offers the game back
    first.wait_for_selector("#away[open]", timeout=10_000)
    assert "another tab" in first.locator("#away").inner_text()
    assert second.locator("#away").count() == 0
    # the second tab plays on; the stale first tab can neither act nor save over it
    for _ in range(3):
        act_once(second)
    second.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    second.wait_for_timeout(300)
    ahead = stored_events(second)
    stale = state(first)
    if stale["human_to_act"]:
        first.evaluate("""() => { const s = window.hzmj.game.state;
            window.hzmj.game.act(s.legal_actions[0]); }""")
    first.evaluate("() => window.hzmj.game.persist()")
    first.wait_for_timeout(500)
    assert stored_events(second) == ahead
    assert state(first)["event_count"] == stale["event_count"]
    # "Play here" in the first tab: it resumes the game where the second tab left it, and the second stops
    first.locator("#away button[data-answer=take]").click()
    first.wait_for_function("() => document.documentElement.dataset.away === '0'")
    assert saved_actions_now(first) >= ahead
    second.wait_for_selector("#away[open]", timeout=10_000)
    second.close()


def test_a_saved_game_replaced_under_an_open_tab_is_not_overwritten(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=41&speed=instant&lang=zh")
    act_once(page)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    # another game is put in its place (an edit, another browser profile's copy) with no event in this tab
    other = page.evaluate("""async () => {
        const b = window.hzmj.bridge;
        const mine = await b.call('save_text');
        await b.call('new_game', {seed: '42'});
        const other = await b.call('save_text');
        await b.call('restore', {save: mine});
        localStorage.setItem('hzmj.game.v1', JSON.stringify(other));
        return other; }""")
    act_once(page)
    page.wait_for_selector("#away[open]", timeout=10_000)
    assert "改动或替换" in page.locator("#away").inner_text()
    # its title says what happened: the saved game changed, not "open in another tab"
    assert page.locator("#away h2").inner_text() == "保存的牌局变了"
    assert json.loads(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")) == other


# ------------------------------------------------------------------------------------------ a link's seed


def test_a_seed_link_during_a_game_asks_before_replacing_it(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=51&speed=instant&lang=en")
    act_once(page)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.goto(site.url + "?seed=52&speed=instant&lang=en")
    ask = page.locator("#seed-ask")
    ask.wait_for(state="visible", timeout=BOOT_MS)
    assert "seed 52" in ask.inner_text() and "in progress" in ask.inner_text()
    ask.locator("button[data-answer=keep]").click()
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    assert state(page)["match"]["seed"] == "51"
    assert "seed=" not in page.url  # a reload does not ask again
    raw = page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")
    assert json.loads(json.loads(raw))["seed"] == 51
    # asked again, the player takes the link's game this time
    page.goto(site.url + "?seed=52&speed=instant&lang=en")
    page.locator("#seed-ask button[data-answer=link]").click()
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    assert state(page)["match"]["seed"] == "52"


def test_a_seed_link_with_no_game_in_progress_plays_at_once(page: Any, site: Any) -> None:
    # a game dealt but not yet played by the player (the bots may have moved) is not asked about
    open_game(page, site, "?seed=53&speed=instant&lang=en")
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    open_game(page, site, "?seed=54&speed=instant&lang=en")
    assert state(page)["match"]["seed"] == "54" and page.locator("#seed-ask").count() == 0


# ------------------------------------------------------------------------------------------ the new-game form


def test_the_new_game_form_refuses_a_base_score_the_engine_would_and_keeps_the_choices(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=61&speed=instant&lang=en")
    page.evaluate("() => window.hzmj.views.newGame.open()")
    dialog = page.locator("#newgame")
    dialog.wait_for(state="visible")
    page.locator("#ng-level").select_option("beginner")
    dialog.locator("#ng-rules > summary").click()   # the options behind their disclosure
    dialog.locator("[data-key=wildcard_mode]").select_option(label="Flipped wildcard")
    page.locator("#ng-seed").fill("6161")
    score = page.locator("#opt-base_score")
    for typed, words in (("", "Enter the Base score: a whole number from 1 to 1000"),
                         ("1e20", "“1e20” will not do"),
                         ("12345678901234567890", "from 1 to 1000"),
                         ("0", "from 1 to 1000")):
        score.fill(typed)
        page.locator("#ng-start").click()
        page.wait_for_timeout(200)
        assert dialog.is_visible(), typed
        assert words in (score.get_attribute("data-problem") or ""), (typed, score.get_attribute("data-problem"))
        assert words in page.locator(".opt:has(#opt-base_score) .ng-problem").inner_text()  # on screen too
        assert state(page)["match"]["seed"] == "61"
        # every choice is as the player left it
        assert page.locator("#ng-level").input_value() == "beginner"
        assert page.locator("#ng-seed").input_value() == "6161"
    score.fill("7")
    page.locator("#ng-start").click()
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '6161'")
    s = state(page)
    assert s["options"]["base_score"] == 7 and s["options"]["wildcard_mode"] == "flipped"
    assert s["match"]["level"] == "beginner"
    assert not dialog.is_visible()


def test_the_new_game_form_words_in_chinese(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=62&speed=instant&lang=zh")
    page.evaluate("() => window.hzmj.views.newGame.open()")
    page.locator("#ng-rules > summary").click()
    page.locator("#opt-base_score").fill("")
    page.locator("#ng-start").click()
    assert "请填写底分：1 到 1000 之间的整数" in (page.locator("#opt-base_score").get_attribute("data-problem") or "")


# ------------------------------------------------------------------------------------------ a refused import


def test_a_refused_import_says_why(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=71&speed=instant&lang=en")
    log = json.loads(page.evaluate("() => window.hzmj.bridge.call('export_log_text')"))
    log["options"]["base_score"] = 10**19  # a forged log: a base score no game can have
    page.set_input_files("#import-file", files=[{"name": "forged.json", "mimeType": "application/json",
                                                 "buffer": json.dumps(log).encode()}])
    page.wait_for_selector("#toast.bad", state="visible")
    words = page.locator("#toast").inner_text()
    assert "Import failed" in words and "base_score" in words and "from 1 to 1000" in words, words
    assert "did not accept" not in words and "Error" not in words
    assert page.evaluate("() => window.hzmj.game.mode") == "game"


# ------------------------------------------------------------------------------------------ a save the engine refuses


def _damaged(save: dict[str, Any]) -> None:
    del save["log"]["hands"][0]["streak"]  # a save written in part, or edited by hand


def _other_version(save: dict[str, Any]) -> None:
    save["version"] = 2  # a save written by another version of the game


RESUME_REFUSED = {
    ("zh", "damaged"): "无法恢复保存的牌局：存档已损坏，第1局缺少老庄数（streak）。这是新的一局，种子 {seed}。",
    ("en", "damaged"): "Could not resume the saved game: the save is damaged: the streak ('streak') is missing in "
                       "hand 1. This is a new game with seed {seed}.",
    ("zh", "other_version"): "无法恢复保存的牌局：存档来自另一个版本的游戏（存档格式 2，这个版本只读 1）。"
                             "这是新的一局，种子 {seed}。",
    ("en", "other_version"): "Could not resume the saved game: the save is from another version of the game (save "
                             "format 2; this version reads 1). This is a new game with seed {seed}.",
}


@pytest.mark.parametrize("lang, problem", list(RESUME_REFUSED))
def test_a_save_the_engine_cannot_resume_is_said_in_the_players_language(page: Any, site: Any, screenshot: Any,
                                                                        lang: str, problem: str) -> None:
    import re

    open_game(page, site, f"?seed=93&speed=instant&lang={lang}")
    act_once(page)
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    save = json.loads(page.evaluate("() => window.hzmj.bridge.call('save_text')"))
    {"damaged": _damaged, "other_version": _other_version}[problem](save)
    text = json.dumps(save)
    page.evaluate("(text) => localStorage.setItem('hzmj.game.v1', JSON.stringify(text))", text)
    page.goto(f"{site.url}?speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    page.wait_for_selector("#toast.bad", state="visible")
    words = page.locator("#toast").inner_text().strip()
    # a fresh game, as before: its seed is the one the toast names, nothing of the refused save in it
    fresh = state(page)
    seed = fresh["match"]["seed"]
    assert seed != "93" and fresh["match"]["history"] == [] and fresh["match"]["hand_number"] == 1
    assert words == RESUME_REFUSED[lang, problem].format(seed=seed), words
    if lang == "zh":  # no English engine text: Latin letters only as the save's own key, in brackets
        assert not re.search(r"[A-Za-z]", re.sub(r"（[a-z_]+）", "", words)), words
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    page.wait_for_timeout(300)
    assert json.loads(json.loads(page.evaluate(f"() => localStorage.getItem('{GAME_KEY}')")))["seed"] == int(seed)
    for width, height in ((390, 844), (1280, 800)):  # the whole toast is on screen, on a phone too
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        box = page.locator("#toast").bounding_box()
        assert box and box["x"] >= 0 and box["y"] >= 0, box
        assert box["x"] + box["width"] <= width and box["y"] + box["height"] <= height, (width, box)
        screenshot(page, f"resume-refused-{problem}-{lang}-{width}x{height}")


# ------------------------------------------------------------------------------------------ the tutorial's address


def test_the_tutorial_survives_a_broken_fragment(page: Any, site: Any, js_errors: list[str]) -> None:
    for fragment in ("%", "%E4%B8", "%zz", "tiles%"):
        page.goto(f"{site.url}tutorial.html#{fragment}")
        page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
        assert page.locator("#toc a, #toc button").count() > 3
    page.goto(f"{site.url}tutorial.html#sets")
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    page.evaluate("() => { location.hash = '%'; }")
    page.wait_for_timeout(300)
    assert not js_errors, js_errors


def test_a_log_of_almost_16_mib_that_the_command_line_replays_is_imported(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=81&speed=instant&lang=en")
    log = page.evaluate("() => window.hzmj.bridge.call('export_log_text')")
    # line breaks pad it to just under 16 MiB: `python -m hzmj_core replay` reads it (tests/engine/test_webapi.py)
    text = log[:-1] + "\n" * (16 * 1024 * 1024 - len(log) - 64) + log[-1]
    page.set_input_files("#import-file", files=[{"name": "padded.json", "mimeType": "application/json",
                                                 "buffer": text.encode()}])
    page.wait_for_function("() => window.hzmj.game.mode === 'replay'", timeout=60_000)
    assert "Replay loaded" in page.locator("#toast").inner_text()


def _first_move_by_the_next_seat(log: dict[str, Any]) -> None:
    # seed 72 deals the first hand to Right: its first move, made by Across instead
    actions = log["hands"][0]["actions"]
    seat = int(actions[0][1])
    actions.insert(0, f"S{(seat + 1) % 4} discard 5m")


@pytest.mark.parametrize("lang, forge, words_re", [
    ("zh", lambda log: log["options"].update(base_score=10**19),
     r"^导入失败：这份记录的规则选项底分（base_score）应是 1 到 1000 的整数，记录里是 10000000000000000000$"),
    ("zh", lambda log: log.update(version=9), r"^导入失败：记录的格式版本 9 不受支持（这个版本只读 1）$"),
    ("zh", _first_move_by_the_next_seat, r"^导入失败：第1局的第1步不合规则（对家打牌）：现在轮到下家出牌$"),
    ("zh", lambda log: log["hands"][0].pop("streak"), r"^导入失败：第1局缺少老庄数（streak）$"),
    ("zh", lambda log: '{"format": "hzmj-log",\n "version": }',
     r"^导入失败：文件不是有效的 JSON：第 2 行第 13 列有错$"),
    ("en", lambda log: log.update(version=9),
     r"^Import failed: record format version 9 is not supported \(this version reads 1\)$"),
    ("en", _first_move_by_the_next_seat,
     r"^Import failed: step 1 of hand 1 \(Across's discard\) breaks the rules: it is Right's turn$"),
    ("en", lambda log: log["hands"][0].pop("streak"), r"^Import failed: the streak \('streak'\) is missing in hand 1$"),
])
def test_a_refused_import_says_what_was_wrong_in_the_players_language(page: Any, site: Any, lang: str, forge: Any,
                                                                        words_re: str) -> None:
    import re

    open_game(page, site, f"?seed=72&speed=instant&lang={lang}")
    log = json.loads(page.evaluate("() => window.hzmj.bridge.call('export_log_text')"))
    text = forge(log)  # a forged log, or text that is not JSON at all
    buffer = (text if isinstance(text, str) else json.dumps(log)).encode()
    page.set_input_files("#import-file", files=[{"name": "forged.json", "mimeType": "application/json",
                                                 "buffer": buffer}])
    page.wait_for_selector("#toast.bad", state="visible")
    words = page.locator("#toast").inner_text().strip()
    assert re.match(words_re, words), words
    if lang == "zh":  # no English engine text: Latin letters only as the log's own key, in brackets, or "JSON"
        assert not re.search(r"[A-Za-z]", re.sub(r"（[a-z_]+）|JSON", "", words)), words
    assert page.evaluate("() => window.hzmj.game.mode") == "game"
