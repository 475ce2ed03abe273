"""Hints for a human player, from that player's own view (the same analysis the bots use).

:func:`hints` returns JSON-ready data:

* ``ting`` (听牌提示): for each tile the player could discard now, the faces that would then win and how many
  of each are still unseen (``zero`` lists waits with none left); ``any_tile`` when the hand would be in 暴头
  or 七客 state. For a 13-tile hand waiting between turns: its current waits.
* ``jinzhang`` (进张): when no discard makes the hand ready, the discards that keep the shanten lowest and the
  unseen tiles that would improve it.
* ``suggestion``: what the strong bot would do now, with its reason (only when the player has a decision).
* ``blocked``: why an action the player might expect is not offered (抓打 freeze, 漏碰/漏胡, 摊 cap, no
  discard wins below 3老庄, 财神 cannot be claimed, 吃后限打, ...), each with a code and zh/en text.

Nothing here reads another seat's concealed tiles or the wall: the analysis runs on :class:`SeatView`, and the
restrictions explained are the player's own (its 漏碰/漏胡 marks, its chow ban) or public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import ActionType
from .bots import SeatView, make_bot
from .bots.eval import Analysis, Shape
from .hand import baotou_state, is_win, qike_state
from .rng import derive_seed
from .round import FINAL_WALL, Phase, Round
from .tiles import TILE_NAMES, MeldKind

SUGGEST_LEVEL = "strong"


def _waits_json(an: Analysis, sh: Shape) -> dict[str, Any]:
    waits = [{"tile": TILE_NAMES[f], "remaining": an.unseen_face[f]} for f in sh.improving]
    any_tile = sh.baotou or sh.qike
    return {
        "any_tile": any_tile,
        "baotou": sh.baotou,
        "qike": sh.qike,
        "waits": [] if any_tile else waits,
        "zero": [] if any_tile else [w["tile"] for w in waits if w["remaining"] == 0],
        "total": sh.ukeire,
    }


def _block(code: str, zh: str, en: str) -> dict[str, str]:
    return {"code": code, "zh": zh, "en": en}


def ting_and_jinzhang(an: Analysis) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any] | None]:
    """(听牌 per discard, 进张 per best discard, current waits of a 3n+1 hand) for the view's seat."""
    v = an.view
    size = len(v.hand)
    if size % 3 == 1:
        sh = an.shape(an.counts, an.w)
        return [], [], (_waits_json(an, sh) if sh.shanten == 0 else {"shanten": sh.shanten, "useful": sh.ukeire})
    discards = sorted({a.tile for a in v.legal if a.type is ActionType.DISCARD})
    if not discards:
        return [], [], None
    shapes = [(t, an.after_discard(t)) for t in discards]
    ting = []
    for t, sh in shapes:
        if sh.shanten == 0:
            ting.append({"discard": an.wc.name(t), **_waits_json(an, sh)})
    ting.sort(key=lambda d: (not d["any_tile"], -d["total"]))
    jinzhang: list[dict[str, Any]] = []
    if not ting:
        low = min(sh.shanten for _, sh in shapes)
        for t, sh in shapes:
            if sh.shanten == low:
                jinzhang.append({"discard": an.wc.name(t), "shanten": sh.shanten, "count": sh.ukeire,
                                 "useful": [{"tile": TILE_NAMES[f], "remaining": an.unseen_face[f]}
                                            for f in sh.improving]})
        jinzhang.sort(key=lambda d: -d["count"])
    return ting, jinzhang, None


def blocked(r: Round, seat: int) -> list[dict[str, str]]:
    """Why actions the player might expect are not legal now (own restrictions and public rules only)."""
    out: list[dict[str, str]] = []
    if r.phase is Phase.END:
        return out
    wc = r.wildcards
    hand = r.hands[seat]
    counts, w = wc.split(hand)
    k = len(r.melds[seat])
    if r.phase is Phase.ACT and r.current == seat:
        if r.freeze_binds(seat) and r.drawn is not None:
            out.append(_block("zhuada", f"抓打：S{r.freeze_owner} 打了财神，你只能自摸、暗杠或打出刚摸的 "
                                        f"{TILE_NAMES[r.drawn]}",
                              f"抓打 freeze (S{r.freeze_owner} discarded a 财神): you may only win, make a "
                              f"concealed kong or discard the tile just drawn ({TILE_NAMES[r.drawn]})"))
        if r.freeze_owner is not None and any(
                m.kind is MeldKind.PONG and counts[m.face] for m in r.melds[seat]):
            out.append(_block("freeze_added_kong", "抓打期间不能加杠", "no 加杠 while the 抓打 freeze lasts"))
        if r.chow_ban:
            names = "/".join(TILE_NAMES[f] for f in r.chow_ban)
            out.append(_block("chow_ban", f"吃后限打：这一轮不能打 {names}",
                              f"after a chow you may not discard {names} this turn"))
        if not r.may_win and len(hand) % 3 == 2 and is_win(counts, w, k):
            out.append(_block("no_win_after_claim", "吃碰之后的出牌阶段不能胡", "no win right after a chow or pong"))
        if r.remaining <= FINAL_WALL and (any(c == 4 for c in counts)
                                          or any(m.kind is MeldKind.PONG and counts[m.face] for m in r.melds[seat])):
            out.append(_block("kong_final", f"墙只剩 {r.remaining} 张，不能开杠",
                              f"only {r.remaining} tiles left: no kongs"))
    x: int | None = None
    d: int | None = None
    legal_types: set[ActionType] = set()
    last = r.actions[-1] if r.actions else None
    if r.phase is Phase.CLAIM and seat in r.claim_options:
        x, d = r.claim_tile, r.claim_from
        legal_types = {a.type for a in r.legal_actions(seat)}
    elif r.phase is Phase.CLAIM and r.claim_from != seat:
        x, d = r.claim_tile, r.claim_from
    elif r.phase is Phase.ACT and last is not None and last.type is ActionType.DISCARD and last.seat != seat:
        # The discard was not offered to this seat (otherwise it would have declared): say why.
        x, d = last.tile, last.seat
        if r.current == seat:
            if r.drawn is None:
                return out
            counts, w = wc.split([t for t in hand if t != r.drawn] + [r.drawn] * (hand.count(r.drawn) - 1))
    if x is None or d is None:
        return out
    if wc.is_wild(x):
        out.append(_block("wildcard_claim", "财神打出后不能吃、碰、杠，也不能胡",
                          "a discarded 财神 cannot be claimed or won on"))
        return out
    face = wc.face(x)
    final = r.remaining <= FINAL_WALL
    bound = r.claim_banned(seat)
    after = list(counts)
    after[face] += 1
    if is_win(after, w, k) and ActionType.WIN not in legal_types:
        if not r.discard_wins_live():
            out.append(_block("no_discard_win_streak",
                              f"庄家 {r.streak} 老庄，未到 {r.options.discard_min_l} 老庄不能放铳胡，只能自摸",
                              f"streak {r.streak}: no discard wins below {r.options.discard_min_l} 老庄, "
                              "self-draw only"))
        elif (seat == r.dealer) == (d == r.dealer):
            out.append(_block("non_dealers", "闲家之间不能放铳", "no discard wins between two non-dealers"))
        elif bound:
            out.append(_block("freeze_no_claim", "抓打期间不能放铳胡",
                              "no discard win while the 抓打 freeze binds you"))
        elif baotou_state(counts, w) or qike_state(counts, w, k):
            out.append(_block("baotou_no_discard_win", "暴头/七客状态不能胡别人打的牌，只能自摸",
                              "in 暴头/七客 state you may not win on a discard"))
        elif face in r.passed_win[seat]:
            out.append(_block("louhu", f"漏胡：你放过了 {TILE_NAMES[face]}，自己出牌前不能再胡",
                              f"漏胡: you passed a win on {TILE_NAMES[face]}; not again until you discard"))
        elif r.options.must_baotou and w > 0:
            out.append(_block("must_baotou", "有财必暴头：手里有财神不能放铳胡",
                              "有财必暴头: no discard win holding a 财神"))
    nat = counts[face]
    if nat >= 2 and ActionType.PONG not in legal_types:
        if bound:
            out.append(_block("freeze_no_claim", "抓打期间不能吃碰杠", "no claims while the 抓打 freeze binds you"))
        elif final:
            out.append(_block("final_claim", "最后 20 张：只能放铳胡，不能吃碰杠",
                              "last 20 tiles: only discard wins may be claimed"))
        elif face in r.passed_pong[seat]:
            out.append(_block("loupeng", f"漏碰：你放过了碰 {TILE_NAMES[face]}，自己出牌前不能再碰",
                              f"漏碰: you passed a pong of {TILE_NAMES[face]}; not again until you discard"))
        elif r.options.pong_counts_as_tan and not _room(r, seat, d):
            out.append(_tan_block(r, seat, d))
    if seat == (d + 1) % 4 and face < 27 and ActionType.CHOW not in legal_types and _has_chow_shape(counts, face):
        if bound:
            if not any(b["code"] == "freeze_no_claim" for b in out):
                out.append(_block("freeze_no_claim", "抓打期间不能吃碰杠", "no claims while the 抓打 freeze binds you"))
        elif final:
            if not any(b["code"] == "final_claim" for b in out):
                out.append(_block("final_claim", "最后 20 张：只能放铳胡，不能吃碰杠",
                                  "last 20 tiles: only discard wins may be claimed"))
        elif not _room(r, seat, d):
            if not any(b["code"] == "tan_cap" for b in out):
                out.append(_tan_block(r, seat, d))
        else:
            out.append(_block("chow_all_banned", "吃了以后手里只剩不能打的牌，不能吃",
                              "that chow would leave only tiles you may not discard"))
    return out


def _room(r: Round, a: int, b: int) -> bool:
    cap = r.tan_cap(a, b)
    return cap is None or r.tan[a][b] < cap


def _tan_block(r: Round, seat: int, d: int) -> dict[str, str]:
    return _block("tan_cap", f"摊数已满：你已经吃碰 S{d} {r.tan[seat][d]} 次（上限 {r.tan_cap(seat, d)}）",
                  f"摊 cap: you already claimed {r.tan[seat][d]} times from S{d} (cap {r.tan_cap(seat, d)})")


def _has_chow_shape(counts: Sequence[int], face: int) -> bool:
    r = face % 9
    base = face - r
    for start in (r - 2, r - 1, r):
        if 0 <= start <= 6:
            others = [base + i for i in range(start, start + 3) if base + i != face]
            if all(counts[f] > 0 for f in others):
                return True
    return False


def hints(r: Round, seat: int, points: Sequence[int] | None = None, *, suggest: bool = True,
          level: str = SUGGEST_LEVEL) -> dict[str, Any]:
    """All hints for ``seat`` now, as JSON-ready data (see the module docstring)."""
    pts = None if points is None else (points[0], points[1], points[2], points[3])
    view = SeatView.of(r, seat, pts)
    an = Analysis(view)
    ting, jinzhang, current = ting_and_jinzhang(an) if r.phase is not Phase.END else ([], [], None)
    out: dict[str, Any] = {
        "seat": seat,
        "shanten": an.current_shanten() if r.phase is not Phase.END else None,
        "ting": ting,
        "jinzhang": jinzhang,
        "current": current,
        "discard_wins_live": r.discard_wins_live(),
        "blocked": blocked(r, seat),
        "suggestion": None,
    }
    if suggest and view.legal:
        bot = make_bot(level, derive_seed(r.seed or 0, len(r.actions), seat))
        dec = bot.decide(view)
        out["suggestion"] = dec.to_json()
    return out


def hints_text(d: dict[str, Any]) -> str:
    """A human-readable rendering of :func:`hints` output."""
    lines = [f"S{d['seat']}: shanten {d['shanten']}"]
    for t in d["ting"]:
        if t["any_tile"]:
            lines.append(f"打 {t['discard']} → {'暴头' if t['baotou'] else '七客'}，摸什么都胡 (any tile wins)")
        else:
            waits = " ".join(f"{w['tile']}×{w['remaining']}" for w in t["waits"])
            zero = f"  (0 left: {' '.join(t['zero'])})" if t["zero"] else ""
            lines.append(f"打 {t['discard']} 听 {waits}  共{t['total']}张{zero}")
    for j in d["jinzhang"]:
        useful = " ".join(f"{u['tile']}×{u['remaining']}" for u in j["useful"])
        lines.append(f"打 {j['discard']}: 向听 {j['shanten']}, 进张 {j['count']} 张 ({useful})")
    cur = d["current"]
    if cur is not None:
        if "waits" in cur:
            if cur["any_tile"]:
                lines.append("听牌：暴头/七客，摸什么都胡 (any tile wins)")
            else:
                lines.append("听 " + " ".join(f"{w['tile']}×{w['remaining']}" for w in cur["waits"]))
        else:
            lines.append(f"向听 {cur['shanten']}，进张 {cur['useful']} 张")
    for b in d["blocked"]:
        lines.append(f"不能: {b['zh']} / {b['en']}")
    s = d["suggestion"]
    if s is not None:
        lines.append(f"建议 suggestion: {s['action']['text']} — {s['reason_zh']} / {s['reason_en']}")
    return "\n".join(lines)
