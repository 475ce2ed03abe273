// The 每日挑战 on the game page: the day's dialog (date, time to the next challenge, play or practise, the result
// card with its link, QR code, share sheet and picture, the friends board, a calendar of past days, the daily
// 何切, the player's data exported and imported), playing the four deals at the normal table (the engine's DailySession), par computed
// in the worker meanwhile (daily_par_step, in slices), and friends' codes verified by replaying them in the worker.
// Reached from the ☰ menu, the game-over screen and a '#daily=CODE' link; offered once on a new day.
import {$, closeDialogs, el, toast} from '../game/dom.mjs';
import {playerError} from '../game/words.mjs';
import {tileCanvas} from '../render/tiles.mjs';
import {drawQr} from '../net/qr.mjs';
import * as store from '../store.mjs';
import * as ds from './store.mjs';
import {clock, signed, w} from './words.mjs';
import {exportData, pw} from '../pdata.mjs';

const CALENDAR_DAYS = 28;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export class Daily {
  /** `ctrl` the game controller; `hooks.newGame()` opens the new-game dialog. */
  constructor(ctrl, hooks = {}) {
    this.ctrl = ctrl;
    this.hooks = hooks;
    this.data = ds.load();
    this.day = ds.todayCST();
    this.info = {};          // daily_info by day (the 何切 question)
    this.message = null;     // {text: () => words, bad}
    this.parRunning = null;
    $('daily-close').addEventListener('click', () => $('daily', HTMLDialogElement).close());
    $('daily').addEventListener('close', () => clearInterval(this.ticker));
  }

  get open() { return $('daily', HTMLDialogElement).open; }

  persist() {
    if (!ds.save(this.data)) toast(() => w('save_full'), true);
  }

  /** Open the dialog on `day` (default today). */
  async show(day = ds.todayCST()) {
    this.day = day;
    if ($('btn-menu').classList.contains('offer')) this.offer(false);
    this.data = ds.load();
    if (!$('daily', HTMLDialogElement).open) { closeDialogs(); $('daily', HTMLDialogElement).showModal(); }
    clearInterval(this.ticker);
    this.ticker = setInterval(() => {
      const box = $('daily-next');
      if (box && $('daily', HTMLDialogElement).open) box.textContent = w('next_in', {time: clock(ds.secondsToNext())});
    }, 1000);
    this.render();
    this.loadInfo(day);
  }

  async loadInfo(day) {
    if (this.info[day]) return;
    try {
      this.info[day] = await this.ctrl.call('daily_info', {date: day});
      if (this.open && this.day === day) this.render();
    } catch (err) {
      console.warn('daily_info', err);
    }
  }

  // ------------------------------------------------------------------ the dialog

  render() {
    const today = ds.todayCST();
    const day = this.day;
    const d = this.data;
    const body = $('daily-body');
    body.replaceChildren();
    const past = day < today;
    const title = el('h2', {id: 'daily-title'}, `${w('title')} · `);
    title.append(el('span', {className: 'date'}, day), past ? ` (${w('practice_mark')})` : '');
    body.append(title);
    body.append(el('p', {id: 'daily-next', className: 'daily-next'}, w('next_in', {time: clock(ds.secondsToNext())})));
    body.append(el('p', {className: 'help'}, w('intro')));
    if (this.message) {
      body.append(el('p', {id: 'daily-message', className: this.message.bad ? 'daily-msg bad' : 'daily-msg',
        role: this.message.bad ? 'alert' : 'status'}, this.message.text()));
    }
    // play
    const play = el('div', {className: 'daily-play'});
    const name = el('input', {id: 'daily-name', type: 'text', maxLength: 20, value: d.name, autocomplete: 'nickname'});
    name.addEventListener('change', () => { this.data.name = name.value.trim(); this.persist(); });
    const label = el('label', {className: 'row'});
    label.append(el('span', {}, w('name')), name);
    play.append(label);
    const mine = d.results[day];
    if (!past && !mine) {
      const b = el('button', {type: 'button', className: 'primary', id: 'daily-play'}, w('play'));
      b.addEventListener('click', () => this.play(day, false));
      play.append(b);
    } else {
      const b = el('button', {type: 'button', id: 'daily-practice'}, mine || d.practice[day] ? w('practice_again') : w('practice'));
      b.addEventListener('click', () => this.play(day, true));
      play.append(b);
    }
    body.append(play);
    const shown = mine || d.practice[day];
    if (shown) body.append(this.card(shown));
    body.append(this.board(day));
    body.append(this.paste());
    body.append(this.hecut(day));
    body.append(this.calendar(today));
    const tools = el('div', {className: 'daily-tools'});
    // the player's data, all of it, exported and imported in one file (pdata.mjs, as from the ☰ menu)
    const exp = el('button', {type: 'button', id: 'daily-export'}, pw('export'));
    exp.addEventListener('click', () => { const said = exportData(); toast(() => said); });
    const imp = el('button', {type: 'button', id: 'daily-import'}, pw('import'));
    imp.addEventListener('click', () => $('pdata-file').click());
    tools.append(exp, imp);
    if (d.stash) {
      const back = el('button', {type: 'button', id: 'daily-back'}, w('back_game'));
      back.addEventListener('click', () => this.backToGame());
      tools.append(back);
    }
    body.append(tools);
  }

  /** The result card: one mark per deal against par, the score, the streak; its link, QR code, share, PNG. */
  card(r) {
    const box = el('section', {className: 'daily-card', id: 'daily-card'});
    box.append(el('h3', {}, w('result', {date: r.date}) + (r.practice ? ` (${w('practice_mark')})` : '')));
    const marks = el('div', {className: 'daily-marks', role: 'img'});
    marks.setAttribute('aria-label', r.per_deal.map((p) => `${w('deal', {n: p.deal})} ${signed(p.difference)}`).join(', '));
    for (const p of r.per_deal) {
      marks.append(el('span', {className: `mark ${p.difference > 0 ? 'up' : p.difference < 0 ? 'down' : 'even'}`},
        p.difference > 0 ? '▲' : p.difference < 0 ? '▼' : '●'));
    }
    box.append(marks);
    box.append(el('p', {className: 'daily-score', id: 'daily-score'},
      `${w('score')} ${signed(r.score)} · ${w('points')} ${signed(r.points)} · ${w('par')} ${signed(r.par)}`
      + (r.practice ? '' : ` · ${w('streak', {n: ds.streak(this.data, ds.todayCST())})}`)));
    const table = el('table', {className: 'pay daily-deals'});
    const head = el('tr');
    for (const h of ['', w('you'), w('expert'), w('diff')]) head.append(el('th', {}, h));
    table.append(head);
    for (const p of r.per_deal) {
      const tr = el('tr');
      tr.append(el('td', {}, w('deal', {n: p.deal})), el('td', {className: 'num'}, signed(p.you)),
        el('td', {className: 'num'}, signed(p.expert)),
        el('td', {className: `num ${p.difference > 0 ? 'plus' : p.difference < 0 ? 'minus' : ''}`}, signed(p.difference)));
      table.append(tr);
    }
    box.append(table);
    const link = linkOf(r.code);
    const a = el('input', {id: 'daily-link', type: 'text', readOnly: true, value: link});
    a.setAttribute('aria-label', w('copy'));
    box.append(a);
    const buttons = el('div', {className: 'fr-buttons'});
    const copy = el('button', {type: 'button', id: 'daily-copy'}, w('copy'));
    copy.addEventListener('click', async () => {
      try { await navigator.clipboard.writeText(link); } catch { a.select(); }
      toast(() => w('copied'));
    });
    buttons.append(copy);
    if (navigator.share) {
      const share = el('button', {type: 'button', id: 'daily-share'}, w('share'));
      share.addEventListener('click', () => navigator.share({title: w('title'), text: shareText(r), url: link}).catch(() => {}));
      buttons.append(share);
    }
    const png = el('button', {type: 'button', id: 'daily-png'}, w('png'));
    png.addEventListener('click', () => this.downloadPng(r));
    buttons.append(png);
    box.append(buttons);
    const qr = el('canvas', {id: 'daily-qr', className: 'qr', role: 'img'});
    qr.setAttribute('aria-label', link);
    box.append(qr);
    drawQr(qr, link, 160).catch((err) => console.warn('qr', err));
    return box;
  }

  /** The day's board: every verified result, ranked by score. */
  board(day) {
    const box = el('section', {className: 'daily-board', id: 'daily-board'});
    box.append(el('h3', {}, w('board', {date: day})));
    const list = this.data.boards[day] || [];
    if (!list.length) { box.append(el('p', {className: 'help'}, w('board_empty'))); return box; }
    const ol = el('ol', {className: 'standings'});
    for (const r of list) {
      const li = el('li', {className: r.mine ? 'me' : ''});
      li.dataset.code = r.code;
      li.append(el('span', {className: 'who'}, (r.name || w('anon')) + (r.mine ? ` (${w('mine')})` : '')),
        el('span', {className: 'num'}, signed(r.score)), el('span', {className: 'ok'}, `✓ ${w('verified')}`));
      ol.append(li);
    }
    box.append(ol);
    return box;
  }

  paste() {
    const box = el('form', {className: 'daily-paste', id: 'daily-paste'});
    const input = el('input', {id: 'daily-code', type: 'text', spellcheck: false, placeholder: w('paste')});
    input.setAttribute('aria-label', w('paste'));
    const go = el('button', {type: 'submit', id: 'daily-verify'}, w('verify'));
    box.append(input, go);
    box.addEventListener('submit', (ev) => { ev.preventDefault(); this.verify(input.value); });
    return box;
  }

  hecut(day) {
    const box = el('section', {className: 'daily-hecut', id: 'daily-hecut'});
    box.append(el('h3', {}, w('hecut')));
    const info = this.info[day];
    if (!info) { box.append(el('p', {className: 'help'}, '…')); return box; }
    const q = info.hecut;
    box.append(el('p', {className: 'help'}, `${w('hecut_band', {band: q.band})} · ${w('hecut_prompt')}`));
    const answered = this.data.hecut[day];
    const row = el('div', {className: 'daily-tiles', role: 'group'});
    for (const c of q.choices) {
      const b = el('button', {type: 'button', className: 'daily-tile'});
      b.dataset.tile = c.value;
      b.setAttribute('aria-label', c[document.documentElement.lang === 'en' ? 'en' : 'zh']);
      b.append(tileCanvas(c.value, 30));
      if (answered && answered.given === c.value) b.classList.add(answered.right ? 'right' : 'wrong');
      if (answered && (answered.accepted || []).includes(c.value)) b.classList.add('accepted');
      b.disabled = !!answered;
      b.addEventListener('click', () => this.answer(day, c.value));
      row.append(b);
    }
    box.append(row);
    if (answered) {
      box.append(el('p', {id: 'daily-hecut-verdict', className: answered.right ? 'plus' : 'minus'},
        answered.right ? w('hecut_right') : w('hecut_wrong')));
      box.append(el('p', {id: 'daily-hecut-explain'},
        document.documentElement.lang === 'en' ? answered.explanation_en : answered.explanation_zh));
    }
    return box;
  }

  /** Four weeks, Monday to Sunday, ending with this week: each day played (its score), practised, or not. */
  calendar(today) {
    const box = el('section', {className: 'daily-calendar', id: 'daily-calendar'});
    box.append(el('h3', {}, w('calendar')));
    const grid = el('div', {className: 'cal-grid'});
    for (const name of w('weekdays').split(',')) grid.append(el('span', {className: 'cal-head'}, name));
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;   // 0 Monday
    const last = ds.daysBefore(today, weekday - 6);                          // this week's Sunday
    for (let i = CALENDAR_DAYS - 1; i >= 0; i--) {
      const day = ds.daysBefore(last, i);
      const r = this.data.results[day];
      const p = this.data.practice[day];
      const b = el('button', {type: 'button', className: `cal-day${day === this.day ? ' on' : ''}${r ? ' played' : p ? ' practised' : ''}`});
      b.dataset.day = day;
      b.disabled = day > today;
      b.append(el('span', {className: 'd'}, String(Number(day.slice(8)))));
      b.append(el('span', {className: 's'}, r ? signed(r.score) : p ? w('practice_mark') : ''));
      b.setAttribute('aria-label', `${day}: ${r ? `${w('score')} ${signed(r.score)}` : p ? w('practice_mark') : w('unplayed')}`);
      b.addEventListener('click', () => { this.message = null; this.show(day); });
      grid.append(b);
    }
    box.append(grid);
    return box;
  }

  // ------------------------------------------------------------------ playing

  /** Deal the day's four deals at the table (the game in progress is put aside, and offered back after). */
  async play(day, practice) {
    const stored = store.loadGame();
    if (stored && !stored.includes('"daily"')) this.data.stash = stored;
    const nameBox = /** @type {HTMLInputElement|null} */ ($('daily-name'));
    this.data.name = (nameBox && nameBox.value.trim()) || this.data.name;
    this.persist();
    const state = await this.ctrl.call('daily_start', {date: day, name: this.data.name, practice});
    $('daily', HTMLDialogElement).close();
    const c = this.ctrl;
    c.mode = 'game';
    c.gen += 1;
    if (this.hooks.beforeShow) this.hooks.beforeShow();
    c.claim();
    c.setView(state);
    await c.persist();
    c.afterState(true);
    this.computePar(day);
  }

  /** Par in the worker, a slice at a time between the player's calls; kept once done. */
  computePar(day) {
    if (this.data.par[day] || this.parRunning === day) return this.parRunning;
    this.parRunning = day;
    const run = (async () => {
      for (;;) {
        const st = await this.ctrl.call('daily_par_step', {date: day});
        if (st.done) {
          const d = ds.load();
          d.par[day] = st.per_deal;
          ds.save(d);
          this.data.par[day] = st.per_deal;
          return st.per_deal;
        }
        await sleep(20);
      }
    })();
    return run.finally(() => { this.parRunning = null; });
  }

  /** The four deals are over: the result, the streak, the board, the card. */
  async finish(state) {
    const day = state.daily.date;
    const d = ds.load();
    const r = await this.ctrl.call('daily_result', {par: d.par[day] || null});
    if (r.practice) d.practice[day] = r;
    else if (!d.results[day]) d.results[day] = r;
    if (!r.practice) ds.addToBoard(d, r, true);
    d.par[day] = r.per_deal.map((p) => p.expert);
    this.data = d;
    ds.save(d);
    this.message = null;
    await this.show(day);
  }

  /** The game put aside for the challenge, back at the table. */
  async backToGame() {
    const stash = this.data.stash;
    this.data.stash = null;
    this.persist();
    $('daily', HTMLDialogElement).close();
    if (stash) {
      store.saveGame(stash);
      await this.ctrl.takeOver();
    } else if (this.hooks.newGame) this.hooks.newGame();
  }

  // ------------------------------------------------------------------ codes, 何切, data

  /** Verify a friend's code (or link) by replaying it in the worker; on the board when it verifies. */
  async verify(text) {
    this.message = {text: () => w('verifying'), bad: false};
    this.render();
    let r;
    try {
      const d = ds.load();
      r = await this.ctrl.call('daily_verify', {code: String(text || ''), known_par: d.par});
      d.par[r.date] = r.per_deal.map((p) => p.expert);
      ds.addToBoard(d, r, Object.values(d.results).some((x) => x.code === r.code));
      ds.save(d);
      this.data = d;
    } catch (err) {
      this.message = {text: () => w('refused', {why: playerError(err)}), bad: true};
      this.render();
      return null;
    }
    this.message = {text: () => w('added', {name: r.name || w('anon'), score: signed(r.score), date: r.date}), bad: false};
    this.day = r.date;
    this.render();
    this.loadInfo(r.date);
    return r;
  }

  async answer(day, tile) {
    const a = await this.ctrl.call('daily_hecut_answer', {date: day, answer: tile});
    this.data = ds.load();
    this.data.hecut[day] = {given: a.given, right: a.right, accepted: a.accepted, explanation_zh: a.explanation_zh,
      explanation_en: a.explanation_en, values: a.position.values};
    this.persist();
    this.render();
  }

  /** The card drawn as a picture (PNG), downloaded. */
  downloadPng(r) {
    const canvas = drawCard(r, ds.streak(this.data, ds.todayCST()));
    const a = el('a', {href: canvas.toDataURL('image/png'), download: `hzmj-daily-${r.date}.png`});
    document.body.append(a);
    a.click();
    a.remove();
  }

  // ------------------------------------------------------------------ reach

  /** At start: a '#daily=CODE' link is verified and shown. Otherwise, on the first visit of a new day, the
   *  challenge is offered by a mark on the ☰ button and its menu entry (no dialog, no message over the table: it
   *  never gets in the way of a game under way); the mark goes once the challenge is opened or played. */
  async boot() {
    // a link opened in this tab later (the address changed only after its '#') is verified as well
    window.addEventListener('hashchange', () => this.openLink());
    if (await this.openLink()) return;
    const today = ds.todayCST();
    const d = ds.load();
    if (d.offered === today || d.results[today]) return;
    this.offer(true);
  }

  /** Verify and show the result of a '#daily=CODE' address (true), or nothing when the address has none. */
  async openLink() {
    const hash = location.hash;
    if (!hash.startsWith('#daily=')) return false;
    history.replaceState(history.state, '', location.pathname + location.search);
    await this.show(ds.todayCST());
    await this.verify(decodeURIComponent(hash.slice(7)));
    return true;
  }

  /** Show or take away the offer's mark (the day's challenge not yet opened today). */
  offer(on) {
    $('btn-menu').classList.toggle('offer', on);
    $('m-daily').classList.toggle('offer', on);
    if (on) $('btn-menu').dataset.offer = w('offer');
    else delete $('btn-menu').dataset.offer;
    if (!on) {
      const d = ds.load();
      d.offered = ds.todayCST();
      ds.save(d);
      this.data.offered = d.offered;
    }
  }
}

/** The page's link to a result code. */
export function linkOf(code) {
  return `${location.origin}${location.pathname}#daily=${code}`;
}

function shareText(r) {
  const marks = r.per_deal.map((p) => (p.difference > 0 ? '🟩' : p.difference < 0 ? '🟥' : '⬜')).join('');
  return `${w('title')} ${r.date} ${marks} ${w('score')} ${signed(r.score)}`;
}

/** The result card on a canvas (for the PNG). */
export function drawCard(r, streakDays) {
  const W = 600;
  const H = 340;
  const c = document.createElement('canvas');
  c.width = W;
  c.height = H;
  const g = c.getContext('2d');
  g.fillStyle = '#0f3b2e';
  g.fillRect(0, 0, W, H);
  g.fillStyle = '#e2b84a';
  g.font = 'bold 30px sans-serif';
  g.fillText(`${w('title')} · ${r.date}`, 28, 54);
  g.font = '20px sans-serif';
  g.fillStyle = '#f4ead0';
  g.fillText(r.name || '', 28, 88);
  r.per_deal.forEach((p, i) => {
    g.fillStyle = p.difference > 0 ? '#3fae6a' : p.difference < 0 ? '#c8553d' : '#9aa5a0';
    g.fillRect(28 + i * 92, 112, 78, 78);
    g.fillStyle = '#fff';
    g.font = 'bold 26px sans-serif';
    g.fillText(signed(p.difference), 44 + i * 92, 162);
  });
  g.fillStyle = '#f4ead0';
  g.font = 'bold 40px sans-serif';
  g.fillText(`${w('score')} ${signed(r.score)}`, 28, 250);
  g.font = '20px sans-serif';
  g.fillText(`${w('points')} ${signed(r.points)} · ${w('par')} ${signed(r.par)}`
    + (r.practice ? ` · ${w('practice_mark')}` : ` · ${w('streak', {n: streakDays})}`), 28, 290);
  return c;
}
