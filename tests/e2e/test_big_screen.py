"""Controls where the eye is on a big screen (1920x1080), read from ``window.hzmj.layout()`` and the page's boxes:
when a claim is offered the claim buttons stand beside the table's right edge, just above the player's hand (not
in the screen's far corner), large enough for the screen, over no part of the table; the suggestion (建议) and
the rules line are in type readable from the distance a big screen is read from."""

from __future__ import annotations

from typing import Any

import positions as pos
import pytest
from test_layout import sized_page
from test_table_play import idle, resume

W, H = 1920, 1080


def parts(layout: dict[str, Any]) -> list[dict[str, float]]:
    """Every rectangle of the table but the player's own hand row."""
    out = [layout["centre"]]
    for s in layout["seats"]:
        for key in ("river", "riverTail", "plate", "melds") + (("hand",) if s["pos"] else ()):
            r = s.get(key)
            if r and r["w"] > 0:
                out.append(r)
    return out


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"])


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_claim_buttons_beside_the_table_above_the_hand(warm_page: Any, site: Any, screenshot: Any, lang: str) -> None:
    p = pos.claim(1)
    page = sized_page(warm_page, W, H)
    resume(page, site, p.save, p.seed, lang)
    idle(page)
    page.locator("#actions button[data-action=pass]").wait_for()
    page.wait_for_timeout(300)
    screenshot(page, f"big-claim-{W}x{H}-{lang}")
    layout = page.evaluate("() => window.hzmj.layout()")
    bar = layout["actionBar"]
    me = next(s for s in layout["seats"] if s["pos"] == 0)
    table = parts(layout)
    right = max(r["x"] + r["w"] for r in table)
    assert bar, "no action bar"
    # beside the table's right edge (not in the corner of the screen) and just above the hand
    assert 0 <= bar["x"] - right <= 40, f"the buttons start {bar['x'] - right:.0f} px right of the table"
    assert 0 <= me["hand"]["y"] - (bar["y"] + bar["h"]) <= 40, (bar, me["hand"])
    assert not [r for r in table if overlaps(bar, r)], "the buttons cover a part of the table"
    buttons = page.evaluate("""() => [...document.querySelectorAll('#actions button[data-action]')].map((b) => {
        const r = b.getBoundingClientRect();
        return {h: r.height, w: r.width, font: parseFloat(getComputedStyle(b).fontSize), right: r.right};
    })""")
    assert buttons and all(b["h"] >= 54 and b["w"] >= 80 and b["font"] >= 20 for b in buttons), buttons
    assert all(b["right"] <= W for b in buttons), buttons
    # the suggestion and the rules line, readable at table distance
    sizes = page.evaluate("""() => ({
        rules: parseFloat(getComputedStyle(document.querySelector('#dock .rules')).fontSize),
        info: parseFloat(getComputedStyle(document.querySelector('#dock .info')).fontSize),
        suggest: !!document.querySelector('#dock .info .suggest')})""")
    assert sizes["rules"] >= 16 and sizes["info"] >= 17, sizes
