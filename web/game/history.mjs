// The match history: the end-of-match dialog with the final standings, a table of every hand
// (dealer, who won with what, each seat's change, a button to watch it) and a line chart of each seat's points.

import {getLang, personName, seatName, seatWord, t} from '../i18n.mjs';
import {el, icon} from './dom.mjs';
import {lineChart} from './chart.mjs';

export const SEAT_COLORS = ['#f0cf6e', '#7fd3ff', '#ff8a7a', '#9ff0b6'];

/** A small "play" triangle, drawn (a font may lack ▶). */
function playIcon() {
  return icon('0 0 16 16', [{d: 'M4 2.5v11l9.5-5.5z'}], {class: 'icon'});
}

export class MatchHistory {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {() => void} onClose  the dock offers the dialog again once it is closed
   * @param {HTMLDialogElement} root  the dialog (its parts are found inside it)
   */
  constructor(ctrl, onClose, root) {
    this.ctrl = ctrl;
    this.root = root;
    /** @type {(hand: number) => void} */
    this.onWatch = () => {};       // watch hand i (0-based) in the replay viewer (set by the page)
    this.root.addEventListener('close', onClose);
    this.root.querySelector('#go-export').addEventListener('click', () => this.ctrl.exportLog());
  }

  get open() { return this.root.open; }

  show() {
    const s = this.ctrl.state;
    const body = this.root.querySelector('#gameover-body');
    body.textContent = '';
    body.appendChild(el('h2', {}, t('game_over')));
    body.appendChild(el('h3', {}, t('standings')));
    const ol = el('ol', {className: 'standings'});
    for (const st of s.match.standings) {
      const li = el('li');
      li.appendChild(el('span', {}, `${t('rank', {n: st.rank})} ${seatName(st.seat, s.seat)}`));
      li.appendChild(el('b', {}, `${st.points} ${t('points')}`));
      ol.appendChild(li);
    }
    body.appendChild(ol);
    const history = s.match.history || [];
    if (history.length) {
      body.appendChild(el('h3', {}, t('points_chart')));
      body.appendChild(this.chart(s, history));
      body.appendChild(el('h3', {}, t('hand_history')));
      body.appendChild(this.table(s, history));
    }
    if (!this.root.open) this.root.showModal();
    /** @type {HTMLButtonElement} */ (this.root.querySelector('#go-new')).focus({preventScroll: true});
    // opened at its top: the title and the standings first (showModal scrolls to the focused button)
    this.root.scrollTop = 0;
  }

  /** Each seat's points after every hand, from the starting points. */
  chart(s, history) {
    const start = s.options ? s.options.start_points : 50;
    const series = [0, 1, 2, 3].map((seat) => {
      const values = [start];
      for (const h of history) values.push(values[values.length - 1] + h.deltas[seat]);
      return {name: seatName(seat, s.seat), color: SEAT_COLORS[(seat - s.seat + 4) % 4], values};
    });
    const box = el('div', {className: 'chart-box'});
    const xLabels = ['', ...history.map((h) => String(h.number))];
    box.appendChild(lineChart(series, {label: t('points_chart'), xLabels}));
    const legend = el('div', {className: 'legend'});
    for (const se of series) {
      const item = el('span', {className: 'key-item'});
      const sw = el('span', {className: 'swatch'});
      sw.style.background = se.color;
      item.appendChild(sw);
      item.append(`${se.name} ${se.values[se.values.length - 1]}`);
      legend.appendChild(item);
    }
    box.appendChild(legend);
    return box;
  }

  /** One row per hand: its number on the button that watches it, the dealer, the outcome in words and each
   *  seat's change (a column headed by the person's name at a friends table, the seat's word under it). */
  table(s, history) {
    const en = getLang() === 'en';
    const wrap = el('div', {className: 'history-wrap'});
    const table = el('table', {className: 'pay history'});
    const head = el('tr');
    for (const h of [t('hand_col'), t('dealer'), t('outcome')]) head.appendChild(el('th', {}, h));
    for (let seat = 0; seat < 4; seat++) {
      const name = seat === s.seat ? '' : personName(seat);
      const th = el('th', {className: 'num'}, name || seatWord(seat, s.seat));
      if (name) th.appendChild(el('small', {className: 'seat'}, seatWord(seat, s.seat)));
      head.appendChild(th);
    }
    table.appendChild(head);
    for (const h of history) {
      const tr = el('tr');
      const watch = el('button', {type: 'button', className: 'watch'});
      watch.appendChild(playIcon());
      watch.appendChild(el('span', {}, String(h.number)));
      watch.dataset.hand = String(h.number - 1);
      watch.setAttribute('aria-label', t('watch_hand_n', {n: h.number}));
      watch.addEventListener('click', () => this.onWatch(h.number - 1));
      const cell = el('td');
      cell.appendChild(watch);
      tr.appendChild(cell);
      tr.appendChild(el('td', {}, `${seatName(h.dealer, s.seat)}${h.streak > 1 ? ` ${t('streak', {n: h.streak})}` : ''}`));
      const outcome = h.winner === null || h.winner === undefined ? t('settle_title_draw')
        : `${t('settle_title_win', {who: seatName(h.winner, s.seat)})}${h.pattern ? ` · ${en && h.pattern_en ? h.pattern_en : h.pattern}` : ''}`;
      tr.appendChild(el('td', {}, outcome));
      for (let seat = 0; seat < 4; seat++) {
        const d = h.deltas[seat];
        tr.appendChild(el('td', {className: `num ${d > 0 ? 'plus' : d < 0 ? 'minus' : ''}`}, d > 0 ? `+${d}` : String(d)));
      }
      table.appendChild(tr);
    }
    wrap.appendChild(table);
    return wrap;
  }
}
