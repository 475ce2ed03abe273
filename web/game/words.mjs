// Engine facts in a player's words: actions ("下家 吃 三四五条"), payment reasons and errors.
// Nothing here decides a rule; it only names what the engine reports, in the current language.

import {getLang, seatName, t, tileName} from '../i18n.mjs';
import {eventAction, isClaim} from '../actions.mjs';
import {ACTION_WORDS, groundsText, reasonText} from '../reasons.mjs';
import {gloss} from '../glossary.mjs';
import {PAYMENT_WORDS} from '../engine-words.mjs';

/** One action ({seat, type, tiles} as the engine lists it) as a sentence: "下家 打出 六万" / "Right discarded the
 *  6 of Characters"; a pong or kong names its tile once ("Left ponged the 2 of Characters"), a chow the two tiles
 *  it shows from the hand ("Right chowed with the 3 and 4 of Bamboo"), or with `claimed` the tile it took ("Right
 *  chowed the 5 of Bamboo"). */
export function actionWords(action, human = 0, claimed = false) {
  const en = getLang() === 'en';
  const words = ACTION_WORDS[action.type];
  const verb = words ? words.done[en ? 1 : 0] : action.type;
  const tiles = tilesWords(action.tiles || [], en);
  const joiner = en && action.type === 'chow' && !claimed ? ' with ' : ' ';
  return `${[seatName(action.seat, human), verb].join(' ')}${tiles ? joiner + tiles : ''}`;
}

/** What a table event says in words ("Left discarded the 1 of Dots", "下家 碰 二万"), or '' for other events. */
export function eventWords(ev, human = 0) {
  const type = eventAction(ev);
  if (type === 'discard' || isClaim(type)) {
    return actionWords({seat: ev.seat, type, tiles: ev.tile ? [ev.tile] : []}, human, true);
  }
  return '';
}

/** Tiles in words, each kind once: "the 2 of Characters", "the 3 and 4 of Bamboo" / "三条四条". */
function tilesWords(tiles, en) {
  const kinds = [...new Set(tiles.map((x) => x.replace('*', '')))];
  if (!kinds.length) return '';
  if (!en) return kinds.map(tileName).join('');
  const suits = new Set(kinds.map((k) => (/^[1-9][mps]$/.test(k) ? k[1] : k)));
  if (kinds.length > 1 && suits.size === 1 && /^[1-9][mps]$/.test(kinds[0])) {
    const suit = tileName(kinds[0]).replace(/^[1-9] of /, '');
    return `the ${kinds.map((k) => k[0]).join(' and ')} of ${suit}`;
  }
  return `the ${kinds.map(tileName).join(' and the ')}`;
}

/**
 * An action as advice, in the current language: "打三筒" / "Discard the 3 of Dots", "碰东" / "Pong the East wind".
 * `claimTile` is the discard a chow, pong or exposed kong takes (the action lists only the hand's tiles);
 * a discard of `wildTile` is named as the 财神 it is; `seen` holds the terms already glossed on this screen.
 */
export function actionAdvice(action, claimTile = null, wildTile = null, seen = undefined) {
  const en = getLang() === 'en';
  const words = ACTION_WORDS[action.type];
  if (!words) return action.type;
  const tile = isClaim(action.type) && claimTile ? claimTile : (action.tiles || [])[0];
  let name = tile ? tileName(tile) : '';
  if (action.type === 'discard' && wildTile && tile === wildTile) name = '财神';
  const text = words.advice[en ? 1 : 0].replace('{tile}', name);
  return en ? gloss(text, seen) : text;
}

/** Why a seat pays, in words (the engine's scoring.PAYMENT_WORDS). */
export function payReason(payment) {
  const names = Object.hasOwn(PAYMENT_WORDS, payment.reason) ? PAYMENT_WORDS[payment.reason] : null;
  if (!names) return payment.reason_zh || payment.reason;
  return names[getLang() === 'en' ? 1 : 0];
}

/**
 * An engine refusal or failure as a player reads it: a refusal the engine explains with a reason
 * ({code, params}: an illegal action, a log, rule options or a saved game it cannot take, a table's refusal)
 * is worded by reasons.mjs for the human seat; any other refusal (one only a faulty page can cause) gives
 * the engine's own words (what was wrong, where) after a sentence that says the engine refused, without the
 * class name and cut short.
 */
export function playerError(err, viewer = 0) {
  // a friends table's link to the host (web/net/): lost, or the host slow to answer
  if (err && err.key) return t(`net.${err.key}`, err.vars || {});
  if (err && err.reason) {
    try {
      return reasonText(err.reason, getLang(), viewer);
    } catch (e) {
      console.warn(e);
    }
  }
  const said = String(err && err.message || err || '').replace(/^[A-Za-z]*Error: /, '').trim();
  console.warn('engine:', said);
  if (!said || (err && err.fatal)) return t('engine_refused');
  // Every refusal a player can meet carries a reason (above); what is left is a request only a faulty page
  // makes, shown with the engine's own words after a sentence in the player's language (never sorted by them).
  return t('engine_said', {msg: said.length > 240 ? `${said.slice(0, 239)}…` : said, kind: t('refused')});
}

/** Why `tile` may not be discarded now, from the reasons the engine lists in the hints; null if none says. */
export function discardBlockedWords(state, tile) {
  const blocked = (state.hints && state.hints.blocked) || [];
  const hit = blocked.find((b) => b.params && (b.params.tile === tile || (b.params.tiles || []).includes(tile)))
    || blocked.find((b) => b.code === 'zhuada');
  return hit ? reasonWords(hit, state.seat) : null;
}

/**
 * A reason the engine lists ({code, params}, e.g. in hints.blocked) worded by reasons.mjs for `viewer`;
 * the engine's own sentence only for a code this page does not know yet.
 */
export function reasonWords(reason, viewer) {
  try {
    return reasonText(reason, getLang(), viewer);
  } catch (e) {
    console.warn(e);
    return (getLang() === 'en' ? reason.en : reason.zh) || t('engine_refused');
  }
}

/** A decision's grounds ({code, params} parts from the engine) in the current language, seats named for `viewer`. */
export function groundsWords(why, viewer = 0, seen = undefined) {
  try {
    return groundsText(why || [], getLang(), viewer, seen);
  } catch (e) {
    console.warn(e);
    return '';
  }
}

/**
 * The hint's suggestion as advice, worded here from the engine's action and grounds:
 * "打二万 — 差 4 张听牌，有效牌 31 张" / "Discard the 2 of Characters — 4 tiles from ready, 31 useful tiles".
 */
export function adviceWords(suggestion, claimTile = null, viewer = 0, wildTile = null) {
  const out = suggestion.action ? actionAdvice(suggestion.action, claimTile, wildTile) : '';
  const grounds = groundsWords(suggestion.why, viewer);
  return grounds ? `${out}${out ? ' — ' : ''}${grounds}` : out;
}
