// Ranked matches (排位赛) on the game page: `?ranked=1` deals the ladder's next match (its seed chained from the
// profile and the match before it: the engine's ladder_next) against the opponents of the player's grade, with
// hints off; when its hands are over the match is booked in the ladder (ladder_ranked) BEFORE the page says so.
// A stored flag keeps a ranked match ranked across reloads, and stays until the match is booked: when the storage
// is full the page says the result is not booked yet, books it as soon as the storage takes it (retried, and at
// once when another tab frees space), and deals no next hand meanwhile, so a reload books it too.
import {loadLadder, newProfile, read, RANKED_KEY, saveLadder, today, write} from './store.mjs';
import {loadGame} from '../store.mjs';

const HANDS = 8;
const RETRY_MS = 3000;

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return String((BigInt(a[0]) << 32n) | BigInt(a[1]));
}

/** Start a ranked match when the URL asks for one (true), else leave the game page to its usual start (false).
 *  `say(kind)` tells the player when it cannot start (the storage refuses the profile or the flag). */
export async function beginRanked(ctrl, params, say = /** @type {(key: string) => void} */ (() => {})) {
  if (params.get('ranked') !== '1') return false;
  history.replaceState(null, '', location.pathname);
  let rec = loadLadder();
  let next;
  if (rec.version === 1) {
    // a record of the page before the chain: its ranked matches stay unchained (documented in docs/exam.md)
    const st = await ctrl.call('ladder_state', {placements: rec.matches.map((m) => m.placement)});
    next = {seed: randomSeed(), level: st.opponents};
  } else {
    if (!rec.profile) {
      rec = {...rec, profile: newProfile()};
      if (!saveLadder(rec)) { say('cannot_start'); return false; }
    }
    next = await ctrl.call('ladder_next', {record: rec});
  }
  if (!write(RANKED_KEY, {seed: next.seed, level: next.level})) { say('cannot_start'); return false; }
  // read the stored game first: the ranked match replaces it, and a save over a game this tab has not read
  // would be taken for another tab's and stop the table
  loadGame();
  // ranked: the engine refuses hints and the review until the match is over, and its save says so
  const state = await ctrl.call('new_game', {options: {}, seed: next.seed, level: next.level, hints: false,
    ranked: true});
  ctrl.mode = 'game';
  ctrl.gen += 1;
  ctrl.setView(state);
  await ctrl.persist();
  ctrl.afterState(true);
  return true;
}

/** Whether the game on the page is a ranked match still being played (the engine's table says it is ranked; its
 *  hands are not all played). A ranked match over may be reviewed. */
export function isRanked(s) {
  if (!s || !s.table || !s.table.ranked) return false;
  return !(s.match.over || (s.match.hand_number >= HANDS && s.hand_over));
}

/** Watch the controller: book the ranked match when its hands are over; `say(kind, place)` tells the player,
 *  kind 'booked' (booked at once), 'pending' (not booked: the storage is full), 'late' (booked after a wait). */
export function watchRanked(ctrl, say) {
  let pending = null;   // the match's record while the storage refuses it
  let timer = null;
  const mark = (v) => { document.documentElement.dataset.ranked = v; };
  const book = () => {
    const d = loadLadder();
    if (!d.matches.some((m) => String(m.seed) === String(pending.seed))) d.matches.push(pending);
    if (!saveLadder(d)) return false;
    write(RANKED_KEY, null);
    return true;
  };
  const retry = () => {
    if (!pending || !book()) return;
    const place = pending.placement;
    pending = null;
    clearInterval(timer);
    window.removeEventListener('storage', retry);
    mark('booked');
    say('late', place);
  };
  let checking = false;
  const check = async (s) => {
    const flag = read(RANKED_KEY);
    if (pending || checking || !flag || !s || String(s.match.seed) !== flag.seed || !s.hand_over) return;
    if (!s.match.over && s.match.hand_number < HANDS) return;
    checking = true;
    try {
      const save = await ctrl.call('save_text');
      const rec = await ctrl.call('ladder_ranked', {save});
      pending = {...rec, date: today()};
      if (book()) {
        pending = null;
        mark('booked');
        say('booked', rec.placement);
        return;
      }
      mark('pending');
      say('pending', rec.placement);
      timer = setInterval(retry, RETRY_MS);
      window.addEventListener('storage', retry);
    } finally {
      checking = false;
    }
  };
  ctrl.on('handOver', check);
  ctrl.on('matchOver', check);
  // no hand after a ranked match's last one until the match is booked: a reload must find it unbooked, not
  // turned into an unranked hand
  const nextHand = ctrl.nextHand.bind(ctrl);
  ctrl.nextHand = async () => {
    if (pending) { retry(); if (pending) { say('pending', pending.placement); return undefined; } }
    return nextHand();
  };
}

/** What the game page says about a ranked match. */
export function rankedWords(kind, place, lang) {
  const zh = {
    booked: `排位赛结束：第 ${place} 名，已记入升级赛。段位见“考级 → 升级赛”。`,
    pending: `排位赛结束：第 ${place} 名，但存储空间已满，成绩还没有记入升级赛。请保持此页打开并腾出空间（例如清除其他网站的数据）：一有空间就会自动记入。`,
    late: `排位赛成绩（第 ${place} 名）现在已记入升级赛。`,
    cannot_start: '存储空间已满，排位赛没有开始：腾出空间后再试。',
  };
  const en = {
    booked: `Ranked match over: you placed ${place}, booked in the ladder. See Rank exams → Ladder for your grade.`,
    pending: `Ranked match over: you placed ${place}, but the storage is full and the result is not booked yet. Keep this page open and free some space (for example other sites' data): it is booked as soon as there is room.`,
    late: `The ranked match's result (placed ${place}) is now booked in the ladder.`,
    cannot_start: 'The storage is full, so the ranked match did not start: free some space and try again.',
  };
  return (lang === 'zh' ? zh : en)[kind];
}
