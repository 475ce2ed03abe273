"""Nothing lost, nothing hung, nothing claimed beyond what is checked: a ranked match's result booked (or said not
booked and booked later) when the storage is full at its end, an import over a profile that asks, an exam started
with the storage full that says so once instead of looping, a broken fragment on the verify page read safely, and
the verify page saying what a certificate proves."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from hzmj_core.bots import make_bot
from hzmj_core.exam.ladder import OPPONENTS, RANKED_HANDS, chain_seed
from hzmj_core.options import Options
from hzmj_core.session import GameSession
from hzmj_core.view import SeatView

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from ladder_play import chained_record

BOOT_MS = 120_000
READY = "html[data-state=ready]"
TABLE = "html[data-table=ready]"
FILL = """() => {
    // fill the origin's storage to the last few bytes, so that the next (longer) write no longer fits
    let size = 1 << 22, n = 0;
    while (size >= 16) {
      try { localStorage.setItem('filler' + n, 'x'.repeat(size)); n++; } catch { size >>= 1; }
    }
    return n;
}"""
FREE = """() => {
    for (const k of Object.keys(localStorage)) if (k.startsWith('filler')) localStorage.removeItem(k); }"""
NEXT_FRAME = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


def _ranked_save_at_its_end(profile: int) -> tuple[str, str]:
    """A ranked match (the first of ``profile``) played by a bot in seat 0 to the end of its last hand, saved as the
    game page saves it; (seed, save text)."""
    seed = chain_seed(profile, None, 1)
    s = GameSession(Options(), seed, OPPONENTS[1], 0, None, "off", False)
    me = make_bot("basic", 5)
    while True:
        r = s.match.round
        if r.is_over:
            if s.match.over or len(s.match.history) + 1 >= RANKED_HANDS:
                break
            s.next_hand()
        elif 0 in r.deciding_seats():
            s.act(str(me.choose(SeatView.of(r, 0))))
        else:
            s.bot_step()
    return str(seed), json.dumps(s.save(), ensure_ascii=False)


def _ladder(page: Any) -> dict[str, Any]:
    return dict(page.evaluate("JSON.parse(localStorage.getItem('hzmj.ladder.v1'))") or {})


def _stored_ranked_match_at_its_end(page: Any, site: Any, profile: int) -> str:
    """Store, as the page would, a ladder profile with no match booked and its first ranked match with the last
    hand over; the match's seed."""
    seed, save = _ranked_save_at_its_end(profile)
    page.goto(f"{site.url}exam.html?lang=en#ladder")
    page.wait_for_selector("#l-grade", timeout=BOOT_MS)
    page.evaluate("""([profile, seed, save]) => {
        localStorage.setItem('hzmj.ladder.v1', JSON.stringify({version: 2, profile, matches: []}));
        localStorage.setItem('hzmj.ranked.v1', JSON.stringify({seed, level: 'easy'}));
        localStorage.setItem('hzmj.game.v1', JSON.stringify(save)); }""", [str(profile), seed, save])
    return seed


def test_a_ranked_result_is_booked_when_the_storage_frees_and_a_reload_keeps_it_ranked(page: Any, site: Any) -> None:
    seed = _stored_ranked_match_at_its_end(page, site, 77)
    assert page.evaluate(FILL) > 0
    # the match's last hand is over when the page opens, with the storage full: nothing booked, and it says so
    page.goto(f"{site.url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-ranked=pending]", timeout=BOOT_MS)
    words = page.locator("#toast").inner_text()
    assert "not booked yet" in words and "placed" in words, words
    assert _ladder(page)["matches"] == []
    assert page.evaluate("JSON.parse(localStorage.getItem('hzmj.ranked.v1'))")["seed"] == seed
    # no next hand meanwhile: a ranked match never goes on as an unranked hand
    hand = page.evaluate("window.hzmj.game.state.match.hand_number")
    page.evaluate("window.hzmj.game.nextHand()")
    assert page.evaluate("window.hzmj.game.state.match.hand_number") == hand
    # the storage frees: booked, and said
    page.evaluate(FREE)
    page.wait_for_selector("html[data-ranked=booked]", timeout=15_000)
    assert "now booked" in page.locator("#toast").inner_text()
    booked = _ladder(page)["matches"]
    assert [m["seed"] for m in booked] == [seed] and booked[0]["hints"] is False
    assert page.evaluate("localStorage.getItem('hzmj.ranked.v1')") is None
    # a reload books nothing twice
    page.reload()
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    page.evaluate(NEXT_FRAME)
    assert [m["seed"] for m in _ladder(page)["matches"]] == [seed]


def test_a_ranked_result_is_booked_before_the_page_says_it(page: Any, site: Any) -> None:
    profile = 78
    seed = _stored_ranked_match_at_its_end(page, site, profile)
    page.goto(f"{site.url}?speed=instant&lang=en")
    page.wait_for_selector("html[data-ranked=booked]", timeout=BOOT_MS)
    assert "booked in the ladder" in page.locator("#toast").inner_text()
    assert [m["seed"] for m in _ladder(page)["matches"]] == [seed]
    # the next ranked match is the chain's next deal, with hints off
    page.goto(f"{site.url}?ranked=1&speed=instant&lang=en")
    page.wait_for_selector(TABLE, timeout=BOOT_MS)
    flag = page.evaluate("JSON.parse(localStorage.getItem('hzmj.ranked.v1'))")
    assert flag["seed"] == str(chain_seed(profile, int(seed), 2))
    assert page.evaluate("window.hzmj.game.state.match.seed") == flag["seed"]


def test_an_import_over_a_profile_asks_and_merges_or_replaces(page: Any, site: Any, tmp_path: Path,
                                                              screenshot: Any) -> None:
    have = chained_record(5, 3)
    incoming = chained_record(6, 1)
    f = tmp_path / "ladder.json"
    f.write_text(json.dumps(incoming))
    for lang in ("en", "zh"):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{site.url}exam.html?lang={lang}#ladder")
        page.wait_for_selector("#l-grade", timeout=BOOT_MS)
        page.evaluate("(r) => localStorage.setItem('hzmj.ladder.v1', JSON.stringify(r))", have)
        page.reload()
        page.wait_for_selector("#l-grade", timeout=BOOT_MS)
        page.set_input_files("#l-import", str(f))
        page.wait_for_selector("#l-import-ask[open]", timeout=30_000)
        for w, h in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(NEXT_FRAME)
            screenshot(page, f"ladder-import-ask-{lang}-{w}x{h}")
        if lang == "en":
            assert "3 ranked matches" in page.locator("#l-import-ask").inner_text()
            assert "cannot be certified" in page.locator("#l-import-ask-merge").inner_text()
            # cancel keeps the profile as it was
            page.click("#l-import-ask button[data-answer=cancel]")
            page.wait_for_selector("#l-note:has-text('unchanged')")
            assert _ladder(page) == have
            page.set_input_files("#l-import", str(f))
            page.wait_for_selector("#l-import-ask[open]", timeout=30_000)
            page.click("#l-import-ask button[data-answer=merge]")
            page.wait_for_selector("#l-note:has-text('Merged')")
            merged = _ladder(page)
            assert [m["seed"] for m in merged["matches"]] == [m["seed"] for m in have["matches"] + incoming["matches"]]
            assert page.locator(".history tbody tr").count() == 4
        else:
            page.click("#l-import-ask button[data-answer=replace]")
            page.wait_for_selector("#l-note:has-text('已替换')")
            assert _ladder(page) == {**incoming, "profile": "6"}
            assert page.locator(".history tbody tr").count() == 1


def test_a_ladder_file_with_a_match_played_with_hints_on_is_refused(page: Any, site: Any, tmp_path: Path) -> None:
    """A chained record whose second ranked match says ``"hints": true`` is refused on import with the words of
    ``ladder_hints`` in the page's language, and the stored profile stays as it was."""
    from hzmj_core.reasons import Reason
    have = chained_record(5, 1)
    hinted = chained_record(7, 2)
    hinted["matches"][1]["hints"] = True
    f = tmp_path / "hinted.json"
    f.write_text(json.dumps(hinted))
    for lang in ("zh", "en"):
        page.goto(f"{site.url}exam.html?lang={lang}#ladder")
        page.wait_for_selector("#l-grade", timeout=BOOT_MS)
        page.evaluate("(r) => localStorage.setItem('hzmj.ladder.v1', JSON.stringify(r))", have)
        page.reload()
        page.wait_for_selector("#l-grade", timeout=BOOT_MS)
        before = page.evaluate("localStorage.getItem('hzmj.ladder.v1')")
        page.set_input_files("#l-import", str(f))
        page.wait_for_selector("#l-note.bad", timeout=60_000)
        words = page.locator("#l-note").inner_text()
        why = Reason("ladder_hints", {"match": 2})
        assert why.text(lang).lower() in words.lower(), words  # the page starts its sentence with a capital
        assert page.locator("#l-import-ask[open]").count() == 0
        assert page.evaluate("localStorage.getItem('hzmj.ladder.v1')") == before
        assert page.locator(".history tbody tr").count() == 1


def test_starting_an_exam_with_the_storage_full_says_so_once_and_does_not_loop(page: Any, site: Any) -> None:
    page.goto(f"{site.url}exam.html?lang=en")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    page.wait_for_selector("button[data-start]")
    page.evaluate("localStorage.removeItem('hzmj.exam.v1')")
    assert page.evaluate(FILL) > 0
    page.evaluate("""() => {
        window.examCalls = 0;
        const call = window.hzmjExam.ctx.call;
        window.hzmjExam.ctx.call = (m, a) => { if (m === 'exam_new') window.examCalls += 1; return call(m, a); }; }""")
    page.click("button[data-start=registered]")
    page.wait_for_selector("section.question[data-index='0']", timeout=30_000)
    page.wait_for_timeout(1500)
    assert page.evaluate("window.examCalls") == 1
    assert page.locator("#ex-save").count() == 1
    assert "storage is full" in page.locator("#ex-save").inner_text()
    # the write is retried: freed storage takes the exam, and the words go
    page.evaluate(FREE)
    page.wait_for_selector("#ex-save", state="detached", timeout=15_000)
    stored = page.evaluate("JSON.parse(localStorage.getItem('hzmj.exam.v1'))")
    assert stored["level"] == "registered" and stored["answers"] == []


def test_a_clock_put_back_gains_no_time_and_a_moved_start_no_more_than_the_exam(page: Any, site: Any) -> None:
    page.goto(f"{site.url}exam.html?level=registered&seed=3&lang=en")
    page.wait_for_selector("section.question[data-index='0']", timeout=BOOT_MS)
    # the start moved a day later in storage (or the clock put back): never more than the exam's 10 minutes
    page.evaluate("""() => { const s = JSON.parse(localStorage.getItem('hzmj.exam.v1'));
        s.startedAt = Date.now() + 86_400_000; s.seenAt = s.startedAt;
        localStorage.setItem('hzmj.exam.v1', JSON.stringify(s)); }""")
    page.reload()
    page.wait_for_selector("#ex-clock", timeout=BOOT_MS)
    left = page.locator("#ex-clock").inner_text()
    minutes, seconds = (int(x) for x in left.split(":"))
    assert minutes * 60 + seconds <= 600, left


def test_a_broken_fragment_on_the_verify_page_is_read_safely(page: Any, site: Any) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for fragment in ("%", "%E0%A4%A"):
        page.goto(f"{site.url}exam.html?lang=en#verify={fragment}")
        page.wait_for_selector("#v-fragment", timeout=BOOT_MS)
        assert "cannot be read" in page.locator("#v-fragment").inner_text()
        assert page.locator("#v-code").input_value() == ""
    # every page: the game, the tutorial and the rules read such a fragment without an uncaught error
    for path in ("index.html?lang=en#%", "tutorial.html#%E0%A4%A", "rules.html#%"):
        page.goto(f"{site.url}{path}")
        page.wait_for_load_state("load")
        page.wait_for_timeout(1500)
    assert errors == []


def test_the_verify_page_says_what_a_code_proves_and_what_it_cannot(page: Any, site: Any, screenshot: Any) -> None:
    from hzmj_core.exam import make_exam
    from hzmj_core.exam.certificate import exam_code

    level, seed, qs = make_exam("registered", 5)
    code = exam_code(level, seed, [q.pack(q.answer) for q in qs], [q.radix() for q in qs], "2026-12-06", "Li Wei")
    future = exam_code(level, seed, [q.pack(q.answer) for q in qs], [q.radix() for q in qs], "2099-12-31", "Li Wei",
                       today=__import__("datetime").date(2100, 1, 1))
    for lang, scope, unproved in (("en", "What was checked", "cannot prove who answered"),
                                  ("zh", "核验的内容", "无法证明是谁答的题")):
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto(f"{site.url}exam.html?lang={lang}#verify")
        page.wait_for_selector(READY, timeout=BOOT_MS)
        page.fill("#v-code", code)
        page.fill("#v-name", "li wei")
        page.click("#v-go")
        page.wait_for_selector("#v-result .result[data-valid=true]")
        text = page.locator("#v-scope").inner_text()
        assert scope in text and unproved in text, text
        assert page.locator("#v-name-checked").count() == 1
        for w, h in ((1280, 800), (390, 844)):
            page.set_viewport_size({"width": w, "height": h})
            page.evaluate(NEXT_FRAME)
            screenshot(page, f"verify-scope-{lang}-{w}x{h}")
        # a code dated after this device's today is NOT VALID, in words
        page.fill("#v-code", future)
        page.click("#v-go")
        page.wait_for_selector("#v-result .why[data-code=cert_date_future]")


def test_one_tab_owns_an_exam(page: Any, site: Any) -> None:
    from hzmj_core.exam import make_exam

    qs = make_exam("registered", 9)[2]
    page.goto(f"{site.url}exam.html?level=registered&seed=9&lang=en")
    page.wait_for_selector("section.question[data-index='0']", timeout=BOOT_MS)
    second = page.context.new_page()
    second.goto(f"{site.url}exam.html?lang=en")
    second.wait_for_selector("section.question[data-index='0']", timeout=BOOT_MS)  # resumed there
    # the first tab stops at once: it cannot see an answer given there and then answer again here
    page.wait_for_selector("#ex-away", timeout=10_000)
    assert page.locator("#ex-submit").count() == 0
    q = qs[0]
    box = second.locator("section.question")
    if q.answer_type in ("multi", "faces"):
        for v in q.answer:
            box.locator(f"button[data-value='{json.dumps(v, ensure_ascii=False, separators=(',', ':'))}']").click()
    else:
        box.locator(f"button[data-value='{json.dumps(q.answer, ensure_ascii=False, separators=(',', ':'))}']"
                    ).first.click()
    box.locator("#ex-submit").click()
    second.wait_for_selector("section.question .verdict")
    # continued in the first tab: the answered question stays answered, the next one is shown
    page.click("#ex-here")
    page.wait_for_selector("section.question[data-index='1']", timeout=10_000)
    second.wait_for_selector("#ex-away", timeout=10_000)
    stored = page.evaluate("JSON.parse(localStorage.getItem('hzmj.exam.v1'))")
    assert len(stored["answers"]) == 1
    second.close()


@pytest.mark.cold_profile  # a clock installed in a context stays there: not in the shared warm profile
def test_an_exam_handed_in_under_a_clock_before_2024_shows_its_summary(page: Any, site: Any) -> None:
    import datetime

    from hzmj_core.exam import make_exam

    qs = make_exam("registered", 4)[2]
    start = datetime.datetime(2023, 6, 1, 10, 0, tzinfo=datetime.UTC)
    page.clock.install(time=start)
    page.goto(f"{site.url}exam.html?lang=en")
    page.wait_for_selector(READY, timeout=BOOT_MS)
    at = int((start.timestamp() - 11 * 60) * 1000)  # started 11 minutes ago: the time is up
    page.evaluate("""([at, answers]) => localStorage.setItem('hzmj.exam.v1', JSON.stringify({level: 'registered',
        seed: '4', startedAt: at, seenAt: at, answers, results: [], done: false}))""",
                  [at, [q.answer for q in qs]])
    page.reload()
    page.wait_for_selector("#ex-score", timeout=60_000)
    assert "10 / 10" in page.locator("#ex-score").inner_text()
    page.fill("#cert-name", "Li Wei")
    page.click("#cert-make")
    page.wait_for_selector("#cert-refused", timeout=30_000)
    assert "is before 2024-01-01: check this device's date" in page.locator("#cert-refused").inner_text()
