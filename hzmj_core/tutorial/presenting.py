"""What the page shows: the catalogue, a lesson with its blocks, and each exercise without its answer."""

from __future__ import annotations

from typing import Any

from ..glossary import gloss, pinyin
from ..log import hand_log
from ..tiles import NUM_KINDS, TILE_NAMES, Wildcards, parse_melds, parse_tile, parse_tiles
from ..view import SeatView, tile_marks
from .base import LessonError, names, seat_labels, wildcards_of
from .content import LESSON_BY_ID, LESSONS, exercise
from .positions import action_label, candidates, learner, position
from .widget import hand_widget


def catalogue() -> list[dict[str, Any]]:
    """The lessons in order: id, titles (English terms as "Baotou (暴头)", short for a list), one-line summaries and
    exercise ids."""
    return [{"id": les.id, "title_zh": les.title_zh, "title_en": pinyin(les.title_en), "summary_zh": les.summary_zh,
             "summary_en": gloss(les.summary_en), "exercises": [ex.id for ex in les.exercises]} for les in LESSONS]


def lesson(lesson_id: str) -> dict[str, Any]:
    """One lesson with its blocks and its exercises as the page shows them (without answers)."""
    les = LESSON_BY_ID.get(lesson_id)
    if les is None:
        raise LessonError(f"unknown lesson {lesson_id!r}: choose one of {', '.join(LESSON_BY_ID)}")
    index = [x.id for x in LESSONS].index(les.id)
    seen: set[str] = set()  # a lesson is one screen: each term glossed on its first use
    title_en, summary_en = gloss(les.title_en, seen), gloss(les.summary_en, seen)
    blocks = []
    for b in les.blocks:
        block = dict(b)
        for key in ("en", "caption_en"):
            if isinstance(block.get(key), str):
                block[key] = gloss(block[key], seen)
        if block.get("type") == "hand":
            block["marks"] = tile_marks(wildcards_of(block))
            if block.get("analyze"):
                block["analysis"] = hand_widget(str(block["tiles"]), wildcard=block.get("wildcard"))
        blocks.append(block)
    exercises = [present(ex.id) for ex in les.exercises]
    for ex in exercises:
        ex["prompt_en"] = gloss(ex["prompt_en"], seen)
    return {"id": les.id, "number": index + 1, "count": len(LESSONS), "title_zh": les.title_zh,
            "title_en": title_en, "summary_zh": les.summary_zh, "summary_en": summary_en,
            "blocks": blocks, "exercises": exercises,
            "prev": LESSONS[index - 1].id if index > 0 else None,
            "next": LESSONS[index + 1].id if index + 1 < len(LESSONS) else None}


def present(exercise_id: str) -> dict[str, Any]:
    """What the page needs to ask one exercise: the prompt, the tiles, the choices; never the answer."""
    ex = exercise(exercise_id)
    d = ex.data
    out: dict[str, Any] = {"id": ex.id, "kind": ex.kind, "prompt_zh": ex.prompt_zh, "prompt_en": ex.prompt_en,
                           "viewer": ex.viewer}
    if ex.viewer is not None:
        out["seat_names"] = seat_labels(ex.viewer)
    if ex.kind == "tile":
        out["choices"] = [TILE_NAMES[t] for t in parse_tiles(str(d["choices"]))]
    elif ex.kind in ("win_value", "payments"):
        wc = wildcards_of(d)
        tiles = parse_tiles(str(d["hand"]))
        win = parse_tile(str(d["win_tile"]))
        rest = list(tiles)
        rest.remove(win)
        out.update({"hand": names(sorted(rest), wc), "win_tile": wc.name(win), "win_type": d["win_type"],
                    "melds": [m.to_json() for m in parse_melds(str(d.get("melds", "")), wc)] if d.get("melds")
                    else [], "wildcard": _wildcard_json(wc)})
        if ex.kind == "win_value":
            out["choices"] = [None, 0, 1, 2, 3, 4]
        else:
            out.update({"winner": d["winner"], "dealer": d["dealer"], "streak": d["streak"],
                        "payer": d.get("payer"), "tan": d.get("tan", [])})
    elif ex.kind in ("baotou_discard", "waits"):
        wc = wildcards_of(d)
        out["hand"] = names(parse_tiles(str(d["hand"])), wc)
        out["wildcard"] = _wildcard_json(wc)
        if ex.kind == "waits":
            out["palette"] = [TILE_NAMES[k] for k in range(NUM_KINDS) if not wc.is_wild(k)]
    elif ex.kind == "move":
        pos = position(ex)
        r = pos.round
        seat = learner(ex)
        view = SeatView.of(r, seat).to_json()
        del view["legal_actions"]
        out["view"] = view
        out["seat"] = seat
        out["candidates"] = [action_label(a, r.wildcards) for a in candidates(r, seat)]
        out["log"] = hand_log(r, include_result=False)
    elif ex.kind == "claimants":
        pos = position(ex)
        r = pos.round
        last = next(e for e in reversed(r.events) if e["type"] == "discard")
        out.update({"claim": d["claim"], "discarder": last["seat"], "tile": last["tile"], "dealer": r.dealer,
                    "streak": r.streak, "wall_remaining": r.remaining,
                    "hands": [names(sorted(h), r.wildcards) if s != last["seat"] else [] for s, h in
                              enumerate(r.hands)],
                    "melds": [[m.to_json() for m in ms] for ms in r.melds],
                    "log": hand_log(r, include_result=False)})
    else:  # pragma: no cover - the catalogue only holds the kinds above
        raise LessonError(f"unknown exercise kind {ex.kind!r}")
    return out


def _wildcard_json(wc: Wildcards) -> dict[str, Any]:
    """The wildcard rule with its table of tile meanings (:func:`~hzmj_core.view.tile_marks`) for the page."""
    return {**wc.to_json(), "marks": tile_marks(wc)}


def exercise_ids() -> list[str]:
    """Every exercise id, in lesson order."""
    return [ex.id for les in LESSONS for ex in les.exercises]
