// Words a reason the engine gave for refusing an action ({code, params}, from hzmj_core/reasons.py) in
// Chinese or English. Pure: no DOM, no state. The sentences are the engine's own (Reason.text); a test
// (tests/e2e/test_reasons_js.py) words every engine code here and in Python and requires the same text.
//
//   import {reasonText} from './reasons.mjs';
//   reasonText({code: 'chow_ban', params: {tiles: ['4m', '7m']}}, 'zh', humanSeat)  // "吃后限打：这一轮不能打四万、七万"
//
// Params by key: tile (notation), tiles (list), seat/current/owner/discarder (0-3, named relative to the
// viewer: 你/下家/对家/上家, you/Right/Across/Left), action (an action type), state ('baotou' | 'qike');
// anything else is a number. `{seat_s}` in a template is the possessive (你的, your / Right's).

import {tileWords} from './i18n.mjs';

const TEMPLATES = {
  hand_over: ['这一局已经结束', 'the hand is over'],
  not_your_turn: ['现在轮到{current}出牌', 'it is {current_s} turn'],
  own_discard: ['{seat}打出的牌，自己不能要', '{seat} discarded this tile and cannot claim it'],
  already_declared: ['{seat}已经选择了{action}', '{seat} already declared {action}'],
  no_claim: ['{seat}不能要这张牌', 'no claim on this discard for {seat}'],
  not_in_hand: ['{seat}手里没有{tile}', '{tile} is not in {seat_s} hand'],
  not_offered: ['现在不能{action}', '{action} is not possible now'],
  zhuada: ['抓打：{owner}打了财神，只能自摸、暗杠或打出刚摸到的{tile}',
    '抓打 freeze ({owner} discarded a wildcard): only a self-draw win, a concealed kong or discarding ' +
    'the tile just drawn ({tile})'],
  freeze_added_kong: ['抓打期间不能加杠', 'no 加杠 (added kong) while the 抓打 freeze lasts'],
  freeze_no_claim: ['抓打期间不能吃碰杠，也不能胡别人打的牌', 'no claims and no discard wins while the 抓打 freeze binds'],
  chow_ban: ['吃后限打：这一轮不能打{tiles}', 'after a chow, {tiles} may not be discarded this turn (吃后限打)'],
  chow_all_banned: ['吃了以后手里只剩不能打的牌，不能吃', 'that chow would leave only tiles that may not be discarded'],
  no_win_after_claim: ['吃碰之后的这次出牌不能胡', 'no win right after a chow or pong'],
  not_a_win: ['这手牌现在不能胡', 'the hand is not a win now'],
  no_win_with_tile: ['{tile}凑不成胡牌', '{tile} does not complete the hand'],
  kong_final: ['牌墙只剩{remaining}张：剩{limit}张或更少时不能开杠',
    'only {remaining} tiles left: no kongs with {limit} or fewer in the wall'],
  final_claim: ['最后{limit}张：打出的牌只能被胡，不能吃碰杠', 'last {limit} tiles: a discard may only be won on, not claimed'],
  wildcard_claim: ['财神打出后不能吃、碰、杠，也不能胡', 'a discarded wildcard (财神) cannot be claimed or won on'],
  chow_not_next: ['只有{discarder}的下家可以吃', 'only the next player after {discarder} may chow'],
  no_chow_shape: ['凑不成有{tile}的顺子', 'no run with {tile}'],
  no_pair: ['手里没有一对{tile}', 'no pair of {tile} in hand'],
  loupeng: ['漏碰：放过了碰{tile}，自己出牌前不能再碰', '漏碰: a pong of {tile} was passed; not again before discarding'],
  louhu: ['漏胡：放过了胡{tile}，自己出牌前不能再胡', '漏胡: a win on {tile} was passed; not again before discarding'],
  tan_cap: ['摊数已满：已经吃碰{discarder}{count}次（上限{cap}）', '摊 cap: already {count} claims on {discarder} (cap {cap})'],
  no_discard_win_streak: ['庄家{streak}老庄，未到{min}老庄不能胡别人打的牌，只能自摸',
    'streak {streak}: no discard wins below {min} 老庄, self-draw only'],
  non_dealers: ['闲家之间不能胡对方打的牌', 'no discard wins between two non-dealers'],
  baotou_no_discard_win: ['{state}状态不能胡别人打的牌，只能自摸', 'in {state} state no win on a discard, only a self-draw'],
  must_baotou: ['有财必暴头：手里有财神不能胡别人打的牌', '有财必暴头: no discard win while holding a wildcard'],
};

/**
 * An engine error's message for a player: the Python exception's class name ("LogError: ", with or without
 * its module path) taken off the front, so that only what was wrong remains.
 */
export function plainMessage(err) {
  return String(err && err.message || err).replace(/^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception): /, '');
}

/** Every code this module words (the engine's hzmj_core.reasons.CODES). */
export const CODES = Object.freeze(Object.keys(TEMPLATES));

const SEATS = {zh: ['你', '下家', '对家', '上家'], en: ['you', 'Right', 'Across', 'Left']};
const ACTIONS = {
  discard: ['打牌', 'discard'], win: ['胡', 'win'], concealed_kong: ['暗杠', 'concealed kong'],
  added_kong: ['加杠', 'added kong'], chow: ['吃', 'chow'], pong: ['碰', 'pong'],
  exposed_kong: ['直杠', 'exposed kong'], pass: ['过', 'pass'],
};
const STATES = {baotou: '暴头', qike: '七客'};
const SEAT_KEYS = new Set(['seat', 'current', 'owner', 'discarder']);

/** A seat relative to `viewer` (你/下家/对家/上家, you/Right/Across/Left); S0-S3 when viewer is null. */
export function seatWords(seat, lang, viewer = null, possessive = false) {
  const name = viewer === null || viewer === undefined ? `S${seat}`
    : SEATS[lang === 'zh' ? 'zh' : 'en'][(((seat - viewer) % 4) + 4) % 4];
  if (!possessive) return name;
  if (lang === 'zh') return `${name}的`;
  return name === 'you' ? 'your' : `${name}'s`;
}

/**
 * A reason in words: `reason` is {code, params} as the engine sends it, `lang` 'zh' or 'en', `viewer` the
 * seat the words are for (the human). Throws on a code it does not know (a test keeps it in step).
 */
export function reasonText(reason, lang, viewer = null) {
  const zh = lang === 'zh';
  const template = TEMPLATES[reason.code];
  if (!template) throw new Error(`unknown reason code ${JSON.stringify(reason.code)}`);
  const values = {};
  for (const [key, value] of Object.entries(reason.params || {})) {
    if (SEAT_KEYS.has(key)) {
      values[key] = seatWords(value, lang, viewer);
      values[`${key}_s`] = seatWords(value, lang, viewer, true);
    } else if (key === 'tile') values[key] = tileWords(value, lang);
    else if (key === 'tiles') values[key] = value.map((t) => tileWords(t, lang)).join(zh ? '、' : ' or ');
    else if (key === 'action') values[key] = ACTIONS[value][zh ? 0 : 1];
    else if (key === 'state') values[key] = STATES[value];
    else values[key] = String(value);
  }
  return template[zh ? 0 : 1].replace(/\{(\w+)\}/g, (_, k) => values[k]);
}
