"""The lessons themselves: bilingual prose, example hands and exercises, as data.

Text may hold tiles in braces, ``{1m2m3m}``, which the page draws as tiles. Seats are named from the
learner's seat (the exercise's ``viewer``): 你/下家/对家/上家, you/Right/Across/Left. No answer is stored
here: the checkers ask the engine.
"""

from __future__ import annotations

from typing import Any

from .base import Exercise, Lesson, LessonError


def _p(zh: str, en: str) -> dict[str, Any]:
    return {"type": "p", "zh": zh, "en": en}


def _hand(tiles: str, zh: str, en: str, **extra: Any) -> dict[str, Any]:
    return {"type": "hand", "tiles": tiles, "caption_zh": zh, "caption_en": en, **extra}


def _rule(zh: str, en: str) -> dict[str, Any]:
    return {"type": "rule", "zh": zh, "en": en}


LESSONS: tuple[Lesson, ...] = (
    Lesson(
        "tiles", "牌与记法", "Tiles and notation",
        "136 张牌，三门花色加字牌，没有花牌。", "136 tiles: three suits and honours, no flowers.",
        (
            _p("杭州麻将用 136 张牌：万、筒、条三门各 1–9，每种 4 张；再加东南西北四风和中、发、白三元，也各 4 张。"
               "没有花牌。",
               "Hangzhou mahjong uses 136 tiles: three suits — characters, dots and bamboo — "
               "numbered 1 to 9, four copies each, plus the four winds and three dragons, four copies each. "
               "There are no flowers or seasons."),
            _hand("1m2m3m4m5m6m7m8m9m", "万子 characters: 1m … 9m", "Characters, written “1m” to “9m”"),
            _hand("1p2p3p4p5p6p7p8p9p", "筒子 dots: 1p … 9p", "Dots, written “1p” to “9p”"),
            _hand("1s2s3s4s5s6s7s8s9s", "条子 bamboo: 1s … 9s", "Bamboo, written “1s” to “9s”"),
            _hand("ESWN CFP", "东南西北 E S W N，中 C、发 F、白 P", "Winds E S W N; dragons: red C, green F, white P"),
            _p("本教程和引擎都用这种记法：数字加花色字母（{5p} 是五筒），字牌用一个字母。连写 {123m} 等于 "
               "{1m2m3m}。带星号的 {P*} 表示这张牌是财神（万能牌），下一课会讲。",
               "This tutorial and the engine write tiles this way: a rank and a suit letter ({5p} is the five of "
               "dots), one letter for an honour. {123m} is short for {1m2m3m}. A star, as in {P*}, marks a "
               "wildcard, the subject of a later lesson."),
        ),
        (
            Exercise("tiles-find", "tile", "在下面的牌里点出「5p」（五筒）。",
                     "Choose the tile written “5p”, the five of dots.",
                     {"target": "5p", "choices": "5m 5s 5p 2p 8p 3p P"}),
            Exercise("tiles-find-honour", "tile", "点出「F」（发财）。", "Choose the tile written “F” (green dragon).",
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
            _hand("1m2m3m 4m5m6m 7s8s9s 4p5p EE", "听 3p / 6p", "Waits on the 3 or 6 of dots", analyze=True),
            _rule("杭州麻将只认两种胡牌形：四组一对（平胡）和七对子。十三幺、清一色、对对胡都没有额外番数。",
                  "Only two shapes win: four sets and a pair, and seven pairs. Thirteen orphans, full flush or "
                  "all pongs earn nothing extra here."),
        ),
        (
            Exercise("sets-win", "win_value",
                     "你自摸 {5s}。这是胡牌吗？几番？", "You draw {5s}. Is this a win, and how many fan?",
                     {"hand": "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 5s", "win_tile": "5s", "win_type": "self_draw"}),
            Exercise("sets-waits", "waits",
                     "这手牌听哪几张？还剩几张（只看得到自己的手牌）？",
                     "Which tiles complete this hand, and how many of them are left (you see only your hand)?",
                     {"hand": "1m2m3m 4m5m6m 7s8s9s 4p5p EE"}),
        ),
    ),
    Lesson(
        "caishen", "财神（白板财神与翻财神）", "财神",
        "财神可以当任何牌用，但不能吃碰，打出去也没人能要。",
        "A wildcard stands for any tile in your hand, but not in melds; a discarded one cannot be claimed.",
        (
            _p("默认规则「白板财神」：四张白板 {P*} 都是财神。财神在手里可以当任何一张牌，凑顺子、刻子或将："
               "{P*}{4p}{6p} 是顺子，{P*}{9s} 是一对将，{P*P*} 也是一对。",
               "By default the four white dragons {P*} are the wildcards (白板财神). In your hand a wildcard "
               "stands for any tile in a chow, pong or pair: {P*}{4p}{6p} is a chow, {P*}{9s} is a pair, and so is "
               "{P*P*}."),
            _hand("P* 1m2m3m 4p6p 7s8s9s EEE 9s", "P* 当 5p 用：胡牌", "The wildcard stands for the 5 of dots: a win",
                  analyze=True),
            _rule("财神不能用来吃、碰、杠；打出去的财神谁也不能吃碰，也不能胡。",
                  "Wildcards cannot be used to chow, pong or kong, and a discarded wildcard can never be claimed — "
                  "not even to win."),
            _p("「翻财神」：发完牌后从牌墙尾翻一张亮出（指示牌），它不能再被摸到；另外三张同样的牌就是财神。"
               "这时四张白板变成普通牌，代替指示牌的牌面：指示牌是 {5s} 时，白板就是一张普通的 5s。",
               "Flipped mode, 翻财神: after the deal the last tile of the wall is turned up (the indicator) and is "
               "out of play; the other three tiles of its kind are the wildcards. The white dragons then become "
               "ordinary tiles that stand in for the indicator's face: with indicator {5s}, a white dragon is a "
               "plain 5 of bamboo."),
            _hand("1m1m 3m3m PP 7p7p EE CC 9s9s", "指示牌 5s：PP 是一对天然的 5s",
                  "Indicator 5 of bamboo: the two white dragons are a natural pair of 5 of bamboo", wildcard="5s"),
        ),
        (
            Exercise("caishen-flipped", "win_value",
                     "翻财神，指示牌是 {5s}。你自摸 {9s}，胡吗？几番？",
                     "Flipped mode, indicator {5s}. You draw {9s}: a win? How many fan?",
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
                  "A player in 暴头 state may not win on another player's discard, even if the discard would "
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
                     "三老庄（L = 3），你是庄家，处于暴头状态。对家打出 {4m}，你能胡吗？",
                     "Streak L = 3; you are the dealer and in 暴头 state. Across discards {4m}: may you win on it?",
                     {"hand": "P* 1m2m3m 4p5p6p 7s8s9s E E E 4m", "win_tile": "4m", "win_type": "discard"}),
        ),
    ),
    Lesson(
        "caipiao", "财飘与抓打", "财飘 and 抓打",
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
                     "你在暴头状态，刚摸到第二张财神。怎样打才能赢得最多？",
                     "You are in 暴头 state and have just drawn a second wildcard. What is the best play?",
                     {"goal": "best", "depth": 1,
                      "position": {"dealer": 0, "hands": {0: "9m", 1: "P* 1m2m3m 4p5p6p 7s8s9s EEE"},
                                   "draws": "P* 8s 2m 5p 3p", "script": ["S0 discard 9m"]}}, viewer=1),
            Exercise("caipiao-freeze", "move",
                     "上家刚刚打出财神（飘）。你摸到 {8s}。你要打哪一张？",
                     "Left has just thrown away a wildcard. You drew {8s}. Which tile do you discard?",
                     {"goal": "best",
                      "position": {"dealer": 0, "hands": {0: "9m", 1: "P*", 2: "1m2m3m 5p6p7p 7s9s 3s4s5s C N"},
                                   "draws": "P* 8s", "script": ["S0 discard 9m", "S1 discard P"]}}, viewer=2),
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
                     "你暗杠 {7p7p7p7p}，补牌摸到 {9s}。胡吗？几番？",
                     "You declared a concealed kong of the 7 of dots and drew {9s} as the replacement. A win? "
                     "How many fan?",
                     {"hand": "1m2m3m 4m5m6m 2p3p4p 9s 9s", "melds": "7p7p7p7p", "win_tile": "9s",
                      "win_type": "replacement", "m_turn": 1}),
            Exercise("gang-play", "move",
                     "你在暴头状态，手里三张 7p，又摸到第四张 {7p}。怎样打赢得最多？",
                     "You are in 暴头 state with three 7 of dots, and you drew the fourth {7p}. What is the best play?",
                     {"goal": "best", "depth": 2,
                      "position": {"dealer": 0, "hands": {0: "9m", 2: "P* 7p7p7p 1m2m3m 4m5m6m 2p3p4p"},
                                   "draws": "1s 7p 2s 3s 4s 9s", "back": "P* W",
                                   "script": ["S0 discard 9m", "S1 discard 1s"]}}, viewer=2),
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
               "pairs: this is 七客 state, worth 2 fan, and like 暴头 it collects every 飘."),
            _hand("1m1m 3m3m 5p5p 7p7p EE CC P*", "六对 + 一张财神", "Six pairs + one wildcard", analyze=True),
            _rule("三张真牌加一张财神不算豪华。", "Three natural tiles plus a wildcard are not a 豪华 group."),
        ),
        (
            Exercise("qidui-qike", "win_value",
                     "你自摸 {4s}。胡吗？几番？", "You draw {4s}. A win? How many fan?",
                     {"hand": "1m1m 3m3m 5p5p 7p7p E E C C P* 4s", "win_tile": "4s", "win_type": "self_draw"}),
            Exercise("qidui-haohua", "win_value",
                     "你自摸 {C}。三张 2m 加一张财神：算豪华吗？几番？",
                     "You draw {C}. Three 2 of characters plus a wildcard: is that 豪华? How many fan?",
                     {"hand": "2m2m2m P* 3m3m 5p5p 7p7p E E C C", "win_tile": "C", "win_type": "self_draw"}),
        ),
    ),
    Lesson(
        "claims", "出牌顺序与吃碰", "Turn flow and claims",
        "吃只能吃上家；胡 > 碰、杠 > 吃；过了不能再碰/胡；吃后限打。",
        "Chow only from your left; win beats pong beats chow; passed claims; the chow discard ban.",
        (
            _p("你 → 下家 → 对家 → 上家，依次摸牌、打牌。有人打出一张牌后，其他三家可以要：胡（放铳，有条件，见后面）、"
               "碰或直杠（任何人）、吃（只有下家，也就是打牌人的下一位）。同时有几个人要时：胡 > 碰 = 杠 > 吃。",
               "Play goes round from you to Right, Across and Left: draw, then discard. When a tile is discarded "
               "the others may claim it: win (only in some cases, see a later lesson), pong or exposed kong "
               "(anyone), chow (only the discarder's next player). When several claim: win beats pong = kong, "
               "which beat chow."),
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
                     "你打出 {4m}。谁可以吃？", "You discard {4m}. Who may chow it?",
                     {"claim": "chow",
                      "position": {"dealer": 0, "hands": {0: "4m", 1: "2m3m", 2: "5m6m", 3: "3m5m"},
                                   "script": ["S0 discard 4m"]}}, viewer=0),
            Exercise("claims-ban", "move",
                     "你用 {5m6m} 吃了上家的 {4m}。现在打一张牌。",
                     "You have chowed Left's {4m} with {5m6m}. Now discard a tile.",
                     {"goal": "legal",
                      "position": {"dealer": 0, "hands": {0: "4m", 1: "5m6m 4m 7m 1p2p3p 9s9s E S W N"},
                                   "script": ["S0 discard 4m", "S1 chow 5m6m"]}}, viewer=1),
            Exercise("claims-loupeng", "claimants",
                     "你有一对 {8s}，对家打 {8s} 时你没碰。接着上家也打出 {8s}，谁可以碰？",
                     "You hold a pair of {8s} and passed when Across discarded an 8 of bamboo. Now Left discards {8s}: "
                     "who may pong?",
                     {"claim": "pong",
                      "position": {"dealer": 0, "hands": {0: "8s", 1: "8s", 2: "8s8s"}, "draws": "N",
                                   "script": ["S0 discard 8s", "S2 pass", "S1 discard 8s"]}}, viewer=2),
        ),
    ),
    Lesson(
        "scoring", "庄家、老庄与算分", "The dealer, 老庄 and scoring",
        "每家付 底分 × 2^番 × 庄闲分；庄闲分 = 2^老庄数。",
        "Each pays the base × 2 to the power of the fan × Z; between the dealer and a non-dealer Z is 2 "
        "to the power of L.",
        (
            _p("庄家胡了继续坐庄，老庄数 L 加 1（最多 3）；流局庄家不变，L 也加 1；"
               "闲家胡了就由胡牌的人做庄，L 回到 1。",
               "When the dealer wins he stays and the streak L rises by one (at most 3); after a drawn hand the dealer "
               "stays and L also rises; when a non-dealer wins, the winner becomes dealer at L = 1."),
            _rule("每一家的份额 = 底分 × 2^番 × 庄闲分。庄闲分：赢家或付钱的人是庄家时为 2^L"
                  "（1 老 2、2 老 4、3 老 8），"
                  "两个闲家之间为 1。自摸时三家各付自己的份额；放铳时点炮的人一个人付三家的总和 T。",
                  "Each seat's share = base × 2ᶠ × Z (F the fan), where Z = 2ᴸ (L = 1: 2, L = 2: 4, L = 3: 8) if the "
                  "winner or that seat is the dealer, and 1 between two non-dealers. On a self-draw each seat "
                  "pays its share; on a discard win the discarder alone pays the total T of all three shares."),
            _p("例：三老庄（L = 3），你是闲家，自摸平胡（0 番）：庄家付 1 × 1 × 8 = 8，另外两个闲家各付 1，你共得 10。",
               "Example: L = 3 and you, a non-dealer, self-draw a plain win (F = 0): the dealer pays 1 × 1 × 8 = 8, "
               "the other two non-dealers pay 1 each, and you gain 10."),
        ),
        (
            Exercise("scoring-selfdraw", "payments",
                     "对家是庄家，二老庄（L = 2）。你自摸下面这手（暴头）。每家输赢多少？",
                     "Across is the dealer, L = 2. You self-draw this hand (暴头). How many points does each seat "
                     "win or lose?",
                     {"winner": 2, "dealer": 0, "streak": 2, "hand": "P* 1m2m3m 4p5p6p 7s8s9s E E E N",
                      "win_tile": "N", "win_type": "self_draw"}, viewer=2),
            Exercise("scoring-discard", "payments",
                     "你是庄家，三老庄。对家打出 {5s}，你胡了（平胡）。每家输赢多少？",
                     "You are the dealer, L = 3. Across discards {5s} and you win on it (plain). Each seat's change?",
                     {"winner": 0, "dealer": 0, "streak": 3, "payer": 2, "hand": "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 5s",
                      "win_tile": "5s", "win_type": "discard"}, viewer=0),
        ),
    ),
    Lesson(
        "chengbao", "摊与承包", "摊 and 承包",
        "吃碰同一家三次（只在庄闲之间、三老庄时）就形成承包关系。",
        "Three claims on the same player (dealer and non-dealer, at L = 3) create a contract.",
        (
            _p("A 吃或碰 B 打的牌一次，叫 A 吃 B 一摊。两个闲家之间最多 2 摊；庄家和闲家之间也最多 2 摊，"
               "只有三老庄时才能吃到第 3 摊。",
               "Each chow or pong that A makes on B's discards is one 摊 (tan) of A on B. Between two non-dealers "
               "at most 2 are allowed; between the dealer and a non-dealer also 2, except at L = 3 where a third "
               "becomes possible."),
            _rule("「A 吃 B 三摊」后：A 自摸时，其他人该付的钱全由 B 一人付（三摊承包，付 T）；"
                  "B 自摸时，全由 A 付，而且"
                  "翻倍（倒承包，付 2T）。放铳时，点炮的人付 T，承包关系另外再付。",
                  "Once A has claimed B's discards three times, a 三摊, when A self-draws B alone pays all of T: that "
                  "is 承包. When B self-draws, A alone pays double, 2T: that is 倒承包. On a discard win the "
                  "discarder pays T, and the liable player pays on top."),
        ),
        (
            Exercise("chengbao-cap", "claimants",
                     "一老庄（L = 1）。庄家是你的上家，你已经吃了上家两次。上家又打出 {3m}，你手里有 {1m2m}。"
                     "谁可以吃？",
                     "L = 1. The dealer is Left, and you have already chowed Left twice. Left now discards {3m}; "
                     "you hold {1m2m}. Who may chow?",
                     {"claim": "chow",
                      "position": {"dealer": 0, "streak": 1,
                                   "hands": {0: "4m 7m 3m", 1: "5m6m 8m9m 1m2m N W"},
                                   "script": ["S0 discard 4m", "S1 chow 5m6m", "S1 discard N", "until S0",
                                              "S0 discard 7m", "S1 chow 8m9m", "S1 discard W", "until S0",
                                              "S0 discard 3m"]}}, viewer=1),
            Exercise("chengbao-pay", "payments",
                     "三老庄，庄家是你的上家，你吃了上家三摊。你自摸暴头。每家输赢多少？",
                     "L = 3; the dealer is Left and you have claimed three times on Left. You self-draw 暴头. "
                     "Each seat's change?",
                     {"winner": 1, "dealer": 0, "streak": 3, "tan": [[1, 0, 3]], "hand": "P* 7s8s9s 2s",
                      "melds": "1m2m3m 4p5p6p EEE", "win_tile": "2s", "win_type": "self_draw"}, viewer=1),
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
                  "(1) the dealer's streak is L = 3; (2) exactly one of winner and discarder is the dealer (two "
                  "non-dealers never win on each other's discards); (3) the tile is not a wildcard; (4) the winner "
                  "is not in 暴头 or 七客 state; (5) the winner is not bound by a freeze; (6) no passed win on that "
                  "face. If several may win, the first in turn order after the discarder does."),
        ),
        (
            Exercise("discardwin-who", "claimants",
                     "三老庄，庄家是你的上家。你打出 {5s}，其他三家都差这张牌就胡。谁可以胡？",
                     "L = 3 and the dealer is Left. You discard {5s}; the other three all need exactly this tile. "
                     "Who may win?",
                     {"claim": "win",
                      "position": {"dealer": 0, "streak": 3,
                                   "hands": {0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s N",
                                             2: "1p2p3p 4p5p6p 7m8m9m 3s4s E E",
                                             3: "1p1p 3p3p 6m6m 8m8m W W C C 5s"},
                                   "draws": "5s", "script": ["S0 discard N", "S1 discard 5s"]}}, viewer=1),
            Exercise("discardwin-louhu", "claimants",
                     "三老庄。你是庄家，听 {3p}/{6p}，下家打 {3p} 时你没胡。接着对家也打出 {3p}：谁可以胡？",
                     "L = 3. You are the dealer, waiting on {3p}/{6p}, and passed when Right discarded a 3 of "
                     "dots. Now Across discards {3p}: who may win?",
                     {"claim": "win",
                      "position": {"dealer": 0, "streak": 3,
                                   "hands": {0: "1m2m3m 4m5m6m 7s8s9s 4p5p E E N"},
                                   "draws": "3p 3p", "script": ["S0 discard N", "S1 discard 3p", "S0 pass",
                                                                "S2 discard 3p"]}}, viewer=0),
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
                     "你刚摸完牌，牌墙只剩 20 张。你手里有四张 {7p}。你能做什么？",
                     "After your draw only 20 tiles are left. You hold four {7p}. What may you do?",
                     {"goal": "legal",
                      "position": {"dealer": 0, "hands": {1: "P P P P", 3: "7p7p7p7p 1s2s3s 5p 9m9m"},
                                   "script": ["until S3 R20"]}}, viewer=3),
            Exercise("endwall-pong", "claimants",
                     "牌墙剩 20 张，上家打出最后一张 {5p}。你有一对 {5p}。谁可以碰？",
                     "20 tiles left and Left discards the last tile, {5p}. You hold a pair of {5p}. Who may pong?",
                     {"claim": "pong",
                      "position": {"dealer": 0, "hands": {0: "5p5p", 1: "P P P P", 3: "5p 1s2s3s"},
                                   "script": ["until S3 R20", "S3 discard 5p"]}}, viewer=0),
        ),
    ),
)

LESSON_BY_ID = {les.id: les for les in LESSONS}
EXERCISE_BY_ID = {ex.id: ex for les in LESSONS for ex in les.exercises}


def exercise(exercise_id: str) -> Exercise:
    """The exercise with this id; :class:`LessonError` if there is none."""
    ex = EXERCISE_BY_ID.get(exercise_id)
    if ex is None:
        raise LessonError(f"unknown exercise {exercise_id!r}")
    return ex
