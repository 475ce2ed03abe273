// Embeddable Hangzhou mahjong widgets. One script tag on any page:
//
//   <script type="module" src="https://example.org/hzmj/widget.mjs"></script>
//   <hzmj-lesson name="baotou"></hzmj-lesson>
//   <hzmj-hand tiles="P* 1m2m3m 4p5p6p 7s8s9s EEE"></hzmj-hand>
//
// Every widget renders in its own shadow DOM (no style leaks either way) and all widgets of a page share
// one engine worker (web/tutorial/engine.mjs). Files are found relative to this module's URL, so the
// deployed dist/ may live on another origin (it must then send CORS headers).
import {engine, call} from './tutorial/engine.mjs';
import {renderHandCard, renderLesson} from './tutorial/lesson.mjs';
import {markSolved, solved} from './tutorial/progress.mjs';
import {styleSheet} from './tutorial/styles.mjs';
import {el, tr} from './tutorial/ui.mjs';

let shared = null;
const sheet = () => (shared ??= styleSheet());

function pageLang(node) {
  const own = node.getAttribute('lang') || node.closest('[lang]')?.getAttribute('lang') || '';
  return own.toLowerCase().startsWith('en') ? 'en' : 'zh';
}

class HzmjBase extends HTMLElement {
  constructor() {
    super();
    this.attachShadow({mode: 'open'}).adoptedStyleSheets = [sheet()];
    this._token = 0;
  }

  connectedCallback() { this._render(); }

  attributeChangedCallback() { if (this.isConnected) this._render(); }

  get uiLang() { return pageLang(this); }

  async _render() {
    const token = ++this._token;
    const lang = this.uiLang;
    const status = el('div', {class: 'status', role: 'status', 'aria-live': 'polite'}, tr(lang, 'loading'), ' ',
      el('progress', {max: '1', value: '0'}));
    this.shadowRoot.replaceChildren(status);
    this.dataset.state = 'loading';
    try {
      await engine((p) => { const bar = status.querySelector('progress'); if (bar) bar.value = p.fraction || 0; });
      const node = await this.build(lang);
      if (token !== this._token) return;
      this.shadowRoot.replaceChildren(node);
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('hzmj-ready', {bubbles: true}));
    } catch (err) {
      if (token !== this._token) return;
      this.dataset.state = 'error';
      this.shadowRoot.replaceChildren(
        el('p', {class: 'error', role: 'alert'}, tr(lang, 'failed') + (err.message || err)));
    }
  }
}

/** <hzmj-lesson name="baotou" [lang="en"]>: one lesson of the tutorial with its exercises. */
class HzmjLesson extends HzmjBase {
  static get observedAttributes() { return ['name', 'lang']; }

  async build(lang) {
    const name = this.getAttribute('name') || 'tiles';
    const data = await call('lesson', {id: name});
    const node = renderLesson(data, {lang, call: (m, a) => call(m, a), solved: solved(), onSolved: markSolved});
    node.classList.add('tut');
    return node;
  }
}

/**
 * <hzmj-hand tiles="P* 1m2m3m 4p5p6p 7s8s9s EEE" [melds="EEE 123m"] [wildcard="5s"] [win-tile="N"]
 *            [caption="…"] [size="34"] [lang="en"]>: a hand drawn as tiles with the engine's analysis.
 */
class HzmjHand extends HzmjBase {
  static get observedAttributes() { return ['tiles', 'melds', 'wildcard', 'win-tile', 'caption', 'size', 'lang']; }

  async build(lang) {
    const info = await call('hand_widget', {tiles: this.getAttribute('tiles') || '',
      melds: this.getAttribute('melds') || '', wildcard: this.getAttribute('wildcard') || null,
      win_tile: this.getAttribute('win-tile') || null});
    this.analysis = info;
    const node = renderHandCard(info, lang, {caption: this.getAttribute('caption'),
      size: Number(this.getAttribute('size')) || undefined});
    node.classList.add('tut');
    return node;
  }
}

if (!customElements.get('hzmj-lesson')) customElements.define('hzmj-lesson', HzmjLesson);
if (!customElements.get('hzmj-hand')) customElements.define('hzmj-hand', HzmjHand);
