"""The Content-Security-Policy: every page carries builder.server.CSP as a <meta>, has no inline
script, style or handler, and the game, the tutorial and the widgets run under it without one violation.
The engine worker is made from a blob: URL, so it inherits the page's policy (CSP3), <meta> included: it
runs under it on a plain static host that sends no header (tested with Python's plain http.server). The
test server also sends the policy as a header (the offline test in test_game.py runs under it as well)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from builder.server import CSP

pytestmark = pytest.mark.cold_profile  # the whole first visit runs under the policy, service worker included

BOOT_MS = 120_000
PAGES = ["index.html", "tutorial.html", "embed-demo.html", "exam.html", "rules.html"]
RECORD_VIOLATIONS = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def test_every_page_carries_the_policy_and_nothing_inline(site: Any) -> None:
    pages = sorted(p.relative_to(site.dist).as_posix() for p in site.dist.rglob("*.html"))
    assert pages == sorted(PAGES)
    for name in pages:
        html = (site.dist / name).read_text(encoding="utf-8")
        metas = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html)
        assert metas == [CSP], name
        assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP
        # a widget's carried analysis is a data block (type="application/json"): never run, not governed by CSP
        assert not re.search(r'<script(?![^>]*\b(?:src=|type="application/json"))[^>]*>', html), \
            f"{name}: an inline script"
        assert "<style" not in html, f"{name}: an inline style sheet"
        assert not re.search(r"\s(on[a-z]+|style)\s*=", html), f"{name}: an inline handler or style attribute"


@pytest.fixture
def violations(page: Any) -> list[str]:
    seen: list[str] = []
    page.add_init_script(RECORD_VIOLATIONS)

    def on_console(msg: Any) -> None:
        if "Content Security Policy" in msg.text or "Refused to" in msg.text:
            seen.append(msg.text)

    page.on("console", on_console)
    return seen


def _assert_clean(page: Any, violations: list[str]) -> None:
    assert page.evaluate("window.__csp") == []
    assert violations == []


def test_the_game_runs_under_the_policy(page: Any, site: Any, violations: list[str], js_errors: list[str]) -> None:
    page.goto(site.url + "?seed=4&speed=instant&lang=en")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
    # a few moves, the menu (its tutorial button is a plain link button now), the new-game form
    page.locator("#hand button[data-action=discard]").last.wait_for(timeout=30_000)
    page.click("#btn-menu")
    page.locator("#menu").wait_for(state="visible")
    page.click("#m-tutorial")
    page.wait_for_url("**/tutorial.html", timeout=10_000)
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    # the tutorial carries its lessons and needs no engine until asked: ask for it, to probe its worker
    page.evaluate("window.hzmjTutorial.engine().then(() => true)")
    _assert_clean(page, violations)
    # the policy is in force, in the page and in the engine worker: a script from a data: URL is refused
    probe = "() => import('data:text/javascript,export default 1').then(() => 'allowed', (e) => 'refused')"
    assert page.evaluate(probe) == "refused"
    assert [w.evaluate(probe) for w in page.workers] == ["refused"]
    assert len(violations) == 2  # and the console names each refusal (which is how one would be seen)
    violations.clear()
    js_errors[:] = [e for e in js_errors if "data:text/javascript" not in e]


def test_the_tutorial_and_the_widgets_run_under_the_policy(page: Any, site: Any, violations: list[str]) -> None:
    page.goto(site.url + "tutorial.html")
    page.wait_for_selector("html[data-state=ready]", timeout=BOOT_MS)
    # the lesson styles apply (adopted style sheets, not a <style> element)
    assert page.evaluate("getComputedStyle(document.querySelector('article.lesson')).display") != "inline"
    page.goto(site.url + "embed-demo.html")
    page.wait_for_function("""() => [...document.querySelectorAll('hzmj-hand, hzmj-lesson')]
        .every(e => e.dataset.state === 'ready')""", timeout=BOOT_MS)
    styled = page.evaluate("document.querySelector('hzmj-hand').shadowRoot.adoptedStyleSheets.length")
    assert styled == 1
    _assert_clean(page, violations)


def test_pyodide_needs_wasm_unsafe_eval(page: Any, context: Any, site: Any, js_errors: list[str]) -> None:
    """The one allowance beyond 'self' is needed: without it the engine cannot start."""
    strict = CSP.replace(" 'wasm-unsafe-eval'", "")

    def page_without_wasm(route: Any) -> None:
        # the engine worker inherits the page's policy (it is made from a blob: URL), so the page's is changed
        response = route.fetch()
        body = response.text().replace(CSP, strict)
        route.fulfill(response=response, body=body, headers={**response.headers, "content-security-policy": strict})

    context.route(site.url, page_without_wasm)
    page.goto(site.url)
    page.wait_for_selector("html[data-state=error]", timeout=BOOT_MS)
    message = page.locator("#error-message").inner_text()
    assert "WebAssembly could not be compiled" in message, message
    js_errors.clear()


def test_the_worker_runs_under_the_pages_policy_on_a_plain_static_host(page: Any, other_origin: Any,
                                                                       violations: list[str],
                                                                       js_errors: list[str]) -> None:
    plain_static_site = other_origin(plain=True)  # no Content-Security-Policy header at all
    seen_headers: list[str] = []
    page.on("response", lambda r: seen_headers.append(r.headers.get("content-security-policy", "")))
    page.goto(plain_static_site + "?seed=4&speed=instant&lang=en")
    page.wait_for_selector("html[data-table=ready]", timeout=BOOT_MS)
    assert seen_headers and not any(seen_headers)  # no response carried a policy: only the page's <meta>
    _assert_clean(page, violations)
    probe = "() => import('data:text/javascript,export default 1').then(() => 'allowed', (e) => 'refused')"
    engine = [w for w in page.workers if w.evaluate("() => self.name") == "hzmj-engine"]
    assert len(engine) == 1
    assert engine[0].evaluate(probe) == "refused"  # the <meta> policy is in force inside the engine worker
    assert page.evaluate(probe) == "refused"
    violations.clear()
    js_errors[:] = [e for e in js_errors if "data:text/javascript" not in e]
