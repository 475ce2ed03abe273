"""The tutorial: a catalogue of short lessons, each with exercises whose answers come from the engine.

An exercise is *data*: a hand or a scripted position (a scenario hand log built with
:func:`hzmj_core.scenario.build_wall`) and a question. Nothing here stores an answer: :func:`check` asks the
engine (win evaluation, hand analysis, the round state machine, the settlement) what the right answer is,
compares it with the learner's, and explains both in Chinese and English.

Exercise kinds (``kind``):

``tile``
    Find the tile written in notation. Answer: a tile (``"5p"``).
``win_value``
    Is this a win, and how many fan is it worth? Answer: ``null`` (no win) or the fan ``F``.
``baotou_discard``
    Fourteen tiles: which discard leaves a hand in 暴头 state? Answer: a tile.
``waits``
    Thirteen tiles: which tiles win, and how many of them are left? Answer: ``{"tiles": [...], "left": n}``.
``payments``
    Who pays what? Answer: the four point changes ``[d0, d1, d2, d3]``.
``move``
    A scripted position: play the right move. Answer: an action (``"S1 discard P"``). With goal ``best`` the
    engine plays every candidate out (the other seats discard what they draw and never claim) and the moves
    with the best result for the learner are right; with goal ``legal`` any legal move is right.
``claimants``
    A discard was just made: which seats may claim it (win, pong or chow)? Answer: a list of seats.

Text in lessons may hold tiles in braces, ``{1m2m3m}``, which the page draws as tiles.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionError, ActionType
from .analysis import analyze_hand
from .fan import WinEvaluation, WinType, evaluate_win
from .hand import baotou_state, qike_state
from .log import hand_log
from .options import Options
from .round import Phase, Round
from .scenario import build_wall
from .scoring import settle
from .tiles import (
    CHINESE_NAMES,
    NUM_KINDS,
    TILE_NAMES,
    NotationError,
    Wildcards,
    count_kinds,
    parse_melds,
    parse_tile,
    parse_tiles,
    parse_tokens,
)
from .view import SeatView

__all__ = ["LESSONS", "Exercise", "Lesson", "LessonError", "catalogue", "check", "hand_widget", "lesson"]



class LessonError(ValueError):
    """An unknown lesson or exercise, or an answer that cannot be read."""


@dataclass(frozen=True)
class Exercise:
    """One question. ``data`` holds the hand or the position; the answer is computed by :func:`check`."""

    id: str
    kind: str
    prompt_zh: str
    prompt_en: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Lesson:
    """One lesson: a title, a few blocks of text and example hands, and its exercises."""

    id: str
    title_zh: str
    title_en: str
    summary_zh: str
    summary_en: str
    blocks: tuple[Mapping[str, Any], ...]
    exercises: tuple[Exercise, ...]


def _p(zh: str, en: str) -> dict[str, Any]:
    return {"type": "p", "zh": zh, "en": en}


def _hand(tiles: str, zh: str, en: str, **extra: Any) -> dict[str, Any]:
    return {"type": "hand", "tiles": tiles, "caption_zh": zh, "caption_en": en, **extra}


def _rule(zh: str, en: str) -> dict[str, Any]:
    return {"type": "rule", "zh": zh, "en": en}


# ------------------------------------------------------------------------------------------ the catalogue

LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "tiles", "牌与记法", "Tiles and notation",
        "136 张牌，三门花色加字牌，没有花牌。", "136 tiles: three suits and honours, no flowers.",
        (
            _p("杭州麻将用 136 张牌：万、筒、条三门各 1–9，每种 4 张；再加东南西北四风和中、发、白三元，也各 4 张。"
               "没有花牌。",
               "Hangzhou mahjong uses 136 tiles: three suits — characters (万), dots (筒) and bamboo (条) — "
               "numbered 1 to 9, four copies each, plus the four winds and three dragons, four copies each. "
               "There are no flowers or seasons."),
            _hand("1m2m3m4m5m6m7m8m9m", "万子 characters: 1m … 9m", "Characters 万: 1m … 9m"),
            _hand("1p2p3p4p5p6p7p8p9p", "筒子 dots: 1p … 9p", "Dots 筒: 1p … 9p"),
            _hand("1s2s3s4s5s6s7s8s9s", "条子 bamboo: 1s … 9s", "Bamboo 条: 1s … 9s"),
            _hand("ESWN CFP", "东南西北 E S W N，中 C、发 F、白 P", "Winds E S W N; dragons: red C, green F, white P"),
            _p("本教程和引擎都用这种记法：数字加花色字母（{5p} 是五筒），字牌用一个字母。连写 {123m} 等于 "
               "{1m2m3m}。带星号的 {P*} 表示这张牌是财神（万能牌），下一课会讲。",
               "This tutorial and the engine write tiles this way: a rank and a suit letter ({5p} is the five of "
               "dots), one letter for an honour. {123m} is short for {1m2m3m}. A star, as in {P*}, marks a "
               "wildcard (财神) — the subject of a later lesson."),
        ),
        (
            Exercise("tiles-find", "tile", "在下面的牌里点出「5p」（五筒）。",
                     "Click the tile written “5p” (five of dots).",
                     {"target": "5p", "choices": "5m 5s 5p 2p 8p 3p P"}),
            Exercise("tiles-find-honour", "tile", "点出「F」（发财）。", "Click the tile written “F” (green dragon).",
                     {"target": "F", "choices": "C P F E N W"}),
        ),
    ),
    Lesson(
        "sets", "组合与胡牌", "Sets and the winning hand",
        "四组加一对：顺子、刻子、将。", "Four sets and a pair.",
        (
            _p("一手胡牌有 14 张：四组加一对将。一组是顺子（同一花色连续三张，如 {4p5p6p}，字牌不能组顺子）"
               "或刻子（三张相同，如 {EEE}）。将是两张相同的牌，如 {9s9s}。",
               "A winning hand has 14 tiles: four sets and a pair. A set is a chow — three consecutive tiles of "
               "one suit such as {4p5p6p} (honours never form chows) — or a pong, three identical tiles such as "
               "{EEE}. The pair is two identical tiles, such as {9s9s}."),
            _hand("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s", "四组加一对：胡牌", "Four sets and a pair: a win"),
            _p("手里 13 张、差一张就胡的牌叫「听牌」，能胡的那几张牌叫「听」。下面这手听 {3p} 和 {6p}：",
               "With 13 tiles, a hand that needs one more tile is ready (听牌); the tiles that complete it are its "
               "waits. This hand waits on {3p} and {6p}:"),
            _hand("1m2m3m 4m5m6m 7s8s9s 4p5p EE", "听 3p / 6p", "Waits on 3p or 6p", analyze=True),
            _rule("杭州麻将只认两种胡牌形：四组一对（平胡）和七对子。十三幺、清一色、对对胡都没有额外番数。",
                  "Only two shapes win: four sets and a pair, and seven pairs. Thirteen orphans, full flush or "
                  "all pongs earn nothing extra here."),
        ),
        (
            Exercise("sets-win", "win_value",
                     "S1 自摸 {5s}。这是胡牌吗？几番？", "S1 draws {5s}. Is this a win, and how many fan?",
                     {"hand": "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 5s", "win_tile": "5s", "win_type": "self_draw"}),
            Exercise("sets-waits", "waits",
                     "这手牌听哪几张？还剩几张（只看得到自己的手牌）？",
                     "Which tiles complete this hand, and how many of them are left (you see only your hand)?",
                     {"hand": "1m2m3m 4m5m6m 7s8s9s 4p5p EE"}),
        ),
    ),
    Lesson(
        "caishen", "财神（白板财神与翻财神）", "The wildcard 财神",
        "财神可以当任何牌用，但不能吃碰，打出去也没人能要。",
        "A wildcard stands for any tile in your hand, but not in melds; a discarded one cannot be claimed.",
        (
            _p("默认规则「白板财神」：四张白板 {P*} 都是财神。财神在手里可以当任何一张牌，凑顺子、刻子或将："
               "{P*}{4p}{6p} 是顺子，{P*}{9s} 是一对将，{P*P*} 也是一对。",
               "By default (白板财神) the four white dragons {P*} are wildcards. In your hand a wildcard stands for "
               "any tile in a chow, pong or pair: {P*}{4p}{6p} is a chow, {P*}{9s} is a pair, and so is {P*P*}."),
            _hand("P* 1m2m3m 4p6p 7s8s9s EEE 9s", "P* 当 5p 用：胡牌", "P* stands for 5p: a win", analyze=True),
            _rule("财神不能用来吃、碰、杠；打出去的财神谁也不能吃碰，也不能胡。",
                  "Wildcards cannot be used to chow, pong or kong, and a discarded wildcard can never be claimed — "
                  "not even to win."),
            _p("「翻财神」：发完牌后从牌墙尾翻一张亮出（指示牌），它不能再被摸到；另外三张同样的牌就是财神。"
               "这时四张白板变成普通牌，代替指示牌的牌面：指示牌是 {5s} 时，白板就是一张普通的 5s。",
               "Flipped mode (翻财神): after the deal the last tile of the wall is turned up (the indicator) and is "
               "out of play; the other three tiles of its kind are the wildcards. The white dragons then become "
               "ordinary tiles that stand in for the indicator’s face: with indicator {5s}, a white dragon is a "
               "plain 5s."),
            _hand("1m1m 3m3m PP 7p7p EE CC 9s9s", "指示牌 5s：PP 是一对天然的 5s", "Indicator 5s: PP is a natural "
                  "pair of 5s", wildcard="5s"),
        ),
        (
            Exercise("caishen-flipped", "win_value",
                     "翻财神，指示牌是 {5s}。S1 自摸 {9s}，胡吗？几番？",
                     "Flipped mode, indicator {5s}. S1 draws {9s}: a win? How many fan?",
                     {"hand": "1m1m 3m3m P P 7p7p E E C C 9s 9s", "win_tile": "9s", "win_type": "self_draw",
                      "wildcard": "5s"}),
            Exercise("caishen-waits", "waits",
                     "手里有一张财神。这手牌听哪些牌？还剩几张？",
                     "One wildcard in hand. Which tiles complete it, and how many are left?",
                     {"hand": "P* 2m3m4m 6p7p 1s2s3s 7s7s 9s9s"}),
        ),
    ),
    Lesson(
        "baotou", "暴头", "暴头: the wildcard as the pair",
        "一张财神加四组：摸什么都胡，但不能胡别人打的牌。",
        "A wildcard plus four sets: any draw wins — but never a discard.",
        (
            _p("摸牌前，手里是一张财神加上四组（顺子或刻子），就叫「暴头」状态：无论摸到什么牌，它都和财神配成将，"
               "所以摸什么都胡。暴头胡 1 番（×2）。",
               "If, before your draw, your hand is one wildcard plus four complete sets, you are in 暴头 (baotou) "
               "state: whatever you draw pairs up with the wildcard, so every draw wins. A 暴头 win is worth "
               "1 fan (×2)."),
            _hand("P* 1m2m3m 4p5p6p 7s8s9s EEE", "一张财神 + 四组", "One wildcard + four sets", analyze=True),
            _rule("暴头状态的玩家不能胡别人打出的牌（不能放铳），哪怕这张牌能用别的方式凑成胡牌。",
                  "A player in 暴头 state may not win on another player’s discard, even if the discard would "
                  "complete the hand some other way."),
            _p("所以手里有财神时，常常要打掉一张多余的牌，留下「财神 + 四组」，等自摸。",
               "So with a wildcard in hand you often discard a spare tile to keep “wildcard + four sets” and wait "
               "for the self-draw."),
        ),
        (
            Exercise("baotou-discard", "baotou_discard",
                     "打哪一张牌，剩下的 13 张就是暴头状态？", "Which discard leaves these 13 tiles in 暴头 state?",
                     {"hand": "P* 1m2m3m 4m 6p7p8p 2s3s4s 9s9s9s"}),
            Exercise("baotou-discard-win", "win_value",
                     "三老庄（L = 3），S0 是庄家，处于暴头状态。S2 打出 {4m}，S0 能胡吗？",
                     "Streak L = 3, S0 is the dealer and in 暴头 state. S2 discards {4m}: may S0 win on it?",
                     {"hand": "P* 1m2m3m 4p5p6p 7s8s9s E E E 4m", "win_tile": "4m", "win_type": "discard"}),
        ),
    ),
    Lesson(
        "caipiao", "财飘与抓打", "财飘 and the 抓打 freeze",
        "暴头时打出财神，再自摸：番数翻倍；打财神后其他人只能摸什么打什么。",
        "Throw a wildcard away while in 暴头, then self-draw: double again. Meanwhile the others must discard "
        "what they draw.",
        (
            _p("打出一张财神叫「飘」。如果你在暴头状态又摸到一张财神，可以直接胡（暴头，1 番），也可以把财神打出去"
               "（飘），下一轮再自摸：这叫「财飘」，2 番（×4）。连飘两次是双财飘，3 番（×8）。",
               "Discarding a wildcard is a 飘 (piao). In 暴头 state, if you draw a second wildcard you may win at once "
               "(暴头, 1 fan) or throw the wildcard away and win on a later self-draw: 财飘, 2 fan (×4). Two 飘s in a "
               "row make 双财飘, 3 fan (×8)."),
            _rule("飘只在暴头（或七客）自摸时加番。打出财神后回来普通自摸，就等于普通自摸。",
                  "A 飘 only counts when the hand is then won by 暴头 (or 七客). A plain self-draw after a 飘 scores "
                  "as a plain self-draw."),
            _p("打出财神会引起「抓打」：直到打财神的人再打出一张非财神牌为止，其他三家不能吃、碰、杠别人的牌，"
               "也不能胡别人的牌；轮到自己时只能自摸、暗杠，或者把刚摸到的那张牌打出去。",
               "A wildcard discard starts the 抓打 freeze: until its owner next discards a non-wildcard, the other "
               "three may not chow, pong, kong or win on any discard, and on their own turn they may only win by "
               "self-draw, declare a concealed kong, or discard the tile they have just drawn."),
        ),
        (
            Exercise("caipiao-play", "move",
                     "你是 S1，暴头状态，刚摸到第二张财神。怎样打才能赢得最多？",
                     "You are S1, in 暴头 state, and you have just drawn a second wildcard. What is the best play?",
                     {"seat": 1, "goal": "best", "depth": 1,
                      "position": {"dealer": 0, "hands": {0: "9m", 1: "P* 1m2m3m 4p5p6p 7s8s9s EEE"},
                                   "draws": "P* 8s 2m 5p 3p", "script": ["S0 discard 9m"]}}),
            Exercise("caipiao-freeze", "move",
                     "S1 刚刚打出财神（飘）。你是 S2，摸到 {8s}。你要打哪一张？",
                     "S1 has just thrown away a wildcard. You are S2 and drew {8s}. Which tile do you discard?",
                     {"seat": 2, "goal": "best",
                      "position": {"dealer": 0, "hands": {0: "9m", 1: "P*", 2: "1m2m3m 5p6p7p 7s9s 3s4s5s C N"},
                                   "draws": "P* 8s", "script": ["S0 discard 9m", "S1 discard P"]}}),
        ),
    ),
    Lesson(
        "gang", "杠开、杠暴、杠飘", "Kongs: 杠开, 杠暴, 杠飘",
        "杠后摸的补牌胡牌加番，和暴头、飘叠加。", "A win on a kong replacement adds fan, and stacks with 暴头 and 飘.",
        (
            _p("四张相同的牌可以开杠：暗杠（四张都在手里）、直杠（三张在手，杠别人打的一张）、加杠（碰过的再摸到一张）。"
               "杠后从牌墙尾摸一张补牌，另外再烧掉一张，牌墙少两张。杠没有单独的杠分。",
               "Four identical tiles can be declared as a kong: concealed (all four in hand), exposed (three in hand "
               "plus a discard) or added (a fourth tile to a pong). You then draw a replacement from the back of the "
               "wall and one more tile is burned, so the wall shrinks by two. Kongs earn no separate payment."),
            _p("用补牌自摸叫「杠开」，1 番；一轮连杠两次再胡是双杠开，2 番。已经在暴头状态时开杠再胡叫「杠暴」："
               "1（暴头）+ 1（杠）= 2 番。杠后补到财神打出去再自摸叫「杠飘」：1 + 1 + 1 = 3 番（×8）。",
               "Winning on the replacement tile is 杠开, 1 fan; two kongs in one turn then a win is 双杠开, 2 fan. "
               "If you were already in 暴头 state, kong then win is 杠暴: 1 (暴头) + 1 (kong) = 2 fan. Kong, "
               "draw a wildcard, throw it away, then self-draw: 杠飘, 1 + 1 + 1 = 3 fan (×8)."),
            _rule("暴头家族的番数相加：1（暴头）+ 每一次飘 + 每一次杠。",
                  "In the 暴头 family everything adds up: 1 (暴头) + one per 飘 + one per kong."),
        ),
        (
            Exercise("gang-kaigang", "win_value",
                     "S3 暗杠 {7p7p7p7p}，补牌摸到 {9s}。胡吗？几番？",
                     "S3 declared a concealed kong of 7p and drew {9s} as the replacement. A win? How many fan?",
                     {"hand": "1m2m3m 4m5m6m 2p3p4p 9s 9s", "melds": "7p7p7p7p", "win_tile": "9s",
                      "win_type": "replacement", "m_turn": 1}),
            Exercise("gang-play", "move",
                     "你是 S2，暴头状态，手里三张 7p，又摸到第四张 {7p}。怎样打赢得最多？",
                     "You are S2, in 暴头 state with three 7p, and you drew the fourth {7p}. What is the best play?",
                     {"seat": 2, "goal": "best", "depth": 2,
                      "position": {"dealer": 0, "hands": {0: "9m", 2: "P* 7p7p7p 1m2m3m 4m5m6m 2p3p4p"},
                                   "draws": "1s 7p 2s 3s 4s 9s", "back": "P* W",
                                   "script": ["S0 discard 9m", "S1 discard 1s"]}}),
        ),
    ),
    Lesson(
        "qidui", "七对子、豪华、七客、清七对", "Seven pairs, 豪华, 七客, 清七对",
        "七对也是胡牌形；四张一样算豪华，财神多于单张是七客。",
        "Seven pairs also wins; four of a kind is 豪华; more wildcards than odd tiles is 七客.",
        (
            _p("七个对子也能胡（不能有吃碰杠）。带财神的七对子 1 番；完全不用财神的叫「清七对」，2 番。"
               "四张一样的牌（必须是四张真牌）算两对，叫「豪华」，每组多 1 番。",
               "Seven pairs also wins (with no melds). Seven pairs with a wildcard is 1 fan; without any wildcard "
               "it is 清七对, 2 fan. Four natural identical tiles count as two pairs — a 豪华 group — and each adds "
               "1 fan."),
            _hand("1m1m 3m3m 5p5p 7p7p EE CC 9s9s", "清七对：2 番", "清七对 (no wildcard): 2 fan"),
            _p("摸牌前 13 张里，财神的数量多于单张的牌：摸什么都凑成七对，这是「七客」状态，胡了算 2 番，"
               "和暴头一样也能加飘。",
               "If, before the draw, your 13 tiles hold more wildcards than unpaired faces, any draw completes seven "
               "pairs: this is 七客 state, worth 2 fan, and like 暴头 it collects 飘s."),
            _hand("1m1m 3m3m 5p5p 7p7p EE CC P*", "六对 + 一张财神", "Six pairs + one wildcard", analyze=True),
            _rule("三张真牌加一张财神不算豪华。", "Three natural tiles plus a wildcard are not a 豪华 group."),
        ),
        (
            Exercise("qidui-qike", "win_value",
                     "S3 自摸 {4s}。胡吗？几番？", "S3 draws {4s}. A win? How many fan?",
                     {"hand": "1m1m 3m3m 5p5p 7p7p E E C C P* 4s", "win_tile": "4s", "win_type": "self_draw"}),
            Exercise("qidui-haohua", "win_value",
                     "S2 自摸 {C}。三张 2m 加一张财神：算豪华吗？几番？",
                     "S2 draws {C}. Three 2m plus a wildcard: is that 豪华? How many fan?",
                     {"hand": "2m2m2m P* 3m3m 5p5p 7p7p E E C C", "win_tile": "C", "win_type": "self_draw"}),
        ),
    ),
    Lesson(
        "claims", "出牌顺序与吃碰", "Turn flow and claims",
        "吃只能吃上家；胡 > 碰、杠 > 吃；过了不能再碰/胡；吃后限打。",
        "Chow only from your left; win beats pong beats chow; passed claims; the chow discard ban.",
        (
            _p("S0 → S1 → S2 → S3 依次摸牌、打牌。有人打出一张牌后，其他三家可以要：胡（放铳，有条件，见后面）、"
               "碰或直杠（任何人）、吃（只有下家，也就是打牌人的下一位）。同时有几个人要时：胡 > 碰 = 杠 > 吃。",
               "Play goes S0 → S1 → S2 → S3: draw, then discard. When a tile is discarded the others may claim it: "
               "win (only in some cases, see a later lesson), pong or exposed kong (anyone), chow (only the "
               "discarder’s next player). When several claim: win beats pong = kong, which beat chow."),
            _rule("吃、碰之后不能胡，只能打牌（或开暗杠/加杠）。吃了以后这一轮不能打出吃进的那张牌，也不能打「另一头」："
                  "拿 {5m6m} 吃 {4m}，就不能打 {4m} 和 {7m}。",
                  "After a chow or pong you may not win in that turn. After a chow you may not discard the claimed "
                  "tile nor the other end of the run: chowing {4m} with {5m6m}, you may not discard {4m} or {7m}."),
            _p("漏碰：能碰不碰，到你自己下一次打牌前不能碰同样的牌。漏胡同理：能胡不胡，到你下一次打牌前不能胡同样的牌"
               "（自摸不受影响）。",
               "Passed pong (漏碰): if you could pong and did not, you may not pong that face again until your own "
               "next discard. Passed win (漏胡) likewise for discard wins on that face; self-draws are never "
               "affected."),
        ),
        (
            Exercise("claims-chow", "claimants",
                     "S0 打出 {4m}。谁可以吃？", "S0 discards {4m}. Who may chow it?",
                     {"claim": "chow",
                      "position": {"dealer": 0, "hands": {0: "4m", 1: "2m3m", 2: "5m6m", 3: "3m5m"},
                                   "script": ["S0 discard 4m"]}}),
            Exercise("claims-ban", "move",
                     "你是 S1，用 {5m6m} 吃了 S0 的 {4m}。现在打一张牌。",
                     "You are S1 and have chowed S0’s {4m} with {5m6m}. Now discard a tile.",
                     {"seat": 1, "goal": "legal",
                      "position": {"dealer": 0, "hands": {0: "4m", 1: "5m6m 4m 7m 1p2p3p 9s9s E S W N"},
                                   "script": ["S0 discard 4m", "S1 chow 5m6m"]}}),
            Exercise("claims-loupeng", "claimants",
                     "S2 有一对 {8s}，S0 打 {8s} 时 S2 没碰。接着 S1 也打出 {8s}，谁可以碰？",
                     "S2 holds a pair of {8s} and passed when S0 discarded an 8s. Now S1 discards {8s}: who may pong?",
                     {"claim": "pong",
                      "position": {"dealer": 0, "hands": {0: "8s", 1: "8s", 2: "8s8s"}, "draws": "N",
                                   "script": ["S0 discard 8s", "S2 pass", "S1 discard 8s"]}}),
        ),
    ),
    Lesson(
        "scoring", "庄家、老庄与算分", "The dealer, 老庄 and scoring",
        "每家付 底分 × 2^番 × 庄闲分；庄闲分 = 2^老庄数。",
        "Each pays base × 2^fan × Z, with Z = 2^L between dealer and non-dealer.",
        (
            _p("庄家胡了继续坐庄，老庄数 L 加 1（最多 3）；流局庄家不变，L 也加 1；"
               "闲家胡了就由胡牌的人做庄，L 回到 1。",
               "When the dealer wins he stays and the streak L rises by one (at most 3); after a drawn hand the dealer "
               "stays and L also rises; when a non-dealer wins, the winner becomes dealer at L = 1."),
            _rule("每一家的份额 = 底分 × 2^番 × 庄闲分。庄闲分：赢家或付钱的人是庄家时为 2^L"
                  "（1 老 2、2 老 4、3 老 8），"
                  "两个闲家之间为 1。自摸时三家各付自己的份额；放铳时点炮的人一个人付三家的总和 T。",
                  "Each seat’s share = base × 2^F × Z, where Z = 2^L (L = 1: 2, L = 2: 4, L = 3: 8) if the "
                  "winner or that seat is the dealer, and 1 between two non-dealers. On a self-draw each seat "
                  "pays its share; on a discard win the discarder alone pays the total T of all three shares."),
            _p("例：三老庄（L = 3），闲家 S1 自摸平胡（0 番）：庄家 S0 付 1 × 1 × 8 = 8，S2、S3 各付 1，S1 共得 10。",
               "Example: L = 3, non-dealer S1 self-draws a plain win (F = 0): the dealer S0 pays 1 × 1 × 8 = 8, "
               "S2 and S3 pay 1 each, S1 gains 10."),
        ),
        (
            Exercise("scoring-selfdraw", "payments",
                     "庄家 S0，二老庄（L = 2）。S2 自摸下面这手（暴头）。每家输赢多少？",
                     "Dealer S0, L = 2. S2 self-draws this hand (暴头). How many points does each seat win or lose?",
                     {"winner": 2, "dealer": 0, "streak": 2, "hand": "P* 1m2m3m 4p5p6p 7s8s9s E E E N",
                      "win_tile": "N", "win_type": "self_draw"}),
            Exercise("scoring-discard", "payments",
                     "庄家 S0，三老庄。S2 打出 {5s}，庄家 S0 胡了（平胡）。每家输赢多少？",
                     "Dealer S0, L = 3. S2 discards {5s} and the dealer S0 wins on it (plain). Each seat’s change?",
                     {"winner": 0, "dealer": 0, "streak": 3, "payer": 2, "hand": "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 5s",
                      "win_tile": "5s", "win_type": "discard"}),
        ),
    ),
    Lesson(
        "chengbao", "摊与承包", "摊 and 承包 (contracts)",
        "吃碰同一家三次（只在庄闲之间、三老庄时）就形成承包关系。",
        "Three claims on the same player (dealer and non-dealer, at L = 3) create a contract.",
        (
            _p("A 吃或碰 B 打的牌一次，叫 A 吃 B 一摊。两个闲家之间最多 2 摊；庄家和闲家之间也最多 2 摊，"
               "只有三老庄时才能吃到第 3 摊。",
               "Each chow or pong that A makes on B’s discards is one 摊 (tan) of A on B. Between two non-dealers "
               "at most 2 are allowed; between the dealer and a non-dealer also 2, except at L = 3 where a third "
               "becomes possible."),
            _rule("「A 吃 B 三摊」后：A 自摸时，其他人该付的钱全由 B 一人付（三摊承包，付 T）；"
                  "B 自摸时，全由 A 付，而且"
                  "翻倍（倒承包，付 2T）。放铳时，点炮的人付 T，承包关系另外再付。",
                  "Once “A 吃 B 三摊”: when A self-draws, B alone pays everything (承包, T); when B self-draws, A "
                  "alone pays, doubled (倒承包, 2T). On a discard win the discarder pays T and the contract pays in "
                  "addition."),
        ),
        (
            Exercise("chengbao-cap", "claimants",
                     "一老庄（L = 1）。S1 已经吃了庄家 S0 两次。S0 又打出 {3m}，S1 手里有 {1m2m}。谁可以吃？",
                     "L = 1. S1 has already chowed the dealer S0 twice. S0 now discards {3m}; S1 holds {1m2m}. "
                     "Who may chow?",
                     {"claim": "chow",
                      "position": {"dealer": 0, "streak": 1,
                                   "hands": {0: "4m 7m 3m", 1: "5m6m 8m9m 1m2m N W"},
                                   "script": ["S0 discard 4m", "S1 chow 5m6m", "S1 discard N", "until S0",
                                              "S0 discard 7m", "S1 chow 8m9m", "S1 discard W", "until S0",
                                              "S0 discard 3m"]}}),
            Exercise("chengbao-pay", "payments",
                     "三老庄，S1 吃了庄家 S0 三摊。S1 自摸暴头。每家输赢多少？",
                     "L = 3 and S1 has claimed three times on the dealer S0. S1 self-draws 暴头. Each seat’s change?",
                     {"winner": 1, "dealer": 0, "streak": 3, "tan": [[1, 0, 3]], "hand": "P* 7s8s9s 2s",
                      "melds": "1m2m3m 4p5p6p EEE", "win_tile": "2s", "win_type": "self_draw"}),
        ),
    ),
    Lesson(
        "discardwin", "什么时候能胡别人打的牌", "When discard wins are allowed",
        "只在三老庄时、只在庄家和闲家之间，且不能是财神、不能在暴头状态。",
        "Only at L = 3, only between dealer and non-dealer, never on a wildcard, never in 暴头 state.",
        (
            _p("杭州麻将主要靠自摸。胡别人打的牌（放铳、捉冲）要同时满足：",
               "Hangzhou mahjong is mostly about self-draws. Winning on a discard (放铳) needs all of:"),
            _rule("① 庄家已经三老庄（L = 3）；② 胡牌的人和打牌的人中恰好一个是庄家（闲家之间不能放铳）；"
                  "③ 打出的不是财神；④ 胡牌的人不在暴头或七客状态；⑤ 没有被抓打限制；⑥ 没有漏胡这张牌。"
                  "几个人同时能胡时，按出牌顺序离打牌人最近的胡。",
                  "(1) the dealer’s streak is L = 3; (2) exactly one of winner and discarder is the dealer (two "
                  "non-dealers never win on each other’s discards); (3) the tile is not a wildcard; (4) the winner "
                  "is not in 暴头 or 七客 state; (5) the winner is not bound by a freeze; (6) no passed win on that "
                  "face. If several may win, the first in turn order after the discarder does."),
        ),
        (
            Exercise("discardwin-who", "claimants",
                     "三老庄，庄家是 S0。S1 打出 {5s}，S0、S2、S3 都差这张牌就胡。谁可以胡？",
                     "L = 3, dealer S0. S1 discards {5s}; S0, S2 and S3 all need exactly this tile. Who may win?",
                     {"claim": "win",
                      "position": {"dealer": 0, "streak": 3,
                                   "hands": {0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s N",
                                             2: "1p2p3p 4p5p6p 7m8m9m 3s4s 5s",
                                             3: "1p1p 3p3p 6m6m 8m8m W W C C 5s"},
                                   "draws": "5s", "script": ["S0 discard N", "S1 discard 5s"]}}),
            Exercise("discardwin-louhu", "claimants",
                     "三老庄。庄家 S0 听 {3p}/{6p}，S1 打 {3p} 时 S0 没胡。接着 S2 也打出 {3p}：谁可以胡？",
                     "L = 3. The dealer S0 waits on {3p}/{6p} and passed when S1 discarded a 3p. Now S2 discards "
                     "{3p}: who may win?",
                     {"claim": "win",
                      "position": {"dealer": 0, "streak": 3,
                                   "hands": {0: "1m2m3m 4m5m6m 7s8s9s 4p5p E E N"},
                                   "draws": "3p 3p", "script": ["S0 discard N", "S1 discard 3p", "S0 pass",
                                                                "S2 discard 3p"]}}),
        ),
    ),
    Lesson(
        "endwall", "牌墙摸到底", "The end of the wall",
        "剩 20 张时：不能再杠，最后一张打出只能被胡。",
        "At 20 tiles left: no more kongs, and the last discard can only be won on.",
        (
            _p("牌墙最后 20 张不摸。谁摸牌后牌墙只剩 20 张（或更少），他就是最后一个出牌的人：可以自摸，也可以打牌，"
               "但不能开杠。",
               "The last 20 tiles of the wall are never drawn. The player whose draw leaves 20 tiles (or fewer) "
               "plays the last turn: he may self-draw win or discard, but may not declare a kong."),
            _rule("他打出的这张牌只能被胡（条件同上一课），不能吃、碰、杠。"
                  "没人胡就流局：谁都不付钱，庄家不变，老庄数加 1。",
                  "His discard may only be won on (with the conditions of the previous lesson) — no chow, pong or "
                  "kong. If nobody wins the hand is a draw (流局): nobody pays, the dealer stays and L rises by one."),
        ),
        (
            Exercise("endwall-kong", "move",
                     "你是 S3，刚摸完牌，牌墙只剩 20 张。你手里有四张 {7p}。你能做什么？",
                     "You are S3; after your draw only 20 tiles are left. You hold four {7p}. What may you do?",
                     {"seat": 3, "goal": "legal",
                      "position": {"dealer": 0, "hands": {1: "P P P P", 3: "7p7p7p7p 1s2s3s 5p 9m9m"},
                                   "script": ["until S3 R20"]}}),
            Exercise("endwall-pong", "claimants",
                     "牌墙剩 20 张，S3 打出最后一张 {5p}。S0 有一对 {5p}。谁可以碰？",
                     "20 tiles left and S3 discards the last tile, {5p}. S0 holds a pair of {5p}. Who may pong?",
                     {"claim": "pong",
                      "position": {"dealer": 0, "hands": {0: "5p5p", 1: "P P P P", 3: "5p 1s2s3s"},
                                   "script": ["until S3 R20", "S3 discard 5p"]}}),
        ),
    ),
)

_LESSON_BY_ID = {les.id: les for les in LESSONS}
_EXERCISE_BY_ID = {ex.id: ex for les in LESSONS for ex in les.exercises}


# ------------------------------------------------------------------------------------------ helpers


def _wildcards(data: Mapping[str, Any]) -> Wildcards:
    ind = data.get("wildcard")
    return Wildcards.fixed() if ind is None else Wildcards.flipped(parse_tile(str(ind)))


def _options(data: Mapping[str, Any]) -> Options:
    opts = Options.from_json(dict(data.get("options", {})))
    if data.get("wildcard") is not None:
        opts = opts.replace(wildcard_mode="flipped")
    return opts


def _names(tiles: Sequence[int], wc: Wildcards) -> list[str]:
    return [wc.name(t) for t in tiles]


def _seats_zh(seats: Sequence[int]) -> str:
    return "、".join(f"S{s}" for s in seats) if seats else "没有人"


def _seats_en(seats: Sequence[int]) -> str:
    return ", ".join(f"S{s}" for s in seats) if seats else "nobody"


def _fan_text(ev: WinEvaluation | None) -> tuple[str, str]:
    if ev is None:
        return "不是胡牌", "not a win"
    return (f"{ev.name_zh}，{ev.fan} 番（×{ev.multiplier}）",
            f"{ev.name_en}, {ev.fan} fan (×{ev.multiplier})")


def _evaluate(data: Mapping[str, Any]) -> WinEvaluation | None:
    wc = _wildcards(data)
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
            wc = _wildcards(data)
            pre = list(tiles)
            pre.remove(parse_tile(str(data["win_tile"])))
            counts, w = wc.split(pre)
            state = "暴头" if baotou_state(counts, w) else "七客" if qike_state(counts, w, 0) else ""
            if state:
                return (f"牌型是胡牌，但摸牌前处于{state}状态，不能胡别人打的牌；自摸才算（{self_drawn.name_zh}）。",
                        f"The tiles form a win, but the hand was in {state} state, which may not win on a "
                        f"discard; only a self-draw counts ({self_drawn.name_en}).")
    return "这 14 张凑不成四组一对，也凑不成七对。", "These 14 tiles make neither four sets and a pair nor seven pairs."


# ------------------------------------------------------------------------------------------ positions


def _policy(r: Round, seat: int, keep: Sequence[int]) -> Action:
    """The other seats in a scenario: pass every claim, discard the tile just drawn, never win or kong.

    Without a drawn tile (the dealer's first turn, after a claim) it discards a natural tile that the
    scenario did not place in its hand (``keep`` counts those).
    """
    legal = r.legal_actions(seat)
    for a in legal:
        if a.type is ActionType.PASS:
            return a
    discards = [a for a in legal if a.type is ActionType.DISCARD]
    if r.drawn is not None:
        for a in discards:
            if a.tile == r.drawn:
                return a
    have = count_kinds(r.hands[seat])
    spare = [a for a in discards if have[a.tile] > keep[a.tile] and not r.wildcards.is_wild(a.tile)]
    pool = spare or [a for a in discards if not r.wildcards.is_wild(a.tile)] or discards
    return pool[-1]


@dataclass
class _Position:
    round: Round
    keep: list[list[int]]


def _build_position(spec: Mapping[str, Any], options: Options | None = None) -> _Position:
    """Deal a scripted position: hands, draws and back tiles placed with build_wall, then the script.

    Script items are action texts (pending claim windows of other seats are passed first), or
    ``"until S<n>"`` / ``"until S<n> R<k>"``: the policy plays until seat n is to act (with at most k tiles
    left in the wall).
    """
    opts = options or Options()
    hands = {int(s): str(v) for s, v in dict(spec.get("hands", {})).items()}
    dealer = int(spec.get("dealer", 0))
    wall = build_wall(opts, dealer=dealer, hands=hands, draws=str(spec.get("draws", "")),
                      back=str(spec.get("back", "")), seed=int(spec.get("seed", 7)))
    r = Round.deal(opts, dealer=dealer, streak=int(spec.get("streak", opts.start_streak)), wall=wall)
    keep = [count_kinds(parse_tiles(hands.get(s, ""))) for s in range(4)]
    for item in spec.get("script", ()):
        words = str(item).split()
        if words[0] == "until":
            seat = int(words[1][1])
            limit = int(words[2][1:]) if len(words) > 2 else None
            _play_until(r, keep, seat, limit)
            continue
        act = Action.parse(str(item))
        while act not in r.legal_actions(act.seat):
            pending = r.deciding_seats() if r.phase is not Phase.ACT else []
            if not pending:
                raise LessonError(f"scenario step {item!r} is illegal: {r.explain_illegal(act)}")
            r.apply(_policy(r, pending[0], keep[pending[0]]))
        r.apply(act)
    return _Position(r, keep)


def _play_until(r: Round, keep: Sequence[Sequence[int]], seat: int, limit: int | None) -> None:
    for _ in range(2000):
        if r.is_over:
            raise LessonError("the scenario ended before the learner's turn")
        if r.phase is Phase.ACT and r.current == seat and (limit is None or r.remaining <= limit):
            return
        s = r.deciding_seats()[0]
        r.apply(_policy(r, s, keep[s]))
    raise LessonError("the scenario did not reach the learner's turn")


def _advance(r: Round, seat: int, keep: Sequence[Sequence[int]]) -> None:
    """Let the other seats play (policy) until ``seat`` decides or the hand is over."""
    while not r.is_over:
        deciding = r.deciding_seats()
        if seat in deciding:
            return
        s = deciding[0]
        r.apply(_policy(r, s, keep[s]))


def _follow_ups(r: Round, seat: int) -> list[Action]:
    """The learner's own choices explored after the first move: win, kongs, 飘 and discarding the draw."""
    legal = r.legal_actions(seat)
    wc = r.wildcards
    out = [a for a in legal if a.type in (ActionType.WIN, ActionType.CONCEALED_KONG, ActionType.ADDED_KONG,
                                          ActionType.PASS)]
    out += [a for a in legal if a.type is ActionType.DISCARD and (a.tile == r.drawn or wc.is_wild(a.tile))]
    return out or legal


def _play_out(r: Round, seat: int, keep: Sequence[Sequence[int]], budget: int) -> tuple[int, Round]:
    """Best final gain of ``seat`` from this state (the others follow the policy), and the finished line.

    ``budget`` counts the learner's own turns still explored; his answers to claim windows (win or pass)
    are free, so an offered chow can never hide a self-draw.
    """
    _advance(r, seat, keep)
    if r.is_over:
        assert r.result is not None
        return r.result.deltas[seat], r
    own_turn = r.phase is Phase.ACT
    if budget == 0 and own_turn:
        return 0, r
    best: tuple[int, Round] | None = None
    for a in _follow_ups(r, seat):
        nxt = copy.deepcopy(r)
        nxt.apply(a)
        got = _play_out(nxt, seat, keep, budget - 1 if own_turn else budget)
        if best is None or got[0] > best[0]:
            best = got
    assert best is not None
    return best


def _candidates(r: Round, seat: int) -> list[Action]:
    """Moves a learner might try here, legal or not: the page offers them and the engine judges them."""
    legal = r.legal_actions(seat)
    hand = r.hands[seat]
    wc = r.wildcards
    out: list[Action] = []
    if r.phase is Phase.ACT and r.current == seat:
        out.append(Action(seat, ActionType.WIN))
        faces = count_kinds([wc.face(t) for t in hand if not wc.is_wild(t)])
        for f in range(NUM_KINDS):
            if faces[f] == 4:
                out.append(Action(seat, ActionType.CONCEALED_KONG, tuple(sorted(t for t in hand if wc.face(t) == f))))
        for t in sorted(set(hand)):
            out.append(Action(seat, ActionType.DISCARD, (t,)))
    elif r.claim_tile is not None:
        out.append(Action(seat, ActionType.WIN))
        x = r.claim_tile
        same = sorted(t for t in hand if not wc.is_wild(t) and wc.face(t) == wc.face(x))
        if len(same) >= 2:
            out.append(Action(seat, ActionType.PONG, tuple(same[:2])))
        out.append(Action(seat, ActionType.PASS))
    for a in legal:
        if a not in out:
            out.append(a)
    return out


_ACTION_EN = {"win": "Win", "discard": "Discard", "concealed_kong": "Concealed kong", "added_kong": "Added kong",
              "chow": "Chow", "pong": "Pong", "exposed_kong": "Exposed kong", "pass": "Pass"}


def _action_label(a: Action, wc: Wildcards) -> dict[str, Any]:
    tiles = _names(a.tiles, wc)
    shown = "" if a.type is ActionType.DISCARD or not tiles else " " + "".join(tiles)
    return {**a.to_json(), "tiles": tiles, "label_zh": a.type.chinese + shown,
            "label_en": _ACTION_EN[a.type.value] + shown}


_LINE_STEPS = 8
"""At most this many steps of a played-out line are told (a win is always told)."""


def _narrate(r: Round, start: int, seat: int) -> list[dict[str, str]]:
    """The actions of a line after index ``start``, in words (the learner's own tiles shown)."""
    out: list[dict[str, str]] = []
    wc = r.wildcards
    for a in r.actions[start:]:
        if a.type is ActionType.PASS:
            continue
        tiles = "".join(wc.name(t) for t in a.tiles)
        who = "你" if a.seat == seat else f"S{a.seat}"
        who_en = "you" if a.seat == seat else f"S{a.seat}"
        if a.type is ActionType.DISCARD:
            piao = wc.is_wild(a.tile)
            out.append({"zh": f"{who} 打 {tiles}" + ("（飘）" if piao else ""),
                        "en": f"{who_en} discard{'s' if a.seat != seat else ''} {tiles}" + (" (飘)" if piao else "")})
        elif a.type is ActionType.WIN:
            out.append({"zh": f"{who} 胡", "en": f"{who_en} win{'s' if a.seat != seat else ''}"})
        else:
            out.append({"zh": f"{who} {a.type.chinese} {tiles}", "en": f"{who_en}: {a.type.value} {tiles}"})
    if len(out) > _LINE_STEPS:
        out = [*out[:_LINE_STEPS - 1], {"zh": "……", "en": "…"}]
    if r.result is not None and r.result.evaluation is not None and r.result.winner is not None:
        ev = r.result.evaluation
        d = r.result.deltas[seat]
        out.append({"zh": f"{ev.name_zh}，{ev.fan} 番：你 {d:+d}", "en": f"{ev.name_en}, {ev.fan} fan: you {d:+d}"})
    return out


# ------------------------------------------------------------------------------------------ presenting


def catalogue() -> list[dict[str, Any]]:
    """The lessons in order: id, titles, one-line summaries and exercise ids."""
    return [{"id": les.id, "title_zh": les.title_zh, "title_en": les.title_en, "summary_zh": les.summary_zh,
             "summary_en": les.summary_en, "exercises": [ex.id for ex in les.exercises]} for les in LESSONS]


def lesson(lesson_id: str) -> dict[str, Any]:
    """One lesson with its blocks and its exercises as the page shows them (without answers)."""
    les = _LESSON_BY_ID.get(lesson_id)
    if les is None:
        raise LessonError(f"unknown lesson {lesson_id!r}: choose one of {', '.join(_LESSON_BY_ID)}")
    index = [x.id for x in LESSONS].index(les.id)
    blocks = []
    for b in les.blocks:
        block = dict(b)
        if block.get("type") == "hand" and block.get("analyze"):
            block["analysis"] = hand_widget(str(block["tiles"]), wildcard=block.get("wildcard"))
        blocks.append(block)
    return {"id": les.id, "number": index + 1, "count": len(LESSONS), "title_zh": les.title_zh,
            "title_en": les.title_en, "summary_zh": les.summary_zh, "summary_en": les.summary_en,
            "blocks": blocks, "exercises": [present(ex.id) for ex in les.exercises],
            "prev": LESSONS[index - 1].id if index > 0 else None,
            "next": LESSONS[index + 1].id if index + 1 < len(LESSONS) else None}


def _exercise(exercise_id: str) -> Exercise:
    ex = _EXERCISE_BY_ID.get(exercise_id)
    if ex is None:
        raise LessonError(f"unknown exercise {exercise_id!r}")
    return ex


def _position(ex: Exercise) -> _Position:
    return _build_position(ex.data["position"], _options(ex.data))


def present(exercise_id: str) -> dict[str, Any]:
    """What the page needs to ask one exercise: the prompt, the tiles, the choices; never the answer."""
    ex = _exercise(exercise_id)
    d = ex.data
    out: dict[str, Any] = {"id": ex.id, "kind": ex.kind, "prompt_zh": ex.prompt_zh, "prompt_en": ex.prompt_en}
    if ex.kind == "tile":
        out["choices"] = [TILE_NAMES[t] for t in parse_tiles(str(d["choices"]))]
    elif ex.kind in ("win_value", "payments"):
        wc = _wildcards(d)
        tiles = parse_tiles(str(d["hand"]))
        win = parse_tile(str(d["win_tile"]))
        rest = list(tiles)
        rest.remove(win)
        out.update({"hand": _names(sorted(rest), wc), "win_tile": wc.name(win), "win_type": d["win_type"],
                    "melds": [m.to_json() for m in parse_melds(str(d.get("melds", "")), wc)] if d.get("melds")
                    else [], "wildcard": wc.to_json()})
        if ex.kind == "win_value":
            out["choices"] = [None, 0, 1, 2, 3, 4]
        else:
            out.update({"winner": d["winner"], "dealer": d["dealer"], "streak": d["streak"],
                        "payer": d.get("payer"), "tan": d.get("tan", [])})
    elif ex.kind in ("baotou_discard", "waits"):
        wc = _wildcards(d)
        out["hand"] = _names(parse_tiles(str(d["hand"])), wc)
        out["wildcard"] = wc.to_json()
        if ex.kind == "waits":
            out["palette"] = [TILE_NAMES[k] for k in range(NUM_KINDS) if not wc.is_wild(k)]
    elif ex.kind == "move":
        pos = _position(ex)
        r = pos.round
        seat = int(d["seat"])
        view = SeatView.of(r, seat).to_json()
        del view["legal_actions"]
        out["view"] = view
        out["seat"] = seat
        out["candidates"] = [_action_label(a, r.wildcards) for a in _candidates(r, seat)]
        out["log"] = hand_log(r, include_result=False)
    elif ex.kind == "claimants":
        pos = _position(ex)
        r = pos.round
        last = next(e for e in reversed(r.events) if e["type"] == "discard")
        out.update({"claim": d["claim"], "discarder": last["seat"], "tile": last["tile"], "dealer": r.dealer,
                    "streak": r.streak, "wall_remaining": r.remaining,
                    "hands": [_names(sorted(h), r.wildcards) if s != last["seat"] else [] for s, h in
                              enumerate(r.hands)],
                    "melds": [[m.to_json() for m in ms] for ms in r.melds],
                    "log": hand_log(r, include_result=False)})
    else:  # pragma: no cover - the catalogue only holds the kinds above
        raise LessonError(f"unknown exercise kind {ex.kind!r}")
    return out


# ------------------------------------------------------------------------------------------ checking


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
    en = f"{TILE_NAMES[target]} is {CHINESE_NAMES[target]}."
    if not ok:
        zh += f"你选的 {TILE_NAMES[got]} 是「{CHINESE_NAMES[got]}」。"
        en += f" You picked {TILE_NAMES[got]}, {CHINESE_NAMES[got]}."
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
    return _result(ok, zh, en, expected, evaluation=None if ev is None else ev.to_json())


def _check_baotou_discard(ex: Exercise, answer: Any) -> dict[str, Any]:
    wc = _wildcards(ex.data)
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
    names = " ".join(TILE_NAMES[t] for t in good)
    ok = got in good
    zh = f"打 {names} 都能留下「财神 + 四组」。" if good else "这手牌打哪张都不是暴头。"
    en = f"Discarding {names} leaves “wildcard + four sets”." if good else "No discard reaches 暴头 here."
    if not ok:
        zh = f"打 {TILE_NAMES[got]} 后去掉财神凑不成四组。" + zh
        en = f"After discarding {TILE_NAMES[got]}, the tiles other than the wildcard are not four sets. " + en
    return _result(ok, zh, en, [TILE_NAMES[t] for t in good])


def _check_waits(ex: Exercise, answer: Any) -> dict[str, Any]:
    wc = _wildcards(ex.data)
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
    detail = " ".join(f"{w['tile']}×{w['remaining']}" for w in info["waits"])
    zh = f"听 {detail}，共剩 {left} 张。"
    en = f"Waits: {detail} — {left} tiles left in all."
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
        raise LessonError("answer with the four point changes [S0, S1, S2, S3]")
    ok = [int(x) for x in answer] == list(st.deltas)
    z = 2 ** int(d["streak"])
    zh = (f"{ev.name_zh} {ev.fan} 番（×{ev.multiplier}），庄闲分 2^{d['streak']} = {z}。份额 "
          + "、".join(f"S{p} {st.shares[p]}" for p in range(4) if p != st.winner) + f"，合计 T = {st.total}。")
    en = (f"{ev.name_en}: {ev.fan} fan (×{ev.multiplier}); dealer factor 2^{d['streak']} = {z}. Shares "
          + ", ".join(f"S{p} {st.shares[p]}" for p in range(4) if p != st.winner) + f"; total T = {st.total}.")
    for pay in st.payments:
        zh += f" S{pay.payer} 付 {pay.amount}（{pay.reason.chinese}）。"
        en += f" S{pay.payer} pays {pay.amount} ({pay.reason.value})."
    return _result(ok, zh, en, list(st.deltas), settlement=st.to_json())


def _check_move(ex: Exercise, answer: Any) -> dict[str, Any]:
    pos = _position(ex)
    r = pos.round
    seat = int(ex.data["seat"])
    try:
        act = Action.from_json(answer)
    except ActionError as exc:
        raise LessonError(str(exc)) from None
    if act.seat != seat:
        raise LessonError(f"you play S{seat}")
    legal = r.legal_actions(seat)
    budget = int(ex.data.get("depth", 3))
    start = len(r.actions)
    values: dict[Action, tuple[int, Round]] = {}
    if ex.data.get("goal") == "best":
        for a in legal:
            nxt = copy.deepcopy(r)
            nxt.apply(a)
            values[a] = _play_out(nxt, seat, pos.keep, budget)
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
                       illegal=[_action_label(a, wc) for a in _candidates(r, seat) if a not in legal])
    mine, line = values[act]
    best_line = values[right[0]][1]
    ok = act in right
    if ok:
        zh = f"对！这样最后你得 {mine:+d} 分。"
        en = f"Right! This line ends with {mine:+d} for you."
    else:
        zh = f"这样只得 {mine:+d} 分；最好的打法能得 {top:+d}。"
        en = f"This line gives you {mine:+d}; the best play gives {top:+d}."
    return _result(ok, zh, en, expected, legal=True, line=_narrate(line, start, seat),
                   best_line=_narrate(best_line, start, seat))


def _check_claimants(ex: Exercise, answer: Any) -> dict[str, Any]:
    pos = _position(ex)
    r = pos.round
    want = {"win": ActionType.WIN, "pong": ActionType.PONG, "chow": ActionType.CHOW}[str(ex.data["claim"])]
    options = r.claim_options if r.phase is Phase.CLAIM else {}
    seats = sorted(s for s, acts in options.items() if any(a.type is want for a in acts))
    if not isinstance(answer, list) or not all(isinstance(s, int) and 0 <= s <= 3 for s in answer):
        raise LessonError("answer with a list of seats, e.g. [1, 3]")
    ok = sorted(set(answer)) == seats
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
            reasons_zh.append(f"S{q}：{why.zh()}")
            reasons_en.append(f"S{q}: {why.en()}")
    zh = f"可以{want.chinese}的是：{_seats_zh(seats)}。" + "；".join(reasons_zh) + ("。" if reasons_zh else "")
    en = f"May {want.value}: {_seats_en(seats)}. " + "; ".join(reasons_en) + ("." if reasons_en else "")
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
    ex = _exercise(exercise_id)
    try:
        return _CHECKERS[ex.kind](ex, answer)
    except (TypeError, ValueError) as exc:
        if isinstance(exc, LessonError):
            raise
        raise LessonError(f"the answer {answer!r} cannot be read: {exc}") from None


# ------------------------------------------------------------------------------------------ the hand widget


def hand_widget(
    tiles: str, melds: str = "", wildcard: str | None = None, win_tile: str | None = None
) -> dict[str, Any]:
    """Everything ``<hzmj-hand>`` shows: the tiles in groups as written, and the engine's analysis.

    13 tiles (melds count 3): waits with unseen counts, 暴头/七客 state. 14 tiles: whether it is a win and,
    taking ``win_tile`` (default: the last tile written) as the self-drawn tile, its pattern and fan.
    A bad hand raises :class:`~hzmj_core.analysis.AnalysisError`.
    """
    info = analyze_hand(tiles, melds, wildcard)
    wc = Wildcards.fixed() if wildcard is None else Wildcards.flipped(parse_tile(wildcard))
    groups = [_names([t.kind for t in parse_tokens(g)], wc) for g in tiles.split()]
    info["groups"] = groups
    info["meld_groups"] = [_names(list(m.tiles), wc) for m in (parse_melds(melds, wc) if melds.strip() else [])]
    if info["tiles"] == 14 and info.get("win"):
        kinds = [t.kind for t in parse_tokens(tiles)]
        win = parse_tile(win_tile.rstrip("*")) if win_tile else kinds[-1]
        ev = evaluate_win(kinds, len(info["meld_groups"]), win, WinType.SELF_DRAW, wc)
        info["evaluation"] = None if ev is None else ev.to_json()
    return info


def exercise_ids() -> list[str]:
    """Every exercise id, in lesson order."""
    return [ex.id for les in LESSONS for ex in les.exercises]



