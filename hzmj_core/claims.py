"""Who may take a discard from whom: the 摊 cap, live discard wins and the 抓打 freeze (RULES §4.3, §5.5, §9).

Pure functions of public facts (the options, dealer, streak, freeze owner), so that the round applying a
rule and a bot reasoning from its :class:`~hzmj_core.view.SeatView` call the same code and cannot disagree.
"""

from __future__ import annotations

from .options import Options


def tan_cap(options: Options, dealer: int, streak: int, a: int, b: int) -> int | None:
    """Cap on counted claims (摊) of seat ``a`` on seat ``b``; None = unlimited (三摊承包 with the dealer)."""
    if not options.three_tan_chengbao or dealer not in (a, b):
        return 2
    if options.three_tan_needs_l3 and streak != 3:
        return 2
    return None


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
