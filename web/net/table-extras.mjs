// What a friends table adds to the table on every page: the turn timer of this page's seat, the quick
// phrases (快捷语) menu, and each phrase shown in a bubble by the seat that said it. All of it is read from the
// engine's view (state.table); the host's page knows its own deadline from the engine's `pending`.

import {getLang, seatName, t} from '../i18n.mjs';
import {$, el, icon, showPrompt} from '../game/dom.mjs';

const BUBBLE_MS = 3500;

export class TableExtras {
  /**
   * @param {import('../game/controller.mjs').Controller} ctrl
   * @param {import('./friends.mjs').Friends} friends
   */
  constructor(ctrl, friends) {
    this.ctrl = ctrl;
    this.friends = friends;
    this.active = false;
    this.deadline = null;     // Date.now() ms when this seat's time is up
    this.lastPhrase = null;
    this.lastState = null;
    this.phrases = null;
    ctrl.on('view', (s) => this.onView(s));
    setInterval(() => this.tick(), 250);
    $('btn-phrase').addEventListener('click', () => this.toggleMenu());
    $('stage').addEventListener('click', (e) => { if (!(e.target instanceof Node && $('phrase-menu').contains(e.target))) $('phrase-menu').hidden = true; });
  }

  show(on) {
    this.active = on;
    $('btn-phrase').hidden = !on;
    if (!$('btn-phrase').querySelector('svg')) $('btn-phrase').replaceChildren(bubbleIcon());
    $('btn-phrase').setAttribute('aria-label', t('phrases'));
    $('btn-phrase').title = t('phrases');
    if (this.ctrl.state) this.onView(this.ctrl.state);
  }

  onView(s) {
    if (!this.active || !s || !s.table || this.ctrl.mode !== 'game') return;
    if (s !== this.lastState && this.friends.role === 'guest') {
      this.deadline = typeof s.table.time_left === 'number' ? Date.now() + s.table.time_left : null;
    }
    this.lastState = s;
    const said = s.table.phrases || [];
    const top = said.reduce((m, p) => Math.max(m, p.n), 0);
    if (this.lastPhrase === null) this.lastPhrase = top;    // what was said before this page came: not again
    for (const p of said) if (p.n > this.lastPhrase) this.bubble(p, s);
    this.lastPhrase = Math.max(this.lastPhrase, top);
    // a guest's page has no bots to wait for: say whose decision the table waits on
    if (!$('prompt').textContent && !s.hand_over && !s.human_to_act && s.deciding.length) {
      showPrompt(t('waiting_for', {who: seatName(s.deciding[0], s.seat)}));
    }
    this.tick();
  }

  /** Redraw the timer (every 250 ms, and when the host's clock changed). */
  tick() {
    const box = $('turn-timer');
    if (this.friends.role === 'host' && this.friends.table) {
      const seat = this.ctrl.seatOfHost();
      this.deadline = this.friends.table.deadlines[seat] ?? null;
    }
    const s = this.ctrl.state;
    if (!this.active || this.deadline === null || !s || this.ctrl.mode !== 'game') { box.hidden = true; return; }
    const left = Math.max(0, Math.ceil((this.deadline - Date.now()) / 1000));
    box.hidden = false;
    box.textContent = t('timer_left', {s: left});
    box.classList.toggle('urgent', left <= 5);
  }

  async toggleMenu() {
    const menu = $('phrase-menu');
    if (!menu.hidden) { menu.hidden = true; return; }
    if (!this.phrases) {
      try { this.phrases = await this.ctrl.call('phrase_list'); } catch { return; }
    }
    menu.textContent = '';
    const en = getLang() === 'en';
    for (const p of this.phrases) {
      const b = el('button', {type: 'button', role: 'menuitem'}, en ? p.en : p.zh);
      b.dataset.action = 'phrase';
      b.dataset.phrase = p.id;
      b.addEventListener('click', () => this.say(p.id));
      menu.appendChild(b);
    }
    menu.hidden = false;
    menu.querySelector('button')?.focus();
  }

  async say(id) {
    $('phrase-menu').hidden = true;
    try {
      await this.ctrl.call('phrase', {id});
      if (this.friends.role === 'host') await this.ctrl.refresh([]);
    } catch (err) {
      console.warn('hzmj: phrase refused', err);
    }
  }

  /** A bubble with the phrase by the seat that said it (where its name plate is). */
  bubble(p, s) {
    const pos = (p.seat - s.seat + 4) % 4;
    const names = this.friends.bridge ? this.friends.bridge.names : {};
    const hostNames = this.friends.table ? Object.fromEntries(this.friends.table.seats.map((x) => [x.seat, x.name])) : {};
    const name = names[p.seat] || hostNames[p.seat] || '';
    const b = el('div', {className: `bubble pos${pos}`}, `${name ? `${name}: ` : ''}${getLang() === 'en' ? p.en : p.zh}`);
    b.dataset.seat = String(p.seat);
    const report = window.hzmj && window.hzmj.layout ? window.hzmj.layout() : null;
    const plate = report && report.seats.find((z) => z.seat === p.seat);
    if (plate && plate.plate) {
      const stage = $('stage').getBoundingClientRect();
      b.style.left = `${Math.round(plate.plate.x - stage.left + plate.plate.w / 2)}px`;
      b.style.top = `${Math.round(plate.plate.y - stage.top)}px`;
    }
    $('bubbles').appendChild(b);
    setTimeout(() => b.remove(), BUBBLE_MS);
  }
}

/** A speech bubble icon for the quick phrases' button. */
function bubbleIcon() {
  const d = 'M2 3.5A1.5 1.5 0 0 1 3.5 2h9A1.5 1.5 0 0 1 14 3.5v6a1.5 1.5 0 0 1-1.5 1.5H7l-3.2 2.6V11h-.3A1.5 1.5 0 0 1 2 9.5z';
  return icon('0 0 16 16', [{d, fill: 'currentColor'}], {width: 18, height: 18});
}
