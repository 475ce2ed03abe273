"""Why an action is not legal, what a seat could try, and why a claim is not offered: a round explained.

Functions of a :class:`~hzmj_core.round.Round` (which offers them as methods). They ask the same rules as the
legal actions (:mod:`hzmj_core.claims`, :mod:`hzmj_core.fan`), so an explanation and the actions offered
cannot disagree; the words are :class:`~hzmj_core.reasons.Reason` codes with their figures.
"""

from __future__ import annotations

from . import claims
from .actions import Action, ActionType
from .claims import FINAL_WALL
from .fan import WinType, discard_win_against, evaluate_win
from .hand import baotou_state, qike_state
from .reasons import Reason
from .round_legal import DISCARDS, LegalActions, Phase, action
from .tiles import TILE_NAMES, MeldKind

_BEFORE_TILES = frozenset(("wildcard_claim", "own_discard", "chow_not_next"))
"""Codes of :func:`claims.rule_against` that :func:`why_no_claim` gives before it looks at the tiles."""

_CLAIMS = (ActionType.WIN, ActionType.PONG, ActionType.EXPOSED_KONG, ActionType.CHOW)
_ACT = Phase.ACT
_CLAIM = Phase.CLAIM
_END = Phase.END
_ROB = Phase.ROB
_T_ADDED_KONG = ActionType.ADDED_KONG
_T_CHOW = ActionType.CHOW
_T_CONCEALED_KONG = ActionType.CONCEALED_KONG
_T_DISCARD = ActionType.DISCARD
_T_EXPOSED_KONG = ActionType.EXPOSED_KONG
_T_PASS = ActionType.PASS
_T_PONG = ActionType.PONG
_T_WIN = ActionType.WIN
_W_DISCARD = WinType.DISCARD
_M_PONG = MeldKind.PONG


def explain_illegal(r: LegalActions, action: Action) -> Reason | None:
    """Why an action is not legal now, or None when it is legal."""
    if r.phase is _END:
        return Reason("hand_over")
    legal = r.legal_map()
    seat = action.seat
    if action in legal.get(seat, ()):
        return None
    t = action.type
    if seat not in legal:
        if r.phase is _ACT:
            return Reason("not_your_turn", {"seat": seat, "current": r.current})
        if seat == r.claim_from:
            return Reason("own_discard", {"seat": seat})
        if seat in r.declarations:
            return Reason("already_declared", {"seat": seat, "action": r.declarations[seat].type.value})
        if r.claim_banned(seat):
            return Reason("freeze_no_claim")
    elif r.phase is _ACT:
        if t is _T_DISCARD:
            tile = action.tile
            if tile not in r.hands[seat]:
                return Reason("not_in_hand", {"seat": seat, "tile": TILE_NAMES[tile]})
            return discard_restriction(r, seat) or Reason("not_offered", {"action": t.value})
        if t is _T_WIN:
            if not r.may_win and r._could_win(r.hands[seat], len(r.melds[seat])):
                return Reason("no_win_after_claim")
            return Reason("not_a_win")
        if t in (_T_CONCEALED_KONG, _T_ADDED_KONG):
            code = claims.kong_rule_against(t, seat, r.options, r.freeze_owner, r.remaining)
            if code == "kong_final":
                return Reason(code, {"remaining": r.remaining, "limit": FINAL_WALL})
            if code is not None:
                return Reason(code)
    if r.phase is _CLAIM and t in _CLAIMS and r.claim_tile is not None:
        assert r.claim_from is not None
        why = why_no_claim(r, seat, t, r.claim_tile, r.claim_from)
        if why is not None:
            return why
    return Reason("no_claim", {"seat": seat}) if seat not in legal else Reason("not_offered", {"action": t.value})

def candidate_actions(r: LegalActions, seat: int) -> list[Action]:
    """What the seat's tiles allow it to try now, legal or not (explanations ask :meth:`explain_illegal`).

    On its turn: win, a concealed kong of each four of a kind, an added kong on each pong, a discard of
    each kind. On a discard or a robbable kong: win, pong, 直杠 and chows as the tiles allow, pass. Then
    any legal action not listed yet.
    """
    out: list[Action] = []
    hand = r.hands[seat]
    ftab = r._ftab
    kinds = sorted(set(hand))
    if r.phase is _ACT and r.current == seat:
        out.append(action(seat, _T_WIN))
        out += [action(seat, _T_CONCEALED_KONG, (t,) * 4) for t in kinds
                if ftab[t] >= 0 and hand.count(t) == 4]
        out += [action(seat, _T_ADDED_KONG, (t,)) for m in r.melds[seat] if m.kind is _M_PONG
                for t in kinds if ftab[t] == m.face]
        out += [DISCARDS[seat][t] for t in kinds]
    elif r.claim_tile is not None and r.claim_from is not None:
        face = r.wildcards.face(r.claim_tile)
        same = [t for t in hand if ftab[t] == face and ftab[r.claim_tile] >= 0]
        out.append(action(seat, _T_WIN))
        if len(same) >= 2:
            out.append(action(seat, _T_PONG, tuple(same[:2])))
        if len(same) >= 3:
            out.append(action(seat, _T_EXPOSED_KONG, tuple(same[:3])))
        if seat == (r.claim_from + 1) % 4 and face < 27 and ftab[r.claim_tile] >= 0:
            out += [action(seat, _T_CHOW, (a, b) if a <= b else (b, a))
                    for a, b in r._chow_pairs(hand, face)]
        out.append(action(seat, _T_PASS))
    out += [a for a in r.legal_actions(seat) if a not in out]
    return list(dict.fromkeys(out))

def discard_restriction(r: LegalActions, seat: int) -> Reason | None:
    """Why some tiles in the seat's hand may not be discarded now (抓打 freeze, 吃后限打), if any."""
    if r.freeze_binds(seat) and r.drawn is not None:
        return Reason("zhuada", {"owner": r.freeze_owner, "tile": TILE_NAMES[r.drawn]})
    # After a kong the ban is lifted when it would leave nothing to discard (see _discardable).
    if r.chow_ban and (r.turn_kongs[seat] == 0
                          or len(r._discardable(seat)) < len(set(r.hands[seat]))):
        return Reason("chow_ban", {"tiles": [TILE_NAMES[f] for f in r.chow_ban]})
    return None

def why_no_claim(r: LegalActions, seat: int, want: ActionType, tile: int, discarder: int) -> Reason | None:
    """Why ``seat`` may not claim discard ``tile`` of ``discarder`` with a ``want`` (win, pong, 直杠, chow).

    The discard is the one of the open claim window, or the last one when nobody could claim it (the
    seat that drew since then is judged without its draw). Reads the restrictions in force now. None
    when nothing forbids the claim. The codes ``no_win_with_tile``, ``no_pair``, ``no_chow_shape``,
    ``chow_not_next`` and ``own_discard`` mean the hand has nothing to claim; the others that a rule
    forbids a claim the hand could make. The rules are :func:`claims.rule_against`'s, the same that decide
    which claims a window offers; ``baotou_no_discard_win``, ``must_baotou`` and ``chow_all_banned`` say
    why the tiles that could make the claim still do not.
    """
    wc = r.wildcards
    face = r._ftab[tile]
    name = TILE_NAMES[wc.face(tile)]
    window = r.phase in (_CLAIM, _ROB)
    # Play goes on after an unclaimed discard only if it was not in the final claim phase.
    final = r.claim_final if window else r.phase is _END and r.remaining <= FINAL_WALL
    rule = r._rule_against(want, seat, discarder, face, final)
    if rule in _BEFORE_TILES:  # these say the seat has nothing to claim, whatever its tiles
        return rule_reason(r, rule, seat, discarder, name)
    tiles = list(r.hands[seat])
    if r.phase is _ACT and seat == r.current and r.drawn is not None:
        tiles.remove(r.drawn)
    counts, w = wc.split(tiles)
    k = len(r.melds[seat])
    if want is _T_WIN:
        if not r._could_win([*tiles, tile], k):
            return Reason("no_win_with_tile", {"tile": name})
        if rule is not None:
            return rule_reason(r, rule, seat, discarder, name)
        baotou = baotou_state(counts, w)
        code = discard_win_against(baotou, not baotou and qike_state(counts, w, k), False, r.options.must_baotou, w)
        if code == "baotou_no_discard_win":
            return Reason(code, {"state": "baotou" if baotou else "qike"})
        if code is not None:
            return Reason(code)
        if evaluate_win([*tiles, tile], k, tile, _W_DISCARD, wc, must_baotou=r.options.must_baotou):
            return None
        return Reason("no_win_with_tile", {"tile": name})
    if want is _T_CHOW:
        if face >= 27 or not r._chow_pairs(tiles, face):
            return Reason("no_chow_shape", {"tile": name})
    else:
        code = claims.meld_shape_against(want, counts[face], w, r.options.wildcard_in_melds)
        if code is not None:
            return Reason(code, {"tile": name})
    if rule is not None:
        return rule_reason(r, rule, seat, discarder, name)
    if want is _T_CHOW and window and not r._chow_options(seat, tile, face):
        return Reason("chow_all_banned")
    return None

def rule_reason(r: LegalActions, code: str, seat: int, discarder: int, name: str) -> Reason:
    """The :class:`Reason` of a code of :func:`claims.rule_against`, with its figures."""
    if code == "own_discard":
        return Reason(code, {"seat": seat})
    if code == "chow_not_next":
        return Reason(code, {"discarder": discarder})
    if code == "no_discard_win_streak":
        return Reason(code, {"streak": r.streak, "min": r.options.discard_min_l})
    if code in ("louhu", "loupeng"):
        return Reason(code, {"tile": name})
    if code == "final_claim":
        return Reason(code, {"limit": FINAL_WALL})
    if code == "tan_cap":
        return Reason(code, {"discarder": discarder, "count": r.tan[seat][discarder],
                             "cap": r.tan_cap(seat, discarder)})
    return Reason(code)  # wildcard_claim, non_dealers, freeze_no_claim
