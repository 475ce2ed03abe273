"""A refused action reaches the page as the engine's reason ({code, params}), which web/reasons.mjs words."""

from __future__ import annotations

import re
from typing import Any

BOOT_MS = 90_000


def test_an_illegal_action_brings_its_reason_to_the_page(page: Any, site: Any) -> None:
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    got = page.evaluate("""async () => {
      const {reasonText} = await import('./reasons.mjs');
      const call = window.hzmjTutorial.call;
      const state = await call('new_game', {seed: 5, human: 0});
      const missing = ['1m', '9m', '1p', '9p', '1s', '9s', 'E', 'S', 'W', 'N'].find((t) => !state.hand.includes(t));
      try {
        await call('act', {action: `S0 discard ${missing}`});
        return null;
      } catch (err) {
        return {name: err.name, message: err.message, reason: err.reason,
                zh: err.reason && reasonText(err.reason, 'zh', 0), en: err.reason && reasonText(err.reason, 'en', 0)};
      }
    }""")
    assert got is not None and got["name"] == "BridgeError"
    assert got["reason"]["code"] in ("not_in_hand", "not_your_turn")
    assert got["message"].endswith(got["en"])  # "ApiError: <the same words>"
    assert got["zh"] and got["zh"] != got["en"]


def test_the_hint_advice_is_worded_by_the_page_from_the_grounds(page: Any, site: Any) -> None:
    from test_game import open_game, wait_turn

    open_game(page, site, "?seed=11&speed=instant&lang=en")
    wait_turn(page)
    real = page.locator("#info .suggest").inner_text()
    assert real.startswith("Suggested: ") and " — " in real, real
    assert not re.search(r"\b[1-9][mps]\b|\bS[0-3]\b|\d from ready|\b1 (pts|points|tiles)\b|\bpts\b", real), real
    # the page words the advice from the action and the grounds' codes and params, not from the engine's sentence
    fake = """(lang) => {
        const g = window.hzmj.game;
        const suggestion = {action: {seat: g.state.seat, type: 'discard', group: 'discard', tiles: ['5p'], text: 'x'},
          why: [{code: 'far', params: {shanten: 1, useful: 1}}, {code: 'claimable_pong', params: {pong: 1}}],
          reason_zh: 'x', reason_en: 'x'};
        g.setView({...g.state, hints: {...g.state.hints, suggestion}});
    }"""
    page.evaluate(fake)
    assert page.locator("#info .suggest").inner_text() == \
        "Suggested: Discard the 5 of Dots — 1 tile from ready, 1 useful tile; 1 of them can be ponged"
    page.locator("#btn-lang").click()
    page.evaluate(fake)
    assert page.locator("#info .suggest").inner_text() == "建议：打五筒 — 差 1 张听牌，有效牌 1 张，其中可碰 1 张"
