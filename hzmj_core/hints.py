"""Hints for a human player, from that player's own view (the same analysis the bots use).

:func:`hints` returns JSON-ready data:

* ``waits``: the current waits of a 3n+1-tile hand (every face in 暴头/七客 state) with unseen counts, from
  :meth:`SeatView.waits <hzmj_core.view.SeatView.waits>`; empty for a 3n+2-tile hand.
* ``ting`` (听牌提示): for each tile the player could discard now, the faces that would then win and how many
  of each are still unseen (``zero`` lists waits with none left); ``any_tile`` when the hand would be in 暴头
  or 七客 state. ``current``: for a 13-tile hand between turns, its ready state (any tile, 0-left waits, total)
  or its shanten and useful tiles.
* ``jinzhang`` (进张): when no discard makes the hand ready, the discards that keep the shanten lowest and the
  unseen tiles that would improve it.
* ``suggestion``: what the coach (:func:`hzmj_core.coach.suggest`: the expert, the judge the 复盘 review compares
  with) would do now, with its reason (only when the player has a decision). A player who plays every suggestion
  is told by the review that each of its choices was the expert's.
* ``blocked``: why an action the player might expect is not offered (抓打 freeze, 漏碰/漏胡, 摊 cap, no
  discard wins below 3老庄, 财神 cannot be claimed, 吃后限打, ...): reasons from the round
  (:mod:`hzmj_core.reasons`), each ``{code, params, zh, en}`` with seats named from the player's seat.

Nothing here reads another seat's concealed tiles or the wall: the analysis runs on :class:`SeatView`, and the
restrictions explained are the player's own (its 漏碰/漏胡 marks, its chow ban) or public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .actions import ActionType
from .analysis import Analysis, Shape
from .coach import suggest as coach_suggest
from .reasons import Reason
from .round import Phase, Round
from .tiles import TILE_NAMES
from .view import SeatView

SUGGEST_LEVEL = "expert"
"""The bot whose move is suggested: the coach's expert (:mod:`hzmj_core.coach`), the one the 复盘 review asks."""
DEEP_LEVEL = SUGGEST_LEVEL
"""The deeper suggestion is the same coach (kept so callers asking for it get the one judge)."""


def _ready_json(an: Analysis, sh: Shape) -> dict[str, Any]:
    any_tile = sh.baotou or sh.qike
    return {
        "any_tile": any_tile,
        "baotou": sh.baotou,
        "qike": sh.qike,
        "zero": [] if any_tile else [TILE_NAMES[f] for f in sh.improving if an.unseen_face[f] == 0],
        "total": sh.ukeire,
    }


def _waits_json(an: Analysis, sh: Shape) -> dict[str, Any]:
    out = _ready_json(an, sh)
    out["waits"] = [] if out["any_tile"] else [{"tile": TILE_NAMES[f], "remaining": an.unseen_face[f]}
                                               for f in sh.improving]
    return out


def ting_and_jinzhang(an: Analysis) -> tuple[list[dict[str, Any]], list[dict[str, Any]], dict[str, Any] | None]:
    """(听牌 per discard, 进张 per best discard, current waits of a 3n+1 hand) for the view's seat."""
    v = an.view
    size = len(v.hand)
    if size % 3 == 1:
        sh = an.shape(an.counts, an.w)
        return [], [], (_ready_json(an, sh) if sh.shanten == 0 else {"shanten": sh.shanten, "useful": sh.ukeire})
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


_NOTHING_TO_CLAIM = frozenset({"no_win_with_tile", "no_pair", "no_chow_shape", "chow_not_next", "own_discard"})


def blocked(r: Round, seat: int) -> list[Reason]:
    """Why actions the player might expect are not legal now (own restrictions and public rules only).

    The actions expected are the ones the hand could make (a win shape, four of a kind, a pair of the
    discard, a run with it); the round says why each is not allowed (:mod:`hzmj_core.reasons`).
    """
    out: list[Reason] = []

    def add(reason: Reason | None) -> None:
        if reason is not None and all(b.code != reason.code for b in out):
            out.append(reason)

    if r.phase is Phase.END:
        return out
    if r.phase is Phase.ACT and r.current == seat:
        add(r.discard_restriction(seat))
        for a in r.candidate_actions(seat):
            why = r.explain_illegal(a)
            if why is not None and why.code not in ("not_a_win", "not_offered"):
                add(why)
    x: int | None = None
    d: int | None = None
    last = r.actions[-1] if r.actions else None
    if r.phase is Phase.CLAIM and r.claim_from != seat:
        x, d = r.claim_tile, r.claim_from
    elif r.phase is Phase.ACT and last is not None and last.type is ActionType.DISCARD and last.seat != seat:
        x, d = last.tile, last.seat  # nobody could claim it (else this seat would have declared): say why
    if x is None or d is None:
        return out
    legal_types = {a.type for a in r.legal_actions(seat)} if r.phase is Phase.CLAIM else set()
    for want in (ActionType.WIN, ActionType.PONG, ActionType.CHOW):
        if want not in legal_types:
            why = r.why_no_claim(seat, want, x, d)
            if why is not None and why.code not in _NOTHING_TO_CLAIM:
                add(why)
    return out


def hints(r: Round, seat: int, points: Sequence[int] | None = None, *, suggest: bool = True,
          view: SeatView | None = None) -> dict[str, Any]:
    """All hints for ``seat`` now, as JSON-ready data (see the module docstring).

    ``view`` is the seat's view when the caller has built it already (it must be ``SeatView.of(r, seat, points)``).
    """
    if view is None:
        view = SeatView.of(r, seat, None if points is None else (points[0], points[1], points[2], points[3]))
    an = Analysis(view)
    ting, jinzhang, current = ting_and_jinzhang(an) if r.phase is not Phase.END else ([], [], None)
    out: dict[str, Any] = {
        "seat": seat,
        "waits": view.waits_json(an.unseen),
        "shanten": an.current_shanten() if r.phase is not Phase.END else None,
        "ting": ting,
        "jinzhang": jinzhang,
        "current": current,
        "discard_wins_live": r.discard_wins_live(),
        "blocked": [b.worded(seat) for b in blocked(r, seat)],
        "suggestion": None,
    }
    if suggest and view.legal:
        out["suggestion"] = coach_suggest(view).to_json()
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
        if "shanten" not in cur:
            if cur["any_tile"]:
                lines.append("听牌：暴头/七客，摸什么都胡 (any tile wins)")
            else:
                lines.append("听 " + " ".join(f"{w['tile']}×{w['remaining']}" for w in d["waits"]))
        else:
            lines.append(f"向听 {cur['shanten']}，进张 {cur['useful']} 张")
    for b in d["blocked"]:
        lines.append(f"不能: {b['zh']} / {b['en']}")
    s = d["suggestion"]
    if s is not None:
        lines.append(f"建议 suggestion: {s['action']['text']} — {s['reason_zh']} / {s['reason_en']}")
    return "\n".join(lines)
