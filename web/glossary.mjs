// 术语表: the Hangzhou Mahjong terms English text keeps, as pinyin with a short gloss on first use on a screen
// ("Baotou (暴头, a wait that any draw completes, the wildcard left free)", then "Baotou"). The table is the
// engine's (hzmj_core/glossary.py, generated into engine-words.mjs); hzmj_core.glossary.gloss does the same to
// the engine's text (tests/engine/test_glossary.py requires the two to give the same).
//
//   const seen = new Set();                 // one per screen
//   gloss('in 暴头 state any draw wins', seen);

import {GLOSSARY} from './engine-words.mjs';

export {GLOSSARY};

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const TERM_SOURCE = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length).map(escape).join('|');
// a term standing on its own in English text (inside a longer Chinese word, such as 笃二老庄, it stays as it is)
const TERMS = new RegExp(`(?<![\\u4e00-\\u9fff])(?:${TERM_SOURCE})(?![\\u4e00-\\u9fff])`, 'g');
// a term already followed by its pinyin ("暴头 (baotou)"): the pinyin goes, the gloss gives it
const SPELLED = new RegExp(`(?<![\\u4e00-\\u9fff])(${TERM_SOURCE}) \\((?:${Object.values(GLOSSARY).map(([p]) => escape(p)).join('|')})\\)`, 'gi');

// a gloss already written out ("Zhuada (抓打, the freeze …)"): it goes back to its term, so a screen glosses it once
const WRITTEN = new RegExp(Object.entries(GLOSSARY).map(([t, [p, m]]) => escape(`${p} (${t}, ${m})`)).join('|'), 'g');

/** English `text` with each Chinese term as pinyin, glossed the first time (`seen`: the terms already glossed on
 *  this screen, updated); a term in parentheses right after its pinyin ("Baotou (暴头)") is left as it is. */
export function gloss(text, seen = new Set()) {
  const plain = String(text).replace(WRITTEN, (whole) => whole.split(' (').at(-1).split(',')[0])
    .replace(SPELLED, (_, term) => term);
  return plain.replace(TERMS, (term, offset, whole) => {
    const [pinyin, meaning] = GLOSSARY[term];
    const before = whole.slice(0, offset);
    if (before.endsWith(`${pinyin} (`) || before.endsWith(`${pinyin.toLowerCase()} (`)) {
      seen.add(term);
      return term;
    }
    // no gloss inside another parenthesis: there the term is its pinyin alone
    if (seen.has(term) || before.split('(').length > before.split(')').length) return pinyin;
    seen.add(term);
    return `${pinyin} (${term}, ${meaning})`;
  });
}
