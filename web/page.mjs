// Page helpers every page shares (the game, the tutorial, the 考级 pages, the rules, the widgets): the one
// interpolation of words ({name} and {n|one|many}, the syntax of the engine's reason templates too), the one way
// to make an element, and the one lookup of a page's element by id.

/**
 * The page's element with this id (a view handed its root element looks inside it instead), null when there
 * is none, checked to be a `type` when one is given: a wrong element throws here, naming the id, rather than
 * failing later where a property it lacks is used.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {{new (): T, prototype: T}} [type]  e.g. HTMLInputElement, HTMLDialogElement
 * @returns {T}
 */
export function $(id, type) {
  const e = document.getElementById(id);
  if (e && type && !(e instanceof type)) throw new TypeError(`#${id} is a <${e.localName}>, not a ${type.name}`);
  return /** @type {T} */ (e);
}

const FIELD = /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

/**
 * `template` with each `{key}` replaced by `values[key]`, and `{key|one|many}` by the value and its noun in the
 * singular (the value is "1") or the plural ("{n|tile|tiles}" → "1 tile", "3 tiles"); a key `values` lacks
 * is given by `missing(key)` (the empty string unless said).
 */
export function fill(template, values = {}, missing = /** @type {(key: string) => string} */ (() => '')) {
  return String(template).replace(FIELD, (_, key, one, many) => {
    const value = values[key];
    const word = value === undefined || value === null ? missing(key) : String(value);
    if (one === undefined) return word;
    return `${word} ${word === '1' ? one : many}`;
  });
}

// Properties an element is given as such (not as an attribute): what the attribute would not do (a <select>'s
// value, a <label>'s htmlFor, the text).
const PROPERTIES = new Set(['className', 'htmlFor', 'textContent', 'value', 'checked', 'muted', 'playsInline']);

/**
 * A new element: `props` as attributes (`class` the class name, `role`, `aria-*`, `data-*`...), a few as
 * properties (className, htmlFor, textContent, value, checked, muted, playsInline), a function under `on…` as a
 * listener; a null, undefined or false one is left out, true is an empty attribute. Then the children: nodes, or
 * text (null, undefined and false left out, arrays flattened).
 *
 *   el('button', {type: 'button', class: 'primary', 'aria-label': label, onclick: go}, t('start'))
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (PROPERTIES.has(key)) node[key] = value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}
