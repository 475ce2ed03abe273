"""Widgets with their analysis carried in the page: what ``python -m hzmj_core embed`` prints.

A ``<hzmj-hand>`` or ``<hzmj-lesson>`` written with a ``<script type="application/json">`` child holding
what the engine says about it is drawn by the widget script with no Python runtime: the hand's analysis
(:func:`~.widget.hand_widget`), or the lesson (:func:`~.presenting.lesson`) with, for each exercise, the
engine's verdict and explanation of every answer the page lets a reader give (:func:`answer_table`). The
carried data names the attributes it was computed for (``for``), so a widget whose attributes were edited
afterwards asks the engine instead of showing an analysis of another hand.
"""

from __future__ import annotations

import html
import json
from typing import Any

from .base import LessonError
from .checking import check
from .content import exercise
from .presenting import catalogue, lesson, present
from .widget import hand_widget

CARRIED_FORMAT = 1
"""The version of the carried data's shape; the widget script ignores data of another version."""

LANGS = ("zh", "en")


def _key(answer: Any) -> str:
    """The key of an answer in a choice table: its JSON text, as the page writes it (``JSON.stringify``)."""
    return json.dumps(answer, ensure_ascii=False, separators=(",", ":"))


def answer_table(exercise_id: str) -> dict[str, Any]:
    """The engine's verdict on every answer the page can give to one exercise, for answering with no runtime.

    ``kind`` is the exercise's kind; ``mode`` says how the page finds the verdict of an answer:

    ``choice``
        ``results`` maps each answer the page offers (a tile, a fan count or null, an action's text) as its
        JSON text to the engine's result.
    ``waits``
        ``expected`` is ``{"tiles", "left"}``; ``results`` holds ``right``, ``tiles`` (the tiles are wrong)
        and ``left`` (right tiles, wrong count).
    ``exact``
        ``expected`` is the one right answer (the four point changes, or the sorted seats that may claim);
        ``results`` holds ``right`` and ``wrong`` (the explanation does not depend on the wrong answer).
    """
    ex = exercise(exercise_id)
    shown = present(exercise_id)
    if ex.kind in ("tile", "win_value", "baotou_discard", "move"):
        if ex.kind == "baotou_discard":
            answers: list[Any] = sorted({t.rstrip("*") for t in shown["hand"]})
        elif ex.kind == "move":
            answers = [c["text"] for c in shown["candidates"]]
        else:
            answers = list(shown["choices"])
        return {"mode": "choice", "kind": ex.kind, "results": {_key(a): check(exercise_id, a) for a in answers}}
    probe: Any = {"waits": {"tiles": [], "left": 0}, "payments": [0, 0, 0, 0]}.get(ex.kind, [])
    right = check(exercise_id, probe)["expected"]
    if ex.kind == "waits":
        tiles, left = right["tiles"], right["left"]
        wrong_tiles = [t for t in shown["palette"] if t not in tiles][:1] + tiles[1:]
        return {"mode": "waits", "kind": ex.kind, "expected": right, "results": {
            "right": check(exercise_id, {"tiles": tiles, "left": left}),
            "tiles": check(exercise_id, {"tiles": wrong_tiles, "left": left}),
            "left": check(exercise_id, {"tiles": tiles, "left": left + 1})}}
    if ex.kind == "payments":
        wrong: Any = [right[0] + 1, *right[1:]]
    elif ex.kind == "claimants":
        wrong = [] if right else [next(s for s in range(4) if s != shown["discarder"])]
    else:  # pragma: no cover - the catalogue holds only the kinds above
        raise LessonError(f"unknown exercise kind {ex.kind!r}")
    return {"mode": "exact", "kind": ex.kind, "expected": right,
            "results": {"right": check(exercise_id, right), "wrong": check(exercise_id, wrong)}}


def carried_hand(tiles: str, melds: str = "", wildcard: str | None = None,
                 win_tile: str | None = None) -> dict[str, Any]:
    """What a ``<hzmj-hand>`` carries: the engine's analysis and the attributes it is the analysis of.

    A bad hand raises :class:`~hzmj_core.analysis.AnalysisError` naming what was wrong.
    """
    return {"format": CARRIED_FORMAT, "kind": "hand",
            "for": {"tiles": tiles, "melds": melds, "wildcard": wildcard or "", "win-tile": win_tile or ""},
            "analysis": hand_widget(tiles, melds, wildcard or None, win_tile or None)}


def carried_lesson(name: str) -> dict[str, Any]:
    """What a ``<hzmj-lesson>`` carries: the lesson as the page shows it and every exercise's answer table.

    An unknown lesson raises :class:`~.base.LessonError` listing the lessons.
    """
    data = lesson(name)
    return {"format": CARRIED_FORMAT, "kind": "lesson", "for": {"name": name}, "lesson": data,
            "answers": {ex["id"]: answer_table(ex["id"]) for ex in data["exercises"]}}


def carried_tutorial() -> dict[str, Any]:
    """What the tutorial page carries: the catalogue and every lesson with its exercises' answer tables, so the
    page shows the lessons and judges answers with no runtime."""
    return {"format": CARRIED_FORMAT, "kind": "tutorial", "catalogue": catalogue(),
            "lessons": {c["id"]: {"lesson": (data := carried_lesson(c["id"]))["lesson"], "answers": data["answers"]}
                        for c in catalogue()}}


def json_block(data: dict[str, Any]) -> str:
    """The carried data as the text of a ``<script type="application/json">``: no ``<`` can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _attrs(pairs: list[tuple[str, str | None]]) -> str:
    return "".join(f' {k}="{html.escape(v, quote=True)}"' for k, v in pairs if v)


def _check_lang(lang: str | None) -> None:
    if lang is not None and lang not in LANGS:
        raise LessonError(f"lang {lang!r} is not one of {', '.join(LANGS)}")


def hand_markup(tiles: str, melds: str = "", wildcard: str | None = None, win_tile: str | None = None,
                lang: str | None = None, caption: str | None = None) -> str:
    """The markup of a ``<hzmj-hand>`` with its analysis carried inside it (one line)."""
    _check_lang(lang)
    data = carried_hand(tiles, melds, wildcard, win_tile)
    attrs = _attrs([("tiles", tiles), ("melds", melds), ("wildcard", wildcard), ("win-tile", win_tile),
                    ("lang", lang), ("caption", caption)])
    return f'<hzmj-hand{attrs}><script type="application/json">{json_block(data)}</script></hzmj-hand>'


def lesson_markup(name: str, lang: str | None = None) -> str:
    """The markup of a ``<hzmj-lesson>`` with its lesson and answers carried inside it (one line)."""
    _check_lang(lang)
    data = carried_lesson(name)
    attrs = _attrs([("name", name), ("lang", lang)])
    return f'<hzmj-lesson{attrs}><script type="application/json">{json_block(data)}</script></hzmj-lesson>'


def embed(args: dict[str, Any]) -> dict[str, Any]:
    """The ``embed`` method of the web API: ``{"markup", "carried"}`` for a hand (``tiles``, ``melds``,
    ``wildcard``, ``win_tile``, ``caption``) or, with ``lesson``, for a lesson; ``lang`` is written as the
    widget's language."""
    if args.get("lesson"):
        name = str(args["lesson"])
        return {"markup": lesson_markup(name, args.get("lang") or None), "carried": carried_lesson(name)}
    if not args.get("tiles"):
        raise LessonError("give the tiles of a hand, or a lesson's name")
    tiles, melds = str(args["tiles"]), str(args.get("melds") or "")
    wildcard, win_tile = args.get("wildcard") or None, args.get("win_tile") or None
    markup = hand_markup(tiles, melds, wildcard, win_tile, args.get("lang") or None, args.get("caption") or None)
    return {"markup": markup, "carried": carried_hand(tiles, melds, wildcard, win_tile)}
