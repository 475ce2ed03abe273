"""Screenshots of the friends table at the five viewports, in Chinese and English: the host's invitation
screen (one friend connected, one invitation still open) and a guest's table (with the turn timer and a
quick phrase's bubble). Saved to test-results/friends-*.png; look at them. The geometry that matters is
checked: the invitation's link, QR code and reply field, and the dialog's buttons, lie inside the viewport's
width, and the guest's timer lies on the table. A damaged reply code is refused inside the dialog, and a guest's
export in mid-hand is refused, both in the player's language."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_friends import TABLE, Pages, accept, invite, join, open_host, pages  # noqa: F401 (the fixture)
from test_text_fits import placeholder_problems

VIEWPORTS = [(1920, 1080), (1280, 800), (1024, 500), (390, 844), (844, 390)]
SHOTS = Path("/tmp/hz-words2")
# a reply code cut short (one character past a whole group of four): the code cannot be read
DAMAGED = {"zh": "没有连上。代码不完整或被改动过（也许没有复制全）。",
           "en": "Not connected. The code is incomplete or was changed (perhaps not all of it was copied)."}
BROKEN_LINK = {"zh": "这个邀请链接不能用。这不是本游戏的代码。请房主再发一个邀请链接。",
               "en": "This invitation link does not work. It is not a code of this game. Ask the host for a new "
                     "invitation link."}
EXPORT_MID_HAND = {"zh": "没有导出：一局打完才能导出对局记录。",
                   "en": "Not exported: the game record is given at the end of a hand."}


def _inside_width(page: Any, selector: str) -> None:
    box = page.locator(selector).first.bounding_box()
    width = page.viewport_size["width"]
    assert box is not None, f"{selector} is not shown"
    assert box["x"] >= -1 and box["x"] + box["width"] <= width + 1, f"{selector} leaves the viewport: {box}"


def _reached_by_wheel(page: Any, selector: str) -> bool:
    """Scroll with the mouse wheel, as a player does, until the element is wholly in sight; False if it never is."""
    size = page.viewport_size
    page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(20):
        box = page.locator(selector).first.bounding_box()
        assert box is not None, f"{selector} is not shown"
        if box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1:
            return True
        page.mouse.wheel(0, 120 if box["y"] > 0 else -120)
        page.wait_for_timeout(60)
    return False


def _set_lang(page: Any, lang: str) -> None:
    if page.evaluate("() => document.documentElement.lang").startswith("zh") != (lang == "zh"):
        page.evaluate("() => document.getElementById('btn-lang').click()")


def test_friends_screens(pages: Pages, site: Any, screenshot: Any) -> None:  # noqa: F811 (the fixture)
    host = open_host(pages, site, "?seed=61&speed=instant&lang=zh")
    links = invite(host, (1, 2), timer="relaxed")
    guest = pages.new("guest2")
    reply = join(guest, links[2])
    for w, h in ((1280, 800), (390, 844)):
        guest.set_viewport_size({"width": w, "height": h})
        _inside_width(guest, "#join-reply")
        _inside_width(guest, "#join-qr")
        screenshot(guest, f"friends-join-en-{w}x{h}")
    # on a short screen the join page scrolls: the reply code, its QR code and the network settings in reach
    for w, h in ((1024, 500), (844, 390)):
        guest.set_viewport_size({"width": w, "height": h})
        for sel in ("#join-qr", "#join-copy", "#join .fr-net summary", "#join h2"):
            assert _reached_by_wheel(guest, sel), f"{sel} cannot be scrolled into sight at {w}x{h}"
        screenshot(guest, f"friends-join-en-{w}x{h}")
    cut = reply[:len(reply) - (len(reply) % 4) - 3]
    SHOTS.mkdir(exist_ok=True)
    for lang in ("zh", "en"):
        _set_lang(host, lang)
        host.wait_for_selector("#fr-reply-2")
        host.fill("#fr-reply-2", cut)
        host.click("#fr-seats button[data-action=accept][data-seat='2']")
        host.wait_for_selector("#fr-problem")
        assert host.locator("#fr-problem").inner_text() == DAMAGED[lang]
        for w, h in ((390, 844), (1280, 800)):
            host.set_viewport_size({"width": w, "height": h})
            host.locator("#fr-problem").scroll_into_view_if_needed()
            _inside_width(host, "#fr-problem")
            # cards side by side line up: their invitations start at one height, however their states wrap
            tops = host.evaluate("() => [...document.querySelectorAll('#fr-seats .fr-seat')].map((c) => ["
                                 "c.getBoundingClientRect().top, "
                                 "c.querySelector('.fr-code').getBoundingClientRect().top])")
            by_row: dict[int, set[int]] = {}
            for card, body in tops:
                by_row.setdefault(round(card), set()).add(round(body))
            assert all(len(bodies) == 1 for bodies in by_row.values()), f"cards out of line at {w}x{h}: {tops}"
            host.screenshot(path=str(SHOTS / f"friends-bad-reply-{lang}-{w}x{h}.png"))
    accept(host, 2, reply)
    assert host.locator("#fr-problem").count() == 0  # gone once the field was edited
    for lang in ("zh", "en"):
        _set_lang(host, lang)
        for w, h in VIEWPORTS:
            host.set_viewport_size({"width": w, "height": h})
            host.wait_for_selector("#fr-seats .fr-seat[data-seat='1'] canvas.qr")
            # Start and Close stay in sight wherever the dialog is scrolled (its top, with the invitations below)
            for top in ("0", "d.scrollHeight / 2"):
                seen = host.evaluate(f"() => {{ const d = document.getElementById('friends'); d.scrollTop = {top}; "
                                     "const r = d.getBoundingClientRect(); "
                                     "return ['fr-start', 'fr-cancel'].map((id) => { "
                                     "const b = document.getElementById(id).getBoundingClientRect(); "
                                     "return b.top >= r.top - 1 && b.bottom <= r.bottom + 1 "
                                     "&& b.bottom <= innerHeight; }); }")
                assert seen == [True, True], f"Start/Close out of sight at {w}x{h} scrolled to {top}: {seen}"
            for sel in ("#fr-seats textarea.fr-link", "#fr-seats canvas.qr", "#fr-seats textarea.fr-reply",
                        "#fr-start"):
                host.locator(sel).first.scroll_into_view_if_needed()
                _inside_width(host, sel)
            # each card's seat and state share its top line (a longer state wraps in its own corner, not under the
            # seat: cards side by side line up)
            low = host.evaluate("() => [...document.querySelectorAll('#fr-seats .fr-seat h3')].map((h) => "
                                "h.querySelector('.fr-status').getBoundingClientRect().top "
                                "- h.getBoundingClientRect().top)")
            assert low and max(low) <= 4, f"a card's state sits under its seat at {w}x{h}: {low}"
            host.locator("#fr-seats").evaluate("e => e.scrollIntoView()")
            screenshot(host, f"friends-invite-{lang}-{w}x{h}")
    host.click("#fr-start")
    guest.wait_for_selector(TABLE)
    guest.evaluate("() => window.hzmj.game.call('phrase', {id: 'nice'})")
    for lang in ("zh", "en"):
        _set_lang(guest, lang)
        for w, h in VIEWPORTS:
            guest.set_viewport_size({"width": w, "height": h})
            guest.wait_for_timeout(150)
            layout = guest.evaluate("() => window.hzmj.layout()")
            assert layout and layout["canvas"]["w"] > 0
            screenshot(guest, f"friends-guest-{lang}-{w}x{h}")
    # an invitation link whose code is not one: said on the join screen, with what to do
    broken = pages.new("broken-link")
    for lang in ("zh", "en"):
        broken.goto(f"{site.url}?lang={lang}#join=hello-world")
        broken.wait_for_selector("#join-alone:visible", timeout=20_000)
        assert broken.locator("#join-status").inner_text() == BROKEN_LINK[lang]
        assert broken.locator("#join-name").is_hidden()   # no seat to take: no name to give
        broken.set_viewport_size({"width": 390, "height": 844})
        broken.screenshot(path=str(SHOTS / f"join-broken-link-{lang}-390x844.png"))
    # a guest asks for the game record in mid-hand: the host's engine refuses, said in the guest's language
    for lang in ("zh", "en"):
        _set_lang(guest, lang)
        guest.evaluate("() => window.hzmj.game.exportLog()")
        guest.wait_for_function("(t) => document.getElementById('toast').textContent === t", arg=EXPORT_MID_HAND[lang],
                                timeout=10_000)
    # the host deals first: the guest's timer shows once its own decision comes
    host.set_viewport_size({"width": 1280, "height": 800})
    screenshot(host, "friends-host-table-1280x800")
    # a guest's name field says what shows when it is left empty, in words that fit it (a page of its own at the
    # invitation, at the end: a second answer to it changes nothing at the table)
    problems: list[str] = []
    for lang in ("zh", "en"):
        page = pages.new(f"guest2-{lang}")
        base, fragment = links[2].split("#", 1)
        page.goto(f"{base}?lang={lang}#{fragment}")
        page.wait_for_function("() => document.getElementById('join-reply').value.length > 0", timeout=20_000)
        for w, h in VIEWPORTS:
            page.set_viewport_size({"width": w, "height": h})
            problems += placeholder_problems(page, "#join-name", lang, w, h)
        page.close()
    assert not problems, "\n".join(problems)
