// Embeddable Hangzhou mahjong widgets. One script tag on any page:
//
//   <script type="module" src="https://example.org/hzmj/widget.mjs"></script>
//   <hzmj-lesson name="baotou"></hzmj-lesson>
//   <hzmj-hand tiles="P* 1m2m3m 4p5p6p 7s8s9s EEE"></hzmj-hand>
//
// A widget written by `python -m hzmj_core embed` carries the engine's analysis in a
// <script type="application/json"> child: it is drawn from that, and a lesson's exercises are answered from
// it, with no Python runtime (docs/embedding.md). The runtime (Pyodide and the engine's wheel, some 7 MB) is
// fetched only for a widget without carried analysis, or when a reader asks for something the engine must
// work out (another discard, another draw); then a progress line shows under the widget while the page stays
// readable, and all widgets of a page share that one engine worker (web/tutorial/engine.mjs, imported only
// then). Every widget renders in its own shadow DOM (no style leaks either way). Files are found relative
// to this module's URL, so the deployed dist/ may live on another origin (it must then send CORS headers).
import {plainMessage} from './reasons.mjs';
import {carriedCall} from './tutorial/carried.mjs';
import {renderHandCard, renderLesson} from './tutorial/lesson.mjs';
import {markSolved, solved} from './tutorial/progress.mjs';
import {styleSheet} from './tutorial/styles.mjs';
import {el, hand, namedTile, splitTiles, tileButton, tr} from './tutorial/ui.mjs';

let shared = null;
const sheet = () => (shared ??= styleSheet());

// Tile sizes (CSS px) a <hzmj-hand size> may ask for; the default is the tutorial's.
export const SIZE_MIN = 12;
export const SIZE_MAX = 96;
const SIZE_DEFAULT = 34;

/** The version of the carried data's shape this script reads (hzmj_core/tutorial/embed.py CARRIED_FORMAT). */
export const CARRIED_FORMAT = 1;

// The engine's module is imported on the first need: until then not even the worker's bridge is loaded.
let runtime = null;
const engineModule = () => (runtime ??= import('./tutorial/engine.mjs'));

/** Start (or join) the page's one engine; onProgress gets {phase, fraction}. */
export async function startEngine(onProgress) { return (await engineModule()).engine(onProgress); }

/** Call an engine method through the page's one worker, starting it if need be. */
export async function engineCall(method, args) { return (await engineModule()).call(method, args); }

/** Whether the engine has been asked for on this page (its module imported). */
export const engineAsked = () => runtime !== null;

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

/** A visible line saying the engine is loading, with its progress; `done()` removes it. */
function progressLine(lang) {
  const bar = el('progress', {max: '1', value: '0'});
  const line = el('div', {class: 'status', role: 'status', 'aria-live': 'polite'}, tr(lang, 'loading'), ' ', bar);
  return {line, progress: (p) => { bar.value = p.fraction || 0; }, done: () => line.remove()};
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

  /** The kind of widget its carried data must name ('lesson', 'hand'; each kind says). */
  get kind() { return ''; }

  /**
   * The widget's content drawn from its carried data (each kind that carries data draws it).
   * @param {object} carried
   * @param {string} lang
   * @returns {Node}
   */
  fromCarried(carried, lang) { throw new Error(`${this.localName} carries no data (${lang})`); }

  attributeChangedCallback() { if (this.isConnected) this._render(); }

  get uiLang() { return pageLang(this); }

  /** The carried data, when the widget has some for its present attributes (else null: the engine is asked). */
  carried() {
    const block = [...this.children].find((c) => c instanceof HTMLScriptElement && c.type === 'application/json');
    if (!block) return null;
    let data;
    try {
      data = JSON.parse(block.textContent);
    } catch {
      this.dataset.carried = 'unreadable';
      return null;
    }
    const ok = data && data.format === CARRIED_FORMAT && data.kind === this.kind && data.for
      && Object.entries(data.for).every(([k, v]) => (this.getAttribute(k) || '') === v);
    this.dataset.carried = ok ? 'used' : 'stale';  // stale: written for other attributes or another version
    return ok ? data : null;
  }

  async _render() {
    const token = ++this._token;
    const lang = this.uiLang;
    // a module script may run while the page is still parsed: wait for the widget's children
    if (document.readyState === 'loading') {
      await new Promise((ok) => document.addEventListener('DOMContentLoaded', ok, {once: true}));
      if (token !== this._token) return;
    }
    const carried = this.carried();
    if (carried) {
      try {
        this.ready(this.fromCarried(carried, lang), 'carried');
      } catch (err) {
        this.showError(plainMessage(err));
      }
      return;
    }
    const status = progressLine(lang);
    this.shadowRoot.replaceChildren(...this.preview(lang), status.line);
    this.dataset.state = 'loading';
    try {
      await startEngine(status.progress);
    } catch (err) {
      if (token !== this._token) return;
      this.showError(tr(lang, 'failed') + plainMessage(err));
      return;
    }
    try {
      const node = await this.build(lang);
      if (token !== this._token) return;
      this.ready(node, 'engine');
    } catch (err) {
      if (token !== this._token) return;
      this.showError(err instanceof AttributeError ? err.message : plainMessage(err));
    }
  }

  /**
   * What can be shown before the engine answers (the tiles as written): nothing by default.
   * @param {string} lang
   * @returns {Node[]}
   */
  preview(lang) { return []; }

  ready(node, source) {
    this.shadowRoot.replaceChildren(node);
    this.dataset.state = 'ready';
    this.dataset.source = source;
    this.dispatchEvent(new CustomEvent('hzmj-ready', {bubbles: true}));
  }

  showError(text) {
    this.dataset.state = 'error';
    this.shadowRoot.replaceChildren(el('p', {class: 'error', role: 'alert'}, text));
  }
}

/** <hzmj-lesson name="baotou" [lang="en"]>: one lesson of the tutorial with its exercises. */
class HzmjLesson extends HzmjBase {
  static get observedAttributes() { return ['name', 'lang']; }

  get kind() { return 'lesson'; }

  draw(data, lang, call) {
    const node = renderLesson(data, {lang, call, solved: solved(), onSolved: markSolved});
    node.classList.add('tut');
    return node;
  }

  // Each answer is judged from the carried table; an answer it has no verdict for goes to the engine.
  fromCarried(carried, lang) { return this.draw(carried.lesson, lang, carriedCall(carried.answers, engineCall)); }

  async build(lang) {
    const name = this.getAttribute('name') || 'tiles';
    let data;
    try {
      data = await engineCall('lesson', {id: name});
    } catch (err) {
      throw new AttributeError(lang, 'name', name, err);
    }
    return this.draw(data, lang, engineCall);
  }
}

const ALL_TILES = ['m', 'p', 's'].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`))
  .concat(['E', 'S', 'W', 'N', 'C', 'F', 'P']);

/**
 * <hzmj-hand tiles="P* 1m2m3m 4p5p6p 7s8s9s EEE" [melds="EEE 123m"] [wildcard="5s"] [win-tile="N"]
 *            [caption="…"] [size="34"] [lang="en"]>: a hand drawn as tiles with the engine's analysis, and a
 * button to try another discard (14 tiles) or a draw (13 tiles), which the engine answers.
 */
class HzmjHand extends HzmjBase {
  static get observedAttributes() { return ['tiles', 'melds', 'wildcard', 'win-tile', 'caption', 'size', 'lang']; }

  get kind() { return 'hand'; }

  args() {
    return {tiles: this.getAttribute('tiles') || '', melds: this.getAttribute('melds') || '',
      wildcard: this.getAttribute('wildcard') || null, win_tile: this.getAttribute('win-tile') || null};
  }

  // the tiles as written, drawn from the notation alone while the engine loads
  preview(lang) {
    const groups = (this.getAttribute('tiles') || '').split(/\s+/).filter(Boolean).map(splitTiles);
    const {size} = tileSize(this.getAttribute('size'), lang);
    return groups.flat().length ? [el('div', {class: 'hand-card preview'}, hand(groups, lang, {size}))] : [];
  }

  fromCarried(carried, lang) { return this.draw(carried.analysis, lang); }

  async build(lang) {
    const args = this.args();
    let info;
    try {
      info = await engineCall('hand_widget', args);
    } catch (err) {
      throw await this.blame(lang, args, err);
    }
    return this.draw(info, lang);
  }

  draw(info, lang) {
    this.analysis = info;
    const {size, note} = tileSize(this.getAttribute('size'), lang);
    const node = renderHandCard(info, lang, {caption: this.getAttribute('caption'), size});
    node.classList.add('tut');
    if (note) node.append(el('p', {class: 'note', role: 'note'}, note));
    if (info.tiles === 13 || info.tiles === 14) node.append(this.explorer(info, lang));
    return node;
  }

  // "Try another discard" (14 tiles) or "Try a draw" (13): the reader picks a tile, the engine analyses the
  // hand that leaves; the first pick loads the engine.
  explorer(info, lang) {
    const discard = info.tiles === 14;
    const area = el('div', {class: 'explore-area'});
    const box = el('div', {class: 'explore'});
    const open = el('button', {type: 'button', class: 'choice explore-open', 'aria-expanded': 'false',
      onclick: () => {
        const shown = open.getAttribute('aria-expanded') === 'true';
        open.setAttribute('aria-expanded', String(!shown));
        picker.hidden = shown;
      }}, tr(lang, discard ? 'try_discard' : 'try_draw'));
    const pick = async (t) => {
      const face = t.replace('*', '');
      // the groups as written, the discarded tile taken from its group or the drawn one as a group of its own
      const groups = info.groups.map((g) => [...g]);
      if (discard) {
        const g = groups.find((x) => x.includes(t));
        g.splice(g.indexOf(t), 1);
      } else {
        groups.push([t]);
      }
      const tiles = groups.filter((g) => g.length).map((g) => g.map((x) => x.replace('*', '')).join('')).join(' ');
      const args = {tiles, melds: this.getAttribute('melds') || '', wildcard: this.getAttribute('wildcard') || null,
        win_tile: discard ? null : face};
      const status = progressLine(lang);
      area.replaceChildren(status.line);
      this.dataset.engine = 'loading';
      try {
        await startEngine(status.progress);
        const res = await engineCall('hand_widget', args);
        const title = tr(lang, discard ? 'after_discard' : 'after_draw', {t: (lang === 'en' ? 'the ' : '') + namedTile(t, lang)});
        const card = renderHandCard(res, lang, {size: 28});
        card.classList.add('explored');
        card.dataset.picked = t;
        area.replaceChildren(el('p', {class: 'explore-title'}, title), card);
        this.dataset.engine = 'ready';
      } catch (err) {
        area.replaceChildren(el('p', {class: 'error', role: 'alert'}, tr(lang, 'failed') + plainMessage(err)));
        this.dataset.engine = 'error';
      }
    };
    const choices = discard ? [...new Set(info.groups.flat())] : ALL_TILES;
    const picker = el('div', {class: 'explore-pick', hidden: true},
      el('p', {class: 'hint'}, tr(lang, discard ? 'pick_discard' : 'pick_draw')),
      el('div', {class: 'choices tiles-row', role: 'group', 'aria-label': tr(lang, discard ? 'pick_discard' : 'pick_draw')},
        choices.map((t) => tileButton(t, lang, () => pick(t), {size: 26}))));
    box.append(open, picker, area);
    return box;
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
      try { await engineCall('hand_widget', a); return null; } catch (e) { return plainMessage(e); }
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
