"""术语表: the Hangzhou Mahjong terms English text keeps, as pinyin with a short gloss on first use.

English words for players name these terms the way a Hangzhou player says them, in pinyin, and explain each the
first time it appears on a screen: "Baotou (暴头, a wait that any draw completes)", then "Baotou".
:func:`gloss` does it to a text written with the Chinese terms in it (the English templates of
:mod:`hzmj_core.reasons`, the review, the lessons and the exam keep the Chinese term, so the wording lives here
once). The page's ``web/glossary.mjs`` does the same with this table (generated into ``web/engine-words.mjs`` by
``python3 -m builder.words``); ``tests/engine/test_glossary.py`` requires the two to give the same.
"""

from __future__ import annotations

import re
from functools import cache

GLOSSARY: dict[str, tuple[str, str]] = {
    "有财必暴头": ("Youcai bi baotou", "holding a wildcard, win only by self-draw in Baotou"),
    "吃后限打": ("Chihou xianda", "the discard ban after a chow"),
    "三摊承包": ("Santan chengbao", "liability for a third claim on one player"),
    "倒承包": ("Dao chengbao", "the liability turned back on the claimer"),
    "承包": ("Chengbao", "liability: one player pays for all"),
    "三摊": ("Santan", "three claims on one player"),
    "白板财神": ("Baiban caishen", "the White dragons as the wildcards"),
    "翻财神": ("Fan caishen", "the wildcard chosen by a flipped tile"),
    "财神": ("Caishen", "the wildcard"),
    "暴头": ("Baotou", "a wait that any draw completes, the wildcard left free"),
    "七客": ("Qike", "seven pairs waiting on any draw"),
    "清七对": ("Qing qidui", "seven pairs without a wildcard"),
    "豪华": ("Haohua", "seven pairs holding four of a kind"),
    "双杠开": ("Shuang gangkai", "a win after two kongs in a row"),
    "杠开": ("Gangkai", "a win on a kong's replacement tile"),
    "杠暴": ("Gangbao", "Baotou won on a kong's replacement tile"),
    "杠飘": ("Gangpiao", "a Piao right after a kong"),
    "双财飘": ("Shuang caipiao", "two Piao in a row"),
    "财飘": ("Caipiao", "discarding the wildcard in Baotou to win double"),
    "飘": ("Piao", "discarding the wildcard in Baotou to win double"),
    "抓打": ("Zhuada", "the freeze after a wildcard is discarded"),
    "摊": ("Tan", "a claim on one player's discard"),
    "老庄": ("Laozhuang", "the dealer's streak"),
    "平庄": ("Pingzhuang", "a new dealer"),
    "漏碰": ("Loupeng", "a passed pong"),
    "漏胡": ("Louhu", "a passed win"),
    "流局": ("Liuju", "a drawn hand"),
    "放铳": ("Fangchong", "discarding another player's winning tile"),
    "底分": ("Difen", "the base score"),
    "听牌": ("Tingpai", "a ready hand"),
}
"""Chinese term → (pinyin, short English gloss), longest terms first where one holds another."""

@cache
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """Built on first use (two long alternations; a first table needs neither).

    The first finds a term standing on its own in English text (inside a longer Chinese word, such as 笃二老庄,
    it stays as it is); the second a term already followed by its pinyin ("暴头 (baotou)"), where the pinyin goes
    and the gloss gives it; the third a gloss already written out ("Zhuada (抓打, the freeze …)"), which goes back
    to its term so that the screen glosses it once."""
    terms = re.compile("(?<![\u4e00-\u9fff])(?:" + "|".join(sorted(map(re.escape, GLOSSARY), key=len, reverse=True))
                       + ")(?![\u4e00-\u9fff])")
    spelled_out = "|".join(re.escape(p) for p, _ in GLOSSARY.values())
    written = "|".join(re.escape(f"{p} ({t}, {m})") for t, (p, m) in GLOSSARY.items())
    return terms, re.compile("(" + terms.pattern + r") \((?i:" + spelled_out + r")\)"), re.compile(written)


def gloss(text: str, seen: set[str] | None = None) -> str:
    """English ``text`` with each Chinese term of :data:`GLOSSARY` as pinyin, glossed the first time:
    "in 暴头 state" → "in Baotou (暴头, a wait that any draw completes, the wildcard left free) state". ``seen``
    holds the terms already glossed on the screen (updated); a term in parentheses right after its pinyin
    ("Baotou (暴头)") is left as it is, a gloss already written out counts as its term; a term inside
    parentheses is its pinyin alone, never a gloss within a gloss ("streak 3 (老庄)" → "streak 3 (Laozhuang)"),
    and is glossed where it next stands outside them."""
    done = seen if seen is not None else set()
    terms, spelled, written = _patterns()
    text = written.sub(lambda m: m.group(0).split(" (", 2)[-1].split(",", 1)[0], text)
    text = spelled.sub(lambda m: m.group(1), text)

    def one(m: re.Match[str]) -> str:
        term = m.group(0)
        pinyin, meaning = GLOSSARY[term]
        before = text[:m.start()]
        if before.endswith(f"{pinyin} (") or before.endswith(f"{pinyin.lower()} ("):
            done.add(term)
            return term
        if term in done or before.count("(") > before.count(")"):
            return pinyin  # no gloss inside another parenthesis: there the term is its pinyin alone
        done.add(term)
        return f"{pinyin} ({term}, {meaning})"

    return terms.sub(one, text)


def pinyin(text: str) -> str:
    """English ``text`` with each Chinese term as "Pinyin (term)", without the gloss: for a short label such as a
    lesson's title in a list ("Baotou (暴头) and its discard")."""

    def one(m: re.Match[str]) -> str:
        term = m.group(0)
        name = GLOSSARY[term][0]
        return term if text[:m.start()].endswith(f"{name} (") else f"{name} ({term})"

    return _patterns()[0].sub(one, text)


__all__ = ["GLOSSARY", "gloss", "pinyin"]
