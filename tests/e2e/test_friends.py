"""The friends table (好友房): four pages in separate browser contexts, one host and three guests, connected
browser to browser over WebRTC data channels with the invitation and reply codes copied as a person would,
from the pages' own text fields. No server takes part beyond serving the static files.

Every page fails the test on a JavaScript error or a request to a host other than 127.0.0.1 (``Pages``).
Pass ``wait_for_function`` a function expression: the pages' CSP forbids eval.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import pytest

TABLE = "html[data-table=ready]"
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
# What a page may decide now: 'turn', 'claim', 'settled' (its result screen is open) or None.
DECISION = """() => {
  const g = window.hzmj && window.hzmj.game;
  const s = g && g.state;
  if (!s) return null;
  if (document.querySelector('#settle[open], #gameover[open]')) return 'settled';
  if (g.busy || !s.human_to_act || s.hand_over || g.mode !== 'game') return null;
  if (!document.querySelector('#actions button[data-action], #hand button[data-action=discard]')) return null;
  return s.claim ? 'claim' : 'turn';
}"""
# Records every message a page's data channels receive (installed before the page's scripts run).
RECORDER = """
window.__received = [];
const addListener = EventTarget.prototype.addEventListener;
EventTarget.prototype.addEventListener = function (type, fn, options) {
  if (type === 'message' && typeof RTCDataChannel === 'function' && this instanceof RTCDataChannel) {
    const inner = fn;
    fn = function (event) { window.__received.push(event.data); return inner.call(this, event); };
  }
  return addListener.call(this, type, fn, options);
};
"""


class Pages:
    """Pages in contexts of their own; each records console errors and the hosts it requested. A host page
    opened on the session's site is a page of the warm profile (conftest.py: its engine starts from the
    snapshot, as a returning player's does); the guests' pages each get a fresh context."""

    def __init__(self, browser: Any, warm_profiles: Any) -> None:
        self.browser, self.warm_profiles = browser, warm_profiles
        self.contexts: list[Any] = []
        self.warm: list[tuple[Any, Any]] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.by_page: dict[str, list[str]] = {}

    def new(self, name: str, record: bool = False, warm: bool = False, **context_args: Any) -> Any:
        seen = self.by_page.setdefault(name, [])

        def on_request(req: Any) -> None:
            self.requests.append(req.url)
            seen.append(req.url)

        if warm:
            assert not record, "the recorder is installed in a fresh context"
            context = self.warm_profiles.get(**context_args)
            self.warm.append((context, on_request))
        else:
            context = self.browser.new_context(**context_args)
            self.contexts.append(context)
        context.on("request", on_request)
        if record:
            context.add_init_script(RECORDER)
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and self.errors.append(f"{name}: {m.text}"))
        page.on("pageerror", lambda e: self.errors.append(f"{name}: uncaught {e}"))
        return page

    def close(self) -> None:
        for c in self.contexts:
            c.close()
        for c, on_request in self.warm:
            c.remove_listener("request", on_request)
            self.warm_profiles.release(c)

    def check(self) -> None:
        foreign = sorted({u for u in self.requests if urlsplit(u).hostname not in (None, "127.0.0.1")
                          and urlsplit(u).scheme not in ("data", "blob")})
        assert not foreign, f"requests to hosts other than 127.0.0.1: {foreign}"
        assert not self.errors, "JavaScript errors:\n" + "\n".join(self.errors)


@pytest.fixture
def pages(browser: Any, warm_profiles: Any) -> Iterator[Pages]:
    p = Pages(browser, warm_profiles)
    yield p
    p.close()
    p.check()


def open_host(pages: Pages, site: Any, query: str = "?seed=7&speed=instant&lang=zh", init_script: str | None = None,
              **context_args: Any) -> Any:
    host = pages.new("host", warm=site is pages.warm_profiles.site, **context_args)
    if init_script:
        host.add_init_script(init_script)
    host.goto(site.url + query)
    host.wait_for_selector(TABLE, timeout=120_000)
    return host


def invite(host: Any, friends: tuple[int, ...], timer: str = "off") -> dict[int, str]:
    """Open 和朋友玩 from the menu, pick the friends' seats, create the invitations; the links by seat."""
    host.click("#btn-menu")
    host.click("#m-friends")
    host.wait_for_selector("#friends[open] #fr-seat-picks input[data-seat]")
    for box in host.locator("#fr-seat-picks input[data-seat]").all():
        box.set_checked(int(box.get_attribute("data-seat")) in friends)
    host.select_option("#fr-timer", timer)
    host.click("#fr-invite[data-action=invite]")
    host.wait_for_function("(n) => document.querySelectorAll('#fr-seats textarea.fr-link').length === n",
                           arg=len(friends))
    links = {}
    for field in host.locator("#fr-seats textarea.fr-link").all():
        links[int(field.get_attribute("data-seat"))] = field.input_value()
    return links


def join(guest: Any, link: str) -> str:
    """Open the invitation link; the reply code the guest's page shows."""
    guest.goto(link)
    guest.wait_for_function("() => document.getElementById('join-reply').value.length > 0", timeout=20_000)
    return guest.locator("#join-reply").input_value()


def accept(host: Any, seat: int, reply: str) -> None:
    """Paste a guest's reply into its seat's field and connect."""
    host.fill(f"#fr-reply-{seat}", reply)
    host.click(f"#fr-seats button[data-action=accept][data-seat='{seat}']")
    host.wait_for_selector(f"#fr-seats .fr-seat[data-seat='{seat}'][data-status=connected]", timeout=30_000)


def rejoin(pages: Pages, host: Any, seat: int) -> Any:
    """A new guest page answers the rejoin invitation the host shows for ``seat``; it is seated there."""
    link = host.locator(f"#fr-seats textarea.fr-link[data-seat='{seat}']").input_value()
    back = pages.new(f"guest{seat}-again")
    accept(host, seat, join(back, link))
    back.wait_for_selector(TABLE, timeout=30_000)
    host.wait_for_function(f"() => window.hzmj.game.state.table.seats[{seat}].who === 'human'")
    assert engine_state(back)["seat"] == seat
    return back


def seat_table(pages: Pages, site: Any, friends: tuple[int, ...], phone_seat: int | None = None,
               timer: str = "off", query: str = "?seed=7&speed=instant&lang=zh", record: bool = False,
               ) -> tuple[Any, dict[int, Any]]:
    """A host and a guest page per friend's seat, connected and dealt; (host, {seat: guest page})."""
    host = open_host(pages, site, query)
    links = invite(host, friends, timer)
    guests = {}
    for seat, link in links.items():
        args = PHONE if seat == phone_seat else {}
        guest = pages.new(f"guest{seat}", record=record, **args)
        accept(host, seat, join(guest, link))
        guests[seat] = guest
    host.click("#fr-start[data-action=start-friends]")
    for guest in guests.values():
        guest.wait_for_selector(TABLE, timeout=30_000)
    return host, guests


# The action bar's buttons and the tiles of the hand's discard buttons, in order (read in one call).
CHOICES = """() => ({
  actions: [...document.querySelectorAll('#actions button[data-action]')].map((b) => b.getAttribute('data-action')),
  discards: [...document.querySelectorAll('#hand button[data-action=discard]')].map((b) => b.getAttribute('data-tile')),
})"""


def discard(page: Any, tiles: list[str] | None = None) -> None:
    """Tap a discard tile (select, then discard; one tap when it is the only one). ``tiles``: the tiles of the
    hand's discard buttons, when already read (CHOICES)."""
    if tiles is None:
        tiles = page.evaluate(CHOICES)["discards"]
    tile = tiles[-1]
    page.locator("#hand button[data-action=discard]").last.click()
    if len(set(tiles)) > 1:
        page.locator(f"#hand button[data-action=discard][data-tile='{tile}'][aria-pressed=true]").first.click()


def decide(page: Any, kind: str) -> str:
    """One decision by tapping, as a cautious player: win if offered, else pass a claim, else discard."""
    now = page.evaluate(CHOICES)
    for group in ("win", "pass") if kind == "claim" else ("win",):
        if group in now["actions"]:
            page.locator(f"#actions button[data-action={group}]").first.click()
            return group
    if kind == "turn" and now["discards"]:
        discard(page, now["discards"])
        return "discard"
    page.locator("#actions button[data-action]").first.click()
    return "other"


CLAIM_LOOK_S = 0.6  # a guest's action round trip: p95 218 ms on loopback (docs/friends.md); more on a loaded machine


def play_hand(everyone: list[Any], limit_s: float = 300) -> dict[str, int]:
    """Every page decides by tapping until each shows its result screen. Counts of what was done, and the
    most pages that had a claim to decide at the same moment."""
    counts = {"decisions": 0, "claim_pages_at_once": 0}
    end = time.monotonic() + limit_s
    claim_seen = 0.0
    while time.monotonic() < end:
        kinds = [p.evaluate(DECISION) for p in everyone]
        if all(k == "settled" for k in kinds):
            return counts
        claims = sum(k == "claim" for k in kinds)
        counts["claim_pages_at_once"] = max(counts["claim_pages_at_once"], claims)
        if claims and not claim_seen:
            claim_seen = time.monotonic()
        if claims and time.monotonic() - claim_seen < CLAIM_LOOK_S:
            # a claim window reaches the pages one by one (the host's at once, each guest's over its channel):
            # nobody decides until every page it was offered to has had the time to show it
            time.sleep(0.05)
            continue
        claim_seen = 0.0
        acted = False
        for page, kind in zip(everyone, kinds, strict=True):
            if kind in ("turn", "claim"):
                what = decide(page, kind)
                counts[what] = counts.get(what, 0) + 1
                counts["decisions"] += 1
                acted = True
        if not acted:
            time.sleep(0.03)
    raise AssertionError(f"the hand did not end within {limit_s} s: {counts}")


def engine_state(page: Any) -> dict[str, Any]:
    return page.evaluate("() => window.hzmj.game.state")


# ------------------------------------------------------------------------------------------ tests


def test_four_pages_play_a_hand_to_the_result(pages: Pages, site: Any) -> None:
    """One host and three guests (one on a phone) play a whole hand, every seat decided by a person's taps;
    at least once two of them have a claim to decide at the same moment. Each gets the result screen, the
    复盘 of its own seat and the hand's log; all say ready, and the next hand is dealt on every page."""
    host, guests = seat_table(pages, site, (1, 2, 3), phone_seat=2, query="?seed=93&speed=instant&lang=zh")
    everyone = [host, *guests.values()]
    # each page sees the table from its own seat; no guest page loaded the engine
    assert [engine_state(p)["seat"] for p in everyone] == [0, 1, 2, 3]
    for seat in guests:
        fetched = [u for u in pages.by_page[f"guest{seat}"] if "/pyodide/" in u or "/wheels/" in u]
        assert not fetched, f"guest {seat}'s page fetched the engine: {fetched}"
    hosted = host.evaluate("() => window.hzmj.friends.state()")
    assert hosted["role"] == "host"
    assert [(s["seat"], s["who"], s["connected"]) for s in hosted["seats"]] == [(i, "human", True) for i in range(4)]
    for seat, guest in guests.items():
        st = guest.evaluate("() => window.hzmj.friends.state()")
        assert st["role"] == "guest" and st["seat"] == seat and st["reply"]
        assert guest.evaluate("() => window.hzmj.bridge.info.remote") is True

    counts = play_hand(everyone)
    assert counts["decisions"] > 20, counts
    assert counts["claim_pages_at_once"] >= 2, f"no claim window gave two people a choice at once: {counts}"
    for page in everyone:
        assert page.locator("#settle[open] [data-action=next]").is_visible()
    # the hand's result is the same on every page, each seen from its own seat
    results = [engine_state(p)["result"] for p in everyone]
    assert all(r["winner"] == results[0]["winner"] for r in results)

    # a guest's 复盘 of its own seat, and the hand's log (no seed: it could lead to the walls to come)
    guest = guests[1]
    guest.click("#settle-review")
    guest.wait_for_selector("#review[open]")
    guest.wait_for_function("() => !document.querySelector('#review-progress-box') || "
                            "document.querySelector('#review-progress-box').hidden", timeout=120_000)
    assert "rv-error" not in guest.locator("#review-body").inner_html()
    assert guest.locator("#review-title").inner_text()
    guest.click("#review-close")
    log = json.loads(guest.evaluate("() => window.hzmj.game.call('export_log_text')"))
    hands = log["hands"] if log.get("kind") == "match" else [log]
    assert log["seed"] is None and hands and all(h["seed"] is None and h["wall"] for h in hands)

    for page in everyone:
        page.click("#settle [data-action=next]")
    for page in everyone:
        page.wait_for_function("() => { const s = window.hzmj.game.state; "
                               "return s.match.hand_number === 2 && !s.hand_over; }", timeout=30_000)


def test_a_guest_page_needs_no_engine(pages: Pages, site: Any) -> None:
    """Opening an invitation link cold downloads no Pyodide, no wheel; the service worker a guest's page
    registers precaches none of them either."""
    host = open_host(pages, site)
    links = invite(host, (2,))
    guest = pages.new("guest", service_workers="allow")
    seen: list[str] = []
    guest.context.on("request", lambda req: seen.append(req.url))
    accept(host, 2, join(guest, links[2]))
    host.click("#fr-start")
    guest.wait_for_selector(TABLE)
    assert guest.evaluate("""async () => {
        for (let i = 0; i < 300; i++) {
            const reg = await navigator.serviceWorker.getRegistration();
            if (reg && reg.active && reg.active.state === 'activated') return true;
            await new Promise((r) => setTimeout(r, 100));
        }
        return false;
    }"""), "the guest's page installed no service worker"
    cached = guest.evaluate("""async () => {
        const out = [];
        for (const key of await caches.keys()) {
            for (const req of await (await caches.open(key)).keys()) out.push(req.url);
        }
        return out;
    }""")
    assert any(u.endswith("/app.mjs") for u in cached), cached
    engine = [u for u in seen + cached if "/pyodide/" in u or "/wheels/" in u]
    assert not engine, f"a guest's page fetched the engine: {engine}"
    script = guest.evaluate("async () => (await navigator.serviceWorker.getRegistration()).active.scriptURL")
    assert script.endswith("sw.js?guest=1"), script


def test_guest_drops_the_bot_plays_then_the_guest_rejoins(pages: Pages, site: Any) -> None:
    """A guest closes the page: every screen says so, the table's bot plays the seat after the grace period;
    the host issues a rejoin invitation, the guest takes the seat back mid-hand and plays on."""
    host, guests = seat_table(pages, site, (1, 2), query="?seed=21&speed=fast&lang=zh")
    other = guests[2]
    guests[1].close()
    host.wait_for_selector("#fr-seats .fr-seat[data-seat='1'][data-status=dropped]", state="attached", timeout=20_000)
    for page in (host, other):
        page.wait_for_function("() => /掉线|dropped/.test(document.getElementById('toast').textContent)",
                               timeout=20_000)
    # the notice follows a switch of language on a guest's page (whichever it shows), the seat named in the new one
    other.click("#btn-lang")
    words = other.locator("#toast").inner_text()
    if other.evaluate("document.documentElement.lang") == "en":
        assert "dropped" in words and not re.search("上家|下家|对家|掉线", words), words
    else:
        assert "掉线" in words and not re.search(r"\b(Left|Right|Across|dropped)\b", words), words
    host.wait_for_function("() => window.hzmj.game.state.table.seats[1].who === 'away'", timeout=20_000)
    other.wait_for_function("() => window.hzmj.game.state.table.seats[1].who === 'away'", timeout=20_000)
    # the table goes on without waiting for seat 1: the bot plays it
    before = engine_state(host)["stamp"]
    deadline = time.monotonic() + 60
    while engine_state(host)["stamp"] == before or engine_state(host)["hand_over"]:
        for page in (host, other):
            kind = page.evaluate(DECISION)
            if kind in ("turn", "claim"):
                decide(page, kind)
        assert time.monotonic() < deadline, "the table stopped after the guest dropped"
        time.sleep(0.05)
    # a rejoin invitation for seat 1
    host.click("#btn-menu")
    host.click("#m-friends")
    host.click("#fr-seats .fr-seat[data-seat='1'] button[data-action=reinvite]")
    host.wait_for_selector("#fr-seats textarea.fr-link[data-seat='1']")
    back = rejoin(pages, host, 1)
    host.locator("#friends").evaluate("d => d.close()")
    # the returning guest plays on: its next decision is made by its own taps
    deadline = time.monotonic() + 120
    while True:
        kinds = {id(p): p.evaluate(DECISION) for p in (host, other, back)}
        if kinds[id(back)] in ("turn", "claim"):
            decide(back, kinds[id(back)])
            break
        for page in (host, other):
            if kinds[id(page)] in ("turn", "claim"):
                decide(page, kinds[id(page)])
        assert time.monotonic() < deadline, "the returning guest never had a decision"
        assert kinds[id(back)] != "settled", "the hand ended before the returning guest decided"
        time.sleep(0.05)


HOSTILE = [
    "not json {",
    json.dumps({"t": "call", "id": 1, "method": "act", "args": {"action": "S0 discard 1m", "stamp": "0.1"}}),
    json.dumps({"t": "call", "id": 2, "method": "act", "args": {"action": "S2 discard 1m"}}),
    json.dumps({"t": "call", "id": 3, "method": "new_game", "args": {}}),
    json.dumps({"t": "call", "id": 4, "method": "seat_to_bot", "args": {"seat": 0}}),
    json.dumps({"t": "call", "id": 5, "method": "restore", "args": {"save": "{}"}}),
    json.dumps({"t": "call", "id": 6, "method": "act", "args": {"action": "S2 pass", "stamp": "9.9"}}),
    json.dumps({"t": "call", "id": 7, "method": "state", "args": {"seat": 0}}),
    json.dumps({"t": "call", "id": 8, "method": "review_start", "args": {"seat": 0, "log": "{}"}}),
    json.dumps({"t": "call", "id": "9", "method": "state", "args": {}}),
    json.dumps({"t": "call", "id": 10, "method": "act", "args": [1, 2]}),
    json.dumps({"t": "reply", "id": 1, "ok": True, "result": {}}),
    "[" * 5000 + "]" * 5000,
    json.dumps({"t": "call", "id": 16, "method": "state", "args": {"a": json.loads("[" * 100 + "]" * 100)}}),
    json.dumps({"t": "call", "id": 11, "method": "phrase", "args": {"id": "x" * 5000}}),
    json.dumps({"t": "call", "id": 12, "method": "act", "args": {"action": {"seat": 2, "type": "discard",
                                                                         "tiles": ["1m"] * 99}}}),
    json.dumps({"t": "call", "id": 13, "method": "__proto__", "args": {}}),
    json.dumps({"t": "call", "id": 14, "method": "hint", "args": {"deep": "yes"}}),
    json.dumps({"t": "call", "id": 15, "method": "act", "args": {"action": "S2 discard 1m", "stamp": None}}),
]


def test_hostile_guest_changes_nothing_and_the_table_plays_on(pages: Pages, site: Any) -> None:
    """A guest sends malformed, oversized, deep, foreign-seat, out-of-turn, stale and illegal messages, and a
    flood: each is refused before or by the engine, the host's saved state stays byte-identical, and the
    table goes on (the host discards and the guest's next view arrives)."""
    host, guests = seat_table(pages, site, (2,), query="?seed=31&speed=instant&lang=zh")
    guest = guests[2]
    assert engine_state(host)["human_to_act"], "the host (dealer) should have the first turn"
    before = host.evaluate("() => window.hzmj.game.call('save_text')")
    replies = guest.evaluate("""async (messages) => {
        const link = window.hzmj.bridge.link;
        const got = [];
        const channel = link.channel;
        channel.addEventListener('message', (e) => got.push(e.data));
        for (const m of messages) channel.send(m);
        for (let i = 0; i < 600; i++) {
            channel.send(JSON.stringify({t: 'call', id: 1000 + i, method: 'state', args: {}}));
        }
        await new Promise((r) => setTimeout(r, 3000));
        return got;
    }""", HOSTILE)
    after = host.evaluate("() => window.hzmj.game.call('save_text')")
    assert after == before, "a guest's messages changed the host's game"
    parsed = [json.loads(r) for r in replies if not r.startswith("\u0001")]
    refused = {m["id"] for m in parsed if m.get("t") == "reply" and m.get("ok") is False}
    assert {1, 2, 3, 4, 5, 6, 8, 12, 13, 14, 15} <= refused, sorted(refused)
    notices = [m["key"] for m in parsed if m.get("t") == "notice"]
    assert "friend_bad_message" in notices and "friend_flood" in notices, notices
    # id 7 asked for seat 0's view: it got its own seat's view
    own = [m for m in parsed if m.get("id") == 7 and m.get("ok")]
    assert all(m["result"]["seat"] == 2 for m in own)
    # the table plays on
    stamp = engine_state(guest)["stamp"]
    decide(host, "turn")
    guest.wait_for_function("(s) => window.hzmj.game.state.stamp !== s", arg=stamp, timeout=20_000)


def _walk(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _walk(v, f"{path}[{i}]")


def leaks(message: dict[str, Any], seat: int) -> list[str]:
    """What in one message a guest at `seat` must not know: another seat's concealed tiles, the wall, the
    match seed, every hand (a replay's view) while its hand is played."""
    found = []
    state = message.get("state") if message.get("t") == "update" else message.get("result")
    states = [state] if isinstance(state, dict) else []
    if isinstance(state, dict) and isinstance(state.get("state"), dict):
        states.append(state["state"])
    for s in states:
        if "players" not in s:
            continue
        playing = not s.get("hand_over")
        if s.get("seat") != seat:
            found.append(f"a view of seat {s.get('seat')}")
        if (s.get("match") or {}).get("seed") is not None:
            found.append("the match seed")
        for a in s.get("legal_actions") or []:
            if isinstance(a, dict) and a.get("seat", seat) != seat:
                found.append(f"another seat's legal action {a}")
        for i, p in enumerate(s["players"]):
            if i != seat and playing and isinstance(p, dict) and p.get("hand"):
                found.append(f"seat {i}'s concealed tiles")
        for path, v in _walk(s):
            key = path.rsplit(".", 1)[-1]
            if key in ("wall", "all_hands", "dead_wall", "live_wall") and v and playing:
                found.append(f"{path} while the hand is played")
    for path, v in _walk(message.get("events") or []):
        if path.endswith(".tile") and isinstance(v, str):
            event = message["events"][int(path[1:path.index("]")])]
            if event.get("type") in ("draw", "replacement") and event.get("seat") != seat:
                found.append(f"another seat's drawn tile ({event})")
    return found


# Plays this page's seat at once (win, else the engine's suggestion for the seat, else pass or the last discard;
# ready for the next hand): a quick
# player for the recorder's whole match (the hands by taps are test_four_pages_play_a_hand_to_the_result's).
AUTOPLAY = """() => { window.__auto = setInterval(() => {
  const g = window.hzmj && window.hzmj.game, s = g && g.state;
  if (!s || g.busy) return;
  if (document.querySelector('#settle[open]')) { document.querySelector('#settle [data-action=next]').click(); return; }
  if (!s.human_to_act || s.hand_over) return;
  const sug = s.hints && s.hints.suggestion && s.hints.suggestion.action;
  const same = (x) => sug && x.group === sug.group && x.tiles.join() === (sug.tiles || []).join();
  const a = s.legal_actions.find((x) => x.group === 'win') || s.legal_actions.find(same)
    || s.legal_actions.find((x) => x.group === 'pass')
    || s.legal_actions.filter((x) => x.group === 'discard').pop() || s.legal_actions[0];
  g.act(a);
}, 30); }"""


def test_no_guest_ever_receives_what_it_must_not_see(pages: Pages, site: Any) -> None:
    """Records every message each guest receives over a whole match (start at 40 points, 40 a point: the
    first win ends it) and checks that none carries another seat's concealed tiles, the wall or the seed."""
    host = open_host(pages, site, "?seed=41&speed=instant&lang=en")
    host.evaluate("() => { window.hzmj.game.settings.options = {start_points: 40, base_score: 40}; }")
    links = invite(host, (1, 2, 3))
    guests = {}
    for seat, link in links.items():
        guests[seat] = pages.new(f"guest{seat}", record=True)
        accept(host, seat, join(guests[seat], link))
    host.click("#fr-start")
    for g in guests.values():
        g.wait_for_selector(TABLE, timeout=30_000)
    for page in (host, *guests.values()):
        page.evaluate(AUTOPLAY)
    host.wait_for_function("() => window.hzmj.game.state.match.over", timeout=400_000, polling=500)
    for g in guests.values():
        g.wait_for_function("() => window.hzmj.game.state.match.over", timeout=30_000)
        g.evaluate("() => clearInterval(window.__auto)")
    for seat, guest in guests.items():
        raw = guest.evaluate("() => window.__received")
        assert len(raw) > 50, f"seat {seat} recorded only {len(raw)} messages"
        text, messages = "", []
        for r in raw:
            if r.startswith("\u0001"):
                head = r.index("\u0001", 1)
                text += r[head + 1:]
                if r[1:head] == "1":
                    messages.append(json.loads(text))
                    text = ""
            else:
                messages.append(json.loads(r))
        updates = [m for m in messages if m.get("t") == "update"]
        assert updates, f"seat {seat} received no update"
        problems = [(i, p) for i, m in enumerate(messages) for p in leaks(m, seat)]
        assert not problems, f"seat {seat} was told: {problems[:5]}"


def test_the_table_plays_on_after_the_static_server_stops(pages: Pages, site: Any, own_site: Any) -> None:
    """Everything after loading is browser to browser: with the server that served the pages stopped, the
    host and its guest still play (a discard of each reaches the other page)."""
    host = open_host(pages, own_site, "?seed=51&speed=instant&lang=zh")
    links = invite(host, (3,))
    guest = pages.new("guest3")
    accept(host, 3, join(guest, links[3]))
    host.click("#fr-start")
    guest.wait_for_selector(TABLE)
    own_site.server.shutdown()
    own_site.server.server_close()
    deadline = time.monotonic() + 90
    moves = {"host": 0, "guest": 0}
    other = {"host": guest, "guest": host}
    while min(moves.values()) < 2:
        for name, page in (("host", host), ("guest", guest)):
            kind = page.evaluate(DECISION)
            if kind == "turn":
                decide(page, kind)
                moves[name] += 1
                # the move reached the other page: its state is at least as new as the mover's after the move
                stamp = engine_state(page)["stamp"]
                other[name].wait_for_function(
                    """(stamp) => {
                      const order = (x) => x.split('.').map(Number);
                      const [a, b] = [order(window.hzmj.game.state.stamp), order(stamp)];
                      for (let i = 0; i < Math.max(a.length, b.length); i++) {
                        if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
                      }
                      return true;
                    }""", arg=stamp, timeout=30_000)
            elif kind == "claim":
                decide(page, kind)
        assert time.monotonic() < deadline, f"the table stopped without its server: {moves}"
        time.sleep(0.05)


def test_host_reload_resumes_the_match_and_invites_again(pages: Pages, site: Any) -> None:
    """The host's page reloads mid-hand: the match resumes from its save, the guest's seat is played by the bot
    meanwhile, and the dialog offers a new invitation for it; the guest who answers it is back at the table."""
    host, guests = seat_table(pages, site, (2,), query="?seed=71&speed=instant&lang=zh")
    deadline = time.monotonic() + 60
    decided = 0
    while decided < 3:   # a few decisions of each page: the hand is under way
        for page in (host, guests[2]):
            kind = page.evaluate(DECISION)
            if kind in ("turn", "claim"):
                decide(page, kind)
                decided += 1
        assert time.monotonic() < deadline, "the table did not play"
        time.sleep(0.05)
    host.wait_for_function("() => !window.hzmj.game.busy")
    host.wait_for_timeout(500)   # the save after the last action
    stamp = engine_state(host)["stamp"]
    host.reload()
    host.wait_for_selector(TABLE, timeout=120_000)
    host.wait_for_selector("#friends[open] #fr-seats textarea.fr-link[data-seat='2']", timeout=30_000)
    state = engine_state(host)
    assert state["table"]["seats"][2]["who"] == "away"
    def order(x: str) -> tuple[int, ...]:
        return tuple(int(n) for n in x.split("."))

    assert order(state["stamp"]) >= order(stamp) and state["match"]["hand_number"] == 1
    guests[2].wait_for_function("() => /断|lost/.test(document.getElementById('toast').textContent)", timeout=20_000)
    rejoin(pages, host, 2)


# Records every text drawn on a canvas (the seat plates' names among them).
CANVAS_TEXTS = """
window.__drawn = new Set();
const fillText = CanvasRenderingContext2D.prototype.fillText;
CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
  window.__drawn.add(String(text));
  return fillText.call(this, text, ...rest);
};
"""
# Records the configuration of every RTCPeerConnection the page makes.
RTC_CONFIGS = """
window.__rtc = [];
const Native = window.RTCPeerConnection;
window.RTCPeerConnection = function (config, ...rest) {
  window.__rtc.push(JSON.parse(JSON.stringify(config || null)));
  return new Native(config, ...rest);
};
window.RTCPeerConnection.prototype = Native.prototype;
"""


def test_friends_names_are_on_the_plates_and_a_guest_reads_the_presets(pages: Pages, site: Any) -> None:
    host = open_host(pages, site, init_script=CANVAS_TEXTS)
    links = invite(host, (2,))
    guest = pages.new("guest2")
    guest.add_init_script(CANVAS_TEXTS)
    first = join(guest, links[2])
    guest.fill("#join-name", "阿梅")
    guest.locator("#join-name").dispatch_event("change")
    guest.wait_for_function("(old) => { const v = document.getElementById('join-reply').value; "
                            "return v && v !== old; }", arg=first)
    accept(host, 2, guest.locator("#join-reply").input_value())
    host.click("#fr-start[data-action=start-friends]")
    guest.wait_for_selector(TABLE, timeout=30_000)
    # the guest's chosen name on its plate, on the host's page and on its own; the bots' plates keep their words
    for page in (host, guest):
        page.evaluate("() => window.__drawn.clear()")  # what the table drew before it was a friends table
        page.set_viewport_size({"width": 1280, "height": 799})  # draw it again
        page.wait_for_function("() => window.__drawn.has('阿梅')", timeout=10_000)
    drawn = set(host.evaluate("() => [...window.__drawn]"))
    assert {"下家", "上家"} <= drawn and "对家" not in drawn, sorted(drawn)
    # the presets come from the host's engine, as the other facts about the rules do
    presets = guest.evaluate("() => window.hzmj.game.call('option_presets')")
    assert presets == host.evaluate("() => window.hzmj.game.call('option_presets')")
    assert any(p["zh"] == "杭州常用" for p in presets), presets


def test_a_turn_server_takes_its_user_name_and_credential(pages: Pages, site: Any) -> None:
    host = open_host(pages, site, init_script=RTC_CONFIGS)
    host.click("#btn-menu")
    host.click("#m-friends")
    host.wait_for_selector("#friends[open] #fr-seat-picks input[data-seat]")
    for box in host.locator("#fr-seat-picks input[data-seat]").all():
        box.set_checked(box.get_attribute("data-seat") == "1")
    host.locator("#friends details.fr-net > summary").click()
    # a TURN address without its user name and credential is refused, naming the line and what it needs
    host.fill("#fr-ice", "stun:127.0.0.1:3478\nturn:127.0.0.1:3478")
    host.click("#fr-invite[data-action=invite]")
    host.wait_for_selector("#friends[open] #fr-ice-problem[role=alert]", state="visible")
    assert host.locator("#fr-ice-problem").inner_text() == \
        "STUN/TURN 服务器第 2 行不对：TURN 服务器要在地址后写上用户名和密码，用空格隔开"
    assert host.locator("#fr-ice").get_attribute("aria-invalid") == "true"
    assert host.locator("#fr-seats textarea.fr-link").count() == 0
    assert host.evaluate("() => window.__rtc.length") == 0
    assert host.locator("#fr-ice-problem").is_visible()  # inside the open dialog, not behind it
    # with them, the invitation's connection is configured with both servers, the TURN one with its login
    host.fill("#fr-ice", "stun:127.0.0.1:3478\n turn:127.0.0.1:3478?transport=udp  amei  s3cret \n")
    host.click("#fr-invite[data-action=invite]")
    host.wait_for_function("() => document.querySelectorAll('#fr-seats textarea.fr-link').length === 1",
                           timeout=30_000)
    assert host.evaluate("() => window.__rtc") == [{"iceServers": [
        {"urls": "stun:127.0.0.1:3478"},
        {"urls": "turn:127.0.0.1:3478?transport=udp", "username": "amei", "credential": "s3cret"}]}]
    # remembered on this device, and shown again as typed (one a line)
    stored = json.loads(host.evaluate("() => localStorage.getItem('hzmj.friends.v1')"))
    assert stored["ice"] == [{"urls": "stun:127.0.0.1:3478"},
                             {"urls": "turn:127.0.0.1:3478?transport=udp", "username": "amei", "credential": "s3cret"}]
    shown = host.evaluate("""async () => {
        const prefs = await import('./net/prefs.mjs');
        return [prefs.iceText(prefs.iceServers()),
                ...['turn:a:1 u', 'stun:a:1 u p', 'http://a', 'turn:a:1 u p q', `turn:a:1 u ${'x'.repeat(129)}`,
                    'stun:a:1\\nstun:b:1\\nstun:c:1\\nstun:d:1\\nstun:e:1']
                  .map((text) => prefs.readIceServers(text).problem)];
    }""")
    assert shown == ["stun:127.0.0.1:3478\nturn:127.0.0.1:3478?transport=udp amei s3cret",
                     {"line": 1, "why": "turn_login"}, {"line": 1, "why": "stun_login"}, {"line": 1, "why": "url"},
                     {"line": 1, "why": "fields"}, {"line": 1, "why": "too_long"}, {"line": 5, "why": "too_many"}]


def test_the_hosts_name_is_on_its_plate_at_every_guests_table(pages: Pages, site: Any) -> None:
    host = open_host(pages, site, init_script=CANVAS_TEXTS)
    host.click("#btn-menu")
    host.click("#m-friends")
    host.fill("#fr-name", "老王")
    host.locator("#fr-name").dispatch_event("change")
    host.click("#fr-cancel")
    links = invite(host, (2,))
    assert host.input_value("#fr-name") == "老王"  # remembered
    guest = pages.new("guest2")
    guest.add_init_script(CANVAS_TEXTS)
    accept(host, 2, join(guest, links[2]))
    host.click("#fr-start[data-action=start-friends]")
    guest.wait_for_selector(TABLE, timeout=30_000)

    def drawn_after_redraw(page: Any, name: str) -> set[str]:
        page.evaluate("() => window.__drawn.clear()")
        height = page.viewport_size["height"]
        page.set_viewport_size({"width": 1280, "height": 799 if height != 799 else 798})  # draw it again
        page.wait_for_function("(name) => window.__drawn.has(name)", arg=name, timeout=10_000)
        return set(page.evaluate("() => [...window.__drawn]"))

    # the guest (seat 2) sees the host (seat 0) across the table by its name, not by the seat's word
    assert "对家" not in drawn_after_redraw(guest, "老王")
    # the host's own page shows its own chosen name on its plate, as a guest's page does (not 你)
    assert "你" not in drawn_after_redraw(host, "老王")
    # a new name after the deal reaches the guest's plate, and is the name this device joins with too
    host.click("#btn-menu")
    host.click("#m-friends")
    host.fill("#fr-name", "Wang")
    host.locator("#fr-name").dispatch_event("change")
    guest.wait_for_function("() => window.__drawn.has('Wang')", timeout=10_000)
    assert "老王" not in drawn_after_redraw(guest, "Wang")
    assert host.evaluate("() => JSON.parse(localStorage.getItem('hzmj.friends.v1')).name") == "Wang"
    # malformed names from the link are refused: the guest's plates keep the names they have
    before = guest.evaluate("() => window.hzmj.bridge.names")
    assert before["0"] == "Wang", before
    for bad in ({"0": "x" * 17}, {"4": "Eve"}, {"0": 7}, {"0": ""}, ["Eve"], "Eve", None):
        guest.evaluate("(names) => window.hzmj.bridge.receive(JSON.stringify({t: 'names', names}))", bad)
    assert guest.evaluate("() => window.hzmj.bridge.names") == before


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_a_spent_invitation_is_renewed_from_its_seat_card(pages: Pages, site: Any, screenshot: Any,
                                                         lang: str) -> None:
    """A reply that cannot connect (the friend closed their page) spends the seat's invitation: the friend's
    next reply to it is answered with what to do, and the seat's card makes a new invitation that seats them."""
    host = open_host(pages, site, f"?seed=7&speed=instant&lang={lang}")
    old = invite(host, (1,))[1]
    gone = pages.new("guest1-gone")
    reply = join(gone, old)
    gone.close()
    host.fill("#fr-reply-1", reply)
    host.click("#fr-seats button[data-action=accept][data-seat='1']")
    host.wait_for_selector("#fr-seats .fr-seat[data-seat='1'][data-status=spent]", timeout=60_000)
    renew = host.locator("#fr-seats button[data-action=renew][data-seat='1']")
    assert renew.is_visible()
    assert host.locator("#fr-seats .fr-seat[data-seat='1'] .fr-spent").is_visible()
    for w, h in ((1280, 800), (390, 844)):
        host.set_viewport_size({"width": w, "height": h})
        host.locator("#fr-seats .fr-seat[data-seat='1'] .fr-spent").scroll_into_view_if_needed()
        screenshot(host, f"friends-spent-{lang}-{w}x{h}")
    # the friend opens the same link again: their genuine reply is answered with what to do
    again = pages.new("guest1-again")
    host.fill("#fr-reply-1", join(again, old))
    host.click("#fr-seats button[data-action=accept][data-seat='1']")
    host.wait_for_selector("#fr-problem", timeout=30_000)
    words = host.locator("#fr-problem").inner_text()
    assert ("换一个新邀请" if lang == "zh" else "New invitation") in words, words
    # the seat's card makes a new invitation, which seats the friend
    renew.click()
    host.wait_for_function(
        "(old) => document.querySelector(\"#fr-seats textarea.fr-link[data-seat='1']\").value !== old", arg=old)
    new = host.locator("#fr-seats textarea.fr-link[data-seat='1']").input_value()
    again.close()
    accept(host, 1, join(pages.new("guest1-new"), new))
