// Page helpers every page shares (the game, the tutorial, the 考级 pages, the widgets): the one interpolation
// of words ({name} and {n|one|many}, the syntax of the engine's reason templates too) and the one way to make
// an element.

const FIELD = /\{(\w+)(?:\|([^|{}]*)\|([^|{}]*))?\}/g;

/**
 * `template` with each `{key}` replaced by `values[key]`, and `{key|one|many}` by the value and its noun in the
 * singular (the value is "1") or the plural ("{n|tile|tiles}" → "1 tile", "3 tiles"); a key `values` lacks
 * is given by `missing(key)` (the empty string unless said).
 */
export function fill(template, values = {}, missing = () => '') {
  return String(template).replace(FIELD, (_, key, one, many) => {
    const value = values[key];
    const word = value === undefined || value === null ? missing(key) : String(value);
    if (one === undefined) return word;
    return `${word} ${word === '1' ? one : many}`;
  });
}
