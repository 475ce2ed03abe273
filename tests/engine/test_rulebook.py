"""The rules reference (docs/rules.md, docs/rules.zh.md, web/rules/data.mjs): generated files current, every worked
example still what the rules say, both languages alike, and every "rules.md §" citation in the repository
pointing at a section that exists."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from hzmj_core.rulebook import EXAMPLES, SECTIONS, generated_files, section_numbers, stale_files
from hzmj_core.rulebook.examples import Example, compute

ROOT = Path(__file__).resolve().parents[2]


def tracked(*patterns: str) -> list[Path]:
    out = subprocess.run(["git", "ls-files", *patterns], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [ROOT / line for line in out.splitlines() if (ROOT / line).is_file()]


def test_generated_files_are_current() -> None:
    assert stale_files() == [], "run: python -m hzmj_core.rulebook"


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e.key for e in EXAMPLES])
def test_example_holds(ex: Example) -> None:
    """The engine's outcome of each example is what the rules say it is."""
    values = compute(ex).values
    assert ex.expect, f"{ex.key} states no expected outcome"
    assert {k: values.get(k) for k in ex.expect} == ex.expect


@pytest.mark.parametrize("lang, path", [("en", "docs/rules.md"), ("zh", "docs/rules.zh.md")])
def test_doc_shows_each_example_as_computed(lang: str, path: str) -> None:
    """Recompute every example and find its result, line by line, under its heading in the committed doc."""
    text = (ROOT / path).read_text(encoding="utf-8")
    for ex in EXAMPLES:
        at = text.index(f"**{ex.key} — ")
        out = compute(ex)
        block = text[at:text.find("**EX", at + 4) if text.find("**EX", at + 4) > 0 else len(text)]
        for line in out.lines_zh if lang == "zh" else out.lines_en:
            assert "> " + re.sub(r"\{([^}]+)\}", r"`\1`", line) in block, (ex.key, line)


def test_example_keys_are_numbered_in_order() -> None:
    assert [e.key for e in EXAMPLES] == [f"EX{i}" for i in range(1, len(EXAMPLES) + 1)]
    groups = [s.num for s in SECTIONS if s.num.startswith("14.")]
    assert {e.group for e in EXAMPLES} == set(groups)


def test_languages_have_the_same_shape() -> None:
    """Each section has, block for block, the same kind of block (paragraph, list item, table row) in both."""
    def kind(b: str) -> str:
        return "li" if b.startswith("- ") else "tr" if b.startswith("|") else "p"

    for s in SECTIONS:
        zh, en = s.blocks("zh"), s.blocks("en")
        assert [kind(b) for b in zh] == [kind(b) for b in en], s.num
        for a, b in zip(zh, en, strict=True):
            if kind(a) == "tr":
                assert a.count("|") == b.count("|"), (s.num, a, b)
            assert sorted(re.findall(r"\{[^}]+\}", a)) == sorted(re.findall(r"\{[^}]+\}", b)), (s.num, a, b)


def test_section_numbers_are_unique_and_ordered() -> None:
    nums = [s.num for s in SECTIONS]
    assert len(nums) == len(set(nums))
    keys = [tuple(int(p) for p in n.split(".")) for n in nums]
    assert keys == sorted(keys)


CITATION = re.compile(r"rules(?:\.zh)?\.md((?:,? ?§\s?[0-9]+(?:\.[0-9]+)?)+)")


@pytest.mark.host_only  # git ls-files: a subprocess, none in Pyodide
def test_every_citation_names_a_section() -> None:
    """"rules.md §7.2" (and lists like "rules.md §5.5, §10.3") anywhere tracked names existing sections."""
    known = section_numbers()
    found = 0
    for path in tracked("*.py", "*.md", "*.mjs", "*.js", "*.html", "*.css"):
        text = path.read_text(encoding="utf-8", errors="replace")
        for m in CITATION.finditer(text):
            for num in re.findall(r"§\s?([0-9]+(?:\.[0-9]+)?)", m.group(1)):
                found += 1
                assert num in known, f"{path.relative_to(ROOT)} cites rules.md §{num}, which does not exist"
    assert found > 40


@pytest.mark.host_only  # git ls-files: a subprocess, none in Pyodide
def test_citations_name_the_reference_in_the_repository() -> None:
    """The old citation form (the capitalised name and a section sign, or its file name) named a document
    outside the repository; citations name docs/rules.md."""
    old = re.compile(r"RULES(?: §|\.md| chapter| notation| Appendix)")
    hits = [str(p.relative_to(ROOT)) for p in tracked("*.py", "*.md", "*.mjs", "*.js", "*.html")
            if old.search(p.read_text(encoding="utf-8", errors="replace"))]
    assert hits == []


@pytest.mark.host_only  # git ls-files: a subprocess, none in Pyodide
def test_nothing_points_outside_the_repository() -> None:
    hits = [str(p.relative_to(ROOT)) for p in tracked()
            if p.suffix in {".py", ".md", ".mjs", ".js", ".html", ".toml", ".sh", ".txt", ".json"}
            and re.search(r"\.\./shared|shared/RUL[E]S", p.read_text(encoding="utf-8", errors="replace"))]
    assert hits == []


def test_page_data_is_bilingual() -> None:
    data = generated_files()["web/rules/data.mjs"]
    assert "export const RULES = " in data
    for s in SECTIONS:
        assert s.title_zh and s.title_en, s.num
