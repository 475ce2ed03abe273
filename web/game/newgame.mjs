// The new-game dialog: opponents, seed and every rule option, grouped by the RULES chapter the engine
// gives each option; option names, value names and descriptions come from the engine in both languages.

import {getLang, t} from '../i18n.mjs';
import {$, closeDialogs, el} from './dom.mjs';
import {parseSeed, randomSeed} from '../seed.mjs';

export class NewGameDialog {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {(options: object, seed: number, level: string) => void} onStart
   */
  constructor(ctrl, onStart) {
    this.ctrl = ctrl;
    this.optionInfo = null;
    this.levels = null;
    $('ng-cancel').addEventListener('click', () => $('newgame').close());
    $('ng-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const {options, seed, problem, level} = this.read();
      if (problem) {
        $('ng-seed').setCustomValidity(problem);
        $('ng-seed').reportValidity();
        return;
      }
      $('newgame').close();
      onStart(options, seed, level);
    });
  }

  /** The engine's option and level metadata (asked once). */
  async metadata() {
    if (!this.optionInfo) {
      [this.optionInfo, this.levels] = await Promise.all([this.ctrl.call('option_info'), this.ctrl.call('bot_level_names')]);
      this.levels = this.levels.filter((l) => l.offered !== false);
    }
    return {options: this.optionInfo, levels: this.levels};
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
      if (chosen ? l.id === chosen : l.default) o.selected = true;
      sel.appendChild(o);
    }
    lv.appendChild(sel);
    fsMatch.appendChild(lv);
    const sd = el('div', {className: 'opt'});
    sd.appendChild(el('label', {className: 'name', htmlFor: 'ng-seed'}, t('ng_seed')));
    sd.appendChild(el('input', {id: 'ng-seed', type: 'text', inputMode: 'numeric', autocomplete: 'off',
      spellcheck: false, maxLength: 40}));
    sd.lastChild.addEventListener('input', (ev) => ev.target.setCustomValidity(''));
    fsMatch.appendChild(sd);
    box.appendChild(fsMatch);
    // the rules, one fieldset per chapter in the engine's order
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
      box.appendChild(fs);
    }
    $('newgame').showModal();
  }

  read() {
    const options = {};
    const byKey = Object.fromEntries(this.optionInfo.map((o) => [o.key, o]));
    for (const input of $('ng-options').querySelectorAll('[data-key]')) {
      const o = byKey[input.dataset.key];
      const v = o.values ? o.values[Number(input.value)] : Number(input.value);
      if (v !== o.default) options[o.key] = v;
    }
    const seedText = $('ng-seed').value.trim();
    const asked = seedText ? parseSeed(seedText, getLang()) : {seed: randomSeed()};
    return {options, seed: asked.seed, problem: asked.problem, level: $('ng-level').value};
  }
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
    input = el('input', {id, type: 'number', min: '1', step: '1', value: String(value)});
  }
  input.dataset.key = o.key;
  row.appendChild(input);
  row.appendChild(el('div', {className: 'desc'}, en || !o.description_zh ? o.description : o.description_zh));
  return row;
}
