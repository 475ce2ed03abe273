// Match seeds. A seed is a whole number 0 <= seed < 2^64 (the engine's range), carried as a decimal
// string from the address bar or the new-game form to the engine and back: a JS number would round
// every seed above 2^53 to another one, and play another game than the one asked for.

export const SEED_LIMIT = 2n ** 64n;
export const MAX_SEED = (SEED_LIMIT - 1n).toString();

/**
 * Read a seed typed by a person. Returns {seed} (a canonical decimal string: no sign, no leading zeros)
 * or {problem} (in words for a player).
 * @param {string} text
 * @param {'en'|'zh'} lang
 */
export function parseSeed(text, lang = 'en') {
  const en = lang === 'en';
  const raw = String(text).trim();
  const shown = raw.length > 24 ? `${raw.slice(0, 20)}…` : raw;
  if (!/^[0-9]+$/.test(raw)) {
    return {problem: en ? `the seed “${shown}” is not a whole number from 0 to ${MAX_SEED}`
      : `种子“${shown}”不是 0 到 ${MAX_SEED} 之间的整数`};
  }
  const digits = raw.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_SEED.length || BigInt(digits) >= SEED_LIMIT) {
    return {problem: en ? `the seed “${shown}” is too large: seeds go from 0 to ${MAX_SEED}`
      : `种子“${shown}”太大：种子的范围是 0 到 ${MAX_SEED}`};
  }
  return {seed: digits};
}

/** A random seed, as a decimal string. */
export function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(a[0] % 1000000000);
}

/** The match seed of a saved game (the engine's save text), as a decimal string, or null. */
export function seedOfSave(saveText) {
  try {
    const save = JSON.parse(saveText, (key, value, context) => (
      key === 'seed' && typeof value === 'number' && context && /^\d+$/.test(context.source) ? context.source : value));
    return save && save.seed !== undefined && save.seed !== null ? String(save.seed) : null;
  } catch {
    return null;
  }
}
