"""复盘 on the page: after a hand the result screen offers a review that runs in the worker with a
progress bar and shows the costliest decisions, each with its position drawn, both choices in words, their
expected points and the reason; the replay viewer marks them on its timeline and a mark jumps to its step.
The same works for an imported log (the replay viewer asks whose decisions to review)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from test_game import open_game, step

from hzmj_core.actions import Action, ActionType
from hzmj_core.log import hand_log
from hzmj_core.options import Options
from hzmj_core.round import Phase, Round
from hzmj_core.scenario import build_wall

REVIEW_MS = 240_000  # a review under a loaded 2-core machine (a few seconds when it is quiet)
SHORTHAND = re.compile(r"\b[1-9][mps]\b|\bS[0-3]\b|discard [1-9][mps]")
FEEDER = "2m 5p 5s 9m 1p 1p 1s 1s W W S S 7m"
DEALER = "3m4m 6p7p 3s4s 8s8s E E C F N 9m"


def _act(r: Round, text: str) -> None:
    """Apply one action; claim windows it does not belong to are passed first."""
    a = Action.parse(text)
    while r.phase in (Phase.CLAIM, Phase.ROB) and (a.seat not in r.deciding_seats() or a.type is ActionType.DISCARD):
        r.apply(Action(r.deciding_seats()[0], ActionType.PASS))
    r.apply(a)


def feed_log() -> tuple[dict[str, Any], int]:
    """A hand at 3老 where 上家 (seat 3), chowed twice by the dealer, lets go of a 五条 the dealer can chow for
    the third 摊 (the engine test's scenario); returns the log and the index of that discard."""
    o = Options()
    wall = build_wall(o, dealer=0, hands={0: DEALER, 3: FEEDER}, draws="1m 6m C 1m 6m C 1m 6m 9p", back="",
                      indicator=None, seed=0)
    r = Round.deal(o, dealer=0, streak=3, wall=wall)
    script = ["S0 discard N", "S1 discard 1m", "S2 discard 6m", "S3 discard 2m", "S0 chow 3m4m", "S0 discard 9m",
              "S1 discard 1m", "S2 discard 6m", "S3 discard 5p", "S0 chow 6p7p", "S0 discard C", "S1 discard 1m",
              "S2 discard 6m"]
    for text in script:
        _act(r, text)
    while r.phase is Phase.CLAIM:
        r.apply(Action(r.deciding_seats()[0], ActionType.PASS))
    assert r.current == 3 and r.tan[0][3] == 2
    at = len(r.actions)
    r.apply(Action.parse("S3 discard 5s"))
    return hand_log(r), at


def wait_review(page: Any) -> None:
    """The progress bar shows, moves, and gives way to the review."""
    page.wait_for_selector("#review[open] #review-progress-box", state="visible", timeout=30_000)
    page.wait_for_function("() => /\\d+\\/\\d+/.test(document.getElementById('review-status').textContent)")
    page.wait_for_selector("#review-progress-box", state="hidden", timeout=REVIEW_MS)


def replay_step(page: Any) -> int:
    return int(page.evaluate("window.hzmj.game.state.replay.step"))


def test_review_after_a_hand_then_its_marks_in_the_replay(page: Any, site: Any, screenshot: Any) -> None:
    # seed 2, passing on every claim and win and letting the drawn tile go: a hand the expert finds costly
    open_game(page, site, "?seed=2&speed=instant&lang=zh")
    for _ in range(300):
        if step(page, prefer=("pass",)) == "settled":
            break
    assert page.locator("#settle[open]").count()
    page.locator("#settle-review").click()
    wait_review(page)
    cards = page.locator("#review .rv-item")
    assert cards.count() >= 1
    run = page.evaluate("window.hzmj.game.metrics.reviews.at(-1)")
    assert run["decisions"] >= cards.count() and run["total"] >= run["decisions"]
    first = cards.first
    text = first.inner_text()
    assert "你" in text and "大师" in text and "期望" in text and "理由" in text, text
    assert not SHORTHAND.search(page.locator("#review-body").inner_text()), page.locator("#review-body").inner_text()
    # the position as it was: the seat's tiles drawn, the one let go and the expert's marked
    # one row drawn by render/ (stripCanvas) holds the seat's 13 or 14 tiles, inside the card
    row = first.locator(".rv-hand canvas.tile-strip").first
    assert int(row.get_attribute("data-tiles")) >= 13
    box, card = row.bounding_box(), first.bounding_box()
    assert box and card and box["x"] >= card["x"] and box["x"] + box["width"] <= card["x"] + card["width"]
    assert first.locator(".rv-other").count() == 3
    screenshot(page, "review-after-hand")
    steps = [int(cards.nth(i).get_attribute("data-step")) for i in range(cards.count())]
    cards_text = [cards.nth(i).locator(".rv-head").inner_text() for i in range(cards.count())]

    # to the replay at the first flagged decision; the timeline has a mark per flagged decision
    first.locator(".rv-goto").click()
    page.wait_for_selector("#replay-bar", state="visible")
    page.wait_for_function("(s) => window.hzmj.game.state.replay && window.hzmj.game.state.replay.step === s",
                           arg=steps[0])
    # the card and the replay count the step the same way
    assert f"第{steps[0]}步" in cards_text[0] and f"第{steps[0]}/" in page.locator("#replay-pos").inner_text()
    marks = page.locator("#replay-marks .mark")
    assert sorted(int(marks.nth(i).get_attribute("data-step")) for i in range(marks.count())) == sorted(steps)
    page.locator("#replay-bar button[data-replay=prev-hand]").click()  # step 0 of the hand
    page.wait_for_function("() => window.hzmj.game.state.replay.step === 0")
    target = steps[-1]
    page.locator(f"#replay-marks .mark[data-step='{target}']").click()
    page.wait_for_function("(s) => window.hzmj.game.state.replay.step === s", arg=target)
    assert "here" in (page.locator(f"#replay-marks .mark[data-step='{target}']").get_attribute("class") or "")
    page.locator("#replay-bar button[data-replay=exit]").click()
    page.wait_for_selector("#settle[open]", timeout=30_000)  # back to the finished hand's result


def test_review_an_imported_log(page: Any, site: Any, tmp_path: Path, screenshot: Any) -> None:
    log, at = feed_log()
    path = tmp_path / "feed.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    open_game(page, site, "?seed=5&speed=instant&lang=en")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar", state="visible")
    page.locator("#replay-bar button[data-replay=review]").click()
    page.wait_for_selector("#review[open] .rv-seats")
    assert page.locator(".rv-seats button").all_inner_texts() == ["You", "Right", "Across", "Left"]
    page.locator(".rv-seats button[data-seat='3']").click()
    wait_review(page)
    card = page.locator("#review .rv-item").first
    assert card.get_attribute("data-step") == str(at)
    text = card.inner_text()
    assert "Discard the 5 of Bamboo" in text and "Expert" in text, text
    assert "has claimed from you 2 times" in text, text  # the dealer's two 摊 on this seat, drawn with the position
    assert "“You” below means Left" in page.locator("#review-body").inner_text()
    assert not SHORTHAND.search(page.locator("#review-body").inner_text())
    screenshot(page, "review-imported")
    page.locator("#review-close").click()
    mark = page.locator(f"#replay-marks .mark[data-step='{at}']")
    mark.wait_for(state="visible")
    assert replay_step(page) == 0
    mark.click()
    page.wait_for_function("(s) => window.hzmj.game.state.replay.step === s", arg=at)
    # the frame is the position before the discard: the seat still holds its 五条
    assert "5s" in page.evaluate("window.hzmj.game.state.all_hands[3]")


def test_a_hand_without_choices_says_so(page: Any, site: Any, tmp_path: Path) -> None:
    path = tmp_path / "dealt.json"
    path.write_text(json.dumps(hand_log(Round.deal(Options(), dealer=0, streak=1, seed=4), include_result=False)),
                    encoding="utf-8")
    open_game(page, site, "?seed=5&speed=instant&lang=zh")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar", state="visible")
    page.locator("#replay-bar button[data-replay=review]").click()
    page.locator(".rv-seats button[data-seat='1']").click()
    page.wait_for_selector("#review-body .rv-summary")
    assert page.locator("#review-body").inner_text().strip() == "这一局里下家没有需要选择的时候。"
    assert page.locator("#replay-marks").is_hidden()


def random_player_log(seed: int = 3) -> dict[str, Any]:
    """A hand of a ``random`` seat 0 against three ``strong`` seats (played by the arena): none of its mistakes
    costs a whole point at base score 1, yet it differs from the expert again and again."""
    from hzmj_core.arena import play_hand
    r, _ = play_hand(Options(), seed, seed % 4, 1 + seed % 3, ("random", "strong", "strong", "strong"), seed)
    return hand_log(r)


def test_the_review_names_decisions_for_a_random_player(page: Any, site: Any, tmp_path: Path,
                                                        screenshot: Any) -> None:
    path = tmp_path / "random.json"
    path.write_text(json.dumps(random_player_log()), encoding="utf-8")
    open_game(page, site, "?seed=5&speed=instant&lang=en")
    page.set_input_files("#import-file", str(path))
    page.wait_for_selector("#replay-bar", state="visible")
    page.locator("#replay-bar button[data-replay=review]").click()
    page.wait_for_selector("#review[open] .rv-seats")
    page.locator(".rv-seats button[data-seat='0']").click()
    wait_review(page)
    body = page.locator("#review-body").inner_text()
    cards = page.locator("#review .rv-item")
    assert 1 <= cards.count() <= 5, body
    assert "No costly mistakes" not in body
    # the threshold is said, relative to the hand's stakes
    assert re.search(r"“Costly” means \d+\.\d points or more: an eighth of what a plain self-draw", body), body
    assert "base score 1" in body, body
    for i in range(cards.count()):
        head = cards.nth(i).locator(".rv-head").inner_text()
        assert re.search(r"\d+\.\d points given away", head), head
    assert not SHORTHAND.search(body), body
    screenshot(page, "review-random-player")
