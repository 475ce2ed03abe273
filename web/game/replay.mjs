// The replay viewer: steps through an imported log forward and back, hand by hand, with autoplay at
// a chosen speed and a jump to the hand's result. Each frame is the engine's view with every hand shown;
// the step is told in words ("下家 打出 六万").

import {getLang, t} from '../i18n.mjs';
import {jsonProblem} from '../json-guard.mjs';
import {$, closeDialogs, toast} from './dom.mjs';
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
    this.timer = 0;
    this.autoSpeed = 'normal';
    for (const b of $('replay-bar').querySelectorAll('button[data-replay]')) {
      b.addEventListener('click', () => this.command(b.dataset.replay));
    }
    $('replay-speed').addEventListener('change', () => { this.autoSpeed = $('replay-speed').value; });
    ctrl.on('view', () => this.renderBar());
  }

  get active() { return this.ctrl.mode === 'replay' && this.r !== null; }

  /** Load a log's text; false (with a message) when the engine cannot read it. */
  async load(text) {
    const problem = jsonProblem(text, getLang());
    if (problem) { toast(t('import_bad', {msg: problem}), true); return false; }
    let summary;
    try {
      summary = await this.ctrl.call('replay_load', {log: text});
    } catch (err) {
      toast(t('import_bad', {msg: playerError(err)}), true);
      return false;
    }
    if (!summary.hands.length) { toast(t('import_bad', {msg: t('no_hands')}), true); return false; }
    closeDialogs();
    this.ctrl.enterReplay();
    this.r = {summary, hand: 0, step: 0};
    toast(t('import_ok', {n: summary.hands.length}));
    await this.show();
    return true;
  }

  async show() {
    const r = this.r;
    const state = await this.ctrl.call('replay_frame', {hand: r.hand, step: r.step});
    if (!this.active) return;
    this.onFrame();
    this.ctrl.setView(state);
  }

  command(what) {
    if (what === 'exit') { this.exit(); return; }
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
    await this.ctrl.leaveReplay();
  }

  /** The position, the hand number and the last step in words. */
  renderBar() {
    if (!this.active) return;
    const s = this.ctrl.state;
    const r = this.r;
    if (!s || !s.replay) return;
    const hand = t('replay_hand_of', {n: r.hand + 1, m: r.summary.hands.length});
    $('prompt').textContent = `${t('replay')} · ${hand}`;
    $('replay-pos').textContent = `${hand} · ${t('replay_step', {a: r.step, b: s.replay.steps})}`;
    const last = s.replay.last_action;
    $('info').textContent = last ? t('last_action', {a: actionWords(last, s.seat)}) : t('replay_start');
    const play = $('replay-bar').querySelector('button[data-replay=play]');
    play.textContent = this.timer ? '⏸' : '⏵';
    play.setAttribute('aria-pressed', String(!!this.timer));
    const last2 = r.hand === r.summary.hands.length - 1 && r.step === s.replay.steps;
    $('replay-bar').querySelector('button[data-replay=next-hand]').disabled = last2;
    $('replay-bar').querySelector('button[data-replay=next]').disabled = last2;
    $('replay-bar').querySelector('button[data-replay=end]').disabled = r.step === s.replay.steps;
  }
}
