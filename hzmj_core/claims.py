"""Who may take a discard from whom and who may declare a kong (rules.md §3, §4.3, §5, §9): every rule that forbids
a claim or a kong, stated once, each answering with the code of a :mod:`hzmj_core.reasons` reason.

Pure functions of public facts (the options, dealer, streak, freeze owner, the wall left, 摊 counts and the
seat's 漏胡/漏碰 marks), so that the round applying a rule, the round explaining why a claim is not offered,
and a bot reasoning from its :class:`~hzmj_core.view.SeatView` call the same code and cannot disagree.
Whether the seat's tiles can make the claim at all (a pair, a run, a winning hand) is the round's business.
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from .actions import ActionType
from .options import Options
from .tiles import Wildcards

FINAL_WALL = 20
"""The last 20 tiles (§3): a discard made with this many live tiles or fewer left may only be won on, and no
kong may be declared."""

_WIN = ActionType.WIN
_PONG = ActionType.PONG
_CHOW = ActionType.CHOW
_ADDED_KONG = ActionType.ADDED_KONG
_EXPOSED_KONG = ActionType.EXPOSED_KONG


def tan_cap(options: Options, dealer: int, streak: int, a: int, b: int) -> int | None:
    """Cap on counted claims (摊) of seat ``a`` on seat ``b``; None = unlimited (三摊承包 with the dealer)."""
    if not options.three_tan_chengbao or dealer not in (a, b):
        return 2
    if options.three_tan_needs_l3 and streak != 3:
        return 2
    return None


def tan_room(options: Options, dealer: int, streak: int, count: int, a: int, b: int) -> bool:
    """True if seat ``a``, with ``count`` counted claims on seat ``b`` so far, may make another (§5.5)."""
    if count < 2:
        return True
    cap = tan_cap(options, dealer, streak, a, b)
    return cap is None or count < cap


def counts_as_tan(options: Options, want: ActionType) -> bool:
    """True if a claim of this kind counts as a 摊 (a chow always; a pong or 直杠 when ``pong_counts_as_tan``)."""
    return want is _CHOW or options.pong_counts_as_tan


def discard_wins_live(options: Options, streak: int) -> bool:
    """True if discard wins (放铳) are possible at all in this hand (the win mode and the streak)."""
    return options.win_mode == "dealer_discard" and streak >= options.discard_min_l


def freeze_binds(options: Options, freeze_owner: int | None, seat: int) -> bool:
    """True if the 抓打 freeze makes ``seat`` discard the tile it has just drawn (draw-and-discard): every seat but
    the owner in ``others`` mode, the owner alone in ``discarder`` mode (§4.3). Who may not claim or 加杠 is
    :func:`claim_banned`: in ``discarder`` mode that is every seat, bound to draw-and-discard or not."""
    if freeze_owner is None:
        return False
    if options.zhuada_subject == "others":
        return seat != freeze_owner
    return seat == freeze_owner


def claim_banned(options: Options, freeze_owner: int | None, seat: int) -> bool:
    """True if the freeze forbids ``seat`` to claim discards (chow, pong, 直杠, 放铳) and to declare a 加杠 (§4.3):
    every seat but the owner in ``others`` mode, every seat in ``discarder`` mode."""
    if freeze_owner is None:
        return False
    if options.zhuada_subject == "others":
        return seat != freeze_owner
    return True


def kong_rule_against(want: ActionType, seat: int, options: Options, freeze_owner: int | None,
                      remaining: int) -> str | None:
    """The code of the rule that forbids ``seat`` to declare a 暗杠 or 加杠 (``want``) in its discard phase now,
    whatever its tiles; None when no rule does. ``kong_final``: no kong with ``remaining`` live tiles or fewer
    than :data:`FINAL_WALL` (§3); ``freeze_added_kong``: no 加杠 for a seat the freeze bans from claiming
    (:func:`claim_banned`; a 暗杠 stays allowed)."""
    if remaining <= FINAL_WALL:
        return "kong_final"
    if want is _ADDED_KONG and freeze_owner is not None and claim_banned(options, freeze_owner, seat):
        return "freeze_added_kong"
    return None


def meld_shape_against(want: ActionType, naturals: int, wildcards: int, wildcard_in_melds: bool) -> str | None:
    """``no_pair`` when a hand holding ``naturals`` natural tiles of a discard's face and ``wildcards`` wildcards
    cannot pong (``want`` PONG) or 直杠 (EXPOSED_KONG) it, else None (§5.2, §4.2): a 直杠 takes three natural
    tiles; a pong two, or one and a wildcard when ``wildcard_in_melds`` (财神可吃碰)."""
    if want is _EXPOSED_KONG:
        return None if naturals >= 3 else "no_pair"
    if naturals >= 2 or (wildcard_in_melds and naturals and wildcards):
        return None
    return "no_pair"


def may_win_on_discard(options: Options, dealer: int, streak: int, freeze_owner: int | None, seat: int,
                       discarder: int) -> bool:
    """True if the rules let ``seat`` win on a natural discard of ``discarder`` (放铳, §9): discard wins are live
    in this hand, exactly one of the two is the dealer, and the 抓打 freeze in force when the discard lands
    does not forbid the claim (:func:`rule_against`; the seat's 漏胡 marks and its tiles are not considered)."""
    return rule_against(_WIN, seat, discarder, 0, options, dealer, streak, freeze_owner, False, 0, (), ()) is None


def rule_against(want: ActionType, seat: int, discarder: int, face: int, options: Options, dealer: int,
                 streak: int, freeze_owner: int | None, final: bool, tan_count: int,
                 passed_win: Container[int], passed_pong: Container[int]) -> str | None:
    """The code of the rule that forbids ``seat`` to claim a discard showing ``face`` (< 0 for a wildcard) from
    ``discarder`` with ``want`` (win, pong, 直杠 or chow), whatever tiles the seat holds; None when no rule does,
    and then the claim is legal exactly when the seat's tiles can make it.

    ``final``: the discard was made in the last 20 tiles; ``tan_count``: the seat's counted claims on the
    discarder so far; ``passed_win``/``passed_pong``: the faces the seat declined to win on / pong since its own
    last discard (漏胡, 漏碰). The codes are those of :mod:`hzmj_core.reasons`; the first that applies is given,
    in this order: ``wildcard_claim``, ``own_discard``, then for a win ``no_discard_win_streak``,
    ``non_dealers`` (a discard win is only ever between the dealer and a non-dealer), ``freeze_no_claim``,
    ``louhu``, and for the others ``chow_not_next``, ``freeze_no_claim``, ``final_claim``, ``loupeng`` (a pong
    only), ``tan_cap``.
    """
    # (The round asks this for every claim its tiles allow, so the cheap tests guard the calls.)
    if face < 0:
        return "wildcard_claim"
    if seat == discarder:
        return "own_discard"
    if want is _WIN:
        if not discard_wins_live(options, streak):
            return "no_discard_win_streak"
        if (seat == dealer) == (discarder == dealer):
            return "non_dealers"
    elif want is _CHOW and seat != (discarder + 1) % 4:
        return "chow_not_next"
    if freeze_owner is not None and claim_banned(options, freeze_owner, seat):
        return "freeze_no_claim"
    if want is _WIN:
        return "louhu" if face in passed_win else None
    if final:
        return "final_claim"
    if want is _PONG and face in passed_pong:
        return "loupeng"
    if tan_count >= 2 and counts_as_tan(options, want) and not tan_room(options, dealer, streak, tan_count, seat,
                                                                        discarder):
        return "tan_cap"
    return None


def chow_ban(claimed: int, hand_tiles: Sequence[int], wc: Wildcards) -> tuple[int, ...]:
    """Faces that may not be discarded after chowing discard ``claimed`` with two hand tiles (rules.md §5.7)."""
    return chow_ban_faces(wc.face(claimed), chow_faces(hand_tiles, claimed, wc)[0])


def chow_ban_faces(claimed_face: int, run_start: int) -> tuple[int, ...]:
    """Faces that may not be discarded after chowing ``claimed_face`` into the run starting at ``run_start``."""
    rank = run_start % 9
    if claimed_face == run_start and rank + 3 <= 8:
        return (claimed_face, run_start + 3)
    if claimed_face == run_start + 2 and rank >= 1:
        return (claimed_face, run_start - 1)
    return (claimed_face,)


def chow_faces(hand_tiles: Sequence[int], x: int, wc: Wildcards) -> tuple[int, int, int]:
    face = wc.face(x)
    naturals = [wc.face(t) for t in hand_tiles if not wc.is_wild(t)]
    faces = sorted([face, *naturals])
    if len(faces) == 3:
        return faces[0], faces[1], faces[2]
    # One wildcard (财神可吃碰) fills the missing face. Two adjacent naturals leave two runs open; the
    # wildcard is read as the higher face when it can be, a fixed convention so the ban is well defined.
    lo, hi = faces[0], faces[1]
    if hi - lo == 2:
        return lo, lo + 1, hi
    rank = lo % 9
    start = lo - 1 if rank == 7 else lo
    return start, start + 1, start + 2


def order_by_faces(tiles: list[int], faces: tuple[int, int, int], wc: Wildcards) -> tuple[int, ...]:
    """The three tiles of a chow in the order of its ``faces`` (:func:`chow_faces`), a wildcard where no natural
    tile shows the face."""
    pool = list(tiles)
    out: list[int] = []
    for f in faces:
        pick = next((t for t in pool if not wc.is_wild(t) and wc.face(t) == f), None)
        if pick is None:
            pick = next(t for t in pool if wc.is_wild(t))
        pool.remove(pick)
        out.append(pick)
    return tuple(out)
