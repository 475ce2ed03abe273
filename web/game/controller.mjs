// The game controller: holds the engine's view of the table, sends the human's chosen legal action,
// plays the bots one decision at a time at a readable pace, saves after every action, and switches
// between the live game and a replay. It draws nothing itself: views subscribe with `onView` and
// `onHandOver`, and ask it to act. The engine owns every rule; the page only picks among the legal
// actions the engine lists and sends that action's own text.
//
// One game, many tabs: the saved game belongs to one tab at a time. A tab claims it when it starts or
// resumes a game, or when the player presses "Play here"; the others hear the claim (BroadcastChannel and
// the storage event), stop (no action, no bot, no save) and show a notice with that button. A tab also
// checks before every save that the stored game is still the one it last wrote; if not (another tab, an
// edit), it stops the same way instead of overwriting it. A save the browser refuses (storage full) is
// reported at once and retried every few seconds until it goes through.

import * as store from '../store.mjs';
import {getLang, sentences, t} from '../i18n.mjs';
import {toast} from './dom.mjs';
import {randomSeed, seedOfSave} from '../seed.mjs';
import {jsonProblem} from '../json-guard.mjs';
import {Bridge} from '../bridge.mjs';
import {playerError} from './words.mjs';
import {ANNOUNCE_MS} from '../render/overlays.mjs';
import {ask} from './ask.mjs';
import {isMeldEvent} from '../actions.mjs';

const PACE = {slow: 1.7, normal: 1, fast: 0.35, instant: 0};
export const SPEEDS = Object.keys(PACE);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SAVE_RETRY_MS = 4000;

/** True when the save's log holds an action of its human seat. */
export function humanHasActed(saveText) {
  try {
    const save = JSON.parse(saveText);
    const me = `S${save.human} `;
    return save.log.hands.some((h) => h.actions.some((a) => typeof a === 'string' && a.startsWith(me)));
  } catch {
    return false;
  }
}

function tabId() {
  const a = new Uint32Array(2);
  crypto.getRandomValues(a);
  return `${a[0].toString(36)}${a[1].toString(36)}`;
}

export class Controller {
  /**
   * @param {import('../bridge.mjs').Bridge} bridge
   * @param {object} settings  the remembered settings (store.loadSettings); changed in place and saved
   * @param {string} speed     slow | normal | fast | instant
   */
  constructor(bridge, settings, speed) {
    this.bridge = bridge;
    this.settings = settings;
    this.speed = speed in PACE ? speed : 'normal';
    this.state = null;
    this.mode = 'game';            // 'game' | 'replay'
    this.busy = false;
    this.gen = 0;                  // bumped when a replay or a new game replaces the table
    this.pumping = false;
    this.pumpAgain = false;
    this.lastWasClaim = false;
    this.metrics = {roundTrips: []};
    this.role = 'local';           // 'local' | 'host' (a friends table on this engine) | 'guest' (over a link)
    this.handOverShown = null;     // the hand whose result screen was shown
    this.listeners = {view: [], events: [], handOver: [], matchOver: []};
    this.tab = tabId();
    this.away = null;              // null while this tab owns the game; else why not: 'other_tab' | 'changed'
    this.saveFailing = false;
    // the table's motion and the sound, set by app.mjs: tests and benchmarks reach them through hzmj.game
    /** @type {import('../motion.mjs').Motion|null} */
    this.motion = null;
    /** @type {import('../sound.mjs').Sound|null} */
    this.sound = null;
    this.listenToOtherTabs();
  }

  // ------------------------------------------------------------------ one game, many tabs

  listenToOtherTabs() {
    if (typeof BroadcastChannel === 'function') {
      this.channel = new BroadcastChannel('hzmj.game');
      this.channel.onmessage = (ev) => {
        if (ev.data && ev.data.type === 'claim' && ev.data.tab !== this.tab) this.yieldGame('other_tab');
      };
    }
    window.addEventListener('storage', (ev) => {
      if (ev.key === store.OWNER_KEY && ev.newValue && ev.newValue !== this.tab) this.yieldGame('other_tab');
      else if ((ev.key === store.GAME_KEY || ev.key === null) && this.state && store.gameChangedElsewhere()) {
        this.yieldGame(store.gameOwner() && store.gameOwner() !== this.tab ? 'other_tab' : 'changed');
      }
    });
  }

  /** This tab now owns the saved game: tell the others. */
  claim() {
    if (this.role === 'guest') return;  // a guest at a friends table plays no saved game
    this.away = null;
    document.documentElement.dataset.away = '0';
    store.claimGame(this.tab);
    if (this.channel) this.channel.postMessage({type: 'claim', tab: this.tab});
  }

  /** Another tab took the game, or the saved game changed under us: stop and say so, with a way back. */
  yieldGame(why) {
    if (this.away || !this.state || this.role === 'guest') return;
    this.away = why;
    this.gen += 1;
    document.documentElement.dataset.away = '1';
    const q = ask('away', t(why === 'changed' ? 'away_changed_title' : 'away_title'),
      t(why === 'changed' ? 'away_changed' : 'away_other_tab'),
      [{value: 'take', label: t('away_take'), primary: true}]);
    q.answer.then(() => this.takeOver());
  }

  /** "Play here": resume the saved game as it is now (what the other tab left) and own it. */
  async takeOver() {
    const saved = store.loadGame();
    this.mode = 'game';
    this.gen += 1;
    let state = null;
    if (saved) {
      try { state = await this.call('restore', {save: saved}); } catch (err) {
        toast(() => t('restore_failed', {msg: playerError(err)}), true, 9000);
      }
    }
    if (!state) state = await this.newGameCall(this.settings.options || {}, randomSeed(), this.settings.level);
    this.claim();
    this.setView(state);
    if (!saved) await this.persist();
    this.afterState(true);
  }

  /** Subscribe: 'view' (state), 'events' (events, state), 'handOver' (state), 'matchOver' (state). */
  on(what, fn) { this.listeners[what].push(fn); }

  emit(what, ...args) { for (const fn of this.listeners[what]) fn(...args); }

  async call(method, args) {
    try {
      return await this.bridge.call(method, args ?? {});
    } catch (err) {
      if (err.fatal) await this.restartEngine();
      throw err;
    }
  }

  /** After the engine worker died: start a new one and restore the game saved after the last action. */
  restartEngine() {
    this.restarting ??= (async () => {
      console.warn('hzmj: the engine stopped; restarting it');
      this.bridge.terminate();
      const bridge = await Bridge.start(new URL('../worker.mjs', import.meta.url));
      this.bridge = window.hzmj.bridge = bridge;
      this.mode = 'game';
      this.gen += 1;
      const saved = store.loadGame();
      let state = null;
      let refused = null;   // the new engine's refusal of the save
      if (saved) {
        // as at start-up: a save the new engine refuses is said, and a fresh game is dealt
        try { state = await bridge.call('restore', {save: saved}); } catch (err) {
          refused = err;
          store.clearGame();
        }
      }
      if (!state) state = await this.newGameCall(this.settings.options || {}, randomSeed(), this.settings.level);
      this.setView(state);
      if (refused) {
        toast(() => sentences([t('engine_restarted_new'), t('restore_failed', {msg: playerError(refused)})]), true, 9000);
      }
      else toast(() => t(saved ? 'engine_restarted' : 'engine_restarted_new'), true);
      this.afterState();
    })().finally(() => { this.restarting = null; });
    return this.restarting;
  }

  setSpeed(s) { this.speed = s in PACE ? s : 'normal'; }

  pace(ms) { return ms * (PACE[this.speed] ?? 1); }

  setBusy(flag) {
    this.busy = flag;
    document.documentElement.dataset.busy = flag || this.pumping ? '1' : '0';
  }

  /** Show a new engine view everywhere. */
  setView(state) {
    this.state = state;
    this.emit('view', state);
  }

  // ------------------------------------------------------------------ start / resume

  /**
   * Resume the saved game (if it matches the asked seed) or deal a new one. `notes` (functions that give
   * their words in the language of the moment) are shown once, in one message.
   */
  async begin(urlSeed, notes = []) {
    const stored = store.loadGame();
    const unreadable = stored === null && store.lastGameProblem();
    // why the stored game cannot be resumed, in the language of the moment (falsy: it can be tried)
    const saveProblem = () => (unreadable ? t('save_damaged') : stored !== null && jsonProblem(stored, getLang()));
    let saved = stored;
    if (saveProblem()) {
      notes.push(() => t('save_dropped', {why: saveProblem()}));
      store.clearGame();
      saved = null;
    }
    let state = null;
    if (saved) {
      try {
        state = await this.call('restore', {save: saved});
      } catch (err) {
        notes.push(() => t('restore_failed', {msg: playerError(err)}));
        store.clearGame();
      }
    }
    // in progress: the player has made a decision in it, or a hand of it is over (the bots' first moves
    // after a deal are not the player's game yet)
    const inProgress = state && (state.match.history.length > 0 || humanHasActed(saved));
    if (state && urlSeed !== null && seedOfSave(saved) !== urlSeed) {
      // a link to another game: never replace the game in progress without asking
      const keep = inProgress && await ask('seed-ask', t('seed_ask_title'),
        t('seed_ask_text', {seed: urlSeed, hand: state.match.history.length + 1}),
        [{value: 'keep', label: t('seed_ask_keep')}, {value: 'link', label: t('seed_ask_link'), primary: true}],
      ).answer === 'keep';
      if (keep) {
        const url = new URL(location.href);
        url.searchParams.delete('seed');
        history.replaceState(history.state, '', url);
      } else {
        state = null;
      }
    }
    if (state && (state.event_count > 1 || state.match.history.length)) toast(() => t('resumed'));
    let fresh = false;
    if (!state) {
      const seed = urlSeed ?? randomSeed();
      state = await this.newGameCall(this.settings.options || {}, seed, this.settings.level);
      fresh = true;
      if (notes.length) notes.push(() => t('playing_seed', {seed}));
    }
    if (notes.length) toast(() => sentences(notes.map((words) => words())), true, 9000);
    this.claim();
    this.setView(state);
    // saved at once: when the player deals, no action would save it before the first discard, and a reload
    // would deal another game
    if (fresh) await this.persist();
    this.afterState(true);
  }

  async newGameCall(options, seed, level) {
    const args = {options, seed};
    if (level) args.level = level;
    try {
      return await this.call('new_game', args);
    } catch (err) {
      // options or a level saved by an older version may be refused: fall back to the defaults
      console.warn('new_game refused, using the defaults:', err);
      toast(() => t('options_reset', {msg: playerError(err)}), true, 9000);
      return await this.call('new_game', {options: {}, seed});
    }
  }

  /** Replace the table with a new match (remembering its options and level for the next visit).
   *  Rejects (with the engine's refusal) before anything changes when the engine refuses the options;
   *  `beforeShow` runs once the new match exists, before it is drawn. */
  async startNewGame(options, seed, level, beforeShow = () => {}) {
    const args = {options, seed};
    if (level) args.level = level;
    const state = await this.call('new_game', args);
    this.settings.options = options;
    this.settings.level = level;
    store.saveSettings(this.settings);
    this.mode = 'game';
    this.gen += 1;
    beforeShow();
    this.claim();
    this.setView(state);
    await this.persist();
    this.afterState();
  }

  // ------------------------------------------------------------------ the human's decisions

  /** The legal action of the human seat in `group` (and with these tiles, if given), or null. */
  legalAction(group, tiles = null) {
    const s = this.state;
    if (!s || !s.human_to_act || this.mode !== 'game') return null;
    return s.legal_actions.find((a) => a.group === group && (!tiles || a.tiles.join() === tiles.join())) || null;
  }

  /** Discard `tile`: sends the text of the engine's own legal discard; false when none is legal. */
  discard(tile) {
    const a = this.legalAction('discard', [tile]);
    if (!a) return false;
    this.act(a);
    return true;
  }

  /** Apply one of the legal actions the engine listed (the object from state.legal_actions). */
  async act(action) {
    if (this.busy || this.mode !== 'game' || this.away) return;
    this.setBusy(true);
    const t0 = performance.now();
    const gen = this.gen;
    let res;
    const args = {action: action.text};
    if (this.role !== 'local' && this.state.stamp) args.stamp = this.state.stamp;  // stale answers are refused
    try {
      res = await this.call('act', args);
    } catch (err) {
      toast(() => t('illegal', {msg: playerError(err, this.state.seat)}), true);
      this.setBusy(false);
      return;
    }
    if (gen !== this.gen || this.mode !== 'game') { this.setBusy(false); return; }
    this.emit('events', res.events, res.state);
    this.setView(res.state);
    this.metrics.roundTrips.push(performance.now() - t0);
    this.setBusy(false);
    this.persist();
    this.afterState();
  }

  /** Deal the next hand after a settlement (or report the end of the match). */
  async nextHand() {
    const s = this.state;
    if (this.busy || !s || !s.hand_over || this.away) return;
    if (s.match.over) { this.emit('matchOver', s); return; }
    this.setBusy(true);
    let state = null;
    try {
      state = await this.call('next_hand');
      this.setView(state);
    } catch (err) {
      toast(() => playerError(err), true);
    } finally {
      this.setBusy(false);
    }
    await this.persist();
    // at a friends table the next hand is dealt once every player is ready: until then, wait
    if (state && state.hand_over && !state.match.over) return;
    this.afterState(true);
  }

  // ------------------------------------------------------------------ the bots, paced

  afterState(immediate = false) {
    if (this.mode !== 'game' || this.away) return;
    const s = this.state;
    if (!s.hand_over) { this.pump(); return; }
    if (s.match.over) { this.emit('matchOver', s); return; }
    const hand = `${s.match.hand_number}/${s.match.history.length}`;
    if (this.role !== 'local' && this.handOverShown === hand) return;   // already shown (updates go on)
    this.handOverShown = hand;
    if (immediate) { this.emit('handOver', s); return; }
    // let the 胡!/流局 announcement play before the settlement screen
    sleep(this.pace(ANNOUNCE_MS)).then(() => {
      if (this.mode !== 'game') return;
      if (this.state === s || (this.role !== 'local' && this.state.hand_over)) this.emit('handOver', this.state);
    });
  }

  async pump() {
    if (this.role === 'guest') return;   // the host's page plays the bots
    if (this.pumping) { this.pumpAgain = true; return; }
    this.pumping = true;
    document.documentElement.dataset.busy = '1';
    try {
      for (;;) {
        this.pumpAgain = false;
        const s = this.state;
        const gen = this.gen;
        if (this.mode !== 'game' || this.away || s.hand_over || !s.bots_to_act.length) break;
        // a bot declaring on a claim says nothing in public: no need to wait; a bot's own turn is paced
        const wait = s.claim ? this.pace(80) : this.pace(this.lastWasClaim ? 900 : 560);
        if (wait) await sleep(wait);
        if (this.mode !== 'game' || this.busy || this.state !== s) { if (this.state !== s) continue; break; }
        let res;
        try {
          res = await this.call('bot_step');
        } catch (err) {
          // the situation changed under us (e.g. the human acted): fetch the current view
          res = {events: [], state: await this.call('state')};
        }
        if (this.mode !== 'game' || gen !== this.gen) break;  // a replay or a new game started meanwhile
        this.lastWasClaim = res.events.some(isMeldEvent);
        this.emit('events', res.events, res.state);
        this.setView(res.state);
        this.persist();
      }
    } finally {
      this.pumping = false;
      document.documentElement.dataset.busy = this.busy ? '1' : '0';
    }
    if (this.pumpAgain) return this.pump();
    if (this.mode === 'game' && this.state.hand_over) this.afterState();
  }

  // ------------------------------------------------------------------ persistence, export

  /** Save the game after every action; saves requested while one is running coalesce into one more.
   *  Never over a stored game another tab (or an edit) changed since this tab last saved or read it. */
  async persist() {
    if (this.mode !== 'game' || this.role === 'guest' || this.away) return;
    if (this.saving) { this.saveAgain = true; return this.saving; }
    this.saving = (async () => {
      do {
        this.saveAgain = false;
        let text;
        try {
          text = await this.call('save_text');
        } catch (err) {
          console.warn('save failed', err);
          break;
        }
        if (this.away) break;
        if (store.gameChangedElsewhere()) {
          this.yieldGame(store.gameOwner() && store.gameOwner() !== this.tab ? 'other_tab' : 'changed');
          break;
        }
        if (store.saveGame(text)) this.saveWorked();
        else this.saveFailed();
      } while (this.saveAgain && this.mode === 'game');
      this.saving = null;
    })();
    return this.saving;
  }

  saveFailed() {
    // said at once, and again at every retry while it lasts (the words stay on screen)
    document.documentElement.dataset.save = 'failed';
    toast(() => t('save_failed'), true, SAVE_RETRY_MS + 2000);
    this.saveFailing = true;
    clearTimeout(this.saveRetry);
    this.saveRetry = setTimeout(() => this.persist(), SAVE_RETRY_MS);
  }

  saveWorked() {
    document.documentElement.dataset.save = 'ok';
    if (!this.saveFailing) return;
    this.saveFailing = false;
    clearTimeout(this.saveRetry);
    toast(() => t('save_ok_again'));
  }

  /** Download the match log as a JSON file. */
  async exportLog() {
    let text;
    try {
      text = await this.call('export_log_text');
    } catch (err) {
      // a guest's table gives the record at the end of a hand: say so in the player's language
      toast(() => t('export_refused', {msg: playerError(err, this.state ? this.state.seat : 0)}), true);
      return;
    }
    const blob = new Blob([text], {type: 'application/json'});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    const seed = this.state && this.state.match ? this.state.match.seed : 'game';
    a.download = `hzmj-${seed}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  }

  // ------------------------------------------------------------------ a friends table (web/net/)

  /** The seat this page plays (0 before the first game). */
  seatOfHost() { return this.state ? this.state.human : 0; }

  /** Deal a friends table on this page's engine: `humans` are the seats people play (this page's included). */
  async startFriendsGame(settings, humans) {
    this.role = 'host';
    this.mode = 'game';
    this.gen += 1;
    this.handOverShown = null;
    const args = {options: settings.options || {}, seed: settings.seed ?? randomSeed(), level: settings.level,
      humans, timer: settings.timer || 'off', hints: settings.hints !== false};
    if (!args.level) delete args.level;
    const state = await this.call('new_game', args);
    this.setView(state);
    await this.persist();
    this.afterState();
  }

  /** Another seat changed the table: fetch this seat's view and show it (the host's page). */
  async refresh(events = []) {
    if (this.mode !== 'game') return;
    this.applyRemote(events, await this.call('state'));
  }

  /** Show a view that another seat's decision produced (events animate once: a view seen already has none). */
  applyRemote(events, state) {
    if (!state || this.mode !== 'game') return;
    const same = this.state && this.state.stamp === state.stamp && this.state.match.hand_number === state.match.hand_number;
    if (events.length && !same) this.emit('events', events, state);
    this.setView(state);
    if (this.role !== 'guest') this.persist();
    if (!state.hand_over || this.handOverShown !== `${state.match.hand_number}/${state.match.history.length}`) {
      this.afterState();
    }
  }

  /** A guest's page: its seat's view from the host, then every change the host pushes. */
  async beginGuest() {
    this.role = 'guest';
    this.mode = 'game';
    this.setView(await this.call('state'));
    this.afterState(true);
  }

  // ------------------------------------------------------------------ replay mode (the viewer drives it)

  enterReplay() {
    this.mode = 'replay';
    this.gen += 1;
  }

  /** Back to the live game from a replay. */
  async leaveReplay() {
    if (this.mode !== 'replay') return;
    this.mode = 'game';
    this.gen += 1;
    this.setView(await this.call('state'));
    this.afterState(true);   // a finished hand's result (or the end of the match) again at once
  }
}

export {randomSeed};
