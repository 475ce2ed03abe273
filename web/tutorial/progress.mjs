// Progress saved in the browser: which exercises the learner has solved, and the last lesson open.
// Guarded like web/store.mjs: private browsing or a full quota never breaks the tutorial, and a stored
// value of the wrong shape (edited by hand, written by another version) is reset on its own, keeping the
// rest: repairProgress() says which part was reset.
export const KEY = 'hzmj.tutorial.v1';
const MAX_ID = 80;

const isId = (v) => typeof v === 'string' && v.length > 0 && v.length <= MAX_ID;

// The stored record, every part checked: {data: the good parts, broken: names of the bad ones}.
function load() {
  let stored;
  try {
    stored = JSON.parse(localStorage.getItem(KEY) || 'null');
  } catch {
    return {data: {}, broken: ['solved', 'last']};
  }
  return checkProgress(stored);
}

/** A progress record (stored, or in an imported file) checked part by part: {data: the good parts, broken: the
 *  names of the bad ones ('solved', 'last')}. Null is no progress. */
export function checkProgress(stored) {
  if (stored === null) return {data: {}, broken: []};
  if (typeof stored !== 'object' || Array.isArray(stored)) return {data: {}, broken: ['solved', 'last']};
  const data = {};
  const broken = [];
  if ('solved' in stored) {
    if (Array.isArray(stored.solved) && stored.solved.every(isId)) data.solved = stored.solved;
    else broken.push('solved');
  }
  if ('last' in stored) {
    if (stored.last === null || isId(stored.last)) data.last = stored.last;
    else broken.push('last');
  }
  return {data, broken};
}

const read = () => load().data;

function write(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); return true; } catch { return false; }
}

/**
 * Reset the broken parts of the stored progress (and a last lesson that is not among `lessonIds`, when
 * given), keep the rest. Returns the names of the parts reset: 'solved' and/or 'last'.
 */
export function repairProgress(lessonIds = null) {
  const {data, broken} = load();
  if (lessonIds && isId(data.last) && !lessonIds.includes(data.last)) {
    delete data.last;
    broken.push('last');
  }
  if (broken.length) write(data);
  return broken;
}

export function solved() { return new Set(read().solved || []); }

export function markSolved(id) {
  const data = read();
  const set = new Set(data.solved || []);
  if (set.has(id)) return false;
  set.add(id);
  write({...data, solved: [...set]});
  window.dispatchEvent(new CustomEvent('hzmj-progress', {detail: {id}}));
  return true;
}

export function lastLesson() { return read().last || null; }
export function setLastLesson(id) { write({...read(), last: id}); }
export function resetProgress() { write({}); window.dispatchEvent(new CustomEvent('hzmj-progress')); }
