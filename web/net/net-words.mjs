// A friends table's refusals in the player's language: a code that cannot be read, a reply for another seat or an
// older invitation, a connection that does not open (a NetError's key, worded from i18n's 'net.<key>'), or the
// engine's refusal (its reason, worded by playerError). Never the browser's or the engine's English.

import {seatName, t} from '../i18n.mjs';
import {playerError} from '../game/words.mjs';

/**
 * What went wrong and what to do, as a sentence without its final stop.
 * @param {Error & {key?: string, vars?: object, reason?: object}} err   a NetError/CodeError (codes.mjs) with its
 *   key and vars, an engine error (bridge.mjs) with its reason, or anything else
 * @param {number} me   the seat of this page's player (seats in the words are named from it)
 */
export function netWords(err, me = 0) {
  if (err && err.key) {
    const vars = {...(err.vars || {})};
    if (vars.seat !== undefined) vars.who = seatName(vars.seat, me);
    return t(`net.${err.key}`, vars);
  }
  if (err && err.reason) {
    const text = playerError(err, me);
    return text.charAt(0).toUpperCase() + text.slice(1);
  }
  console.warn('hzmj friends:', err);
  return t('net.unknown');
}
