"""At a friends table the result screen names people by the names they gave, the seat's word second: the host
("老王") and a guest at the host's right ("小明") play a hand with two bots, each by taps on its own page; on
the host's page the guest is "小明（下家）" and on the guest's page the host is "老王（上家）" (or "老王 (Left)"),
while the bots' seats and the player's own keep their plain words."""

from __future__ import annotations

from typing import Any

from test_friends import TABLE, Pages, accept, invite, join, open_host, pages, play_hand  # noqa: F401 (the fixture)


def test_the_result_names_people_by_their_names(pages: Pages, site: Any) -> None:  # noqa: F811 (the fixture)
    host = open_host(pages, site, "?seed=7&speed=instant&lang=zh")
    host.click("#btn-menu")
    host.click("#m-friends")
    host.fill("#fr-name", "老王")
    host.locator("#fr-name").dispatch_event("change")
    host.click("#fr-cancel")
    links = invite(host, (1,))
    guest = pages.new("guest1")
    first = join(guest, links[1])
    guest.fill("#join-name", "小明")
    guest.locator("#join-name").dispatch_event("change")
    guest.wait_for_function("(old) => { const v = document.getElementById('join-reply').value; "
                            "return v && v !== old; }", arg=first)
    accept(host, 1, guest.locator("#join-reply").input_value())
    host.click("#fr-start[data-action=start-friends]")
    guest.wait_for_selector(TABLE, timeout=30_000)
    play_hand([host, guest])
    at_host = host.locator("#settle-body").inner_text()
    at_guest = guest.locator("#settle-body").inner_text()
    assert "小明（下家）" in at_host, at_host
    assert "老王（上家）" in at_guest or "老王 (Left)" in at_guest, at_guest   # (the guest's page may be in English)
    # the bots' seats keep their words, and nobody's own line carries a name
    assert "对家" in at_host and "（对家）" not in at_host
    assert "老王" not in at_host and "小明" not in at_guest
