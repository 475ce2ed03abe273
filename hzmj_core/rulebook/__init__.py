"""The rules reference of the project, in Chinese and English, with worked examples computed by the engine.

The reference is data: numbered sections (:mod:`.play`, :mod:`.score`) and examples (:mod:`.examples`). From it
come ``docs/rules.md`` (English), ``docs/rules.zh.md`` (Chinese) and ``web/rules/data.mjs``, the data of the
page's rules view (规则). Code cites the rules as "rules.md §7.2". Regenerate after a change with::

    python -m hzmj_core.rulebook          # writes the three files
    python -m hzmj_core.rulebook --check  # exit status 1 if one is out of date
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from .examples import EXAMPLES, Example, Outcome, compute
from .play import PLAY
from .score import SCORE
from .sections import Section

__all__ = ["EXAMPLES", "SECTIONS", "Section", "generated_files", "markdown", "page_data", "section_numbers"]

GROUPS: tuple[tuple[str, str, str], ...] = (
    ("14.1", "平胡与老庄", "Plain wins and the streak"),
    ("14.2", "暴头与财飘", "Baotou and caipiao"),
    ("14.3", "杠", "Kongs"),
    ("14.4", "七对一族", "The seven pairs family"),
    ("14.5", "不能和的牌与放铳", "No win, and discard wins"),
    ("14.6", "吃碰的限制与摊数", "Claim restrictions and caps"),
    ("14.7", "承包", "Contracts"),
    ("14.8", "翻财神", "Flipped wildcards"),
    ("14.9", "牌墙、选项与一整局", "The wall, options and a whole game"),
)
"""The subsections of §14 that the examples are listed under."""

_EXAMPLES_INTRO = (
    ("除非另有说明：白板财神（`P*` 是财神），默认选项，S0 坐庄，一老庄，底分 1，和牌者是 S1。"
     "每个例子的结果都由引擎计算，测试检查它们与规则所说的一致。",),
    ("Unless stated otherwise: white dragons wild (`P*` is a wildcard), the default options, S0 deals at streak 1 "
     "with base 1, and S1 wins. Every result below is computed by the engine, and a test checks that it is what "
     "the rules say.",),
)

SECTIONS: tuple[Section, ...] = (
    *PLAY,
    *SCORE,
    Section("14", "例题", "Worked examples", *_EXAMPLES_INTRO),
    *(Section(num, zh, en, (), ()) for num, zh, en in GROUPS),
)
"""Every section, in order."""

_ROOT = Path(__file__).resolve().parents[2]
TARGETS = {"en": "docs/rules.md", "zh": "docs/rules.zh.md", "page": "web/rules/data.mjs"}
"""Where the generated files live, relative to the repository."""


def section_numbers() -> set[str]:
    """Every section number (``"7"``, ``"7.2"``, ...) a citation may name."""
    return {s.num for s in SECTIONS}


def _slug(heading: str) -> str:
    """The anchor a Markdown viewer (GitHub's rule) gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def _md_inline(text: str) -> str:
    return re.sub(r"\{([^}]+)\}", r"`\1`", text)


def _md_blocks(blocks: list[str]) -> list[str]:
    out: list[str] = []
    prev = ""
    for block in blocks:
        kind = "li" if block.startswith("- ") else "tr" if block.startswith("|") else "p"
        if out and not (kind == prev and kind != "p"):
            out.append("")
        if kind == "tr":
            cells = block[1:].split("|")
            out.append("| " + " | ".join(_md_inline(c) for c in cells) + " |")
            if prev != "tr":
                out.append("|" + "---|" * len(cells))
        else:
            out.append(_md_inline(block))
        prev = kind
    return out


def _options_line(ex: Example, lang: str) -> str:
    from ..options import OPTION_INFO

    parts = []
    for key, value in ex.options:
        zh, en = OPTION_INFO[key].label(value)
        parts.append(f"{OPTION_INFO[key].chinese}：{zh}" if lang == "zh" else f"{OPTION_INFO[key].english}: {en}")
    return ("；" if lang == "zh" else "; ").join(parts)


def _example_facts(ex: Example, lang: str) -> list[str]:
    """The hand and settings of an example, as lines of notation."""
    zh = lang == "zh"
    lines = []
    if ex.kind in ("win", "chow_ban"):
        label = ("手牌" if zh else "Hand") if ex.kind == "win" else ("吃用的两张" if zh else "Hand tiles")
        lines.append(f"{label}: {{{ex.hand}}} + {{{ex.tile}}}")
    if ex.melds:
        lines.append(("副露" if zh else "Melds") + ": " + " ".join(f"{{{m}}}" for m in ex.melds.split()))
    if ex.indicator:
        lines.append(("翻出的指示牌" if zh else "Indicator") + f": {{{ex.indicator}}}")
    if ex.options:
        lines.append(("选项" if zh else "Options") + ": " + _options_line(ex, lang))
    return lines


def _example_md(ex: Example, out: Outcome, lang: str) -> list[str]:
    title = ex.title_zh if lang == "zh" else ex.title_en
    cites = ", ".join(f"§{c.strip()}" for c in ex.cites.split(","))
    lines = [f"**{ex.key} — {title}** ({cites})", "", _md_inline(ex.text_zh if lang == "zh" else ex.text_en), ""]
    facts = _example_facts(ex, lang)
    lines += [f"- {_md_inline(fact)}" for fact in facts]
    if facts:
        lines.append("")
    for line in out.lines_zh if lang == "zh" else out.lines_en:
        lines.append(f"> {_md_inline(line)}  ")
    lines.append("")
    return lines


def markdown(lang: str) -> str:
    """The whole reference as Markdown in ``lang`` (``"zh"`` or ``"en"``)."""
    zh = lang == "zh"
    other = "rules.md" if zh else "rules.zh.md"
    head = [
        "# 杭州麻将规则" if zh else "# Hangzhou Mahjong rules (杭州麻将)",
        "",
        (f"本文由 `python -m hzmj_core.rulebook` 从 `hzmj_core/rulebook/` 生成，请勿手改；英文版见 [{other}]({other})。"
         "代码以“rules.md §7.2”的形式引用章节，中英文两版章节编号相同。" if zh else
         f"Generated by `python -m hzmj_core.rulebook` from `hzmj_core/rulebook/`: do not edit by hand. The "
         f"Chinese text is [{other}]({other}). Code cites sections as \"rules.md §7.2\"; both languages share the "
         "numbers."),
        "",
    ]
    toc = [f"- [§{s.num} {s.title(lang)}](#{_slug(f'{s.num}. {s.title(lang)}')})" for s in SECTIONS if "." not in s.num]
    lines = [*head, "## 目录" if zh else "## Contents", "", *toc, ""]
    outcomes = {ex.key: compute(ex) for ex in EXAMPLES}
    for s in SECTIONS:
        level = "##" if "." not in s.num else "###"
        lines += [f"{level} {s.num}{'.' if '.' not in s.num else ''} {s.title(lang)}", ""]
        body = _md_blocks(s.blocks(lang))
        if body:
            lines += [*body, ""]
        for ex in EXAMPLES:
            if ex.group == s.num:
                lines += _example_md(ex, outcomes[ex.key], lang)
    return "\n".join(lines).rstrip("\n") + "\n"


def page_data() -> dict[str, object]:
    """The data of the page's rules view: every section and example with its words in both languages."""
    sections = [{"num": s.num, "title": {"zh": s.title_zh, "en": s.title_en},
                 "blocks": {"zh": s.blocks("zh"), "en": s.blocks("en")}} for s in SECTIONS]
    examples = []
    for ex in EXAMPLES:
        out = compute(ex)
        examples.append({
            "key": ex.key, "group": ex.group, "cites": [c.strip() for c in ex.cites.split(",")],
            "title": {"zh": ex.title_zh, "en": ex.title_en}, "text": {"zh": ex.text_zh, "en": ex.text_en},
            "facts": {"zh": _example_facts(ex, "zh"), "en": _example_facts(ex, "en")},
            "result": {"zh": list(out.lines_zh), "en": list(out.lines_en)},
        })
    return {"sections": sections, "examples": examples}


def page_module() -> str:
    """``web/rules/data.mjs``: the page data as an ES module."""
    body = json.dumps(page_data(), ensure_ascii=False, indent=1)
    return ("// Generated by `python -m hzmj_core.rulebook` from hzmj_core/rulebook/ (the rules reference, with "
            "examples\n// computed by the engine): do not edit by hand. tests/engine/test_rulebook.py checks it "
            f"is current.\nexport const RULES = {body};\n")


def generated_files() -> dict[str, str]:
    """Each generated file (path relative to the repository) with the text it must have."""
    return {TARGETS["en"]: markdown("en"), TARGETS["zh"]: markdown("zh"), TARGETS["page"]: page_module()}


def stale_files(root: Path = _ROOT) -> list[str]:
    """The generated files under ``root`` that differ from what the reference gives now."""
    return [p for p, text in generated_files().items()
            if not (root / p).is_file() or (root / p).read_text(encoding="utf-8") != text]


def write(root: Path = _ROOT) -> list[str]:
    """Write the generated files that changed under ``root``; returns their paths."""
    changed = stale_files(root)
    files = generated_files()
    for p in changed:
        (root / p).parent.mkdir(parents=True, exist_ok=True)
        (root / p).write_text(files[p], encoding="utf-8")
    return changed
