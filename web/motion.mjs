// Short table animations: a drawn tile drops into your hand, a discard slides from its seat into the
// river, a claimed meld settles beside its owner's hand. Each lasts at most 200 ms and none plays at
// instant speed or when the device asks for reduced motion. The renderer reads the running animations
// (`draw`, `discard`, `claim`) from this object; the page only reports events and views.

import {isMeldEvent} from './actions.mjs';

export const DURATION = {draw: 160, discard: 180, claim: 200};

export const easeOut = (t) => 1 - (1 - t) ** 3;

/** 0..1 progress of an animation at time `now` (1 when there is none). */
export function progress(anim, now) {
  if (!anim) return 1;
  return Math.max(0, Math.min(1, (now - anim.t0) / anim.dur));
}

export function reducedMotion() {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export class Motion {
  /** @param {() => boolean} allowed  false at instant speed (asked at each event) */
  constructor(allowed) {
    this.allowed = allowed;
    this.draw = null;
    this.discard = null;
    this.claim = null;
    this.started = [];      // the last animations started ({kind, seat, dur}), for tests
  }

  get enabled() { return this.allowed() && !reducedMotion(); }

  start(kind, props) {
    if (!this.enabled) return;
    this[kind] = {...props, t0: performance.now(), dur: DURATION[kind]};
    this.started = [...this.started.slice(-19), {kind, seat: props.seat ?? null, dur: DURATION[kind]}];
  }

  clear() { this.draw = this.discard = this.claim = null; }

  /** Drop finished animations; true while one still runs (the page keeps drawing frames). */
  tick(now) {
    let running = false;
    for (const k of ['draw', 'discard', 'claim']) {
      if (this[k] && now - this[k].t0 >= this[k].dur) this[k] = null;
      if (this[k]) running = true;
    }
    return running;
  }

  /** The engine's events of one step, with the view after it. */
  onEvents(events, state) {
    for (const ev of events) {
      if (ev.type === 'discard') {
        const p = state.players[ev.seat];
        let index = -1;
        for (let i = p.discards.length - 1; i >= 0; i--) if (p.discards[i].tile === ev.tile) { index = i; break; }
        this.start('discard', {seat: ev.seat, index});
      } else if (isMeldEvent(ev)) {
        this.start('claim', {seat: ev.seat});
      }
    }
  }

  /** A new view: a tile newly drawn into your hand drops in. */
  onView(prev, state) {
    if (state.drawn && prev && (!prev.drawn || prev.hand.length < state.hand.length) && !state.replay) {
      this.start('draw', {tile: state.drawn});
    }
  }
}
