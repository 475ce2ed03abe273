// The action dock under the table: the prompt in the top bar, the info line (hints, waits, why an
// expected action is not offered) and one button per legal action other than a discard (discards are
// the tiles of the hand). A button sends exactly the legal action it shows.

import {groupKey, groupLabel, groupOrder} from '../actions.mjs';
import {getLang, listWords, seatName, t, tileName} from '../i18n.mjs';
import {isWild} from '../render/rivers.mjs';
import {tileCanvas} from '../render/tiles.mjs';
import {$, el, showPrompt, tileOrder} from './dom.mjs';
import {adviceWords, reasonWords} from './words.mjs';

// the page's layout with the dock in a column at the right of the felt (style.css)
const SHORT_LANDSCAPE = '(min-aspect-ratio: 13/10) and (max-height: 560px)';

export class Dock {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {{selected: () => number|null, suggested: () => string|null, hints: () => boolean,
   *          gameOverOpen: () => boolean, showGameOver: () => void, resultOpen: () => boolean,
   *          showResult: () => void}} ui
   */
  constructor(ctrl, ui) {
    this.ctrl = ctrl;
    this.ui = ui;
    // 全部 / More: where the hints' box has a fixed height (a phone held upright), the words it cannot show
    // open over the felt, so the table keeps its size
    this.more = el('button', {type: 'button', className: 'info-more', id: 'info-more', hidden: true});
    this.more.setAttribute('aria-controls', 'info');
    this.more.addEventListener('click', () => this.openInfo(!$('info').classList.contains('open')));
    $('info').after(this.more);
    this.infoText = '';
    this.infoState = null;
    // a turned phone or a resized window: the boxes' sizes change, not their words
    window.addEventListener('resize', () => {
      if (!this.ctrl.state) return;
      showPrompt($('prompt').textContent);
      if (this.ctrl.mode !== 'replay') this.fit();
      else fitRules();
    });
    // the rules line is written after the dock (app.mjs): fitted when its words change
    new MutationObserver(fitRules).observe($('rules'), {childList: true, characterData: true, subtree: true});
    // the hints' box changes size after the dock is drawn too (the rules line written under it, a font
    // arriving): whether its words need More is measured again then, and the rules line after it
    new ResizeObserver(() => {
      if (!this.ctrl.state || this.ctrl.mode === 'replay') return;
      this.fitInfo($('info'));
      fitRules();
    }).observe($('info'), {box: 'border-box'});
  }

  render() {
    const ctrl = this.ctrl;
    const s = ctrl.state;
    if (!s) return;
    const actions = $('actions');
    const info = $('info');
    actions.textContent = '';
    $('replay-bar').hidden = ctrl.mode !== 'replay';
    actions.hidden = ctrl.mode === 'replay';
    document.documentElement.dataset.mode = ctrl.mode;   // the page's layout differs in a replay
    if (ctrl.mode === 'replay') {  // the replay viewer writes the prompt and info (its last step in words)
      this.more.hidden = true;
      info.classList.remove('more', 'open');
      return;
    }
    info.textContent = '';
    showPrompt(this.prompt(s));
    this.renderInfo(s, info);
    this.fillActions(s, actions);
    this.fit();
  }

  /** Fit the hints, the rules line and the buttons to their boxes: buttons in more than one row take the room
   *  of the rules and the hints (a phone held upright), hints longer than their box get More. */
  fit() {
    const tops = new Set([.../** @type {HTMLCollectionOf<HTMLElement>} */ ($('actions').children)].map((b) => b.offsetTop));
    $('dock').toggleAttribute('data-tall', tops.size > 1);
    this.fitInfo($('info'));
    fitRules();   // after the hints: their More button, shown or hidden, takes a row of the rules' column
  }

  /** One button per legal action other than a discard (or the buttons of a hand that is over). */
  fillActions(s, actions) {
    if (s.hand_over) {
      // the result and game-over dialogs may be closed to look at the table; they come back from here
      if (s.match.over && !this.ui.gameOverOpen()) {
        const b = actionButton('next', t('game_over'), [], 'N', s);
        b.addEventListener('click', () => this.ui.showGameOver());
        actions.appendChild(b);
      } else if (!s.match.over && !this.ui.resultOpen()) {
        const again = actionButton('result', t('show_result'), [], '', s);
        again.addEventListener('click', () => this.ui.showResult());
        actions.appendChild(again);
        const next = actionButton('next', t('next'), [], 'N', s);
        next.addEventListener('click', () => this.ctrl.nextHand());
        actions.appendChild(next);
      }
      return;
    }
    if (!s.human_to_act) return;
    const others = s.legal_actions.filter((a) => a.group !== 'discard').sort((a, b) => groupOrder(a.group) - groupOrder(b.group));
    const chows = others.filter((a) => a.group === 'chow');
    const sug = this.ui.hints() && s.hints && s.hints.suggestion ? s.hints.suggestion.action : null;
    for (const a of others) {
      const b = this.buttonFor(a, chows.length > 1 ? chows.indexOf(a) + 1 : 0);
      if (sug && sug.text === a.text) b.classList.add('hint-mark');
      actions.appendChild(b);
    }
  }

  prompt(s) {
    const discards = s.legal_actions.filter((a) => a.group === 'discard');
    const selected = this.ui.selected();
    if (s.hand_over) {
      return s.result && s.result.winner !== null ? t('settle_title_win', {who: seatName(s.result.winner, s.seat)})
        : t('settle_title_draw');
    }
    if (s.human_to_act && discards.length) {
      if (discards.length === 1) return t('only_discard', {tile: tileName(discards[0].tiles[0])});
      return selected !== null ? t('tap_again', {tile: tileName(s.hand[selected])}) : t('your_turn');
    }
    if (s.human_to_act && s.claim) return t('claim_prompt', {who: seatName(s.claim.from, s.seat), tile: tileName(s.claim.tile)});
    if (s.bots_to_act.length) return t('bots_thinking', {who: seatName(s.bots_to_act[0], s.seat)});
    return '';
  }

  /** Whether the hints' words overflow their box: 全部 / More shows when they do; an opened box stays open
   *  while its words stay the same (a new decision closes it, so it never hides the hand it speaks of). */
  fitInfo(info) {
    const text = info.textContent;
    const open = info.classList.contains('open') && text === this.infoText && this.ctrl.state === this.infoState;
    this.infoText = text;
    this.infoState = this.ctrl.state;
    info.classList.remove('open', 'more');
    // (buttons in two rows take the box's room on a phone held upright: its words are all behind More)
    const covered = getComputedStyle(info).visibility === 'hidden';
    const more = info.scrollHeight > info.clientHeight + 1 || (covered && text !== '');
    info.classList.toggle('more', more);
    this.more.hidden = !more;
    this.openInfo(more && open);
  }

  /** Open (or close) the hints' box over the felt. */
  openInfo(open) {
    const info = $('info');
    info.classList.toggle('open', open);
    this.more.setAttribute('aria-expanded', String(open));
    // a phone on its side opens them beside the column, to the left; upright, above the buttons
    const side = matchMedia(SHORT_LANDSCAPE).matches;
    this.more.textContent = t(open ? (side ? 'info_less_side' : 'info_less') : (side ? 'info_more_side' : 'info_more'));
    if (!open) info.scrollTop = 0;
  }

  /** Hints, waits and the reasons an expected action is not offered, in words. */
  renderInfo(s, info) {
    const me = s.players[s.seat];
    const hints = s.hints || {};
    const en = getLang() === 'en';
    const showHints = this.ui.hints();
    const notes = [];
    if (hints.blocked) {
      for (const b of hints.blocked) notes.push(reasonWords(b, s.seat));
    } else {
      if (!s.hand_over && me.freeze_bound) notes.push(t('blocked_freeze'));
      if (!s.hand_over && s.passed_win && s.passed_win.length) {
        notes.push(t('blocked_passed_win', {tiles: listWords(s.passed_win.map(tileName))}));
      }
    }
    let waits = hints.waits || [];
    let waitsLabel = t('waits');
    const selected = this.ui.selected();
    if (showHints && s.human_to_act && !s.hand_over && hints.ting && hints.ting.length) {
      // 听牌提示: what the selected (or suggested) discard would wait on
      const pick = selected !== null ? s.hand[selected] : this.ui.suggested();
      const ting = hints.ting.find((x) => x.discard === pick) || hints.ting[0];
      if (ting && !ting.any_tile) {
        waits = ting.waits;
        waitsLabel = t('after_discard_waits', {tile: tileName(ting.discard)});
      } else if (ting && ting.any_tile) {
        notes.push(t('after_discard_any', {tile: tileName(ting.discard)}));
      }
    }
    if (showHints && hints.suggestion && s.human_to_act && !s.hand_over) {
      info.appendChild(el('span', {className: 'suggest'}, t('suggest', {advice: adviceWords(hints.suggestion, s.claim ? s.claim.tile : null, s.seat, s.wildcard.tile)})));
    } else if (showHints && hints.current && !s.hand_over && !waits.length && hints.current.shanten !== undefined) {
      info.appendChild(el('span', {}, t('shanten_line', {n: hints.current.shanten, u: hints.current.useful})));
    }
    for (const n of notes) info.appendChild(el('span', {className: 'blocked'}, n));
    if (showHints && waits.length && !s.hand_over) {
      const box = el('span', {className: 'waits'});
      const words = waits.map((w) => `${tileName(w.tile)} ${t('remaining', {n: w.remaining})}`).join(en ? ', ' : '，');
      box.setAttribute('aria-label', `${waitsLabel}: ${words}`);
      box.title = words;
      box.appendChild(el('span', {}, `${waitsLabel}:`));
      for (const w of waits) {
        const item = el('span', {className: 'wait'});
        item.appendChild(tileCanvas(w.tile, 16, {wild: isWild(s, w.tile)}));
        item.append(t('remaining', {n: w.remaining}));
        box.appendChild(item);
      }
      info.appendChild(box);
    }
  }

  /** The button of one legal action; `chowNo` numbers the chows when there are several (keys 1-3). */
  buttonFor(a, chowNo = 0) {
    const s = this.ctrl.state;
    const claim = s.claim ? s.claim.tile : null;
    let tiles = [];
    let label = groupLabel(a.group, getLang());
    let spoken = label;
    if (a.group === 'win') {
      const tile = claim || s.drawn || null;
      tiles = tile ? [tile] : [];
      if (!claim) label = t('self_draw');
      spoken = `${label} ${tile ? tileName(tile) : ''}`;
    } else if (a.group === 'chow') {
      tiles = [...a.tiles, claim].sort(tileOrder);
      spoken = `${label} ${tiles.map(tileName).join(' ')}`;
    } else if (a.group === 'pong') {
      tiles = [claim, claim, claim];
      spoken = `${label} ${tileName(claim)}`;
    } else if (a.group === 'kong') {
      const tile = a.tiles[0] || claim;
      tiles = [tile, tile, tile, tile];
      spoken = `${label} ${tileName(tile)}`;
    }
    const key = a.group === 'chow' && chowNo ? String(chowNo) : groupKey(a.group);
    const tile = a.group === 'win' ? (claim || s.drawn) : a.group === 'kong' ? (a.tiles[0] || claim) : claim;
    const b = actionButton(a.group, label, tiles, key, s, a.group === 'chow' ? claim : null);
    if (tile && a.group !== 'pass') b.dataset.tile = tile;
    b.dataset.text = a.text;
    if (a.tiles.length) b.dataset.tiles = a.tiles.join('');
    if (chowNo) b.dataset.chow = String(chowNo);
    b.setAttribute('aria-label', spoken);
    b.title = spoken;
    b.addEventListener('click', () => this.ctrl.act(a));
    return b;
  }

  /** A keyboard shortcut: press the button of that action group (chow1-3: that chow); true if one was pressed. */
  shortcut(group) {
    if (this.ctrl.mode !== 'game' || !this.ctrl.state) return false;
    if (group === 'next') {
      const b = /** @type {HTMLButtonElement|null} */ (document.querySelector('button[data-action=next]'));
      if (b && b.offsetParent !== null) { b.click(); return true; }
      return false;
    }
    /** @type {HTMLButtonElement|null} */
    let b;
    const m = /^chow(\d)$/.exec(group);
    if (m) b = $('actions').querySelector(`button[data-action=chow][data-chow="${m[1]}"]`);
    else b = $('actions').querySelector(`button[data-action="${group}"]`);
    if (b) { b.focus(); b.click(); return true; }
    return false;
  }
}

/** The rules line set smaller where its words need more than its box's lines (a phone held upright); on a
 *  short landscape screen, where claim buttons that need the column leave it less than two lines, it gives way
 *  for that decision rather than show a line cut through. */
function fitRules() {
  const rules = $('rules');
  rules.classList.remove('long', 'squeezed');
  if (rules.scrollHeight <= rules.clientHeight + 1) return;
  rules.classList.add('long');
  const line = parseFloat(getComputedStyle(rules).lineHeight) || 16;
  if (matchMedia(SHORT_LANDSCAPE).matches && rules.clientHeight < 2 * line) rules.classList.add('squeezed');
}

function actionButton(group, label, tiles, key, s, claimTile = null) {
  const b = el('button', {type: 'button'});
  b.dataset.action = group;
  b.appendChild(el('span', {}, label));
  if (tiles.length) {
    const box = el('span', {className: 'tiles'});
    for (const x of tiles) box.appendChild(tileCanvas(x, 18, {wild: isWild(s, x), highlight: x === claimTile ? 'last' : null}));
    b.appendChild(box);
  }
  if (key) {
    b.appendChild(el('span', {className: 'key'}, key));
    b.setAttribute('aria-keyshortcuts', key === 'Space' ? 'Space' : key);
  }
  return b;
}
