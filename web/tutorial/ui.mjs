// Small DOM helpers shared by the tutorial page and the widgets: tiles (drawn by the game's canvas
// renderer, web/render/tiles.mjs), inline tile notation in text, hands, and the two languages.
import {tileWords as gameTileWords} from '../i18n.mjs';
import {el, fill} from '../page.mjs';
import {setPixelRatio, tileCanvas} from '../render/tiles.mjs';

export {el};

setPixelRatio(Math.min(3, globalThis.devicePixelRatio || 1));
// phones get smaller tiles so a 14-tile hand still fits a line or two
const WIDTH = globalThis.innerWidth || 1024;
const SCALE = WIDTH < 480 ? 0.64 : WIDTH < 720 ? 0.8 : 1;

/** A tile name such as "5p" or "P*" with its words ("5p 5 of Dots", "P* 白板（财神）"), for labels read by screen
 *  readers: the tutorial teaches the notation, so the label says both. The words are the game's (i18n.mjs). */
export function tileWords(name, lang) {
  return `${name.replace('*', '')} ${namedTile(name, lang)}`;
}

/** A tile name such as "5p" or "P*" in words alone ("5 of Dots", "白板（财神）"). */
export function namedTile(name, lang) {
  const wild = name.endsWith('*') ? (lang === 'en' ? ' (wildcard)' : '（财神）') : '';
  return `${gameTileWords(name.replace('*', ''), lang)}${wild}`;
}

/** Pick the Chinese or English text of an object with *_zh / *_en keys (or zh/en). */
export function pick(obj, key, lang) {
  const k = key ? `${key}_${lang}` : lang;
  return obj[k] ?? obj[key ? `${key}_zh` : 'zh'] ?? '';
}

/** One tile as an image element. opts: size, marks (the engine's table of what tiles stand for), highlight. */
export function tile(name, lang, opts = {}) {
  const wild = name.endsWith('*');
  const face = name.replace('*', '');
  const mark = !wild && opts.marks ? opts.marks[face] : null;
  const canvas = tileCanvas(face, Math.round((opts.size || 34) * SCALE), {wild, standIn: (mark && mark.face) || null,
    highlight: opts.highlight});
  const label = tileWords(name, lang);
  return el('span', {class: 'tile', role: 'img', 'aria-label': label, title: label, 'data-tile': name}, canvas);
}

/** A tile as a button (for exercises). */
export function tileButton(name, lang, onClick, opts = {}) {
  const b = el('button', {type: 'button', class: 'tile-btn', 'aria-label': tileWords(name, lang),
    'data-tile': name, onclick: onClick}, tile(name, lang, opts).firstChild);
  if (opts.pressed !== undefined) b.setAttribute('aria-pressed', String(opts.pressed));
  return b;
}

const TOKEN = /(\d+\*?[mps]\*?|[ESWNCFP]\*?)/g;

/** Split tile notation ("1m2m3m", "123m", "EEE", "P*") into tile names. Notation only, no rules. */
export function splitTiles(text) {
  const out = [];
  for (const m of text.replace(/\s+/g, '').matchAll(TOKEN)) {
    const tok = m[0];
    if (/^[ESWNCFP]/.test(tok)) { out.push(tok); continue; }
    const suit = tok.replace(/[\d*]/g, '');
    const digits = tok.slice(0, tok.indexOf(suit));
    const trailingStar = tok.endsWith('*');
    const ranks = [...digits.matchAll(/\d\*?/g)].map((d) => d[0]);
    ranks.forEach((r, i) => {
      const star = r.endsWith('*') || (trailingStar && i === ranks.length - 1);
      out.push(`${r[0]}${suit}${star ? '*' : ''}`);
    });
  }
  return out;
}

/**
 * Text with tiles in braces, "{5p} is …", as a fragment with inline tile images. With `notation` (the
 * lesson that teaches the notation) the written form is shown as text beside the picture: 5p [tile].
 */
export function richText(text, lang, size = 22, notation = false) {
  const frag = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(/\{([^}]+)\}/g)) {
    frag.append(text.slice(at, m.index));
    const tiles = splitTiles(m[1]);
    if (notation) frag.append(el('code', {class: 'notation'}, m[1]), ' ');
    const group = el('span', {class: 'inline-tiles', role: 'img', 'aria-label': m[1]});
    for (const t of tiles) group.append(tile(t, lang, {size}).firstChild);
    frag.append(group);
    at = m.index + m[0].length;
  }
  frag.append(text.slice(at));
  return frag;
}

/** A hand: groups of tile names drawn with small gaps; an optional extra tile set apart (drawn/claimed). */
export function hand(groups, lang, opts = {}) {
  const wrap = el('div', {class: 'hand', role: 'group', 'aria-label': opts.label || groups.flat().join(' ')});
  for (const g of groups) {
    const span = el('span', {class: 'group'});
    for (const t of g) span.append(tile(t, lang, {size: opts.size, marks: opts.marks}));
    wrap.append(span);
  }
  if (opts.extra) {
    wrap.append(el('span', {class: 'group extra'}, el('span', {class: 'plus', 'aria-hidden': 'true'}, '+'),
      tile(opts.extra, lang, {size: opts.size, marks: opts.marks, highlight: 'win'})));
  }
  return wrap;
}

/** Melds as they come from the engine ({kind, tiles}) drawn as groups. */
export function melds(list, lang, size) {
  if (!list || !list.length) return null;
  const wrap = el('div', {class: 'melds', role: 'group', 'aria-label': lang === 'en' ? 'melds' : '副露'});
  for (const m of list) {
    const span = el('span', {class: 'group meld', title: m.kind});
    for (const t of m.tiles) span.append(tile(t === null ? 'P' : t, lang, {size}));
    wrap.append(span);
  }
  return wrap;
}

/** How far a hand is from ready (its shanten) in words; a 14-tile hand counts after its best discard. */
function fromReady(n, lang, tiles) {
  if (n === 0 && tiles === 14) return lang === 'en' ? 'one discard leaves it ready' : '打掉一张就听牌';
  if (lang !== 'en') return `差 ${n} 张听牌`;
  return n === 1 ? '1 tile from ready' : `${n} tiles from ready`;
}

/** The engine's hand analysis (hand_widget / analyze) in words. */
export function analysisText(info, lang) {
  const en = lang === 'en';
  if (info.tiles === 14) {
    if (!info.win) {
      const far = fromReady(info.shanten, lang, 14);
      return en ? `Not a win: ${far}.` : `不是胡牌：${far}。`;
    }
    const ev = info.evaluation;
    if (!ev) return en ? 'A winning shape.' : '胡牌牌型。';
    const drawn = namedTile(ev.winning_tile === info.wildcard ? `${ev.winning_tile}*` : ev.winning_tile, lang);
    return en ? `A win: ${ev.name_en}, ${ev.fan} fan (×${2 ** ev.fan}) as a self-draw of the ${drawn}.`
      : `胡牌：${ev.name_zh}，${ev.fan} 番（×${2 ** ev.fan}），自摸${drawn}。`;
  }
  if (info.baotou) return en ? 'In 暴头 state: every draw wins (never on a discard).' : '暴头状态：摸什么都胡（不能胡别人打的牌）。';
  if (info.qike) return en ? 'In 七客 state: every draw completes seven pairs.' : '七客状态：摸什么都凑成七对。';
  if (!info.waits.length) {
    const far = fromReady(info.shanten, lang, 13);
    return en ? `Not ready: ${far}.` : `还没听牌：${far}。`;
  }
  const left = info.waits.reduce((a, w) => a + w.remaining, 0);
  return en ? `Ready. Waits (unseen copies): ${left} tiles left.` : `听牌。能胡的牌（未见张数）：共 ${left} 张。`;
}

/** A winning hand as its sets and pair (the engine's split), each wildcard with the face it stands for. */
export function splitView(split, lang, size = 28) {
  const groups = split.groups.map((g, gi) => el('span', {class: 'split-group'}, g.map((x, i) => {
    const face = x.tile.replace('*', '');
    const won = split.winning && split.winning[0] === gi && split.winning[1] === i;
    const marks = face !== x.face && !x.tile.endsWith('*') ? {[face]: {face: x.face}} : null;
    const t = tile(x.tile, lang, {size, highlight: won ? 'win' : null, marks});
    if (!x.tile.endsWith('*')) return t;
    return el('span', {class: 'split-wild'}, t, el('small', {}, tr(lang, 'as_face', {t: gameTileWords(x.face, lang)})));
  })));
  return el('div', {class: 'split'}, el('strong', {}, tr(lang, 'split')), el('div', {class: 'split-groups'}, groups));
}

/** Waits as tiles with their unseen counts. */
export function waitsList(waits, lang, size = 24) {
  const ul = el('ul', {class: 'waits', 'aria-label': lang === 'en' ? 'waits' : '听牌'});
  for (const w of waits) {
    ul.append(el('li', {'data-tile': w.tile, 'data-remaining': w.remaining},
      tile(w.tile, lang, {size}), el('span', {class: 'count'}, `×${w.remaining}`)));
  }
  return ul;
}

export const T = {
  zh: {check: '检查', correct: '正确！', wrong: '不对', retry: '再试一次', loading: '正在启动引擎…',
    failed: '引擎没能启动：', exercise: '练习', no_win: '不是胡牌', fan: '{n} 番', left: '还剩几张？',
    nobody_hint: '一个都不选表示「没有人」。', seat: '座位', dealer: '庄', you: '你', winner: '赢家',
    streak: '{n} 老庄', wall: '牌墙剩 {n} 张', freeze: '抓打中：{who}打了财神', drawn: '刚摸到',
    your_hand: '你的手牌', other: '其他选择', line: '接下来', best_line: '最好的打法', discarded: '打出', you_discarded: '打出',
    points: '输赢（正数为赢）', tan: '{a}吃{b} {n} 摊',
    payer: '{who}放铳', hands: '各家手牌', select_waits: '点选所有能胡的牌', solved: '已完成',
    self_draw: '自摸', discard: '别人打出', replacement: '杠后补牌', melds: '副露', wild_ind: '翻财神，指示牌 {t}',
    win_on: '{how}{t}', split: '这手牌拆成：', as_face: '当{t}', your_answer_right: '你的答案，正确', your_answer_wrong: '你的答案，不对',
    bad_attr: '属性 {attr}="{value}" 无效：{msg}', size_range: '属性 size="{value}" 超出范围（{min} 到 {max}），按 {size} 显示。',
    size_bad: '属性 size="{value}" 不是数字，按默认大小 {size} 显示。',
    try_discard: '换一张打打看', try_draw: '摸一张试试', pick_discard: '点一张要打出的牌：', pick_draw: '点一张摸到的牌：',
    after_discard: '打出{t}之后：', after_draw: '摸到{t}之后：'},
  en: {check: 'Check', correct: 'Correct!', wrong: 'Not quite', retry: 'Try again', loading: 'Starting the engine…',
    failed: 'The engine could not start: ', exercise: 'Exercise', no_win: 'Not a win', fan: '{n} fan',
    left: 'How many are left?', nobody_hint: 'Select none for “nobody”.', seat: 'Seat', dealer: 'dealer',
    you: 'you', winner: 'winner', streak: 'Streak {n}', wall: '{n} tiles left in the wall',
    freeze: 'Zhuada (抓打, the freeze): {who} threw a Caishen (财神, the wildcard)', drawn: 'just drawn', your_hand: 'Your hand', other: 'Other moves',
    line: 'What follows', best_line: 'The best line', discarded: 'discarded', you_discarded: 'discarded',
    points: 'Points won (+) or lost (−)', tan: '{a}: {n} claims on {b}',
    payer: '{who} discarded it', hands: 'Every hand', select_waits: 'Select every winning tile', solved: 'done',
    self_draw: 'Self-drawn', discard: 'Won on a discard', replacement: 'Won on a kong replacement', melds: 'melds',
    win_on: '{how}: {t}', split: 'The hand splits into:', as_face: 'as {t}', your_answer_right: 'your answer, right',
    your_answer_wrong: 'your answer, not right',
    wild_ind: 'Flipped wildcard, indicator {t}',
    bad_attr: 'The attribute {attr}="{value}" is not valid: {msg}',
    size_range: 'The attribute size="{value}" is out of range ({min} to {max}); drawn at {size}.',
    size_bad: 'The attribute size="{value}" is not a number; drawn at the default size {size}.',
    try_discard: 'Try another discard', try_draw: 'Try a draw', pick_discard: 'Pick the tile to discard:',
    pick_draw: 'Pick the tile drawn:', after_discard: 'After discarding {t}:', after_draw: 'After drawing {t}:'},
};

export function tr(lang, key, vars = {}) {
  const s = (T[lang] || T.zh)[key] ?? T.zh[key] ?? key;
  return fill(s, vars, (k) => `{${k}}`);
}
