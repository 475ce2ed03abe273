// A lesson as an article: title, text with inline tiles, rules in boxes, example hands (analysed by the
// engine where asked), then its exercises. Also the hand card of <hzmj-hand>.
import {renderExercise} from './exercises.mjs';
import {analysisText, el, hand, melds, pick, richText, splitTiles, splitView, tr, waitsList} from './ui.mjs';

/** Render the engine's `lesson` data. ctx: {lang, call, onSolved, solved: Set, compact}. */
export function renderLesson(data, ctx) {
  const {lang} = ctx;
  const art = el('article', {class: 'lesson', 'data-lesson': data.id, lang: lang === 'en' ? 'en' : 'zh-CN'});
  art.append(el('header', {class: 'lesson-head'},
    el('p', {class: 'kicker'}, `${lang === 'en' ? 'Lesson' : '第'} ${data.number}${lang === 'en' ? '' : ' 课'} / ${data.count}`),
    el('h2', {}, pick(data, 'title', lang)),
    el('p', {class: 'summary'}, pick(data, 'summary', lang))));
  for (const b of data.blocks) {
    // lesson 1 teaches the notation: show it written out beside each picture
    if (b.type === 'p') art.append(el('p', {}, richText(b[lang] || b.zh, lang, 22, data.id === 'tiles')));
    else if (b.type === 'rule') art.append(el('aside', {class: 'rule', role: 'note'}, richText(b[lang] || b.zh, lang)));
    else if (b.type === 'hand') {
      const groups = b.tiles.split(/\s+/).map(splitTiles);
      const fig = el('figure', {class: 'example'}, hand(groups, lang, {size: 32, marks: b.marks}),
        el('figcaption', {}, pick(b, 'caption', lang)));
      if (b.analysis) {
        fig.append(el('p', {class: 'analysis'}, analysisText(b.analysis, lang)));
        if (b.analysis.waits && b.analysis.waits.length && !b.analysis.baotou && !b.analysis.qike) {
          fig.append(waitsList(b.analysis.waits, lang));
        }
      }
      art.append(fig);
    }
  }
  const exs = el('div', {class: 'exercises'});
  data.exercises.forEach((ex, i) => {
    const node = renderExercise(ex, ctx, i);
    if (ctx.solved && ctx.solved.has(ex.id)) node.dataset.solved = 'true';
    exs.append(node);
  });
  art.append(exs);
  return art;
}

/** The card of <hzmj-hand>: the tiles as written (groups), the melds, and the engine's analysis (a win's split
 *  into sets and pair with its fan, or the waits with their unseen counts). */
export function renderHandCard(info, lang, opts = {}) {
  const card = el('figure', {class: 'hand-card', lang: lang === 'en' ? 'en' : 'zh-CN',
    'data-tiles': info.tiles, 'data-win': info.win === undefined ? '' : String(info.win)});
  card.append(melds(info.meld_groups.map((t) => ({tiles: t})), lang, opts.size ? opts.size * 0.85 : 28) || '',
    hand(info.groups, lang, {size: opts.size || 34, marks: info.marks}));
  const cap = el('figcaption', {}, el('p', {class: 'analysis'}, analysisText(info, lang)));
  if (info.tiles === 13 && info.waits.length) {
    const shown = info.baotou || info.qike ? null : waitsList(info.waits, lang);
    if (shown) cap.append(shown);
    else {
      // 34 waits: offer them folded
      const det = el('details', {}, el('summary', {}, lang === 'en' ? `All ${info.waits.length} waits` : `全部 ${info.waits.length} 种听牌`),
        waitsList(info.waits, lang, 20));
      cap.append(det);
    }
  }
  if (info.tiles === 14 && info.split && info.split.groups) cap.append(splitView(info.split, lang, 24));
  if (opts.caption) cap.prepend(el('p', {class: 'caption'}, opts.caption));
  card.append(cap);
  return card;
}

export {tr};
