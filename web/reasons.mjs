// Reasons in a player's words, from the engine's {code, params} (hzmj_core/reasons.py): why an action is not
// allowed (a refusal), why a bot or a hint chose its action (the grounds, a list of parts), why a game log,
// rule options, a saved game or a request at the table is refused, and why a certificate code (验证码) does not
// verify or a ladder file is refused (the 考级 pages). Pure: no DOM, no state. The sentences and the action names are the engine's own (Reason.text, actions.ACTION_WORDS);
// tests/engine/test_reasons.py (test_the_page_words_every_engine_reason_as_the_engine_does) requires this
// module's tables to equal the engine's and words every code here and in Python to the same text.
//
//   import {reasonText, groundsText} from './reasons.mjs';
//   reasonText({code: 'chow_ban', params: {tiles: ['4m', '7m']}}, 'zh', humanSeat)  // "吃后限打：这一轮不能打四万、七万"
//   groundsText([{code: 'far', params: {shanten: 1, useful: 1}}], 'en', 0)          // "1 tile from ready, 1 useful tile"
//
// Params by key: tile/other_tile (notation), tiles (list), waits (list of [tile, count], all the waits: "A, B or
// C"), some_waits (the same, the first few: "A, B"), seat/current/owner/
// discarder (0-3, named relative to the viewer: 你/下家/对家/上家, you/Right/Across/Left), action (an action
// type), state ('baotou' | 'qike'); a key ending in _ev is expected points (signed, one decimal), _pts and
// _est one decimal; anything else is a whole number. `{seat_s}` in a template is the possessive (你的, your /
// Right's); `{n|tile|tiles}` words a count with its noun in the singular or the plural.

import {tileWords} from './i18n.mjs';
import {gloss} from './glossary.mjs';

const REFUSALS = {
  hand_over: ['这一局已经结束', 'the hand is over'],
  not_your_turn: ['现在轮到{current}出牌', 'it is {current_s} turn'],
  own_discard: ['{seat}打出的牌，自己不能要', '{seat} discarded this tile and cannot claim it'],
  already_declared: ['{seat}已经选择了{action}', '{seat} already declared {action}'],
  no_claim: ['{seat}不能要这张牌', 'no claim on this discard for {seat}'],
  not_in_hand: ['{seat}手里没有{tile}', '{tile} is not in {seat_s} hand'],
  not_offered: ['现在不能{action}', '{action} is not possible now'],
  zhuada: ['抓打：{owner}打了财神，只能自摸、暗杠或打出刚摸到的{tile}',
    '{owner} discarded a 财神, so under 抓打 only a self-draw win, a concealed kong or discarding the tile just drawn ({tile})'],
  freeze_added_kong: ['抓打期间不能加杠', 'no added kong while 抓打 lasts'],
  freeze_no_claim: ['抓打期间不能吃碰杠，也不能胡别人打的牌', 'no claims and no discard wins while 抓打 lasts'],
  chow_ban: ['吃后限打：这一轮不能打{tiles}', '吃后限打: {tiles} may not be discarded this turn'],
  chow_all_banned: ['吃了以后手里只剩不能打的牌，不能吃', 'that chow would leave only tiles that may not be discarded'],
  no_win_after_claim: ['吃碰之后的这次出牌不能胡', 'no win right after a chow or pong'],
  not_a_win: ['这手牌现在不能胡', 'the hand is not a win now'],
  no_win_with_tile: ['{tile}凑不成胡牌', 'the {tile} does not complete the hand'],
  kong_final: ['牌墙只剩{remaining}张：剩{limit}张或更少时不能开杠',
    'only {remaining} tiles left: no kongs with {limit} or fewer in the wall'],
  final_claim: ['最后{limit}张：打出的牌只能被胡，不能吃碰杠', 'last {limit} tiles: a discard may only be won on, not claimed'],
  wildcard_claim: ['财神打出后不能吃、碰、杠，也不能胡', 'a discarded 财神 cannot be claimed or won on'],
  chow_not_next: ['只有{discarder}的下家可以吃', 'only the next player after {discarder} may chow'],
  no_chow_shape: ['凑不成有{tile}的顺子', 'no run with the {tile}'],
  no_pair: ['手里没有一对{tile}', 'no pair of the {tile} in hand'],
  loupeng: ['漏碰：放过了碰{tile}，自己出牌前不能再碰', '漏碰: a pong of the {tile} was passed, so none until the next discard'],
  louhu: ['漏胡：放过了胡{tile}，自己出牌前不能再胡', '漏胡: a win on the {tile} was passed, so none until the next discard'],
  tan_cap: ['摊数已满：已经吃碰{discarder}{count}次（上限{cap}）', '摊 limit: already {count} claims on {discarder}, the most allowed'],
  no_discard_win_streak: ['庄家{streak}老庄，未到{min}老庄不能胡别人打的牌，只能自摸',
    'streak {streak}: discard wins need {min} 老庄, so self-draw only'],
  non_dealers: ['闲家之间不能胡对方打的牌', 'no discard wins between two non-dealers'],
  baotou_no_discard_win: ['{state}状态不能胡别人打的牌，只能自摸', 'in {state} state no win on a discard, only a self-draw'],
  must_baotou: ['有财必暴头：手里有财神不能胡别人打的牌', '有财必暴头: no win on a discard while holding a 财神'],
};

const GROUNDS = {
  win: ['胡牌', 'the hand wins'],
  win_on_discard: ['胡别人打的牌', 'a win on the discard'],
  win_ends_game: ['胡了就结束比赛，而且{seat}领先', 'the win ends the game with {seat} in the lead'],
  win_last_tiles: ['墙只剩 {remaining} 张，马上胡', 'only {remaining|tile|tiles} left in the wall: win now'],
  gangbao: ['开杠保住暴头，杠上摸什么都胡（杠暴）', 'the kong keeps 暴头: any replacement tile wins as 杠暴'],
  piao: ['财神飘：留着暴头，下一张摸到就胡', '飘 with the 财神: 暴头 stays, and the next draw wins'],
  piao_fan: ['财神飘：下一张摸到就胡 {fan} 番', '飘 with the 财神: the next draw wins {fan} fan'],
  decline_baotou: ['不胡，等暴头', 'declining the win to wait in 暴头'],
  decline_baotou_fan: ['不胡，等暴头（{fan} 番）', 'declining the win to wait in 暴头 for {fan} fan'],
  beats_win: ['期望 {best_ev} 分，胜过现在胡的 {win_ev} 分', '{best_ev} points expected, more than winning now ({win_ev})'],
  wall_left: ['墙还有 {remaining} 张', '{remaining|tile|tiles} left in the wall'],
  kong_keeps_shape: ['开杠不影响牌型，还多摸一张', 'the kong keeps the hand as good, with one more draw'],
  only_discard: ['只能打这张', 'the only tile that may be discarded'],
  only_discard_freeze: ['抓打：只能打这张', '抓打 allows only this tile'],
  only_wildcards: ['只剩财神可打', 'only wildcards are left to discard'],
  random: ['随便选的', 'a random choice'],
  any_draw_wins: ['{state}状态，摸什么都胡', 'in {state} state any draw wins'],
  waits: ['听{waits}（共 {total} 张）', 'waiting on {waits}: {total|tile|tiles} in all'],
  waits_more: ['听{some_waits}等（共 {total} 张）',
    'waiting on {some_waits} or {more|other tile|other tiles}: {total|tile|tiles} in all'],
  far: ['差 {shanten} 张听牌，有效牌 {useful} 张', '{shanten|tile|tiles} from ready, {useful|useful tile|useful tiles}'],
  shanten: ['差 {shanten} 张听牌', '{shanten|tile|tiles} from ready'],
  ready: ['听牌', 'the hand is ready'],
  claimable: ['其中可碰 {pong} 张、可吃 {chow} 张', '{pong} of them can be ponged, {chow} chowed'],
  claimable_pong: ['其中可碰 {pong} 张', '{pong} of them can be ponged'],
  claimable_chow: ['其中可吃 {chow} 张', '{chow} of them can be chowed'],
  baotou_kept: ['财神留作暴头（{draws} 张牌摸到更近暴头）', 'the 财神 kept free for 暴头, which {draws|tile brings|tiles bring} nearer'],
  best_of: ['{count} 个选择中期望最高（{best_ev} 分）', 'the best of {count} choices ({best_ev} points expected)'],
  best_ahead: ['算上下一张摸牌，{count} 个选择中期望最高（{best_ev} 分）',
    'counting the next draw, the best of {count} choices ({best_ev} points expected)'],
  defence: ['防守：{tile}放铳风险 {risk_pts} 分，{other_tile} {other_pts} 分',
    'defence: {tile} risks {risk_pts} points of a deal-in, {other_tile} {other_pts}'],
  defence_live: ['防守：3老可放铳，{tile}更安全', 'defence: discard wins are live at streak 3, and {tile} is safer'],
  fold_wildcard: ['财神不能被胡；别的牌中最安全的{other_tile}也有 {risk_pts} 分的放铳风险',
    'nobody can win on a 财神, and even the safest other tile, {other_tile}, risks {risk_pts} points of a deal-in'],
  nothing_to_claim: ['没有可要的牌', 'nothing to claim'],
  claim_no_help: ['要{tile}无益', 'taking the {tile} does not help'],
  claim_closer: ['离听牌更近', 'closer to ready'],
  claim_wider: ['离听牌一样远，有效牌从 {before} 张增到 {after} 张',
    'as far from ready, but {after|useful tile|useful tiles} instead of {before}'],
  claim_nearer_baotou: ['离听牌一样远，财神留作暴头，离暴头从差 {before} 张到差 {after} 张',
    'as far from ready, and nearer 暴头 with the 财神 free ({after} away instead of {before})'],
  third_tan: ['{seat}第三次吃碰{discarder}就要承包', 'a third claim on {discarder} would make {seat} liable under 承包'],
  pairs_qike: ['七客状态，摸什么都胡（4 倍），要{tile}会拆掉七对',
    'in 七客 state any draw wins at ×4; taking the {tile} would break the seven pairs'],
  pairs_ready: ['七对已听牌，要{tile}会拆掉七对', 'ready as seven pairs; taking the {tile} would break them'],
  expected: ['期望 {best_ev} 分，{samples} 次推演', '{best_ev} points expected over {samples|sample|samples}'],
  best_of_plain: ['{count} 个选择中最好', 'the best of {count} choices'],
  best_ahead_plain: ['算上下一张摸牌，{count} 个选择中最好', 'counting the next draw, the best of {count} choices'],
  feed_third_tan: ['{seat}已吃碰{discarder}两摊，打{tile}喂第三摊就要{discarder}承包（约 {risk_pts} 分）',
    'two claims already by {seat} on {discarder}; feeding a third with the {tile} would make {discarder} liable under 承包, about {risk_pts} points'],
  wildcard_defence: ['防守：财神不能被胡，别的牌都可能放铳；其中最好的{other_tile}算上 {risk_pts} 分放铳风险期望 {other_ev} 分，打财神 {best_ev} 分',
    'defence: nobody can win on a 财神, while every other tile can deal in; the best of them, {other_tile}, is worth {other_ev} points after {risk_pts} points of risk, giving up the 财神 {best_ev}'],
};

const LOG_PROBLEMS = {
  log_json: ['文件不是有效的 JSON 对局记录',
    'the file is not a valid JSON game record'],
  log_json_at: ['文件不是有效的 JSON：第 {line} 行第 {column} 列有错',
    'the file is not valid JSON: a mistake at line {line}, column {column}'],
  log_json_number: ['文件里有 JSON 不允许的数（NaN、Infinity 或超过 {max} 位的整数）',
    'the file holds a number JSON does not allow (NaN, Infinity or a whole number of more than {max} digits)'],
  log_json_limits: ['文件太大，或者嵌套太深',
    'the file is too large or nested too deep'],
  log_not_object: ['{where}不是 JSON 对象',
    '{where} is not a JSON object'],
  log_format: ['这不是杭州麻将的对局记录（format 应为 hzmj-log）',
    "this is not an hzmj game record ('format' must be 'hzmj-log')"],
  log_version: ['记录的格式版本 {value} 不受支持（这个版本只读 {supported}）',
    'record format version {value} is not supported (this version reads {supported})'],
  log_kind: ['{where}的种类（kind）{value} 不对，应为 {expected}',
    '{where} is of kind {value}, not {expected}'],
  log_missing: ['{where}缺少{field}',
    '{field} is missing in {where}'],
  log_wrong_type: ['{where}的{field}类型不对',
    '{field} has the wrong type in {where}'],
  log_points: ['{where}的分数（points）应是 4 个整数',
    "the points ('points') in {where} must be 4 whole numbers"],
  log_range: ['{where}的{field}应在 {low} 到 {high} 之间，记录里是 {value}',
    '{field} in {where} must be from {low} to {high}, not {value}'],
  log_seed: ['{where}的种子（seed）应是 0 到 2^64−1 之间的整数',
    "the seed ('seed') in {where} must be a whole number from 0 to 2⁶⁴ − 1"],
  log_option_unknown: ['{where}有未知的规则选项“{option}”',
    "{where} has an unknown rule option '{option}'"],
  log_option_range: ['{where}的规则选项{option_zh}（{option}）应是 1 到 {max} 的整数，记录里是 {value}',
    "the rule option {option_en} ('{option}') in {where} must be a whole number from 1 to {max}, not {value}"],
  log_option_choice: ['{where}的规则选项{option_zh}（{option}）不能是 {value}',
    "{value} is not a choice of the rule option {option_en} ('{option}') in {where}"],
  log_option_differs: ['{where}的规则选项{option_zh}（{option}）与整场比赛的不同：一场比赛的规则不变',
    "the rule option {option_en} ('{option}') in {where} differs from the match's: the rules are fixed for a whole game"],
  log_no_wall: ['{where}既没有种子（seed）也没有牌墙（wall）',
    "{where} has neither a seed ('seed') nor a wall ('wall')"],
  log_wall_tile: ['{where}的牌墙第 {index} 张 {value} 不是牌名',
    'tile {index} of the wall in {where}, {value}, is not a tile name'],
  log_wall_count: ['{where}的牌墙应有 {want} 张牌，记录里有 {count} 张',
    'the wall in {where} must hold {want} tiles, not {count}'],
  log_wall_tiles: ['{where}的牌墙应有 {want} 张{tile}，记录里有 {count} 张',
    'the wall in {where} must hold {want} × {tile}, not {count}'],
  log_action_text: ['{where}的第{event}步不是文字（应像 S1 discard 5m 这样写）',
    "step {event} of {where} is not a move as the record writes one"],
  log_action_malformed: ['{where}的第{event}步 {value} 不是一个动作',
    'step {event} of {where}, {value}, is not a move'],
  log_action_illegal: ['{where}的第{event}步不合规则（{seat}{action}）：{why}',
    'step {event} of {where} ({seat_s} {action}) breaks the rules: {why}'],
  log_result_early: ['{where}记录了结果，但动作在这一局结束前就停了',
    '{where} records a result, but its moves stop before the hand is over'],
  log_result_differs: ['{where}重放的结果与记录的不符（{field}），文件可能被改过',
    'the replayed result of {where} differs from the recorded one at {field}: the file may have been edited'],
  log_match_differs: ['{where}的{field}与比赛重放出来的不符，文件可能被改过',
    '{field} in {where} differs from what the match gives: the file may have been edited'],
  log_after_end: ['比赛在{where}之前已经结束，记录却还在继续',
    'the game ended before {where}, but the record goes on'],
  log_unfinished: ['{where}没有记录结果，却不是最后一局',
    '{where} has no recorded result but is not the last hand'],
  log_no_hands: ['这份比赛记录里一局也没有',
    'this match record holds no hand'],
  log_seedless: ['这份记录没有种子，只能回放，不能接着打',
    'this record has no seed: it can be replayed, not continued'],
  log_not_match: ['这是一局的记录，不是一场比赛的',
    'this is the record of one hand, not of a match'],
};

const OPTION_PROBLEMS = {
  option_not_object: ['规则选项应是一组选项和取值（JSON 对象）', 'the rule options must be a JSON object'],
  option_unknown: ['没有“{option}”这个规则选项', "there is no rule option '{option}'"],
  option_range: ['规则选项{option_zh}（{option}）应是 1 到 {max} 的整数，不能是 {value}',
    "the rule option {option_en} ('{option}') must be a whole number from 1 to {max}, not {value}"],
  option_choice: ['规则选项{option_zh}（{option}）不能是 {value}',
    "{value} is not a choice of the rule option {option_en} ('{option}')"],
};

const SAVE_PROBLEMS = {
  save_format: ['存档不是这个版本能读的格式', 'the save is not in a format this version reads'],
  save_version: ['存档来自另一个版本的游戏（存档格式 {value}，这个版本只读 {supported}）',
    'the save is from another version of the game (save format {value}; this version reads {supported})'],
  save_damaged: ['存档已损坏，{why}', 'the save is damaged: {why}'],
  save_json: ['内容读不出来（不是有效的 JSON，或者太长）', 'its text cannot be read (not valid JSON, or too long)'],
  save_missing: ['缺少{field}', 'it lacks {field}'],
  save_wrong: ['{field}有误', 'something is wrong with {field}'],
  save_away: ['交给机器人代打的座位不是玩家的座位', "a seat handed to the bot is not a player's seat"],
  save_other_game: ['里面的对局记录是另一局的（规则或种子不同）',
    'its game record is of another game (the rules or the seed differ)'],
};

const TABLE_REFUSALS = {
  table_moved: ['牌桌已经变了，请看清现在的牌局再选', 'the table has moved on; look again and choose'],
  bot_plays: ['现在由机器人替{seat}打', 'the bot plays for {seat} now'],
  game_over: ['这场比赛已经结束', 'the game is over'],
  hand_not_over: ['这一局还没有结束', 'the hand is not over yet'],
  hints_off: ['这一桌不给提示', 'hints are off at this table'],
  export_hand_end: ['一局打完才能导出对局记录', 'the game record is given at the end of a hand'],
  no_finished_hand: ['还没有打完的一局', 'no hand is finished yet'],
};

const EXAM_PROBLEMS = {
  // a certificate code (验证码) that does not verify
  cert_empty: ['没有输入验证码', 'no code was entered'],
  cert_characters: ['验证码里有证书验证码不会有的字符：它只由大写字母和数字 2 到 7 组成',
    'the code has characters a certificate code never has: only the letters A to Z and the digits 2 to 7'],
  cert_length: ['验证码的长度不对，请检查是否少抄或多抄了字符', 'the code has the wrong length: check that no character is missing or extra'],
  cert_short: ['验证码太短，不是完整的证书验证码', 'the code is too short to be a certificate code'],
  cert_cut_short: ['验证码不完整，缺了一段', 'the code is cut short: part of it is missing'],
  cert_damaged: ['验证码有误或被改动过（校验不符）：请对照证书逐个字符核对',
    'the code is damaged or was changed (its check does not match): compare it with the certificate character by character'],
  cert_version: ['这个验证码是第 {value} 版的格式，本页只能核验第 {supported} 版',
    'the code is of format version {value}; this page verifies version {supported}'],
  cert_level: ['验证码里的级别（编号 {value}）这个版本不认识', 'the code names a level this version does not know (number {value})'],
  cert_left_over: ['验证码末尾多出了内容', 'the code has something left over at its end'],
  cert_is_ladder: ['这是升级赛段位证书的验证码：请同时选择它的对局文件再验证',
    'this is a ladder certificate: verify it together with its match file'],
  cert_is_exam: ['这是考试证书的验证码，不是段位证书：不要选对局文件，直接验证',
    'this is an exam certificate, not a ladder one: verify it without a match file'],
  cert_seed: ['验证码里的考题种子超出范围', 'the exam seed in the code is out of range'],
  cert_answers_over: ['验证码里的答案比这场考试的题目还多', 'the code carries more answers than the exam has questions'],
  cert_name: ['名字和证书上的不一致', 'the name does not match the one on the certificate'],
  cert_below_pass: ['这个验证码里的答案只答对 {score} / {total} 题，不到及格线 {pass_mark} 题',
    'the answers in this code score {score} of {total}, below the pass mark of {pass_mark}'],
  cert_file_differs: ['这份对局文件不是颁发这张证书时的那一份（内容不同）',
    'this match file is not the one the certificate was issued for (its contents differ)'],
  cert_grade_short: ['对局文件里的比赛只达到业余 {best} 级，不到证书上的业余 {grade} 级',
    'the matches in the file reach Amateur grade {best} only, not Amateur grade {grade}'],
  // a match file of the 升级赛 ladder: {match} the match (1-based), {event} the player's move in it (1-based)
  ladder_file_json: ['对局文件读不出来（不是有效的 JSON，或者太大）', 'the match file cannot be read (not valid JSON, or too large)'],
  ladder_file: ['这不是升级赛的对局文件：没有对局列表（matches）',
    "this is not a ladder match file: it has no list of matches ('matches')"],
  ladder_match: ['第 {match} 场不是一条对局记录（应有种子、对手和你的每一步）',
    'match {match} is not a match record (a seed, the opponents and your moves)'],
  ladder_seed: ['第 {match} 场的种子（seed）应是 0 到 2^64−1 之间的整数',
    "the seed ('seed') of match {match} must be a whole number from 0 to 2⁶⁴ − 1"],
  ladder_match_fields: ['第 {match} 场缺少对手水平或你的每一步',
    "match {match} lacks the opponents' level or the list of your moves"],
  ladder_wrong_level: ['第 {match} 场的对手是{played_zh}，但业余 {grade} 级的对手是{want_zh}',
    'match {match} was played against {played_en}, but at Amateur grade {grade} the opponents are {want_en}'],
  ladder_moves_end: ['第 {match} 场还没打完，你的动作就没有了', 'your moves in match {match} end before the match does'],
  ladder_not_yours: ['第 {match} 场你的第 {event} 步是{seat}的动作', 'your move {event} in match {match} is a move of {seat}'],
  ladder_malformed: ['第 {match} 场你的第 {event} 步不是一个动作', 'your move {event} in match {match} is not a move'],
  ladder_illegal: ['第 {match} 场你的第 {event} 步（{action}）不合规则：{why}',
    'your move {event} in match {match} ({action}) breaks the rules: {why}'],
  ladder_no_end: ['第 {match} 场重放到最后也没有结束', 'match {match} does not end when replayed'],
  ladder_moves_over: ['第 {match} 场已经结束，后面却还有你的动作', 'match {match} is over, but moves of yours are left after it'],
  // the ladder record the page keeps (升级赛记录), imported from a file
  ladder_record_json: ['文件读不出来（不是有效的 JSON，或者太大）', 'the file cannot be read (not valid JSON, or too large)'],
  ladder_record: ['这不是升级赛记录：应有版本号 1（version）和对局列表（matches）',
    "this is not a ladder record: it needs version 1 ('version') and a list of matches ('matches')"],
  ladder_record_placement: ['第 {match} 场的名次应是 1 到 4，记录里是 {value}',
    'the placement of match {match} must be from 1 to 4, not {value}'],
  ladder_record_no_placement: ['第 {match} 场没有名次（placement）：应是 1 到 4 的整数',
    "match {match} has no placement ('placement'): a whole number from 1 to 4"],
  // an exam this version cannot give
  exam_level: ['这个版本没有这一级考试（{value}）', 'this version has no exam of that level ({value})'],
};

/** A game log's and a saved game's keys as players name them (the engine's reasons.LOG_FIELDS): [Chinese,
 *  English]. */
export const LOG_FIELDS = Object.freeze({
  format: ['格式', 'the format'],
  version: ['版本', 'the version'],
  kind: ['种类', 'the kind'],
  options: ['规则选项', 'the options'],
  seed: ['种子', 'the seed'],
  wall: ['牌墙', 'the wall'],
  dealer: ['庄家', 'the dealer'],
  streak: ['老庄数', 'the streak'],
  points: ['分数', 'the points'],
  actions: ['动作', 'the moves'],
  result: ['结果', 'the result'],
  hands: ['各局', 'the hands'],
  first_dealer: ['首局庄家', 'the first dealer'],
  summary: ['总结', 'the summary'],
  level: ['对手水平', "the opponents' level"],
  human: ['你的座位', 'your seat'],
  humans: ['玩家的座位', "the players' seats"],
  timer: ['计时', 'the turn timer'],
  hints: ['提示设置', 'the hints setting'],
  away: ['机器人代打的座位', 'the seats the bot plays for'],
  log: ['对局记录', 'the game record'],
});

/** Every sentence, by code: [Chinese, English]. */
export const TEMPLATES = Object.freeze({...REFUSALS, ...GROUNDS, ...LOG_PROBLEMS, ...OPTION_PROBLEMS, ...SAVE_PROBLEMS,
  ...TABLE_REFUSALS, ...EXAM_PROBLEMS});

/** Every code this module words (the engine's hzmj_core.reasons.CODES). */
export const CODES = Object.freeze(Object.keys(TEMPLATES));

/** How players name each action type (the engine's hzmj_core.actions.ACTION_WORDS): the Chinese verb, the
 *  noun ("{action} is not possible now"), what a seat did (before the tiles), and the advice ({tile}). */
export const ACTION_WORDS = Object.freeze({
  discard: {chinese: '打', noun: ['打牌', 'discard'], done: ['打出', 'discarded'],
    advice: ['打{tile}', 'Discard the {tile}']},
  win: {chinese: '胡', noun: ['胡', 'win'], done: ['胡', 'won'],
    advice: ['胡', 'Win']},
  concealed_kong: {chinese: '暗杠', noun: ['暗杠', 'concealed kong'], done: ['暗杠', 'declared a concealed kong of'],
    advice: ['暗杠{tile}', 'Declare a concealed kong of the {tile}']},
  added_kong: {chinese: '加杠', noun: ['加杠', 'added kong'], done: ['加杠', 'added a kong of'],
    advice: ['加杠{tile}', 'Add the {tile} to its pong']},
  chow: {chinese: '吃', noun: ['吃', 'chow'], done: ['吃', 'chowed'],
    advice: ['吃{tile}', 'Chow the {tile}']},
  pong: {chinese: '碰', noun: ['碰', 'pong'], done: ['碰', 'ponged'],
    advice: ['碰{tile}', 'Pong the {tile}']},
  exposed_kong: {chinese: '直杠', noun: ['直杠', 'exposed kong'], done: ['杠', 'konged'],
    advice: ['杠{tile}', 'Kong the {tile}']},
  pass: {chinese: '过', noun: ['过', 'pass'], done: ['过', 'passed'],
    advice: ['过', 'Pass']},
});

/**
 * An engine error's message for a player: the Python exception's class name ("LogError: ", with or without
 * its module path) taken off the front, so that only what was wrong remains.
 */
export function plainMessage(err) {
  return String(err && err.message || err).replace(/^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception): /, '');
}

const SEATS = {zh: ['你', '下家', '对家', '上家'], en: ['you', 'Right', 'Across', 'Left']};
const STATES = {baotou: '暴头', qike: '七客'};
const SEAT_KEYS = new Set(['seat', 'current', 'owner', 'discarder']);
const TILE_KEYS = new Set(['tile', 'other_tile']);
const FIELD = /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

/** A seat relative to `viewer` (你/下家/对家/上家, you/Right/Across/Left); S0-S3 when viewer is null. */
export function seatWords(seat, lang, viewer = null, possessive = false) {
  const name = viewer === null || viewer === undefined ? `S${seat}`
    : SEATS[lang === 'zh' ? 'zh' : 'en'][(((seat - viewer) % 4) + 4) % 4];
  if (!possessive) return name;
  if (lang === 'zh') return `${name}的`;
  return name === 'you' ? 'your' : `${name}'s`;
}

/** A log's key in words: 庄家（dealer） / the dealer ('dealer'); an unknown key quoted as it is. */
export function fieldWords(key, lang) {
  const names = Object.hasOwn(LOG_FIELDS, key) ? LOG_FIELDS[key] : null;
  if (lang === 'zh') return names ? `${names[0]}（${key}）` : `“${key}”`;
  return names ? `${names[1]} ('${key}')` : `'${key}'`;
}

/** Where in a log a problem is: the whole record (null), or one hand (0-based): 第2局 / hand 2. */
export function whereWords(hand, lang) {
  if (hand === null || hand === undefined) return lang === 'zh' ? '这份记录' : 'the record';
  return lang === 'zh' ? `第${hand + 1}局` : `hand ${hand + 1}`;
}

function waitWords(tile, left, zh) {
  if (zh) return `${tileWords(tile, 'zh')}×${left}`;
  return `${tileWords(tile, 'en')} (${left ? `${left} left` : 'none left'})`;
}

/** Points with one decimal, as Python's format(value, '.1f') writes them (the engine sends them rounded). */
function decimal(value, signed) {
  const v = Number(value);
  const negative = v < 0 || Object.is(v, -0);
  const text = Math.abs(v).toFixed(1);
  return negative ? `-${text}` : `${signed ? '+' : ''}${text}`;
}

/**
 * A reason in words: `reason` is {code, params} as the engine sends it, `lang` 'zh' or 'en', `viewer` the
 * seat the words are for (the human). Throws on a code it does not know (a test keeps it in step).
 */
export function reasonText(reason, lang, viewer = null, raw = false) {
  const zh = lang === 'zh';
  const template = TEMPLATES[reason.code];
  if (!template) throw new Error(`unknown reason code ${JSON.stringify(reason.code)}`);
  const values = {};
  for (const [key, value] of Object.entries(reason.params || {})) {
    if (SEAT_KEYS.has(key)) {
      values[key] = seatWords(value, lang, viewer);
      values[`${key}_s`] = seatWords(value, lang, viewer, true);
    } else if (TILE_KEYS.has(key)) values[key] = tileWords(value, lang);
    else if (key === 'tiles') values[key] = value.map((t) => tileWords(t, lang)).join(zh ? '、' : ' or ');
    else if (key === 'waits' || key === 'some_waits') {
      const items = value.map(([t, n]) => waitWords(t, n, zh));
      if (zh) values[key] = items.join('、');
      else if (key === 'waits' && items.length > 1) values[key] = `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
      else values[key] = items.join(', ');
    }
    else if (key === 'action') values[key] = ACTION_WORDS[value].noun[zh ? 0 : 1];
    else if (key === 'state') values[key] = STATES[value];
    else if (key === 'field') values[key] = fieldWords(String(value), lang);
    else if (key === 'where') values[key] = whereWords(value, lang);
    else if (key === 'why') values[key] = reasonText(value, lang, viewer, true);
    else if (key.endsWith('_ev')) values[key] = decimal(value, true);
    else if (key.endsWith('_pts') || key.endsWith('_est')) values[key] = decimal(value, false);
    else values[key] = String(value);
  }
  const text = template[zh ? 0 : 1].replace(FIELD, (_, k, one, many) => {
    const word = values[k];
    if (one === undefined) return word;
    return `${word} ${word === '1' ? one : many}`;
  });
  return zh || raw ? text : gloss(text);
}

/** A decision's grounds (a list of reasons) in one sentence, as the engine joins them (reasons.words). */
export function groundsText(parts, lang, viewer = null) {
  if (lang === 'zh') return (parts || []).map((p) => reasonText(p, lang, viewer)).join('，');
  return gloss((parts || []).map((p) => reasonText(p, lang, viewer, true)).join('; '));
}
