"""Widgets' markup with the engine's analysis carried inside it: ``python -m hzmj_core embed``, the webapi's
``embed`` method, the answer tables a lesson carries, and the build's job that carries our own pages."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from builder import widgets as builder_widgets
from hzmj_core import tutorial, webapi
from hzmj_core.tutorial.embed import answer_table

ROOT = Path(__file__).resolve().parents[2]


class _Widget(HTMLParser):
    """The first widget of some markup: its tag, its attributes and its carried JSON."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tag = ""
        self.attrs: dict[str, str] = {}
        self.data = ""
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag.startswith("hzmj-") and not self.tag:
            self.tag, self.attrs = tag, {k: v or "" for k, v in attrs}
        self._in_script = tag == "script" and ("type", "application/json") in attrs and not self.data

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.data += data


def parse(markup: str) -> tuple[str, dict[str, str], Any]:
    w = _Widget()
    w.feed(markup)
    return w.tag, w.attrs, json.loads(w.data)


def embed_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "hzmj_core", "embed", *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)


@pytest.mark.host_only
def test_the_command_prints_a_hand_with_the_engines_analysis_inside() -> None:
    done = embed_cli("1m1m 3m3m 5p5p 7p7p EE CC 9s9s", "--win-tile", "9s", "--lang", "en")
    assert done.returncode == 0, done.stderr
    tag, attrs, data = parse(done.stdout)
    assert tag == "hzmj-hand"
    assert attrs == {"tiles": "1m1m 3m3m 5p5p 7p7p EE CC 9s9s", "win-tile": "9s", "lang": "en"}
    assert data == json.loads(json.dumps(tutorial.carried_hand("1m1m 3m3m 5p5p 7p7p EE CC 9s9s", win_tile="9s")))
    assert data["analysis"]["evaluation"]["fan"] == 2
    assert len(data["analysis"]["split"]["groups"]) == 7
    assert done.stdout.count("\n") == 1  # one line to paste
    as_json = embed_cli("1m1m 3m3m 5p5p 7p7p EE CC 9s9s", "--win-tile", "9s", "--lang", "en", "--json")
    assert json.loads(as_json.stdout) == {"markup": done.stdout.strip(), "carried": data}


@pytest.mark.host_only
def test_the_command_prints_a_lesson_and_refuses_bad_input_by_name() -> None:
    done = embed_cli("--lesson", "baotou", "--lang", "zh")
    assert done.returncode == 0, done.stderr
    tag, attrs, data = parse(done.stdout)
    assert (tag, attrs) == ("hzmj-lesson", {"name": "baotou", "lang": "zh"})
    assert set(data["answers"]) == {ex["id"] for ex in data["lesson"]["exercises"]}
    for args, words in ((["1m2m"], "the hand has 2 tiles"), (["--lesson", "nope"], "--lesson: unknown lesson 'nope'"),
                        ([], "give the tiles of a hand"), (["P* 1m2m3m 4p5p6p 7s8s9s EEE", "--wildcard", "9x"],
                                                           "--wildcard"),
                        (["--lesson", "baotou", "--melds", "EEE"], "--lesson takes no tiles"),
                        (["1m2m3m 4p5p6p 7s8s9s EE", "--lang", "fr"], "invalid choice: 'fr'")):
        bad = embed_cli(*args)
        assert bad.returncode == 2 and words in bad.stderr, (args, bad.stderr)
        assert bad.stdout == ""


def test_markup_escapes_what_it_carries() -> None:
    caption = 'A "quoted" caption </script><b>&amp;'
    markup = tutorial.hand_markup("P* 1m2m3m 4p5p6p 7s8s9s EEE", caption=caption)
    body = markup[markup.index("<script"):]
    assert "</script>" not in body[:-len("</script></hzmj-hand>")]
    assert markup.count("<script") == 1 and "<b>" not in markup
    _, attrs, data = parse(markup)
    assert attrs["caption"] == caption  # the browser reads back what the author wrote
    assert data["analysis"]["baotou"] is True
    # the carried text holds no character that could end the element or start markup
    text = re.search(r'<script type="application/json">(.*)</script>', markup, re.S)
    assert text is not None and not set(text.group(1)) & {"<", ">", "&"}
    with pytest.raises(tutorial.LessonError, match="lang 'fr'"):
        tutorial.hand_markup("P* 1m2m3m 4p5p6p 7s8s9s EEE", lang="fr")


def test_the_webapi_method_gives_the_markup_and_refuses_as_the_engine_does() -> None:
    got = json.loads(webapi.call("embed", json.dumps({"tiles": "1m2m3m 4m5m6m 7s8s9s 4p5p EE", "lang": "zh"})))
    assert got["markup"] == tutorial.hand_markup("1m2m3m 4m5m6m 7s8s9s 4p5p EE", lang="zh")
    assert [w["tile"] for w in got["carried"]["analysis"]["waits"]] == ["3p", "6p"]
    lesson = json.loads(webapi.call("embed", json.dumps({"lesson": "caipiao"})))
    assert lesson["carried"]["lesson"] == tutorial.lesson("caipiao")
    for args, words in (({"tiles": "1x"}, "bad token 'x'"), ({"lesson": "nope"}, "unknown lesson"),
                        ({}, "give the tiles"), ({"tiles": "1m2m3m 4m5m6m 7s8s9s 4p5p EE", "lang": "fr"}, "'lang'")):
        with pytest.raises(webapi.ApiError, match=re.escape(words)):
            webapi.call("embed", json.dumps(args))


def verdict(table: dict[str, Any], answer: Any) -> dict[str, Any] | None:
    """The carried table's verdict on an answer, found as widget.mjs finds it (carriedVerdict)."""
    if table["mode"] == "choice":
        result: dict[str, Any] | None = table["results"].get(json.dumps(answer, ensure_ascii=False,
                                                                         separators=(",", ":")))
        return result
    if table["mode"] == "waits":
        if {t.rstrip("*") for t in answer["tiles"]} != set(table["expected"]["tiles"]):
            return dict(table["results"]["tiles"])
        return dict(table["results"]["right" if answer["left"] == table["expected"]["left"] else "left"])
    norm = sorted(set(answer)) if table["kind"] == "claimants" else answer
    return dict(table["results"]["right" if norm == table["expected"] else "wrong"])


def probes(ex: dict[str, Any], expected: Any) -> list[Any]:
    """Answers a reader can give: every offered choice, or the right answer and some wrong ones."""
    kind = ex["kind"]
    if kind in ("tile", "win_value"):
        return list(ex["choices"])
    if kind == "baotou_discard":
        return [t.rstrip("*") for t in ex["hand"]]
    if kind == "move":
        return [c["text"] for c in ex["candidates"]]
    if kind == "waits":
        tiles, left = expected["tiles"], expected["left"]
        return [{"tiles": tiles, "left": left}, {"tiles": tiles, "left": left + 2}, {"tiles": tiles[1:], "left": left},
                {"tiles": [*tiles, ex["palette"][-1]] if ex["palette"][-1] not in tiles else tiles[:-1], "left": 0},
                {"tiles": list(reversed(tiles)), "left": left}]
    if kind == "payments":
        return [expected, [-x for x in expected], [0, 0, 0, 0]]
    return [expected, list(reversed(expected)), [], [0, 1, 2, 3], [s for s in range(4) if s not in expected]]


@pytest.mark.parametrize("exercise_id", tutorial.exercise_ids())
def test_every_carried_verdict_is_the_engines_verdict(exercise_id: str) -> None:
    """For every exercise of the tutorial, each answer a reader can give gets from the carried table exactly
    what the engine's check gives it (the same verdict and the same explanation)."""
    table = json.loads(json.dumps(answer_table(exercise_id)))
    ex = tutorial.present(exercise_id)
    blank = {"waits": {"tiles": [], "left": 0}, "payments": [0, 0, 0, 0], "claimants": []}
    first = blank[ex["kind"]] if ex["kind"] in blank else probes(ex, None)[0]
    expected_answer = tutorial.check(exercise_id, first)["expected"]
    answers = probes(ex, expected_answer)
    assert answers
    seen = set()
    for answer in answers:
        live = json.loads(json.dumps(tutorial.check(exercise_id, answer)))
        carried = verdict(table, answer)
        assert carried == live, (exercise_id, answer)
        seen.add(live["correct"])
    assert True in seen  # the right answer is among them, and judged right from the page


def test_the_build_carries_our_pages_and_lists_what_a_widget_page_loads() -> None:
    page = ('<p>x</p><hzmj-hand id="a" tiles="1m2m3m 4m5m6m 7s8s9s 4p5p EE" caption="&quot;hi&quot;"></hzmj-hand>'
            '<hzmj-lesson name="baotou"></hzmj-lesson>')
    out = builder_widgets.carry(page)
    assert out.count('<script type="application/json">') == 2
    assert builder_widgets.carry(out) == out  # a widget that carries its analysis is left as it is
    _, attrs, data = parse(out)
    assert attrs["caption"] == '"hi"' and data == json.loads(json.dumps(tutorial.carried_hand(attrs["tiles"])))
    with pytest.raises(SystemExit, match=re.escape('demo.html: <hzmj-hand tiles="1m2m">: the hand has 2 tiles')):
        builder_widgets.carry('<hzmj-hand tiles="1m2m"></hzmj-hand>', "demo.html")
    with pytest.raises(SystemExit, match="name the lesson"):
        builder_widgets.carry("<hzmj-lesson></hzmj-lesson>", "demo.html")
    files = {
        "widget.mjs": b"import {a} from './x/a.mjs';\nconst later = () => import('./engine.mjs');\n",
        "x/a.mjs": b"import {b} from '../b.mjs';\nexport {c} from './c.mjs';\n",
        "b.mjs": b"", "x/c.mjs": b"", "engine.mjs": b"import {d} from './d.mjs';", "d.mjs": b"",
    }
    assert builder_widgets.imports(files, "widget.mjs") == ["b.mjs", "widget.mjs", "x/a.mjs", "x/c.mjs"]


def test_the_tutorial_page_carries_every_lesson_and_its_answers() -> None:
    data = json.loads(json.dumps(tutorial.carried_tutorial()))
    assert data["catalogue"] == tutorial.catalogue()
    assert list(data["lessons"]) == [c["id"] for c in data["catalogue"]]
    for lesson_id, own in data["lessons"].items():
        assert own["lesson"] == json.loads(json.dumps(tutorial.lesson(lesson_id)))
        assert list(own["answers"]) == [ex["id"] for ex in own["lesson"]["exercises"]]
