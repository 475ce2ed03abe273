// Engine facts in a player's words: actions ("下家 吃 三四五条"), payment reasons and errors.
// Nothing here decides a rule; it only names what the engine reports, in the current language.

import {getLang, seatName, t, tileName} from '../i18n.mjs';
import {reasonText} from '../reasons.mjs';

const VERBS = {
  discard: ['打出', 'discarded'], win: ['胡', 'won'], concealed_kong: ['暗杠', 'declared a concealed kong of'],
  added_kong: ['加杠', 'added a kong of'], chow: ['吃', 'chowed'], pong: ['碰', 'ponged'],
  exposed_kong: ['杠', 'konged'], pass: ['过', 'passed'],
};

/** One action ({seat, type, tiles} as the engine lists it) as a sentence: "下家 打出 六万" / "Right discarded 6 Characters". */
export function actionWords(action, human = 0) {
  const en = getLang() === 'en';
  const verb = (VERBS[action.type] || [action.type, action.type])[en ? 1 : 0];
  const tiles = (action.tiles || []).map(tileName).join(en ? ', ' : '');
  return [seatName(action.seat, human), verb, tiles].filter(Boolean).join(' ');
}

const PAY_REASONS = {
  share: ['分摊', 'share of a self-draw'], discarder: ['放铳', 'discarded the winning tile'],
  konger: ['被拉杠', 'kong robbed'], chengbao: ['三摊承包', 'liable: three claims (承包)'],
  dao_chengbao: ['倒承包', 'liable: claimed three times (倒承包)'],
};

/** Why a seat pays, in words. */
export function payReason(payment) {
  const names = PAY_REASONS[payment.reason];
  if (!names) return payment.reason_zh || payment.reason;
  return names[getLang() === 'en' ? 1 : 0];
}

/**
 * An engine refusal or failure as a player reads it: a refusal the engine explains with a reason
 * ({code, params}) is worded by reasons.mjs for the human seat; any other refusal gives the engine's own
 * words (what was wrong, where), without the class name and cut short.
 */
export function playerError(err, viewer = 0) {
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
  // the engine's own words name what was wrong (a log's hand, action and rule); long input is not echoed.
  // In Chinese they come after what kind of problem it is, in Chinese.
  return t('engine_said', {msg: said.length > 240 ? `${said.slice(0, 239)}…` : said,
    kind: t(`refused.${refusalKind(said)}`)});
}

// What kind of refusal the engine's (English) words describe, for the sentence before them.
const REFUSAL_KINDS = [
  ['size', /too large|characters long|larger than/], ['json', /JSON|UTF-8|missing key|wrong type|format/],
  ['version', /version/], ['action', /illegal|malformed action|action \d+/], ['option', /option/],
  ['result', /differs|result/],
];

function refusalKind(said) {
  const hit = REFUSAL_KINDS.find(([, re]) => re.test(said));
  return hit ? hit[0] : 'other';
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

const ADVICE = {
  discard: ['打出', 'Discard'], win: ['胡', 'Win'], concealed_kong: ['暗杠', 'Kong'], added_kong: ['加杠', 'Add a kong of'],
  chow: ['吃', 'Chow'], pong: ['碰', 'Pong'], exposed_kong: ['杠', 'Kong'], pass: ['过', 'Pass'],
};

/** The hint's suggestion as advice: "打出 二万 — 向听 4，有效牌 31 张" / "Discard 2 Characters — 4 from ready, …". */
export function adviceWords(suggestion) {
  const en = getLang() === 'en';
  const a = suggestion.action;
  let out = '';
  if (a) {
    const verb = (ADVICE[a.type] || [a.type, a.type])[en ? 1 : 0];
    out = [verb, (a.tiles || []).map(tileName).join(en ? ', ' : '')].filter(Boolean).join(' ');
  }
  const reason = en ? suggestion.reason_en : suggestion.reason_zh;
  // the engine's reason starts with the action, then its grounds after the first separator
  const grounds = String(reason || '').split(/[:：，,]\s*/).slice(1).join(en ? ', ' : '，');
  if (grounds) out += `${out ? ' — ' : ''}${grounds}`;
  return out;
}
