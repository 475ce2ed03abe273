// The action groups in one home: which button family (group) each of the engine's action types belongs to, the
// families' labels and order (the engine's, from engine-words.mjs), their keyboard keys (the page's), and what a
// table event is as an action. The dock, the hand's buttons, the keyboard, motion, sound and words read it here.

import {ACTION_GROUPS, ACTION_WORDS} from './engine-words.mjs';

/** The button families in the order the dock shows them ('win', 'kong', 'pong', 'chow', 'pass', 'discard'). */
export const GROUPS = Object.freeze(ACTION_GROUPS.map(([group]) => group));

const LABELS = Object.fromEntries(ACTION_GROUPS);

/** A family's label on its button, in `lang`: 胡 / Win, 杠 / Kong, 打出 / Discard. */
export function groupLabel(group, lang) {
  const label = LABELS[group];
  return label ? label[lang === 'en' ? 1 : 0] : group;
}

/** Where a family's button stands on the dock (its place in GROUPS). */
export function groupOrder(group) {
  return GROUPS.indexOf(group);
}

/** The keys that press a family's button, the first shown on it ("Space" for pass); 1-3 pick one of several
 *  chows ('chow1'...), N the next hand. */
const KEYS = {win: ['H', 'W'], kong: ['K', 'G'], pong: ['P'], chow: ['C'], pass: ['Space', 'X', 'Escape'],
  next: ['N'], chow1: ['1'], chow2: ['2'], chow3: ['3']};

/** The key a family's button shows ("H", "Space"), or undefined. */
export function groupKey(group) {
  return (KEYS[group] || [])[0];
}

/** The family (or 'next', 'chow1'-'chow3') a key of a keydown event (`event.key`, any case) presses, or undefined. */
export function groupOfKey(key) {
  const name = key === ' ' ? 'space' : String(key).toLowerCase();
  return Object.keys(KEYS).find((group) => KEYS[group].some((k) => k.toLowerCase() === name));
}

/**
 * The action type a table event stands for ('discard', 'chow', 'pong', 'exposed_kong', 'concealed_kong',
 * 'added_kong', 'win'), or null for an event that is no action (a draw, the deal). A kong is one event type
 * `kong` with its `kind` ('exposed_kong' or 'exposed', ...); an older log's own `exposed_kong` event type is read
 * the same way.
 */
export function eventAction(ev) {
  if (!ev) return null;
  if (ev.type === 'kong') {
    const kind = String(ev.kind || (ev.from !== undefined ? 'exposed' : 'concealed'));
    return kind.endsWith('_kong') ? kind : `${kind}_kong`;
  }
  return Object.hasOwn(ACTION_WORDS, ev.type) && ev.type !== 'pass' ? ev.type : null;
}

/** The button family of a table event's action ('discard', 'chow', 'pong', 'kong', 'win'), or null. */
export function eventGroup(ev) {
  const type = eventAction(ev);
  return type && Object.hasOwn(ACTION_WORDS, type) ? ACTION_WORDS[type].group : null;
}

/** Whether an action type takes another seat's discard into a meld (chow, pong, exposed kong). */
export function isClaim(type) {
  return Object.hasOwn(ACTION_WORDS, type) && ACTION_WORDS[type].claim;
}

/** Whether a table event makes a meld: a claim (chow, pong, exposed kong) or a kong of the seat's own. */
export function isMeldEvent(ev) {
  const group = eventGroup(ev);
  return group === 'chow' || group === 'pong' || group === 'kong';
}
