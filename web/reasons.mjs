// Reasons in a player's words, from the engine's {code, params} (hzmj_core/reasons.py): why an action is not
// allowed (a refusal), why a bot or a hint chose its action (the grounds, a list of parts), why a game log,
// rule options, a saved game or a request at the table is refused, and why a certificate code (验证码) does not
// verify or a ladder file is refused (the 考级 pages). Pure: no DOM, no state.
//
// Only a renderer: the sentences, the action names and how each param is worded (seats, lists, waits, numbers)
// are the engine's tables, generated into engine-words.mjs (`python3 -m builder.words`); Reason.text in Python
// is the same renderer over the same tables, and tests/engine/test_reasons.py words every code with both.
//
//   import {reasonText, groundsText} from './reasons.mjs';
//   reasonText({code: 'chow_ban', params: {tiles: ['4m', '7m']}}, 'zh', humanSeat)  // "吃后限打：这一轮不能打四万、七万"
//   groundsText([{code: 'far', params: {shanten: 1, useful: 1}}], 'en', 0)          // "1 tile from ready, 1 useful tile"

import {ACTION_WORDS, FIELD_WORDS, GROUNDS_JOIN, LIST_JOINS, LOG_FIELDS, PARAM_KINDS, SEAT_WORDS, STATE_WORDS,
  SUFFIX_KINDS, TEMPLATES, TILE_WORDS, WAIT_WORDS, WHERE_WORDS} from './engine-words.mjs';
import {gloss} from './glossary.mjs';
import {fill} from './page.mjs';

export {ACTION_WORDS, LOG_FIELDS, TEMPLATES};

/** Every code this module words (the engine's hzmj_core.reasons.CODES). */
export const CODES = Object.freeze(Object.keys(TEMPLATES));

/**
 * An engine error's message for a player: the Python exception's class name ("LogError: ", with or without
 * its module path) taken off the front, so that only what was wrong remains.
 */
export function plainMessage(err) {
  return String(err && err.message || err).replace(/^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?:Error|Exception): /, '');
}

const words = (lang) => (lang === 'zh' ? 'zh' : 'en');

/** A tile (notation, '*' ignored) in words in language `lang`: "三筒" / "3 of Dots"; an unknown one as it is. */
export function tileWords(tile, lang) {
  const names = TILE_WORDS[String(tile).replace('*', '')];
  return names ? names[lang === 'zh' ? 0 : 1] : String(tile);
}

/** A seat relative to `viewer` (你/下家/对家/上家, you/Right/Across/Left); S0-S3 when viewer is null. */
export function seatWords(seat, lang, viewer = null, possessive = false) {
  const table = SEAT_WORDS[words(lang)];
  if (viewer === null || viewer === undefined) return fill(table.absolute[possessive ? 1 : 0], {seat});
  return table[possessive ? 'possessive' : 'plain'][(((seat - viewer) % 4) + 4) % 4];
}

/** A log's key in words: 庄家（dealer） / the dealer ('dealer'); an unknown key quoted as it is. */
export function fieldWords(key, lang) {
  const names = Object.hasOwn(LOG_FIELDS, key) ? LOG_FIELDS[key] : null;
  const [known, other] = FIELD_WORDS[words(lang)];
  return names ? fill(known, {name: names[lang === 'zh' ? 0 : 1], key}) : fill(other, {key});
}

/** Where in a log a problem is: the whole record (null), or one hand (0-based): 第2局 / hand 2. */
export function whereWords(hand, lang) {
  const [record, one] = WHERE_WORDS[words(lang)];
  return hand === null || hand === undefined ? record : fill(one, {hand: hand + 1});
}

function joined(items, key, lang) {
  const [between, last] = LIST_JOINS[words(lang)][key];
  return items.length > 1 ? `${items.slice(0, -1).join(between)}${last}${items.at(-1)}` : items.join('');
}

/** Points with one decimal, as Python's format(value, '.1f') writes them (the engine sends them rounded). */
function decimal(value, signed) {
  const v = Number(value);
  const negative = v < 0 || Object.is(v, -0);
  const text = Math.abs(v).toFixed(1);
  return negative ? `-${text}` : `${signed ? '+' : ''}${text}`;
}

function kindOf(key) {
  if (Object.hasOwn(PARAM_KINDS, key)) return PARAM_KINDS[key];
  const hit = SUFFIX_KINDS.find(([end]) => key.endsWith(end));
  return hit ? hit[1] : '';
}

/**
 * A reason in words: `reason` is {code, params} as the engine sends it, `lang` 'zh' or 'en', `viewer` the
 * seat the words are for (the human). Throws on a code it does not know (a test keeps it in step).
 */
export function reasonText(reason, lang, viewer = null, raw = false) {
  const zh = lang === 'zh';
  const template = Object.hasOwn(TEMPLATES, reason.code) ? TEMPLATES[reason.code] : null;
  if (!template) throw new Error(`unknown reason code ${JSON.stringify(reason.code)}`);
  const values = {};
  for (const [key, value] of Object.entries(reason.params || {})) {
    const kind = kindOf(key);
    if (kind === 'seat') {
      values[key] = seatWords(value, lang, viewer);
      values[`${key}_s`] = seatWords(value, lang, viewer, true);
    } else if (kind === 'tile') values[key] = tileWords(value, lang);
    else if (kind === 'tiles') values[key] = joined(value.map((t) => tileWords(t, lang)), key, lang);
    else if (kind === 'waits') {
      const [some, none] = WAIT_WORDS[words(lang)];
      values[key] = joined(value.map(([t, n]) => fill(Number(n) ? some : none, {tile: tileWords(t, lang), left: n})),
        key, lang);
    } else if (kind === 'action') values[key] = ACTION_WORDS[value].noun[zh ? 0 : 1];
    else if (kind === 'state') values[key] = STATE_WORDS[value];
    else if (kind === 'field') values[key] = fieldWords(String(value), lang);
    else if (kind === 'where') values[key] = whereWords(value, lang);
    else if (kind === 'why') values[key] = reasonText(value, lang, viewer, true);
    else if (kind === 'signed' || kind === 'decimal') values[key] = decimal(value, kind === 'signed');
    else values[key] = String(value);
  }
  const text = fill(template[zh ? 0 : 1], values, (key) => `{${key}}`);
  return zh || raw ? text : gloss(text);
}

/** A decision's grounds (a list of reasons) in one sentence, as the engine joins them (reasons.words); `seen`
 *  holds the terms already glossed on this screen (glossary.mjs). */
export function groundsText(parts, lang, viewer = null, seen = undefined) {
  if (lang === 'zh') return (parts || []).map((p) => reasonText(p, lang, viewer)).join(GROUNDS_JOIN.zh);
  return gloss((parts || []).map((p) => reasonText(p, lang, viewer, true)).join(GROUNDS_JOIN.en), seen);
}
