// Input: real DOM buttons laid exactly over the tiles of your hand (tap to select, tap again to
// discard; focusable, labelled for screen readers), and the keyboard (arrows, Enter, shortcut keys).
// Which tiles may be discarded comes from the engine's legal actions; nothing is decided here.

import {groupLabel, groupOfKey} from './actions.mjs';
import {getLang, t, tileName} from './i18n.mjs';

/**
 * Rebuild (when needed) and position the hand buttons.
 * @param {HTMLElement} box   the #hand container over the canvas
 * @param {object} L          layout from computeLayout
 * @param {object} state      engine view
 * @param {object} ui         {selected, replay}
 * @param {(index: number, tile: string, legal: boolean) => void} onTile
 */
export function syncHandButtons(box, L, state, ui, onTile) {
  const discardable = new Set();
  if (!ui.replay && state.human_to_act) {
    for (const a of state.legal_actions) if (a.group === 'discard') discardable.add(a.tiles[0]);
  }
  const sig = JSON.stringify([state.hand, state.drawn, [...discardable], ui.replay, ui.lang, ui.selected]);
  if (box.dataset.sig !== sig) {
    const focused = document.activeElement && box.contains(document.activeElement)
      ? Number(/** @type {HTMLElement} */ (document.activeElement).dataset.index) : null;
    box.dataset.sig = sig;
    box.textContent = '';
    for (const tl of L.hand.tiles) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.index = String(tl.index);
      const legal = discardable.has(tl.tile);
      let label = tileName(tl.tile);
      if (tl.drawn) label += ui.lang === 'en' ? ' (drawn)' : '（刚摸到）';
      if (legal) {
        b.dataset.action = 'discard';
        b.dataset.tile = tl.tile;
        label = `${groupLabel('discard', getLang())} ${label}`;
        if (ui.selected === tl.index) b.setAttribute('aria-pressed', 'true');
      } else {
        b.setAttribute('aria-disabled', 'true');
      }
      b.setAttribute('aria-label', label);
      b.title = label;
      b.addEventListener('click', (ev) => { ev.stopPropagation(); onTile(tl.index, tl.tile, legal); });
      box.appendChild(b);
    }
    if (focused !== null) {
      const again = /** @type {HTMLButtonElement|null} */ (box.querySelector(`button[data-index="${focused}"]`));
      if (again) again.focus();
    }
  }
  // position (cheap; the layout may change with every resize)
  const buttons = /** @type {HTMLCollectionOf<HTMLElement>} */ (box.children);
  L.hand.tiles.forEach((tl, i) => {
    const b = buttons[i];
    if (!b) return;
    const top = tl.y - L.hand.raise;
    b.style.left = `${tl.x}px`;
    b.style.top = `${top}px`;
    b.style.width = `${tl.w}px`;
    b.style.height = `${(tl.y === L.hand.y ? L.H : tl.y + L.hand.h) - top}px`;
  });
}

/** Move keyboard focus among the hand buttons (dir = -1 | +1); returns the newly focused button. */
export function moveFocus(box, dir) {
  const buttons = [...box.querySelectorAll('button')];
  if (!buttons.length) return null;
  let i = buttons.indexOf(document.activeElement);
  if (i < 0) i = dir > 0 ? -1 : buttons.length;
  i = Math.max(0, Math.min(buttons.length - 1, i + dir));
  buttons[i].focus();
  return buttons[i];
}

/**
 * Keyboard play (Space or Esc passes; with several chows, 1-3 picks one). handlers: {arrow(dir), shortcut(group) -> bool, replayStep(dir), replay() -> bool}
 */
export function installKeyboard(handlers) {
  window.addEventListener('keydown', (ev) => {
    if (ev.defaultPrevented || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (document.querySelector('dialog[open]')) return;
    const target = ev.target instanceof Element ? ev.target : null;
    const tag = target ? target.tagName : '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    const key = ev.key.toLowerCase();
    if (handlers.replay()) {
      if (key === 'arrowleft' || key === 'arrowright') {
        handlers.replayStep(key === 'arrowright' ? 1 : -1);
        ev.preventDefault();
      }
      return;
    }
    if (key === 'arrowleft' || key === 'arrowright') {
      handlers.arrow(key === 'arrowright' ? 1 : -1);
      ev.preventDefault();
      return;
    }
    const group = groupOfKey(ev.key);
    // Space on a focused action button presses that button, as everywhere else
    if (key === ' ' && tag === 'BUTTON' && !target.closest('#hand')) return;
    if (group && handlers.shortcut(group)) ev.preventDefault();
  });
}
