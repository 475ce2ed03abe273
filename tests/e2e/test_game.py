"""The game page in real Chromium against the built dist/: play by clicking the DOM buttons only.

Every test fails on a request to a host other than 127.0.0.1 and on any JavaScript console error
(fixtures in conftest.py). `?speed=instant` removes the pauses between bot moves; `?seed=N` fixes the deal.
Screenshots go to test-results/ (look at them: the table must look like a table people enjoy).
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

TABLE = "html[data-table=ready]"
BOOT_TIMEOUT_MS = 90_000
ANY_TURN = "#settle[open], #gameover[open], #hand button[data-action=discard], #actions button[data-action]"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 3, "is_mobile": True, "has_touch": True}


def open_game(page: Any, site: Any, query: str = "?seed=11&speed=instant&lang=zh") -> None:
    page.goto(site.url + query)
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)


def state(page: Any) -> dict[str, Any]:
    return page.evaluate("window.hzmj.game.state")


def wait_turn(page: Any) -> None:
    """Until the page is idle and the human has something to click (or the hand is settled)."""
    page.wait_for_function(
        f"""() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})""",
        timeout=30_000)


def discard_one(page: Any) -> str:
    """Tap the last discardable tile twice (select, then discard; once if it is the only one); returns the tile."""
    buttons = page.locator("#hand button[data-action=discard]")
    only_one = len({buttons.nth(i).get_attribute("data-tile") for i in range(buttons.count())}) == 1
    button = buttons.last
    tile = button.get_attribute("data-tile")
    button.click()
    if only_one:  # the only legal discard goes with one tap
        return tile
    selected = page.locator(f"#hand button[data-action=discard][data-tile='{tile}'][aria-pressed=true]")
    selected.first.click()
    return tile


def step(page: Any, prefer: tuple[str, ...] = ("win", "pass")) -> str:
    """One human decision by clicking: win if offered, else pass on claims, else discard. Returns what was done."""
    wait_turn(page)
    if page.locator("#settle[open], #gameover[open]").count():
        return "settled"
    for group in prefer:
        b = page.locator(f"#actions button[data-action={group}]")
        if b.count():
            b.first.click()
            return group
    if page.locator("#hand button[data-action=discard]").count():
        discard_one(page)
        return "discard"
    # a claim with no preferred answer: take the first offered button
    page.locator("#actions button[data-action]").first.click()
    return "other"


def play_to_settlement(page: Any, limit: int = 400) -> list[str]:
    done = []
    for _ in range(limit):
        what = step(page)
        if what == "settled":
            return done
        done.append(what)
    raise AssertionError(f"the hand did not end within {limit} decisions: {done[-20:]}")


# ---------------------------------------------------------------------------------------------- tests


def test_load_to_table(page: Any, site: Any, screenshot: Any) -> None:
    open_game(page, site, "?seed=11&lang=zh")
    s = state(page)
    assert s["seat"] == 0 and len(s["players"]) == 4
    assert page.locator("#table").is_visible()
    # the canvas is sized to the stage at the device pixel ratio and has been drawn on
    size = page.evaluate("(() => { const c = document.getElementById('table'); "
                         "return [c.width, c.height, c.clientWidth]; })()")
    assert size[0] >= size[2] > 300
    painted = page.evaluate("""(() => { const c = document.getElementById('table');
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let ivory = 0;
        for (let i = 0; i < d.length; i += 4 * 97) if (d[i] > 230 && d[i + 1] > 220 && d[i + 2] > 190) ivory++;
        return ivory; })()""")
    assert painted > 50, "no ivory tile faces drawn on the canvas"
    # one hand button per tile of your hand, labelled for screen readers
    assert page.locator("#hand button").count() == len(s["hand"])
    assert all(page.locator("#hand button").nth(i).get_attribute("aria-label") for i in range(len(s["hand"])))
    wait_turn(page)
    page.wait_for_timeout(400)
    screenshot(page, "game-desktop-table")


def test_play_a_whole_hand_by_clicking(page: Any, site: Any, screenshot: Any) -> None:
    open_game(page, site, "?seed=21&speed=instant&lang=zh")
    done = play_to_settlement(page)
    assert "discard" in done
    settle = page.locator("#settle")
    assert settle.is_visible()
    s = state(page)
    assert s["hand_over"] and s["result"] is not None
    text = settle.inner_text()
    if s["result"]["winner"] is None:
        assert "流局" in text
    else:
        assert s["result"]["evaluation"]["name_zh"] in text
        assert "付" in text  # every payment listed
    page.wait_for_timeout(300)
    screenshot(page, "game-settlement")
    # next hand
    page.locator("#settle button[data-action=next]").click()
    page.wait_for_function("() => window.hzmj.game.state && !window.hzmj.game.state.hand_over", timeout=30_000)
    assert state(page)["match"]["hand_number"] == 2
    assert not settle.is_visible()


def test_claim_buttons_appear_and_vanish(page: Any, site: Any, screenshot: Any) -> None:
    open_game(page, site, "?seed=10&speed=instant&lang=zh")
    claim_groups = ("chow", "pong", "kong")
    for _ in range(600):
        wait_turn(page)
        if page.locator("#settle[open]").count():
            page.locator("#settle button[data-action=next]").click()
            continue
        offered = [g for g in claim_groups if page.locator(f"#actions button[data-action={g}]").count()]
        s = state(page)
        if offered and s["claim"]:
            break
        step(page, prefer=("pass",))
    else:
        pytest.fail("no claim was offered to the human")
    # the buttons are exactly the engine's legal actions (one per chow choice etc.)
    legal = [a for a in s["legal_actions"] if a["group"] != "discard"]
    buttons = page.locator("#actions button[data-action]")
    assert buttons.count() == len(legal)
    texts = sorted(buttons.nth(i).get_attribute("data-text") for i in range(buttons.count()))
    assert texts == sorted(a["text"] for a in legal)
    group = offered[0]
    btn = page.locator(f"#actions button[data-action={group}]").first
    assert btn.get_attribute("data-tile") == s["claim"]["tile"]
    assert btn.get_attribute("aria-label")
    # no tile can be discarded while a claim is open
    assert page.locator("#hand button[data-action=discard]").count() == 0
    screenshot(page, "game-claim")
    before = s["event_count"]
    page.locator("#actions button[data-action=pass]").click()
    page.wait_for_function(f"() => window.hzmj.game.state.event_count > {before} || !window.hzmj.game.state.claim",
                           timeout=30_000)
    for g in claim_groups:
        page.wait_for_function(
            f"""() => !document.querySelector('#actions button[data-action={g}]') || (window.hzmj.game.state.claim
                && window.hzmj.game.state.claim.tile !== {json.dumps(s['claim']['tile'])})""",
            timeout=30_000)


def test_illegal_action_cannot_be_taken(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=11&speed=instant&lang=en")
    wait_turn(page)
    # play until a bot or claim phase where the human may not discard, check the tiles are inert
    for _ in range(200):
        s = state(page)
        if s["human_to_act"] and s["claim"]:
            break
        step(page, prefer=())
        s = state(page)
        if s["claim"] and s["human_to_act"]:
            break
    s = state(page)
    before = s["event_count"]
    # hand tiles without a legal discard are marked disabled and carry no data-action
    tiles = page.locator("#hand button")
    assert tiles.count() > 0
    if s["claim"]:
        assert page.locator("#hand button[data-action=discard]").count() == 0
        tiles.first.click(force=True)
        tiles.first.click(force=True)
        assert state(page)["event_count"] == before
    # the engine refuses an illegal action and nothing changes
    hand = s["hand"]
    wrong = next(t for t in ["1m", "9p", "E", "C", "5s"] if t not in hand)
    outcome = page.evaluate(
        """(a) => window.hzmj.bridge.call('act', {action: a}).then(() => 'accepted', (e) => e.message)""",
        f"S0 discard {wrong}")
    assert outcome != "accepted" and outcome
    outcome = page.evaluate(
        """() => window.hzmj.bridge.call('act', {action: 'S1 discard 1m'}).then(() => 'accepted', (e) => e.message)""")
    assert outcome != "accepted"
    assert page.evaluate("window.hzmj.bridge.call('state')")["event_count"] == before


def test_reload_resumes_the_same_game(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=33&speed=instant&lang=zh")
    for _ in range(5):
        step(page, prefer=("pass",))
    wait_turn(page)
    page.wait_for_function("() => document.documentElement.dataset.busy === '0'")
    page.wait_for_timeout(200)
    s1 = state(page)
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    wait_turn(page)
    s2 = state(page)
    assert s2["match"]["seed"] == "33"
    assert s2["event_count"] >= s1["event_count"]
    if s2["event_count"] == s1["event_count"]:
        assert s2["hand"] == s1["hand"]
        assert [p["discards"] for p in s2["players"]] == [p["discards"] for p in s1["players"]]
    # the saved log holds every decision made so far
    saved = json.loads(json.loads(page.evaluate("localStorage.getItem('hzmj.game.v1')")))
    assert saved["seed"] == 33 and saved["log"]["hands"]


def test_export_then_import_a_log(page: Any, site: Any, tmp_path: Path, screenshot: Any) -> None:
    open_game(page, site, "?seed=44&speed=instant&lang=zh")
    for _ in range(6):
        step(page, prefer=("pass",))
    wait_turn(page)
    with page.expect_download() as dl:
        if page.locator("#settle[open]").count():  # the hand may have ended: export from the settlement
            page.locator("#settle-export").click()
        else:
            page.locator("#btn-menu").click()
            page.locator("#m-export").click()
    path = tmp_path / "game.json"
    dl.value.save_as(path)
    log = json.loads(path.read_text(encoding="utf-8"))
    assert log["hands"] and log["hands"][0]["actions"]

    # a malformed file: a clear message, nothing changes
    mode_before = page.evaluate("window.hzmj.game.mode")
    page.set_input_files("#import-file", files=[{"name": "bad.json", "mimeType": "application/json",
                                                 "buffer": b'{"hands": "nope"'}])
    page.wait_for_selector("#toast.bad", state="visible")
    assert page.evaluate("window.hzmj.game.mode") == mode_before == "game"

    if page.locator("#settle[open]").count():
        page.locator("#settle button[data-action=next]").click()
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar", state="visible")
    assert page.evaluate("window.hzmj.game.mode") == "replay"
    pos0 = page.locator("#replay-pos").inner_text()
    for _ in range(8):
        page.locator("#replay-bar button[data-replay=next]").click()
    page.wait_for_function(f"() => document.getElementById('replay-pos').innerText !== {json.dumps(pos0)}")
    page.wait_for_function("() => window.hzmj.game.state.replay.step === 8")
    assert "all_hands" in state(page)
    page.locator("#replay-bar button[data-replay=prev]").click()
    page.wait_for_function("() => window.hzmj.game.state.replay.step === 7")
    page.wait_for_timeout(300)
    screenshot(page, "game-replay")
    # autoplay's button draws its icon (⏵/⏸ are missing from many fonts) over its word: play, then pause once pressed
    play = page.locator("#replay-bar button[data-replay=play]")
    assert play.inner_text().strip() == "播放"
    assert page.locator("#replay-bar .i-play").is_visible() and not page.locator("#replay-bar .i-pause").is_visible()
    box = page.locator("#replay-bar .i-play").bounding_box()
    assert box and box["width"] >= 10 and box["height"] >= 10
    play.click()
    page.wait_for_function("() => document.querySelector('#replay-bar [data-replay=play]').ariaPressed === 'true'")
    assert page.locator("#replay-bar .i-pause").is_visible() and not page.locator("#replay-bar .i-play").is_visible()
    assert play.inner_text().strip() == "暂停"
    play.click()
    page.locator("#replay-bar button[data-replay=exit]").click()
    page.wait_for_selector("#replay-bar", state="hidden")
    assert page.evaluate("window.hzmj.game.mode") == "game"


def test_switch_language(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=55&lang=zh")
    assert page.locator("#btn-hints").inner_text() == "提示：开"
    page.locator("#btn-lang").click()
    assert page.locator("#btn-hints").inner_text() == "Hints: on"
    assert page.evaluate("document.documentElement.lang") == "en"
    page.locator("#btn-menu").click()
    assert "New game" in page.locator("#menu").inner_text()
    page.keyboard.press("Escape")
    # the choice is remembered
    page.goto(site.url + "?seed=55")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#btn-hints").inner_text() == "Hints: on"
    page.goto(site.url + "?seed=55&lang=zh")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#btn-hints").inner_text() == "提示：开"


def test_new_game_dialog_has_the_rule_options(page: Any, site: Any, screenshot: Any) -> None:
    open_game(page, site, "?seed=66&lang=zh")
    page.locator("#btn-menu").click()
    page.locator("#m-new").click()
    dialog = page.locator("#newgame")
    dialog.wait_for(state="visible")
    dialog.locator("#ng-rules > summary").click()   # the options behind their disclosure
    info = page.evaluate("window.hzmj.bridge.call('option_info')")
    for o in info:
        assert dialog.locator(f"[data-key={o['key']}]").count() == 1, o["key"]
    assert dialog.locator("fieldset").count() >= 5
    assert "四张白板是财神" in dialog.inner_text()  # descriptions in the page's language (zh here)
    screenshot(page, "game-new-dialog")
    dialog.locator("[data-key=wildcard_mode]").select_option(label="翻财神（默认）" if False else "翻财神")
    page.locator("#ng-seed").fill("777")
    page.locator("#ng-start").click()
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '777'")
    s = state(page)
    assert s["options"]["wildcard_mode"] == "flipped"
    assert s["wildcard"]["indicator"]
    page.wait_for_timeout(300)
    screenshot(page, "game-flipped-wildcard")


@pytest.mark.browser_context_args(**PHONE)
def test_phone_viewport_fits_the_hand(page: Any, site: Any, screenshot: Any) -> None:
    open_game(page, site, "?seed=12&speed=instant&lang=zh")
    wait_turn(page)
    if not page.locator("#hand button[data-action=discard]").count():
        for _ in range(40):
            step(page, prefer=("pass",))
            if page.locator("#hand button[data-action=discard]").count():
                break
    page.wait_for_timeout(300)
    width = page.evaluate("document.documentElement.clientWidth")
    assert width == 390
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    boxes = [page.locator("#hand button").nth(i).bounding_box() for i in range(page.locator("#hand button").count())]
    assert len(boxes) >= 13
    for b in boxes:
        assert b["x"] >= 0 and b["x"] + b["width"] <= 390, b
        assert b["y"] + b["height"] <= 844, b
        assert b["width"] >= 22 and b["height"] >= 44, b
    # the action bar is on screen too
    dock = page.locator("#dock").bounding_box()
    assert dock["y"] + dock["height"] <= 844 + 1
    screenshot(page, "game-phone-table")
    discard_one(page)


@pytest.mark.cold_profile
def test_offline_after_first_visit(page: Any, own_site: Any) -> None:
    """After one visit the game reloads and plays with its server stopped (the service worker serves it)."""
    open_game(page, own_site, "?seed=77&speed=instant&lang=zh")
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    step(page, prefer=("pass",))
    own_site.server.shutdown()
    own_site.server.server_close()
    with pytest.raises(OSError):  # the server is really gone
        urllib.request.urlopen(own_site.url, timeout=5)
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    for _ in range(4):
        step(page, prefer=("pass",))
    assert state(page)["match"]["seed"] == "77"


def test_keyboard_play(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=88&speed=instant&lang=en")
    for _ in range(60):
        wait_turn(page)
        if page.locator("#hand button[data-action=discard]").count():
            break
        step(page, prefer=("pass",))
    before = state(page)["event_count"]
    page.locator("#hand button").first.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    # find a focused discardable tile: move right until one is legal
    for _ in range(15):
        if page.evaluate("document.activeElement.dataset.action === 'discard'"):
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # select
    page.keyboard.press("Enter")  # discard
    page.wait_for_function(f"() => window.hzmj.game.state.event_count > {before}")


@pytest.mark.cold_profile
def test_a_game_after_a_snapshot_boot_matches_a_fresh_boot(page: Any, site: Any,
                                                            snapshot_stored: Callable[[Any, float], bool]) -> None:
    """The second visit restores Pyodide's memory snapshot: the same seed must deal the same game, and play on."""
    open_game(page, site, "?seed=21&speed=instant&lang=zh")
    wait_turn(page)
    fresh = state(page)
    assert snapshot_stored(page, 30)
    page.evaluate("localStorage.clear()")  # a new game with the same seed, not the saved one
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    assert page.evaluate("window.hzmj.bridge.info.timings.snapshot") == "used"
    wait_turn(page)
    restored = state(page)
    for key in ("hand", "seat", "match"):
        assert restored[key] == fresh[key], key
    assert [p["discards"] for p in restored["players"]] == [p["discards"] for p in fresh["players"]]
    assert page.evaluate("window.hzmj.bridge.call('hint')") is not None
    assert "discard" in play_to_settlement(page)
