// One renderer per exercise kind. The page never knows an answer: it collects the learner's answer and
// asks the engine (`check_exercise`), then shows the engine's explanation.
import {el, hand, melds, pick, richText, splitView, tile, tileButton, tileWords, tr} from './ui.mjs';
import {tileWords as plainWords} from '../i18n.mjs';
import {gloss} from '../glossary.mjs';

/** A tile in words for the feedback and the facts ("the 5 of Bamboo" / "五条"; a wildcard as the 财神). */
function winTileWords(name, lang) {
  if (name.endsWith('*')) return lang === 'en' ? gloss('the 财神') : '财神';
  return lang === 'en' ? `the ${plainWords(name, lang)}` : plainWords(name, lang);
}

/**
 * Render an exercise (as given by the engine's `lesson`) into a <section>.
 * ctx: {lang, call(method, args) -> Promise, onSolved(id)}.
 */
export function renderExercise(ex, ctx, index = 0) {
  const {lang} = ctx;
  const box = el('section', {class: 'exercise', 'data-exercise': ex.id, 'data-kind': ex.kind,
    'aria-labelledby': `q-${ex.id}`});
  box.append(el('h3', {id: `q-${ex.id}`, class: 'prompt'},
    el('span', {class: 'badge'}, `${tr(lang, 'exercise')} ${index + 1}`), ' ', richText(pick(ex, 'prompt', lang), lang)));
  const body = el('div', {class: 'ex-body'});
  const feedback = el('div', {class: 'feedback', role: 'status', 'aria-live': 'polite'});
  box.append(body, feedback);

  // the option the learner picked last (a choice or tile button): marked with the verdict
  let chosen = null;
  box.addEventListener('click', (e) => {
    const b = e.target.closest && e.target.closest('button');
    if (b && !b.classList.contains('check') && box.contains(b)) chosen = b;
  }, true);

  let busy = false;
  async function submit(answer) {
    if (busy) return;
    busy = true;
    box.classList.add('checking');
    try {
      const res = await ctx.call('check_exercise', {id: ex.id, answer});
      showResult(res);
    } catch (err) {
      feedback.replaceChildren(el('p', {class: 'bad'}, String(err.message || err)));
    } finally {
      busy = false;
      box.classList.remove('checking');
    }
  }

  function showResult(res) {
    box.dataset.result = res.correct ? 'correct' : 'wrong';
    for (const b of box.querySelectorAll('[data-chosen]')) {
      b.removeAttribute('data-chosen');
      b.querySelector('.chosen-mark')?.remove();
    }
    if (chosen && chosen.isConnected) {
      chosen.dataset.chosen = res.correct ? 'right' : 'wrong';
      chosen.append(el('span', {class: 'chosen-mark'}, res.correct ? '✓' : '✗'));
      chosen.setAttribute('aria-description', tr(lang, res.correct ? 'your_answer_right' : 'your_answer_wrong'));
    }
    const head = el('p', {class: res.correct ? 'good verdict' : 'bad verdict'},
      res.correct ? `✓ ${tr(lang, 'correct')}` : `✗ ${tr(lang, 'wrong')}`);
    const parts = [head, el('p', {class: 'explain'}, pick(res, 'explanation', lang))];
    if (res.line && res.line.length) parts.push(lineList(tr(lang, 'line'), res.line));
    if (!res.correct && res.best_line && res.best_line.length && res.legal !== false) {
      parts.push(lineList(tr(lang, 'best_line'), res.best_line));
    }
    if (res.waits) parts.push(waitsRow(res.waits));
    if (res.split && res.split.groups) parts.push(splitView(res.split, lang));
    feedback.replaceChildren(...parts);
    if (res.correct) ctx.onSolved?.(ex.id);
  }

  function lineList(title, steps) {
    return el('div', {class: 'line'}, el('strong', {}, title), el('ol', {}, steps.map((s) => el('li', {}, s[lang] || s.zh))));
  }

  function waitsRow(waits) {
    return el('p', {class: 'waits-row'}, waits.map((w) => el('span', {class: 'wait'}, tile(w.tile, lang, {size: 22}),
      `×${w.remaining}`)));
  }

  const checkButton = (getAnswer) => el('button', {type: 'button', class: 'primary check',
    onclick: () => submit(getAnswer())}, tr(lang, 'check'));

  const indicator = ex.wildcard ? ex.wildcard.indicator : null;
  const marks = ex.wildcard ? ex.wildcard.marks : null;
  // Seats as the learner says them (你/下家/对家/上家), named by the engine from the exercise's viewer.
  const who = (s) => (ex.seat_names ? ex.seat_names[lang === 'en' ? 'en' : 'zh'][s] : `${tr(lang, 'seat')} ${s + 1}`);
  const discarded = (s) => `${who(s)} ${tr(lang, s === ex.viewer ? 'you_discarded' : 'discarded')}`;
  const context = (...items) => el('p', {class: 'context'}, items.filter(Boolean).join(' · '));

  switch (ex.kind) {
    case 'tile': {
      const row = el('div', {class: 'choices tiles-row', role: 'group'});
      for (const t of ex.choices) row.append(tileButton(t, lang, () => submit(t), {size: 40}));
      body.append(row);
      break;
    }
    case 'win_value': {
      if (indicator) body.append(context(tr(lang, 'wild_ind', {t: indicator})));
      body.append(melds(ex.melds, lang, 30) || '', hand([ex.hand], lang, {extra: ex.win_tile, size: 34, marks}));
      const how = tr(lang, ex.win_type === 'discard' ? 'discard' : ex.win_type === 'replacement' ? 'replacement' : 'self_draw');
      body.append(context(tr(lang, 'win_on', {how, t: winTileWords(ex.win_tile, lang)})));
      const row = el('div', {class: 'choices', role: 'group'});
      for (const c of ex.choices) {
        row.append(el('button', {type: 'button', class: 'choice', 'data-answer': JSON.stringify(c),
          onclick: () => submit(c)}, c === null ? tr(lang, 'no_win') : tr(lang, 'fan', {n: c})));
      }
      body.append(row);
      break;
    }
    case 'baotou_discard': {
      const row = el('div', {class: 'choices tiles-row', role: 'group'});
      for (const t of ex.hand) row.append(tileButton(t, lang, () => submit(t.replace('*', '')), {size: 34}));
      body.append(row);
      break;
    }
    case 'waits': {
      body.append(hand([ex.hand], lang, {size: 34}));
      const picked = new Set();
      const grid = el('div', {class: 'palette', role: 'group', 'aria-label': tr(lang, 'select_waits')});
      for (const t of ex.palette) {
        const b = tileButton(t, lang, () => {
          if (picked.has(t)) picked.delete(t); else picked.add(t);
          b.setAttribute('aria-pressed', String(picked.has(t)));
        }, {size: 28, pressed: false});
        grid.append(b);
      }
      const left = el('input', {type: 'number', min: '0', max: '136', inputmode: 'numeric', class: 'num',
        'aria-label': tr(lang, 'left')});
      body.append(el('p', {class: 'hint'}, tr(lang, 'select_waits')), grid,
        el('label', {class: 'field'}, tr(lang, 'left'), ' ', left),
        checkButton(() => ({tiles: [...picked], left: left.value === '' ? -1 : Number(left.value)})));
      break;
    }
    case 'payments': {
      const facts = [`${tr(lang, 'dealer')} ${who(ex.dealer)}`, tr(lang, 'streak', {n: ex.streak}),
        `${tr(lang, 'winner')} ${who(ex.winner)}`];
      if (ex.payer !== null && ex.payer !== undefined) facts.push(tr(lang, 'payer', {who: who(ex.payer)}));
      for (const [a, b, n] of ex.tan || []) facts.push(tr(lang, 'tan', {a: who(a), b: who(b), n}));
      body.append(context(...facts), melds(ex.melds, lang, 30) || '',
        hand([ex.hand], lang, {extra: ex.win_tile, size: 34}));
      const inputs = [0, 1, 2, 3].map((s) => el('input', {type: 'number', inputmode: 'numeric', class: 'num',
        'data-seat': s, 'aria-label': who(s)}));
      const grid = el('div', {class: 'pay-grid', role: 'group', 'aria-label': tr(lang, 'points')},
        inputs.map((inp, s) => el('label', {class: s === ex.winner ? 'field winner' : 'field'},
          `${who(s)}${s === ex.dealer ? ` (${tr(lang, 'dealer')})` : ''}`, inp)));
      body.append(el('p', {class: 'hint'}, tr(lang, 'points')), grid,
        checkButton(() => inputs.map((i) => Number(i.value || 0))));
      break;
    }
    case 'move': {
      const v = ex.view;
      const facts = [`${tr(lang, 'dealer')} ${who(v.dealer)}`, tr(lang, 'streak', {n: v.streak}),
        tr(lang, 'wall', {n: v.wall_remaining})];
      if (v.freeze && v.freeze.owner !== null) facts.push(tr(lang, 'freeze', {who: who(v.freeze.owner)}));
      if (v.last_discard) facts.push(`${discarded(v.last_discard.seat)} ${winTileWords(`${v.last_discard.tile}${v.last_discard.wild ? '*' : ''}`, lang)}`);
      body.append(context(...facts));
      body.append(melds(v.players[ex.seat].melds, lang, 28) || '');
      const discard = new Map(ex.candidates.filter((c) => c.type === 'discard')
        .map((c) => [c.tiles[0].replace('*', ''), c]));
      const handTiles = [...v.hand];
      if (v.drawn) handTiles.splice(handTiles.indexOf(v.drawn), 1);
      const row = el('div', {class: 'choices tiles-row hand-row', role: 'group', 'aria-label': tr(lang, 'your_hand')});
      const addTile = (t, extra) => {
        const c = discard.get(t);
        const name = c ? c.tiles[0] : t;
        const b = c ? tileButton(name, lang, () => submit(c.text), {size: 36})
          : el('span', {class: 'tile-btn static'}, tile(name, lang, {size: 36}).firstChild);
        if (c) b.setAttribute('aria-label', `${lang === 'en' ? 'Discard' : '打'} ${tileWords(name, lang)}`);
        if (extra) b.classList.add('drawn');
        row.append(b);
      };
      handTiles.forEach((t) => addTile(t, false));
      if (v.drawn) {
        row.append(el('span', {class: 'gap', 'aria-hidden': 'true'}));
        addTile(v.drawn, true);
      }
      body.append(row);
      if (v.drawn) {
        const drawnName = discard.get(v.drawn)?.tiles[0] || v.drawn;
        body.append(el('p', {class: 'hint'}, `${tr(lang, 'drawn')}: `, tile(drawnName, lang, {size: 20})));
      }
      const others = ex.candidates.filter((c) => c.type !== 'discard');
      if (others.length) {
        body.append(el('div', {class: 'choices', role: 'group', 'aria-label': tr(lang, 'other')},
          others.map((c) => el('button', {type: 'button', class: `choice act-${c.type}`, 'data-action': c.text,
            onclick: () => submit(c.text)}, pick(c, 'label', lang)))));
      }
      break;
    }
    case 'claimants': {
      body.append(context(`${tr(lang, 'dealer')} ${who(ex.dealer)}`, tr(lang, 'streak', {n: ex.streak}),
        tr(lang, 'wall', {n: ex.wall_remaining})));
      body.append(el('p', {class: 'claim-tile'}, `${discarded(ex.discarder)} `, tile(ex.tile, lang, {size: 40, highlight: 'last'})));
      const picked = new Set();
      const table = el('div', {class: 'seats'});
      for (let s = 0; s < 4; s++) {
        if (s === ex.discarder) continue;
        const b = el('button', {type: 'button', class: 'seat-btn', 'aria-pressed': 'false', 'data-seat': s,
          onclick: () => {
            if (picked.has(s)) picked.delete(s); else picked.add(s);
            b.setAttribute('aria-pressed', String(picked.has(s)));
          }}, `${who(s)}${s === ex.dealer ? ` · ${tr(lang, 'dealer')}` : ''}`);
        table.append(el('div', {class: 'seat-row'}, b,
          el('div', {class: 'seat-tiles'}, melds(ex.melds[s], lang, 20) || '', hand([ex.hands[s]], lang, {size: 22}))));
      }
      body.append(table, el('p', {class: 'hint'}, tr(lang, 'nobody_hint')),
        checkButton(() => [...picked].sort()));
      break;
    }
    default:
      body.append(el('p', {}, ex.kind));
  }
  return box;
}
