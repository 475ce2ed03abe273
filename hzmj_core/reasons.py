"""Reasons in one value: why an action is not allowed, and why a bot (or a hint) chose its action.

A reason is a stable ``code`` and JSON-ready ``params`` (tiles in notation, seats 0-3, counts, expected points).
Several families share the value and the wording:

* refusals (:data:`REFUSAL_CODES`): the engine (:meth:`hzmj_core.round.Round.explain_illegal`,
  :meth:`~hzmj_core.round.Round.why_no_claim`) says why an action is not allowed;
* grounds (:data:`GROUND_CODES`): a bot's :class:`~hzmj_core.bots.base.Decision` says why it chose its action,
  as a few parts (what was compared, with its figures), never restating the action itself, so a page can put
  the action in its own words in front ("Discard the 3 of Dots — 2 tiles from ready, 31 useful tiles");
* log problems (:data:`LOG_CODES`): why a game log cannot be replayed (:class:`hzmj_core.log.LogError`), naming
  the hand, the key and the step, so that a refused import reads in the player's language.
* option problems (:data:`OPTION_CODES`): why rule options are refused (:class:`hzmj_core.options.OptionsError`);
* save problems (:data:`SAVE_CODES`): why a saved game cannot be resumed, with what is damaged as a nested
  reason (a save problem, an option problem or a log problem);
* table refusals (:data:`TABLE_CODES`): what a table refuses a player besides an illegal action (a stale view,
  a seat the bot plays for now, a request at the wrong moment).

This module holds every code and its Chinese and English wording, and how each param is worded, as data
(:meth:`Reason.text` renders them for the command line and ``webapi``). The page words the same
``{code, params}`` with ``web/reasons.mjs``, a renderer of the same tables, generated into
``web/engine-words.mjs`` by ``python3 -m builder.words``; ``tests/engine/test_reasons.py`` words every code with
both and requires the same text.

Params by key: ``tile``/``other_tile`` a tile, ``tiles`` a list of tiles, ``waits`` a list of ``[tile, count]`` (all the
waits: "A, B or C"; ``some_waits`` the first few: "A, B"),
``seat``/``current``/``owner``/``discarder`` a seat, ``action`` an action type, ``state`` ``"baotou"`` or
``"qike"``; a key ending in ``_ev`` is expected points, worded signed with one decimal (+2.5), ``_pts`` points
and ``_est`` an estimate, both with one decimal; ``field`` a log's or a save's key (:data:`LOG_FIELDS`),
``where`` a hand of a log (0-based) or ``None`` for the whole record, ``why`` a nested reason
(``{code, params}``); any other key is a whole number or a short text shown as it is. Seats are named relative
to a viewer (你/下家/对家/上家, you/Right/Across/Left), or ``S0``-``S3`` without one; a template may also use
``{seat_s}``, the possessive (你的 / your, Right's). ``{count|tile|tiles}`` words a count with its noun in the
singular or the plural (1 tile, 3 tiles).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import ACTION_WORDS, ActionType
from .glossary import gloss
from .tiles import TILE_NAMES

SEAT_KEYS = ("seat", "current", "owner", "discarder")
TILE_KEYS = ("tile", "other_tile")

_REFUSALS: dict[str, tuple[str, str]] = {
    "hand_over": ("这一局已经结束", "the hand is over"),
    "not_your_turn": ("现在轮到{current}出牌", "it is {current_s} turn"),
    "own_discard": ("{seat}打出的牌，自己不能要", "{seat} discarded this tile and cannot claim it"),
    "already_declared": ("{seat}已经选择了{action}", "{seat} already declared {action}"),
    "no_claim": ("{seat}不能要这张牌", "no claim on this discard for {seat}"),
    "not_in_hand": ("{seat}手里没有{tile}", "{tile} is not in {seat_s} hand"),
    "not_offered": ("现在不能{action}", "{action} is not possible now"),
    "zhuada": ("抓打：{owner}打了财神，只能自摸、暗杠或打出刚摸到的{tile}",
               "{owner} discarded a 财神, so under 抓打 only a self-draw win, a concealed kong or "
               "discarding the tile just drawn ({tile})"),
    "freeze_added_kong": ("抓打期间不能加杠", "no added kong while 抓打 lasts"),
    "freeze_no_claim": ("抓打期间不能吃碰杠，也不能胡别人打的牌",
                        "no claims and no discard wins while 抓打 lasts"),
    "chow_ban": ("吃后限打：这一轮不能打{tiles}", "吃后限打: {tiles} may not be discarded this turn"),
    "chow_all_banned": ("吃了以后手里只剩不能打的牌，不能吃",
                        "that chow would leave only tiles that may not be discarded"),
    "no_win_after_claim": ("吃碰之后的这次出牌不能胡", "no win right after a chow or pong"),
    "not_a_win": ("这手牌现在不能胡", "the hand is not a win now"),
    "no_win_with_tile": ("{tile}凑不成胡牌", "the {tile} does not complete the hand"),
    "kong_final": ("牌墙只剩{remaining}张：剩{limit}张或更少时不能开杠",
                   "only {remaining} tiles left: no kongs with {limit} or fewer in the wall"),
    "final_claim": ("最后{limit}张：打出的牌只能被胡，不能吃碰杠",
                    "last {limit} tiles: a discard may only be won on, not claimed"),
    "wildcard_claim": ("财神打出后不能吃、碰、杠，也不能胡", "a discarded 财神 cannot be claimed or won on"),
    "chow_not_next": ("只有{discarder}的下家可以吃", "only the next player after {discarder} may chow"),
    "no_chow_shape": ("凑不成有{tile}的顺子", "no run with the {tile}"),
    "no_pair": ("手里没有一对{tile}", "no pair of the {tile} in hand"),
    "loupeng": ("漏碰：放过了碰{tile}，自己出牌前不能再碰",
                "漏碰: a pong of the {tile} was passed, so none until the next discard"),
    "louhu": ("漏胡：放过了胡{tile}，自己出牌前不能再胡",
              "漏胡: a win on the {tile} was passed, so none until the next discard"),
    "tan_cap": ("摊数已满：已经吃碰{discarder}{count}次（上限{cap}）",
                "摊 limit: already {count} claims on {discarder}, the most allowed"),
    "no_discard_win_streak": ("庄家{streak}老庄，未到{min}老庄不能胡别人打的牌，只能自摸",
                              "streak {streak}: discard wins need {min} 老庄, so self-draw only"),
    "non_dealers": ("闲家之间不能胡对方打的牌", "no discard wins between two non-dealers"),
    "baotou_no_discard_win": ("{state}状态不能胡别人打的牌，只能自摸",
                              "in {state} state no win on a discard, only a self-draw"),
    "must_baotou": ("有财必暴头：手里有财神不能胡别人打的牌", "有财必暴头: no win on a discard while holding a 财神"),
}

_GROUNDS: dict[str, tuple[str, str]] = {
    # what a win, a kong or an only choice rests on
    "win": ("胡牌", "the hand wins"),
    "win_on_discard": ("胡别人打的牌", "a win on the discard"),
    "win_ends_game": ("胡了就结束比赛，而且{seat}领先", "the win ends the game with {seat} in the lead"),
    "win_last_tiles": ("墙只剩 {remaining} 张，马上胡", "only {remaining|tile|tiles} left in the wall: win now"),
    "gangbao": ("开杠保住暴头，杠上摸什么都胡（杠暴）", "the kong keeps 暴头: any replacement tile wins as 杠暴"),
    "piao": ("财神飘：留着暴头，下一张摸到就胡", "飘 with the 财神: 暴头 stays, and the next draw wins"),
    "piao_fan": ("财神飘：下一张摸到就胡 {fan} 番", "飘 with the 财神: the next draw wins {fan} fan"),
    "decline_baotou": ("不胡，等暴头", "declining the win to wait in 暴头"),
    "decline_baotou_fan": ("不胡，等暴头（{fan} 番）", "declining the win to wait in 暴头 for {fan} fan"),
    "beats_win": ("期望 {best_ev} 分，胜过现在胡的 {win_ev} 分",
                  "{best_ev} points expected, more than winning now ({win_ev})"),
    "wall_left": ("墙还有 {remaining} 张", "{remaining|tile|tiles} left in the wall"),
    "kong_keeps_shape": ("开杠不影响牌型，还多摸一张", "the kong keeps the hand as good, with one more draw"),
    "only_discard": ("只能打这张", "the only tile that may be discarded"),
    "only_discard_freeze": ("抓打：只能打这张", "抓打 allows only this tile"),
    "only_wildcards": ("只剩财神可打", "only wildcards are left to discard"),
    "random": ("随便选的", "a random choice"),
    # the shape a discard or a claim leaves
    "any_draw_wins": ("{state}状态，摸什么都胡", "in {state} state any draw wins"),
    "waits": ("听{waits}（共 {total} 张）", "waiting on {waits}: {total|tile|tiles} in all"),
    "waits_more": ("听{some_waits}等（共 {total} 张）",
                   "waiting on {some_waits} or {more|other tile|other tiles}: {total|tile|tiles} in all"),
    "far": ("差 {shanten} 张听牌，有效牌 {useful} 张",
            "{shanten|tile|tiles} from ready, {useful|useful tile|useful tiles}"),
    "shanten": ("差 {shanten} 张听牌", "{shanten|tile|tiles} from ready"),
    "ready": ("听牌", "the hand is ready"),
    "claimable": ("其中可碰 {pong} 张、可吃 {chow} 张", "{pong} of them can be ponged, {chow} chowed"),
    "claimable_pong": ("其中可碰 {pong} 张", "{pong} of them can be ponged"),
    "claimable_chow": ("其中可吃 {chow} 张", "{chow} of them can be chowed"),
    "baotou_kept": ("财神留作暴头（{draws} 张牌摸到更近暴头）",
                    "the 财神 kept free for 暴头, which {draws|tile brings|tiles bring} nearer"),
    # what was compared
    "best_of": ("{count} 个选择中期望最高（{best_ev} 分）", "the best of {count} choices ({best_ev} points expected)"),
    "best_ahead": ("算上下一张摸牌，{count} 个选择中期望最高（{best_ev} 分）",
                   "counting the next draw, the best of {count} choices ({best_ev} points expected)"),
    "defence": ("防守：{tile}放铳风险 {risk_pts} 分，{other_tile} {other_pts} 分",
                "defence: {tile} risks {risk_pts} points of a deal-in, {other_tile} {other_pts}"),
    "defence_live": ("防守：3老可放铳，{tile}更安全",
                     "defence: discard wins are live at streak 3, and {tile} is safer"),
    "fold_wildcard": ("财神不能被胡；别的牌中最安全的{other_tile}也有 {risk_pts} 分的放铳风险",
                      "nobody can win on a 财神, and even the safest other tile, {other_tile}, risks {risk_pts} "
                      "points of a deal-in"),
    # claims
    "nothing_to_claim": ("没有可要的牌", "nothing to claim"),
    "claim_no_help": ("要{tile}无益", "taking the {tile} does not help"),
    "claim_closer": ("离听牌更近", "closer to ready"),
    "claim_wider": ("离听牌一样远，有效牌从 {before} 张增到 {after} 张",
                    "as far from ready, but {after|useful tile|useful tiles} instead of {before}"),
    "claim_nearer_baotou": ("离听牌一样远，财神留作暴头，离暴头从差 {before} 张到差 {after} 张",
                            "as far from ready, and nearer 暴头 with the 财神 free ({after} away instead of {before})"),
    "third_tan": ("{seat}第三次吃碰{discarder}就要承包",
                  "a third claim on {discarder} would make {seat} liable under 承包"),
    "pairs_qike": ("七客状态，摸什么都胡（4 倍），要{tile}会拆掉七对",
                   "in 七客 state any draw wins at ×4; taking the {tile} would break the seven pairs"),
    "pairs_ready": ("七对已听牌，要{tile}会拆掉七对", "ready as seven pairs; taking the {tile} would break them"),
    "expected": ("期望 {best_ev} 分，{samples} 次推演", "{best_ev} points expected over {samples|sample|samples}"),
    "best_of_plain": ("{count} 个选择中最好", "the best of {count} choices"),
    "best_ahead_plain": ("算上下一张摸牌，{count} 个选择中最好", "counting the next draw, the best of {count} choices"),
    "feed_third_tan": ("{seat}已吃碰{discarder}两摊，打{tile}喂第三摊就要{discarder}承包（约 {risk_pts} 分）",
                       "two claims already by {seat} on {discarder}; feeding a third with the {tile} would make "
                       "{discarder} liable under 承包, about {risk_pts} points"),
    "wildcard_defence": ("防守：财神不能被胡，别的牌都可能放铳；其中最好的{other_tile}算上 {risk_pts} 分放铳风险期望 "
                         "{other_ev} 分，打财神 {best_ev} 分",
                         "defence: nobody can win on a 财神, while every other tile can deal in; the best of them, "
                         "{other_tile}, is worth {other_ev} points after {risk_pts} points of risk, giving up the "
                         "财神 {best_ev}"),
}
"""Why a bot chose its action: the parts of a :class:`~hzmj_core.bots.base.Decision`'s reason."""

_LOG_PROBLEMS: dict[str, tuple[str, str]] = {
    # where a log is worded: {where} the record or one of its hands, {field} one of its keys, {event} a step
    "log_json": ("文件不是有效的 JSON 对局记录", "the file is not a valid JSON game record"),
    "log_json_at": ("文件不是有效的 JSON：第 {line} 行第 {column} 列有错",
                    "the file is not valid JSON: a mistake at line {line}, column {column}"),
    "log_json_number": ("文件里有 JSON 不允许的数（NaN、Infinity 或超过 {max} 位的整数）",
                        "the file holds a number JSON does not allow (NaN, Infinity or a whole number of more than "
                        "{max} digits)"),
    "log_json_limits": ("文件太大，或者嵌套太深", "the file is too large or nested too deep"),
    "log_not_object": ("{where}不是 JSON 对象", "{where} is not a JSON object"),
    "log_format": ("这不是杭州麻将的对局记录（format 应为 hzmj-log）",
                   "this is not an hzmj game record ('format' must be 'hzmj-log')"),
    "log_version": ("记录的格式版本 {value} 不受支持（这个版本只读 {supported}）",
                    "record format version {value} is not supported (this version reads {supported})"),
    "log_kind": ("{where}的种类（kind）{value} 不对，应为 {expected}",
                 "{where} is of kind {value}, not {expected}"),
    "log_missing": ("{where}缺少{field}", "{field} is missing in {where}"),
    "log_wrong_type": ("{where}的{field}类型不对", "{field} has the wrong type in {where}"),
    "log_points": ("{where}的分数（points）应是 4 个整数", "the points ('points') in {where} must be 4 whole numbers"),
    "log_range": ("{where}的{field}应在 {low} 到 {high} 之间，记录里是 {value}",
                  "{field} in {where} must be from {low} to {high}, not {value}"),
    "log_seed": ("{where}的种子（seed）应是 0 到 2^64−1 之间的整数",
                 "the seed ('seed') in {where} must be a whole number from 0 to 2⁶⁴ − 1"),
    "log_option_unknown": ("{where}有未知的规则选项“{option}”", "{where} has an unknown rule option '{option}'"),
    "log_option_range": ("{where}的规则选项{option_zh}（{option}）应是 1 到 {max} 的整数，记录里是 {value}",
                         "the rule option {option_en} ('{option}') in {where} must be a whole number from 1 to "
                         "{max}, not {value}"),
    "log_option_choice": ("{where}的规则选项{option_zh}（{option}）不能是 {value}",
                          "{value} is not a choice of the rule option {option_en} ('{option}') in {where}"),
    "log_option_differs": ("{where}的规则选项{option_zh}（{option}）与整场比赛的不同：一场比赛的规则不变",
                           "the rule option {option_en} ('{option}') in {where} differs from the match's: the "
                           "rules are fixed for a whole game"),
    "log_no_wall": ("{where}既没有种子（seed）也没有牌墙（wall）",
                    "{where} has neither a seed ('seed') nor a wall ('wall')"),
    "log_wall_tile": ("{where}的牌墙第 {index} 张 {value} 不是牌名",
                      "tile {index} of the wall in {where}, {value}, is not a tile name"),
    "log_wall_count": ("{where}的牌墙应有 {want} 张牌，记录里有 {count} 张",
                       "the wall in {where} must hold {want} tiles, not {count}"),
    "log_wall_tiles": ("{where}的牌墙应有 {want} 张{tile}，记录里有 {count} 张",
                       "the wall in {where} must hold {want} × {tile}, not {count}"),
    "log_action_text": ("{where}的第{event}步不是文字（应像 S1 discard 5m 这样写）",
                        "step {event} of {where} is not a move as the record writes one"),
    "log_action_malformed": ("{where}的第{event}步 {value} 不是一个动作",
                             "step {event} of {where}, {value}, is not a move"),
    "log_action_illegal": ("{where}的第{event}步不合规则（{seat}{action}）：{why}",
                           "step {event} of {where} ({seat_s} {action}) breaks the rules: {why}"),
    "log_result_early": ("{where}记录了结果，但动作在这一局结束前就停了",
                         "{where} records a result, but its moves stop before the hand is over"),
    "log_result_differs": ("{where}重放的结果与记录的不符（{field}），文件可能被改过",
                           "the replayed result of {where} differs from the recorded one at {field}: the file may "
                           "have been edited"),
    "log_match_differs": ("{where}的{field}与比赛重放出来的不符，文件可能被改过",
                          "{field} in {where} differs from what the match gives: the file may have been edited"),
    "log_after_end": ("比赛在{where}之前已经结束，记录却还在继续",
                      "the game ended before {where}, but the record goes on"),
    "log_unfinished": ("{where}没有记录结果，却不是最后一局",
                       "{where} has no recorded result but is not the last hand"),
    "log_no_hands": ("这份比赛记录里一局也没有", "this match record holds no hand"),
    "log_seedless": ("这份记录没有种子，只能回放，不能接着打",
                     "this record has no seed: it can be replayed, not continued"),
    "log_not_match": ("这是一局的记录，不是一场比赛的", "this is the record of one hand, not of a match"),
}
"""Why a game log cannot be replayed: the first problem found, named by hand, key and step."""

_OPTION_PROBLEMS: dict[str, tuple[str, str]] = {
    # {option} the key, {option_zh}/{option_en} its names, {value} the value refused as short JSON text
    "option_not_object": ("规则选项应是一组选项和取值（JSON 对象）", "the rule options must be a JSON object"),
    "option_unknown": ("没有“{option}”这个规则选项", "there is no rule option '{option}'"),
    "option_range": ("规则选项{option_zh}（{option}）应是 1 到 {max} 的整数，不能是 {value}",
                     "the rule option {option_en} ('{option}') must be a whole number from 1 to {max}, not {value}"),
    "option_choice": ("规则选项{option_zh}（{option}）不能是 {value}",
                      "{value} is not a choice of the rule option {option_en} ('{option}')"),
}
"""Why a set of rule options is refused (:class:`hzmj_core.options.OptionsError`): the option and its value."""

_SAVE_PROBLEMS: dict[str, tuple[str, str]] = {
    # a saved game (存档) the engine cannot resume; {why} says what is damaged: a problem below, of the
    # options or of the game log inside it
    "save_format": ("存档不是这个版本能读的格式", "the save is not in a format this version reads"),
    "save_version": ("存档来自另一个版本的游戏（存档格式 {value}，这个版本只读 {supported}）",
                     "the save is from another version of the game (save format {value}; this version reads "
                     "{supported})"),
    "save_damaged": ("存档已损坏，{why}", "the save is damaged: {why}"),
    "save_json": ("内容读不出来（不是有效的 JSON，或者太长）", "its text cannot be read (not valid JSON, or too long)"),
    "save_missing": ("缺少{field}", "it lacks {field}"),
    "save_wrong": ("{field}有误", "something is wrong with {field}"),
    "save_away": ("交给机器人代打的座位不是玩家的座位", "a seat handed to the bot is not a player's seat"),
    "save_other_game": ("里面的对局记录是另一局的（规则或种子不同）",
                        "its game record is of another game (the rules or the seed differ)"),
}
"""Why a saved game cannot be resumed (:meth:`hzmj_core.session.GameSession.restore`)."""

_TABLE_REFUSALS: dict[str, tuple[str, str]] = {
    # what a table (一桌) refuses a player that is not a rule of the game
    "table_moved": ("牌桌已经变了，请看清现在的牌局再选", "the table has moved on; look again and choose"),
    "bot_plays": ("现在由机器人替{seat}打", "the bot plays for {seat} now"),
    "game_over": ("这场比赛已经结束", "the game is over"),
    "hand_not_over": ("这一局还没有结束", "the hand is not over yet"),
    "hints_off": ("这一桌不给提示", "hints are off at this table"),
    "ranked_no_hint": ("排位赛中没有提示和建议，比赛结束后可以复盘",
                       "a ranked match has no hints or suggestions; review it once the match is over"),
    "ranked_no_review": ("排位赛结束后才能复盘", "a ranked match can be reviewed once it is over"),
    "export_hand_end": ("一局打完才能导出对局记录", "the game record is given at the end of a hand"),
    "no_finished_hand": ("还没有打完的一局", "no hand is finished yet"),
}
"""Why a table refuses a request of a player (:class:`hzmj_core.session.SessionError`) other than an illegal
action: a stale view, a seat the bot plays for now, a request at the wrong moment."""

_EXAM_PROBLEMS: dict[str, tuple[str, str]] = {
    # a certificate code (验证码) that does not verify
    "cert_empty": ("没有输入验证码", "no code was entered"),
    "cert_characters": ("验证码里有证书验证码不会有的字符：它只由大写字母和数字 2 到 7 组成",
                        "the code has characters a certificate code never has: only the letters A to Z and the "
                        "digits 2 to 7"),
    "cert_length": ("验证码的长度不对，请检查是否少抄或多抄了字符",
                    "the code has the wrong length: check that no character is missing or extra"),
    "cert_short": ("验证码太短，不是完整的证书验证码", "the code is too short to be a certificate code"),
    "cert_cut_short": ("验证码不完整，缺了一段", "the code is cut short: part of it is missing"),
    "cert_damaged": ("验证码有误或被改动过（校验不符）：请对照证书逐个字符核对",
                     "the code is damaged or was changed (its check does not match): compare it with the "
                     "certificate character by character"),
    "cert_version": ("这个验证码是第 {value} 版的格式，本页只能核验到第 {supported} 版",
                     "the code is of format version {value}; this page verifies versions up to {supported}"),
    "cert_date_form": ("证书日期应写成 年-月-日（例如 2026-12-08），不是 {value}",
                       "a certificate date is written YYYY-MM-DD, not {value}"),
    "cert_date_early": ("证书日期 {date} 早于 {first}：请检查这台设备的日期",
                        "the certificate date {date} is before {first}: check this device's date"),
    "cert_date_future": ("证书日期 {date} 晚于今天（{today}）：不能为将来的日子发证书",
                         "the certificate date {date} is after today ({today}): no certificate is dated in the "
                         "future"),
    "cert_date_range": ("验证码里的日期超出了公元 9999 年", "the date in the code is past the year 9999"),
    "cert_level": ("验证码里的级别（编号 {value}）这个版本不认识",
                   "the code names a level this version does not know (number {value})"),
    "cert_left_over": ("验证码末尾多出了内容", "the code has something left over at its end"),
    "cert_is_ladder": ("这是升级赛段位证书的验证码：请同时选择它的对局文件再验证",
                       "this is a ladder certificate: verify it together with its match file"),
    "cert_is_exam": ("这是考试证书的验证码，不是段位证书：不要选对局文件，直接验证",
                     "this is an exam certificate, not a ladder one: verify it without a match file"),
    "cert_seed": ("验证码里的考题种子超出范围", "the exam seed in the code is out of range"),
    "cert_answers_over": ("验证码里的答案比这场考试的题目还多",
                          "the code carries more answers than the exam has questions"),
    "cert_name": ("名字和证书上的不一致", "the name does not match the one on the certificate"),
    "cert_below_pass": ("这个验证码里的答案只答对 {score} / {total} 题，不到及格线 {pass_mark} 题",
                        "the answers in this code score {score} of {total}, below the pass mark of {pass_mark}"),
    "cert_file_differs": ("这份对局文件不是颁发这张证书时的那一份（内容不同）",
                          "this match file is not the one the certificate was issued for (its contents differ)"),
    "cert_grade_short": ("对局文件里的比赛只达到业余 {best} 级，不到证书上的业余 {grade} 级",
                         "the matches in the file reach Amateur grade {best} only, not Amateur grade {grade}"),
    # a match file of the 升级赛 ladder: {match} the match (1-based), {event} the player's move in it (1-based)
    "ladder_file_json": ("对局文件读不出来（不是有效的 JSON，或者太大）",
                         "the match file cannot be read (not valid JSON, or too large)"),
    "ladder_file": ("这不是升级赛的对局文件：没有对局列表（matches）",
                    "this is not a ladder match file: it has no list of matches ('matches')"),
    "ladder_match": ("第 {match} 场不是一条对局记录（应有种子、对手和你的每一步）",
                     "match {match} is not a match record (a seed, the opponents and your moves)"),
    "ladder_seed": ("第 {match} 场的种子（seed）应是 0 到 2^64−1 之间的整数",
                    "the seed ('seed') of match {match} must be a whole number from 0 to 2⁶⁴ − 1"),
    "ladder_match_fields": ("第 {match} 场缺少对手水平或你的每一步",
                            "match {match} lacks the opponents' level or the list of your moves"),
    "ladder_wrong_level": ("第 {match} 场的对手是{played_zh}，但业余 {grade} 级的对手是{want_zh}",
                           "match {match} was played against {played_en}, but at Amateur grade {grade} the "
                           "opponents are {want_en}"),
    "ladder_moves_end": ("第 {match} 场还没打完，你的动作就没有了",
                         "your moves in match {match} end before the match does"),
    "ladder_not_yours": ("第 {match} 场你的第 {event} 步是{seat}的动作",
                         "your move {event} in match {match} is a move of {seat}"),
    "ladder_malformed": ("第 {match} 场你的第 {event} 步不是一个动作",
                         "your move {event} in match {match} is not a move"),
    "ladder_illegal": ("第 {match} 场你的第 {event} 步（{action}）不合规则：{why}",
                       "your move {event} in match {match} ({action}) breaks the rules: {why}"),
    "ladder_no_end": ("第 {match} 场重放到最后也没有结束", "match {match} does not end when replayed"),
    "ladder_moves_over": ("第 {match} 场已经结束，后面却还有你的动作",
                          "match {match} is over, but moves of yours are left after it"),
    "ladder_profile": ("对局文件没有段位档案的种子（profile），或者它不是 0 到 2^64−1 的整数："
                       "这是排位赛串起来之前的记录，它的比赛不能发证书",
                       "the match file has no profile seed ('profile'), or it is not a whole number from 0 to "
                       "2⁶⁴ − 1: a record from before ranked matches were chained cannot be certified"),
    "ladder_chain": ("第 {match} 场的种子不是接在上一场后面发的那一副（有比赛被删掉、重复或挑选过）",
                     "the seed of match {match} is not the deal the ladder gave after the match before it (a "
                     "match was left out, repeated or picked)"),
    "ladder_hints": ("第 {match} 场是开着提示打的：开提示的比赛不算排位",
                     "match {match} was played with hints on: a match with hints does not count as ranked"),
    "ladder_hints_unsaid": ("第 {match} 场没有写明提示是否关闭（hints）",
                            "match {match} does not say whether hints were off ('hints')"),
    "ladder_placement": ("第 {match} 场记录的名次是 {said}，重放得到的却是第 {placed} 名",
                         "match {match} says placement {said}, but replayed it places {placed}"),
    # the ladder record the page keeps (升级赛记录), imported from a file
    "ladder_record_json": ("文件读不出来（不是有效的 JSON，或者太大）",
                           "the file cannot be read (not valid JSON, or too large)"),
    "ladder_record": ("这不是升级赛记录：应有版本号 1 或 2（version）和对局列表（matches）",
                      "this is not a ladder record: it needs version 1 or 2 ('version') and a list of matches "
                      "('matches')"),
    "ladder_record_placement": ("第 {match} 场的名次应是 1 到 4，记录里是 {value}",
                                "the placement of match {match} must be from 1 to 4, not {value}"),
    "ladder_record_no_placement": ("第 {match} 场没有名次（placement）：应是 1 到 4 的整数",
                                   "match {match} has no placement ('placement'): a whole number from 1 to 4"),
    # an exam this version cannot give
    "exam_level": ("这个版本没有这一级考试（{value}）", "this version has no exam of that level ({value})"),
}
"""Why a certificate code does not verify (:class:`hzmj_core.exam.certificate.CodeError`), why a ladder match file
or record is refused (:class:`hzmj_core.exam.ladder.LadderError`), and an exam level this version does not
know (:class:`hzmj_core.exam.base.ExamError`)."""

_DAILY_PROBLEMS: dict[str, tuple[str, str]] = {
    # a 每日挑战 date or result code that is refused
    "daily_date_form": ("日期要写成 年-月-日，例如 2026-03-15", "a date is written year-month-day, e.g. 2026-03-15"),
    "daily_date_early": ("每日挑战从 {first} 开始，没有更早的日子",
                         "the daily challenge starts on {first}: there is no earlier day"),
    "daily_code_empty": ("没有输入成绩码", "no result code was entered"),
    "daily_code_characters": ("成绩码里有它不会有的字符：只有字母、数字、- 和 _",
                              "the result code has characters it never has: only letters, digits, - and _"),
    "daily_code_length": ("成绩码的长度不对，请检查是否少抄或多抄了字符",
                          "the result code has the wrong length: check that no character is missing or extra"),
    "daily_code_short": ("成绩码太短，不是完整的成绩码", "the result code is too short to be one"),
    "daily_code_cut_short": ("成绩码不完整，缺了一段", "the result code is cut short: part of it is missing"),
    "daily_code_damaged": ("成绩码有误或被改动过（校验不符）", "the result code is damaged or was changed (its check "
                           "does not match)"),
    "daily_code_version": ("这个成绩码是第 {value} 版的格式，本版本只能核验第 {supported} 版",
                           "the result code is of format version {value}; this version verifies version {supported}"),
    "daily_code_day": ("成绩码里的日期不是每日挑战的日子", "the date in the result code is not a day of the challenge"),
    "daily_code_name": ("成绩码里的名字不是有效的文字", "the name in the result code is not valid text"),
    "daily_not_over": ("四局还没有打完", "the four deals are not played yet"),
    "daily_code_left_over": ("四局打完后成绩码里还多出了选择", "the result code has choices left over after the four "
                             "deals"),
}
"""Why a 每日挑战 date or result code is refused (:class:`hzmj_core.daily.DailyError`,
:class:`hzmj_core.daily.DailyCodeError`)."""

_TEMPLATES = {**_REFUSALS, **_GROUNDS, **_LOG_PROBLEMS, **_OPTION_PROBLEMS, **_SAVE_PROBLEMS, **_TABLE_REFUSALS,
              **_EXAM_PROBLEMS, **_DAILY_PROBLEMS}

REFUSAL_CODES: tuple[str, ...] = tuple(_REFUSALS)
"""Every code the engine gives for an action it does not allow."""
GROUND_CODES: tuple[str, ...] = tuple(_GROUNDS)
"""Every code a bot gives for its choice."""
LOG_CODES: tuple[str, ...] = tuple(_LOG_PROBLEMS)
"""Every code the engine gives for a game log it cannot replay (:class:`hzmj_core.log.LogError`)."""
OPTION_CODES: tuple[str, ...] = tuple(_OPTION_PROBLEMS)
"""Every code the engine gives for rule options it refuses (:class:`hzmj_core.options.OptionsError`)."""
SAVE_CODES: tuple[str, ...] = tuple(_SAVE_PROBLEMS)
"""Every code the engine gives for a saved game it cannot resume."""
TABLE_CODES: tuple[str, ...] = tuple(_TABLE_REFUSALS)
"""Every code a table gives for a request it refuses that is not an illegal action."""
EXAM_CODES: tuple[str, ...] = tuple(_EXAM_PROBLEMS)
"""Every code the 考级 pages' refusals give: a certificate code that does not verify, a ladder file refused."""
DAILY_CODES: tuple[str, ...] = tuple(_DAILY_PROBLEMS)
"""Every code of a refused 每日挑战 date or result code."""
CODES: tuple[str, ...] = tuple(_TEMPLATES)
"""Every code (the page words each of them from ``web/engine-words.mjs``)."""
_PLAIN = {"best_of": "best_of_plain", "best_ahead": "best_ahead_plain"}
_FIGURES_ONLY = frozenset({"beats_win", "expected"})

_ZH_RANK = "一二三四五六七八九"
_SUITS = {"m": ("万", "Characters"), "p": ("筒", "Dots"), "s": ("条", "Bamboo")}
_HONOURS = {"E": ("东", "East wind"), "S": ("南", "South wind"), "W": ("西", "West wind"), "N": ("北", "North wind"),
            "C": ("红中", "Red dragon"), "F": ("发财", "Green dragon"), "P": ("白板", "White dragon")}
LOG_FIELDS: dict[str, tuple[str, str]] = {
    "format": ("格式", "the format"), "version": ("版本", "the version"), "kind": ("种类", "the kind"),
    "options": ("规则选项", "the options"), "seed": ("种子", "the seed"), "wall": ("牌墙", "the wall"),
    "dealer": ("庄家", "the dealer"), "streak": ("老庄数", "the streak"), "points": ("分数", "the points"),
    "actions": ("动作", "the moves"), "result": ("结果", "the result"), "hands": ("各局", "the hands"),
    "first_dealer": ("首局庄家", "the first dealer"), "summary": ("总结", "the summary"),
    # a saved game's own keys (the rest of a save is its options, seed and game log)
    "level": ("对手水平", "the opponents' level"), "human": ("你的座位", "your seat"),
    "humans": ("玩家的座位", "the players' seats"), "timer": ("计时", "the turn timer"),
    "hints": ("提示设置", "the hints setting"), "away": ("机器人代打的座位", "the seats the bot plays for"),
    "log": ("对局记录", "the game record"),
}
"""A game log's and a saved game's keys as players name them (the ``field`` of a log or save problem); any
other key is shown as it is."""

# How a reason's params are worded, as data: the page's renderer (web/reasons.mjs) reads the same tables from
# web/engine-words.mjs (generated from this module by builder/words.py), so each wording rule is written once.
PARAM_KINDS: dict[str, str] = {
    **{key: "seat" for key in ("seat", "current", "owner", "discarder")},
    "tile": "tile", "other_tile": "tile", "tiles": "tiles", "waits": "waits", "some_waits": "waits",
    "action": "action", "state": "state", "field": "field", "where": "where", "why": "why",
}
"""How a param is worded, by its key (any other key: by :data:`SUFFIX_KINDS`, else shown as it is)."""
SUFFIX_KINDS: tuple[tuple[str, str], ...] = (("_ev", "signed"), ("_pts", "decimal"), ("_est", "decimal"))
"""A key's ending → how its number is worded: ``signed`` (+2.5) or ``decimal`` (2.5), one decimal."""
SEAT_WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "zh": {"plain": ("你", "下家", "对家", "上家"), "possessive": ("你的", "下家的", "对家的", "上家的"),
           "absolute": ("S{seat}", "S{seat}的")},
    "en": {"plain": ("you", "Right", "Across", "Left"), "possessive": ("your", "Right's", "Across's", "Left's"),
           "absolute": ("S{seat}", "S{seat}'s")},
}
"""Seats by their place from the viewer (0 the viewer, 1 the next...), plain and possessive; ``absolute`` the
(plain, possessive) pattern for a seat named without a viewer."""
LIST_JOINS: dict[str, dict[str, tuple[str, str]]] = {
    "zh": {"tiles": ("、", "、"), "waits": ("、", "、"), "some_waits": ("、", "、")},
    "en": {"tiles": (" or ", " or "), "waits": (", ", " or "), "some_waits": (", ", ", ")},
}
"""How a list param is joined, by key: (between items, before the last)."""
WAIT_WORDS: dict[str, tuple[str, str]] = {
    "zh": ("{tile}×{left}", "{tile}×{left}"), "en": ("{tile} ({left} left)", "{tile} (none left)"),
}
"""One wait of ``waits``: (some tiles left, none left)."""
WHERE_WORDS: dict[str, tuple[str, str]] = {"zh": ("这份记录", "第{hand}局"), "en": ("the record", "hand {hand}")}
"""Where in a log: (the whole record, one hand counted from 1)."""
FIELD_WORDS: dict[str, tuple[str, str]] = {"zh": ("{name}（{key}）", "“{key}”"), "en": ("{name} ('{key}')", "'{key}'")}
"""A log's key: (one of :data:`LOG_FIELDS`, any other key)."""
STATE_WORDS: dict[str, str] = {"baotou": "暴头", "qike": "七客"}
"""The ``state`` param (the same Chinese term in both languages; English glosses it)."""
GROUNDS_JOIN: dict[str, str] = {"zh": "，", "en": "; "}
"""Between the parts of a decision's grounds."""
_FIELD = re.compile(r"\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}")


def fill(template: str, values: Mapping[str, object]) -> str:
    """``template`` with each ``{key}`` replaced by ``values[key]``, and ``{key|one|many}`` by the value and its
    noun in the singular (the value is 1) or the plural: "{n|tile|tiles}" → "1 tile", "3 tiles"."""

    def one(m: re.Match[str]) -> str:
        word = str(values[m.group(1)])
        if m.group(2) is None:
            return word
        return f"{word} {m.group(2) if word == '1' else m.group(3)}"

    return _FIELD.sub(one, template)


def _lang(lang: str) -> str:
    return "zh" if lang == "zh" else "en"


def field_words(key: str, lang: str) -> str:
    """A log's key in words: 庄家（dealer） / the dealer ('dealer'); an unknown key quoted as it is."""
    names = LOG_FIELDS.get(key)
    known, other = FIELD_WORDS[_lang(lang)]
    return fill(known, {"name": names[0 if lang == "zh" else 1], "key": key}) if names else fill(other, {"key": key})


def where_words(hand: int | None, lang: str) -> str:
    """Where in a log a problem is: the whole record, or one hand (``hand`` 0-based): 第2局 / hand 2."""
    record, one = WHERE_WORDS[_lang(lang)]
    return record if hand is None else fill(one, {"hand": hand + 1})


def _joined(items: Sequence[str], key: str, lang: str) -> str:
    between, last = LIST_JOINS[_lang(lang)][key]
    return between.join(items[:-1]) + last + items[-1] if len(items) > 1 else "".join(items)


def tile_words(tile: str, lang: str) -> str:
    """A tile (notation, a trailing ``*`` ignored) as players say it: 三筒 / 3 of Dots, 东 / East wind."""
    i = 0 if lang == "zh" else 1
    face = tile.rstrip("*")
    if face in _HONOURS:
        return _HONOURS[face][i]
    suit = _SUITS[face[1]][i]
    return f"{_ZH_RANK[int(face[0]) - 1]}{suit}" if i == 0 else f"{face[0]} of {suit}"


def tile_names(kind: int) -> tuple[str, str]:
    """A tile kind (0-33) in words in both languages: ("五筒", "5 of Dots"), ("东", "East wind")."""
    name = TILE_NAMES[kind]
    return tile_words(name, "zh"), tile_words(name, "en")


def bot_seat_words(seat: int, viewer: int) -> tuple[str, str]:
    """Another seat as a bot at ``viewer`` names it in its reasons, in both languages (下家 / Right...)."""
    return seat_words(seat, "zh", viewer), seat_words(seat, "en", viewer)


def seat_words(seat: int, lang: str, viewer: int | None = None, possessive: bool = False) -> str:
    """A seat relative to the viewer (你/下家/对家/上家, you/Right/Across/Left), or ``S0``-``S3`` without one."""
    table = SEAT_WORDS[_lang(lang)]
    if viewer is None:
        return fill(table["absolute"][1 if possessive else 0], {"seat": seat})
    return table["possessive" if possessive else "plain"][(seat - viewer) % 4]


def _number(value: object, signed: bool) -> str:
    return f"{float(value):+.1f}" if signed else f"{float(value):.1f}"  # type: ignore[arg-type]


@dataclass(frozen=True)
class Reason:
    """Why something is not allowed, or why a bot chose its action: a code from :data:`CODES` and its JSON-ready
    parameters."""

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.code not in _TEMPLATES:
            raise ValueError(f"unknown reason code {self.code!r}")

    def text(self, lang: str = "en", viewer: int | None = None, glossed: bool = True) -> str:
        """The reason in words, ``lang`` ``"zh"`` or ``"en"``; seats relative to ``viewer`` when given; the
        English with its Chinese terms as glossed pinyin (:func:`~hzmj_core.glossary.gloss`) unless not ``glossed``."""
        zh = lang == "zh"
        values: dict[str, str] = {}
        for key, value in self.params.items():
            kind = PARAM_KINDS.get(key) or next((k for end, k in SUFFIX_KINDS if key.endswith(end)), "")
            if kind == "seat":
                values[key] = seat_words(int(value), lang, viewer)
                values[key + "_s"] = seat_words(int(value), lang, viewer, possessive=True)
            elif kind == "tile":
                values[key] = tile_words(str(value), lang)
            elif kind == "tiles":
                values[key] = _joined([tile_words(str(t), lang) for t in value], key, lang)
            elif kind == "waits":
                some, none = WAIT_WORDS[_lang(lang)]
                values[key] = _joined([fill(some if int(n) else none, {"tile": tile_words(str(t), lang), "left": n})
                                       for t, n in value], key, lang)
            elif kind == "action":
                values[key] = ACTION_WORDS[ActionType(value)].noun[0 if zh else 1]
            elif kind == "state":
                values[key] = STATE_WORDS[str(value)]
            elif kind == "field":
                values[key] = field_words(str(value), lang)
            elif kind == "where":
                values[key] = where_words(None if value is None else int(value), lang)
            elif kind == "why":
                values[key] = Reason(str(value["code"]), value.get("params", {})).text(lang, viewer, glossed=False)
            elif kind in ("signed", "decimal"):
                values[key] = _number(value, kind == "signed")
            else:
                values[key] = str(value)
        text = fill(_TEMPLATES[self.code][0 if zh else 1], values)
        return gloss(text) if glossed and not zh else text

    def zh(self, viewer: int | None = None) -> str:
        """The reason in Chinese."""
        return self.text("zh", viewer)

    def en(self, viewer: int | None = None) -> str:
        """The reason in English."""
        return self.text("en", viewer)

    def to_json(self) -> dict[str, Any]:
        """``{"code": ..., "params": {...}}``, what the page words with ``web/reasons.mjs``."""
        return {"code": self.code, "params": dict(self.params)}

    def worded(self, viewer: int | None = None) -> dict[str, Any]:
        """:meth:`to_json` with the Chinese and English text added (``zh``, ``en``)."""
        return {**self.to_json(), "zh": self.zh(viewer), "en": self.en(viewer)}

    def __str__(self) -> str:
        return self.en()


def because(code: str, **params: Any) -> Reason:
    """A :class:`Reason` from keyword params: ``because("far", shanten=2, useful=31)``."""
    return Reason(code, params)


def shown(value: object, limit: int = 24) -> str:
    """A refused value as short JSON text, for a reason's params (a reason names it, never echoes kilobytes)."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = type(value).__name__
    return text if len(text) <= limit else f"{text[:limit - 1]}…"


def points(value: float) -> float:
    """Expected points as a reason carries them: one decimal, never ``-0.0``."""
    return round(value, 1) + 0.0


def words(parts: Sequence[Reason], lang: str = "en", viewer: int | None = None) -> str:
    """Several reasons (a decision's grounds) in one sentence: 差 2 张听牌，有效牌 31 张，财神留作暴头 /
    2 tiles from ready, 31 useful tiles; the 财神 kept free for 暴头."""
    if lang == "zh":
        return GROUNDS_JOIN["zh"].join(p.text(lang, viewer) for p in parts)
    return gloss(GROUNDS_JOIN["en"].join(p.text("en", viewer, glossed=False) for p in parts))


def without_figures(parts: Sequence[Reason]) -> tuple[Reason, ...]:
    """A decision's grounds without the bot's own expected points (what a review shows beside the values both
    choices got on the same samples): "the best of 3 choices (+1.2 points expected)" becomes "the best of 3
    choices", a part that is only figures goes."""
    out: list[Reason] = []
    for p in parts:
        if p.code in _PLAIN:
            out.append(Reason(_PLAIN[p.code], {"count": p.params["count"]}))
        elif p.code not in _FIGURES_ONLY:
            out.append(p)
    return tuple(out) or tuple(parts)


PAYMENT_EN: dict[str, str] = {"share": "its share", "discarder": "all of T for discarding the winning tile",
                            "konger": "all of T, its kong robbed", "chengbao": "all of T under 三摊承包",
                            "dao_chengbao": "twice T under 倒承包"}
"""Why a seat pays (a :class:`~hzmj_core.scoring.PaymentReason` value), in English words (after "pays 16, …")."""

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def power_of_two(n: int) -> str:
    """2 to the power ``n`` as written in a sum: "2³"."""
    return "2" + str(n).translate(_SUPERSCRIPT)
