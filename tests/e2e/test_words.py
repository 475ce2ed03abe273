"""Words on screen in English read as a player writes them: no engine shorthand ("6m", "S1", "exposed_kong"),
tiles as "the 1 of Dots", counts in the singular or plural, "click" with a mouse, Mahjong terms as glossed
pinyin; the opponents' level names are one ladder in both languages; and rules remembered from another
version that the engine refuses are said in the player's language."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from test_friends import invite, open_host, pages  # noqa: F401 (the fixture)
from test_game import open_game, step, wait_turn

SHORTHAND = re.compile(
    r"\b[1-9][mps]\b|\b[1-9][mps][1-9][mps]|\bS[0-3]\b|\b[a-z]+_[a-z_]+\b|\b1 (pts|points|tiles|claims)\b"
    r"|\bpts\b|\b[1-9] (Dots|Bamboo|Characters)\b|Claims (You|Left|Right|Across)|Streak 1\b|\btap\b|\bTap\b"
    r"|[\u4e00-\u9fff]+(?![\u4e00-\u9fff]| ?[,)])")
"""Shorthand, and Chinese outside a gloss or a "(中文)" mark (the language button's 中文 is allowed below)."""

TEXT = """() => {
  const parts = [document.body.innerText];
  for (const e of document.querySelectorAll('[aria-label], [title]')) {
    if (e.closest('dialog:not([open])') || e.closest('[hidden]')) continue;
    parts.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
  }
  return parts.join('\\n');
}"""


def english_problems(text: str) -> list[str]:
    allowed = ("中文", "中", "杭州麻将", "加载进度 Loading progress")
    lines = [ln for ln in text.splitlines() if ln.strip() and ln.strip() not in allowed]
    return [ln for ln in lines if SHORTHAND.search(ln)]


def test_english_on_the_table_has_no_shorthand(page: Any, site: Any) -> None:
    open_game(page, site, "?seed=4&speed=instant&lang=en")
    seen: list[str] = []
    for _ in range(120):
        what = step(page, prefer=("win", "pong", "kong", "chow"))
        text = page.evaluate(TEXT)
        seen.append(page.locator("#live").inner_text())
        bad = english_problems(text)
        assert not bad, bad[:5]
        if what == "settled":
            break
    told = " ".join(seen)
    # what the table told was said as a player says it
    assert re.search(r"\b(Left|Right|Across|You) discarded the ([1-9] of (Dots|Bamboo|Characters)|\w+ (wind|dragon))",
                     told), told[:400]
    # the words drawn on the canvas plates, from the same table of strings
    drawn = page.evaluate("""async () => {
      const {t} = await import('./i18n.mjs');
      return [t('dealer_badge'), t('streak1'), t('tan_chip', {n: 1, who: 'Left'}), t('tan_chip', {n: 2, who: 'you'}),
              t('your_turn'), t('tap_again', {tile: '5 of Dots'})];
    }""")
    assert drawn == ["Dealer", "New dealer", "1 claim on Left", "2 claims on you",
                     "Your turn: click a tile twice to discard it", "Click again to discard the 5 of Dots"]


def test_touch_devices_say_tap(browser: Any, site: Any) -> None:
    ctx = browser.new_context(has_touch=True, is_mobile=True, viewport={"width": 390, "height": 844})
    try:
        page = ctx.new_page()
        open_game(page, site, "?seed=4&speed=instant&lang=en")
        got = page.evaluate("async () => (await import('./i18n.mjs')).t('your_turn')")
        assert got == "Your turn: tap a tile twice to discard it"
    finally:
        ctx.close()


def level_names(page: Any, site: Any, lang: str) -> list[tuple[str, str]]:
    """The opponents' levels as the new-game dialog lists them: (id, name) in order."""
    open_game(page, site, f"?seed=4&speed=instant&lang={lang}")
    page.locator("#btn-menu").click()
    page.locator("#m-new").click()
    page.wait_for_selector("#ng-level option", state="attached")
    out = page.evaluate("[...document.querySelectorAll('#ng-level option')].map((o) => [o.value, o.textContent])")
    return [(v, re.sub(r"[（(].*$", "", txt).strip()) for v, txt in out]


def test_level_names_are_one_ladder_in_both_languages(page: Any, site: Any) -> None:
    zh = level_names(page, site, "zh")
    en = level_names(page, site, "en")
    # weakest first
    assert [v for v, _ in zh] == [v for v, _ in en] == ["beginner", "standard", "advanced", "strong", "expert"]
    assert [(a, b) for (_, a), (_, b) in zip(zh, en, strict=True)] == [
        ("入门", "Beginner"), ("普通", "Standard"), ("进阶", "Advanced"), ("高手", "Strong"), ("大师", "Expert")]


REMEMBERED_RULES_REFUSED = {
    ("zh", "base_score", 0): "保存的规则没有被接受（规则选项底分（base_score）应是 1 到 1000 的整数，不能是 0），"
                             "这局使用默认规则。",
    ("en", "base_score", 0): "The remembered rules were not accepted (the rule option Base score ('base_score') must "
                             "be a whole number from 1 to 1000, not 0); this game uses the standard rules.",
    ("zh", "flowers", True): "保存的规则没有被接受（没有“flowers”这个规则选项），这局使用默认规则。",
    ("en", "flowers", True): "The remembered rules were not accepted (there is no rule option 'flowers'); this game "
                             "uses the standard rules.",
}


@pytest.mark.parametrize("lang, key, value", list(REMEMBERED_RULES_REFUSED))
def test_remembered_rules_the_engine_refuses_are_said_in_the_players_language(page: Any, site: Any, screenshot: Any,
                                                                              lang: str, key: str, value: Any) -> None:
    # rules remembered from another version of the game (an option it had, a range it allowed)
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site.url + "icon.svg")  # the site's origin, no script: the settings are there before the game boots
    page.evaluate("(s) => localStorage.setItem('hzmj.settings.v1', s)", json.dumps({"options": {key: value}}))
    open_game(page, site, f"?seed=5&speed=instant&lang={lang}")
    box = page.locator("#toast")
    box.wait_for(state="visible", timeout=10_000)
    words = box.inner_text().strip()
    assert words == REMEMBERED_RULES_REFUSED[lang, key, value], words
    if lang == "zh":  # no English engine text: Latin letters only as the option's key, as it is written
        assert not re.search(r"[A-Za-z]", re.sub(r"（[a-z_]+）|“[a-z_]+”", "", words)), words
    state = page.evaluate("() => window.hzmj.game.state")
    assert state["match"]["seed"] == "5" and state["options"]["base_score"] == 1  # the standard rules
    # the message follows a switch of language while it shows, and back
    other = "en" if lang == "zh" else "zh"
    page.click("#btn-lang")
    assert box.is_visible() and box.inner_text().strip() == REMEMBERED_RULES_REFUSED[other, key, value]
    page.click("#btn-lang")
    assert box.is_visible() and box.inner_text().strip() == words
    for width, height in ((390, 844), (1280, 800)):  # the whole toast is on screen, on a phone too
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        shown = box.bounding_box()
        assert shown and shown["x"] >= 0 and shown["y"] >= 0, shown
        assert shown["x"] + shown["width"] <= width and shown["y"] + shown["height"] <= height, (width, shown)
        screenshot(page, f"rules-refused-{key}-{lang}-{width}x{height}")


START_NOTES = {
    "zh": "地址里的种子没有用：种子“12x”不是 0 到 18446744073709551615 之间的整数。保存的牌局没有恢复：它已损坏"
          "（可能没有写完）。这是新的一局，种子 {seed}。",
    "en": "The seed in the address was not used: the seed “12x” is not a whole number from 0 to 18446744073709551615. "
          "The saved game was not resumed: it is damaged (cut short?). This is a new game with seed {seed}.",
}


def test_the_notes_of_a_start_follow_a_switch_of_language(page: Any, site: Any) -> None:
    """A save that could not be resumed and a seed in the address that could not be used are said in one
    message when the page starts; a switch of language while it shows rewrites every part of it."""
    page.route("**/favicon.ico", lambda route: route.fulfill(status=204))
    page.goto(site.url + "icon.svg")  # the site's origin, no script: the damaged save is there before the game boots
    page.evaluate("() => localStorage.setItem('hzmj.game.v1', '\"cut sh')")
    open_game(page, site, "?seed=12x&speed=instant&lang=zh")
    box = page.locator("#toast")
    box.wait_for(state="visible", timeout=10_000)
    seed = page.evaluate("() => window.hzmj.game.state.match.seed")
    assert box.inner_text().strip() == START_NOTES["zh"].format(seed=seed)
    page.click("#btn-lang")
    assert box.is_visible() and box.inner_text().strip() == START_NOTES["en"].format(seed=seed)
    page.click("#btn-lang")
    assert box.is_visible() and box.inner_text().strip() == START_NOTES["zh"].format(seed=seed)


# the friends table's screens: words a Chinese page may show in Latin letters (names of network things), and the
# invitation's own text
ZH_LATIN_ALLOWED = re.compile(r"STUN/TURN|STUN|TURN|Wi-Fi|turn:|stun:[\w.:]+|http://[\w.:/#=-]+")
FRIENDS_TEXT = """() => {
  const parts = [];
  for (const root of document.querySelectorAll('#friends[open], #join:not([hidden])')) {
    parts.push(root.innerText);
    for (const e of root.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (e.closest('[hidden]')) continue;
      for (const a of ['placeholder', 'aria-label', 'title']) parts.push(e.getAttribute(a) || '');
    }
  }
  return parts.join('\\n');
}"""


def zh_problems(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if re.search(r"[A-Za-z]", ZH_LATIN_ALLOWED.sub("", ln))]


def test_the_friends_screens_speak_the_players_language(pages: Any, site: Any) -> None:  # noqa: F811 (the fixture)
    host = open_host(pages, site, "?seed=61&speed=instant&lang=zh")
    links = invite(host, (1, 2))
    host.fill("#fr-reply-2", "hello")   # a reply that is no code: refused in the dialog
    host.click("#fr-seats button[data-action=accept][data-seat='2']")
    host.wait_for_selector("#fr-problem")
    host.locator("#friends details.fr-net").evaluate("(d) => { d.open = true; }")
    bad = zh_problems(host.evaluate(FRIENDS_TEXT))
    assert not bad, bad
    host.evaluate("() => document.getElementById('btn-lang').click()")
    host.wait_for_function("() => document.documentElement.lang === 'en'")
    bad = english_problems(host.evaluate(FRIENDS_TEXT))
    assert not bad, bad
    for lang, problems in (("zh", zh_problems), ("en", english_problems)):
        guest = pages.new(f"guest-{lang}")
        base, frag = links[1].split("#", 1)
        guest.goto(f"{base}?lang={lang}#{frag}")
        guest.wait_for_function("() => document.getElementById('join-reply').value.length > 0", timeout=20_000)
        guest.locator("#join details.fr-net").evaluate("(d) => { d.open = true; }")
        bad = problems(guest.evaluate(FRIENDS_TEXT))
        assert not bad, (lang, bad)


@pytest.mark.parametrize(("lang", "words"), [
    ("zh", "过水：本轮不能胡 五万、六万"),
    ("en", "You passed a win: no win on 5 of Characters, 6 of Characters until you discard again"),
], ids=["zh", "en"])
def test_the_tiles_of_a_passed_win_are_a_list_in_the_players_language(page: Any, site: Any, lang: str,
                                                                       words: str) -> None:
    """过水 names the tiles the player may not win on until their next discard, as the language lists them (a
    bare space ran the English names into one: "5 of Characters 6 of Characters")."""
    open_game(page, site, f"?seed=11&speed=instant&lang={lang}")
    step(page)
    wait_turn(page)   # the table stands still (a bot's move would redraw the dock over the view set here)
    page.evaluate("""() => {
        const g = window.hzmj.game;
        const s = structuredClone(g.state);
        s.passed_win = ['5m', '6m'];
        if (s.hints) delete s.hints.blocked;
        g.setView(s);
    }""")
    assert words in page.locator("#info").inner_text()
