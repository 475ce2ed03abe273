"""The table's interactions as a player meets them: the result screen's hand in its sets, the
end-of-match history and chart, several chows on distinct buttons and keys, Space to pass, the auto-pass and
auto-win switches, the replay's autoplay and jumps, and a banned tile saying why.

Each test resumes a saved game at the moment it needs (positions.py plays the seed in Python up to there)
and then acts through the page only: clicks, taps and keys.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import positions as pos
from test_game import ANY_TURN, BOOT_TIMEOUT_MS, TABLE


def resume(page: Any, site: Any, save: str, seed: int, lang: str = "zh",
           settings: dict[str, Any] | None = None) -> None:
    pos.put_save(page, site, save, settings)
    page.goto(site.url + f"?seed={seed}&speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)


def idle(page: Any) -> None:
    page.wait_for_function(
        f"() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})",
        timeout=30_000)


def words(page: Any, tiles: list[str], lang: str = "zh") -> list[str]:
    """Tiles named as the page names them."""
    return list(page.evaluate("([ts, l]) => import('./i18n.mjs').then((m) => ts.map((x) => m.tileWords(x, l)))",
                              [tiles, lang]))


def toast(page: Any) -> str:
    box = page.locator("#toast")
    box.wait_for(state="visible", timeout=10_000)
    return str(box.inner_text())


def menu_switch(page: Any, box: str, on: bool = True) -> None:
    page.locator("#btn-menu").click()
    page.locator(box).set_checked(on)
    page.locator("#menu button[value=close]").click()
    page.locator("#menu").wait_for(state="hidden")


def discard_by_hand(page: Any, tile: str) -> None:
    """Select the tile, then tap it again (one tap when it is the only legal discard)."""
    button = page.locator(f"#hand button[data-action=discard][data-tile='{tile}']").last
    legal = {page.locator("#hand button[data-action=discard]").nth(i).get_attribute("data-tile")
             for i in range(page.locator("#hand button[data-action=discard]").count())}
    button.click()
    if len(legal) > 1:
        page.locator(f"#hand button[data-action=discard][data-tile='{tile}'][aria-pressed=true]").first.click()


# ----------------------------------------------------------------------------------------- result screens


def test_a_drawn_hand_says_who_deals_next_as_the_engine_does(page: Any, site: Any) -> None:
    p = pos.drawn(3)
    st, nd = p.state, p.state["next_deal"]
    assert st["result"]["winner"] is None and nd == {"dealer": st["dealer"], "streak": min(st["streak"] + 1, 3)}
    resume(page, site, p.save, p.seed, lang="en")
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    line = page.locator("#settle .dealer-stays").inner_text()
    if nd["streak"] != st["streak"]:
        assert f"again, one streak up: {st['streak']} → {nd['streak']}." in line
    else:
        assert f"again at the same streak ({st['streak']})." in line


def test_result_shows_the_winning_hand_in_its_sets_with_each_wildcards_face(page: Any, site: Any) -> None:
    p = pos.won(2)   # the human wins with three 白板 wildcards standing for three different faces
    result = p.state["result"]
    split = result["split"]
    assert result["winner"] == 0 and split
    resume(page, site, p.save, p.seed)
    settle = page.locator("#settle")
    settle.wait_for(state="visible", timeout=30_000)
    sets = page.locator("#settle .settle-hand .set:not(.meld)")
    assert sets.count() == len(split["groups"])
    for i, group in enumerate(split["groups"]):
        assert sets.nth(i).locator("canvas").count() == len(group), f"set {i}"
    wild = [x for g in split["groups"] for x in g if x["face"] != x["tile"]]
    assert len(wild) >= 2
    shown = [page.locator("#settle .settle-hand .set:not(.meld) small.as").nth(i).inner_text()
             for i in range(page.locator("#settle .settle-hand .set:not(.meld) small.as").count())]
    assert shown == [f"={w}" for w in words(page, [x["face"] for x in wild])]
    spoken = page.locator("#settle .settle-hand").get_attribute("aria-label")
    for name, face in zip(words(page, [x["tile"] for x in wild]), words(page, [x["face"] for x in wild]), strict=True):
        assert f"{name}（当{face}）" in spoken
    # every seat's tiles are shown
    assert page.locator("#settle .allhands .row").count() == 4


def test_end_of_match_shows_every_hand_and_a_points_chart(page: Any, site: Any, screenshot: Any) -> None:
    p = pos.match_end(2)
    n = p.state["match"]["hand_number"]
    history = p.state["match"]["history"]
    assert len(history) == n - 1 >= 3
    resume(page, site, p.save, p.seed, "en")
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    page.locator("#settle button[data-action=next]").click()   # book the last hand: the match ends
    dialog = page.locator("#gameover")
    dialog.wait_for(state="visible", timeout=30_000)
    final = page.evaluate("window.hzmj.game.state.match")
    assert final["over"] and len(final["history"]) == n
    rows = dialog.locator("table.history tr")
    assert rows.count() == n + 1   # a heading row, then one row per hand
    for i, h in enumerate(final["history"]):
        cells = [rows.nth(i + 1).locator("td").nth(k).inner_text() for k in range(7)]
        assert cells[0] == str(h["number"])
        assert cells[3:] == [f"+{d}" if d > 0 else str(d) for d in h["deltas"]], f"hand {h['number']}"
        if h["winner"] is None:
            assert "Drawn" in cells[2]
        else:
            assert "won" in cells[2]
    # the chart: one line per seat from the starting points through every hand, ending at the final points
    lines = dialog.locator("svg.chart polyline")
    assert lines.count() == 4
    names = [lines.nth(i).get_attribute("data-series") for i in range(4)]
    assert names == ["You", "Right", "Across", "Left"]
    for i in range(4):
        assert len(lines.nth(i).get_attribute("points").split()) == n + 1
    legend = dialog.locator(".legend").inner_text()
    for seat, name in enumerate(names):
        assert f"{name} {final['points'][seat]}" in legend
    screenshot(page, "match-history-en")


# ------------------------------------------------------------------------------------------------ claims


def test_several_chows_have_distinct_buttons_and_keys_1_to_3(warm_page: Any, site: Any) -> None:
    p = pos.chows(1, 3)
    chows = [a for a in p.state["legal_actions"] if a["group"] == "chow"]
    for key in ("1", "2", "3"):
        page = warm_page()
        page.set_viewport_size({"width": 1280, "height": 800})
        try:
            resume(page, site, p.save, p.seed)
            idle(page)
            buttons = page.locator("#actions button[data-action=chow]")
            assert buttons.count() == 3
            labels = [buttons.nth(i).get_attribute("aria-label") for i in range(3)]
            keys = [buttons.nth(i).locator(".key").inner_text() for i in range(3)]
            assert len(set(labels)) == 3, labels
            assert keys == ["1", "2", "3"]
            texts = sorted(buttons.nth(i).get_attribute("data-text") for i in range(3))
            assert texts == sorted(a["text"] for a in chows)
            want = buttons.nth(int(key) - 1).get_attribute("data-text")
            page.keyboard.press(key)
            page.wait_for_function("(a) => JSON.parse(JSON.parse(localStorage.getItem('hzmj.game.v1')))"
                                   ".log.hands.at(-1).actions.includes(a)", arg=want, timeout=15_000)
            assert want in pos.saved_actions(page)
            assert not any(a in pos.saved_actions(page) for a in {c["text"] for c in chows} - {want})
        finally:
            page.close()


def test_two_chows_are_told_apart(page: Any, site: Any) -> None:
    p = pos.chows(29, 2)
    resume(page, site, p.save, p.seed, "en")
    idle(page)
    buttons = page.locator("#actions button[data-action=chow]")
    assert buttons.count() == 2
    labels = [buttons.nth(i).get_attribute("aria-label") for i in range(2)]
    assert labels[0] != labels[1] and all(lb.startswith("Chow ") for lb in labels), labels
    assert [buttons.nth(i).locator(".key").inner_text() for i in range(2)] == ["1", "2"]
    want = buttons.nth(1).get_attribute("data-text")
    page.keyboard.press("2")
    page.wait_for_function("(a) => JSON.parse(JSON.parse(localStorage.getItem('hzmj.game.v1')))"
                           ".log.hands.at(-1).actions.includes(a)", arg=want, timeout=15_000)


def test_space_passes_on_a_claim(page: Any, site: Any) -> None:
    p = pos.claim(10)
    resume(page, site, p.save, p.seed)
    idle(page)
    assert page.locator("#actions button[data-action=pass]").count() == 1
    before = len(pos.saved_actions(page))
    page.keyboard.press("Space")
    page.wait_for_function(
        "(n) => JSON.parse(JSON.parse(localStorage.getItem('hzmj.game.v1'))).log.hands.at(-1).actions.length > n",
        arg=before, timeout=15_000)
    assert pos.saved_actions(page)[before] == "S0 pass"


def test_auto_pass_passes_on_the_next_claim(page: Any, site: Any) -> None:
    p = pos.claim(10)
    assert p.before and p.action and p.action["group"] == "discard"
    resume(page, site, p.before, p.seed)
    idle(page)
    menu_switch(page, "#m-autopass")
    before = len(pos.saved_actions(page))
    discard_by_hand(page, p.action["tiles"][0])
    # the claim the human could make comes and is passed for them
    page.wait_for_function(
        """(n) => JSON.parse(JSON.parse(localStorage.getItem('hzmj.game.v1'))).log.hands.at(-1).actions
            .slice(n).includes('S0 pass')""", arg=before, timeout=15_000)
    assert page.evaluate("JSON.parse(localStorage.getItem('hzmj.settings.v1')).autoPass") is True


def test_auto_win_takes_the_win(page: Any, site: Any) -> None:
    p = pos.win_offered(2)
    assert p.before and p.action and p.action["group"] == "discard"
    resume(page, site, p.before, p.seed)
    idle(page)
    menu_switch(page, "#m-autowin")
    discard_by_hand(page, p.action["tiles"][0])
    page.locator("#settle").wait_for(state="visible", timeout=30_000)
    assert page.evaluate("window.hzmj.game.state.result.winner") == 0
    assert "你 胡了" in page.locator("#settle").inner_text()


def test_without_auto_win_the_win_waits_for_the_player(page: Any, site: Any) -> None:
    p = pos.win_offered(2)
    assert p.before and p.action
    resume(page, site, p.before, p.seed)
    idle(page)
    discard_by_hand(page, p.action["tiles"][0])
    page.locator("#actions button[data-action=win]").wait_for(timeout=30_000)
    page.wait_for_timeout(300)
    assert not page.locator("#settle").is_visible()


# ----------------------------------------------------------------------------------------- refusals


def test_a_banned_tile_says_why_in_words(page: Any, site: Any) -> None:
    p = pos.chow_ban(1)
    banned = sorted(set(p.state["chow_ban"]) & set(p.state["hand"]))[0]
    resume(page, site, p.save, p.seed)
    idle(page)
    names = words(page, p.state["chow_ban"])
    page.locator(f"#hand button[aria-label='{words(page, [banned])[0]}']").first.click(force=True)  # aria-disabled
    said = toast(page)
    assert said == f"吃后限打：这一轮不能打{'、'.join(names)}", said
    assert "不能这样做" not in said


def test_blocked_notes_are_worded_by_the_page_from_the_reason(page: Any, site: Any) -> None:
    p = pos.chow_ban(1)
    resume(page, site, p.save, p.seed, "en")
    idle(page)
    names = words(page, p.state["chow_ban"], "en")
    expect = (f"Chihou xianda (吃后限打, the discard ban after a chow): {' or '.join(names)} may not be discarded "
              "this turn")
    assert page.locator("#info .blocked").first.inner_text() == expect
    # the page words the note from the reason's code and params, not from the engine's sentence
    page.evaluate("""() => {
        const g = window.hzmj.game;
        const blocked = g.state.hints.blocked.map((b) => ({code: b.code, params: b.params, zh: 'x', en: 'x'}));
        g.setView({...g.state, hints: {...g.state.hints, blocked}});
    }""")
    assert page.locator("#info .blocked").first.inner_text() == expect


# ------------------------------------------------------------------------------------------------ replay


def load_replay(page: Any, site: Any, tmp_path: Path, p: pos.Position) -> None:
    resume(page, site, p.save, p.seed)
    path = tmp_path / "log.json"
    path.write_text(p.log, encoding="utf-8")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar", state="visible")


def replay_at(page: Any) -> tuple[int, int, int]:
    r = page.evaluate("window.hzmj.game.state.replay")
    return r["hand"], r["step"], r["steps"]


def test_replay_autoplay_jump_to_result_and_last_hand(page: Any, site: Any, tmp_path: Path) -> None:
    p = pos.hands_played(21, 2)
    load_replay(page, site, tmp_path, p)
    bar = page.locator("#replay-bar")
    assert replay_at(page)[:2] == (0, 0)
    # autoplay moves on by itself, and stops when asked
    bar.locator("#replay-speed").select_option("fast")
    bar.locator("button[data-replay=play]").click()
    assert bar.locator("button[data-replay=play]").get_attribute("aria-pressed") == "true"
    page.wait_for_function("() => window.hzmj.game.state.replay.step >= 3", timeout=10_000)
    bar.locator("button[data-replay=play]").click()
    assert bar.locator("button[data-replay=play]").get_attribute("aria-pressed") == "false"
    page.wait_for_timeout(700)
    stopped = replay_at(page)
    page.wait_for_timeout(700)
    assert replay_at(page) == stopped, "autoplay went on after it was stopped"
    # jump to this hand's result: the last step, the result drawn on the table
    bar.locator("button[data-replay=end]").click()
    page.wait_for_function("() => { const r = window.hzmj.game.state.replay; return r.step === r.steps; }")
    hand, step, steps = replay_at(page)
    assert hand == 0 and step == steps > 3
    assert page.evaluate("window.hzmj.game.state.hand_over") is True
    assert bar.locator("button[data-replay=end]").is_disabled()
    assert page.locator("#info").inner_text().startswith("上一步：")   # the last step in words
    # "»" to the last hand, then "»" again goes to that hand's end and stays there (no wrap to step 0)
    bar.locator("button[data-replay=next-hand]").click()
    page.wait_for_function("() => window.hzmj.game.state.replay.hand === 1")
    assert replay_at(page)[1] == 0
    bar.locator("button[data-replay=next-hand]").click()
    page.wait_for_function("() => { const r = window.hzmj.game.state.replay; return r.step === r.steps; }")
    hand, step, steps = replay_at(page)
    assert hand == 1 and step == steps > 0
    assert bar.locator("button[data-replay=next-hand]").is_disabled()
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert replay_at(page) == (1, steps, steps)
    # the position says the hand in words
    assert "第2局（共2局）" in page.locator("#replay-pos").inner_text()
