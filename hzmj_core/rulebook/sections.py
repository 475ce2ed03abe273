"""The shape of the rules reference: numbered sections with the same text in Chinese and English.

A section's text is a tuple of blocks in a small markup that both the Markdown writer and the page's rules view
read: a block starting ``- `` is a list item (consecutive items make one list), a block starting ``|`` is a
table row (the first row of a table is its head, cells split on ``|``), ``[[patterns]]`` and ``[[options]]``
stand for the engine's pattern register and option table, anything else is a paragraph. Inside a block,
```code```, ``**bold**`` and ``{tiles}`` (tile notation, drawn as tiles by the page) may appear.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..fan import PATTERNS
from ..options import OPTION_INFO, Options


@dataclass(frozen=True, slots=True)
class Section:
    """One numbered section: ``num`` is ``"7"`` for a chapter or ``"7.2"`` for a subsection."""

    num: str
    title_zh: str
    title_en: str
    zh: tuple[str, ...]
    en: tuple[str, ...]

    def __post_init__(self) -> None:
        if len(self.zh) != len(self.en):
            raise ValueError(f"section {self.num}: {len(self.zh)} Chinese blocks but {len(self.en)} English ones")

    def title(self, lang: str) -> str:
        """The title in ``lang`` (``"zh"`` or ``"en"``)."""
        return self.title_zh if lang == "zh" else self.title_en

    def blocks(self, lang: str) -> list[str]:
        """The text in ``lang`` with the engine's tables written out as table rows."""
        out: list[str] = []
        for block in self.zh if lang == "zh" else self.en:
            if block == "[[patterns]]":
                out.extend(pattern_rows(lang))
            elif block == "[[options]]":
                out.extend(option_rows(lang))
            else:
                out.append(block)
        return out


def pattern_rows(lang: str) -> list[str]:
    """The pattern register of :mod:`hzmj_core.fan` as table rows."""
    head = "|牌型|英文名|番" if lang == "zh" else "|Pattern|Chinese|Fan"
    rows = [head]
    for p in PATTERNS:
        rows.append(f"|{p.name_zh}|{p.name_en}|{p.fan_rule}" if lang == "zh" else
                    f"|{p.name_en}|{p.name_zh}|{p.fan_rule}")
    return rows


def _value(key: str, value: object, lang: str) -> str:
    zh, en = OPTION_INFO[key].label(value)
    return zh if lang == "zh" else en


def option_rows(lang: str) -> list[str]:
    """The option table of :mod:`hzmj_core.options` as table rows: name, key, values, default, section."""
    defaults = Options().to_json()
    rows = ["|选项|键|可选值|默认|章节" if lang == "zh" else "|Option|Key|Values|Default|Section"]
    for key, info in OPTION_INFO.items():
        if info.values is None:
            values = f"1–{info.max_value}"
        else:
            values = (" / " if lang == "en" else "、").join(_value(key, v, lang) for v in info.values)
        name = info.chinese if lang == "zh" else f"{info.english} ({info.chinese})"
        sections = ", ".join(f"§{s.strip()}" for s in info.section.split(","))
        rows.append(f"|{name}|`{key}`|{values}|{_value(key, defaults[key], lang)}|{sections}")
    return rows
