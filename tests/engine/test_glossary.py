"""术语表: Chinese terms in English text become pinyin, glossed once; the page glosses as the engine does."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from hzmj_core.glossary import GLOSSARY, gloss

CJK = re.compile(r"[\u4e00-\u9fff]")
GLOSSED = re.compile(r"\((?:" + "|".join(map(re.escape, GLOSSARY)) + r"), [^()]*\)")


def test_first_use_glossed_then_pinyin() -> None:
    seen: set[str] = set()
    assert gloss("in 暴头 state the 财神 waits", seen) == (
        "in Baotou (暴头, a wait that any draw completes, the wildcard left free) state the Caishen (财神, the "
        "wildcard) waits")
    assert gloss("暴头 again", seen) == "Baotou again"  # the same screen: glossed once
    assert gloss("Baotou (暴头) as the result screen writes it") == "Baotou (暴头) as the result screen writes it"
    assert gloss("三摊承包 then 承包") == ("Santan chengbao (三摊承包, liability for a third claim on one player) then "
                                    "Chengbao (承包, liability: one player pays for all)")


def test_no_gloss_inside_a_parenthesis_and_a_written_gloss_counts_once() -> None:
    assert gloss("streak 3 (老庄), then 老庄") == "streak 3 (Laozhuang), then Laozhuang (老庄, the dealer's streak)"
    seen: set[str] = set()
    first = gloss("the 抓打 is on", seen)
    assert first == "the Zhuada (抓打, the freeze after a wildcard is discarded) is on"
    assert gloss(f"again: {first}", seen) == "again: the Zhuada is on"  # already glossed on this screen
    assert gloss(first) == first  # a text glossed once is glossed as it is


def test_every_english_reason_keeps_chinese_only_in_a_gloss() -> None:
    from test_reasons import _all_examples
    for r in _all_examples():
        text = r.text("en", 0)
        assert not CJK.search(GLOSSED.sub("", text)), (r, text)


def test_glosses_are_english() -> None:
    for term, (pinyin, meaning) in GLOSSARY.items():
        assert not CJK.search(pinyin + meaning) and pinyin[0].isupper(), term


@pytest.mark.host_only  # node in a subprocess
def test_the_page_glosses_as_the_engine_does() -> None:
    module = Path(__file__).resolve().parents[2] / "web" / "glossary.mjs"
    texts = ["in 暴头 state", "财神 and 暴头 and 财神", "Qike (七客)", "吃后限打: no", "倒承包 or 承包", "plain",
             "in 暴头 (baotou) state", "杠飘 and 飘, 白板财神", "笃二老庄 and 老庄", "streak 3 (老庄) then 老庄",
             "老庄 and Laozhuang (老庄, the dealer's streak) again"]
    script = ("import {readFileSync} from 'node:fs';\n"
              "const {gloss} = await import(process.argv[1]);\n"
              "const texts = JSON.parse(readFileSync(0, 'utf8'));\n"
              "process.stdout.write(JSON.stringify({out: texts.map((t) => gloss(t))}));\n")
    done = subprocess.run(["node", "--input-type=module", "-e", script, module.as_uri()], input=json.dumps(texts),
                          capture_output=True, text=True, check=True, timeout=60)
    got = json.loads(done.stdout)
    assert got["out"] == [gloss(t) for t in texts]
