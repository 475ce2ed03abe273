"""Every English text the engine gives a player reads as English: Chinese only inside a gloss, no gloss inside
another parenthesis, no engine shorthand (tile codes, seat codes, "(s)", "^").

A gloss is exactly "Pinyin (术语, english words)" or "Pinyin (术语)": the pinyin of a term of
:data:`~hzmj_core.glossary.GLOSSARY`, then in parentheses that term and, optionally, a comma and its English.
Chinese anywhere else is bare. A gloss is stacked when it stands inside another pair of parentheses.
Tile pictures written ``{5p}`` in lesson text are drawn as tiles by the page and are not text.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from hzmj_core import webapi
from hzmj_core.glossary import GLOSSARY
from hzmj_core.reasons import CODES, Reason

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
_TERMS = "|".join(sorted(map(re.escape, GLOSSARY), key=len, reverse=True))
_PINYIN = "|".join(re.escape(p) for p, _ in GLOSSARY.values())
GLOSS = re.compile(rf"(?:{_PINYIN}) \((?:{_TERMS})(?:, [^()\u4e00-\u9fff]*)?\)", re.I)
"""A gloss: "Pinyin (术语, english)" or "Pinyin (术语)"."""
TILE_CODE = re.compile(r"(?<![\w{*“])(?:[1-9][mps]|[1-7]z)(?![\w}”])|(?<![\w{])[ESWNCFP]\*(?![\w}])")
"""A tile code standing as a word; a code in quotes (“5p”) is the notation lesson naming the code itself."""
SHORTHAND = re.compile(r"\(s\)|\^|\bS[0-3]\b")
PICTURE = re.compile(r"\{[^{}]*\}")


def _call(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


def _english(node: Any, english: bool = False) -> Iterator[str]:
    """The English strings in a JSON answer: under a key ``en``/``english``/``description`` or ending ``_en``."""
    if isinstance(node, str):
        if english:
            yield node
    elif isinstance(node, list):
        for item in node:
            yield from _english(item, english)
    elif isinstance(node, dict):
        if node.get("code") in CODES and isinstance(node.get("params"), dict):
            yield Reason(node["code"], node["params"]).text("en", 0)
        for key, value in node.items():
            yield from _english(value, english or key in ("en", "english", "description", "help_en")
                                or key.endswith("_en"))


def _exams() -> Iterator[tuple[str, str]]:
    levels = [lv["id"] for lv in _call("exam_levels")["levels"]]
    for level in levels:
        for seed in range(1, 9):
            exam = _call("exam_new", level=level, seed=seed)
            for i, _ in enumerate(exam["questions"]):
                checked = _call("exam_check", level=level, seed=seed, index=i, answer=None)
                for text in _english(checked):
                    yield f"exam {level} {seed} #{i}", text


def _lessons() -> Iterator[tuple[str, str]]:
    from hzmj_core.tutorial.presenting import exercise_ids
    for lesson in _call("lessons"):
        for text in _english(_call("lesson", id=lesson["id"])):
            yield f"lesson {lesson['id']}", text
    tries: list[Any] = [None, 0, 1, 2, 3, "5p", "1m", "9s", "E", "C", "F", "P", ["5p"], ["1m", "4m"], [0], [1, 2],
                        {"tile": "5p"}]
    for ex in exercise_ids():
        for answer in tries:
            try:
                got = json.loads(webapi.call("check_exercise", json.dumps({"id": ex, "answer": answer})))
            except webapi.ApiError:
                continue
            for text in _english(got):
                yield f"exercise {ex} {answer!r}", text


def _options() -> Iterator[tuple[str, str]]:
    for text in _english(_call("option_info")):
        yield "options", text
    for text in _english(_call("option_presets")):
        yield "presets", text
    for text in _english(_call("fan_table")):
        yield "fan table", text


def _games() -> Iterator[tuple[str, str]]:
    for seed in (3, 8, 21):
        _call("new_game", seed=seed, level="normal")
        for step in range(3000):
            st = _call("state")
            if st["hand_over"]:
                break
            if st["human_to_act"]:
                if step % 7 == 0:
                    for text in _english(_call("hint")):
                        yield f"hint {seed}", text
                _call("act", action=st["legal_actions"][-1]["text"])
            else:
                _call("bot_step")
        for text in _english(st):
            yield f"result {seed}", text
        log = json.loads(webapi.call("export_log_text"))
        started = json.loads(webapi.call("review_start", json.dumps({"log": log, "seat": 0})))
        got = started
        while not got.get("finished"):
            got = _call("review_step", count=50)
        for text in _english(got):
            yield f"review {seed}", text


def _reasons() -> Iterator[tuple[str, str]]:
    from test_reasons import _all_examples
    for r in _all_examples():
        yield f"reason {r.code}", r.text("en", 0)


def english_texts() -> list[tuple[str, str]]:
    """(where, text) for every English text collected, as the engine gives it (reasons glossed as the page does)."""
    out = []
    for source in (_exams, _lessons, _options, _games, _reasons):
        for where, text in source():
            out.append((where, text))
    return out


def faults(text: str) -> dict[str, list[str]]:
    """What is wrong with one English text, by fault."""
    plain = PICTURE.sub(" ", text)
    found: dict[str, list[str]] = {}
    bare = CJK.findall(GLOSS.sub(" ", plain))
    if bare:
        found["bare Chinese"] = bare
    stacked = []
    for m in GLOSS.finditer(plain):
        if plain[:m.start()].count("(") > plain[:m.start()].count(")"):
            stacked.append(m.group(0))
    if stacked:
        found["stacked gloss"] = stacked
    short = SHORTHAND.findall(plain) + TILE_CODE.findall(plain)
    if short:
        found["shorthand"] = short
    return found


def test_faults_are_found() -> None:
    assert faults("Laozhuang (老庄, the dealer's streak) then Laozhuang") == {}
    assert faults("{5p} is a tile") == {}
    assert faults("暴头 state") == {"bare Chinese": ["暴", "头"]}
    assert "stacked gloss" in faults("streak 3 (Laozhuang (老庄, the dealer's streak))")
    assert faults("1 time(s) and 2^2 from S0")["shorthand"] == ["(s)", "^", "S0"]
    assert faults("pong of 4p, 7z and P*")["shorthand"] == ["4p", "7z", "P*"]


def test_every_english_text_reads_as_english() -> None:
    bad: dict[str, list[tuple[str, str, list[str]]]] = {}
    for where, text in english_texts():
        for fault, what in faults(text).items():
            bad.setdefault(fault, []).append((where, text, what))
    assert not bad, {k: (len(v), v[:5]) for k, v in bad.items()}


if __name__ == "__main__":  # the counts by fault, texts counted once each
    import sys
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    counts: dict[str, set[str]] = {}
    for _, text in english_texts():
        for fault in faults(text):
            counts.setdefault(fault, set()).add(text)
    for fault, texts in sorted(counts.items()):
        print(fault, len(texts))
        for t in sorted(texts)[:int(sys.argv[1]) if len(sys.argv) > 1 else 0]:
            print("   ", t[:300])
