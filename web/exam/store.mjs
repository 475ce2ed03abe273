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

/** The ladder record {version: 1, matches: [{seed, level, actions, placement, points, hands, date}]}. */
export function loadLadder() {
  const d = read(LADDER_KEY);
  if (!d || d.version !== 1 || !Array.isArray(d.matches)) return {version: 1, matches: []};
  return {version: 1, matches: d.matches.filter((m) => m && [1, 2, 3, 4].includes(m.placement))};
}

export function saveLadder(d) { return write(LADDER_KEY, {version: 1, matches: d.matches}); }

/** Today as YYYY-MM-DD (local time). */
export function today() {
  const d = new Date();
  const p = (n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
