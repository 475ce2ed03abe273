// A question the page must ask before it goes on (keep the game in progress or replace it; another tab
// took the game over): a modal dialog of our own sheet style with a title, a line of text and buttons.
// Escape does not dismiss it: the player answers with one of the buttons.

import {el} from './dom.mjs';

/**
 * Show a question; resolves with the `value` of the button pressed.
 * @param {string} id      the dialog's id (tests find it by it)
 * @param {string} title
 * @param {string} text
 * @param {{value: string, label: string, primary?: boolean}[]} buttons
 * @returns {{answer: Promise<string>, close: () => void}}
 */
export function ask(id, title, text, buttons) {
  document.getElementById(id)?.remove();
  const dlg = el('dialog', {id, className: 'sheet'});
  dlg.setAttribute('aria-labelledby', `${id}-title`);
  dlg.appendChild(el('h2', {id: `${id}-title`}, title));
  dlg.appendChild(el('p', {}, text));
  const row = el('div', {className: 'buttons'});
  let done;
  const answer = new Promise((resolve) => { done = resolve; });
  for (const b of buttons) {
    const btn = el('button', {type: 'button', className: b.primary ? 'primary' : ''}, b.label);
    btn.dataset.answer = b.value;
    btn.addEventListener('click', () => { dlg.close(); dlg.remove(); done(b.value); });
    row.appendChild(btn);
  }
  dlg.appendChild(row);
  dlg.addEventListener('cancel', (ev) => ev.preventDefault());
  document.body.appendChild(dlg);
  dlg.showModal();
  return {answer, close: () => { if (dlg.open) dlg.close(); dlg.remove(); }};
}
