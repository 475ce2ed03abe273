// The rules in play as one short line for the table ("翻财神 · 笃三老庄 · 自摸胡 · 三摊承包 · 碰算摊 · 对手 高手"):
// the options players always want to know, plus every option that differs from its default,
// each by the name players use (the engine's value labels).

import {getLang, t} from '../i18n.mjs';

const ALWAYS = ['wildcard_mode', 'start_streak', 'win_mode', 'three_tan_chengbao', 'pong_counts_as_tan'];

/**
 * @param {object} options   the game's options (state.options)
 * @param {object[]} info    the engine's option_info
 * @param {string|null} level the opponents' level name
 * @param {object[]|null} levels the engine's bot_level_names
 * @returns {{text: string, full: string}} the line, and every option (for a tooltip)
 */
export function rulesLine(options, info, level, levels) {
  const en = getLang() === 'en';
  const name = (o) => {
    const v = options[o.key];
    const i = o.values ? o.values.findIndex((x) => x === v) : -1;
    if (i >= 0 && o.value_labels[i]) return en ? o.value_labels[i].en : o.value_labels[i].zh;
    return `${en ? o.english : o.chinese} ${v}`;
  };
  const parts = [];
  for (const o of info) {
    if (!(o.key in options)) continue;
    if (ALWAYS.includes(o.key) || options[o.key] !== o.default) parts.push(name(o));
  }
  const lv = levels && levels.find((l) => l.id === level || (l.aliases || []).includes(level));
  if (lv) parts.push(`${t('opponents')} ${en ? lv.en : lv.zh}`);
  const full = info.filter((o) => o.key in options).map((o) => `${en ? o.english : o.chinese}: ${name(o)}`);
  return {text: parts.join(' · '), full: full.join('\n')};
}
