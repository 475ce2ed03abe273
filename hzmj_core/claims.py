"""Who may take a discard from whom (rules.md §3, §4.3, §5, §9): every rule that forbids a claim, stated once.

Pure functions of public facts (the options, dealer, streak, freeze owner, the wall left, 摊 counts and the
seat's 漏胡/漏碰 marks), so that the round applying a rule, the round explaining why a claim is not offered,
and a bot reasoning from its :class:`~hzmj_core.view.SeatView` call the same code and cannot disagree.
Whether the seat's tiles can make the claim at all (a pair, a run, a winning hand) is the round's business.
"""

from __future__ import annotations

from collections.abc import Container

from .actions import ActionType
from .options import Options

FINAL_WALL = 20
"""The last 20 tiles (§3): a discard made with this many live tiles or fewer left may only be won on, and no
kong may be declared."""

_WIN = ActionType.WIN
_PONG = ActionType.PONG
_CHOW = ActionType.CHOW


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
    """True if the 抓打 freeze restricts ``seat`` now (draw-and-discard, no claims, no 加杠)."""
    if freeze_owner is None:
        return False
    if options.zhuada_subject == "others":
        return seat != freeze_owner
    return seat == freeze_owner


def claim_banned(options: Options, freeze_owner: int | None, seat: int) -> bool:
    """True if the freeze forbids ``seat`` to claim discards (chow, pong, 直杠, 放铳)."""
    if freeze_owner is None:
        return False
    if options.zhuada_subject == "others":
        return seat != freeze_owner
    return True


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
