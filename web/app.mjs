// The game page: boots the engine worker (with a real progress bar and retry), then runs the table.
// The engine (hzmj_core in Pyodide) owns every rule: this module asks it for the human seat's view,
// offers exactly the legal actions it lists, plays the bots one decision at a time at a readable pace,
// and draws what it says. Exposed as window.hzmj for tests and benchmarks:
//   hzmj.bridge, hzmj.progressLog, hzmj.readyAt (engine ready), hzmj.tableReadyAt (first playable table),
//   hzmj.game (this controller: state, metrics.roundTrips, setSpeed(...)).
// <html data-state> is loading | error | ready (engine) and <html data-table> is ready once a table is drawn;
// <html data-busy> is 1 while the page waits for the engine or animates bots.

import {Bridge} from './bridge.mjs';
import * as store from './store.mjs';
import {getLang, seatName, setLang, t, tileName, valueLabel} from './i18n.mjs';
import {drawScene, layoutReport} from './render/index.mjs';
import {Motion} from './motion.mjs';
import {Sound, speakerIcon} from './sound.mjs';
import {tileCanvas} from './render/tiles.mjs';
import {ANNOUNCE_MS} from './render/overlays.mjs';
import {installKeyboard, moveFocus, syncHandButtons} from './input.mjs';
import {parseSeed, randomSeed, seedOfSave} from './seed.mjs';
import {jsonProblem} from './json-guard.mjs';

window.hzmjBootStarted = true;
const $ = (id) => document.getElementById(id);
const hzmj = window.hzmj = {bridge: null, progressLog: [], readyAt: null, tableReadyAt: null, error: null, game: null};
const params = new URLSearchParams(location.search);
const settings = store.loadSettings();
const urlLang = params.get('lang');
const validLang = (l) => l === 'en' || l === 'zh';
setLang(validLang(urlLang) ? urlLang : validLang(settings.lang) ? settings.lang
  : (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');
if (urlLang === 'en' || urlLang === 'zh') settings.lang = urlLang;

const PACE = {slow: 1.7, normal: 1, fast: 0.35, instant: 0};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ======================================================================================= boot

function setState(s) { document.documentElement.dataset.state = s; }

function onProgress(p) {
  $('progress').value = p.fraction;
  $('status').textContent = t(`phase.${p.phase}`, {a: (p.loaded / 1e6).toFixed(1), b: (p.total / 1e6).toFixed(1)});
  hzmj.progressLog.push({t: Math.round(performance.now()), phase: p.phase, fraction: p.fraction});
}

async function start() {
  setState('loading');
  $('failure').hidden = true;
  $('loading').hidden = false;
  onProgress({phase: 'download', loaded: 0, total: 0, fraction: 0});
  try {
    const bridge = await Bridge.start(new URL('./worker.mjs', import.meta.url), onProgress);
    hzmj.bridge = bridge;
    hzmj.readyAt = performance.now();
    const version = await bridge.call('version');
    $('engine-version').textContent = `hzmj_core ${version}`;
    $('python-version').textContent = bridge.info.build.python_version;
    $('pyodide-version').textContent = bridge.info.build.pyodide_version;
    $('app').hidden = false;
    setState('ready');
    document.dispatchEvent(new CustomEvent('hzmj:ready', {detail: {bridge}}));
    registerServiceWorker();
    const game = new Game(bridge);
    hzmj.game = game;
    await game.begin();
  } catch (err) {
    hzmj.error = String(err && err.message || err);
    if (hzmj.bridge) { hzmj.bridge.terminate(); hzmj.bridge = null; }
    $('app').hidden = true;
    setState('error');
    $('loading').hidden = true;
    $('failure').hidden = false;
    $('error-message').textContent = `${getLang() === 'en' ? 'The engine could not start.' : '引擎启动失败 The engine could not start.'}\n${hzmj.error}`;
    $('retry').onclick = () => start();
    $('retry').focus();
  }
}

function registerServiceWorker() {
  // Registered once the engine runs, so its precache does not compete with the first download.
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register('./sw.js').catch((err) => console.warn('service worker:', err));
}

// ======================================================================================= game

class Game {
  constructor(bridge) {
    this.bridge = bridge;
    this.state = null;
    this.mode = 'game';            // 'game' | 'replay'
    this.replay = null;            // {summary, hand, step}
    this.motion = new Motion(() => this.speed !== 'instant');
    this.sound = new Sound(settings, () => store.saveSettings(settings));
    this.ui = {selected: null, announcements: [], motion: this.motion, lang: getLang(), replay: false, now: 0,
      suggested: null, hints: settings.hints !== false};
    this.speed = params.get('speed') || settings.speed || 'normal';
    this.busy = false;
    this.gen = 0;                  // bumped when a replay or a new game replaces the table
    this.pumping = false;
    this.pumpAgain = false;
    this.layout = null;
    hzmj.layout = () => (this.layout && this.state ? layoutReport(this.layout, this.state, $('stage'), $('actions')) : null);
    this.raf = 0;
    this.metrics = {roundTrips: []};
    this.optionInfo = null;
    this.canvas = $('table');
    this.ctx = this.canvas.getContext('2d');
    this.bindUi();
    new ResizeObserver(() => this.render()).observe($('stage'));
    window.addEventListener('resize', () => this.render());
    this.applyLang();
  }

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
      const bridge = await Bridge.start(new URL('./worker.mjs', import.meta.url));
      this.bridge = hzmj.bridge = bridge;
      this.mode = 'game';
      this.replay = null;
      this.gen += 1;
      const saved = store.loadGame();
      this.setView(saved ? await bridge.call('restore', {save: saved})
        : await this.newGameCall(settings.options || {}, randomSeed(), settings.level));
      this.toast(t('engine_restarted'), true);
      this.afterState();
    })().finally(() => { this.restarting = null; });
    return this.restarting;
  }

  setSpeed(s) { this.speed = s; }

  pace(ms) { return ms * (PACE[this.speed] ?? 1); }

  // ------------------------------------------------------------------ start / resume

  async begin() {
    const seedParam = params.get('seed');
    const asked = seedParam === null ? {} : parseSeed(seedParam, getLang());
    const urlSeed = asked.seed ?? null;
    const notes = [];
    const reset = store.settingsReset().map((k) => t(`setting.${k}`));
    if (reset.length) notes.push(t('settings_reset', {keys: reset.join(', ')}));
    if (asked.problem) notes.push(t('seed_ignored', {why: asked.problem}));
    let saved = store.loadGame();
    const saveProblem = saved === null ? store.lastGameProblem() && t('save_damaged') : jsonProblem(saved, getLang());
    if (saveProblem) {
      notes.push(t('save_dropped', {why: saveProblem}));
      store.clearGame();
      saved = null;
    }
    let state = null;
    if (saved && (urlSeed === null || seedOfSave(saved) === urlSeed)) {
      try {
        state = await this.call('restore', {save: saved});
        if (state.event_count > 1 || state.match.history.length) this.toast(t('resumed'));
      } catch (err) {
        notes.push(t('restore_failed', {msg: err.message}));
        store.clearGame();
      }
    }
    if (!state) {
      const seed = urlSeed ?? randomSeed();
      state = await this.newGameCall(settings.options || {}, seed, settings.level);
      if (asked.problem || saveProblem) notes.push(t('playing_seed', {seed}));
    }
    if (notes.length) this.toast(notes.join(' '), true, 9000);
    this.setView(state);
    hzmj.tableReadyAt = performance.now();
    document.documentElement.dataset.table = 'ready';
    this.afterState(true);
  }

  async newGameCall(options, seed, level) {
    const args = {options, seed};
    if (level) args.level = level;
    try {
      return await this.call('new_game', args);
    } catch (err) {
      // options saved by an older version may be refused: fall back to the defaults
      this.toast(err.message, true);
      return await this.call('new_game', {options: {}, seed});
    }
  }

  async startNewGame(options, seed, level) {
    this.leaveReplay(false);
    this.closeDialogs();
    this.gen += 1;
    const state = await this.newGameCall(options, seed, level);
    this.ui.selected = null;
    this.ui.announcements = [];
    this.setView(state);
    await this.persist();
    this.afterState();
  }

  // ------------------------------------------------------------------ state and drawing

  setView(state) {
    const prev = this.state;
    this.state = state;
    this.motion.onView(prev, state);
    if (this.mode === 'game') this.sound.onView(prev, state);
    if (!prev || prev.hand.join() !== state.hand.join() || !state.human_to_act) this.ui.selected = null;
    this.ui.suggested = this.suggestedTile(state);
    this.render();
    this.renderDock();
  }

  suggestedTile(state) {
    if (!this.ui.hints || !state.hints) return null;
    const sug = state.hints.suggestion;
    if (!sug || !sug.action || !state.human_to_act) return null;
    return sug.action.group === 'discard' ? sug.action.tiles[0] : null;
  }

  render() {
    if (!this.state) return;
    const stage = $('stage');
    const W = stage.clientWidth, H = stage.clientHeight;
    if (!W || !H) return;
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const pw = Math.round(W * dpr), ph = Math.round(H * dpr);
    if (this.canvas.width !== pw || this.canvas.height !== ph) {
      this.canvas.width = pw;
      this.canvas.height = ph;
    }
    this.ui.now = performance.now();
    this.ui.lang = getLang();
    this.ui.replay = this.mode === 'replay';
    this.ui.announcements = this.ui.announcements.filter((a) => this.ui.now - a.t0 < a.dur);
    const moving = this.motion.tick(this.ui.now);
    this.layout = drawScene(this.ctx, W, H, dpr, this.state, this.ui);
    syncHandButtons($('hand'), this.layout, this.state, this.ui, (i, tile, legal) => this.onTile(i, tile, legal));
    if ((this.ui.announcements.length || moving) && !this.raf) {
      this.raf = requestAnimationFrame(() => { this.raf = 0; this.render(); });
    }
  }

  tableLabel() {
    const s = this.state;
    const me = s.players[s.seat];
    const parts = [`${t('hand_no', {n: s.match ? s.match.hand_number : 1})}`, `${t('wall')} ${s.wall_remaining}`,
      `${t('wildcard')} ${tileName(s.wildcard.tile)}`, `${t('dealer')} ${seatName(s.dealer, s.seat)}`];
    if (me.points !== null && me.points !== undefined) parts.push(`${me.points} ${t('points')}`);
    return parts.join(' · ');
  }

  // ------------------------------------------------------------------ the dock: prompt, info, actions

  renderDock() {
    const s = this.state;
    const canvasLabel = this.tableLabel();
    this.canvas.setAttribute('aria-label', canvasLabel);
    const actions = $('actions');
    const info = $('info');
    actions.textContent = '';
    info.textContent = '';
    $('replay-bar').hidden = this.mode !== 'replay';
    actions.hidden = this.mode === 'replay';
    if (this.mode === 'replay') {
      const r = this.replay;
      if (!s.replay) return;
      $('prompt').textContent = `${t('replay')} · ${t('replay_hand', {n: r.hand + 1})}`;
      $('replay-pos').textContent = `${t('replay_hand', {n: r.hand + 1})} · ${t('replay_step', {a: r.step, b: s.replay.steps})}`;
      if (s.replay.last_action) info.textContent = t('last_action', {a: s.replay.last_action});
      return;
    }
    // prompt
    let prompt = '';
    const discards = s.legal_actions.filter((a) => a.group === 'discard');
    if (s.hand_over) prompt = s.result && s.result.winner !== null ? t('settle_title_win', {who: seatName(s.result.winner, s.seat)}) : t('settle_title_draw');
    else if (s.human_to_act && discards.length) {
      prompt = this.ui.selected !== null ? t('tap_again', {tile: tileName(s.hand[this.ui.selected])}) : t('your_turn');
    } else if (s.human_to_act && s.claim) prompt = t('claim_prompt', {who: seatName(s.claim.from, s.seat), tile: tileName(s.claim.tile)});
    else if (s.bots_to_act.length) prompt = t('bots_thinking', {who: seatName(s.bots_to_act[0], s.seat)});
    $('prompt').textContent = prompt;

    // blocked reasons (facts the engine reports) and hints
    const me = s.players[s.seat];
    const hints = s.hints || {};
    const en = getLang() === 'en';
    const notes = [];
    if (hints.blocked) {
      // why an expected action is not offered, in the engine's words
      for (const b of hints.blocked) notes.push(en ? b.en : b.zh);
    } else {
      if (!s.hand_over && me.freeze_bound) notes.push(t('blocked_freeze'));
      if (!s.hand_over && s.passed_win && s.passed_win.length) {
        notes.push(t('blocked_passed_win', {tiles: s.passed_win.map(tileName).join(' ')}));
      }
    }
    let waits = hints.waits || [];
    let waitsLabel = t('waits');
    if (this.ui.hints && s.human_to_act && !s.hand_over && hints.ting && hints.ting.length) {
      // 听牌提示: what the selected (or suggested) discard would wait on
      const pick = this.ui.selected !== null ? s.hand[this.ui.selected] : this.ui.suggested;
      const ting = hints.ting.find((x) => x.discard === pick) || hints.ting[0];
      if (ting && !ting.any_tile) {
        waits = ting.waits;
        waitsLabel = `${t('discard')} ${tileName(ting.discard)} → ${t('waits')}`;
      } else if (ting && ting.any_tile) {
        notes.push(`${t('discard')} ${tileName(ting.discard)} → ${en ? 'any tile wins' : '摸什么都胡'}`);
      }
    }
    if (this.ui.hints && hints.suggestion && s.human_to_act && !s.hand_over) {
      const span = document.createElement('span');
      span.className = 'suggest';
      span.textContent = `${t('suggest')}: ${en ? hints.suggestion.reason_en : hints.suggestion.reason_zh}`;
      info.appendChild(span);
    } else if (this.ui.hints && hints.current && !s.hand_over && !waits.length && hints.current.shanten !== undefined) {
      const span = document.createElement('span');
      span.textContent = en ? `shanten ${hints.current.shanten}, ${hints.current.useful} useful tiles`
        : `向听 ${hints.current.shanten}，进张 ${hints.current.useful} 张`;
      info.appendChild(span);
    }
    for (const n of notes) {
      const span = document.createElement('span');
      span.className = 'blocked';
      span.textContent = n;
      info.appendChild(span);
    }
    if (this.ui.hints && waits.length && !s.hand_over) {
      const box = document.createElement('span');
      box.className = 'waits';
      box.setAttribute('aria-label', `${t('waits')}: ${waits.map((w) => `${tileName(w.tile)} ${t('remaining', {n: w.remaining})}`).join(', ')}`);
      const lab = document.createElement('span');
      lab.textContent = `${waitsLabel}:`;
      box.appendChild(lab);
      for (const w of waits) {
        const item = document.createElement('span');
        item.className = 'wait';
        item.appendChild(tileCanvas(w.tile, 16, {wild: w.tile === s.wildcard.tile}));
        item.append(`×${w.remaining}`);
        box.appendChild(item);
      }
      info.appendChild(box);
    }

    // action buttons: the engine's legal actions except discards (those are the tiles of the hand)
    if (s.hand_over) {
      // the settlement dialog cannot be dismissed; the game-over one can, and comes back from here
      if (s.match.over && !$('gameover').open) {
        const b = this.actionButton('next', t('game_over'), null, [], 'N');
        b.addEventListener('click', () => this.showGameOver());
        actions.appendChild(b);
      }
      return;
    }
    if (!s.human_to_act) return;
    const order = {win: 0, kong: 1, pong: 2, chow: 3, pass: 4};
    const others = s.legal_actions.filter((a) => a.group !== 'discard').sort((a, b) => order[a.group] - order[b.group]);
    const sug = this.ui.hints && s.hints && s.hints.suggestion ? s.hints.suggestion.action : null;
    for (const a of others) {
      const b = this.buttonFor(a);
      if (sug && sug.text === a.text) b.classList.add('hint-mark');
      actions.appendChild(b);
    }
  }

  actionButton(group, label, tile, tiles, key, claimTile = null) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.action = group;
    if (tile) b.dataset.tile = tile;
    const name = document.createElement('span');
    name.textContent = label;
    b.appendChild(name);
    if (tiles.length) {
      const box = document.createElement('span');
      box.className = 'tiles';
      for (const x of tiles) box.appendChild(tileCanvas(x, 18, {wild: x === this.state.wildcard.tile, highlight: x === claimTile ? 'last' : null}));
      b.appendChild(box);
    }
    if (key) {
      const k = document.createElement('span');
      k.className = 'key';
      k.textContent = key;
      b.appendChild(k);
      b.setAttribute('aria-keyshortcuts', key);
    }
    return b;
  }

  buttonFor(a) {
    const s = this.state;
    const claim = s.claim ? s.claim.tile : null;
    let tiles = [];
    let tile = null;
    let label = t(a.group);
    let spoken = label;
    if (a.group === 'win') {
      tile = claim || s.drawn || null;
      tiles = tile ? [tile] : [];
      if (!claim) label = t('self_draw');
      spoken = `${label} ${tile ? tileName(tile) : ''}`;
    } else if (a.group === 'chow') {
      tile = claim;
      tiles = [...a.tiles, claim].sort(tileOrder);
      spoken = `${label} ${tiles.map(tileName).join(' ')}`;
    } else if (a.group === 'pong') {
      tile = claim;
      tiles = [claim, claim, claim];
      spoken = `${label} ${tileName(claim)}`;
    } else if (a.group === 'kong') {
      tile = a.tiles[0] || claim;
      tiles = [tile, tile, tile, tile];
      spoken = `${label} ${tileName(tile)}`;
    }
    const key = {win: 'H', kong: 'K', pong: 'P', chow: 'C', pass: 'Esc'}[a.group];
    const b = this.actionButton(a.group, label, tile, tiles, key, a.group === 'chow' ? claim : null);
    b.dataset.text = a.text;
    if (a.tiles.length) b.dataset.tiles = a.tiles.join('');
    b.setAttribute('aria-label', spoken);
    b.title = a.text;
    b.addEventListener('click', () => this.act(a.text));
    return b;
  }

  // ------------------------------------------------------------------ human input

  onTile(index, tile, legal) {
    const s = this.state;
    if (this.mode !== 'game' || !s || !s.human_to_act || this.busy) return;
    if (!legal) {
      if (s.legal_actions.some((a) => a.group === 'discard')) {
        const me = s.players[s.seat];
        this.toast(me.freeze_bound ? t('blocked_freeze') : t('illegal', {msg: tileName(tile)}), true);
      }
      return;
    }
    if (this.ui.selected === index) {
      this.act(`S${s.seat} discard ${tile}`);
    } else {
      this.ui.selected = index;
      this.render();
      this.renderDock();
    }
  }

  async act(text) {
    if (this.busy || this.mode !== 'game') return;
    this.busy = true;
    document.documentElement.dataset.busy = '1';
    const t0 = performance.now();
    const gen = this.gen;
    let res;
    try {
      res = await this.call('act', {action: text});
    } catch (err) {
      this.toast(t('illegal', {msg: err.message}), true);
      this.busy = false;
      document.documentElement.dataset.busy = '0';
      return;
    }
    this.ui.selected = null;
    if (gen !== this.gen || this.mode !== 'game') {
      this.busy = false;
      document.documentElement.dataset.busy = '0';
      return;
    }
    this.handleEvents(res.events, res.state);
    this.setView(res.state);
    this.metrics.roundTrips.push(performance.now() - t0);
    this.busy = false;
    document.documentElement.dataset.busy = '0';
    this.persist();
    this.afterState();
  }

  shortcut(group) {
    if (this.mode !== 'game' || !this.state) return false;
    if (group === 'next') {
      const b = document.querySelector('button[data-action=next]');
      if (b && b.offsetParent !== null) { b.click(); return true; }
      return false;
    }
    const b = $('actions').querySelector(`button[data-action="${group}"]`);
    if (b) { b.focus(); b.click(); return true; }
    return false;
  }

  // ------------------------------------------------------------------ events: animations and announcements

  handleEvents(events, state) {
    this.motion.onEvents(events, state);
    if (this.mode === 'game') this.sound.onEvents(events);
    const live = [];
    for (const ev of events) {
      const who = ev.seat !== undefined ? seatName(ev.seat, state.seat) : '';
      if (ev.type === 'discard') {
        live.push(`${who} ${t('discard')} ${tileName(ev.tile)}`);
        if (ev.wild) this.announce(ev.seat, t('say.wild'), false);
      } else if (ev.type === 'chow' || ev.type === 'pong' || ev.type === 'exposed_kong') {
        this.announce(ev.seat, t(`say.${ev.type}`), false);
        live.push(`${who} ${t(ev.type === 'exposed_kong' ? 'kong' : ev.type)} ${tileName(ev.tile)}`);
      } else if (ev.type === 'kong') {
        this.announce(ev.seat, t(`say.${ev.kind}`), false);
        live.push(`${who} ${t('kong')}`);
      } else if (ev.type === 'win') {
        const self = ev.win_type !== 'discard' && ev.win_type !== 'rob_kong';
        this.announce(ev.seat, t(self ? 'say.self_draw' : 'say.win'), true);
        live.push(`${who} ${t(self ? 'self_draw' : 'win')}`);
      } else if (ev.type === 'exhausted') {
        this.announce(state.seat, t('say.exhausted'), true);
        live.push(t('settle_title_draw'));
      }
    }
    if (live.length) $('live').textContent = live.join('。');
  }

  announce(seat, text, big) {
    this.ui.announcements.push({seat, text, big, t0: performance.now(), dur: ANNOUNCE_MS});
  }

  // ------------------------------------------------------------------ the bots, paced

  afterState(immediate = false) {
    if (this.mode !== 'game') return;
    const s = this.state;
    if (!s.hand_over) { this.pump(); return; }
    if (s.match.over) { this.showGameOver(); return; }
    if (immediate) { this.showSettlement(); return; }
    // let the 胡!/流局 announcement play before the settlement screen
    sleep(this.pace(ANNOUNCE_MS)).then(() => {
      if (this.state === s && this.mode === 'game') this.showSettlement();
    });
  }

  async pump() {
    if (this.pumping) { this.pumpAgain = true; return; }
    this.pumping = true;
    document.documentElement.dataset.busy = '1';
    try {
      for (;;) {
        this.pumpAgain = false;
        const s = this.state;
        const gen = this.gen;
        if (this.mode !== 'game' || s.hand_over || !s.bots_to_act.length) break;
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
        this.lastWasClaim = res.events.some((e) => ['chow', 'pong', 'exposed_kong', 'kong'].includes(e.type));
        this.handleEvents(res.events, res.state);
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

  // ------------------------------------------------------------------ settlement, next hand, game over

  showSettlement() {
    const s = this.state;
    this._settledKey = `${s.match.hand_number}:${s.event_count}`;
    const body = $('settle-body');
    body.textContent = '';
    const r = s.result;
    const h2 = el('h2');
    body.appendChild(h2);
    const cols = el('div', {className: 'cols'});
    if (!r || r.winner === null || r.winner === undefined) {
      h2.textContent = t('settle_title_draw');
      body.appendChild(el('p', {}, t('settle_draw_text')));
    } else {
      h2.textContent = t('settle_title_win', {who: seatName(r.winner, s.seat)});
      const ev = r.evaluation || {};
      const st = r.settlement || {};
      const head = el('div', {className: 'settle-head'});
      body.removeChild(h2);
      head.appendChild(h2);
      head.appendChild(el('span', {className: 'pattern'}, getLang() === 'en' ? `${ev.name_en} ${ev.name_zh}` : ev.name_zh));
      head.appendChild(el('span', {}, `${ev.fan} ${t('fan')} · ×${st.multiplier}`));
      body.appendChild(head);
      // the winning hand: concealed tiles, the winning tile apart, then the melds
      const handBox = el('div', {className: 'settle-hand', role: 'img'});
      const concealed = [...(r.hands ? r.hands[r.winner] : [])];
      const win = r.winning_tile;
      const wi = win ? concealed.lastIndexOf(win) : -1;
      if (wi >= 0) concealed.splice(wi, 1);
      for (const x of concealed) handBox.appendChild(tileCanvas(x, 30, {wild: x === s.wildcard.tile}));
      if (wi >= 0) {
        handBox.appendChild(el('span', {className: 'gap'}));
        handBox.appendChild(tileCanvas(win, 30, {wild: win === s.wildcard.tile, highlight: 'win'}));
      }
      for (const m of s.players[r.winner].melds) {
        handBox.appendChild(el('span', {className: 'gap'}));
        for (const x of m.tiles) handBox.appendChild(tileCanvas(x || '', 24, {back: !x, wild: x === s.wildcard.tile}));
      }
      handBox.setAttribute('aria-label', [...concealed, win].filter(Boolean).map(tileName).join(' '));
      body.appendChild(handBox);
      const facts = el('div', {className: 'facts'});
      const fact = (k, v) => { const f = el('span', {className: 'fact'}, `${k} `); f.appendChild(el('b', {}, String(v))); facts.appendChild(f); };
      fact(t('win_type'), t(`wt.${r.win_type}`));
      if (win) fact(t('winning_tile'), tileName(win));
      fact(t('fan'), ev.fan);
      fact(t('multiplier'), `×${st.multiplier}`);
      fact(t('dealer_factor'), `×${st.dealer_factor} (${seatName(st.dealer, s.seat)}, ${st.streak > 1 ? t('streak', {n: st.streak}) : t('streak1')})`);
      fact(t('base'), st.base);
      fact(t('total'), st.total);
      if (ev.baotou) fact(t('baotou'), '✓');
      if (ev.qike) fact(t('qike'), '✓');
      if (ev.piao) fact(t('piao'), ev.piao);
      if (ev.kongs) fact(t('kongs'), ev.kongs);
      if (ev.haohua) fact(t('haohua'), ev.haohua);
      body.appendChild(facts);
      const left = el('div');
      cols.appendChild(left);
      left.appendChild(el('h3', {}, t('payments')));
      const table = el('table', {className: 'pay'});
      for (const p of st.payments || []) {
        const tr = el('tr');
        tr.appendChild(el('td', {}, t('pays', {payer: seatName(p.payer, s.seat), amount: p.amount})));
        const reason = getLang() === 'en' ? `${p.reason.replace('_', ' ')} ${p.reason_zh}` : p.reason_zh;
        tr.appendChild(el('td', {className: p.reason.includes('chengbao') || p.reason === 'konger' ? 'reason-chengbao' : ''}, reason));
        tr.appendChild(el('td', {className: 'num minus'}, `−${p.amount}`));
        table.appendChild(tr);
      }
      left.appendChild(table);
    }
    // every seat's change and points
    const right = el('div');
    cols.appendChild(right);
    right.appendChild(el('h3', {}, t('deltas')));
    const table = el('table', {className: 'pay'});
    const deltas = (r && r.deltas) || [0, 0, 0, 0];
    for (const p of s.players) {
      const tr = el('tr');
      const d = deltas[p.seat];
      tr.appendChild(el('td', {}, `${seatName(p.seat, s.seat)}${p.is_dealer ? ` (${t('dealer')})` : ''}`));
      tr.appendChild(el('td', {className: `num ${d > 0 ? 'plus' : d < 0 ? 'minus' : ''}`}, d > 0 ? `+${d}` : String(d)));
      tr.appendChild(el('td', {className: 'num'}, `${s.match.points[p.seat] + d} ${t('points')}`));
      table.appendChild(tr);
    }
    right.appendChild(table);
    body.appendChild(cols);
    if (r && r.hands) {
      body.appendChild(el('h3', {}, t('hands')));
      const all = el('div', {className: 'allhands'});
      r.hands.forEach((hand, seat) => {
        const row = el('div', {className: 'row'});
        row.appendChild(el('span', {className: 'who'}, seatName(seat, s.seat)));
        const tiles = el('span', {className: 'tiles'});
        for (const x of hand) tiles.appendChild(tileCanvas(x, 16, {wild: x === s.wildcard.tile}));
        row.appendChild(tiles);
        all.appendChild(row);
      });
      body.appendChild(all);
    }
    $('btn-next').textContent = t('next');
    if (!$('settle').open) $('settle').showModal();
    this.renderDock();
    $('btn-next').focus({preventScroll: true});
    $('settle').scrollTop = 0;
  }

  async onNext() {
    if (this.busy) return;
    const s = this.state;
    if (!s || !s.hand_over) return;
    $('settle').close();
    if (s.match.over) { this.showGameOver(); return; }
    this.busy = true;
    try {
      const state = await this.call('next_hand');
      this.ui.announcements = [];
      this.motion.clear();
      this.setView(state);
    } catch (err) {
      this.toast(err.message, true);
    } finally {
      this.busy = false;
    }
    await this.persist();
    this.afterState(true);
  }

  showGameOver() {
    const s = this.state;
    const body = $('gameover-body');
    body.textContent = '';
    body.appendChild(el('h2', {}, t('game_over')));
    body.appendChild(el('h3', {}, t('standings')));
    const ol = el('ol', {className: 'standings'});
    for (const st of s.match.standings) {
      const li = el('li');
      li.appendChild(el('span', {}, `${t('rank', {n: st.rank})} ${seatName(st.seat, s.seat)}`));
      li.appendChild(el('b', {}, `${st.points} ${t('points')}`));
      ol.appendChild(li);
    }
    body.appendChild(ol);
    if (!$('gameover').open) $('gameover').showModal();
    this.renderDock();
  }

  // ------------------------------------------------------------------ persistence, export, import, replay

  /** Save the game after every action; saves requested while one is running coalesce into one more. */
  async persist() {
    if (this.mode !== 'game') return;
    if (this.saving) { this.saveAgain = true; return this.saving; }
    this.saving = (async () => {
      do {
        this.saveAgain = false;
        try {
          store.saveGame(await this.call('save_text'));
        } catch (err) {
          console.warn('save failed', err);
        }
      } while (this.saveAgain && this.mode === 'game');
      this.saving = null;
    })();
    return this.saving;
  }

  async exportLog() {
    const blob = new Blob([await this.call('export_log_text')], {type: 'application/json'});
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    const seed = this.state && this.state.match ? this.state.match.seed : 'game';
    a.download = `hzmj-${seed}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}.json`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  }

  async importLog(text) {
    const problem = jsonProblem(text, getLang());
    if (problem) { this.toast(t('import_bad', {msg: problem}), true); return false; }
    let summary;
    try {
      summary = await this.call('replay_load', {log: text});
    } catch (err) {
      this.toast(t('import_bad', {msg: err.message}), true);
      return false;
    }
    if (!summary.hands.length) { this.toast(t('import_bad', {msg: 'no hands'}), true); return false; }
    this.closeDialogs();
    this.gen += 1;
    this.mode = 'replay';
    this.replay = {summary, hand: 0, step: 0};
    this.toast(t('import_ok', {n: summary.hands.length}));
    await this.showFrame();
    return true;
  }

  async showFrame() {
    const r = this.replay;
    const state = await this.call('replay_frame', {hand: r.hand, step: r.step});
    this.ui.announcements = [];
    this.motion.clear();
    this.setView(state);
  }

  async replayStep(dir, wholeHand = false) {
    if (this.mode !== 'replay') return;
    const r = this.replay;
    const hands = r.summary.hands;
    if (wholeHand) {
      r.hand = Math.max(0, Math.min(hands.length - 1, r.hand + dir));
      r.step = 0;
    } else {
      const steps = hands[r.hand].actions;
      if (dir > 0 && r.step >= steps && r.hand < hands.length - 1) { r.hand += 1; r.step = 0; }
      else if (dir < 0 && r.step === 0 && r.hand > 0) { r.hand -= 1; r.step = hands[r.hand].actions; }
      else r.step = Math.max(0, Math.min(steps, r.step + dir));
    }
    await this.showFrame();
  }

  async leaveReplay(refresh = true) {
    if (this.mode !== 'replay') return;
    this.mode = 'game';
    this.gen += 1;
    this.replay = null;
    if (refresh) {
      const state = await this.call('state');
      this.setView(state);
      this.afterState();
    }
  }

  // ------------------------------------------------------------------ dialogs and toolbar

  closeDialogs() {
    for (const d of document.querySelectorAll('dialog[open]')) d.close();
  }

  async openNewGame() {
    this.closeDialogs();
    if (!this.optionInfo) {
      [this.optionInfo, this.levels] = await Promise.all([this.call('option_info'), this.call('bot_levels')]);
    }
    const box = $('ng-options');
    box.textContent = '';
    const current = settings.options || {};
    const groups = [['wild', ['wildcard_mode', 'wildcard_in_melds', 'must_baotou']],
      ['dealer', ['start_streak', 'next_dealer', 'draw_adds_streak']],
      ['win', ['win_mode', 'discard_min_l', 'rob_kong', 'rob_kong_min_l']],
      ['tan', ['three_tan_chengbao', 'pong_counts_as_tan', 'three_tan_needs_l3']],
      ['other', ['zhuada_subject', 'kong_burn', 'que_yi_men']],
      ['score', ['start_points', 'base_score']]];
    const known = new Set(groups.flatMap((g) => g[1]));
    const rest = this.optionInfo.filter((o) => !known.has(o.key)).map((o) => o.key);
    if (rest.length) groups[4][1].push(...rest);
    const byKey = Object.fromEntries(this.optionInfo.map((o) => [o.key, o]));
    // the match: bot strength and seed
    const fsMatch = el('fieldset');
    fsMatch.appendChild(el('legend', {}, t('group.match')));
    const lv = el('div', {className: 'opt'});
    lv.appendChild(el('label', {className: 'name', htmlFor: 'ng-level'}, t('ng_level')));
    const sel = el('select', {id: 'ng-level'});
    for (const l of this.levels) {
      const o = el('option', {value: l}, t(`level_${l}`) === `level_${l}` ? l : t(`level_${l}`));
      if (l === (settings.level || (this.state && this.state.match.level))) o.selected = true;
      sel.appendChild(o);
    }
    lv.appendChild(sel);
    fsMatch.appendChild(lv);
    const sd = el('div', {className: 'opt'});
    sd.appendChild(el('label', {className: 'name', htmlFor: 'ng-seed'}, t('ng_seed')));
    sd.appendChild(el('input', {id: 'ng-seed', type: 'text', inputMode: 'numeric', autocomplete: 'off',
      spellcheck: false, maxLength: 40, oninput: (ev) => ev.target.setCustomValidity('')}));
    fsMatch.appendChild(sd);
    box.appendChild(fsMatch);
    for (const [g, keys] of groups) {
      const fs = el('fieldset');
      fs.appendChild(el('legend', {}, t(`group.${g}`)));
      for (const k of keys) {
        const o = byKey[k];
        if (!o) continue;
        const row = el('div', {className: 'opt'});
        const id = `opt-${k}`;
        row.appendChild(el('label', {className: 'name', htmlFor: id}, getLang() === 'en' ? `${o.english} · ${o.chinese}` : o.chinese));
        const value = k in current ? current[k] : o.default;
        let input;
        if (o.values) {
          input = el('select', {id});
          o.values.forEach((v, i) => {
            const opt = el('option', {value: String(i)}, `${valueLabel(v)}${v === o.default ? (getLang() === 'en' ? ' (default)' : '（默认）') : ''}`);
            if (v === value) opt.selected = true;
            input.appendChild(opt);
          });
        } else {
          input = el('input', {id, type: 'number', min: '1', step: '1', value: String(value)});
        }
        input.dataset.key = k;
        row.appendChild(input);
        row.appendChild(el('div', {className: 'desc'}, `${getLang() === 'en' || !o.description_zh ? o.description : o.description_zh} (§${o.section})`));
        fs.appendChild(row);
      }
      box.appendChild(fs);
    }
    $('newgame').showModal();
  }

  readNewGame() {
    const options = {};
    const byKey = Object.fromEntries(this.optionInfo.map((o) => [o.key, o]));
    for (const input of $('ng-options').querySelectorAll('[data-key]')) {
      const o = byKey[input.dataset.key];
      const v = o.values ? o.values[Number(input.value)] : Number(input.value);
      if (v !== o.default) options[o.key] = v;
    }
    const seedText = $('ng-seed').value.trim();
    const asked = seedText ? parseSeed(seedText, getLang()) : {seed: randomSeed()};
    return {options, seed: asked.seed, problem: asked.problem, level: $('ng-level').value};
  }

  bindUi() {
    installKeyboard({
      arrow: (dir) => moveFocus($('hand'), dir),
      shortcut: (g) => this.shortcut(g),
      replay: () => this.mode === 'replay',
      replayStep: (dir) => this.replayStep(dir),
    });
    this.canvas.addEventListener('click', () => {
      if (this.ui.selected !== null) { this.ui.selected = null; this.render(); this.renderDock(); }
    });
    $('btn-sound').addEventListener('click', () => { this.sound.muted = !this.sound.muted; this.applyLang(); });
    $('btn-hints').addEventListener('click', () => {
      this.ui.hints = !this.ui.hints;
      settings.hints = this.ui.hints;
      store.saveSettings(settings);
      this.applyLang();
      if (this.state) this.setView(this.state);
    });
    $('btn-lang').addEventListener('click', () => {
      setLang(getLang() === 'zh' ? 'en' : 'zh');
      settings.lang = getLang();
      store.saveSettings(settings);
      this.applyLang();
    });
    $('btn-menu').addEventListener('click', () => {
      $('m-speed').value = this.speed in PACE ? this.speed : 'normal';
      $('menu').showModal();
    });
    $('m-speed').addEventListener('change', () => {
      this.speed = $('m-speed').value;
      settings.speed = this.speed;
      store.saveSettings(settings);
    });
    $('m-new').addEventListener('click', () => this.openNewGame());
    $('m-export').addEventListener('click', () => { $('menu').close(); this.exportLog(); });
    $('go-export').addEventListener('click', () => this.exportLog());
    $('settle-export').addEventListener('click', () => this.exportLog());
    $('m-import').addEventListener('click', () => { $('menu').close(); $('import-file').click(); });
    $('import-file').addEventListener('change', async () => {
      const f = $('import-file').files[0];
      $('import-file').value = '';
      if (!f) return;
      await this.importLog(await f.text());
    });
    $('ng-cancel').addEventListener('click', () => $('newgame').close());
    $('ng-form').addEventListener('submit', (ev) => {
      ev.preventDefault();
      const {options, seed, problem, level} = this.readNewGame();
      if (problem) {
        $('ng-seed').setCustomValidity(problem);
        $('ng-seed').reportValidity();
        return;
      }
      settings.options = options;
      settings.level = level;
      store.saveSettings(settings);
      this.startNewGame(options, seed, level);
    });
    $('go-new').addEventListener('click', () => this.openNewGame());
    $('btn-next').addEventListener('click', () => this.onNext());
    $('settle').addEventListener('cancel', (ev) => ev.preventDefault());
    $('gameover').addEventListener('close', () => this.renderDock());
    for (const b of $('replay-bar').querySelectorAll('button')) {
      b.addEventListener('click', () => {
        const what = b.dataset.replay;
        if (what === 'exit') this.leaveReplay();
        else this.replayStep(what.startsWith('prev') ? -1 : 1, what.endsWith('hand'));
      });
    }
  }

  applyLang() {
    const lang = getLang();
    document.title = `${t('title')} · ${lang === 'en' ? '杭州麻将' : 'Hangzhou Mahjong'}`;
    for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
    $('btn-lang').setAttribute('aria-label', t('language'));
    $('btn-lang').title = t('language');
    $('btn-lang').dataset.lang = lang;
    $('btn-sound').replaceChildren(speakerIcon(this.sound.muted));
    $('btn-sound').setAttribute('aria-pressed', String(!this.sound.muted));
    $('btn-sound').title = t(this.sound.muted ? 'sound_off' : 'sound_on');
    $('btn-sound').setAttribute('aria-label', $('btn-sound').title);
    $('btn-hints').textContent = t('hints');
    $('btn-hints').setAttribute('aria-pressed', String(this.ui.hints));
    $('btn-hints').title = this.ui.hints ? t('hints_on') : t('hints_off');
    $('btn-menu').setAttribute('aria-label', t('menu'));
    $('hand').setAttribute('aria-label', lang === 'en' ? 'Your hand' : '你的手牌');
    $('actions').setAttribute('aria-label', lang === 'en' ? 'Actions' : '操作');
    const rb = $('replay-bar');
    const labels = {'prev-hand': t('prev_hand'), prev: t('prev'), next: t('nextstep'), 'next-hand': t('next_hand')};
    for (const b of rb.querySelectorAll('button')) {
      if (b.dataset.replay === 'exit') b.textContent = t('exit_replay');
      else { b.setAttribute('aria-label', labels[b.dataset.replay]); b.title = labels[b.dataset.replay]; }
    }
    if (this.state) {
      this.render();
      this.renderDock();
      if ($('settle').open) this.showSettlement();
      if ($('gameover').open) this.showGameOver();
    }
  }

  toast(text, bad = false, ms = bad ? 4000 : 2200) {
    const box = $('toast');
    box.textContent = text;
    box.classList.toggle('bad', bad);
    box.hidden = false;
    clearTimeout(this._toastTimer);
    this._toastTimer = setTimeout(() => { box.hidden = true; }, ms);
  }
}

// ======================================================================================= helpers

function el(tag, props = {}, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'role') e.setAttribute('role', v);
    else e[k] = v;
  }
  if (text !== undefined) e.textContent = text;
  return e;
}

const SUIT_ORDER = {m: 0, p: 1, s: 2};
function tileOrder(a, b) {
  const key = (x) => (x.length === 2 ? SUIT_ORDER[x[1]] * 10 + Number(x[0]) : 40 + 'ESWNCFP'.indexOf(x));
  return key(a) - key(b);
}

start();
