// Table sounds, synthesized with Web Audio (no audio files): a discard click, a cue for each of
// 吃 / 碰 / 杠 / 胡, and a soft bell when it is your turn. Muting is remembered in the settings.
// The audio context starts on the first tap or key press (browsers allow sound only after one).

import {icon} from './game/dom.mjs';
import {eventGroup} from './actions.mjs';

const CUES = {
  // [frequency Hz, start s, length s, type, gain]
  chow: [[660, 0, 0.09, 'triangle', 0.22], [880, 0.07, 0.12, 'triangle', 0.2]],
  pong: [[392, 0, 0.1, 'square', 0.1], [523, 0.06, 0.16, 'triangle', 0.22]],
  kong: [[196, 0, 0.28, 'triangle', 0.28], [294, 0.05, 0.26, 'triangle', 0.2], [392, 0.1, 0.24, 'triangle', 0.16]],
  win: [[523, 0, 0.16, 'triangle', 0.24], [659, 0.09, 0.16, 'triangle', 0.24], [784, 0.18, 0.18, 'triangle', 0.24],
    [1047, 0.27, 0.4, 'sine', 0.26]],
  turn: [[988, 0, 0.14, 'sine', 0.12], [1319, 0.05, 0.2, 'sine', 0.07]],
};

export class Sound {
  /**
   * @param {{muted?: boolean}} settings  the page's settings object (its `muted` is read and written)
   * @param {() => void} save             persists the settings
   */
  constructor(settings, save) {
    this.settings = settings;
    this.save = save;
    this.ctx = null;
    const unlock = () => {
      if (!this.muted) this.context();
      if (this.ctx) { removeEventListener('pointerdown', unlock, true); removeEventListener('keydown', unlock, true); }
    };
    addEventListener('pointerdown', unlock, true);
    addEventListener('keydown', unlock, true);
  }

  get muted() { return !!this.settings.muted; }

  set muted(v) {
    this.settings.muted = !!v;
    this.save();
    if (!v) this.context();
  }

  context() {
    if (this.ctx) {
      if (this.ctx.state === 'suspended') this.ctx.resume().catch(() => {});
      return this.ctx;
    }
    const AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { this.ctx = new AC(); } catch { this.ctx = null; }
    return this.ctx;
  }

  /** Play one cue: 'discard', 'chow', 'pong', 'kong', 'win' or 'turn'. */
  play(cue) {
    if (this.muted || !this.ctx || this.ctx.state !== 'running') return;
    const ac = this.ctx;
    const t0 = ac.currentTime + 0.005;
    const out = ac.createGain();
    out.gain.value = 0.6;
    out.connect(ac.destination);
    if (cue === 'discard') { click(ac, out, t0); return; }
    for (const [f, at, len, type, gain] of CUES[cue] || []) tone(ac, out, f, t0 + at, len, type, gain);
  }

  /** The engine's events of one step. */
  onEvents(events) {
    for (const ev of events) {
      const group = eventGroup(ev);  // a cue by family: 'discard', 'chow', 'pong', 'kong', 'win'
      if (group) this.play(group);
    }
  }

  /** A new view: a bell when the human gets something to decide. */
  onView(prev, state) {
    if (state.human_to_act && !(prev && prev.human_to_act) && !state.hand_over) this.play('turn');
  }
}

function tone(ac, out, f, t, len, type, gain) {
  const o = ac.createOscillator();
  const g = ac.createGain();
  o.type = type;
  o.frequency.setValueAtTime(f, t);
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(gain, t + 0.012);
  g.gain.exponentialRampToValueAtTime(0.0001, t + len);
  o.connect(g).connect(out);
  o.start(t);
  o.stop(t + len + 0.02);
}

function click(ac, out, t) {
  // a tile set down on felt: a short filtered noise tick over a low knock
  const n = Math.round(ac.sampleRate * 0.04);
  const buf = ac.createBuffer(1, n, ac.sampleRate);
  const data = buf.getChannelData(0);
  let seed = 7;
  for (let i = 0; i < n; i++) {
    seed = (seed * 16807) % 2147483647;
    data[i] = ((seed / 2147483647) * 2 - 1) * (1 - i / n) ** 3;
  }
  const src = ac.createBufferSource();
  src.buffer = buf;
  const bp = ac.createBiquadFilter();
  bp.type = 'bandpass';
  bp.frequency.value = 2400;
  bp.Q.value = 1.2;
  const g = ac.createGain();
  g.gain.value = 0.9;
  src.connect(bp).connect(g).connect(out);
  src.start(t);
  tone(ac, out, 170, t, 0.07, 'sine', 0.35);
}

/** A small speaker icon (SVG, no font needed), crossed out when muted. */
export function speakerIcon(muted) {
  const path = (d, fill) => ({d, fill: fill ? 'currentColor' : 'none', stroke: 'currentColor', 'stroke-width': 2,
    'stroke-linecap': 'round', 'stroke-linejoin': 'round'});
  const waves = muted ? 'M16 9l5 6M21 9l-5 6' : 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12';
  return icon('0 0 24 24', [path('M4 9h4l5-4v14l-5-4H4z', true), path(waves, false)], {width: 18, height: 18});
}
