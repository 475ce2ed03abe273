// Verify a certificate code offline: the engine regenerates and regrades the exam (or replays the ladder's match
// file) and says VALID or NOT VALID with its reason, in the player's language (the engine's {code, params},
// worded by reasons.mjs). A VALID says in plain words what was checked and what an offline certificate cannot
// prove (who answered or played, under what clock), whether the name was checked, and when the code is of the
// old format whose name check is weaker: never more certainty than the check gives.
import {el} from '../tutorial/ui.mjs';
import {getLang, pick, refusalWords, t} from './i18n.mjs';
import {today} from './store.mjs';
import {cleanName} from '../names.mjs';

export function verifyView(view, ctx, code = '') {
  const codeIn = el('input', {type: 'text', id: 'v-code', value: code, autocomplete: 'off', spellcheck: 'false',
    maxlength: '200'});
  const nameIn = el('input', {type: 'text', id: 'v-name', maxlength: '60'});
  const fileIn = el('input', {type: 'file', id: 'v-file', accept: '.json,application/json'});
  const out = el('div', {id: 'v-result', 'aria-live': 'polite'});
  const go = el('button', {type: 'button', class: 'primary', id: 'v-go'}, t('verify_go'));
  go.addEventListener('click', async () => {
    go.disabled = true;
    try {
      const file = fileIn.files && fileIn.files[0] ? await fileIn.files[0].text() : null;
      const name = cleanName(nameIn.value, 60) || null;
      let res;
      try {
        res = await ctx.call('exam_verify', {code: codeIn.value, name, file, today: today()});
      } catch (err) {
        console.warn('exam_verify:', err);
        res = {valid: false, why: err.reason || null};
      }
      out.replaceChildren(resultBox(res, name !== null));
    } finally {
      go.disabled = false;
    }
  });
  view.replaceChildren(el('h2', {}, t('verify_title')),
    el('label', {class: 'field'}, t('verify_code'), codeIn), el('label', {class: 'field'}, t('verify_name'), nameIn),
    el('label', {class: 'field'}, t('verify_file'), fileIn), el('div', {class: 'actions'}, go), out);
  if (code) go.click();
}

function resultBox(res, named) {
  if (!res.valid) {
    return el('div', {class: 'result invalid', 'data-valid': 'false'}, el('span', {class: 'word'}, `✗ ${t('invalid')}`),
      el('span', {class: 'why', 'data-code': res.why ? res.why.code : ''}, whyWords(res.why)));
  }
  const level = pick(res, 'name');
  const line = res.matches !== undefined ? t('valid_ladder', {level, m: res.matches})
    : t('valid_exam', {level, r: res.right, n: res.total, p: res.pass_mark});
  const ladder = res.matches !== undefined;
  return el('div', {class: 'result valid', 'data-valid': 'true'}, el('span', {class: 'word'}, `✓ ${t('valid')}`), line,
    res.date ? el('div', {}, t('issued', {d: res.date})) : '',
    el('p', {class: 'note', id: 'v-name-checked'}, t(named ? 'name_matched' : 'name_unchecked')),
    res.format === 1 ? el('p', {class: 'note', id: 'v-old-format'}, t('format_old')) : '',
    el('p', {class: 'note scope', id: 'v-scope'}, t(ladder ? 'verify_scope_ladder' : 'verify_scope_exam')));
}

/** Why a code did not verify, in the player's language (the engine's reason), as one sentence. */
function whyWords(why) {
  return why ? `${refusalWords({reason: why})}${getLang() === 'zh' ? '。' : '.'}` : t('verify_failed');
}
