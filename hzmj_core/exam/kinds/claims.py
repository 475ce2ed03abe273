"""能不能吃碰胡 (``claims``): a discard has just been made in a real hand; which of the claims your tiles allow are
legal now? Answer the set of legal choices (possibly none); the explanation says why each other one is not.

Positions come from hands played by the ``basic`` bot from the question's seed, the seats now and then throwing a
财神 (飘) or passing a discard win, so that 抓打, 漏胡 and 漏碰 happen. Legality and every reason are the round's own
(:meth:`~hzmj_core.round.Round.explain_illegal`). Band 1: nothing forbids a claim the tiles allow, or only the
streak (no discard wins below 3老). Band 2: discard wins between two non-dealers, the last 20 tiles. Band 3: the
抓打 freeze, the 摊 cap, 暴头 state. Band 4: 漏碰, 漏胡, a chow that leaves nothing to discard.
"""

from __future__ import annotations

from typing import Any

from ...actions import Action, ActionType
from ...bots import make_bot
from ...options import Options
from ...reasons import Reason, seat_words
from ...rng import Rng, derive_seed
from ...round import Round
from ...tiles import TILE_NAMES
from ...view import SeatView
from ..base import FIXED, Question, position, tile_word


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


KIND = "claims"

_NOTHING = frozenset({"no_win_with_tile", "no_pair", "no_chow_shape", "chow_not_next", "own_discard"})
_BANDS = {"no_discard_win_streak": 1, "non_dealers": 2, "final_claim": 2, "freeze_no_claim": 3, "tan_cap": 3,
          "baotou_no_discard_win": 3, "loupeng": 4, "louhu": 4, "chow_all_banned": 4}


def _label(a: Action) -> tuple[str, str]:
    t = a.type
    if t is ActionType.WIN:
        return "胡", "win"
    tiles = [tile_word(k, "zh") for k in a.tiles]
    en = [tile_word(k, "en") for k in a.tiles]
    if t is ActionType.CHOW:
        return f"吃（用{'、'.join(tiles)}）", f"chow (with {' and '.join(en)})"
    return (f"{t.chinese}{tiles[0]}", f"{'pong' if t is ActionType.PONG else 'exposed kong'} of {en[0]}")


def _value(a: Action) -> str:
    return a.type.value + ("" if not a.tiles else " " + "".join(TILE_NAMES[k] for k in a.tiles))


def _window(r: Round, seat: int) -> tuple[int, list[tuple[Action, Reason | None]]] | None:
    out: list[tuple[Action, Reason | None]] = []
    for a in r.candidate_actions(seat):
        if a.type is ActionType.PASS:
            continue
        why = r.explain_illegal(a)
        if why is not None and why.code in _NOTHING:
            continue
        if why is not None and why.code not in _BANDS:
            return None
        out.append((a, why))
    if not out:
        return None
    band = max([_BANDS[w.code] for _, w in out if w is not None], default=1)
    return band, out


Window = tuple[int, Round, int, list[tuple[Action, Reason | None]]]


def _play(seed: int, band: int) -> Window | None:
    rng = Rng(seed)
    streak = 3 if rng.random() < 0.5 else 1 + rng.below(2)
    r = Round.deal(Options(), dealer=rng.below(4), streak=streak, seed=derive_seed(seed, 1))
    bots = [make_bot("standard", derive_seed(seed, 2, s)) for s in range(4)]
    fallback = None
    for _ in range(400):
        if r.is_over:
            break
        if r.claim_from is not None and r.claim_tile is not None:
            for s in range(4):
                if s == r.claim_from:
                    continue
                got = _window(r, s)
                if got is not None and got[0] == band:
                    return band, r.copy(), s, got[1]
                if got is not None and got[0] < band and (fallback is None or got[0] > fallback[0]):
                    fallback = (got[0], r.copy(), s, got[1])
        s = r.deciding_seats()[0]
        legal = r.legal_actions(s)
        wild = [a for a in legal if a.type is ActionType.DISCARD and FIXED.is_wild(a.tile)]
        passes = [a for a in legal if a.type is ActionType.PASS]
        if wild and rng.random() < 0.3:
            act = wild[0]
        elif passes and any(a.type is ActionType.WIN for a in legal) and rng.random() < 0.6:
            act = passes[0]
        else:
            act = bots[s].choose(SeatView.of(r, s))
        r.apply(act)
    return fallback


def facts(r: Round, seat: int) -> tuple[list[str], list[str]]:
    """What the seat knows that decides its claims, in words."""
    zh: list[str] = []
    en: list[str] = []
    d = r.dealer

    def who(s: int, lang: str) -> str:
        return seat_words(s, lang, seat)

    zh.append(f"{'你' if d == seat else who(d, 'zh')}是庄家，{r.streak} 老庄；牌墙还剩 {r.remaining} 张。")
    en.append(f"{'You are' if d == seat else who(d, 'en') + ' is'} the dealer at streak {r.streak}; "
              f"{r.remaining} tiles are left in the wall.")
    if r.freeze_owner is not None:
        zh.append(f"{who(r.freeze_owner, 'zh')}打了财神（飘），抓打还没结束。")
        en.append(f"{who(r.freeze_owner, 'en').capitalize()} threw a 财神 as a 飘, and the 抓打 is still on.")
    for o in range(4):
        if o == seat:
            continue
        if r.tan[seat][o]:
            zh.append(f"你这一局已经吃碰{who(o, 'zh')} {r.tan[seat][o]} 次。")
            en.append(f"You have claimed from {who(o, 'en')} {_times(r.tan[seat][o])} this hand.")
    for f in sorted(r.passed_pong[seat]):
        zh.append(f"你刚才放过了碰{tile_word(f, 'zh')}，之后还没有出过牌。")
        en.append(f"You passed a pong of {tile_word(f, 'en')} and have not discarded since.")
    for f in sorted(r.passed_win[seat]):
        zh.append(f"你刚才放过了胡{tile_word(f, 'zh')}，之后还没有出过牌。")
        en.append(f"You passed a win on {tile_word(f, 'en')} and have not discarded since.")
    return zh, en


def make(rng: Rng, band: int) -> Question:
    """A claims question of this band, from hands played out from the question's seed."""
    got: Window | None = None
    base = rng.next64()
    for i in range(12):
        w = _play(derive_seed(base, i), band)
        if w is not None and (got is None or w[0] > got[0]):
            got = w
        if got is not None and got[0] == band:
            break
    assert got is not None, "no claim window found"
    _, r, seat, cands = got
    assert r.claim_tile is not None and r.claim_from is not None
    tile = r.claim_tile
    fz, fe = facts(r, seat)
    choices: list[dict[str, Any]] = []
    legal: list[str] = []
    ex_zh: list[str] = []
    ex_en: list[str] = []
    for a, why in cands:
        zh, en = _label(a)
        choices.append({"value": _value(a), "zh": zh, "en": en})
        if why is None:
            legal.append(_value(a))
            ex_zh.append(f"{zh}：可以")
            ex_en.append(f"{en}: legal")
        else:
            ex_zh.append(f"{zh}：不行，{why.zh(seat)}")
            ex_en.append(f"{en}: not legal, {why.en(seat)}")
    band = max([_BANDS[w.code] for _, w in cands if w is not None], default=1)
    melds = [list(m.tiles) for m in r.melds[seat]]
    pos = position(r.hands[seat], melds, discard=TILE_NAMES[tile], discarder=(r.claim_from - seat) % 4,
                   dealer=(r.dealer - seat) % 4, streak=r.streak, remaining=r.remaining,
                   facts_zh=fz, facts_en=fe)
    dz, de = seat_words(r.claim_from, "zh", seat), seat_words(r.claim_from, "en", seat)
    return Question(
        KIND, band, pos,
        "".join(fz) + f"{dz}打出{tile_word(tile, 'zh')}。你的手牌能做的下列动作中，哪些现在合规？（可能一个也没有）",
        " ".join(fe) + f" {de.capitalize()} discards {tile_word(tile, 'en')}. Which of these claims your tiles allow "
        "are legal now? (Possibly none.)",
        "multi", legal, "；".join(ex_zh) + "。", "; ".join(ex_en) + ".", choices=choices,
        shown=[pos["hand"], TILE_NAMES[tile]])
