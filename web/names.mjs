// A player's name as it enters the page (typed, remembered, read from a friend's reply, sent by the host): control
// characters (C0, C1, DEL) and lone surrogates dropped, runs of white space made one space, trimmed, and cut at
// `max` characters without splitting a character. The engine cleans a certificate's name the same way
// (hzmj_core/exam/certificate.py clean_name).

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` cleaned as a name (''  for anything that is not text). */
export function cleanName(text, max = Infinity) {
  if (typeof text !== 'string') return '';
  const clean = text.replace(CONTROL, '').split(/\s+/).filter(Boolean).join(' ');
  return Array.from(clean).slice(0, max).join('');
}
