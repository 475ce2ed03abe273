"""Judging answers: one checker per exercise kind, each asking the engine for the right answer.

Nothing is stored: win evaluation, hand analysis, the round state machine (and its reasons for refusing a
move or a claim, :mod:`hzmj_core.reasons`) and the settlement give the expected answer and the explanation,
in Chinese and English, seats named from the learner's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from ..actions import Action, ActionError, ActionType
from ..analysis import analyze_hand
from ..fan import WinEvaluation, WinType, evaluate_win
from ..glossary import GLOSSARY, gloss
from ..hand import baotou_state, qike_state
from ..reasons import PAYMENT_EN, power_of_two, tile_words
from ..round import Phase, Round
from ..scoring import settle
from ..tiles import CHINESE_NAMES, TILE_NAMES, NotationError, parse_melds, parse_tile, parse_tiles
from ..winsplit import split_win
from .base import Exercise, LessonError, seat_label, seats_text, tile_text, wildcards_of
from .content import exercise
from .positions import action_label, candidates, learner, narrate, play_out, position


def _viewer(ex: Exercise) -> int:
    if ex.viewer is None:  # pragma: no cover - every exercise about seats names its learner
        raise LessonError(f"exercise {ex.id!r} names no learner seat")
    return ex.viewer


def _fan_text(ev: WinEvaluation | None) -> tuple[str, str]:
    """The win's name and worth. A name the glossary explains keeps its Chinese in the English, for
    :func:`~hzmj_core.glossary.gloss` to say what it is on first use ("Qing qidui (清七对, seven pairs without
    a wildcard)"), not the bare pinyin."""
    if ev is None:
        return "不是胡牌", "not a win"
    name_en = ev.name_zh if ev.name_zh in GLOSSARY else ev.name_en
    return (f"{ev.name_zh}，{ev.fan} 番（×{ev.multiplier}）",
            f"{name_en}, {ev.fan} fan (×{ev.multiplier})")


def _evaluate(data: Mapping[str, Any]) -> WinEvaluation | None:
    wc = wildcards_of(data)
    melds = parse_melds(str(data.get("melds", "")), wc) if data.get("melds") else []
    tiles = parse_tiles(str(data["hand"]))
    return evaluate_win(tiles, len(melds), parse_tile(str(data["win_tile"])), WinType(str(data["win_type"])), wc,
                        chain=tuple(data.get("chain", ())), m_turn=int(data.get("m_turn", 0)))


def _explain_no_win(data: Mapping[str, Any]) -> tuple[str, str]:
    """Why a hand that the engine refuses is not a win (the form, or the discard rule)."""
    if data.get("win_type") == "discard":
        self_drawn = _evaluate({**data, "win_type": "self_draw"})
        if self_drawn is not None:
            tiles = parse_tiles(str(data["hand"]))
            wc = wildcards_of(data)
            pre = list(tiles)
            pre.remove(parse_tile(str(data["win_tile"])))
            counts, w = wc.split(pre)
            state = "暴头" if baotou_state(counts, w) else "七客" if qike_state(counts, w, 0) else ""
            if state:
                return (f"牌型是胡牌，但摸牌前处于{state}状态，不能胡别人打的牌；自摸才算（{self_drawn.name_zh}）。",
                        gloss(f"The tiles form a win, but the hand was in {state} state, which may not win on a "
                              f"discard; only a self-draw counts ({self_drawn.name_en})."))
    return "这 14 张凑不成四组一对，也凑不成七对。", "These 14 tiles make neither four sets and a pair nor seven pairs."


def _result(correct: bool, zh: str, en: str, expected: Any, **extra: Any) -> dict[str, Any]:
    return {"correct": correct, "explanation_zh": zh, "explanation_en": en, "expected": expected, **extra}


def _tile_answer(answer: Any) -> int:
    try:
        return parse_tile(str(answer).rstrip("*"))
    except NotationError as exc:
        raise LessonError(f"the answer {answer!r} is not a tile: {exc}") from None


def _check_tile(ex: Exercise, answer: Any) -> dict[str, Any]:
    target = parse_tile(str(ex.data["target"]))
    got = _tile_answer(answer)
    ok = got == target
    zh = f"{TILE_NAMES[target]} 是「{CHINESE_NAMES[target]}」。"
    en = f"“{TILE_NAMES[target]}” is the {tile_words(TILE_NAMES[target], 'en')}."
    if not ok:
        zh += f"你选的 {TILE_NAMES[got]} 是「{CHINESE_NAMES[got]}」。"
        en += f" You picked “{TILE_NAMES[got]}”, the {tile_words(TILE_NAMES[got], 'en')}."
    return _result(ok, zh, en, TILE_NAMES[target])


def _check_win_value(ex: Exercise, answer: Any) -> dict[str, Any]:
    ev = _evaluate(ex.data)
    expected = None if ev is None else ev.fan
    if answer is not None and not isinstance(answer, int):
        raise LessonError("answer with null (no win) or the number of fan")
    ok = answer == expected
    if ev is None:
        zh, en = _explain_no_win(ex.data)
    else:
        fz, fe = _fan_text(ev)
        zh, en = f"胡牌：{fz}。", f"A win: {fe}."
    return _result(ok, zh, gloss(en), expected, evaluation=None if ev is None else ev.to_json(),
                   split=_split(ex.data, ev))


def _split(data: Mapping[str, Any], ev: WinEvaluation | None) -> dict[str, Any] | None:
    """How the hand splits into sets and a pair (or seven pairs), each tile with the face it counts as, a
    wildcard starred (:func:`~hzmj_core.winsplit.split_win`); for a hand that wins only by self-draw, that
    win's split; None for tiles that are no win at all."""
    if ev is None and data.get("win_type") == "discard":
        ev = _evaluate({**data, "win_type": "self_draw"})
    if ev is None:
        return None
    win = parse_tile(str(data["win_tile"]))
    wc = wildcards_of(data)
    split = split_win(parse_tiles(str(data["hand"])), wc, ev.form, win, ev.baotou)
    if split is None:  # pragma: no cover - the evaluation found this form
        return None
    return {"groups": [[{"tile": wc.name(t), "face": TILE_NAMES[f]} for t, f in g] for g in split.groups],
            "winning": None if split.winning is None else list(split.winning)}


def _check_baotou_discard(ex: Exercise, answer: Any) -> dict[str, Any]:
    wc = wildcards_of(ex.data)
    tiles = parse_tiles(str(ex.data["hand"]))
    good = []
    for t in sorted(set(tiles)):
        rest = list(tiles)
        rest.remove(t)
        counts, w = wc.split(rest)
        if baotou_state(counts, w):
            good.append(t)
    got = _tile_answer(answer)
    if got not in tiles:
        raise LessonError(f"{TILE_NAMES[got]} is not in the hand")
    names_zh = "或".join(tile_text([t], wc, "zh") for t in good)
    names_en = " or ".join(tile_text([t], wc, "en") for t in good)
    ok = got in good
    zh = f"打{names_zh}都能留下「财神 + 四组」。" if good else "这手牌打哪张都不是暴头。"
    en = f"Discarding {names_en} leaves “财神 + four sets”." if good else "No discard reaches 暴头 here."
    if not ok:
        zh = f"打{tile_text([got], wc, 'zh')}后去掉财神凑不成四组。" + zh
        en = f"After discarding {tile_text([got], wc, 'en')}, the tiles other than the 财神 are not four sets. " + en
    return _result(ok, zh, gloss(en), [TILE_NAMES[t] for t in good])


def _check_waits(ex: Exercise, answer: Any) -> dict[str, Any]:
    wc = wildcards_of(ex.data)
    info = analyze_hand(str(ex.data["hand"]), "", ex.data.get("wildcard"))
    expected_tiles = [w["tile"] for w in info["waits"] if w["remaining"] > 0 or not wc.is_wild(parse_tile(w["tile"]))]
    left = sum(w["remaining"] for w in info["waits"])
    if not isinstance(answer, dict):
        raise LessonError('answer with {"tiles": [...], "left": n}')
    try:
        got = sorted({parse_tile(str(t).rstrip("*")) for t in answer.get("tiles", [])})
    except NotationError as exc:
        raise LessonError(str(exc)) from None
    want = sorted(parse_tile(t) for t in expected_tiles)
    tiles_ok = got == want
    left_ok = answer.get("left") == left
    detail_zh = "、".join(f"{tile_words(w['tile'], 'zh')}×{w['remaining']}" for w in info["waits"])
    each_en = [f"the {tile_words(w['tile'], 'en')} ({w['remaining']} left)" for w in info["waits"]]
    detail_en = " or ".join(each_en) if len(each_en) < 3 else ", ".join(each_en[:-1]) + " or " + each_en[-1]
    zh = f"听{detail_zh}，共剩 {left} 张。"
    en = f"Waiting on {detail_en}: {left} {'tile' if left == 1 else 'tiles'} left in all."
    if not tiles_ok:
        zh, en = "听的牌不对。" + zh, "The waits are not right. " + en
    elif not left_ok:
        zh, en = "听的牌对了，张数不对。" + zh, "Right tiles, wrong count. " + en
    return _result(tiles_ok and left_ok, zh, en, {"tiles": expected_tiles, "left": left},
                   waits=info["waits"])


def _check_payments(ex: Exercise, answer: Any) -> dict[str, Any]:
    d = ex.data
    ev = _evaluate(d)
    if ev is None:  # pragma: no cover - the catalogue holds wins only
        raise LessonError("the exercise hand is not a win")
    tan = [[0] * 4 for _ in range(4)]
    for a, b, n in d.get("tan", []):
        tan[a][b] = n
    st = settle(int(d["winner"]), ev.fan, int(d["dealer"]), int(d["streak"]), int(d.get("base", 1)),
                d.get("payer"), tan=tan)
    if not isinstance(answer, list) or len(answer) != 4:
        raise LessonError("answer with the four point changes, one per seat in seat order")
    ok = [int(x) for x in answer] == list(st.deltas)
    z = 2 ** int(d["streak"])
    me = _viewer(ex)
    zh = (f"{ev.name_zh} {ev.fan} 番（×{ev.multiplier}），庄闲分 2^{d['streak']} = {z}。份额 "
          + "、".join(f"{seat_label(p, me, 'zh')} {st.shares[p]}" for p in range(4) if p != st.winner)
          + f"，合计 T = {st.total}。")
    en = (f"{ev.name_en}: {ev.fan} fan (×{ev.multiplier}); dealer factor "
          f"{power_of_two(int(d['streak']))} = {z}. Shares "
          + ", ".join(f"{seat_label(p, me, 'en')} {st.shares[p]}" for p in range(4) if p != st.winner)
          + f"; total T = {st.total}.")
    for pay in st.payments:
        zh += f" {seat_label(pay.payer, me, 'zh')}付 {pay.amount}（{pay.reason.chinese}）。"
        en += f" {seat_label(pay.payer, me, 'en')} pays {pay.amount}, {PAYMENT_EN[pay.reason]}."
    return _result(ok, zh, en, list(st.deltas), settlement=st.to_json())


def _check_move(ex: Exercise, answer: Any) -> dict[str, Any]:
    pos = position(ex)
    r = pos.round
    seat = learner(ex)
    try:
        act = Action.from_json(answer)
    except ActionError as exc:
        raise LessonError(str(exc)) from None
    if act.seat != seat:
        raise LessonError(f"the answer must be an action of the learner's seat {seat}")
    legal = r.legal_actions(seat)
    budget = int(ex.data.get("depth", 3))
    start = len(r.actions)
    values: dict[Action, tuple[int, Round]] = {}
    if ex.data.get("goal") == "best":
        for a in legal:
            nxt = copy.deepcopy(r)
            nxt.apply(a)
            values[a] = play_out(nxt, seat, pos.keep, budget)
        top = max(v for v, _ in values.values())
        right = [a for a in legal if values[a][0] == top]
    else:
        right = list(legal)
    expected = [str(a) for a in right]
    wc = r.wildcards
    if act not in legal:
        reason = r.explain_illegal(act)
        assert reason is not None
        return _result(False, f"不可以：{reason.zh(seat)}。", f"Not allowed: {reason.en(seat)}.", expected,
                       legal=False, reason=reason.to_json())
    if ex.data.get("goal") != "best":
        return _result(True, "可以，这是合法的出牌。", "Yes, that is a legal move.", expected, legal=True,
                       illegal=[action_label(a, wc) for a in candidates(r, seat) if a not in legal])
    mine, line = values[act]
    best_line = values[right[0]][1]
    ok = act in right
    if ok:
        zh = f"对！这样最后你得 {mine:+d} 分。"
        en = f"Right! This line ends with {mine:+d} for you."
    else:
        zh = f"这样只得 {mine:+d} 分；最好的打法能得 {top:+d}。"
        en = f"This line gives you {mine:+d}; the best play gives {top:+d}."
    return _result(ok, zh, en, expected, legal=True, line=narrate(line, start, seat),
                   best_line=narrate(best_line, start, seat))


def _check_claimants(ex: Exercise, answer: Any) -> dict[str, Any]:
    pos = position(ex)
    r = pos.round
    want = {"win": ActionType.WIN, "pong": ActionType.PONG, "chow": ActionType.CHOW}[str(ex.data["claim"])]
    options = r.claim_options if r.phase is Phase.CLAIM else {}
    seats = sorted(s for s, acts in options.items() if any(a.type is want for a in acts))
    if not isinstance(answer, list) or not all(isinstance(s, int) and 0 <= s <= 3 for s in answer):
        raise LessonError("answer with a list of seats, e.g. [1, 3]")
    ok = sorted(set(answer)) == seats
    me = _viewer(ex)
    last = next(e for e in reversed(r.events) if e["type"] == "discard")
    d = int(last["seat"])
    x = r.claim_tile if r.claim_tile is not None else parse_tile(str(last["tile"]))
    reasons_zh: list[str] = []
    reasons_en: list[str] = []
    for q in ((d + i) % 4 for i in (1, 2, 3)):
        if q in seats:
            continue
        why = r.why_no_claim(q, want, x, d)
        if why is not None:
            reasons_zh.append(f"{seat_label(q, me, 'zh')}：{why.zh(me)}")
            reasons_en.append(f"{seat_label(q, me, 'en')}: {why.en(me)}")
    zh = (f"可以{want.chinese}的是：{seats_text(seats, me, 'zh')}。" + "；".join(reasons_zh)
          + ("。" if reasons_zh else ""))
    en = f"May {want.value}: {seats_text(seats, me, 'en')}. " + "; ".join(reasons_en) + ("." if reasons_en else "")
    return _result(ok, zh, en, seats)


_CHECKERS: dict[str, Callable[[Exercise, Any], dict[str, Any]]] = {
    "tile": _check_tile,
    "win_value": _check_win_value,
    "baotou_discard": _check_baotou_discard,
    "waits": _check_waits,
    "payments": _check_payments,
    "move": _check_move,
    "claimants": _check_claimants,
}


def check(exercise_id: str, answer: Any) -> dict[str, Any]:
    """Judge an answer: ``{correct, explanation_zh, explanation_en, expected, ...}``, all from the engine."""
    ex = exercise(exercise_id)
    try:
        return _CHECKERS[ex.kind](ex, answer)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"the answer {answer!r} cannot be read: {exc}") from None
