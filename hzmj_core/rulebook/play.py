"""The rules reference, chapters 0-5: notation, the tiles, setting up, the turn, wildcards, claims and kongs.

Each entry is a :class:`~hzmj_core.rulebook.sections.Section` with the same text in Chinese and English, in the
small markup of :mod:`hzmj_core.rulebook.sections` (blocks; ``- `` list items; ``|`` table rows; inline
```code```, ``**bold**`` and ``{tiles}``).
"""

from __future__ import annotations

from .sections import Section as S

PLAY: tuple[S, ...] = (
    S("0", "记法", "Notation", (
        "本文用一套简短的文字写牌。一张牌由点数和花色字母组成，字牌用一个大写字母。",
        "|写法|牌",
        "|`1m`–`9m`|万子",
        "|`1p`–`9p`|筒子",
        "|`1s`–`9s`|条子（索子）",
        "|`E S W N`|东 南 西 北",
        "|`C F P`|红中、发财、白板",
        "|`X*`|星号表示这张牌此刻是财神，例如 `P*`",
        "座位记作 S0、S1、S2、S3，按出牌顺序排列：S1 是 S0 的下家，S3 是 S0 的上家。L 是庄家的老庄数（1、2 或 3），"
        "F 是一手和牌的番数，b 是底分，R 是牌墙里还能摸的牌数，T 是一手和牌的总额（§10.1）。",
    ), (
        "This reference writes tiles in a short notation: a rank and a suit letter, or one capital letter for an "
        "honour.",
        "|Notation|Tiles",
        "|`1m`–`9m`|characters (万)",
        "|`1p`–`9p`|dots (筒)",
        "|`1s`–`9s`|bamboo (条)",
        "|`E S W N`|the winds east, south, west, north",
        "|`C F P`|the dragons red (中), green (发) and white (白板)",
        "|`X*`|a star marks a tile that is a wildcard (财神) now, e.g. `P*`",
        "Seats are S0, S1, S2, S3 in playing order: S1 is S0's next player (下家), S3 his previous one (上家). L is "
        "the dealer's streak 老庄 (1, 2 or 3), F the fan (番) of a win, b the base score, R the number of tiles "
        "still to be drawn from the wall and T the full amount of a win (§10.1).",
    )),
    S("1", "牌与座位", "Tiles and seats", (), ()),
    S("1.1", "一副牌", "The set", (
        "一副牌 136 张：万、筒、条各 1–9，东南西北，中发白，每种 4 张。没有花牌。",
        "选项缺一门（§11）去掉一整门花色（36 张），只剩 100 张。",
    ), (
        "136 tiles: ranks 1–9 in three suits, four winds and three dragons, four copies of each of the 34 kinds. "
        "There are no flowers or seasons.",
        "The option 缺一门 (§11) takes one whole suit (36 tiles) out of the set, leaving 100.",
    )),
    S("1.2", "座位与顺序", "Seats and order", (
        "四人按 S0 → S1 → S2 → S3 → S0 的顺序出牌。座位整局不变，庄家在座位之间轮换（§8）。",
    ), (
        "Four players play in the order S0 → S1 → S2 → S3 → S0. The seats stay fixed for the whole game; the "
        "deal moves between them (§8).",
    )),
    S("1.3", "财神", "Wildcards (财神)", (
        "财神模式是一个选项：",
        "- **白板财神**（默认）：四张白板都是财神。此时没有真正的白板，但财神可以当白板用。",
        "- **翻财神**：发完牌后从牌墙末端翻出一张指示牌，大家都看得见，这张牌不再参与游戏。与它同种的另外三张是财神。"
        "四张白板变成这种牌的“替身”：吃、碰、杠、七对、豪华、清七对都把白板当成这种牌。若翻出的是白板，另外三张白板"
        "是财神，"
        "没有替身。",
        "不是财神的牌叫真牌；真牌的“牌面”就是它自己，翻财神时白板的牌面是指示牌那一种。",
    ), (
        "The wildcard mode is an option:",
        "- **White dragons wild** (白板财神, the default): all four `P` are wildcards. There is then no natural white "
        "dragon, though a wildcard may stand for one like for any other tile.",
        "- **Flipped** (翻财神): after the deal the tile at the back of the wall is turned face up as the indicator; "
        "everyone sees it and it is out of play. The other three tiles of its kind are the wildcards. The four "
        "white dragons stand in for that kind: for chows, pongs, kongs, seven pairs, 豪华 and 清七对 a `P` is that "
        "kind. If the indicator is itself a white dragon, the other three white dragons are wild and there is no "
        "stand-in.",
        "A tile that is not a wildcard is a natural tile; its face is its own kind, except a white dragon in "
        "flipped mode, whose face is the indicator's kind.",
    )),
    S("1.4", "牌墙", "The wall", (
        "牌墙是一串背面朝上的牌，有前端和后端：正常摸牌从前端摸；杠后补牌、杠后烧掉的牌和翻财神的指示牌都取自后端。",
    ), (
        "The wall is a row of face-down tiles with a front and a back. Normal draws come from the front; kong "
        "replacements, the tiles a kong burns and the flipped indicator come from the back.",
    )),
    S("2", "开局", "Setting up a hand", (
        "- 洗牌：所有牌随机排序，随机数全部来自种子，同一种子同一副牌。",
        "- 发牌：从庄家开始每人轮流从前端拿一张，共 13 轮；庄家再多拿一张。庄家 14 张，闲家 13 张。",
        "- 翻财神模式下，发完牌后翻出牌墙末端一张作指示牌。",
        "- 发完牌后牌墙剩 83 张（翻财神 82 张；缺一门 47 / 46 张），见 EX48–EX50。",
        "- 庄家的第一轮算作自摸的一轮：他没有真的摸牌，所以和牌时 14 张牌每一张都试作“刚摸到的牌”，取番数最大的一种，"
        "结果与发牌顺序无关。",
    ), (
        "- Shuffle: the tiles are put in random order; every random choice comes from the seed, so one seed always "
        "gives the same wall.",
        "- Deal: starting with the dealer, each seat takes a tile from the front, 13 rounds; then the dealer takes "
        "one more. The dealer holds 14, the others 13.",
        "- In flipped mode the back tile of the wall is then turned up as the indicator.",
        "- After the deal the wall holds 83 tiles (82 flipped; 47 / 46 without one suit): EX48–EX50.",
        "- The dealer's first turn counts as a self-drawn turn. He drew nothing, so a win then is scored with each "
        "of his 14 tiles in turn taken as the drawn one and the highest fan kept: the order of the deal never "
        "matters.",
    )),
    S("3", "一轮的流程", "The turn", (), ()),
    S("3.1", "三个阶段", "Three phases", (
        "- **摸牌**：从前端摸一张（R 减 1），进入自己的出牌阶段，可以胡。",
        "- **出牌阶段**：三选一——自摸和牌；暗杠或加杠（R 大于 20 时）；打出一张牌。",
        "- **吃碰阶段**：别人打出的牌，其余三家可以按优先级（§5.4）胡、碰、直杠或吃；都不要就轮到出牌者的下家摸牌。",
        "吃或碰之后进入出牌阶段，但这个出牌阶段**不能胡**，可以暗杠或加杠（杠后补牌，又可以胡）。"
        "杠了之后补一张牌，进入新的出牌阶段：可以打牌、胡、再杠。",
    ), (
        "- **Draw**: take the front tile (R goes down by 1); the player's action phase follows, in which he may win.",
        "- **Action phase**: exactly one of: win by self-draw; declare a concealed or added kong (only while R > "
        "20); discard a tile.",
        "- **Claim phase**: the other three may win on, pong, kong or chow the discard by the priority of §5.4; if "
        "nobody claims, the discarder's next player draws.",
        "After a chow or a pong the claimant gets an action phase in which he may **not win**; he may declare a "
        "concealed or added kong (the replacement tile then allows a win). After any kong the player draws a "
        "replacement from the back and gets a new action phase: discard, win or kong again.",
    )),
    S("3.2", "杠与牌墙", "Kongs and the wall", (
        "杠后从后端补一张牌；选项杠后额外减牌（默认开）再从后端拿走一张不用的牌，所以一次杠用掉两张牌。"
        "杠没有单独的杠分。",
    ), (
        "A kong takes a replacement tile from the back; with the option 杠后额外减牌 (on by default) one more back "
        "tile is burned face down, so a kong uses two tiles of the wall. Kongs earn no payment of their own.",
    )),
    S("3.3", "最后 20 张与流局", "The last 20 tiles and the drawn hand", (
        "- 牌墙剩 20 张或更少时打出的牌进入末轮吃碰阶段：只能放铳胡，不能吃、碰、杠。",
        "- 因此摸到第 20 张（或更后）的人打最后一轮：可以自摸或打牌，但不能杠——杠要求 R 大于 20。",
        "- 末轮没人胡就是流局：谁都不付分，庄家不变（§8）。见 EX33。",
        "- 不杠的话，白板财神发完牌后还能摸 63 张。",
    ), (
        "- A discard made while R ≤ 20 opens the final claim phase: only a discard win may be claimed, no chow, "
        "pong or kong.",
        "- So the player whose draw brought R to 20 or below plays the last turn: he may self-draw a win or "
        "discard, but not kong (a kong needs R > 20).",
        "- If nobody wins on that last discard the hand is drawn (流局): nobody pays and the dealer stays (§8). "
        "See EX33.",
        "- Without kongs a hand with white dragons wild has 63 draws after the deal.",
    )),
    S("3.4", "一般规定", "General", (
        "- 一手牌最多一个赢家，有人和牌就立即结束。",
        "- 胡、杠、吃、碰都不是强制的。",
        "- 引擎拒绝规则不允许的动作，并用玩家的语言说明原因，玩家重新选择；局面不变。",
        "- 规则没有抢答时限；界面可以把超时当作“过”。",
    ), (
        "- A hand has at most one winner and ends at once when someone wins.",
        "- Winning, konging and claiming are never compulsory.",
        "- The engine refuses any action these rules do not allow, says why in the player's language, and leaves "
        "the game as it was; the player chooses again.",
        "- The rules set no time limit on claims; a user interface may count a timeout as a pass.",
    )),
    S("4", "财神", "Wildcards", (), ()),
    S("4.1", "财神能做什么", "What a wildcard does", (
        "- 和牌时，手里的财神可以当作任何一种牌，补对子、刻子或顺子，不管那种牌已经出现了几张。全由财神组成的对子或"
        "刻子也可以。"
        "标准和牌和七对子都适用。",
        "- 财神随时可以打出（“飘”），受 §4.3 和 §5.7 的限制。",
    ), (
        "- At a win a wildcard in the concealed hand may be any tile, to complete a pair, a pong or a run, however "
        "many copies of that tile are already visible. Pairs and pongs made only of wildcards count. This holds "
        "for the standard form and for seven pairs.",
        "- A wildcard may be discarded at any time (a 飘, piao), subject to §4.3 and §5.7.",
    )),
    S("4.2", "财神不能做什么", "What a wildcard cannot do", (
        "- 打出的财神谁也不能要：不能吃、碰、杠，也不能胡（财神不能放铳）。",
        "- 默认财神不能用来吃、碰、杠：用的手牌必须是真牌。选项财神可吃碰打开时，吃或碰的两张手牌中可以有一张财神；"
        "杠永远不用财神。",
        "- 算豪华和清七对时，财神不算真牌。",
    ), (
        "- Nobody may take a discarded wildcard: no chow, pong or kong, and no discard win on it.",
        "- By default wildcards cannot be used in melds: the hand tiles of a chow, pong or kong must be natural. "
        "With the option 财神可吃碰, one of the two hand tiles of a chow or pong may be a wildcard; kongs never use "
        "wildcards.",
        "- For 豪华 groups and for 清七对 a wildcard is not a natural tile.",
    )),
    S("4.3", "抓打：打财神之后", "The freeze (抓打) after a wildcard discard", (
        "某人打出财神，抓打开始，打财神的人是“主”。主下一次打出不是财神的牌时抓打结束（那张牌已经可以照常吃碰胡）；"
        "主连续打财神，抓打继续；别人在抓打中打出财神，他就成为新的主。",
        "默认（抓打对象 = 其他三家）下，主以外的三家在抓打期间：",
        "- 不能吃、碰、直杠，也不能胡别人打的牌；",
        "- 自己的出牌阶段只能自摸和牌、暗杠或打牌，不能加杠；",
        "- 打牌只能打刚摸到的那张（暗杠后就是补到的那张）。如果那张是财神，打出后他成为新的主。",
        "主不受限制：可以吃碰杠，条件满足时可以胡铳，打什么都行。因抓打而不能要的牌不算“过”（不产生漏胡、漏碰，§5.6"
        "）。见 EX30。",
        "选项抓打对象 = 打财神者：其余三家同样不能吃、碰、直杠、放铳和加杠，但可以随意打牌；受“摸什么打什么”约束的是"
        "主自己，"
        "他在抓打期间也不能要别人的牌。这时抓打期间谁都不能加杠，主也不能。",
    ), (
        "When a player discards a wildcard a freeze starts, with him as its owner. It ends when the owner next "
        "discards a tile that is not a wildcard (that discard may already be claimed as usual); if he discards "
        "another wildcard the freeze goes on; if someone else discards a wildcard during it, he becomes the owner.",
        "By default (抓打对象 = the others), while the freeze lasts each player other than the owner:",
        "- may not chow, pong or kong a discard, nor win on one;",
        "- may only self-draw a win, declare a concealed kong or discard in his own action phase: no added kong;",
        "- must discard the tile he has just drawn if he discards (after a concealed kong, the replacement). If "
        "that tile is a wildcard, discarding it makes him the owner.",
        "The owner is free: he may claim, win on a discard where §9 allows it, and discard anything. A claim a "
        "player could not make because of the freeze is no pass (no 漏胡 or 漏碰, §5.6). See EX30.",
        "With the option 抓打对象 = the discarder the other three still may not chow, pong, kong a discard, win on "
        "one or add to a kong, but they discard freely; instead the owner must discard what he draws, and he may "
        "not claim while the freeze lasts. Nobody, the owner included, may then add to a kong during the freeze.",
    )),
    S("4.4", "飘与财飘", "Piao and caipiao (财飘)", (
        "打出一张财神叫一“飘”。飘计入和牌者的连续飘杠（§6.4），但只有接下来以暴头或七客和牌时才加番。"
        "飘了以后普通自摸仍按普通自摸算（EX14）。",
    ), (
        "A wildcard discard is a 飘 (piao). Piao count in the winner's chain (§6.4) but add fan only when the hand "
        "is then won as 暴头 or 七客; a plain self-draw after a 飘 scores as a plain self-draw (EX14).",
    )),
    S("5", "吃、碰、杠", "Claims and kongs", (), ()),
    S("5.1", "吃", "Chow (吃)", (
        "只有出牌者的下家可以吃：用两张真牌与打出的牌组成同花色的三张连续牌（如 {1m2m} 吃 {3m}，{1m3m} 吃 {2m}）。"
        "字牌不能吃。还受摊数上限（§5.5）、吃后限打（§5.7）、抓打（§4.3）和末轮（§3.3）限制。",
    ), (
        "Only the discarder's next player may chow: two natural hand tiles and the discard make three consecutive "
        "ranks of one suit ({1m2m} chow {3m}, {1m3m} chow {2m}). Honours cannot be chowed. The claim caps (§5.5), "
        "the ban after a chow (§5.7), the freeze (§4.3) and the final claim phase (§3.3) also apply.",
    )),
    S("5.2", "碰与直杠", "Pong (碰) and exposed kong (直杠)", (
        "其他任何一家手里有两张（或三张）同样的真牌就可以碰；有三张时也可以直杠，直杠后补牌。受摊数上限、漏碰（只限"
        "碰）、"
        "抓打和末轮限制。",
    ), (
        "Any other player holding two (or three) natural tiles of the discard's face may pong it; with three he may "
        "instead make an exposed kong (直杠) and draw a replacement. The claim caps, 漏碰 (pongs only), the freeze "
        "and the final claim phase apply.",
    )),
    S("5.3", "加杠与暗杠", "Added kong (加杠) and concealed kong (暗杠)", (
        "在自己的出牌阶段、R 大于 20 时：",
        "- **加杠**：已经碰出的刻子，手里又有第四张同样的真牌，可以加上去。抓打期间不能加杠，"
        "只有抓打约束其他三家时的主例外（§4.3）。拉杠胡（§5.8）打开时可以被抢。",
        "- **暗杠**：手里四张同样的真牌可以暗杠，扣着放，只有自己知道是什么，牌局结束时翻开。受抓打限制的人也可以暗"
        "杠。",
    ), (
        "In his own action phase, while R > 20:",
        "- **Added kong**: a player with a ponged set and the fourth natural tile of its face may add it. Not "
        "allowed while a freeze lasts, except to its owner when the freeze binds the others (§4.3). It can be "
        "robbed when the option 拉杠胡 is on (§5.8).",
        "- **Concealed kong**: four natural tiles of one face in hand may be konged face down; only the owner knows "
        "the face until the hand ends. Allowed even under the freeze.",
    )),
    S("5.4", "优先级", "Priority", (
        "三家同时声明：过、吃（说明用哪两张）、碰、直杠或胡，各自只能选一个合法的。然后：",
        "- 有人胡：从出牌者的下家起按顺序第一个胡的人赢，一手只有一个赢家；",
        "- 否则执行碰或直杠（默认规则下最多一家能碰）；",
        "- 否则执行下家的吃；",
        "- 否则没人要，下家摸牌。",
        "即 胡 > 碰 = 杠 > 吃。",
    ), (
        "The other three declare at once, each one of the claims legal for him: pass, chow (naming the two tiles), "
        "pong, exposed kong or win. Then:",
        "- if anyone wins, the first winner in turn order after the discarder takes the hand (one winner only);",
        "- otherwise a pong or exposed kong is made (with the default rules only one seat can hold a pair of the "
        "face);",
        "- otherwise the next player's chow is made;",
        "- otherwise nobody claims and the next player draws.",
        "In short: win > pong = kong > chow.",
    )),
    S("5.5", "摊数", "Claim counts (摊)", (
        "A 每吃（或碰）B 一次，记 A 对 B 一摊。吃总是算摊；碰和直杠在选项碰算摊（默认开）时算摊，否则既不计数也不受限。"
        "加杠、暗杠不算。按每一对座位、每一手分别计数。",
        "每一对座位一手最多几摊：",
        "- 三摊承包关闭：每对最多两摊。",
        "- 三摊承包打开（默认）：闲家之间最多两摊；庄家与闲家之间，三老庄时不限，否则两摊。选项三摊需三老庄关闭后，"
        "不论老庄数都不限。",
        "超出上限的吃碰不会提供给玩家。A 吃 B 达到三摊，就形成承包关系“A 吃 B 三摊”（§10.3）；由于上限，这种关系只会"
        "出现在庄家与闲家之间。"
        "见 EX38–EX40。",
    ), (
        "Each chow (or pong) by player A on a discard of player B is one 摊 (tan) of A on B. A chow always counts; "
        "pongs and exposed kongs count when the option 碰算摊 is on (the default) and are otherwise neither counted "
        "nor capped. Added and concealed kongs never count. Counts are per ordered pair of seats and per hand.",
        "How many counted claims A may make on B in one hand:",
        "- 三摊承包 off: two, for every pair.",
        "- 三摊承包 on (the default): two between non-dealers; between the dealer and a non-dealer no cap at streak "
        "3, otherwise two. With the option 三摊需三老庄 off there is no cap at any streak.",
        "A claim beyond the cap is simply not offered. Once A has three counted claims on B, \"A 吃 B 三摊\" holds: a "
        "contract relation (§10.3). Because of the caps such relations only arise between the dealer and a "
        "non-dealer. See EX38–EX40.",
    )),
    S("5.6", "漏胡与漏碰", "Passed win and passed pong (漏胡, 漏碰)", (
        "- 能胡某张牌而没有胡，在自己下一次打牌之前，不能再胡这一种牌的铳（过水）。",
        "- 能碰某张牌而没有碰（也没有直杠），在自己下一次打牌之前不能再碰这一种牌；但不影响以后直杠。",
        "- 自摸不受影响。见 EX31、EX32。",
    ), (
        "- A player who could have won on a discard of some face and did not may not win on a discard of that "
        "face again until his own next discard.",
        "- A player who could have ponged a face and did not (nor konged it) may not pong that face until his own "
        "next discard; a later exposed kong stays allowed.",
        "- Self-drawn wins are never affected. See EX31 and EX32.",
    )),
    S("5.7", "吃后限打", "What may not be discarded after a chow", (
        "吃了以后，本轮结束时打的牌（中间杠了也一样）不能是吃进的那种牌，也不能是顺子“另一头”的牌：",
        "- 吃在顺子的低端（{5m6m} 吃 {4m}）：也不能打高一位的 {7m}；",
        "- 吃在高端（{2m3m} 吃 {4m}）：也不能打低一位的 {1m}；",
        "- 吃在中间，或另一头超出 1–9：只禁吃进的那种。",
        "财神不受这条限制。吃了以后手里每张牌都被禁打的吃不合法；若同一轮杠过以后手里每张都被禁，这一次打牌不受限。"
        "见 EX34–EX37。抓打的限制见 §4.3。",
    ), (
        "After a chow, the discard that ends the turn (even after a kong in between) may not be the face just "
        "claimed, nor the tile at the other end of the run:",
        "- claimed at the low end ({5m6m} chow {4m}): the rank above the run, {7m}, is banned too;",
        "- claimed at the high end ({2m3m} chow {4m}): the rank below, {1m}, is banned too;",
        "- claimed in the middle, or when the other end would fall outside 1–9: only the claimed face.",
        "Wildcards are never banned by this rule. A chow after which every tile in hand would be banned is not "
        "allowed; if after a kong in the same turn every tile is banned, the ban lapses for that discard. See "
        "EX34–EX37. For the freeze see §4.3.",
    )),
    S("5.8", "拉杠胡", "Robbing a kong (拉杠胡)", (
        "选项拉杠胡默认关闭。打开时，有人加杠后、补牌之前，别人可以用加上去的那张牌和牌，条件是：",
        "- 胡牌模式是庄闲放铳，且老庄数达到拉杠胡门槛（默认 2）；",
        "- 他不在暴头或七客状态，不受抓打限制，也没有这一种牌的漏胡；",
        "- 加上这张牌是和牌。",
        "庄闲没有限制。放弃能抢的杠算漏胡。几家能抢时按加杠者之后的顺序第一家。抢杠按杠开算加 1 番，由加杠者一人付 T"
        "（EX52）。"
        "暗杠和直杠不能抢。",
    ), (
        "The option 拉杠胡 is off by default. When it is on, after an added kong and before the replacement another "
        "player may win with the added tile if:",
        "- the win mode is 庄闲放铳 and the streak has reached the robbing threshold (2 by default);",
        "- he is not in 暴头 or 七客 state, not restricted by the freeze and not under 漏胡 for that face;",
        "- the tile completes his hand.",
        "There is no dealer/non-dealer condition. Declining a possible rob counts as passing a discard win. With "
        "several robbers the first in turn order after the konger wins. The win scores one fan more, as a 杠开 "
        "does, and the konger alone pays T (EX52). Concealed and exposed kongs cannot be robbed.",
    )),
)
"""Chapters 0-5 of the reference."""
