"""The rules reference, chapters 6-13: winning hands, fan, the dealer, discard wins, payments, options and the
choices the engine makes where Hangzhou tables differ. Same markup as :mod:`hzmj_core.rulebook.play`.
"""

from __future__ import annotations

from .sections import Section as S

SCORE: tuple[S, ...] = (
    S("6", "和牌", "Winning hands", (), ()),
    S("6.1", "对子与组", "Pairs and sets", (
        "- **对子**：两张同样的牌；可以是真牌加财神，或两张财神。",
        "- **刻子**：三张同样的牌（财神可以补任何位置）。",
        "- **顺子**：同一花色连续三张，1–9 之内，不能 9-1-2 连，字牌没有顺子（财神可以补任何位置）。",
        "- **杠**：四张同样的牌，只能是声明过的直杠、加杠或暗杠。每个副露（吃、碰、杠）算一组。手里藏着四张一样的牌"
        "不算杠。",
    ), (
        "- **Pair**: two tiles of one face; a natural tile and a wildcard, or two wildcards, also make one.",
        "- **Pong** (刻子): three tiles of one face (wildcards may fill any place).",
        "- **Run** (顺子): three consecutive ranks of one suit within 1–9, no wrapping, no honours (wildcards may fill "
        "any place).",
        "- **Kong**: four of one face, only as a declared meld (exposed, added or concealed). Each meld counts as "
        "one set. Four equal tiles kept in the hand are no kong.",
    )),
    S("6.2", "和牌的形式", "Winning forms", (
        "设已有 k 个副露（暗杠也算）。",
        "- **标准形**：手里 3(4−k)+2 张牌能分成 4−k 组加一个对子。",
        "- **七对子**：没有副露，14 张能分成七个对子（等价于：财神数不少于单数张的牌种数）。四张同样的真牌算两对。",
        "除此之外都不是和牌：十三幺、有副露的“对对”等都不算（EX23）。清一色、对对胡之类在杭州麻将里也没有番。",
    ), (
        "Let k be the number of melds (concealed kongs included).",
        "- **Standard form**: the 3(4−k)+2 hand tiles split into 4−k sets and a pair.",
        "- **Seven pairs** (七对子): no melds, and the 14 tiles split into seven pairs (the same as: at least as many "
        "wildcards as faces held an odd number of times). Four equal natural tiles are two pairs.",
        "Nothing else wins: thirteen orphans, pairs beside melds and so on are no win (EX23). Patterns such as one "
        "suit or all pongs carry no fan in Hangzhou mahjong.",
    )),
    S("6.3", "暴头状态与七客状态", "暴头 state and 七客 state", (
        "看摸牌之前的手牌 H（3(4−k)+1 张）。庄家第一轮时 14 张每张都试作刚摸到的牌（§2）。",
        "- **暴头状态**：H 里至少有一张财神，去掉一张财神后正好分成 4−k 组。于是摸到什么都和：那张牌与财神成对。",
        "- **七客状态**：没有副露，H 是 13 张，财神数严格大于单数张的牌种数。于是摸到什么都和成七对。",
        "这两个定义与“摸什么都能自摸”完全一致。处在暴头或七客状态的人**不能胡铳，也不能拉杠胡**，即使那张牌能以别的"
        "方式和牌（EX29）。",
    ), (
        "Look at the hand H before the draw (3(4−k)+1 tiles); in the dealer's first turn each of his 14 tiles is "
        "tried as the drawn one (§2).",
        "- **暴头 state** (baotou): H holds at least one wildcard, and without one wildcard it splits exactly into "
        "4−k sets. Any draw then wins, pairing with that wildcard.",
        "- **七客 state** (qike): no melds, H has 13 tiles and more wildcards than faces held an odd number of "
        "times. Any draw then wins as seven pairs.",
        "These two definitions are exactly \"every draw wins\". A player in 暴头 or 七客 state may **not win on a "
        "discard nor rob a kong**, even if the tile would complete his hand another way (EX29).",
    )),
    S("6.4", "连续飘杠", "The chain of piao and kongs", (
        "对和牌者，从他最近一次打出**非财神**的牌之后（或从开局起）算起：",
        "- n = 这期间他打出财神（飘）的次数；",
        "- m = 这期间他杠的次数（直杠、加杠、暗杠）。",
        "摸牌、吃、碰不计入也不打断；打出一张非财神的牌就清零。",
        "- m_turn：和的那张是杠后补牌时，自他上一次打牌（或开局）以来杠的次数，也就是这一轮的杠数，包括开启这一轮的"
        "直杠；否则为 0。"
        "杠开是 1，双杠开是 2。",
    ), (
        "For the winner, count from his last discard of a **non-wildcard** tile in this hand (or from its start):",
        "- n = his wildcard discards (飘) since then;",
        "- m = his kongs (exposed, added or concealed) since then.",
        "Draws, chows and pongs neither count nor break the chain; a non-wildcard discard resets it.",
        "- m_turn: when the winning tile is a kong replacement, the number of kongs he declared since his own last "
        "discard of any tile (or the start): the kongs of this turn, including an exposed kong that opened it; "
        "otherwise 0. 杠开 is 1, 双杠开 2.",
    )),
    S("6.5", "取最大", "The largest reading counts", (
        "一手和牌按所有可能的解释计算，取番数最大的那一种（EX21）。番数只取决于：14 张能组成的形式、H 的暴头/七客状"
        "态、豪华数 g、"
        "有没有财神、n、m、m_turn 和和牌方式。",
    ), (
        "A win is scored under every way of reading the hand and the highest fan counts (EX21). The fan depends only "
        "on the forms the 14 tiles allow, the 暴头/七客 state of H, the number g of 豪华 groups, whether any "
        "wildcard is held, n, m, m_turn and how the tile came.",
    )),
    S("6.6", "怎样判断和牌", "How a hand is checked", (
        "以下是一种简单的判断方法（引擎用预先算好的表做同样的判断）。c 是每种牌面的真牌张数，w 是财神张数。",
        "- **分组** sets(c, w)：取张数不为零的最小牌面 i（没有时，w 是 3 的倍数即成功）。试用 3、2 或 1 张 i 加财神"
        "组成刻子，"
        "以及（数牌）每个含 i 的顺子，缺的位置用财神补；递归下去。",
        "- **标准形**：先试对子——两张同样的真牌、一张真牌加一张财神、或两张财神——再看剩下的能否分组。",
        "- **七对子**：没有副露，14 张，单数张的牌面数 ≤ w。",
        "- **暴头状态**：摸牌前 w ≥ 1 且 sets(c, w − 1)。**七客状态**：没有副露，13 张，w 大于单数张的牌面数。",
    ), (
        "A plain way to decide these questions (the engine answers them from precomputed tables, with the same "
        "results). c counts the natural tiles of each face, w the wildcards.",
        "- **Sets** sets(c, w): take the lowest face i with c[i] > 0 (if there is none, succeed when w is a multiple "
        "of 3). Try a pong of 3, 2 or 1 copies of i plus wildcards, and (suits only) every run containing i with "
        "wildcards in the missing places; recurse.",
        "- **Standard form**: try as the pair two natural tiles of one face, a natural tile and a wildcard, or two "
        "wildcards; then sets on the rest.",
        "- **Seven pairs**: no melds, 14 tiles, faces with an odd count ≤ w.",
        "- **暴头 state**: before the draw w ≥ 1 and sets(c, w − 1). **七客 state**: no melds, 13 tiles, w greater "
        "than the number of faces with an odd count.",
    )),
    S("7", "番", "Fan", (
        "和牌的倍数是 2^F。g 是 14 张里四张都是真牌的牌种数（豪华，四张当两对）；三张真牌加一张财神不算豪华（EX19）。",
    ), (
        "The multiplier of a win is 2^F. g is the number of faces of which the 14 tiles hold four natural copies "
        "(a 豪华 group: four equal tiles as two pairs); three naturals and a wildcard are no 豪华 group (EX19).",
    )),
    S("7.1", "自摸（含杠开和庄家第一轮）", "Self-drawn wins (with 杠开 and the dealer's first turn)", (
        "|牌型|条件|番",
        "|自摸|标准形，不在暴头状态，正常摸牌（或庄家第一轮）|0",
        "|杠开、双杠开、三杠开|标准形，不在暴头状态，和在杠后补牌|m_turn",
        "|暴头|标准形，暴头状态，n = m = 0|1",
        "|财飘、双财飘、三财飘|暴头状态，n = 1、2、3，m = 0|1 + n",
        "|杠暴、双杠暴、三杠暴|暴头状态，n = 0，m = 1、2、3|1 + m",
        "|杠飘 / 飘杠|暴头状态，n = m = 1（先杠 / 先飘）|3",
        "|n 飘 m 杠|暴头状态，其他组合|1 + n + m",
        "|七对子|七对，有财神，不在七客状态|1 + g",
        "|七客|七对，七客状态|2 + g + n",
        "|清七对|七对，14 张里没有财神|2 + g",
    ), (
        "|Pattern|Condition|Fan",
        "|自摸 self-draw|standard form, not 暴头 state, a normal draw (or the dealer's first turn)|0",
        "|杠开 gangkai (double, triple)|standard form, not 暴头 state, won on a kong replacement|m_turn",
        "|暴头 baotou|standard form, 暴头 state, n = m = 0|1",
        "|财飘 caipiao (double, triple)|暴头 state, n = 1, 2, 3, m = 0|1 + n",
        "|杠暴 gangbao (double, triple)|暴头 state, n = 0, m = 1, 2, 3|1 + m",
        "|杠飘 / 飘杠|暴头 state, n = m = 1 (kong first / piao first)|3",
        "|n piao m gang|暴头 state, any other mix|1 + n + m",
        "|七对子 qidui|seven pairs with a wildcard, not 七客 state|1 + g",
        "|七客 qike|seven pairs, 七客 state|2 + g + n",
        "|清七对 qing qidui|seven pairs, no wildcard among the 14|2 + g",
    )),
    S("7.2", "放铳胡与拉杠胡", "Discard wins and robbed kongs", (
        "|牌型|番",
        "|标准形|0",
        "|七对子（有财神）|1 + g",
        "|清七对|2 + g",
        "|拉杠胡|以上加 1",
        "放铳时不会有暴头或七客（§6.3），也没有连续飘杠加番。",
    ), (
        "|Form|Fan",
        "|standard form|0",
        "|七对子 (with a wildcard)|1 + g",
        "|清七对|2 + g",
        "|robbed kong (拉杠胡)|the above + 1",
        "暴头 and 七客 cannot happen on a discard (§6.3), and no chain counts.",
    )),
    S("7.3", "叠加", "How fan adds up", (
        "- 暴头一族全部相加：暴头 1，每飘加 1，链中每杠加 1。",
        "- 飘只对暴头和七客有效；其他自摸只算 m_turn（飘后普通自摸是 0 番）。",
        "- 七对一族：基本 1；清（没有财神）或七客（需要财神）二者只能有一，各加 1；每个豪华加 1；七客再加 n。七对没"
        "有杠。",
        "- 标准形与七对两种解释不相加，取大（§6.5）。",
        "- 自摸、门清、庄家第一轮本身都不加番。庄家与老庄的倍数不是番，见 §10.1。",
        "引擎的牌型登记表（名称与番数）：",
        "[[patterns]]",
    ), (
        "- Within the 暴头 family everything adds: 1 for 暴头, 1 per 飘, 1 per kong of the chain.",
        "- 飘 count only for 暴头 and 七客; any other self-draw counts only m_turn (a plain self-draw after a 飘 is"
        " 0).",
        "- Seven pairs: base 1; +1 for 清 (no wildcard) or +1 for 七客 (which needs one), never both; +1 per 豪华 "
        "group; 七客 also adds n. Seven pairs never has kongs.",
        "- Standard and seven-pairs readings never add up; the larger is taken (§6.5).",
        "- There is no extra fan for a self-draw, a concealed hand or the dealer's first turn. The dealer and "
        "streak factor is no fan: see §10.1.",
        "The engine's register of patterns (names and fan):",
        "[[patterns]]",
    )),
    S("8", "庄家与老庄", "The dealer and the streak (老庄)", (
        "- 第一手庄家由种子随机决定。",
        "- 新庄家的老庄数 L 从选项“老庄”开始：1 平庄起（默认）、2 笃二老庄、3 笃三老庄。第一手也一样。",
        "- 庄家和牌：继续坐庄，L 加 1（最多 3）。",
        "- 流局：继续坐庄，L 加 1（最多 3）；选项流局加老庄关闭时 L 不变。",
        "- 闲家和牌：和牌者当庄（抢庄），L 回到起始值；选项下局庄家 = 下家时由原庄家的下家当庄。",
        "- L 不超过 3。见 EX53。",
    ), (
        "- The first dealer is drawn at random from the seed.",
        "- A new dealer's streak L starts at the option 老庄: 1 (平庄起, the default), 2 (笃二老庄) or 3 (笃三老庄). "
        "The first hand starts there too.",
        "- The dealer wins: he deals again and L grows by one (at most 3).",
        "- A drawn hand: he deals again and L grows by one (at most 3); with the option 流局加老庄 off L stays.",
        "- A non-dealer wins: the winner deals next (抢庄) at the starting streak; with the option 下局庄家 = next "
        "seat the dealer's next player deals instead.",
        "- L never exceeds 3. See EX53.",
    )),
    S("9", "放铳", "Discard wins (放铳)", (
        "q 可以胡 d 打出的牌 x，当且仅当以下全部成立：",
        "- 胡牌模式是庄闲放铳（默认）；自摸胡模式下没有放铳，也没有拉杠胡；",
        "- L 达到放铳门槛（默认 3，可选 2）；",
        "- q、d 之中恰好一个是庄家——闲家之间不能放铳（EX26）；",
        "- x 不是财神；",
        "- q 不受抓打限制（§4.3）；",
        "- q 不在暴头或七客状态（§6.3），H 是 q 现在的手牌；",
        "- q 没有这种牌的漏胡（§5.6）；",
        "- q 的手牌加 x 是和牌（§6.2）；选项有财必暴头打开时 q 手里还不能有财神。",
        "末轮也可以放铳胡。见 EX24–EX29。",
    ), (
        "Player q may win on the discard x of player d only if all of these hold:",
        "- the win mode is 庄闲放铳 (the default); in 自摸胡 mode there are no discard wins and no robbing;",
        "- L has reached the discard-win threshold (3 by default, 2 as an option);",
        "- exactly one of q and d is the dealer: non-dealers never win on each other (EX26);",
        "- x is not a wildcard;",
        "- q is not restricted by the freeze (§4.3);",
        "- q is not in 暴头 or 七客 state (§6.3), H being q's hand now;",
        "- q is not under 漏胡 for x's face (§5.6);",
        "- q's hand with x is a winning hand (§6.2); with the option 有财必暴头 on, q must also hold no wildcard.",
        "Discard wins are allowed in the final claim phase. See EX24–EX29.",
    )),
    S("10", "计分", "Scoring", (), ()),
    S("10.1", "每家的份额", "Shares", (
        "赢家 W 以 F 番和牌时，其他每一家 P 的份额是 b × 2^F × Z，其中 W 或 P 是庄家时 Z = 2^L（一老 2、二老 4、三老"
        " 8），"
        "否则 Z = 1。T 是三家份额之和：庄家赢时 T = 3 × b × 2^F × 2^L，闲家赢时 T = b × 2^F × (2^L + 2)。",
    ), (
        "When W wins with F fan, each other seat P's share is b × 2^F × Z, where Z = 2^L if W or P is the dealer "
        "(2, 4, 8 at streak 1, 2, 3) and Z = 1 otherwise. T is the sum of the three shares: T = 3 × b × 2^F × 2^L "
        "when the dealer wins, T = b × 2^F × (2^L + 2) when a non-dealer wins.",
    )),
    S("10.2", "谁付钱", "Who pays", (
        "- 自摸（含杠开），赢家没有承包关系：三家各付自己的份额。",
        "- 放铳胡：放铳者一人付 T，另两家不付。",
        "- 拉杠胡：被抢杠的人付 T（番里已加 1）。",
        "- 然后按 §10.3 加上承包的付款。",
    ), (
        "- A self-draw (杠开 included) with no contract relation involving the winner: each other seat pays its "
        "share.",
        "- A discard win: the discarder alone pays T; the other two pay nothing.",
        "- A robbed kong: the konger pays T (the fan already has its +1).",
        "- Contract payments (§10.3) come on top.",
    )),
    S("10.3", "三摊承包与倒承包", "Contracts: 三摊承包 and 倒承包", (
        "只在三摊承包打开时。设 R1 = 赢家吃了三摊的那些人（“W 吃 B 三摊”），R2 = 吃了赢家三摊的那些人（“A 吃 W 三摊"
        "”）。",
        "- 自摸且 R1 或 R2 不空：R1 中每人付 T（三摊承包），R2 中每人付 2T（倒承包），其他人不付（EX41、EX42）。",
        "- 一家同时在 R1 和 R2 中（三老庄时庄闲之间可能）付 T + 2T = 3T。",
        "- 放铳胡或拉杠胡：放铳者（加杠者）照 §10.2 付 T，**另外** R1 中每人付 T，R2 中每人付 2T；一家可以身兼几个"
        "角色（EX44）。",
        "- 关系可以连锁：A 吃 B 三摊、C 吃 A 三摊，A 自摸时 B 付 T，C 付 2T（EX43）。",
    ), (
        "Only when 三摊承包 is on. Let R1 be the seats the winner has three claims on (\"W 吃 B 三摊\") and R2 the "
        "seats with three claims on the winner (\"A 吃 W 三摊\").",
        "- A self-draw with R1 or R2 not empty: each seat of R1 pays T (三摊承包), each seat of R2 pays 2T (倒承包), "
        "and nobody else pays (EX41, EX42).",
        "- A seat in both R1 and R2 (possible between the dealer and a non-dealer at streak 3) pays T + 2T = 3T.",
        "- A discard win or robbed kong: the discarder (konger) pays T as in §10.2 **and** each seat of R1 pays T and "
        "each seat of R2 pays 2T; one seat may pay in several roles (EX44).",
        "- Relations chain: if A has three claims on B and C three on A, and A self-draws, B pays T and C pays 2T "
        "(EX43).",
    )),
    S("10.4", "打分与终局", "Points and the end of the game", (
        "- 每人起始分由选项“打分”决定：40、50（默认）或 60。付分没有封顶，可以是负分。",
        "- 一手由**闲家**和牌（庄家换人）后，若有人分数 ≤ 0，游戏结束。庄家和牌和流局都不结束游戏，即使有人 ≤ 0；"
        "连庄结束时那人若已回到正分，游戏继续（EX53）。",
    ), (
        "- Each player starts with the points of the option 打分: 40, 50 (the default) or 60. Payments have no cap; "
        "points may go below zero.",
        "- The game ends when a hand won by a **non-dealer** (the deal passes) leaves someone at 0 points or below. "
        "Dealer wins and drawn hands never end it, even with someone at or below 0; if that player is above 0 "
        "again when the streak ends, play goes on (EX53).",
    )),
    S("11", "选项", "Options", (
        "所有选项整局固定。下表由引擎的选项表（hzmj_core/options.py）生成；“章节”指本文的章节。",
        "[[options]]",
        "自摸胡模式下，放铳门槛和拉杠胡不起作用。",
    ), (
        "Every option is fixed for a whole game. The table is generated from the engine's option table "
        "(hzmj_core/options.py); \"section\" is the section of this reference.",
        "[[options]]",
        "In 自摸胡 mode the discard-win threshold and robbing have no effect.",
    )),
    S("12", "各地打法不同时的取舍", "Where Hangzhou tables differ", (
        "杭州麻将各家打法并不统一。引擎的默认选择如下，括号里是能改成另一种的选项：",
        "- 闲家和牌后由和牌者坐庄（下局庄家）。",
        "- 放铳要三老庄（放铳门槛）。",
        "- 几家同时胡同一张铳：出牌者之后按顺序第一家。",
        "- 财神不能吃碰杠，打出的财神谁都不能要（财神可吃碰）。",
        "- 抓打约束其他三家，打财神的人不受限（抓打对象）；抓打期间不能吃、碰、直杠、放铳、加杠，可以自摸和暗杠。",
        "- 抓打持续到主下一次打出非财神的牌。",
        "- 剩 20 张起只能放铳；杠要求 R 大于 20。",
        "- 杠后补牌并额外去掉一张（杠后额外减牌）。",
        "- 流局庄家加一老（流局加老庄）。",
        "- 庄家倍数统一为 2^L。",
        "- 豪华只算四张真牌。",
        "- 财飘按连续飘杠计算，七客也加飘。",
        "- 放铳者付 T；承包关系在放铳时另外付。",
        "- 第三摊要三老庄（三摊需三老庄）。",
        "- 拉杠胡默认关闭。",
        "- 闲家和牌后才可能终局，流局不终局。",
        "- 翻财神的指示牌取自发牌后的牌墙末端。",
        "- 暴头按结构定义（§6.3）。七对子也可以放铳胡，清七对放铳仍是 2 + g 番。",
        "- 手握四张白板没有奖励。庄家第一轮每张都试作摸到的牌。杠飘与飘杠都是 3 番，只是名字不同。",
    ), (
        "Hangzhou tables do not all play alike. The engine's default choices follow; the option in brackets "
        "switches to the other reading where there is one:",
        "- After a non-dealer wins, the winner deals (下局庄家).",
        "- Discard wins need streak 3 (放铳门槛).",
        "- Several players winning on one discard: the first in turn order after the discarder.",
        "- Wildcards cannot be used in melds, and nobody may take a discarded wildcard (财神可吃碰).",
        "- The freeze binds the other three, not the wildcard's discarder (抓打对象); under it no chow, pong, "
        "exposed kong, discard win or added kong, while self-draws and concealed kongs stay allowed.",
        "- The freeze lasts until its owner's next non-wildcard discard.",
        "- From 20 tiles left only discard wins may be claimed; a kong needs R > 20.",
        "- A kong burns one tile besides the replacement (杠后额外减牌).",
        "- A drawn hand adds to the dealer's streak (流局加老庄).",
        "- The dealer factor is always 2^L.",
        "- Only four natural tiles make a 豪华 group.",
        "- 财飘 is counted as the chain of piao and kongs, and 七客 collects piao too.",
        "- The discarder pays T; contract payments come on top of a discard win.",
        "- A third claim needs streak 3 (三摊需三老庄).",
        "- Robbing a kong is off by default.",
        "- Only a non-dealer's win can end the game; a drawn hand never does.",
        "- The flipped indicator is the back tile of the wall after the deal.",
        "- 暴头 has the structural definition of §6.3. Seven pairs may be won on a discard, and 清七对 keeps 2 + g "
        "fan there.",
        "- Holding all four white dragons earns nothing. In the dealer's first turn every tile is tried as the "
        "drawn one. 杠飘 and 飘杠 both score 3 fan; only the name differs.",
    )),
    S("13", "不在本规则之内", "Not part of these rules", (
        "- 缺一门在这里指“整副牌少一门花色”，不是“和牌必须缺一门”。",
        "- 封顶（每手输分上限）和固定局数的打法没有实现。",
    ), (
        "- 缺一门 here means the set lacks one suit, not that a winning hand must lack one.",
        "- A per-hand loss cap (封顶) and a fixed number of hands are not implemented.",
    )),
)
"""Chapters 6-13 of the reference."""
