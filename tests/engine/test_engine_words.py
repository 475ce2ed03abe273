"""web/engine-words.mjs is generated from the engine's words (builder/words.py) and committed: it must be current."""

from __future__ import annotations

import json
import subprocess

import pytest

from builder import words
from hzmj_core import reasons
from hzmj_core.actions import ACTION_WORDS
from hzmj_core.glossary import GLOSSARY
from hzmj_core.scoring import PaymentReason


@pytest.mark.host_only  # reads web/ and builder/ from the checkout
def test_the_committed_page_words_are_what_the_engine_gives() -> None:
    assert words.is_current(), f"web/engine-words.mjs is stale: run `{words.COMMAND}`"


@pytest.mark.host_only
def test_a_changed_engine_word_makes_the_file_stale(monkeypatch: pytest.MonkeyPatch) -> None:
    zh, en = reasons._TEMPLATES["hand_over"]
    monkeypatch.setitem(reasons._TEMPLATES, "hand_over", (zh, en + "!"))
    assert not words.is_current()
    assert "the hand is over!" in words.module_text()


@pytest.mark.host_only  # node in a subprocess
def test_the_module_holds_the_engine_tables() -> None:
    script = ("const m = await import(process.argv[1]);\n"
              "process.stdout.write(JSON.stringify({templates: m.TEMPLATES, actions: m.ACTION_WORDS,"
              " glossary: m.GLOSSARY, fields: m.LOG_FIELDS, tiles: m.TILE_WORDS, pays: m.PAYMENT_WORDS}));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script, words.TARGET.as_uri()],
                          capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(done.stdout)
    assert list(got["templates"]) == list(reasons.CODES)
    assert got["templates"]["not_in_hand"] == list(reasons._TEMPLATES["not_in_hand"])
    assert got["actions"]["exposed_kong"]["group"] == "kong"
    assert [t for t in got["actions"]] == [t.value for t in ACTION_WORDS]
    assert got["glossary"] == {k: list(v) for k, v in GLOSSARY.items()}
    assert got["fields"] == {k: list(v) for k, v in reasons.LOG_FIELDS.items()}
    assert got["tiles"]["3p"] == ["三筒", "3 of Dots"] and got["tiles"]["C"] == ["红中", "Red dragon"]
    assert {reason: pair[0] for reason, pair in got["pays"].items()} == {r.value: r.chinese for r in PaymentReason}


@pytest.mark.host_only  # node in a subprocess
def test_the_page_reads_action_groups_and_kong_events_of_both_schemas_from_the_engine_tables() -> None:
    from hzmj_core.actions import CLAIM_TYPES, GROUP_WORDS, ActionType

    module = words.TARGET.parent / "actions.mjs"
    events = [{"type": "exposed_kong", "seat": 1, "tile": "5p"}, {"type": "kong", "kind": "exposed_kong", "from": 0},
              {"type": "kong", "kind": "exposed", "from": 0}, {"type": "kong", "kind": "concealed_kong"},
              {"type": "kong", "kind": "added"}, {"type": "chow"}, {"type": "discard"}, {"type": "win"},
              {"type": "draw"}, {"type": "pass"}]
    script = ("import {readFileSync} from 'node:fs';\n"
              "const a = await import(process.argv[1]);\n"
              "const events = JSON.parse(readFileSync(0, 'utf8'));\n"
              "process.stdout.write(JSON.stringify({groups: a.GROUPS,"
              " labels: a.GROUPS.map((g) => [a.groupLabel(g, 'zh'), a.groupLabel(g, 'en')]), claims: "
              "['chow', 'pong', 'exposed_kong', 'concealed_kong', 'added_kong', 'discard', 'win', 'pass']"
              ".filter(a.isClaim), events: events.map((e) => [a.eventAction(e), a.eventGroup(e), a.isMeldEvent(e)]),"
              " keys: [' ', 'Escape', 'h', 'K', '2', 'n', 'q'].map(a.groupOfKey)}));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script, module.as_uri()], input=json.dumps(events),
                          capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(done.stdout)
    assert got["groups"] == list(GROUP_WORDS) and got["labels"] == [list(v) for v in GROUP_WORDS.values()]
    assert set(GROUP_WORDS) == {t.ui_group for t in ActionType}
    assert got["claims"] == [t.value for t in CLAIM_TYPES]
    assert got["events"] == [
        ["exposed_kong", "kong", True], ["exposed_kong", "kong", True], ["exposed_kong", "kong", True],
        ["concealed_kong", "kong", True], ["added_kong", "kong", True], ["chow", "chow", True],
        ["discard", "discard", False], ["win", "win", False], [None, None, False], [None, None, False]]
    assert got["keys"] == ["pass", "pass", "win", "kong", "chow2", "next", None]
