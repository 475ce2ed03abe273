// The replay viewer: steps through an imported log, or the game being played (from the result screen or
// the end of the match), forward and back, hand by hand, with autoplay at a chosen speed and a jump to the
// hand's result. Each frame is the engine's view with every hand shown, drawn as one seat sits (the
// player's own, or the seat a 复盘 review looked at), the plates with the points each seat had when the hand
// began; the step is told in words ("下家 打出 六万"). A review's flagged decisions are marks on the hand's
// timeline under the bar; a mark jumps to its step.

import {getLang, t} from '../i18n.mjs';
import {jsonProblem} from '../json-guard.mjs';
import {$, closeDialogs, el, showPrompt, toast} from './dom.mjs';
import {actionWords, playerError} from './words.mjs';

const AUTOPLAY_MS = {slow: 1400, normal: 800, fast: 300};

export class ReplayViewer {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {() => void} onFrame  called before each frame is shown (the table forgets its animations)
   */
  constructor(ctrl, onFrame) {
    this.ctrl = ctrl;
    this.onFrame = onFrame;
    this.r = null;                 // {summary, hand, step}
    this.text = null;              // the loaded log's text (the review reads it)
    this.marks = null;             // {hand, seat, items: [{step, label}]}: a review's flagged decisions
    this.onReview = () => {};      // the 复盘 button (the review panel sets it)
    this.timer = 0;
    this.autoSpeed = 'normal';
    this.seat = 0;                 // whose view the frames show
    this.fromPlay = false;         // the game being played (leaving goes back to it) or an imported log
    for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ ($('replay-bar').querySelectorAll('button[data-replay]'))) {
      b.addEventListener('click', () => this.command(b.dataset.replay));
    }
    $('replay-speed').addEventListener('change', () => { this.autoSpeed = $('replay-speed', HTMLSelectElement).value; });
    ctrl.on('view', () => this.renderBar());
  }

  get active() { return this.ctrl.mode === 'replay' && this.r !== null; }

  /** Load a log's text; false (with a message) when the engine cannot read it. `at`: start at {hand, step};
   *  `quiet`: no "loaded" message (the page's own game); `seat`: whose view the frames show. */
  async load(text, {at = null, quiet = false, seat = 0} = {}) {
    const problem = jsonProblem(text, getLang());
    if (problem) { toast(() => t('import_bad', {msg: jsonProblem(text, getLang())}), true); return false; }
    let summary;
    try {
      summary = await this.ctrl.call('replay_load', {log: text});
    } catch (err) {
      toast(() => t('import_bad', {msg: playerError(err)}), true);
      return false;
    }
    if (!summary.hands.length) { toast(() => t('import_bad', {msg: t('no_hands')}), true); return false; }
    closeDialogs();
    this.ctrl.enterReplay();
    this.text = text;
    this.marks = null;
    this.seat = seat;
    this.fromPlay = quiet;
    const hand = at ? Math.min(Math.max(0, at.hand), summary.hands.length - 1) : 0;
    this.r = {summary, hand, step: at ? Math.min(Math.max(0, at.step), summary.hands[hand].actions) : 0};
    if (!quiet) toast(() => t('import_ok', {n: summary.hands.length}));
    await this.show();
    return true;
  }

  /** Watch hand `hand` (0-based) of the game being played, from its first step, from the player's seat. */
  async watchGame(hand) {
    const s = this.ctrl.state;
    if (!s || this.ctrl.mode !== 'game') return false;
    let text;
    try {
      text = await this.ctrl.call('export_log_text');
    } catch (err) {
      toast(() => t('import_bad', {msg: playerError(err)}), true);
      return false;
    }
    return this.load(text, {at: {hand, step: 0}, quiet: true, seat: s.seat});
  }

  async show() {
    const r = this.r;
    const state = await this.ctrl.call('replay_frame', {hand: r.hand, step: r.step, seat: this.seat});
    if (!this.active) return;
    this.onFrame();
    this.ctrl.setView(state);
  }

  command(what) {
    if (what === 'exit') { this.exit(); return; }
    if (what === 'review') { this.stopAutoplay(); this.onReview(); return; }
    if (what === 'play') { this.toggleAutoplay(); return; }
    this.stopAutoplay();
    if (what === 'end') this.toEnd();
    else this.step(what.startsWith('prev') ? -1 : 1, what.endsWith('hand'));
  }

  /** One step (dir ±1) or one whole hand; never past the first step of the first hand or the end of the last. */
  async step(dir, wholeHand = false) {
    if (!this.active) return false;
    const r = this.r;
    const hands = r.summary.hands;
    const before = `${r.hand}:${r.step}`;
    if (wholeHand) {
      const hand = Math.max(0, Math.min(hands.length - 1, r.hand + dir));
      if (hand === r.hand && dir > 0) r.step = hands[r.hand].actions;  // the last hand: go to its end
      else { r.hand = hand; r.step = 0; }
    } else {
      const steps = hands[r.hand].actions;
      if (dir > 0 && r.step >= steps && r.hand < hands.length - 1) { r.hand += 1; r.step = 0; }
      else if (dir < 0 && r.step === 0 && r.hand > 0) { r.hand -= 1; r.step = hands[r.hand].actions; }
      else r.step = Math.max(0, Math.min(steps, r.step + dir));
    }
    if (`${r.hand}:${r.step}` === before) return false;
    await this.show();
    return true;
  }

  /** Go to step `step` of hand `hand` (a review's mark). */
  async jump(hand, step) {
    if (!this.active) return;
    this.stopAutoplay();
    const hands = this.r.summary.hands;
    this.r.hand = Math.min(Math.max(0, hand), hands.length - 1);
    this.r.step = Math.min(Math.max(0, step), hands[this.r.hand].actions);
    await this.show();
  }

  /** Show a review's flagged decisions on the timeline (null: none); the frames then show the reviewed
   *  seat's view, its tiles at the bottom. */
  setMarks(marks) {
    this.marks = marks;
    this.renderMarks();
    if (marks && marks.seat !== this.seat) {
      this.seat = marks.seat;
      if (this.active) this.show();
    }
  }

  /** Jump to the result of the current hand. */
  async toEnd() {
    if (!this.active) return;
    this.r.step = this.r.summary.hands[this.r.hand].actions;
    await this.show();
  }

  toggleAutoplay() {
    if (this.timer) { this.stopAutoplay(); return; }
    const tick = async () => {
      const moved = await this.step(1);
      if (!moved || !this.active) { this.stopAutoplay(); return; }
      this.timer = setTimeout(tick, AUTOPLAY_MS[this.autoSpeed] ?? 800);
    };
    this.timer = setTimeout(tick, 0);
    this.renderBar();
  }

  stopAutoplay() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.renderBar();
  }

  async exit() {
    this.stopAutoplay();
    this.r = null;
    this.marks = null;
    this.renderMarks();
    await this.ctrl.leaveReplay();
  }

  /** The position, the hand number and the last step in words. */
  renderBar() {
    if (!this.active) return;
    const s = this.ctrl.state;
    const r = this.r;
    if (!s || !s.replay) return;
    const hand = t('replay_hand_of', {n: r.hand + 1, m: r.summary.hands.length});
    showPrompt(`${t('replay')} · ${hand}`);
    $('replay-pos').textContent = `${hand} · ${t('replay_step', {a: r.step, b: s.replay.steps})}`;
    const last = s.replay.last_action;
    $('info').textContent = last ? t('last_action', {a: actionWords(last, s.seat)}) : t('replay_start');
    const play = $('replay-bar').querySelector('button[data-replay=play]');
    play.setAttribute('aria-pressed', String(!!this.timer));
    $('replay-play-label').textContent = t(this.timer ? 'rp.pause' : 'rp.play');
    $('replay-bar').querySelector('button[data-replay=exit]').textContent = t(this.fromPlay ? 'back_to_game' : 'exit_replay');
    const last2 = r.hand === r.summary.hands.length - 1 && r.step === s.replay.steps;
    const button = (name) => /** @type {HTMLButtonElement} */ ($('replay-bar').querySelector(`button[data-replay=${name}]`));
    button('next-hand').disabled = last2;
    button('next').disabled = last2;
    button('end').disabled = r.step === s.replay.steps;
    this.renderMarks();
  }

  /** The timeline of the hand on screen: where the replay is, and a mark per flagged decision. */
  renderMarks() {
    const box = $('replay-marks');
    const m = this.marks;
    const r = this.r;
    if (!this.active || !m || !r || m.hand !== r.hand) { box.hidden = true; box.textContent = ''; return; }
    const steps = Math.max(1, r.summary.hands[r.hand].actions);
    const at = (step) => `${(100 * step) / steps}%`;
    box.hidden = false;
    box.textContent = '';
    box.setAttribute('aria-label', t('review_marks'));
    const track = el('div', {className: 'track'});
    const now = el('span', {className: 'now'});
    now.style.left = at(r.step);
    track.appendChild(now);
    for (const it of m.items) {
      const b = el('button', {type: 'button', className: `mark${it.step === r.step ? ' here' : ''}`, title: it.label});
      b.setAttribute('aria-label', it.label);
      b.dataset.step = String(it.step);
      b.style.left = at(it.step);
      b.addEventListener('click', () => this.jump(m.hand, it.step));
      track.appendChild(b);
    }
    box.appendChild(track);
  }
}
