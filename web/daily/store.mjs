// localStorage of the 每日挑战: the player's results (and practice plays), the friends' boards, the day's 何切
// answers, the name, the par already computed and the game put aside for the challenge. One versioned key (not the
// build's), so it survives reloads and new builds; exported and imported as one JSON file.

export const DAILY_KEY = 'hzmj.daily.v1';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function blank() {
  return {version: 1, name: '', offered: null, results: {}, practice: {}, boards: {}, hecut: {}, par: {}, stash: null};
}

/** The stored data, with anything malformed dropped (never thrown). */
export function load() {
  let d = null;
  try { d = JSON.parse(localStorage.getItem(DAILY_KEY) || 'null'); } catch { d = null; }
  return clean(d);
}

/** Data of the right shape from anything (an import, an old store): what does not fit is left out. */
export function clean(d) {
  const out = blank();
  if (!isObj(d) || d.version !== 1) return out;
  if (typeof d.name === 'string') out.name = d.name.slice(0, 40);
  if (typeof d.offered === 'string' && DAY.test(d.offered)) out.offered = d.offered;
  const result = (r) => isObj(r) && typeof r.code === 'string' && Number.isInteger(r.score);
  for (const key of ['results', 'practice']) {
    if (isObj(d[key])) for (const [day, r] of Object.entries(d[key])) if (DAY.test(day) && result(r)) out[key][day] = r;
  }
  if (isObj(d.boards)) {
    for (const [day, list] of Object.entries(d.boards)) {
      if (DAY.test(day) && Array.isArray(list)) out.boards[day] = list.filter(result).slice(0, 200);
    }
  }
  if (isObj(d.hecut)) for (const [day, h] of Object.entries(d.hecut)) if (DAY.test(day) && isObj(h)) out.hecut[day] = h;
  if (isObj(d.par)) {
    for (const [day, p] of Object.entries(d.par)) {
      if (DAY.test(day) && Array.isArray(p) && p.length === 4 && p.every(Number.isInteger)) out.par[day] = p;
    }
  }
  if (typeof d.stash === 'string') out.stash = d.stash;
  return out;
}

/** `have` (this device's data) with `got` merged in: results, practice plays, 何切 answers and par by date (this
 *  device's kept where both have a day), boards by date and result code; the name this device's unless it has none.
 *  Neither argument is changed. */
export function merge(have, got) {
  const d = clean(JSON.parse(JSON.stringify(have)));
  d.stash = have.stash;
  for (const key of ['results', 'practice', 'hecut', 'par']) d[key] = {...got[key], ...d[key]};
  for (const list of Object.values(got.boards)) for (const r of list) addToBoard(d, r, r.mine);
  if (!d.name) d.name = got.name;
  return d;
}

/** Store the data; false when the browser refused. */
export function save(d) {
  try { localStorage.setItem(DAILY_KEY, JSON.stringify(d)); return true; } catch { return false; }
}

/** Add a verified result to its day's board (the same code once); the board ranked by score, best first. */
export function addToBoard(d, r, mine = false) {
  const list = d.boards[r.date] || [];
  const row = {code: r.code, name: r.name, score: r.score, points: r.points, par: r.par, date: r.date, mine};
  const i = list.findIndex((x) => x.code === r.code);
  if (i >= 0) list[i] = {...list[i], ...row, mine: list[i].mine || mine};
  else list.push(row);
  list.sort((a, b) => b.score - a.score || b.points - a.points);
  d.boards[r.date] = list;
  return list;
}

/** Today in China Standard Time (UTC+8), the challenge's day, as YYYY-MM-DD. */
export function todayCST(now = Date.now()) {
  return new Date(now + 8 * 3600e3).toISOString().slice(0, 10);
}

/** Seconds until the next challenge opens (midnight in China Standard Time). */
export function secondsToNext(now = Date.now()) {
  const day = 86400e3;
  return Math.ceil((day - ((now + 8 * 3600e3) % day)) / 1000);
}

/** The day `n` days before `day` (YYYY-MM-DD). */
export function daysBefore(day, n) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86400e3).toISOString().slice(0, 10);
}

/** Days played in a row (not as practice), ending today, or yesterday when today is not played yet. */
export function streak(d, today) {
  let day = d.results[today] ? today : daysBefore(today, 1);
  let n = 0;
  while (d.results[day]) { n += 1; day = daysBefore(day, 1); }
  return n;
}
