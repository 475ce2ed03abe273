// The result dialog at the end of a hand: who won and how, the winning hand, the score and every
// payment with its reason, each seat's change, and every seat's tiles. A drawn hand says why it
// ended and what happens to the dealer.

import {getLang, seatName, t, tileName} from '../i18n.mjs';
import {tileCanvas} from '../render/tiles.mjs';
import {isWild, standInFor} from '../render/rivers.mjs';
import {el} from './dom.mjs';
import {payReason} from './words.mjs';

export class ResultDialog {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {HTMLDialogElement} root  the dialog (its parts are found inside it)
   */
  constructor(ctrl, root) {
    this.ctrl = ctrl;
    this.root = root;
    this.body = root.querySelector('#settle-body');
    this.next = /** @type {HTMLButtonElement} */ (root.querySelector('#btn-next'));
    /** @type {(hand: number) => void} */
    this.onWatch = () => {};       // "watch this hand" (the replay viewer sets it)
    // closed (its button or Esc) to look at the final table; the dock offers it again
    this.root.querySelector('#settle-close').addEventListener('click', () => this.root.close());
    this.root.querySelector('#settle-replay').addEventListener('click', () => this.onWatch(this.ctrl.state.match.hand_number - 1));
    // N deals the next hand, as Enter on the focused button does
    this.root.addEventListener('keydown', (ev) => {
      if (ev.key.toLowerCase() !== 'n' || ev.altKey || ev.ctrlKey || ev.metaKey || ev.repeat) return;
      ev.preventDefault();
      this.next.click();
    });
    this.next.addEventListener('click', () => { this.root.close(); this.ctrl.nextHand(); });
    this.root.querySelector('#settle-export').addEventListener('click', () => this.ctrl.exportLog());
  }

  get open() { return this.root.open; }

  show() {
    const s = this.ctrl.state;
    const body = this.body;
    body.textContent = '';
    if (s.table && s.table.ranked) body.appendChild(el('p', {className: 'ranked-line', id: 'settle-ranked'}, t('ranked_settle')));
    const r = s.result;
    if (!r || r.winner === null || r.winner === undefined) this.drawn(body, s);
    else this.won(body, s, r);
    body.appendChild(this.deltas(s, r));
    if (r && r.hands) body.appendChild(this.allHands(s, r));
    this.next.textContent = s.match.over ? t('game_over') : t('next');
    if (!this.root.open) this.root.showModal();
    this.next.focus({preventScroll: true});
    this.root.scrollTop = 0;
  }

  drawn(body, s) {
    body.appendChild(el('h2', {}, t('settle_title_draw')));
    body.appendChild(el('p', {}, t('settle_draw_text', {n: s.wall_remaining})));
    // the engine says who deals next and at which streak (after a draw the dealer stays, rules.md §8)
    const next = s.next_deal;
    if (!next) return;
    const who = seatName(next.dealer, s.seat);
    const verb = next.dealer === s.seat ? 'deal' : 'deals';
    body.appendChild(el('p', {className: 'dealer-stays'}, next.streak !== s.streak
      ? t('dealer_stays_up', {who, verb, a: s.streak, b: next.streak}) : t('dealer_stays', {who, verb, a: s.streak})));
  }

  won(body, s, r) {
    const ev = r.evaluation || {};
    const st = r.settlement || {};
    const head = el('div', {className: 'settle-head'});
    head.appendChild(el('h2', {}, t('settle_title_win', {who: seatName(r.winner, s.seat)})));
    // in English the Chinese name follows in parentheses, kept on one line: "Self-draw (自摸)"
    head.appendChild(getLang() === 'en'
      ? el('span', {className: 'pattern'}, `${ev.name_en} `, el('span', {className: 'zh'}, `(${ev.name_zh})`))
      : el('span', {className: 'pattern'}, ev.name_zh));
    head.appendChild(el('span', {}, `${t('fan_n', {n: ev.fan})} · ×${st.multiplier}`));
    body.appendChild(head);
    // the winning hand split into its sets and pair (each wildcard with the face it stood for), then the melds
    const handBox = el('div', {className: 'settle-hand', role: 'img'});
    const big = tileSize(30), small = tileSize(24);
    const win = r.winning_tile;
    let winFace = null;
    const spoken = [];
    if (r.split) {
      r.split.groups.forEach((g, gi) => {
        const set = el('span', {className: 'set'});
        g.forEach((x, i) => {
          const isWin = r.split.winning && r.split.winning[0] === gi && r.split.winning[1] === i;
          if (isWin) winFace = x.face;
          set.appendChild(tileWithFace(s, x.tile, x.face, big, isWin));
          spoken.push(faceWords(s, x.tile, x.face));
        });
        handBox.appendChild(set);
      });
    } else {
      const set = el('span', {className: 'set'});
      for (const x of r.hands ? r.hands[r.winner] : []) set.appendChild(tileWithFace(s, x, x, big, false));
      handBox.appendChild(set);
    }
    for (const m of s.players[r.winner].melds) handBox.appendChild(meldBox(s, m, small));
    handBox.setAttribute('aria-label', spoken.join(' '));
    body.appendChild(handBox);
    const facts = el('div', {className: 'facts'});
    const fact = (k, v) => { const f = el('span', {className: 'fact'}, `${k} `); f.appendChild(el('b', {}, String(v))); facts.appendChild(f); };
    fact(t('win_type'), t(`wt.${r.win_type}`));
    if (win) fact(t('winning_tile'), isWild(s, win) && winFace && winFace !== win ? t('wild_as', {tile: tileName(win), face: tileName(winFace)}) : tileName(win));
    fact(t('fan'), ev.fan);
    fact(t('multiplier'), `×${st.multiplier}`);
    fact(t('dealer_factor'), `×${st.dealer_factor} (${seatName(st.dealer, s.seat)}, ${st.streak > 1 ? t('streak', {n: st.streak}) : t('streak1')})`);
    fact(t('base'), st.base);
    fact(t('total'), st.total);
    if (ev.baotou) fact(t('baotou'), '✓');
    if (ev.qike) fact(t('qike'), '✓');
    if (ev.piao) fact(t('piao'), ev.piao);
    if (ev.kongs) fact(t('kongs'), ev.kongs);
    if (ev.haohua) fact(t('haohua'), ev.haohua);
    body.appendChild(facts);
    body.appendChild(el('h3', {}, t('payments')));
    const table = el('table', {className: 'pay'});
    for (const p of st.payments || []) {
      const tr = el('tr');
      tr.appendChild(el('td', {}, p.payer === s.seat ? t('pays_you', {amount: p.amount})
        : t('pays', {payer: seatName(p.payer, s.seat), amount: p.amount})));
      tr.appendChild(el('td', {className: p.reason.includes('chengbao') || p.reason === 'konger' ? 'reason-chengbao' : ''}, payReason(p)));
      tr.appendChild(el('td', {className: 'num minus'}, `−${p.amount}`));
      table.appendChild(tr);
    }
    body.appendChild(table);
  }

  /** Every seat's change and points after the hand. */
  deltas(s, r) {
    const box = el('div');
    box.appendChild(el('h3', {}, t('deltas')));
    const table = el('table', {className: 'pay'});
    const deltas = (r && r.deltas) || [0, 0, 0, 0];
    for (const p of s.players) {
      const tr = el('tr');
      const d = deltas[p.seat];
      tr.appendChild(el('td', {}, `${seatName(p.seat, s.seat)}${p.is_dealer ? ` (${t('dealer')})` : ''}`));
      tr.appendChild(el('td', {className: `num ${d > 0 ? 'plus' : d < 0 ? 'minus' : ''}`}, d > 0 ? `+${d}` : d < 0 ? `−${-d}` : '0'));
      tr.appendChild(el('td', {className: 'num'}, `${s.match.points[p.seat] + d} ${t('points')}`));
      table.appendChild(tr);
    }
    box.appendChild(table);
    return box;
  }

  /** Every seat's concealed tiles and melds. */
  allHands(s, r) {
    const box = el('div');
    box.appendChild(el('h3', {}, t('hands')));
    const all = el('div', {className: 'allhands'});
    r.hands.forEach((hand, seat) => {
      const row = el('div', {className: 'row'});
      row.appendChild(el('span', {className: 'who'}, seatName(seat, s.seat)));
      const tiles = el('span', {className: 'tiles'});
      const size = tileSize(20);
      for (const x of hand) tiles.appendChild(tileCanvas(x, size, tileOpts(s, x)));
      for (const m of s.players[seat].melds) tiles.appendChild(meldBox(s, m, size));
      row.appendChild(tiles);
      row.setAttribute('aria-label', `${seatName(seat, s.seat)}: ${hand.map(tileName).join(' ')}`);
      all.appendChild(row);
    });
    box.appendChild(all);
    return box;
  }
}

/** A tile width that grows with the screen (`base` at 1280 px wide, never smaller than at a phone's). */
function tileSize(base) {
  return Math.round(base * Math.min(1.6, Math.max(0.8, Math.min(window.innerWidth / 1280, window.innerHeight / 760))));
}

function tileOpts(s, tile) {
  return {wild: isWild(s, tile), standIn: standInFor(s, tile)};
}

/** A tile with, under it, the face it stood for when that differs (a wildcard or a 白板 stand-in). */
function tileWithFace(s, tile, face, size, isWin) {
  const box = el('span', {className: 'ft'});
  box.appendChild(tileCanvas(tile, size, {...tileOpts(s, tile), highlight: isWin ? 'win' : null}));
  if (face && face !== tile && isWild(s, tile)) box.appendChild(el('small', {className: 'as'}, `=${tileName(face)}`));
  return box;
}

function faceWords(s, tile, face) {
  return face && face !== tile && isWild(s, tile) ? t('wild_as', {tile: tileName(tile), face: tileName(face)}) : tileName(tile);
}

/** One meld: its tiles (face down when hidden), the claimed tile marked. */
function meldBox(s, m, size) {
  const box = el('span', {className: 'set meld'});
  m.tiles.forEach((x, i) => {
    const face = m.faces ? m.faces[i] : x;
    const wrap = el('span', {className: 'ft'});
    wrap.appendChild(tileCanvas(x || '', size, {back: !x, ...(x ? tileOpts(s, x) : {}),
      highlight: m.claimed && x === m.claimed && i === m.tiles.indexOf(m.claimed) ? 'last' : null}));
    if (x && face && face !== x && isWild(s, x)) wrap.appendChild(el('small', {className: 'as'}, `=${tileName(face)}`));
    box.appendChild(wrap);
  });
  return box;
}
