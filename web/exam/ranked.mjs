// Ranked matches (排位赛) on the game page: `?ranked=1` deals a new match against the ladder's opponents for the
// player's grade; when its hands are over the match is booked in the ladder (ladder_ranked) and the page says
// so with a link to the profile. A stored flag keeps a ranked match ranked across reloads.
import {loadLadder, read, RANKED_KEY, saveLadder, today, write} from './store.mjs';
import {loadGame} from '../store.mjs';

const HANDS = 8;

function randomSeed() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return String((BigInt(a[0]) << 32n) | BigInt(a[1]));
}

/** Start a ranked match when the URL asks for one (true), else leave the game page to its usual start (false). */
export async function beginRanked(ctrl, params) {
  if (params.get('ranked') !== '1') return false;
  const placements = loadLadder().matches.map((m) => m.placement);
  const st = await ctrl.call('ladder_state', {placements});
  const seed = randomSeed();
  // read the stored game first: the ranked match replaces it, and a save over a game this tab has not read
  // would be taken for another tab's and stop the table
  loadGame();
  // ranked: the engine refuses hints and the review until the match is over, and its save says so
  const state = await ctrl.call('new_game', {options: {}, seed, level: st.opponents, ranked: true, hints: false});
  write(RANKED_KEY, {seed, level: st.opponents});
  history.replaceState(null, '', location.pathname);
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

/** Watch the controller: book the ranked match when its hands are over; `say(text, href)` tells the player. */
export function watchRanked(ctrl, say) {
  const check = async (s) => {
    const flag = read(RANKED_KEY);
    if (!flag || !s || String(s.match.seed) !== flag.seed || !s.hand_over) return;
    if (!s.match.over && s.match.hand_number < HANDS) return;
    write(RANKED_KEY, null);
    const save = await ctrl.call('save_text');
    const rec = await ctrl.call('ladder_ranked', {save});
    const d = loadLadder();
    d.matches.push({...rec, date: today()});
    saveLadder(d);
    say(rec.placement);
  };
  ctrl.on('handOver', check);
  ctrl.on('matchOver', check);
}

/** What the game page says when a ranked match is booked. */
export function rankedWords(place, lang) {
  return lang === 'zh' ? `排位赛结束：第 ${place} 名。段位见“考级 → 升级赛”。`
    : `Ranked match over: you placed ${place}. See Rank exams → Ladder for your grade.`;
}
