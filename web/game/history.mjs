// The match history: the end-of-match dialog with the final standings, a table of every hand
// (dealer, who won with what, each seat's change) and a line chart of each seat's points.

import {seatName, t} from '../i18n.mjs';
import {$, el} from './dom.mjs';

export class MatchHistory {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {() => void} onClose  the dock offers the dialog again once it is closed
   */
  constructor(ctrl, onClose) {
    this.ctrl = ctrl;
    $('gameover').addEventListener('close', onClose);
    $('go-export').addEventListener('click', () => this.ctrl.exportLog());
  }

  get open() { return $('gameover').open; }

  show() {
    const s = this.ctrl.state;
    const body = $('gameover-body');
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
    if (!$('gameover').open) $('gameover').showModal();
  }
}
