"""The exam (考级): every kind's answer against an independent computation, exams from seeds, grading, codes.

References: the brute-force hand evaluator of ``test_hand`` (rules.md §6) for wins, waits, states and unseen
counts; rules.md §7 for fan, §10 and the §14 worked examples for payments, §5.7 for the chow ban, §8 for the next
dealer, §10.4 for the end of the game; the rules of §4.3, §5.5, §5.6, §9 and the last 20 tiles for claims.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from test_hand import ref_sets_appendix_a, ref_standard, ref_win

from hzmj_core.exam import ExamError, grade, make_exam
from hzmj_core.exam.base import FIXED, Question
from hzmj_core.exam.certificate import CodeError, exam_code, verify_exam
from hzmj_core.exam.exams import LEVELS, exam_json
from hzmj_core.exam.kinds import KINDS, hecut
from hzmj_core.rng import Rng, derive_seed
from hzmj_core.tiles import NUM_KINDS, TILE_NAMES, parse_tile, parse_tiles

BANDS = (1, 2, 3, 4)
SAMPLES = 6


def questions(kind: str, n: int = SAMPLES) -> list[Question]:
    return [KINDS[kind](Rng(derive_seed(4242, i, b)), b) for b in BANDS for i in range(n)]


def counts_of(tiles: Sequence[int]) -> tuple[list[int], int]:
    c = [0] * NUM_KINDS
    w = 0
    for t in tiles:
        if FIXED.is_wild(t):
            w += 1
        else:
            c[t] += 1
    return c, w


def hand_of(q: Question) -> tuple[list[int], int]:
    return parse_tiles(q.position["hand"]), len(q.position["melds"])


def ref_waits(tiles: Sequence[int], melds: int) -> list[int]:
    c, w = counts_of(tiles)
    out = []
    for f in range(NUM_KINDS):
        c[f] += 1
        if ref_win(c, w, melds):
            out.append(f)
        c[f] -= 1
    return out


# ---------------------------------------------------------------------- hands


def test_complete_against_brute_force() -> None:
    seen = set()
    for q in questions("complete"):
        tiles, melds = hand_of(q)
        assert len(tiles) + 3 * melds == 14
        c, w = counts_of(tiles)
        assert q.answer is ref_win(c, w, melds)
        seen.add(q.answer)
    assert seen == {True, False}


def test_waits_against_brute_force() -> None:
    for q in questions("waits"):
        tiles, melds = hand_of(q)
        assert q.answer == [TILE_NAMES[f] for f in ref_waits(tiles, melds)]
        assert q.answer


def test_state_against_any_draw_wins() -> None:
    """暴头 or 七客 state is exactly 'every draw wins' (rules.md §6.3); which one is told by its definition."""
    for q in questions("state"):
        tiles, _ = hand_of(q)
        c, w = counts_of(tiles)
        every = len(ref_waits(tiles, 0)) == NUM_KINDS
        assert (q.answer != "neither") is every
        bt = w >= 1 and _sets_only(c, w - 1)
        qk = w > sum(x % 2 for x in c)
        assert q.answer == ("both" if bt and qk else "baotou" if bt else "qike" if qk else "neither")


def _sets_only(c: list[int], w: int) -> bool:
    return ref_sets_appendix_a(list(c), w)


def test_unseen_against_brute_force() -> None:
    for q in questions("unseen"):
        tiles, melds = hand_of(q)
        seen = parse_tiles(q.position["seen"])
        held = tiles + [t for m in q.position["melds"] for t in parse_tiles(m)]
        c, w = counts_of(tiles)
        total = 0
        for k in range(NUM_KINDS):
            d = list(c)
            if FIXED.is_wild(k):
                wins = ref_win(d, w + 1, melds)
            else:
                d[k] += 1
                wins = ref_win(d, w, melds)
            if wins:
                total += 4 - held.count(k) - seen.count(k)
        assert q.answer == total
        assert total in [ch["value"] for ch in q.choices or ()]


# ---------------------------------------------------------------------- fan (rules.md §7)


def ref_fan(q: Question) -> int:
    pos = q.position
    tiles = parse_tiles(pos["hand"])
    win = parse_tile(pos["win_tile"].rstrip("*"))
    melds = len(pos["melds"])
    chain = pos["chain"]
    c, w = counts_of(tiles)
    full_c, full_w = counts_of([*tiles, win])
    n, m = chain.count("piao"), chain.count("kong")
    self_drawn = pos["win_type"] != "discard"
    baotou = w >= 1 and _sets_only(c, w - 1)
    qike = melds == 0 and w > sum(x % 2 for x in c)
    cands = []
    if ref_standard(full_c, full_w):
        if not self_drawn:
            cands.append(0)
        elif baotou:
            cands.append(1 + n + m)
        else:
            cands.append(m if pos["win_type"] == "replacement" else 0)
    if melds == 0 and full_w >= sum(x % 2 for x in full_c):
        g = sum(1 for x in full_c if x == 4)
        if full_w == 0:
            cands.append(2 + g)
        elif qike and self_drawn:
            cands.append(2 + g + n)
        else:
            cands.append(1 + g)
    return max(cands)


def test_pattern_fan_against_rules_table() -> None:
    for q in questions("pattern"):
        _, fan = q.answer.split(":")
        assert int(fan) == ref_fan(q), q.position
        assert q.answer in [c["value"] for c in q.choices or ()]


# ---------------------------------------------------------------------- payments (rules.md §10, §14)


def ref_settle(winner: int, fan: int, dealer: int, streak: int, base: int, payer: int | None,
               tan: list[list[int]] | None = None) -> list[int]:
    share = [0] * 4
    for p in range(4):
        if p != winner:
            share[p] = base * 2 ** fan * (2 ** streak if dealer in (winner, p) else 1)
    t = sum(share)
    tan = tan or [[0] * 4 for _ in range(4)]
    r1 = [b for b in range(4) if b != winner and tan[winner][b] >= 3]
    r2 = [a for a in range(4) if a != winner and tan[a][winner] >= 3]
    pay = [0] * 4
    if payer is not None:
        pay[payer] += t
    elif not r1 and not r2:
        pay = list(share)
    for b in r1:
        pay[b] += t
    for a in r2:
        pay[a] += 2 * t
    out = [-x for x in pay]
    out[winner] = sum(pay)
    return out


@pytest.mark.parametrize(("args", "expected"), [
    ((1, 0, 0, 1, 1, None), [-2, 4, -1, -1]),       # EX1
    ((1, 0, 0, 3, 1, None), [-8, 10, -1, -1]),      # EX2
    ((0, 0, 0, 2, 2, None), [24, -8, -8, -8]),      # EX3
    ((0, 0, 0, 3, 1, 2), [24, 0, -24, 0]),          # EX24
    ((1, 0, 0, 3, 1, 0), [-10, 10, 0, 0]),          # EX27
    ((2, 1, 0, 1, 1, None), [-4, -2, 8, -2]),       # EX4
    ((0, 3, 0, 3, 1, None), [192, -64, -64, -64]),  # EX7
])
def test_payment_reference_matches_rules_examples(args: tuple[Any, ...], expected: list[int]) -> None:
    assert ref_settle(*args) == expected


def test_contract_reference_matches_rules_examples() -> None:
    tan = [[0] * 4 for _ in range(4)]
    tan[1][0] = 3
    assert ref_settle(1, 1, 0, 3, 1, None, tan) == [-20, 20, 0, 0]        # EX41
    assert ref_settle(0, 0, 0, 3, 1, None, tan) == [48, -48, 0, 0]        # EX42
    tan2 = [[0] * 4 for _ in range(4)]
    tan2[0][3] = 3
    tan2[1][0] = 3
    assert ref_settle(0, 0, 0, 3, 1, None, tan2) == [72, -48, 0, -24]     # EX43
    tan3 = [[0] * 4 for _ in range(4)]
    tan3[0][3] = 3
    assert ref_settle(0, 0, 0, 3, 1, 2, tan3) == [48, 0, -24, -24]        # EX44


@pytest.mark.parametrize("kind", ["payment", "chengbao"])
def test_payments_against_rules_formula(kind: str) -> None:
    for q in questions(kind):
        p = q.position
        assert q.answer == ref_settle(p["winner"], p["fan"], p["dealer"], p["streak"], p["base"], p["payer"],
                                      p.get("tan"))
        values = [c["value"] for c in q.choices or ()]
        assert q.answer in values and len(values) == 4 and len({json.dumps(v) for v in values}) == 4


# ---------------------------------------------------------------------- claims, chow ban, dealer, end


def test_claims_follow_the_rules() -> None:
    for q in questions("claims", 3):
        p = q.position
        legal = set(q.answer)
        values = [c["value"] for c in q.choices or ()]
        assert legal <= set(values) and values
        facts = " ".join(p["facts_en"])
        if "freeze is still on" in facts:
            assert not legal or p["discarder"] == 0
        if p["remaining"] <= 20:
            assert not any(v.startswith(("chow", "pong", "exposed_kong")) for v in legal)
        discard_win_live = p["streak"] == 3 and (p["dealer"] == 0) != (p["discarder"] == p["dealer"])
        if not discard_win_live:
            assert "win" not in legal
        if "passed a pong" in facts:
            face = p["discard"]
            assert f"pong {face}{face}" not in legal or f"of {_en(face)}" not in facts
        if p["discarder"] != 3:
            assert not any(v.startswith("chow") for v in legal)
        for c in q.choices or ():
            said = f"{c['en']}: legal" in q.explanation_en
            assert said is (c["value"] in legal)


def _en(face: str) -> str:
    from hzmj_core.reasons import tile_words
    return tile_words(face, "en")


def test_chow_discard_against_rules() -> None:
    for q in questions("chow_discard"):
        claimed = parse_tile(q.position["claimed"])
        held = sorted(parse_tile(t) for t in q.position["chow_with"])
        run = sorted([claimed, *held])
        ban = {claimed}
        if claimed == run[0] and run[2] % 9 < 8:
            ban.add(run[2] + 1)
        if claimed == run[2] and run[0] % 9 > 0:
            ban.add(run[0] - 1)
        assert q.answer == [TILE_NAMES[f] for f in sorted(ban)]


def test_next_dealer_against_rules() -> None:
    for q in questions("next_dealer"):
        p = q.position
        text = q.prompt_en
        start = 2 if "笃二老庄" in text else 1
        d, s, w = p["dealer"], p["streak"], p["winner"]
        if w is None:
            expected = [d, s if "adds no" in text else min(s + 1, 3)]
        elif w == d:
            expected = [d, min(s + 1, 3)]
        elif "next seat" in text:
            expected = [(d + 1) % 4, start]
        else:
            expected = [w, start]
        assert q.answer == expected


def test_match_end_against_rules() -> None:
    seen = set()
    for q in questions("match_end"):
        p = q.position
        after = [a + b for a, b in zip(p["points"], p["deltas"], strict=True)]
        w = p["winner"]
        assert q.answer is (w is not None and w != p["dealer"] and min(after) <= 0)
        seen.add(q.answer)
    assert seen == {True, False}


# ---------------------------------------------------------------------- 何切


def test_hecut_is_right_exactly_when_the_coach_says_so() -> None:
    from hzmj_core.log import hand_log
    from hzmj_core.review import review
    for b in BANDS:
        q = KINDS["hecut"](Rng(derive_seed(77, b)), b)
        tiles = parse_tiles(q.position["hand"])
        assert len(tiles) == 14 and not ref_win(*counts_of(tiles), 0)
        view = hecut.view_of(tiles)
        j = hecut.judgement(view)
        by_tile = hecut.discards(view)
        assert q.answer == TILE_NAMES[j.choice.tile or 0] and j.choice in by_tile.values()
        for t, a in by_tile.items():
            assert q.right(q.read(TILE_NAMES[t])) == (not j.mistake(a)), TILE_NAMES[t]
            assert q.position["values"][TILE_NAMES[t]] == round(j.value(a), 3)
        assert len(q.accepted or []) < len(by_tile)
        # the explanation's values are the review's: a 复盘 of a wrong discard in this position shows the same
        wrong = next(t for t in by_tile if TILE_NAMES[t] not in (q.accepted or []))
        r = hecut.round_of(tiles)
        r.apply(by_tile[wrong])
        it = next(x for x in review(hand_log(r), 0)["items"] if x["step"] == 0)
        assert it["mistake"] and it["taken_value"] == round(j.value(by_tile[wrong]), 2)
        assert it["choice_value"] == round(j.value(j.choice), 2)
        assert f"{j.value(by_tile[wrong]):+.2f}" in q.explanation_en


def test_hecut_bands_split_the_basic_bot() -> None:
    """The basic bot's discard is always right in band 1 and right less often in the hardest band (a small
    version of benchmarks/bench_exam.py)."""
    from hzmj_core.bots import make_bot
    rates: dict[int, list[bool]] = {1: [], 4: []}
    rng = Rng(31)
    for _ in range(200):
        if len(rates[1]) >= 5 and len(rates[4]) >= 4:
            break
        hand = hecut._hand(rng)
        if hand is None:
            continue
        c, w = counts_of(hand)
        if ref_win(c, w, 0) or len({t for t in hand if not FIXED.is_wild(t)}) < 3:
            continue
        view = hecut.view_of(hand)
        vals = hecut.estimate(view)
        if len(vals) < 2 or len(hecut.accepted(vals)) == len(vals):
            continue
        band = hecut.band_of(hand, vals)
        if band in rates:
            pick = make_bot("basic", 0).choose(view).tile
            rates[band].append(pick in hecut.accepted(vals))
    assert len(rates[1]) >= 5 and len(rates[4]) >= 4
    assert all(rates[1])
    assert sum(rates[4]) < len(rates[4])


# ---------------------------------------------------------------------- exams, grading, codes


def right_sheet(level: str, seed: int) -> list[Any]:
    return [q.answer for q in make_exam(level, seed)[2]]


def wrong_answer(q: Question) -> Any:
    if q.answer_type == "choice":
        return next(c["value"] for c in q.choices or () if c["value"] != q.answer)
    if q.answer_type == "multi":
        return [] if q.answer else [q.choices[0]["value"]] if q.choices else []
    if q.answer_type == "faces":
        return [] if q.answer else ["1m"]
    return next(c["value"] for c in q.choices or () if c["value"] not in (q.accepted or [q.answer]))


@pytest.mark.parametrize("level", list(LEVELS))
def test_same_seed_same_exam_and_distinct_kinds(level: str) -> None:
    a = exam_json(*make_exam(level, 9), with_answers=True)
    b = exam_json(*make_exam(level, 9), with_answers=True)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    c = exam_json(*make_exam(level, 10), with_answers=True)
    assert json.dumps(a["questions"]) != json.dumps(c["questions"])
    kinds = [q["kind"] for q in a["questions"]]
    assert len(kinds) == LEVELS[level].questions == len(set(kinds))
    assert a["minutes"] == 10 and a["pass_mark"] == LEVELS[level].pass_mark
    for q in a["questions"]:
        assert {"kind", "position", "prompt_zh", "prompt_en", "answer"} <= q.keys()
        assert {"hand", "melds", "wildcard"} <= q["position"].keys()
        assert not any(s in q["explanation_en"] for s in ("S0 ", "S1 ", " 5m", "discard 6"))


@pytest.mark.parametrize("level", list(LEVELS))
def test_right_sheet_passes_wrong_sheet_fails(level: str) -> None:
    qs = make_exam(level, 21)[2]
    assert grade(level, 21, right_sheet(level, 21)).passed
    wrong = [wrong_answer(q) for q in qs]
    g = grade(level, 21, wrong)
    assert g.score == 0 and not g.passed
    mixed = right_sheet(level, 21)
    for i in range(10 - LEVELS[level].pass_mark + 1):
        mixed[i] = wrong_answer(qs[i])
    assert not grade(level, 21, mixed).passed
    assert grade(level, 21, [None] * 10).score == 0


def test_bad_sheets_are_refused() -> None:
    with pytest.raises(ExamError, match="level"):
        grade("pro", 1, [None] * 10)
    with pytest.raises(ExamError, match="10 answers"):
        grade("registered", 1, [None] * 9)
    qs = make_exam("registered", 1)[2]
    i = next(i for i, q in enumerate(qs) if q.answer_type == "choice")
    sheet: list[Any] = [None] * 10
    sheet[i] = "nonsense"
    with pytest.raises(ExamError, match=f"answer {i + 1}"):
        grade("registered", 1, sheet)


def _code(level: str, seed: int, answers: list[Any], name: str = "", date: str | None = None) -> str:
    g = grade(level, seed, answers)
    return exam_code(g.level, g.seed, [q.pack(a) for q, a in zip(g.questions, g.answers, strict=True)],
                     [q.radix() for q in g.questions], date, name)


def test_code_round_trips_and_tampering_is_refused() -> None:
    sheet = right_sheet("amateur1", 5)
    code = _code("amateur1", 5, sheet, "Li Wei", "2026-12-06")
    assert len(code.replace("-", "")) <= 48
    v = verify_exam(code, "li wei")
    assert v["valid"] and v["level"] == "amateur1" and v["right"] == 10 and v["date"] == "2026-12-06"
    assert v["answers"] == grade("amateur1", 5, sheet).answers
    with pytest.raises(CodeError, match="name"):
        verify_exam(code, "Someone Else")
    flat = code.replace("-", "")
    for i in range(0, len(flat), 3):
        bad = flat[:i] + ("B" if flat[i] != "B" else "C") + flat[i + 1:]
        with pytest.raises(CodeError):
            verify_exam(bad)
    with pytest.raises(CodeError):
        verify_exam(flat[:-2])
    with pytest.raises(CodeError):
        verify_exam("hello!")


def test_a_code_edited_in_its_last_characters_unused_bits_is_refused() -> None:
    """Base 32 leaves bits of the last character unused; a code with them set decodes to the same bytes, so the
    check alone passed it as valid."""
    import base64
    code = _code("amateur1", 5, right_sheet("amateur1", 5), "Li Wei", "2026-12-06")
    flat = code.replace("-", "")
    assert len(flat) * 5 % 8  # some bits of the last character are unused
    raw = base64.b32decode(flat + "=" * (-len(flat) % 8))
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
    idx = last.index(flat[-1])
    edited = flat[:-1] + last[idx ^ 1]  # only the lowest bit, which no byte uses
    assert base64.b32decode(edited + "=" * (-len(edited) % 8)) == raw
    with pytest.raises(CodeError):
        verify_exam(edited)
    assert verify_exam(flat)["valid"]


def test_code_of_a_failed_exam_does_not_verify() -> None:
    qs = make_exam("registered", 8)[2]
    code = _code("registered", 8, [wrong_answer(q) for q in qs])
    with pytest.raises(CodeError, match="pass mark"):
        verify_exam(code)
