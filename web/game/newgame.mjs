// The new-game dialog: first the presets (玩法: 杭州常用, 笃三老庄, … from the engine, each with a line saying
// what it means) and 自定义, then opponents and seed, then every rule option behind a disclosure, grouped by
// the rules chapter (docs/rules.md) the engine gives each option; names and descriptions come from the engine in both
// languages. A preset sets the options; changing an option makes the choice 自定义 and shows the options.
// Starting a new game while the match in progress has a decision of the player's in it asks first.
// A value the engine would refuse (an empty or out-of-range base score, 1e20) is refused here, in words, on
// its own field, and the dialog stays open with every choice as the player left it; so is anything the
// engine itself refuses when the match is dealt.

import {getLang, t} from '../i18n.mjs';
import {$, closeDialogs, el} from './dom.mjs';
import {ask} from './ask.mjs';
import {humanHasActed} from './controller.mjs';
import * as store from '../store.mjs';
import {parseSeed, randomSeed} from '../seed.mjs';
import {playerError} from './words.mjs';

export class NewGameDialog {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {(options: object, seed: string, level: string) => Promise<void>} onStart  rejects when the
   *   engine refuses the match (the dialog then shows why and stays open)
   */
  constructor(ctrl, onStart) {
    this.ctrl = ctrl;
    this.optionInfo = null;
    this.levels = null;
    this.presets = null;
    $('ng-cancel').addEventListener('click', () => $('newgame', HTMLDialogElement).close());
    $('ng-form', HTMLFormElement).noValidate = true;  // our own checks, in the page's language (refuse())
    $('ng-form').addEventListener('submit', async (ev) => {
      ev.preventDefault();
      if (this.starting) return;
      const {options, seed, problem, level} = this.read();
      if (problem) { this.refuse(problem.field, problem.words); return; }
      this.starting = true;
      const hand = this.matchInProgress();
      if (hand) {
        const answer = await ask('ng-ask', t('ng_confirm'), t('ng_confirm_text', {hand}), [
          {value: 'keep', label: t('ng_confirm_keep')}, {value: 'new', label: t('ng_confirm_new'), primary: true},
        ]).answer;
        if (answer !== 'new') { this.starting = false; $('newgame', HTMLDialogElement).close(); return; }
      }
      $('ng-start', HTMLButtonElement).disabled = true;
      try {
        await onStart(options, seed, level);
        $('newgame', HTMLDialogElement).close();
      } catch (err) {
        this.refuse($('ng-start'), t('ng_refused', {msg: playerError(err)}));
      } finally {
        this.starting = false;
        $('ng-start', HTMLButtonElement).disabled = false;
      }
    });
  }

  /** The engine's option, preset and level metadata (asked once). */
  async metadata() {
    if (!this.optionInfo) {
      [this.optionInfo, this.levels, this.presets] = await Promise.all([this.ctrl.call('option_info'),
        this.ctrl.call('bot_level_names'), this.ctrl.call('option_presets').catch(() => [])]);
      this.levels = this.levels.filter((l) => l.offered !== false);
    }
    return {options: this.optionInfo, levels: this.levels, presets: this.presets};
  }

  /** The hand number of the local match the player would throw away (a decision of theirs is in it, or a
   *  hand of it is over, and it is not over), or 0 when there is nothing to lose. */
  matchInProgress() {
    const s = this.ctrl.state;
    if (this.ctrl.role && this.ctrl.role !== 'local') return 0;
    if (!s || !s.match || s.match.over) return 0;
    const saved = store.loadGame();
    if (saved === null) return 0;
    return s.match.history.length > 0 || humanHasActed(saved) ? s.match.history.length + 1 : 0;
  }

  async open() {
    closeDialogs();
    await this.metadata();
    const en = getLang() === 'en';
    const box = $('ng-options');
    box.textContent = '';
    const current = this.ctrl.settings.options || {};
    // the match: opponents' level (weakest first, as the engine lists them) and seed
    const fsMatch = el('fieldset');
    fsMatch.appendChild(el('legend', {}, t('group.match')));
    const lv = el('div', {className: 'opt'});
    lv.appendChild(el('label', {className: 'name', htmlFor: 'ng-level'}, t('ng_level')));
    const sel = el('select', {id: 'ng-level'});
    const chosen = this.ctrl.settings.level || (this.ctrl.state && this.ctrl.state.match.level);
    for (const l of this.levels) {
      const o = el('option', {value: l.id}, `${en ? l.en : l.zh}${l.default ? defaultMark() : ''}`);
      if (chosen ? l.id === chosen || (l.aliases || []).includes(chosen) : l.default) o.selected = true;  // (an old id saved)
      sel.appendChild(o);
    }
    lv.appendChild(sel);
    fsMatch.appendChild(lv);
    const sd = el('div', {className: 'opt'});
    sd.appendChild(el('label', {className: 'name', htmlFor: 'ng-seed'}, t('ng_seed')));
    sd.appendChild(el('input', {id: 'ng-seed', type: 'text', inputMode: 'numeric', autocomplete: 'off',
      spellcheck: 'false', maxLength: 40}));
    sd.lastChild.addEventListener('input', (ev) => ev.target.setCustomValidity(''));
    fsMatch.appendChild(sd);
    // the presets first: the one the current options are (自定义 when none), each with what it means
    const fsPreset = el('fieldset', {id: 'ng-presets'});
    fsPreset.appendChild(el('legend', {}, t('ng_presets')));
    const defaults = Object.fromEntries(this.optionInfo.map((o) => [o.key, o.default]));
    const same = (a) => this.optionInfo.every((o) => (o.key in a ? a[o.key] : o.default)
      === (o.key in current ? current[o.key] : o.default));
    const now = this.presets.find((p) => same(p.options));
    const choices = [...this.presets.map((p) => ({key: p.key, name: en ? p.en : p.zh,
      desc: en ? p.description : p.description_zh})), {key: 'custom', name: t('ng_custom'), desc: t('ng_custom_desc')}];
    for (const c of choices) {
      const label = el('label', {className: 'preset'});
      const radio = el('input', {type: 'radio', name: 'ng-preset', value: c.key, id: `ng-preset-${c.key}`});
      radio.checked = now ? c.key === now.key : c.key === 'custom';
      label.append(radio, el('span', {className: 'pname'}, c.name), el('span', {className: 'pdesc'}, c.desc));
      fsPreset.appendChild(label);
    }
    fsPreset.addEventListener('change', (ev) => {
      const key = ev.target.value;
      if (key === 'custom') {
        rules.open = true;
        rules.scrollIntoView({block: 'start'});  // the options in sight on a short screen
        return;
      }
      const preset = this.presets.find((p) => p.key === key);
      for (const input of rules.querySelectorAll('[data-key]')) {
        const o = this.optionInfo.find((i) => i.key === input.dataset.key);
        const v = input.dataset.key in preset.options ? preset.options[input.dataset.key] : defaults[o.key];
        input.value = o.values ? String(o.values.indexOf(v)) : String(v);
      }
    });
    box.append(fsPreset, fsMatch);
    // the rules behind a disclosure, one fieldset per chapter in the engine's order
    const rules = el('details', {id: 'ng-rules'});
    rules.appendChild(el('summary', {}, t('ng_rules', {n: this.optionInfo.length})));
    rules.open = !now;
    const toCustom = () => { $('ng-preset-custom', HTMLInputElement).checked = true; rules.open = true; };
    rules.addEventListener('change', toCustom);
    rules.addEventListener('input', toCustom);
    const chapters = new Map();
    for (const o of this.optionInfo) {
      if (!chapters.has(o.chapter)) chapters.set(o.chapter, {title: en ? o.chapter_en : o.chapter_zh, options: []});
      chapters.get(o.chapter).options.push(o);
    }
    const order = [...chapters.keys()].sort((a, b) => Number(a) - Number(b));
    for (const ch of order) {
      const {title, options} = chapters.get(ch);
      const fs = el('fieldset');
      fs.dataset.chapter = ch;
      fs.appendChild(el('legend', {}, title));
      for (const o of options) fs.appendChild(optionRow(o, o.key in current ? current[o.key] : o.default, en));
      rules.appendChild(fs);
    }
    box.appendChild(rules);
    $('newgame', HTMLDialogElement).showModal();
  }

  /** Say on `field` why the game cannot start (the dialog stays open, every choice kept). */
  refuse(field, words) {
    const shut = field.closest('details');
    if (shut) shut.open = true;
    field.setCustomValidity(words);
    field.reportValidity();
    field.dataset.problem = words;
    // the browser's bubble fades: the words also stay under the field until it is changed
    const row = field.closest('.opt') || field.closest('.buttons') || field.parentElement;
    row.querySelector('.ng-problem')?.remove();
    const line = el('p', {className: 'ng-problem', role: 'alert'}, words);
    line.style.cssText = 'grid-column: 1 / -1; margin: .2rem 0 0; color: var(--bad); font-weight: 600; width: 100%';
    row.appendChild(line);
    const clear = () => { field.setCustomValidity(''); delete field.dataset.problem; line.remove(); };
    field.addEventListener('input', clear, {once: true});
    field.addEventListener('change', clear, {once: true});
    if (field.id === 'ng-start') setTimeout(clear, 6000);
  }

  /** The chosen options, seed and level, or a `problem` {field, words} naming the first field to fix. */
  read() {
    const options = {};
    const byKey = Object.fromEntries(this.optionInfo.map((o) => [o.key, o]));
    for (const input of /** @type {NodeListOf<HTMLInputElement|HTMLSelectElement>} */ ($('ng-options').querySelectorAll('[data-key]'))) {
      const o = byKey[input.dataset.key];
      let v;
      if (o.values) {
        v = o.values[Number(input.value)];
      } else {
        v = wholeNumber(input.value, o.min ?? 1, o.max ?? Number.MAX_SAFE_INTEGER);
        if (v === null) {
          const name = getLang() === 'en' ? o.english : o.chinese;
          const shown = input.value.length > 24 ? `${input.value.slice(0, 20)}…` : input.value;
          const words = input.value.trim() === '' ? t('ng_number_empty', {name, min: o.min ?? 1, max: o.max})
            : t('ng_number_bad', {name, value: shown, min: o.min ?? 1, max: o.max});
          return {problem: {field: input, words}};
        }
      }
      if (v !== o.default) options[o.key] = v;
    }
    const seedText = $('ng-seed', HTMLInputElement).value.trim();
    const asked = seedText ? parseSeed(seedText, getLang()) : {seed: randomSeed()};
    if (asked.problem) return {problem: {field: $('ng-seed'), words: asked.problem}};
    return {options, seed: asked.seed, level: $('ng-level', HTMLSelectElement).value};
  }
}

/** A whole number written in ASCII digits from lo to hi, or null (empty, 1e20, 1.5, too large). */
function wholeNumber(text, lo, hi) {
  const s = String(text).trim();
  if (!/^[0-9]{1,15}$/.test(s)) return null;
  const n = Number(s);
  return n >= lo && n <= hi ? n : null;
}

function defaultMark() { return getLang() === 'en' ? ' (default)' : '（默认）'; }

function optionRow(o, value, en) {
  const row = el('div', {className: 'opt'});
  const id = `opt-${o.key}`;
  row.appendChild(el('label', {className: 'name', htmlFor: id}, en ? o.english : o.chinese));
  let input;
  if (o.values) {
    input = el('select', {id});
    o.values.forEach((v, i) => {
      const names = o.value_labels[i] || {zh: String(v), en: String(v)};
      const opt = el('option', {value: String(i)}, `${en ? names.en : names.zh}${v === o.default ? defaultMark() : ''}`);
      if (v === value) opt.selected = true;
      input.appendChild(opt);
    });
  } else {
    input = el('input', {id, type: 'number', min: String(o.min ?? 1), step: '1', value: String(value)});
    if (o.max) input.max = String(o.max);
  }
  input.dataset.key = o.key;
  row.appendChild(input);
  row.appendChild(el('div', {className: 'desc'}, en || !o.description_zh ? o.description : o.description_zh));
  return row;
}
