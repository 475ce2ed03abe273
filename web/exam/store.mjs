// localStorage for the 考级 page: the exam in progress, the ladder's ranked matches, the ranked-match flag the
// game page reads. Every access is guarded: private browsing or a full quota must never break the page.
// The keys carry a version, not the build: a new build keeps the ladder.

export const EXAM_KEY = 'hzmj.exam.v1';
export const LADDER_KEY = 'hzmj.ladder.v1';
export const RANKED_KEY = 'hzmj.ranked.v1';

export function read(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** The ladder record {version: 2, profile, matches: [{seed, level, actions, hints, placement, points, hands, date}]}:
 *  the matches' seeds chained from the profile (the engine's ladder_next). A record of version 1 (stored before
 *  the chain: no profile) is read as it is: its matches count on this profile, but cannot be certified, and the
 *  ranked matches played on it stay unchained. No record yet: version 2 with no profile (made at the first ranked
 *  match). */
export function loadLadder() {
  const d = read(LADDER_KEY);
  if (!d || ![1, 2].includes(d.version) || !Array.isArray(d.matches)) return {version: 2, profile: null, matches: []};
  return {version: d.version, profile: d.version === 2 && typeof d.profile === 'string' ? d.profile : null,
    matches: d.matches.filter((m) => m && [1, 2, 3, 4].includes(m.placement))};
}

/** Store the ladder record; false when the browser refused (storage full): nothing was stored. */
export function saveLadder(d) {
  return write(LADDER_KEY, ladderStored(d));
}

/** The ladder record as it is stored and exported. */
export function ladderStored(d) {
  return d.version === 1 ? {version: 1, matches: d.matches} : {version: 2, profile: d.profile, matches: d.matches};
}

/** True when both records are of one chained profile (merging them keeps the record certifiable). */
export function sameProfile(have, incoming) {
  return have.version === 2 && incoming.version === 2 && have.profile === incoming.profile;
}

/** Both records' matches, each once: of one profile, the longer chain (the shorter is its start); of two, every
 *  match kept in a record of format 1 (counted here, never certified: the import dialogs say so). The one merge
 *  of ladder records (the 升级赛 page's import and the game page's player-data import). */
export function mergeLadder(have, incoming) {
  if (sameProfile(have, incoming)) return incoming.matches.length > have.matches.length ? incoming : have;
  const seen = new Set(have.matches.map((m) => String(m.seed)));
  return {version: 1, matches: [...have.matches, ...incoming.matches.filter((m) => !seen.has(String(m.seed)))]};
}

/** A new profile's seed: 64 random bits as decimal text. */
export function newProfile() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return String((BigInt(a[0]) << 32n) | BigInt(a[1]));
}

/** Today as YYYY-MM-DD (local time). */
export function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
