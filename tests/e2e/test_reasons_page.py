"""A refused action reaches the page as the engine's reason ({code, params}), which web/reasons.mjs words."""

from __future__ import annotations

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
