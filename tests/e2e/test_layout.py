"""The table's geometry at five viewports in both languages, read from the page's layout object.

``window.hzmj.layout()`` gives, in page pixels, every seat's hand, river, melds and plate (and where the plate's
dealer badge, name, points and chips lie), the centre box and the action bar. The tests fail on a rectangle
outside the viewport, on any two parts of the table overlapping, on a river that is nearer another seat's hand
than its own, on anything wider than the viewport, and on a plate whose text lies outside it or on itself, or
whose name is squeezed to make room for the dealer badge. They also check motion (off at instant speed and
under reduced motion, at most 200 ms) and that the mute switch is remembered. Screenshots go to
test-results/layout-*.png.

A page is costly to open (the engine starts, the bots play to the player's turn), so the checks that need
the same page at the same moment share it: the geometry test's page also draws the long hand's rivers and
shows a toast; the stand-still test's pages also measure every prompt and the three chows' buttons.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import positions as pos
import pytest
from test_game import ANY_TURN, BOOT_TIMEOUT_MS, TABLE

VIEWPORTS = [(1280, 800), (1920, 1080), (1024, 500), (390, 844), (844, 390)]
# the smallest river and hand tile each viewport must get (CSS px), read from window.hzmj.layout(): the short
# landscape screens put the top bar in the column at the right so the felt has the whole height, and give the
# rivers room with a smaller hand, a low wide centre box and rows packed tight; desktop screens give the felt
# the whole width
RIVER_MIN = {(1280, 800): 40, (1920, 1080): 54, (1024, 500): 30, (390, 844): 24, (844, 390): 24}
HAND_MIN = {(1280, 800): 70, (1920, 1080): 84, (1024, 500): 44, (390, 844): 40, (844, 390): 40}
Rect = dict[str, float]


def sized_page(warm_page: Any, w: int, h: int, reduced_motion: str | None = None) -> Any:
    """A page of a w x h viewport: the narrow ones are touch screens at twice the pixel density."""
    page = warm_page(device_scale_factor=2, has_touch=True) if w < 900 else warm_page()
    page.set_viewport_size({"width": w, "height": h})
    if reduced_motion:
        page.emulate_media(reduced_motion=reduced_motion)
    return page


def boot(warm_page: Any, site: Any, w: int, h: int, query: str, reduced_motion: str | None = None) -> Any:
    page = sized_page(warm_page, w, h, reduced_motion)
    page.goto(site.url + query)
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    return page


def wait_for_turn(page: Any) -> None:
    """Until the player has a decision (or the hand is over) and the page waits: the table stands still."""
    page.wait_for_function(
        f"() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})",
        timeout=30_000)


# what the player may do now, read in one call: whether a result screen is open, the action bar's buttons and
# the tiles of the hand's discard buttons, in order
CHOICES = """() => ({
    settled: Boolean(document.querySelector('#settle[open], #gameover[open]')),
    actions: [...document.querySelectorAll('#actions button')].map((b) => b.getAttribute('data-action')),
    discards: [...document.querySelectorAll('#hand button[data-action=discard]')]
        .map((b) => b.getAttribute('data-tile')),
})"""


def choices(page: Any) -> dict[str, Any]:
    """CHOICES, once the player has a decision and the table stands still (``wait_for_turn``)."""
    wait_for_turn(page)
    got: dict[str, Any] = page.evaluate(CHOICES)
    return got


def discard_last(page: Any, tiles: list[str], selected: Callable[[str], None] | None = None) -> None:
    """Tap the hand's last discard button (``tiles``: the discard buttons' tiles, from CHOICES), and tap it again
    once selected unless it is the only legal discard (which goes with one tap); ``selected(tile)`` is called
    in between, once the tile shows selected."""
    tile = tiles[-1]
    page.locator("#hand button[data-action=discard]").last.click()
    if len(set(tiles)) > 1:
        chosen = page.locator(f"#hand button[data-action=discard][data-tile='{tile}'][aria-pressed=true]").first
        if selected:
            chosen.wait_for()
            selected(tile)
        chosen.click()


def play(page: Any, decisions: int) -> None:
    """Take every pong/chow offered (to get melds on the table), pass otherwise, discard the last tile."""
    for _ in range(decisions):
        now = choices(page)
        if now["settled"]:
            return
        group = next((g for g in ("pong", "chow", "pass") if g in now["actions"]), None)
        if group:
            page.locator(f"#actions button[data-action={group}]").first.click()
        else:
            discard_last(page, now["discards"])


def parts(layout: dict[str, Any]) -> list[tuple[str, Rect]]:
    out: list[tuple[str, Rect]] = []
    for s in layout["seats"]:
        # a hand in two rows is its rows (your melds may lie beside the first)
        rows = [(f"hand row {i + 1}", r) for i, r in enumerate(s.get("handRows") or [])]
        for kind, r in rows or [("hand", s["hand"])]:
            if r and r["w"] > 0 and r["h"] > 0:
                out.append((f"{s['side']} {kind}", r))
        for kind in ("river", "riverTail", "melds", "plate"):
            r = s.get(kind)
            if r and r["w"] > 0 and r["h"] > 0:
                out.append((f"{s['side']} {kind}", r))
    out.append(("centre", layout["centre"]))
    return out


def overlap(a: Rect, b: Rect) -> float:
    """Area shared by two rectangles (touching edges share nothing)."""
    dx = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    dy = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(0.0, dx) * max(0.0, dy)


def gap(a: Rect, b: Rect) -> float:
    """Distance between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, max(a["x"], b["x"]) - min(a["x"] + a["w"], b["x"] + b["w"]))
    dy = max(0.0, max(a["y"], b["y"]) - min(a["y"] + a["h"], b["y"] + b["h"]))
    return float((dx * dx + dy * dy) ** 0.5)


def outside(r: Rect, vw: float, vh: float) -> bool:
    """Whether a rectangle reaches past the edge of a vw x vh viewport (by more than half a pixel)."""
    return r["x"] < -0.5 or r["y"] < -0.5 or r["x"] + r["w"] > vw + 0.5 or r["y"] + r["h"] > vh + 0.5


def geometry_problems(layout: dict[str, Any]) -> list[str]:
    problems = []
    vw, vh = layout["viewport"]["w"], layout["viewport"]["h"]
    named = [*parts(layout), ("canvas", layout["canvas"])]
    if layout["actionBar"]:
        named.append(("action bar", layout["actionBar"]))
    for name, r in named:
        if outside(r, vw, vh):
            problems.append(f"{name} {r} is outside the {vw}x{vh} viewport")
    for (na, a), (nb, b) in itertools.combinations(parts(layout), 2):
        if overlap(a, b) > 1.0:
            problems.append(f"{na} overlaps {nb}: {a} / {b}")
    hands = {s["side"]: s["hand"] for s in layout["seats"]}
    for s in layout["seats"]:
        own = gap(s["river"], s["hand"])
        for other, h in hands.items():
            if other != s["side"] and gap(s["river"], h) <= own:
                problems.append(f"{s['side']} river is {gap(s['river'], h):.0f} px from {other}'s hand, "
                                f"{own:.0f} px from its own")
    return problems


def plate_problems(layout: dict[str, Any], dealer: int) -> list[str]:
    """Each plate's dealer badge, name, points and chips inside the plate and clear of each other, the name at
    the plate's own font size (not squeezed by a badge), and the dealer's plate alone carrying the badge."""
    problems = []
    for s in layout["seats"]:
        text, plate = s["plateText"], s["plate"]
        if not text:
            problems.append(f"{s['side']} plate: the layout says nothing of its text")
            continue
        named = [(k, text[k]) for k in ("badge", "name", "points") if text[k]]
        named += [(f"chip {i + 1}", c) for i, c in enumerate(text["chips"])]
        for k, r in named:
            inside = (r["x"] >= plate["x"] - 0.5 and r["y"] >= plate["y"] - 0.5
                      and r["x"] + r["w"] <= plate["x"] + plate["w"] + 0.5
                      and r["y"] + r["h"] <= plate["y"] + plate["h"] + 0.5)
            if not inside:
                problems.append(f"{s['side']} plate: the {k} {r} is outside the plate {plate}")
        for (ka, a), (kb, b) in itertools.combinations(named, 2):
            if overlap(a, b) > 0.5:
                problems.append(f"{s['side']} plate: the {ka} overlaps the {kb}: {a} / {b}")
        if text["nameFont"] < 0.9 * text["font"]:
            problems.append(f"{s['side']} plate: the name is squeezed to {text['nameFont']} px (plate font "
                            f"{text['font']} px)")
        if (s["seat"] == dealer) != bool(text["badge"]):
            problems.append(f"{s['side']} plate: dealer badge {'missing' if s['seat'] == dealer else 'shown'}")
    return problems


def band_problems(layout: dict[str, Any]) -> list[str]:
    """An empty band of felt above the table much taller than the space between the table and your hand."""
    you = next(s for s in layout["seats"] if s["side"] == "you")
    table = [r for name, r in parts(layout) if not name.startswith("you hand") and not name.startswith("you melds")]
    top = min(r["y"] for r in table)
    bottom = max(r["y"] + r["h"] for r in table)
    above = top - layout["canvas"]["y"]
    below = min(you["hand"]["y"], you["melds"]["y"] if you["melds"] else you["hand"]["y"]) - bottom
    if above > max(below, 0) + 48:
        return [f"{above:.0f} px of empty felt above the table, {below:.0f} px between the table and your hand"]
    return []


def width_problems(page: Any) -> list[str]:
    found: list[str] = page.evaluate("""() => {
        const out = [];
        const vw = document.documentElement.clientWidth;
        const sw = document.documentElement.scrollWidth;
        if (sw > vw) out.push(`document is ${sw} px wide`);
        for (const e of document.querySelectorAll('#app *')) {
            const r = e.getBoundingClientRect();
            if (r.width && r.height && e.offsetParent !== null && (r.right > vw + 0.5 || r.left < -0.5)) {
                const name = `${e.tagName.toLowerCase()}#${e.id}.${e.className}`;
                out.push(`${name} spans ${r.left.toFixed(0)}..${r.right.toFixed(0)}`);
            }
        }
        return out;
    }""")
    return found


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_table_geometry(warm_page: Any, site: Any, w: int, h: int, lang: str, screenshot: Any) -> None:
    """Seed 10 at the deal and after ten decisions (taking every pong and chow: melds, two-row rivers): nothing
    outside the viewport or overlapping, the plates' words in place, the tiles at their minimum sizes; on the
    English page, a toast (short, and long) then covers no part of the table and no action button. At the
    deal, the same page also draws the long hand's rivers and melds (``check_rivers_through_the_hand``) and, at
    1920x1080, the plates' names beside short and long rivers (``check_plate_names_grow_with_the_table``)."""
    page = boot(warm_page, site, w, h, f"?seed=10&speed=instant&lang={lang}")
    try:
        dealer = page.evaluate("window.hzmj.game.state.dealer")
        layout = page.evaluate("window.hzmj.layout()")
        problems = geometry_problems(layout) + plate_problems(layout, dealer) + width_problems(page)
        assert not problems, "at the deal:\n" + "\n".join(problems)
        check_rivers_through_the_hand(page, w, h)
        if (w, h, lang) == (1920, 1080, "en"):
            check_plate_names_grow_with_the_table(page)
        play(page, 10)   # seed 10: claims happen, so seats have melds and rivers have two rows
        layout = page.evaluate("window.hzmj.layout()")
        screenshot(page, f"layout-{w}x{h}-{lang}")
        assert any(s["melds"] for s in layout["seats"]), "this deal was chosen to show melds"
        problems = geometry_problems(layout) + plate_problems(layout, dealer) + width_problems(page)
        assert not problems, "after ten decisions:\n" + "\n".join(problems)
        assert layout["handTile"] >= HAND_MIN[(w, h)], f"hand tiles are {layout['handTile']} px"
        assert layout["riverTile"] >= RIVER_MIN[(w, h)], f"river tiles are {layout['riverTile']} px"
        assert not band_problems(layout), band_problems(layout)
        if lang == "en":   # a message (a refused tap, a resumed game) hides no seat's name, score, river or melds
            wait_for_turn(page)   # measured on a table that stands still: a bot's move redraws the hand
            problems = toast_problems(page, "Game resumed") + toast_problems(page, LONG_TOAST)
            assert not problems, "a toast after ten decisions:\n" + "\n".join(problems)
    finally:
        page.close()


LATE_LAYOUT = """async ({discards, melds}) => {
    // this page's table drawn (on a canvas of its own) with every river `discards` tiles long and the human
    // holding `melds` (each {kind, tiles, claimed, rel}: rel is the discarder's seat counted from the human's,
    // null for a concealed kong) and the largest concealed hand that leaves, its last tile just drawn: its
    // layout report, and where each river's tiles lie
    const {localRect} = await import('./render/layout.mjs');
    const {drawScene, layoutReport} = await import('./render/index.mjs');
    const {riverSlot} = await import('./render/rivers.mjs');
    const {RATIO, depthOf} = await import('./render/tiles.mjs');
    const {getLang} = await import('./i18n.mjs');
    const s = structuredClone(window.hzmj.game.state);
    const me = s.players[s.seat];
    if (melds.length) {
        me.melds = melds.map((m) => ({kind: m.kind, tiles: m.tiles, faces: m.tiles, claimed: m.claimed,
            from: m.rel === null ? null : (s.seat + m.rel) % 4}));
        s.hand = s.hand.slice(0, 14 - 3 * melds.length);
        s.drawn = s.hand[s.hand.length - 1];
    }
    for (const p of s.players) {
        while (p.discards.length < discards) p.discards.push({tile: '1m', claimed_by: null, wild: false});
    }
    const stage = document.getElementById('stage');
    const W = stage.clientWidth, H = stage.clientHeight;
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(W * dpr);
    canvas.height = Math.round(H * dpr);
    const ui = {selected: null, announcements: [], motion: null, lang: getLang(), replay: false, now: 0,
        suggested: null, hints: false};
    const L = drawScene(canvas.getContext('2d'), W, H, dpr, s, ui);
    const box = stage.getBoundingClientRect();
    const tiles = s.players.map((p) => {
        const pos = (p.seat - s.seat + 4) % 4;
        return p.discards.map((d, i) => {
            const [x, y] = riverSlot(L, pos, i);
            const r = localRect(L, pos, x, y, L.rw, Math.round(L.rw * RATIO) + depthOf(L.rw));
            return {x: r.x + box.left, y: r.y + box.top, w: r.w, h: r.h};
        });
    });
    return {layout: layoutReport(L, s, stage, null), tiles};
}"""


def inside(r: Rect, outer: Rect | None) -> bool:
    """Whether rectangle r lies within outer (to half a pixel)."""
    return bool(outer) and (r["x"] >= outer["x"] - 0.5 and r["y"] >= outer["y"] - 0.5
                            and r["x"] + r["w"] <= outer["x"] + outer["w"] + 0.5
                            and r["y"] + r["h"] <= outer["y"] + outer["h"] + 0.5)


def river_tile_problems(layout: dict[str, Any], tiles: list[list[Rect]]) -> list[str]:
    """River tiles drawn outside the room the layout reports for their river (its rows and its tail)."""
    problems = []
    for s in layout["seats"]:
        for i, r in enumerate(tiles[s["seat"]]):
            if not inside(r, s["river"]) and not inside(r, s.get("riverTail")):
                problems.append(f"{s['side']} river tile {i + 1} {r} lies outside its river {s['river']} "
                                f"and tail {s.get('riverTail')}")
    return problems


def meld(kind: str, tiles: str, claimed: str | None = None, rel: int | None = None) -> dict[str, Any]:
    """A meld of the human's for LATE_LAYOUT: tiles written as in a hand ("EEE", "345s"), the claimed one and
    its discarder counted from the human's seat (1 right, 2 across, 3 left)."""
    suit = tiles[-1] if tiles[-1] in "mps" else ""
    names = [c + suit for c in (tiles[:-1] if suit else tiles)]
    return {"kind": kind, "tiles": names, "claimed": claimed, "rel": rel}


# your meld tiles are read beside your hand's: never smaller than this much of them
MELD_TO_HAND = 0.62
PONG = meld("pong", "EEE", "E", 2)
# the melds a long hand gives the human, from one to three, kongs the widest (four tiles, one sideways)
MELD_SETS = {
    "no meld": [],
    "a pong": [PONG],
    "two pongs": [PONG, meld("pong", "999p", "9p", 1)],
    "a pong and a chow": [PONG, meld("chow", "345s", "4s", 3)],
    "a concealed kong": [meld("concealed_kong", "7777m")],
    "an exposed kong": [meld("exposed_kong", "CCCC", "C", 1)],
    "a concealed kong and an exposed kong": [meld("concealed_kong", "7777m"), meld("exposed_kong", "CCCC", "C", 1)],
    "three chows": [meld("chow", "123m", "1m", 3), meld("chow", "456p", "5p", 3), meld("chow", "789s", "9s", 3)],
    "two kongs and a pong": [meld("exposed_kong", "CCCC", "C", 2), meld("concealed_kong", "7777m"), PONG],
}


def check_rivers_through_the_hand(page: Any, w: int, h: int) -> None:
    """Rivers of 12, 18 and 24 tiles (a long hand: a drawn hand with calls), with each set of melds of yours
    (none; a pong; two pongs; a pong and a chow; a kong, concealed or exposed; two kongs; three melds), keep
    the river and hand tiles their minimums and, for a set of melds, one size as the rivers grow; every river
    tile in the room its river reports, nothing overlapping and everything on screen; the plates still hold
    their words. Drawn on a canvas of its own from the page's state (LATE_LAYOUT): the page is left as it was."""
    dealer = page.evaluate("window.hzmj.game.state.dealer")
    for name, melds in MELD_SETS.items():
        seen = set()
        for discards in (12, 18, 24):
            got = page.evaluate(LATE_LAYOUT, {"discards": discards, "melds": melds})
            layout = got["layout"]
            where = f"{discards} discards a river, {name} of yours"
            problems = (geometry_problems(layout) + plate_problems(layout, dealer)
                        + river_tile_problems(layout, got["tiles"]))
            assert not problems, f"{where}:\n" + "\n".join(problems)
            assert layout["riverTile"] >= RIVER_MIN[(w, h)], f"{where}: river tiles are {layout['riverTile']} px"
            assert layout["handTile"] >= HAND_MIN[(w, h)], f"{where}: hand tiles are {layout['handTile']} px"
            if melds:
                assert layout["meldTile"] >= int(MELD_TO_HAND * layout["handTile"]), (
                    f"{where}: meld tiles are {layout['meldTile']} px beside {layout['handTile']} px hand tiles")
            seen.add(layout["riverTile"])
        assert len(seen) == 1, f"the river tiles change size as the rivers grow ({name}): {sorted(seen)} px"


# A seat's name is read beside river tiles, whose characters are drawn about half a tile wide (a 万 tile's
# numeral at 0.52): at 0.4 of a tile's width the name is one step below them and reads from as far away
# (the plate text used to stop at 17 px beside 56 px tiles on a desktop screen, 0.3).
NAME_TO_TILE = 0.4


def check_plate_names_grow_with_the_table(page: Any) -> None:
    """On a large screen the seats' names grow with the river tiles (LATE_LAYOUT with short and long rivers)."""
    dealer = page.evaluate("window.hzmj.game.state.dealer")
    for discards in (6, 24):
        layout = page.evaluate(LATE_LAYOUT, {"discards": discards, "melds": []})["layout"]
        assert not plate_problems(layout, dealer), plate_problems(layout, dealer)
        for s in layout["seats"]:
            font = s["plateText"]["nameFont"]
            assert font >= NAME_TO_TILE * layout["riverTile"], (
                f"{discards} discards: the {s['side']} name is {font} px beside {layout['riverTile']} px "
                "river tiles")




def test_geometry_check_catches_a_misplaced_river() -> None:
    # the old table started each river at the previous seat's plate: a river beside the wrong hand fails
    def r(x: float, y: float, w: float = 10, h: float = 10) -> Rect:
        return {"x": x, "y": y, "w": w, "h": h}
    layout = {
        "viewport": {"w": 400, "h": 400}, "canvas": r(0, 0, 400, 400), "actionBar": None,
        "centre": r(180, 180, 40, 40),
        "seats": [
            {"side": "you", "hand": r(100, 380, 200, 15), "river": r(20, 200, 30, 30), "melds": None,
             "plate": r(0, 0, 5, 5)},
            {"side": "right", "hand": r(385, 100, 10, 200), "river": r(300, 180, 30, 30), "melds": None,
             "plate": r(390, 0, 5, 5)},
            {"side": "across", "hand": r(100, 5, 200, 10), "river": r(180, 100, 30, 30), "melds": None,
             "plate": r(300, 0, 5, 5)},
            {"side": "left", "hand": r(5, 100, 10, 200), "river": r(60, 180, 30, 30), "melds": None,
             "plate": r(0, 390, 5, 5)},
        ],
    }
    problems = geometry_problems(layout)
    assert any(p.startswith("you river") for p in problems)
    layout["seats"][0]["river"] = r(180, 300, 30, 30)
    layout["seats"][0]["plate"] = r(180, 310, 20, 20)
    problems = geometry_problems(layout)
    assert any("you river overlaps you plate" in p for p in problems)
    assert not any(p.startswith("you river is") for p in problems)


def discard_motion(page: Any) -> Any:
    """Discard one tile and return the animation the table started for it (or None)."""
    for _ in range(20):
        page.wait_for_function(
            f"() => document.documentElement.dataset.busy !== '1' && !!document.querySelector({json.dumps(ANY_TURN)})",
            timeout=30_000)
        if page.locator("#hand button[data-action=discard]").count():
            break
        page.locator("#actions button[data-action=pass]").first.click()
    b = page.locator("#hand button[data-action=discard]").last
    tile = b.get_attribute("data-tile")
    b.click()
    page.locator(f"#hand button[data-action=discard][data-tile='{tile}'][aria-pressed=true]").first.click()
    page.wait_for_function("() => window.hzmj.game.state.players[window.hzmj.game.state.seat].discards.length > 0")
    seat = page.evaluate("window.hzmj.game.state.seat")
    mine = [a for a in page.evaluate("window.hzmj.game.motion.started") if a["kind"] == "discard" and a["seat"] == seat]
    return mine[-1] if mine else None


def test_motion_plays_briefly_and_only_when_wanted(warm_page: Any, site: Any) -> None:
    page = boot(warm_page, site, 1280, 800, "?seed=11&speed=normal&lang=zh")
    try:
        anim = discard_motion(page)
        assert anim and anim["dur"] <= 200
        durations = page.evaluate("import('./motion.mjs').then((m) => Object.values(m.DURATION))")
        assert max(durations) <= 200
    finally:
        page.close()
    for query, reduced in (("?seed=11&speed=instant&lang=zh", None), ("?seed=11&speed=normal&lang=zh", "reduce")):
        page = boot(warm_page, site, 1280, 800, query, reduced)
        try:
            assert discard_motion(page) is None, f"an animation played with {query} reduced_motion={reduced}"
        finally:
            page.close()


def test_mute_switch_is_remembered(page: Any, site: Any) -> None:
    page.goto(site.url + "?seed=10&speed=instant&lang=en")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    button = page.locator("#btn-sound")
    assert button.get_attribute("aria-pressed") == "true"
    assert button.get_attribute("aria-label") == "Sound on"
    button.click()
    assert button.get_attribute("aria-pressed") == "false"
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    assert page.locator("#btn-sound").get_attribute("aria-pressed") == "false"
    assert page.locator("#btn-sound").get_attribute("aria-label") == "Sound off"
    assert page.evaluate("window.hzmj.game.sound.muted") is True


def test_layout_is_read_only_and_tile_faces_need_no_font(page: Any, site: Any) -> None:
    """The layout the page reports cannot be changed through what it returns; every character on a tile face is
    drawn from the outlines in glyphs.mjs, never with fillText."""
    page.goto(site.url + "?seed=10&speed=instant&lang=zh")
    page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
    changed = page.evaluate("""() => {
        const l = window.hzmj.layout();
        try { l.seats[0].river.x = -999; } catch (e) { /* strict mode module code would throw; either is fine */ }
        return window.hzmj.layout().seats[0].river.x === -999 || l.seats[0].river.x === -999;
    }""")
    assert not changed
    texts = page.evaluate("""async () => {
        // Import first, then patch and draw with no await in between: the table's own labels drawn by an
        // animation frame while the patch is on are not tile faces (that race made this test flaky).
        const tiles = await import('./render/tiles.mjs');
        const seen = [];
        const real = CanvasRenderingContext2D.prototype.fillText;
        CanvasRenderingContext2D.prototype.fillText = function (s, ...rest) {
            seen.push(String(s));
            return real.call(this, s, ...rest);
        };
        tiles.setPixelRatio(1.75);   // a new ratio empties the cache: every face is drawn afresh
        for (const t of ['1m', '5m', '9m', 'E', 'S', 'W', 'N', 'C', 'F', 'P', '3p', '7s']) {
            tiles.tileCanvas(t, 40, {});
            tiles.tileCanvas(t, 40, {wild: true});
        }
        CanvasRenderingContext2D.prototype.fillText = real;
        return seen;
    }""")
    assert texts == [], f"tile faces drawn with a font: {texts}"
    glyphs = page.evaluate("import('./render/glyphs.mjs').then((m) => Object.keys(m.GLYPHS).join(''))")
    assert set("一二三四五六七八九萬東南西北中發财") <= set(glyphs)


def clipped_controls(page: Any) -> list[str]:
    """Buttons of the action bar and the top bar: inside the viewport, apart, and their tiles inside them."""
    found: list[str] = page.evaluate("""() => {
        const out = [];
        const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
        const inside = (r, o) => r.left >= o.left - 0.5 && r.top >= o.top - 0.5 && r.right <= o.right + 0.5
            && r.bottom <= o.bottom + 0.5;
        const view = {left: 0, top: 0, right: vw, bottom: vh};
        const buttons = [...document.querySelectorAll('#actions button, .topbar button')].filter((b) => b.offsetParent);
        const name = (b) => b.getAttribute('aria-label') || b.textContent;
        for (const b of buttons) {
            const r = b.getBoundingClientRect();
            if (!inside(r, view)) out.push(`${name(b)} is outside the viewport`);
            for (const c of b.querySelectorAll('canvas, span')) {
                const q = c.getBoundingClientRect();
                const box = (x) => [x.left, x.top, x.right, x.bottom].map((v) => v.toFixed(1)).join(',');
                if (q.width && q.height && !inside(q, r)) {
                    out.push(`${name(b)}: ${c.tagName} ${c.className} at ${box(q)} is cut off by ${box(r)}`);
                }
            }
            // the part of the button a tap reaches is the button itself (nothing lies over its middle)
            const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
            if (!hit || !b.contains(hit)) out.push(`${name(b)} is covered by ${hit && hit.tagName}`);
        }
        for (let i = 0; i < buttons.length; i++) {
            for (let j = i + 1; j < buttons.length; j++) {
                const a = buttons[i].getBoundingClientRect(), c = buttons[j].getBoundingClientRect();
                const dx = Math.min(a.right, c.right) - Math.max(a.left, c.left);
                const dy = Math.min(a.bottom, c.bottom) - Math.max(a.top, c.top);
                if (dx > 0.5 && dy > 0.5) out.push(`${name(buttons[i])} overlaps ${name(buttons[j])}`);
            }
        }
        return out;
    }""")
    return found


@contextmanager
def three_chows(warm_page: Any, site: Any, w: int, h: int, lang: str) -> Iterator[Any]:
    """A w x h page offering the human three chows (and a pass: the most the action bar holds), its own toast
    gone; closed on leaving."""
    p = pos.chows(1, 3)
    page = sized_page(warm_page, w, h)
    try:
        pos.put_save(page, site, p.save)
        page.goto(site.url + f"?seed={p.seed}&speed=instant&lang={lang}")
        page.wait_for_selector(TABLE, timeout=BOOT_TIMEOUT_MS)
        page.wait_for_function("() => document.querySelectorAll('#actions button[data-action=chow]').length === 3",
                               timeout=30_000)
        # The resume's toast ("Game resumed", shown before the table's first view) would hide itself after 2.2 s
        # (dom.mjs); hidden now, the page is as it would be then.
        page.evaluate("() => { document.getElementById('toast').hidden = true; }")
        page.locator("#toast").wait_for(state="hidden", timeout=15_000)
        yield page
    finally:
        page.close()


def test_plate_check_catches_a_crowded_plate() -> None:
    def r(x: float, y: float, w: float, h: float) -> Rect:
        return {"x": x, "y": y, "w": w, "h": h}
    text = {"badge": r(102, 102, 40, 14), "name": r(146, 102, 30, 14), "points": r(170, 102, 20, 14),
            "chips": [r(102, 120, 60, 12)], "nameFont": 9, "font": 12}
    seat = {"side": "left", "seat": 3, "plate": r(100, 100, 90, 34), "plateText": text}
    problems = plate_problems({"seats": [seat]}, dealer=3)
    assert any("name overlaps the points" in p for p in problems)
    assert any("squeezed" in p for p in problems)
    text["chips"] = [r(102, 120, 100, 12)]
    assert any("chip 1" in p and "outside" in p for p in plate_problems({"seats": [seat]}, dealer=3))
    assert any("badge shown" in p for p in plate_problems({"seats": [seat]}, dealer=0))
    text.update(name=r(146, 102, 20, 14), points=r(168, 102, 20, 14), chips=[], nameFont=12)
    assert not plate_problems({"seats": [seat]}, dealer=3)


def test_band_check_catches_empty_felt_above_the_table() -> None:
    def r(x: float, y: float, w: float, h: float) -> Rect:
        return {"x": x, "y": y, "w": w, "h": h}
    seats = [{"side": side, "hand": r(0, 700, 300, 60) if side == "you" else r(0, 0, 0, 0), "melds": None,
              "river": r(100, 500, 100, 60) if side == "you" else r(100, 300, 100, 60), "plate": r(0, 0, 0, 0)}
             for side in ("you", "right", "across", "left")]
    layout = {"canvas": r(0, 50, 390, 700), "centre": r(150, 400, 60, 60), "seats": seats}
    assert band_problems(layout)          # 250 px above, 140 px below
    layout["centre"] = r(150, 150, 60, 60)
    assert not band_problems(layout)


def toast_problems(page: Any, text: str) -> list[str]:
    """Where a toast would cover a part of the table (a seat's hand, river, melds or plate, or the centre) or
    an action button."""
    page.evaluate("""(text) => {
        const box = document.getElementById('toast');
        box.textContent = text;
        box.classList.add('bad');
        box.hidden = false;
    }""", text)
    r = page.evaluate("""() => {
        const b = document.getElementById('toast').getBoundingClientRect();
        return {x: b.x, y: b.y, w: b.width, h: b.height};
    }""")
    buttons = page.evaluate("""() => [...document.querySelectorAll('#actions button')].map(e => {
        const b = e.getBoundingClientRect();
        return {x: b.x, y: b.y, w: b.width, h: b.height};
    })""")
    page.evaluate("() => { document.getElementById('toast').hidden = true; }")
    vw, vh = page.viewport_size["width"], page.viewport_size["height"]
    problems = [f"the toast covers the {name}: {r} / {p}"
                for name, p in parts(page.evaluate("window.hzmj.layout()")) if overlap(r, p) > 1.0]
    problems += [f"the toast covers an action button: {r} / {b}" for b in buttons if overlap(r, b) > 1.0]
    if outside(r, vw, vh):
        problems.append(f"the toast {r} is outside the {vw}x{vh} viewport")
    return problems


LONG_TOAST = "This tile cannot be discarded now: it is not your turn. Wait for the others to decide."


# what the table and the dock show at one moment of play, in page pixels: the felt (the table's canvas), the
# river tile it gives, the dock and the top bar, and where a text box holds more than it shows without a way
# to scroll to the rest
STILL_STATE = """() => {
    const L = window.hzmj.layout();
    const box = (e) => { const r = e.getBoundingClientRect(); return {y: r.y, h: r.height}; };
    const hidden = [];
    for (const e of document.querySelectorAll('#prompt, #rules, #info, #info *')) {
        if (!e.offsetParent) continue;
        const c = getComputedStyle(e);
        const scrolls = (o) => o === 'auto' || o === 'scroll';
        if (e.scrollHeight > e.clientHeight + 1 && !scrolls(c.overflowY) && c.overflowY !== 'visible')
            hidden.push(`${e.id || e.className} holds ${e.scrollHeight} px of text in ${e.clientHeight} px`);
        if (e.scrollWidth > e.clientWidth + 1 && !scrolls(c.overflowX) && c.overflowX !== 'visible')
            hidden.push(`${e.id || e.className} holds ${e.scrollWidth} px of text in ${e.clientWidth} px`);
    }
    const info = document.getElementById('info');
    const view = info.getBoundingClientRect();
    // words pushed out above a scrolling box (aligned to its end) cannot be scrolled to
    const first = info.firstElementChild;
    if (first && info.scrollTop === 0 && first.getBoundingClientRect().top < view.top + info.clientTop - 1)
        hidden.push(`info: its first words lie ${(view.top - first.getBoundingClientRect().top).toFixed(0)} px `
            + 'above its box, out of reach');
    const buttons = [...document.querySelectorAll('#actions button')].map((b) => b.getBoundingClientRect());
    return {felt: L.canvas.h, feltY: L.canvas.y, riverTile: L.riverTile, handTile: L.handTile,
        dock: box(document.getElementById('dock')), topbar: box(document.querySelector('.topbar')),
        infoText: info.scrollHeight, infoOpen: {h: info.clientHeight, top: view.top}, hidden,
        buttons: buttons.map((r) => ({x: r.x, y: r.y, w: r.width, h: r.height})),
        prompt: document.getElementById('prompt').textContent, text: info.textContent};
}"""


def still_states(page: Any, decisions: int) -> list[tuple[str, dict[str, Any]]]:
    """Play ``decisions`` of the human's decisions as positions.pass_or_drawn does (pass every claim, so your
    melds never change the table; discard the tile just drawn, first selecting it, which changes the prompt and
    the waits the hints show) and read STILL_STATE at each: the claims, the freeze's long reasons, the
    selected tile's waits."""
    seen: list[tuple[str, dict[str, Any]]] = []
    for n in range(1, decisions + 1):
        now = choices(page)
        if now["settled"]:
            break
        groups = now["actions"]
        seen.append((f"decision {n} ({', '.join(groups) or 'discard'})", page.evaluate(STILL_STATE)))
        if page.locator("#info-more").is_visible():   # the hints' words open over the felt, and close
            seen[-1][1]["hidden"].extend(more_button_problems(page, page.viewport_size["width"],
                                                                page.viewport_size["height"]))
            page.locator("#info-more").click()
            seen.append((f"decision {n}, the hints opened", page.evaluate(STILL_STATE)))
            page.locator("#info-more").click()
        if "pass" in groups:
            page.locator("#actions button[data-action=pass]").click()
            continue
        discard_last(page, now["discards"], lambda tile, n=n: seen.append(
            (f"decision {n}, {tile} selected", page.evaluate(STILL_STATE))))
    return seen


def more_button_problems(page: Any, w: int, h: int) -> list[str]:
    """The hints' More button (when shown) on screen and over no action button and no tile of the hand."""
    more = page.locator("#info-more")
    if not more.is_visible():
        return []
    b = more.bounding_box()
    box = {"x": b["x"], "y": b["y"], "w": b["width"], "h": b["height"]}
    taps = page.evaluate("""() => [...document.querySelectorAll('#actions button, #hand button')].map((e) => {
        const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, name: e.getAttribute('aria-label') || e.textContent};
    })""")
    problems = [f"the hints' More button {box} lies over {t['name']}" for t in taps if overlap(t, box) > 1.0]
    if outside(box, w, h):
        problems.append(f"the hints' More button {box} is outside the {w}x{h} viewport")
    return problems


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def test_the_table_stands_still_while_the_words_change(warm_page: Any, site: Any, w: int, h: int,
                                                         lang: str) -> None:
    """Through a hand of seed 10 with the hints on (the human passing its two pongs and discarding what it
    draws, which meets the 抓打 freeze and its long reasons at its ninth decision), and with three chows and a
    pass offered (seed 1: the most buttons a claim shows, two rows of them on a phone held upright), the felt
    keeps its height and its river tiles their size, however many lines the prompt and the hints take: the
    words change in a box of their own (scrolling there, or opening over the felt, when long), as Mahjong
    Soul and Tenhou keep the table still; no words out of reach, no button covered.

    On the same two pages: at the hand's first decision every prompt the page writes fits the top bar
    (``prompt_problems``); with three chows offered, the action bar's buttons lie on screen and apart, each
    chow shows its three tiles, the table's parts stay apart, and (on the English page) a long toast covers
    no part of the table and no action button."""
    page = boot(warm_page, site, w, h, f"?seed=10&speed=instant&lang={lang}")
    try:
        assert page.locator("#btn-hints[aria-pressed=true]").count(), "the hints are on by default"
        wait_for_turn(page)
        problems = prompt_problems(page)
        assert not problems, "\n".join(problems)
        seen = still_states(page, 40)
    finally:
        page.close()
    assert any("pong" in name for name, _ in seen), "seed 10 offers the human a pong"
    assert any("抓打" in st["text"] for _, st in seen), "seed 10 puts the human under the freeze"
    with three_chows(warm_page, site, w, h, lang) as page:
        problems = clipped_controls(page) + width_problems(page)
        layout = page.evaluate("window.hzmj.layout()")
        problems += geometry_problems(layout) + band_problems(layout)
        assert not problems, "with three chows offered:\n" + "\n".join(problems)
        for i in range(3):   # each chow shows its three tiles
            assert page.locator("#actions button[data-action=chow]").nth(i).locator("canvas").count() == 3
        if lang == "en":
            problems = toast_problems(page, LONG_TOAST)
            assert not problems, "a toast with three chows offered:\n" + "\n".join(problems)
        seen.append(("three chows offered", page.evaluate(STILL_STATE)))
        problems = more_button_problems(page, w, h)
        if page.locator("#info-more").is_visible():
            page.locator("#info-more").click()
            seen.append(("three chows offered, the hints opened", page.evaluate(STILL_STATE)))
        problems += clipped_controls(page)
        assert not problems, "with three chows offered:\n" + "\n".join(problems)
    report = "\n".join(f"{name}: felt {st['felt']:.0f} px, river tiles {st['riverTile']} px, "
                       f"dock {st['dock']['h']:.0f} px, top bar {st['topbar']['h']:.0f} px" for name, st in seen)
    felts = [st["felt"] for _, st in seen]
    rivers = [st["riverTile"] for _, st in seen]
    assert max(felts) - min(felts) <= 1, f"the felt changes height:\n{report}"
    assert max(rivers) - min(rivers) <= 1, f"the river tiles change size:\n{report}"
    assert min(rivers) >= RIVER_MIN[(w, h)], f"river tiles below {RIVER_MIN[(w, h)]} px:\n{report}"
    opened = [st for name, st in seen if "opened" in name]
    if (w, h) == (390, 844):   # the freeze's reasons need more than the box's two lines
        assert opened, "the hints' More button never showed"
    for st in opened:
        assert st["infoOpen"]["h"] >= st["infoText"] - 1, f"the opened hints show {st['infoOpen']}"
    hidden = [f"{name}: {x}" for name, st in seen for x in st["hidden"]]
    assert not hidden, "words cut off with no way to read them, or buttons covered:\n" + "\n".join(hidden)


PROMPTS = """async () => {
    // every prompt the page writes, with the longest tile and seat names: the top bar's height with each
    const {showPrompt} = await import('./game/dom.mjs');
    const {t, tileName, seatName} = await import('./i18n.mjs');
    const tiles = [...'123456789'].flatMap((n) => ['m', 'p', 's'].map((s) => n + s)).concat([...'ESWNCFP']);
    const tile = tiles.map(tileName).reduce((a, b) => (b.length > a.length ? b : a));
    const who = [1, 2, 3].map((s) => seatName(s, 0)).reduce((a, b) => (b.length > a.length ? b : a));
    // at a friends table a seat goes by its player's name, up to 16 characters
    const zh = document.documentElement.lang.startsWith('zh');
    const name = zh ? '欧阳明月清风徐来水波不兴举酒属客' : 'Alexandra-Louise';
    const texts = [t('your_turn'), t('tap_again', {tile}), t('only_discard', {tile}), t('claim_prompt', {who, tile}),
        t('bots_thinking', {who}), t('settle_title_win', {who}), t('settle_title_draw'),
        t('claim_prompt', {who: name, tile}), t('bots_thinking', {who: name}), t('settle_title_win', {who: name}),
        t('waiting_for', {who: name})];
    const bar = document.querySelector('.topbar');
    const box = document.getElementById('prompt');
    const own = box.textContent;
    const got = texts.map((text) => {
        showPrompt(text);
        return {text, bar: bar.getBoundingClientRect().height, need: box.scrollHeight, has: box.clientHeight,
            font: getComputedStyle(box).fontSize, felt: window.hzmj.layout().canvas.h};
    });
    showPrompt(own);   // the page's own prompt back, as its dock wrote it
    return got;
}"""


def prompt_problems(page: Any) -> list[str]:
    """Each prompt the dock writes, with the longest tile and seat names and a friend's name of 16 characters,
    shows whole in the top bar (a long one set smaller on a phone held upright), and the felt keeps its height
    whatever the prompt (above the felt, the top bar keeps one height; a short landscape screen has it in the
    column beside the felt). Read at a decision of the player; the page's own prompt is put back after."""
    got = page.evaluate(PROMPTS)
    problems = [f"prompt cut off: '{g['text']}' needs {g['need']} px, has {g['has']} px"
                for g in got if g["need"] > g["has"] + 1]
    felts = [g["felt"] for g in got]
    if max(felts) - min(felts) > 1:
        problems.append("the felt's height changes with the prompt: " + ", ".join(
            f"'{g['text']}': top bar {g['bar']:.0f} px, felt {g['felt']:.0f} px at {g['font']}" for g in got))
    return problems


# the narrowest phones still sold (360 px) and in use (320 px); the other viewports are measured by
# test_the_table_stands_still_while_the_words_change
PROMPT_VIEWPORTS = [(360, 780), (320, 640)]


@pytest.mark.parametrize("lang", ["zh", "en"])
@pytest.mark.parametrize(("w", "h"), PROMPT_VIEWPORTS, ids=[f"{w}x{h}" for w, h in PROMPT_VIEWPORTS])
def test_every_prompt_fits_the_top_bar(warm_page: Any, site: Any, w: int, h: int, lang: str) -> None:
    """``prompt_problems`` on the narrowest phones, at the first decision of seed 10."""
    page = boot(warm_page, site, w, h, f"?seed=10&speed=instant&lang={lang}")
    try:
        wait_for_turn(page)
        problems = prompt_problems(page)
        assert not problems, "\n".join(problems)
    finally:
        page.close()
