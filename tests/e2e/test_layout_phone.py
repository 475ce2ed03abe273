"""The table on phones and short screens, read from the page's layout (``window.hzmj.layout()``) and the DOM.

* On a phone on its side (844x390) and a short landscape screen (1024x500), hints longer than the dock's
  column has room for get a 全部 / More button that opens them whole over the felt, covering no button, and
  the next decision closes them.
* Small phones held upright (360x780, 390x844) keep river tiles of 24 px, with every set of your melds, and
  the smallest (360x640, 320x640) keep hand tiles of 34 px, the whole table on the felt.
* Switching the language in the middle of a hand changes no size on the table, at the five viewports.
* The friends dialog's invitation cards share its width, as many columns as cards, with no empty column.

Each test reuses one page per viewport (a saved position opened once, the language switched in place), so
the file stays quick. Screenshots go to test-results/phone-*.png.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import positions as pos
import pytest
from test_friends import Pages, invite, open_host, pages  # noqa: F401 (the fixture)
from test_game import ANY_TURN, BOOT_TIMEOUT_MS, TABLE

Rect = dict[str, float]


def overlap(a: Rect, b: Rect) -> float:
    """Area shared by two rectangles (touching edges share nothing)."""
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, dx) * max(0.0, dy)


def inside(r: Rect, outer: Rect) -> bool:
    """Whether rectangle r lies within outer (to half a pixel)."""
    return (r["x"] >= outer["x"] - 0.5 and r["y"] >= outer["y"] - 0.5
            and r["x"] + r["w"] <= outer["x"] + outer["w"] + 0.5 and r["y"] + r["h"] <= outer["y"] + outer["h"] + 0.5)


def sized_page(warm_page: Any, w: int, h: int) -> Any:
    """A page of a w x h viewport: the narrow ones are touch screens at twice the pixel density."""
    page = warm_page(device_scale_factor=2, has_touch=True) if w < 900 else warm_page()
    page.set_viewport_size({"width": w, "height": h})
    return page


def wait_for_turn(page: Any) -> None:
    """Until the player has a decision (or the hand is over) and the page waits: the table stands still."""
    page.wait_for_function(
        f"() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})",
        timeout=30_000)


def open_position(warm_page: Any, site: Any, w: int, h: int, p: pos.Position, lang: str) -> Any:
    """A w x h page resumed at position p, the player to decide (its 'game resumed' message takes no tap)."""
    page = sized_page(warm_page, w, h)
    pos.put_save(page, site, p.save)
    page.goto(site.url + f"?seed={p.seed}&speed=instant&lang={lang}")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    wait_for_turn(page)
    return page


def switch_language(page: Any) -> None:
    """Press the top bar's language button and wait until the page has redrawn in the other language."""
    before = page.evaluate("document.documentElement.lang")
    page.locator("#btn-lang").click()
    page.wait_for_function("(l) => document.documentElement.lang !== l", arg=before)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


@cache
def freeze() -> pos.Position:
    """Seed 10, the human under the 抓打 freeze (its two long reasons) with the hints' suggestion."""
    return pos.reach(10, lambda st: bool(st["human_to_act"] and st["hints"].get("blocked")))


# the hints' box and its More button, and every button a player may tap (the claim buttons, the tiles of the
# hand, the top bar's), in page pixels
HINTS = """() => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const info = document.getElementById('info');
    const more = document.getElementById('info-more');
    const shown = (e) => !!e.offsetParent && getComputedStyle(e).visibility !== 'hidden';
    const taps = [...document.querySelectorAll('#actions button, #hand button, .topbar button')].filter(shown)
        .map((e) => ({...rect(e), name: e.getAttribute('aria-label') || e.textContent}));
    return {info: rect(info), words: info.scrollHeight, room: info.clientHeight, open: info.classList.contains('open'),
        more: shown(more) ? {...rect(more), text: more.textContent} : null,
        taps, stage: rect(document.getElementById('stage')), text: info.textContent,
        view: {x: 0, y: 0, w: innerWidth, h: innerHeight}};
}"""


def hints_problems(page: Any, where: str) -> list[str]:
    """Hints cut off with no More button; a More button off screen or over a button; opened hints that do
    not show all their words, reach off the felt or lie over a button; or that do not close again."""
    st = page.evaluate(HINTS)
    problems = []
    if st["words"] <= st["room"] + 1:
        return []
    more = st["more"]
    if not more:
        return [f"{where}: the hints hold {st['words']} px of words in {st['room']} px, and no More button shows"]
    if not inside(more, st["view"]):
        problems.append(f"{where}: the More button {more} is off the screen")
    problems += [f"{where}: the More button lies over {t['name']}" for t in st["taps"] if overlap(t, more) > 1.0]
    page.locator("#info-more").click()
    st = page.evaluate(HINTS)
    if not st["open"]:
        return [*problems, f"{where}: More did not open the hints"]
    if st["room"] < st["words"] - 1:
        problems.append(f"{where}: the opened hints show {st['room']} px of their {st['words']} px of words")
    if not inside(st["info"], st["stage"]) and not inside(st["info"], st["view"]):
        problems.append(f"{where}: the opened hints {st['info']} reach off the screen")
    problems += [f"{where}: the opened hints lie over {t['name']}" for t in st["taps"] if overlap(t, st["info"]) > 1.0]
    page.locator("#info-more").click()
    if page.evaluate(HINTS)["open"]:
        problems.append(f"{where}: Less did not close the hints")
    page.locator("#info-more").click()    # left open: the next decision closes it
    return problems


SHORT_LANDSCAPE = [(844, 390), (1024, 500)]
# the rules line as shown: whether it is visible, the height it has and needs, and its line height
RULES_SHOWN = """() => {
    const r = document.getElementById('rules');
    const c = getComputedStyle(r);
    return {visible: c.visibility !== 'hidden' && !!r.offsetParent, client: r.clientHeight, scroll: r.scrollHeight,
        line: parseFloat(c.lineHeight) || 16};
}"""


def test_long_hints_open_whole_on_a_short_landscape_screen(warm_page: Any, site: Any, screenshot: Any) -> None:
    """The 抓打 freeze's two reasons and a suggestion (seed 10), and three chows offered (seed 1: four buttons in
    the column), in both languages at 844x390 and 1024x500 (one touch page for each position, turned and
    relabelled in place): hints longer than their box get More, which opens them whole over the felt and over
    no button, and the next decision closes them. At 844x390 the freeze's hints in English and the chows' in
    both languages are longer than the column holds. The rules line shows two lines or more, or gives way
    for the decision: never a sliver cut through its words."""
    opened = []
    for name, p, act in (("the freeze", freeze(), "#hand button[data-action=discard]:not([aria-disabled=true])"),
                         ("three chows", pos.chows(1, 3), "#actions button[data-action=pass]")):
        page = open_position(warm_page, site, *SHORT_LANDSCAPE[0], p, "zh")
        try:
            for lang in ("zh", "en"):
                if lang == "en":
                    switch_language(page)
                for w, h in SHORT_LANDSCAPE:
                    page.set_viewport_size({"width": w, "height": h})
                    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
                    where = f"{name}, {lang}, {w}x{h}"
                    problems = hints_problems(page, where)
                    rules = page.evaluate(RULES_SHOWN)
                    cut = rules["scroll"] > rules["client"] + 1 and rules["client"] < 2 * rules["line"] - 1
                    if rules["visible"] and cut:
                        problems.append(f"{where}: the rules line shows a sliver of {rules['client']} px (lines of "
                                        f"{rules['line']} px) cut through its words: {rules}")
                    assert not problems, "\n".join(problems)
                    if page.evaluate(HINTS)["open"]:
                        opened.append(where)
                        screenshot(page, f"phone-hints-{w}x{h}-{name.replace(' ', '-')}-{lang}")
            page.set_viewport_size(dict(zip(("width", "height"), SHORT_LANDSCAPE[0], strict=True)))
            # the page fits its dock to the new size in its resize handler: read the More button after that
            page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
            if not page.evaluate(HINTS)["open"] and page.locator("#info-more").is_visible():
                page.locator("#info-more").click()
            assert page.evaluate(HINTS)["open"], f"{name}: the hints do not open at 844x390"
            page.evaluate("() => { window.decided = window.hzmj.game.state; }")
            page.locator(act).first.click()
            page.wait_for_function("() => window.hzmj.game.state !== window.decided")
            wait_for_turn(page)
            assert not page.evaluate(HINTS)["open"], f"{name}: the hints stay open at the next decision"
        finally:
            page.close()
    assert {"the freeze, en, 844x390", "three chows, zh, 844x390", "three chows, en, 844x390"} <= set(opened), opened


def meld(kind: str, tiles: str, claimed: str | None = None, rel: int | None = None) -> dict[str, Any]:
    """A meld of the human's: tiles written as in a hand ("EEE", "345s"), the claimed one and its discarder
    counted from the human's seat (1 right, 2 across, 3 left; None for a concealed kong)."""
    suit = tiles[-1] if tiles[-1] in "mps" else ""
    names = [c + suit for c in (tiles[:-1] if suit else tiles)]
    return {"kind": kind, "tiles": names, "claimed": claimed, "rel": rel}


PONG = meld("pong", "EEE", "E", 2)
MELD_SETS = {
    "no meld": [],
    "a pong": [PONG],
    "two pongs": [PONG, meld("pong", "999p", "9p", 1)],
    "three chows": [meld("chow", "123m", "1m", 3), meld("chow", "456p", "5p", 3), meld("chow", "789s", "9s", 3)],
    "two kongs and a pong": [meld("exposed_kong", "CCCC", "C", 2), meld("concealed_kong", "7777m"), PONG],
}

# the table this page would lay out on its felt with every river 24 tiles long (a long hand) and the human
# holding `melds` and the largest concealed hand that leaves: the river and hand tile sizes and every part's
# rectangle, in the felt's pixels
LAID_OUT = """async ({melds}) => {
    const {computeLayout, describeLayout} = await import('./render/layout.mjs');
    const s = structuredClone(window.hzmj.game.state);
    const me = s.players[s.seat];
    me.melds = melds.map((m) => ({kind: m.kind, tiles: m.tiles, faces: m.tiles, claimed: m.claimed,
        from: m.rel === null ? null : (s.seat + m.rel) % 4}));
    s.hand = s.hand.slice(0, 14 - 3 * melds.length);
    s.drawn = s.hand[s.hand.length - 1];
    for (const p of s.players) {
        while (p.discards.length < 24) p.discards.push({tile: '1m', claimed_by: null, wild: false});
    }
    const stage = document.getElementById('stage');
    const W = stage.clientWidth, H = stage.clientHeight;
    const L = computeLayout(W, H, s);
    const d = describeLayout(L, s);
    return {W, H, river: L.rw, hand: L.hand.w, rows: L.hand.rows, seats: d.seats, centre: d.centre};
}"""


def table_problems(t: dict[str, Any]) -> list[str]:
    """Parts of a laid-out table off the felt or over each other."""
    felt = {"x": 0, "y": 0, "w": t["W"], "h": t["H"]}
    named = [("centre", t["centre"])]
    for s in t["seats"]:
        for kind in ("river", "tail", "melds", "plate"):
            if s.get(kind) and s[kind]["w"] > 0:
                named.append((f"seat {s['pos']} {kind}", s[kind]))
        for i, r in enumerate(s.get("rows") or [s["hand"]]):
            if r["w"] > 0:
                named.append((f"seat {s['pos']} hand row {i + 1}", r))
    problems = [f"{n} {r} is off the {t['W']}x{t['H']} felt" for n, r in named if not inside(r, felt)]
    for i, (na, a) in enumerate(named):
        problems += [f"{na} overlaps {nb}" for nb, b in named[i + 1:] if overlap(a, b) > 1.0]
    return problems


# river tiles a small phone held upright keeps (CSS px); the hand keeps tappable tiles on every phone
RIVER_GOAL = {(360, 780): 24, (390, 844): 24}
HAND_LEAST = 34
SMALL_PHONES = [(360, 780), (390, 844), (360, 640), (320, 640)]


@pytest.mark.parametrize(("w", "h"), SMALL_PHONES, ids=[f"{w}x{h}" for w, h in SMALL_PHONES])
def test_small_phones_keep_river_tiles_readable(warm_page: Any, site: Any, screenshot: Any, w: int, h: int) -> None:
    """A phone held upright, in both languages, at the deal and with every set of melds of yours beside rivers
    of 24 tiles: river tiles at least 24 px at 360x780 and 390x844, hand tiles at least 34 px (two rows on a
    narrow screen) on all of them down to 320x640, and the whole table on the felt, no part over another."""
    page = sized_page(warm_page, w, h)
    try:
        page.goto(site.url + "?seed=10&speed=instant&lang=zh")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        wait_for_turn(page)
        for lang in ("zh", "en"):
            if lang == "en":
                switch_language(page)
            live = page.evaluate("window.hzmj.layout()")
            screenshot(page, f"phone-table-{w}x{h}-{lang}")
            report = []
            for name, melds in MELD_SETS.items():
                t = page.evaluate(LAID_OUT, {"melds": melds})
                where = f"{lang}, {name}"
                report.append(f"{where}: river {t['river']} px, hand {t['hand']} px in {t['rows']} rows")
                problems = table_problems(t)
                assert not problems, f"{where}:\n" + "\n".join(problems)
                assert t["hand"] >= HAND_LEAST, "\n".join(report)
                if (w, h) in RIVER_GOAL:
                    assert t["river"] >= RIVER_GOAL[(w, h)], "\n".join(report)
            if (w, h) in RIVER_GOAL:
                assert live["riverTile"] >= RIVER_GOAL[(w, h)], f"{lang}, at the deal: river {live['riverTile']} px"
    finally:
        page.close()


VIEWPORTS = [(1920, 1080), (1280, 800), (1024, 500), (390, 844), (844, 390)]
# the felt and the tile sizes, and the boxes of words whose height could move it (the top bar, the dock and
# its rules line)
STILL = """() => {
    const L = window.hzmj.layout();
    const h = (s) => document.querySelector(s).getBoundingClientRect().height;
    return {felt: L.canvas.h, feltW: L.canvas.w, river: L.riverTile, hand: L.handTile, topbar: h('.topbar'),
        dock: h('#dock'), rules: h('#rules'), lang: document.documentElement.lang};
}"""


@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_table_stands_still_when_the_language_changes(warm_page: Any, site: Any, screenshot: Any,
                                                          w: int, h: int) -> None:
    """In the middle of a hand (seed 10, the player to discard), switching 中 → EN → 中 changes no size on the
    table: the felt keeps its width and height and the river and hand tiles their size, though the rules line
    and the hints are longer in English."""
    page = sized_page(warm_page, w, h)
    try:
        page.goto(site.url + "?seed=10&speed=instant&lang=zh")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        wait_for_turn(page)
        seen = [page.evaluate(STILL)]
        for lang in ("en", "zh"):
            switch_language(page)
            seen.append(page.evaluate(STILL))
            if lang == "en":
                screenshot(page, f"phone-lang-{w}x{h}-en")
        screenshot(page, f"phone-lang-{w}x{h}-zh")
    finally:
        page.close()
    report = "\n".join(f"{st['lang']}: felt {st['feltW']:.0f}x{st['felt']:.0f} px, river tiles {st['river']} px, "
                       f"hand tiles {st['hand']} px; top bar {st['topbar']:.0f} px, dock {st['dock']:.0f} px, "
                       f"rules {st['rules']:.0f} px" for st in seen)
    assert [st["lang"][:2] for st in seen] == ["zh", "en", "zh"], report
    for key in ("felt", "feltW", "river", "hand"):
        values = [st[key] for st in seen]
        assert max(values) - min(values) <= 1, f"the table's {key} changes with the language:\n{report}"


# the invitation cards of the friends dialog and the grid they lie in, in page pixels
CARDS = """() => {
    const rect = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const grid = document.getElementById('fr-seats');
    const pad = parseFloat(getComputedStyle(grid).paddingLeft) + parseFloat(getComputedStyle(grid).paddingRight);
    return {grid: rect(grid), pad, cards: [...grid.querySelectorAll('.fr-seat')].map(rect),
        dialog: rect(document.getElementById('friends')), vw: innerWidth};
}"""


def card_problems(st: dict[str, Any], where: str) -> list[str]:
    """Cards that leave an empty column in the grid (a row of them short of its right edge while there are
    cards in the next row or room left over), cards of unequal widths, or cards off the screen's width."""
    grid, cards = st["grid"], st["cards"]
    rows: dict[int, list[Rect]] = {}
    for c in cards:
        rows.setdefault(round(c["y"]), []).append(c)
    problems = []
    right = grid["x"] + grid["w"] - st["pad"]
    for row in rows.values():
        end = max(c["x"] + c["w"] for c in row)
        if end < right - 2:
            problems.append(f"{where}: a row of {len(row)} cards ends at {end:.0f} px, the grid at {right:.0f} px "
                            "(an empty column)")
    widths = [c["w"] for c in cards]
    if max(widths) - min(widths) > 1:
        problems.append(f"{where}: cards of widths {widths}")
    problems += [f"{where}: a card {c} leaves the screen's width" for c in cards
                 if c["x"] < -0.5 or c["x"] + c["w"] > st["vw"] + 0.5]
    return problems


@pytest.mark.parametrize("friends", [(1, 2), (1, 2, 3)], ids=["two friends", "three friends"])
def test_friends_dialog_sizes_its_cards_to_their_number(pages: Pages, site: Any,  # noqa: F811 (the fixture)
                                                        screenshot: Any, friends: tuple[int, ...]) -> None:
    """The host's invitations for two and for three friends, at the five viewports in both languages: the cards
    fill the dialog's width in as many columns as there are cards (as fit), all of one width, none off the
    screen; on a large screen (1920x1080) they lie side by side, each wider than the 13.5rem they had in a
    dialog kept for three."""
    host = open_host(pages, site, "?seed=61&speed=instant&lang=zh")
    invite(host, friends)
    problems: list[str] = []
    for lang in ("zh", "en"):
        if lang == "en":
            host.evaluate("() => document.getElementById('btn-lang').click()")
            host.wait_for_function("() => document.documentElement.lang === 'en'")
        for w, h in VIEWPORTS:
            host.set_viewport_size({"width": w, "height": h})
            st = host.evaluate(CARDS)
            where = f"{len(friends)} friends, {lang}, {w}x{h}"
            problems += card_problems(st, where)
            if (w, h) == (1920, 1080) and (len({round(c["y"]) for c in st["cards"]}) > 1
                                           or min(c["w"] for c in st["cards"]) < 18 * 16):
                problems.append(f"{where}: cards not side by side, each 18rem wide: {st['cards']}")
            host.locator("#fr-seats").evaluate("e => e.scrollIntoView()")
            screenshot(host, f"phone-friends-{len(friends)}-{lang}-{w}x{h}")
    assert not problems, "\n".join(problems)
