// Small DOM helpers shared by the game page's views: element lookup, the toast, the prompt (the element maker
// is every page's, page.mjs).

import {$, el} from '../page.mjs';

export {$, el};

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A new SVG element with these attributes. */
export function svgEl(tag, attrs = {}) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  return e;
}

/** A small icon drawn from SVG paths (no font needed), hidden from screen readers: one path per attribute set. */
export function icon(viewBox, paths, attrs = {}) {
  const svg = svgEl('svg', {viewBox, 'aria-hidden': 'true', ...attrs});
  for (const p of paths) svg.appendChild(svgEl('path', p));
  return svg;
}

/** Write the prompt in the top bar, set smaller when it needs more lines than its box holds (a phone held
 *  upright gives it a fixed two-line box, so the table keeps its size). Every writer of the prompt comes here. */
export function showPrompt(text) {
  const box = $('prompt');
  box.textContent = text;
  box.classList.remove('long');
  if (box.scrollHeight > box.clientHeight + 1) box.classList.add('long');
}

let toastTimer = 0;
let toastWords = null;   // the shown message's words, written in the current language when called

/** A short message over the table (where, by screen: style.css); `bad` ones stay longer and are styled as
 *  errors. `words()` writes it in the current language: the message follows a language switch while it shows
 *  (relabelToast). */
export function toast(words, bad = false, ms = bad ? 4000 : 2200) {
  const box = $('toast');
  toastWords = words;
  box.textContent = words();
  box.classList.toggle('bad', bad);
  // where the top bar's buttons end: on a short landscape screen the toast sits in the column at the right
  // just under them, over the prompt's words (style.css); the buttons may wrap to two rows
  const tools = document.querySelector('.topbar .tools');
  if (tools) box.style.setProperty('--tools-bottom', `${Math.ceil(tools.getBoundingClientRect().bottom)}px`);
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; toastWords = null; }, ms);
}

/** Rewrite the message that shows in the current language (after a language switch). */
export function relabelToast() {
  const box = $('toast');
  if (!box.hidden && toastWords) box.textContent = toastWords();
}

/** Close every open dialog. */
export function closeDialogs() {
  for (const d of document.querySelectorAll('dialog')) if (d.open) d.close();
}

const SUIT_ORDER = {m: 0, p: 1, s: 2};

/** Sort order of tiles as the page shows them: characters, dots, bamboo, then winds and dragons. */
export function tileOrder(a, b) {
  const key = (x) => (x.length === 2 ? SUIT_ORDER[x[1]] * 10 + Number(x[0]) : 40 + 'ESWNCFP'.indexOf(x));
  return key(a) - key(b);
}

/**
 * Mark a sheet dialog that has more below its fold (`data-more="below"`, cleared at its end), so that the cue
 * above its buttons (style.css) says it scrolls; the buttons themselves stay in sight. Kept current as the
 * dialog opens, scrolls, resizes or its content changes. `words()` gives the cue's text in the current language.
 */
export function watchScroll(dialog, words) {
  const bar = dialog.querySelector('.buttons');
  if (!bar) return;
  const cue = el('span', {className: 'more-cue'});
  cue.setAttribute('aria-hidden', 'true');
  bar.prepend(cue);
  let queued = false;
  const update = () => {
    queued = false;
    if (!dialog.open) return;
    cue.textContent = words();
    const more = dialog.scrollHeight - dialog.scrollTop - dialog.clientHeight > 2;
    if (more) dialog.dataset.more = 'below';
    else delete dialog.dataset.more;
  };
  const later = () => { if (!queued) { queued = true; requestAnimationFrame(update); } };
  dialog.addEventListener('scroll', later, {passive: true});
  window.addEventListener('resize', later);
  new MutationObserver(later).observe(dialog, {attributes: true, attributeFilter: ['open'], childList: true, subtree: true});
  new ResizeObserver(later).observe(dialog);
}
