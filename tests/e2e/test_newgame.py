"""The new-game dialog: presets (玩法) first, the rule options behind a disclosure, and a question before a
match in progress is thrown away. Also the dialog's screenshots at the five viewports in both languages."""

from __future__ import annotations

from typing import Any

import pytest
from test_game import BOOT_TIMEOUT_MS, TABLE, open_game, state, step
from test_layout import VIEWPORTS, sized_page


def open_dialog(page: Any) -> Any:
    page.locator("#btn-menu").click()
    page.locator("#m-new").click()
    dialog = page.locator("#newgame")
    dialog.wait_for(state="visible")
    return dialog


def test_a_new_game_during_a_match_asks_first(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=71&speed=instant&lang=en")
    assert step(page) in ("discard", "pass", "win", "other")   # a decision of the player's: the match is theirs
    page.wait_for_function("() => document.documentElement.dataset.busy !== '1'")
    before = state(page)["event_count"]
    open_dialog(page)
    page.locator("#ng-seed").fill("7272")
    page.locator("#ng-start").click()
    ask = page.locator("#ng-ask")
    ask.wait_for(state="visible")
    assert "Abandon the current game" in ask.inner_text() and "hand 1" in ask.inner_text()
    ask.locator("button[data-answer=keep]").click()   # keep: the game goes on, untouched
    page.wait_for_timeout(300)
    assert not page.locator("#newgame").is_visible()
    s = state(page)
    assert s["match"]["seed"] == "71" and s["event_count"] >= before
    open_dialog(page)
    page.locator("#ng-seed").fill("7272")
    page.locator("#ng-start").click()
    page.locator("#ng-ask button[data-answer=new]").click()   # abandon: the new game is dealt
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '7272'")
    assert not page.locator("#newgame").is_visible()


def test_no_question_before_the_player_has_decided_anything(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=73&speed=instant&lang=zh")
    open_dialog(page)
    page.locator("#ng-seed").fill("7474")
    page.locator("#ng-start").click()
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '7474'")
    assert page.locator("#ng-ask").count() == 0


@pytest.mark.parametrize(("old", "new"), [("easy", "beginner"), ("basic", "standard"), ("normal", "advanced")])
def test_a_level_saved_under_its_old_id_is_still_the_one_played_and_chosen(page: Any, site: Any, old: str,
                                                                           new: str) -> None:
    """Settings saved before the bot ids matched their names hold easy, basic or normal: the page plays and
    offers the same level under its id, and each level shows the name of what it is."""
    page.add_init_script("localStorage.getItem('hzmj.settings.v1') === null && localStorage.setItem("
                         f"'hzmj.settings.v1', JSON.stringify({{level: '{old}'}}))")
    open_game(page, site, "?seed=77&speed=instant&lang=en")
    assert state(page)["match"]["level"] == new
    open_dialog(page)
    assert page.locator("#ng-level").input_value() == new
    shown = dict(page.eval_on_selector_all("#ng-level option", "os => os.map((o) => [o.value, o.textContent])"))
    names = {"beginner": "Beginner", "standard": "Standard", "advanced": "Advanced", "strong": "Strong",
             "expert": "Expert"}
    assert list(shown) == list(names) and all(shown[k].startswith(v) for k, v in names.items()), shown


@pytest.mark.parametrize(("preset", "key", "value", "rules_word"), [
    ("du_san", "start_streak", 3, "笃三老庄"),
    ("zimo", "win_mode", "self_draw_only", "自摸胡"),
])
def test_a_preset_sets_the_options_the_engine_plays(page: Any, site: Any, preset: str, key: str, value: Any,
                                                    rules_word: str) -> None:
    open_game(page, site, "?seed=75&speed=instant&lang=zh")
    dialog = open_dialog(page)
    assert dialog.locator("#ng-preset-hangzhou").is_checked()   # the defaults are 杭州常用
    assert not dialog.locator("#ng-rules").evaluate("(d) => d.open")   # the options wait behind the disclosure
    dialog.locator(f"label:has(#ng-preset-{preset})").click()
    page.locator("#ng-seed").fill("7676")
    page.locator("#ng-start").click()
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '7676'")
    assert state(page)["options"][key] == value
    page.wait_for_function(f"() => document.getElementById('rules').textContent.includes({rules_word!r})")
    # the dialog opens again on the preset being played
    dialog = open_dialog(page)
    assert dialog.locator(f"#ng-preset-{preset}").is_checked()


def test_custom_opens_the_options_and_changing_one_makes_the_choice_custom(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=77&speed=instant&lang=en")
    dialog = open_dialog(page)
    rules = dialog.locator("#ng-rules")
    assert not dialog.locator("#opt-kong_burn").is_visible()
    dialog.locator("label:has(#ng-preset-custom)").click()
    assert rules.evaluate("(d) => d.open") and dialog.locator("#opt-kong_burn").is_visible()
    dialog.locator("label:has(#ng-preset-zimo)").click()
    assert dialog.locator("[data-key=win_mode]").input_value() == "1"   # the preset set the option
    dialog.locator("[data-key=kong_burn]").select_option(label="No burn after a kong")
    assert dialog.locator("#ng-preset-custom").is_checked()
    page.locator("#ng-seed").fill("7878")
    page.locator("#ng-start").click()
    page.wait_for_function("() => window.hzmj.game.state.match.seed === '7878'")
    o = state(page)["options"]
    assert o["win_mode"] == "self_draw_only" and o["kong_burn"] is False
    dialog = open_dialog(page)
    assert dialog.locator("#ng-preset-custom").is_checked() and rules.evaluate("(d) => d.open")


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_dialog_screenshots(warm_page: Any, site: Any, screenshot: Any, w: int, h: int, lang: str) -> None:
    page = sized_page(warm_page, w, h)
    try:
        page.goto(site.url + f"?seed=79&speed=instant&lang={lang}")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        page.evaluate("() => window.hzmj.views.newGame.open()")
        page.locator("#newgame").wait_for(state="visible")
        # every preset's name and line in sight (not cut off sideways)
        cut = page.evaluate("""() => [...document.querySelectorAll('#ng-presets .pname, #ng-presets .pdesc')]
            .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)""")
        assert not cut, cut
        screenshot(page, f"newgame-{w}x{h}-{lang}")
        page.locator("label:has(#ng-preset-custom)").click()
        screenshot(page, f"newgame-custom-{w}x{h}-{lang}")
    finally:
        page.close()
