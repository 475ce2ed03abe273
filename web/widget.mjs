// Embeddable Hangzhou mahjong widgets. One script tag on any page:
//
//   <script type="module" src="https://example.org/hzmj/widget.mjs"></script>
//   <hzmj-lesson name="baotou"></hzmj-lesson>
//   <hzmj-hand tiles="P* 1m2m3m 4p5p6p 7s8s9s EEE"></hzmj-hand>
//
// Every widget renders in its own shadow DOM (no style leaks either way) and all widgets of a page share
// one engine worker (web/tutorial/engine.mjs). Files are found relative to this module's URL, so the
// deployed dist/ may live on another origin (it must then send CORS headers).
import {plainMessage} from './reasons.mjs';
import {engine, call} from './tutorial/engine.mjs';
import {renderHandCard, renderLesson} from './tutorial/lesson.mjs';
import {markSolved, solved} from './tutorial/progress.mjs';
import {styleSheet} from './tutorial/styles.mjs';
import {el, tr} from './tutorial/ui.mjs';

let shared = null;
const sheet = () => (shared ??= styleSheet());

// Tile sizes (CSS px) a <hzmj-hand size> may ask for; the default is the tutorial's.
export const SIZE_MIN = 12;
export const SIZE_MAX = 96;
const SIZE_DEFAULT = 34;

/** An attribute the engine refused: the message names the attribute and its value. */
class AttributeError extends Error {
  constructor(lang, attr, value, err) {
    super(tr(lang, 'bad_attr', {attr, value: shorten(value), msg: plainMessage(err)}));
    this.attribute = attr;
  }
}

const shorten = (v) => (String(v).length > 60 ? `${String(v).slice(0, 57)}…` : String(v));

/** The tile size asked for, clamped to SIZE_MIN..SIZE_MAX, and a note for the reader when it was changed. */
function tileSize(value, lang) {
  if (value === null || value.trim() === '') return {size: SIZE_DEFAULT, note: null};
  const n = Number(value);
  if (!Number.isFinite(n)) {
    return {size: SIZE_DEFAULT, note: tr(lang, 'size_bad', {value: shorten(value), size: SIZE_DEFAULT})};
  }
  const size = Math.min(SIZE_MAX, Math.max(SIZE_MIN, n));
  return {size, note: size === n ? null
    : tr(lang, 'size_range', {value: shorten(value), min: SIZE_MIN, max: SIZE_MAX, size})};
}

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

  /**
   * The widget's content in language `lang` (each kind of widget makes its own).
   * @param {string} lang
   * @returns {Promise<Node>}
   */
  async build(lang) { throw new Error(`${this.localName} does not say what it shows (${lang})`); }

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
    } catch (err) {
      if (token !== this._token) return;
      this.showError(tr(lang, 'failed') + plainMessage(err));
      return;
    }
    try {
      const node = await this.build(lang);
      if (token !== this._token) return;
      this.shadowRoot.replaceChildren(node);
      this.dataset.state = 'ready';
      this.dispatchEvent(new CustomEvent('hzmj-ready', {bubbles: true}));
    } catch (err) {
      if (token !== this._token) return;
      this.showError(err instanceof AttributeError ? err.message : plainMessage(err));
    }
  }

  showError(text) {
    this.dataset.state = 'error';
    this.shadowRoot.replaceChildren(el('p', {class: 'error', role: 'alert'}, text));
  }
}

/** <hzmj-lesson name="baotou" [lang="en"]>: one lesson of the tutorial with its exercises. */
class HzmjLesson extends HzmjBase {
  static get observedAttributes() { return ['name', 'lang']; }

  async build(lang) {
    const name = this.getAttribute('name') || 'tiles';
    let data;
    try {
      data = await call('lesson', {id: name});
    } catch (err) {
      throw new AttributeError(lang, 'name', name, err);
    }
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
    const args = {tiles: this.getAttribute('tiles') || '', melds: this.getAttribute('melds') || '',
      wildcard: this.getAttribute('wildcard') || null, win_tile: this.getAttribute('win-tile') || null};
    let info;
    try {
      info = await call('hand_widget', args);
    } catch (err) {
      throw await this.blame(lang, args, err);
    }
    this.analysis = info;
    const {size, note} = tileSize(this.getAttribute('size'), lang);
    const node = renderHandCard(info, lang, {caption: this.getAttribute('caption'), size});
    node.classList.add('tut');
    if (note) node.append(el('p', {class: 'note', role: 'note'}, note));
    return node;
  }

  // Which attribute the engine refused. Its messages do not say (tiles and melds are parsed together),
  // so it is asked again without the later attributes; only on this error path.
  async blame(lang, args, err) {
    if (err && err.fatal) return err;
    const msg = plainMessage(err);
    const wild = /^(?:--)?(wildcard|win-tile): /.exec(msg);
    if (wild) return new AttributeError(lang, wild[1], args[wild[1].replace('-', '_')], msg.slice(wild[0].length));
    // an argument the engine's schema refused (too long, say) is named by the engine itself
    const named = /^hand_widget: '(tiles|melds|wildcard|win_tile)' /.exec(msg);
    if (named) {
      const attr = named[1].replace('_', '-');
      return new AttributeError(lang, attr, args[named[1]], msg.slice(named[0].length));
    }
    const fails = async (a) => {
      try { await call('hand_widget', a); return null; } catch (e) { return plainMessage(e); }
    };
    const countError = (m) => /^the hand has \d+ tiles/.test(m);
    if (args.melds) {
      const alone = await fails({...args, melds: '', win_tile: null});
      if (alone && !countError(alone)) return new AttributeError(lang, 'tiles', args.tiles, alone);
      const withMelds = await fails({...args, win_tile: null});
      if (withMelds && countError(withMelds)) return new AttributeError(lang, 'tiles', args.tiles, withMelds);
      if (withMelds) return new AttributeError(lang, 'melds', args.melds, withMelds);
    } else if (args.win_tile && !(await fails({...args, win_tile: null}))) {
      return new AttributeError(lang, 'win-tile', args.win_tile, msg);
    }
    if (args.melds && args.win_tile) return new AttributeError(lang, 'win-tile', args.win_tile, msg);
    return new AttributeError(lang, 'tiles', args.tiles, msg);
  }
}

if (!customElements.get('hzmj-lesson')) customElements.define('hzmj-lesson', HzmjLesson);
if (!customElements.get('hzmj-hand')) customElements.define('hzmj-hand', HzmjHand);
