// Size and depth limits for JSON text that comes from outside (an imported log, a saved game in
// localStorage) and for every call's argument text, checked here before the text reaches Python (by the
// page, and again by the worker): a document nested a few thousand levels deep overflows the WebAssembly
// stack inside Python's JSON parser and kills the whole engine. Also the reviver that reads the engine's
// answers on the page without rounding big integers.
// Real logs and saves are nested 6 levels deep and weigh a few hundred kB for a long match. The limits
// are the engine's own (hzmj_core/jsontext.py), so the page refuses nothing the command line accepts.

export const MAX_JSON_CHARS = 16 * 1024 * 1024;
export const MAX_JSON_DEPTH = 64;
/** Longest argument text of a call: a log of MAX_JSON_CHARS inside {"log": "..."} grows by its escapes. */
export const MAX_ARGUMENT_CHARS = 2 * MAX_JSON_CHARS + 4096;

/**
 * Why this text may not be handed to the engine, in words for a player (null when it may).
 * Only counts brackets outside strings; whether it is valid JSON is the engine's to say.
 * @param {string} text
 * @param {'en'|'zh'} lang
 * @param {number} limit  the most characters (MAX_ARGUMENT_CHARS for a call's whole argument text)
 */
export function jsonProblem(text, lang = 'en', limit = MAX_JSON_CHARS) {
  const en = lang === 'en';
  if (typeof text !== 'string') return en ? 'it is not text' : '不是文本';
  if (text.length > limit) {
    const mib = (text.length / 1048576).toFixed(1);
    const most = Math.round(limit / 1048576);
    return en ? `it is too large (${mib} MiB; at most ${most} MiB)` : `文件太大（${mib} MiB，最多 ${most} MiB）`;
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;               // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) { // [ {
      if (++depth > MAX_JSON_DEPTH) {
        return en ? `it is nested more than ${MAX_JSON_DEPTH} levels deep` : `嵌套超过 ${MAX_JSON_DEPTH} 层`;
      }
    } else if (c === 93 || c === 125) { // ] }
      depth--;
    }
  }
  return null;
}

/**
 * JSON.parse reviver: integers beyond 2^53 (a seed up to 2^64) keep their digits as a decimal string
 * instead of being rounded (JSON.parse hands the reviver the source text in current browsers).
 */
export function keepBigIntegers(key, value, context) {
  if (typeof value === 'number' && !Number.isSafeInteger(value) && context && /^-?\d+$/.test(context.source)) {
    return context.source;
  }
  return value;
}
