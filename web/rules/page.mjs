// The rules view (rules.html): the rules reference in Chinese or English, drawn from web/rules/data.mjs, which
// `python -m hzmj_core.rulebook` generates from hzmj_core/rulebook/ together with docs/rules.md (the worked
// examples' results are the engine's). No engine runs here: the page is text and tiles. ?lang=zh|en, #s7.2 opens a
// section, #EX12 an example. Exposed as window.hzmjRules for tests.
import {$} from '../page.mjs';
import {RULES} from './data.mjs';
import {el, splitTiles, tile} from '../tutorial/ui.mjs';

const LANG_KEY = 'hzmj.settings.v1';
const WORDS = {
  zh: {title: '规则', game: '返回游戏', tutorial: '教程', lang: 'English', toc: '目录', doc: '杭州麻将规则',
    sees: '见', skip: '跳到正文'},
  en: {title: 'Rules', game: 'Back to the game', tutorial: 'Learn', lang: '中文', toc: 'Contents',
    doc: 'Hangzhou Mahjong rules', sees: 'see', skip: 'Skip to the rules'},
};

function savedLang() {
  try { return JSON.parse(localStorage.getItem(LANG_KEY) || '{}').lang; } catch { return null; }
}

const params = new URLSearchParams(location.search);
let lang = params.get('lang') || savedLang() || ((navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');
if (lang !== 'en') lang = 'zh';
window.hzmjRules = {ready: false, lang};

const TILE_SIZE = 20;
// `code`, **bold**, {tiles}, a section "§7.2" and an example "EX12" in a line of text
const INLINE = /(`[^`]+`|\*\*[^*]+\*\*|\{[^}]+\}|§\d+(?:\.\d+)?|\bEX\d+\b)/g;

function inline(text) {
  const frag = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    frag.append(text.slice(at, m.index));
    const tok = m[0];
    if (tok.startsWith('`')) frag.append(el('code', {}, tok.slice(1, -1)));
    else if (tok.startsWith('**')) frag.append(el('strong', {}, tok.slice(2, -2)));
    else if (tok.startsWith('{')) {
      const group = el('span', {class: 'tiles', role: 'img', 'aria-label': tok.slice(1, -1)});
      for (const t of splitTiles(tok.slice(1, -1))) group.append(tile(t, lang, {size: TILE_SIZE}).firstChild);
      frag.append(group);
    } else if (tok.startsWith('§')) frag.append(el('a', {href: `#s${tok.slice(1)}`}, tok));
    else frag.append(el('a', {href: `#${tok}`}, tok));
    at = m.index + tok.length;
  }
  frag.append(text.slice(at));
  return frag;
}

/** The blocks of a section: paragraphs, lists and tables (the first row of a table is its head). */
function blocks(list) {
  const out = [];
  let ul = null;
  let table = null;
  for (const b of list) {
    if (b.startsWith('- ')) {
      table = null;
      if (!ul) { ul = el('ul'); out.push(ul); }
      ul.append(el('li', {}, inline(b.slice(2))));
    } else if (b.startsWith('|')) {
      ul = null;
      const cells = b.slice(1).split('|');
      if (!table) {
        table = el('table', {}, el('thead', {}, el('tr', {}, cells.map((c) => el('th', {scope: 'col'}, inline(c))))),
          el('tbody'));
        out.push(el('div', {class: 'scroll'}, table));
      } else table.tBodies[0].append(el('tr', {}, cells.map((c) => el('td', {}, inline(c)))));
    } else {
      ul = null; table = null;
      out.push(el('p', {}, inline(b)));
    }
  }
  return out;
}

function example(ex) {
  const cites = ex.cites.map((c) => el('a', {href: `#s${c}`}, `§${c}`));
  const sep = cites.flatMap((a, i) => (i ? [', ', a] : [a]));
  return el('article', {class: 'example', id: ex.key, 'aria-labelledby': `${ex.key}-t`},
    el('h4', {id: `${ex.key}-t`}, `${ex.key} · ${ex.title[lang]}`, ' ', el('span', {class: 'cites'}, '(', ...sep, ')')),
    el('p', {}, inline(ex.text[lang])),
    ex.facts[lang].length ? el('ul', {class: 'facts'}, ex.facts[lang].map((f) => el('li', {}, inline(f)))) : null,
    el('div', {class: 'result', role: 'group', 'aria-label': lang === 'zh' ? '引擎算出的结果' : 'computed by the engine'},
      ex.result[lang].map((line) => el('p', {}, inline(line)))));
}

function render() {
  const w = WORDS[lang];
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = `${w.title} · ${lang === 'zh' ? '杭州麻将' : 'Hangzhou Mahjong'}`;
  $('title').textContent = w.title;
  $('to-game').textContent = w.game;
  $('to-tutorial').textContent = w.tutorial;
  $('lang').textContent = w.lang;
  document.querySelector('.skip').textContent = w.skip;
  const toc = $('toc');
  toc.setAttribute('aria-label', w.toc);
  toc.replaceChildren(el('h2', {}, w.toc), el('ol', {}, RULES.sections.filter((s) => !s.num.includes('.'))
    .map((s) => el('li', {}, el('a', {href: `#s${s.num}`}, `§${s.num} ${s.title[lang]}`)))));
  const main = $('main');
  const parts = [el('h1', {class: 'doc'}, w.doc)];
  for (const s of RULES.sections) {
    const chapter = !s.num.includes('.');
    const section = el('section', {id: `s${s.num}`, class: chapter ? 'chapter' : 'sub'},
      el(chapter ? 'h2' : 'h3', {}, el('span', {class: 'num'}, `§${s.num}`), ' ', s.title[lang]),
      ...blocks(s.blocks[lang]),
      ...RULES.examples.filter((ex) => ex.group === s.num).map(example));
    parts.push(section);
  }
  main.replaceChildren(...parts);
  window.hzmjRules.lang = lang;
}

function goToHash() {
  // a fragment that is not valid percent-encoding (#%) points nowhere: read safely, never thrown
  let id = '';
  try { id = decodeURIComponent(location.hash.slice(1)); } catch { id = ''; }
  const target = id && document.getElementById(id);
  if (target) target.scrollIntoView();
}

$('lang').addEventListener('click', () => {
  lang = lang === 'zh' ? 'en' : 'zh';
  try {
    const s = JSON.parse(localStorage.getItem(LANG_KEY) || '{}');
    localStorage.setItem(LANG_KEY, JSON.stringify({...s, lang}));
  } catch { /* storage unavailable: the choice lasts for this visit */ }
  const y = window.scrollY;
  render();
  window.scrollTo(0, y);
});
render();
goToHash();
window.hzmjRules.ready = true;
