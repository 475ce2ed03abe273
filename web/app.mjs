// The game page: boots the engine worker (with a real progress bar and retry), then wires the table's
// parts together: the controller (game/controller.mjs: state, actions, bots, saving), the table view,
// the action dock, the result and new-game dialogs, the match history and the replay viewer.
// The engine (hzmj_core in Pyodide) owns every rule. Exposed as window.hzmj for tests and benchmarks:
//   hzmj.bridge, hzmj.progressLog, hzmj.readyAt (engine ready), hzmj.tableReadyAt (first playable table drawn),
//   hzmj.game (this controller: state, metrics.roundTrips, setSpeed(...)).
// <html data-state> is loading | error | ready (engine) and <html data-table> is ready once the first table is
// drawn and saved;
// <html data-busy> is 1 while the page waits for the engine or animates bots.

import {Bridge} from './bridge.mjs';
import * as store from './store.mjs';
import {getLang, setLang, setPeople, t} from './i18n.mjs';
import {installKeyboard, moveFocus} from './input.mjs';
import {$, closeDialogs, relabelToast, toast, watchScroll} from './game/dom.mjs';
import {Controller} from './game/controller.mjs';
import {TableView} from './game/table-view.mjs';
import {Dock} from './game/dock.mjs';
import {ResultDialog} from './game/result.mjs';
import {MatchHistory} from './game/history.mjs';
import {NewGameDialog} from './game/newgame.mjs';
import {ReplayViewer} from './game/replay.mjs';
import {ReviewPanel} from './game/review.mjs';
import {rulesLine} from './game/rules-line.mjs';
import {parseSeed} from './seed.mjs';
import {Sound, speakerIcon} from './sound.mjs';
import {Friends} from './net/friends.mjs';
import {isJoinPage, joinTable} from './net/join.mjs';
import {beginRanked, isRanked, rankedWords, watchRanked} from './exam/ranked.mjs';
import {Daily} from './daily/daily.mjs';
import {w as dailyWords} from './daily/words.mjs';
import * as dailyStore from './daily/store.mjs';
import {exportData, importData} from './pdata.mjs';

window.hzmjBootStarted = true;
/** @type {NonNullable<Window['hzmj']>} */
const hzmj = {bridge: null, progressLog: [], readyAt: null, tableReadyAt: null, error: null, game: null};
window.hzmj = hzmj;
const params = new URLSearchParams(location.search);
const settings = store.loadSettings();
const urlLang = params.get('lang');
const validLang = (l) => l === 'en' || l === 'zh';
setLang(validLang(urlLang) ? urlLang : validLang(settings.lang) ? settings.lang
  : (navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');
if (urlLang === 'en' || urlLang === 'zh') settings.lang = urlLang;
// the friends table (web/net/): this page hosts one, or is a guest at one (opened at '#join=…')
const friends = new Friends();
hzmj.friends = friends.api();


// ======================================================================================= boot

function setState(s) { document.documentElement.dataset.state = s; }

function onProgress(p) {
  $('progress', HTMLProgressElement).value = p.fraction;
  // the megabytes the network carries (gzipped where the server compresses); the bar moves by the bytes read
  const [a, b] = p.wireTotal ? [p.wire, p.wireTotal] : [p.loaded, p.total];
  $('status').textContent = t(`phase.${p.phase}`, {a: (a / 1e6).toFixed(1), b: (b / 1e6).toFixed(1)});
  hzmj.progressLog.push({t: Math.round(performance.now()), phase: p.phase, fraction: p.fraction});
}

async function start() {
  if (isJoinPage()) return startGuest();
  setState('loading');
  $('failure').hidden = true;
  $('loading').hidden = false;
  onProgress({phase: 'download', loaded: 0, total: 0, fraction: 0});
  try {
    // The first attempt adopts the worker guard.mjs started; a Retry starts a new one.
    const early = window.hzmjEarlyEngine || null;
    window.hzmjEarlyEngine = null;
    const bridge = await Bridge.start(new URL('./worker.mjs', import.meta.url), onProgress, {early});
    hzmj.bridge = bridge;
    hzmj.readyAt = performance.now();
    // the version came with 'ready': no round trip before the table (the worker imports the API meanwhile)
    $('engine-version').textContent = `hzmj_core ${bridge.info.version}`;
    $('python-version').textContent = bridge.info.build.python_version;
    $('pyodide-version').textContent = bridge.info.build.pyodide_version;
    $('app').hidden = false;
    setState('ready');
    document.dispatchEvent(new CustomEvent('hzmj:ready', {detail: {bridge}}));
    const game = wire(bridge);
    hzmj.game = game;
    const seedParam = params.get('seed');
    const asked = seedParam === null ? {} : parseSeed(seedParam, getLang());
    // each note is words of the language of the moment: the message is rewritten after a switch of language
    const notes = [];
    const reset = store.settingsReset();
    if (reset.length) notes.push(() => t('settings_reset', {keys: reset.map((k) => t(`setting.${k}`)).join(', ')}));
    if (asked.problem) notes.push(() => t('seed_ignored', {why: parseSeed(seedParam, getLang()).problem}));
    // the first table is drawn (on the canvas, playable) when its view arrives; data-table=ready waits for its
    // first save too, so that a reload from then on finds the same game
    let drawnAt = null;
    game.on('view', () => { drawnAt ??= performance.now(); });
    const rankedSay = (kind) => toast(() => rankedWords(kind, null, getLang()), true, 9000);
    if (!(await beginRanked(game, params, rankedSay))) await game.begin(asked.seed ?? null, notes);
    await friends.afterBegin();
    const now = game.state;
    if (now && now.daily && !now.match.over) hzmj.views.daily.computePar(now.daily.date);
    // a '#daily=CODE' link, or the day's challenge offered once (never over a game under way)
    hzmj.views.daily.boot();
    hzmj.tableReadyAt = drawnAt ?? performance.now();
    document.documentElement.dataset.table = 'ready';
    registerServiceWorker();
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

function registerServiceWorker(guest = false) {
  // Registered once the first table is drawn, so its precache (the whole build, through the same
  // connections) competes neither with the engine's download and start nor with the first table. A guest's
  // page registers it without the engine's files (see sw.template.js).
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return;
  navigator.serviceWorker.register(guest ? './sw.js?guest=1' : './sw.js').catch((err) => console.warn('service worker:', err));
}

/** A guest's page: the reply to the invitation, then the host's table over the link (no engine here). */
async function startGuest() {
  setState('loading');
  $('failure').hidden = true;
  applyLangStatic();
  let bridge;
  try {
    bridge = await joinTable(friends);
  } catch (err) {
    hzmj.error = String(err && err.message || err);
    if (!err.shown) $('join-status').textContent = t('join_bad', {msg: hzmj.error});
    return;
  }
  hzmj.bridge = bridge;
  hzmj.readyAt = performance.now();
  $('app').hidden = false;
  setState('ready');
  registerServiceWorker(true);
  const game = wire(bridge, true);
  hzmj.game = game;
  await game.beginGuest();
  hzmj.tableReadyAt = performance.now();
  document.documentElement.dataset.table = 'ready';
}

function applyLangStatic() {
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-i18n]'))) e.textContent = t(e.dataset.i18n);
}

// ======================================================================================= wiring

/** What wire() made that applyLang and renderRules read later.
 *  @type {{sound: Sound|null, newGame: NewGameDialog|null}} */
const wired = {sound: null, newGame: null};

function wire(bridge, guest = false) {
  const speed = params.get('speed') || settings.speed || 'normal';
  const ctrl = new Controller(bridge, settings, speed);
  const prefs = {hints: settings.hints !== false};
  let dock = null;
  const table = new TableView(ctrl, prefs, () => dock.render());
  hzmj.layout = () => table.report();
  const sound = new Sound(settings, () => store.saveSettings(settings));
  let prevState = null;
  ctrl.on('view', (s) => { if (ctrl.mode === 'game') sound.onView(prevState, s); prevState = s; });
  ctrl.on('events', (events) => { if (ctrl.mode === 'game') sound.onEvents(events); });
  wired.sound = sound;
  // tests and benchmarks reach the table's motion and the sound through hzmj.game
  ctrl.motion = table.motion;
  ctrl.sound = sound;
  const history = new MatchHistory(ctrl, () => dock.render(), $('gameover'));
  dock = new Dock(ctrl, {
    selected: () => table.ui.selected,
    suggested: () => table.ui.suggested,
    hints: () => prefs.hints,
    gameOverOpen: () => history.open,
    showGameOver: () => { history.show(); dock.render(); },
    resultOpen: () => result.open,
    showResult: () => { result.show(); dock.render(); },
  });
  const result = new ResultDialog(ctrl, $('settle'));
  for (const d of document.querySelectorAll('dialog.sheet')) watchScroll(d, () => t('more_below'));
  $('settle').addEventListener('close', () => dock.render());
  const newGame = new NewGameDialog(ctrl, (options, seed, level) => ctrl.startNewGame(options, seed, level, () => {
    replay.stopAutoplay();
    closeDialogs();
    table.reset();
  }));
  const replay = new ReplayViewer(ctrl, () => table.reset());
  const review = new ReviewPanel(ctrl, replay);
  result.onWatch = (hand) => replay.watchGame(hand);
  history.onWatch = (hand) => replay.watchGame(hand);
  ctrl.on('view', () => { markRanked(ctrl); dock.render(); renderRules(ctrl); autoPlay(ctrl); });
  ctrl.on('handOver', () => { result.show(); dock.render(); });
  const daily = new Daily(ctrl, {
    newGame: () => newGame.open(),
    beforeShow: () => { replay.stopAutoplay(); closeDialogs(); table.reset(); },
  });
  ctrl.on('matchOver', (s) => {
    closeDialogs();
    if (s && s.daily) daily.finish(s);
    else { history.show(); dock.render(); }
  });
  $('m-daily').addEventListener('click', () => { $('menu', HTMLDialogElement).close(); daily.show(); });
  $('go-daily').addEventListener('click', () => daily.show());
  // the player's data in one file (pdata.mjs): from the ☰ menu and the daily dialog
  $('m-data-export').addEventListener('click', () => { $('menu', HTMLDialogElement).close(); const said = exportData(); toast(() => said); });
  $('m-data-import').addEventListener('click', () => { $('menu', HTMLDialogElement).close(); $('pdata-file').click(); });
  $('pdata-file').addEventListener('change', async () => {
    const f = $('pdata-file', HTMLInputElement).files[0];
    $('pdata-file', HTMLInputElement).value = '';
    if (!f) return;
    if (daily.open) $('daily', HTMLDialogElement).close();
    await importData(await f.text(), (m, args) => ctrl.call(m, args), (parts) => {
      // what the page holds in memory follows the import (the next save would write the old values back)
      if (parts.includes('settings')) {
        Object.assign(settings, store.loadSettings());
        prefs.hints = settings.hints !== false;
        if (validLang(settings.lang) && settings.lang !== getLang()) $('btn-lang').click();
        if (['slow', 'normal', 'fast', 'instant'].includes(settings.speed)) ctrl.setSpeed(settings.speed);
        applyLang(ctrl);
        if (ctrl.state) ctrl.setView(ctrl.state);
      }
      if (parts.includes('daily')) daily.data = dailyStore.load();
    });
  });
  watchRanked(ctrl, (kind, place) => toast(() => rankedWords(kind, place, getLang()), kind === 'pending',
    kind === 'pending' ? 60000 : 9000));
  // replay.renderBar subscribed in its constructor, after the dock: it writes the replay's prompt and info

  installKeyboard({
    arrow: (dir) => moveFocus($('hand'), dir),
    shortcut: (g) => dock.shortcut(g),
    replay: () => ctrl.mode === 'replay',
    replayStep: (dir) => { replay.stopAutoplay(); replay.step(dir); },
  });
  $('btn-sound').addEventListener('click', () => { sound.muted = !sound.muted; applyLang(ctrl); });
  $('btn-hints').addEventListener('click', () => {
    prefs.hints = !prefs.hints;
    settings.hints = prefs.hints;
    store.saveSettings(settings);
    applyLang(ctrl);
    if (ctrl.state) ctrl.setView(ctrl.state);
  });
  $('btn-lang').addEventListener('click', () => {
    setLang(getLang() === 'zh' ? 'en' : 'zh');
    settings.lang = getLang();
    store.saveSettings(settings);
    applyLang(ctrl);
    relabelToast();
    if (ctrl.state) {
      ctrl.setView(ctrl.state);
      if (result.open) result.show();
      review.relabel();
      if (history.open) history.show();
    }
    if (daily.open) daily.render();
  });
  $('btn-menu').addEventListener('click', () => {
    $('m-speed', HTMLSelectElement).value = ['slow', 'normal', 'fast'].includes(ctrl.speed) ? ctrl.speed : 'normal';
    $('m-autopass', HTMLInputElement).checked = !!settings.autoPass;
    $('m-autowin', HTMLInputElement).checked = !!settings.autoWin;
    $('menu', HTMLDialogElement).showModal();
  });
  $('m-speed').addEventListener('change', () => {
    ctrl.setSpeed($('m-speed', HTMLSelectElement).value);
    settings.speed = ctrl.speed;
    store.saveSettings(settings);
  });
  for (const [id, key] of [['m-autopass', 'autoPass'], ['m-autowin', 'autoWin']]) {
    $(id).addEventListener('change', () => {
      settings[key] = $(id, HTMLInputElement).checked;
      store.saveSettings(settings);
      autoPlay(ctrl);
    });
  }
  $('m-new').addEventListener('click', () => newGame.open());
  $('go-new').addEventListener('click', () => newGame.open());
  $('m-tutorial').addEventListener('click', () => { location.href = 'tutorial.html'; });
  $('m-exam').addEventListener('click', () => { location.href = 'exam.html'; });
  $('m-export').addEventListener('click', () => { $('menu', HTMLDialogElement).close(); ctrl.exportLog(); });
  $('m-import').addEventListener('click', () => { $('menu', HTMLDialogElement).close(); $('import-file').click(); });
  $('import-file').addEventListener('change', async () => {
    const f = $('import-file', HTMLInputElement).files[0];
    $('import-file', HTMLInputElement).value = '';
    if (f) await replay.load(await f.text());
  });
  hzmj.views = {table, dock, result, history, newGame, replay, review, daily};  // for tests
  table.names = () => friends.plateNames();
  // every line that names a seat names the person there by the name they gave (a friends table), not in a replay
  setPeople(() => (ctrl.mode === 'replay' ? null : friends.plateNames()));
  friends.attach(ctrl, {bridge: guest ? bridge : null, rulesText: () => $('rules').textContent,
    levels: () => newGame.metadata().then((m) => m.levels)});
  // the rules line under the felt waits for the first table: the worker answers in order, and the option
  // metadata (glossed descriptions of every option) would otherwise come before the first deal
  let metadataAsked = false;
  ctrl.on('view', () => {
    if (metadataAsked) return;
    metadataAsked = true;
    newGame.metadata().then(() => renderRules(ctrl), () => {});
  });
  wired.newGame = newGame;
  applyLang(ctrl);
  return ctrl;
}

/** Auto-win and auto-pass (menu toggles): answer for the player when the choice is obvious. */
function autoPlay(ctrl) {
  const s = ctrl.state;
  if (!s || ctrl.mode !== 'game' || !s.human_to_act || ctrl.busy || s.hand_over) return;
  const win = ctrl.legalAction('win');
  if (win && settings.autoWin) { setTimeout(() => ctrl.state === s && ctrl.act(win), 0); return; }
  const pass = ctrl.legalAction('pass');
  if (pass && !win && settings.autoPass && s.claim) setTimeout(() => ctrl.state === s && ctrl.act(pass), 0);
}

/** The rules in play, in one short line under the table. */
function renderRules(ctrl) {
  const s = ctrl.state;
  const meta = wired.newGame && wired.newGame.optionInfo;
  if (!s || !meta) return;
  const line = rulesLine(s.options, meta, s.match ? s.match.level : null, wired.newGame.levels);
  if (s.daily) {  // the day's challenge: which day and which of its four deals
    line.text = `${dailyWords(s.daily.practice ? 'practice_going' : 'going', {date: s.daily.date, n: s.daily.deal})} · ${line.text}`;
  }
  $('rules').textContent = line.text;
  $('rules').title = line.full;
}

/** The hint control in words (提示：开/关), or in a ranked match 排位赛：无提示 (the engine gives no hints there), and
 *  the 排位赛 / Ranked badge on the table. */
function markRanked(ctrl) {
  const s = ctrl.state;
  const ranked = Boolean(s && s.table && s.table.ranked) && ctrl.mode === 'game';
  const hints = settings.hints !== false;
  const btn = $('btn-hints', HTMLButtonElement);
  btn.textContent = ranked ? t('hints_ranked') : hints ? t('hints_on') : t('hints_off');
  btn.setAttribute('aria-pressed', String(hints && !ranked));
  btn.disabled = ranked;
  btn.title = ranked ? t('hints_ranked_title') : hints ? t('hints_on_title') : t('hints_off_title');
  btn.dataset.ranked = String(ranked);
  $('ranked-badge').hidden = !ranked;
  // the review waits for the match's end (the engine refuses it before)
  const playing = ranked && isRanked(s);
  document.documentElement.toggleAttribute('data-ranked-play', playing);
  $('settle-review').hidden = playing;
}

function applyLang(ctrl) {
  const lang = getLang();
  document.title = `${t('title')} · ${lang === 'en' ? '杭州麻将' : 'Hangzhou Mahjong'}`;
  for (const e of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('[data-i18n]'))) e.textContent = t(e.dataset.i18n);
  $('btn-lang').setAttribute('aria-label', t('language'));
  $('btn-lang').title = t('language');
  $('btn-lang').dataset.lang = lang;
  const muted = wired.sound.muted;
  $('btn-sound').replaceChildren(speakerIcon(muted));
  $('btn-sound').setAttribute('aria-pressed', String(!muted));
  $('btn-sound').title = t(muted ? 'sound_off' : 'sound_on');
  $('btn-sound').setAttribute('aria-label', $('btn-sound').title);
  markRanked(ctrl);
  $('btn-menu').setAttribute('aria-label', t('menu'));
  $('hand').setAttribute('aria-label', t('your_hand'));
  $('actions').setAttribute('aria-label', t('actions'));
  const labels = {'prev-hand': t('prev_hand'), prev: t('prev'), next: t('nextstep'), 'next-hand': t('next_hand'),
    play: t('autoplay'), end: t('to_result')};
  for (const b of $('replay-bar').querySelectorAll('button')) {
    if (!b.dataset.replay) continue;
    if (b.dataset.replay === 'exit') b.textContent = t('exit_replay');
    else if (b.dataset.replay === 'review') b.title = t('review_pick_seat');
    else { b.setAttribute('aria-label', labels[b.dataset.replay]); b.title = labels[b.dataset.replay]; }
  }
  $('replay-speed').setAttribute('aria-label', t('speed'));
  $('replay-play-label').textContent = t('rp.play');
  if (hzmj.views) hzmj.views.replay.renderBar();
  if (ctrl.state) renderRules(ctrl);
}

start();
