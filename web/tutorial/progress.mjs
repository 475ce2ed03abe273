// Progress saved in the browser: which exercises the learner has solved. Guarded like web/store.mjs:
// private browsing or a full quota never breaks the tutorial.
const KEY = 'hzmj.tutorial.v1';

function read() {
  try { return JSON.parse(localStorage.getItem(KEY) || 'null') || {}; } catch { return {}; }
}

function write(data) {
  try { localStorage.setItem(KEY, JSON.stringify(data)); return true; } catch { return false; }
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
