"""The page's own readers of outside input, run in Node: a name as it enters (typed, remembered, in a friend's
reply, sent by the host) cleaned of control characters, and a guest's message sent in parts that do not fit
together named as such by the host's relay."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

WEB = Path(__file__).resolve().parents[2] / "web"

_NODE = r"""
const [names, peer, host] = await Promise.all(process.argv.slice(1, 4).map((m) => import(m)));
const {cleanName} = names;
const cleaned = [' A\u0000li\u0007c\u001be ', 'Bob\u0085\u009b', 'x\ud800y', '\ud83c\udc04 麻将', 'a\t\n b',
  '一二三四五六七八九十一二三四五六七八', 42].map((v) => cleanName(v, 16));
const got = [];
const fakeChannel = {addEventListener() {}, readyState: 'open', send() {}};
const fakePc = {addEventListener() {}};
const link = new peer.Link(fakePc, fakeChannel, 4096);
link.onmessage = (text, why) => got.push([text, why ?? null]);
link.receive('\u00012\u0001{"t":');        // the first of two parts
link.receive('\u00015\u0001"ping"}');      // a part that does not follow it
link.receive('\u0001x\u0001abc');          // a part with no count
link.receive('\u00011\u0001{"t":"ping","at":1}');
link.receive({});
link.receive('y'.repeat(5000));
const table = Object.create(host.FriendsHost.prototype);
const words = got.map(([text, why]) => (text === null ? table.parse(text, why) : 'whole'));
process.stdout.write(JSON.stringify({cleaned, got: got.map(([t, w]) => [t === null ? null : 'text', w]), words}));
"""


@pytest.mark.host_only
def test_names_are_cleaned_and_broken_message_parts_are_named() -> None:
    mods = [(WEB / "names.mjs").as_uri(), (WEB / "net" / "peer.mjs").as_uri(), (WEB / "net" / "host.mjs").as_uri()]
    done = subprocess.run(["node", "--input-type=module", "-e", _NODE, *mods], capture_output=True, text=True,
                          check=True, timeout=60)
    out = json.loads(done.stdout)
    assert out["cleaned"] == ["Alice", "Bob", "xy", "\U0001f004 麻将", "a b", "一二三四五六七八九十一二三四五六", ""]
    assert out["got"] == [[None, "parts"], [None, "parts"], ["text", None], [None, "not_text"], [None, "too_long"]]
    assert out["words"] == ["a message sent in parts that do not fit together",
                            "a message sent in parts that do not fit together", "whole", "not text",
                            "longer than 4096 characters"]
