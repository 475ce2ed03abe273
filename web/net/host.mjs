// The host's side of a friends table (好友房): one link per guest seat, each guest's calls served by the
// engine for that guest's seat only (`seat_call`), the table's clock (turn timers), and what happens when a
// guest drops (the table's bot plays on after a short grace period) or comes back (a rejoin invitation).
//
// Everything a guest sends is checked here before it can reach the engine, and refused with a word to that
// guest when it is: not text, longer than MAX_MESSAGE characters, nested too deep (json-guard.mjs), not
// JSON, not a message of the protocol (remote-bridge.mjs), or a method a guest may not call. A guest that
// floods the link is rate-limited (a token bucket per guest) and has at most one call at the engine at a
// time, so one guest cannot stall the table. The engine then refuses, with the state unchanged, a call for
// another seat, out of turn, stale or illegal.

import {jsonProblem} from '../json-guard.mjs';
import {decodeCode, Offer} from './peer.mjs';
import {NetError} from './codes.mjs';
import {engine} from './engine-calls.mjs';
import {MAX_NAME} from './prefs.mjs';
import {cleanName} from '../names.mjs';

export const MAX_MESSAGE = 4096;
export const GRACE_MS = 8000;
const BUCKET = {size: 30, perSecond: 15};
const MAX_QUEUE = 4;
/** What a guest may ask: the page's method -> the engine's guest method and its arguments (served for the
 *  guest's own seat by seat_call; the engine checks the arguments again). */
const GUEST_CALLS = {
  state: () => ['state', {}],
  act: (a) => ['act', a],
  next_hand: () => ['ready_next', {}],
  hint: (a) => ['hint', a],
  review_start: ({seat, log, ...rest}) => ['review_start', rest],  // always the guest's own seat and game
  review_step: (a) => ['review_step', a],
  export_log_text: () => ['export_log_text', {}],
  phrase: (a) => ['phrase', a],
  phrase_list: () => ['phrase_list', {}],
};
/** Facts about the rules that hold no game state, answered by the host's engine directly. */
const SHARED_CALLS = new Set(['option_info', 'option_presets', 'bot_level_names']);
export const GUEST_METHODS = new Set([...Object.keys(GUEST_CALLS), ...SHARED_CALLS]);

/**
 * @typedef {{seat: number, who: 'human'|'bot'|'open', status: string, name: string, latency: number|null,
 *   generation: number, offer: Offer|null, link: import('./peer.mjs').Link|null, link_text: string|null,
 *   grace: ReturnType<typeof setTimeout>|null, warned: number, spent?: boolean}} Seat
 *   grace: the timer that hands a dropped guest's seat to the bot; warned: when the guest was last warned
 */

export class FriendsHost {
  /**
   * @param {import('../game/controller.mjs').Controller} ctrl  the host's own game
   * @param {{changed: () => void, notice: (key: string, vars: object) => void, base: string, clock: () => void}} hooks
   *   changed: the seats' states changed (redraw the dialog); notice: words for the host; base: the page URL;
   *   clock: the deadlines changed (redraw the timer)
   */
  constructor(ctrl, hooks) {
    this.ctrl = ctrl;
    this.hooks = hooks;
    this.settings = null;
    this.started = false;
    /** @type {Seat[]} */
    this.seats = [0, 1, 2, 3].map((seat) => ({seat, who: seat === ctrl.seatOfHost() ? 'human' : 'bot',
      status: seat === ctrl.seatOfHost() ? 'host' : 'bot', name: '', latency: null, generation: 0, offer: null,
      link: null, link_text: null, queue: [], busy: false, tokens: BUCKET.size, refilled: performance.now(),
      grace: null, warned: 0}));
    this.lastEvents = [];
    this.clock = null;
    this.deadlines = {};     // seat -> when its decision's time is up (Date.now() ms), from the engine
    this.pushing = Promise.resolve();
    this.pinger = setInterval(() => {
      for (const s of this.seats) if (s.link && !s.link.closed) s.link.send({t: 'ping', at: performance.now()});
    }, 2000);
    ctrl.on('events', (events) => { this.lastEvents = this.lastEvents.concat(events); });
    ctrl.on('view', () => { if (this.started && ctrl.mode === 'game') this.afterChange(); });
  }

  get hostSeat() { return this.ctrl.seatOfHost(); }

  /** Open invitations for the seats in settings.friends: [{seat, link}] (one link per seat). */
  async host(settings) {
    this.close();
    this.settings = settings;
    this.started = false;
    for (const s of this.seats) {
      if (s.seat === this.hostSeat) continue;
      s.who = settings.friends.includes(s.seat) ? 'open' : 'bot';
      s.status = s.who === 'open' ? 'waiting' : 'bot';
      s.name = '';
    }
    const invites = [];
    for (const s of this.seats.filter((x) => x.who === 'open')) invites.push({seat: s.seat, link: await this.invite(s)});
    this.hooks.changed();
    return {invites};
  }

  /** A new invitation for this seat (a first one, or to rejoin after a drop). */
  async invite(s) {
    if (s.offer) s.offer.close();
    s.generation = (s.generation + 1) & 255;
    s.spent = false;
    s.offer = await Offer.create(this.settings.iceServers || []);
    const code = await s.offer.invitation(s.seat, s.generation);
    s.link_text = `${this.hooks.base}#join=${code}`;
    s.status = s.who === 'human' ? 'rejoin' : 'waiting';
    this.hooks.changed();
    return s.link_text;
  }

  /** Take a guest's reply code for `seat`; resolves once the guest is connected. */
  async accept(seat, replyText) {
    const s = this.seats[seat];
    if (!s || !s.offer) throw new NetError(`seat ${seat} has no open invitation`, 'no_invite');
    const reply = await decodeCode('reply', replyText);
    if (reply.seat !== seat) {
      throw new NetError(`this reply answers the invitation for seat ${reply.seat}`, 'other_seat', {seat: reply.seat});
    }
    if (reply.generation !== s.generation) throw new NetError('this reply answers an older invitation', 'old_reply');
    if (s.spent) throw new NetError('this invitation was spent by a reply that did not connect', 'spent');
    s.status = 'connecting';
    this.hooks.changed();
    let link;
    try {
      link = await s.offer.accept(reply, MAX_MESSAGE);
    } catch (err) {
      // the invitation's connection took this reply and cannot take another: the seat's card offers a new one
      s.spent = true;
      s.status = 'spent';
      this.hooks.changed();
      throw err;
    }
    s.offer = null;
    s.link_text = null;
    s.link = link;
    s.name = cleanName(reply.name, MAX_NAME);
    s.status = 'connected';
    link.onmessage = (text, why) => this.receive(s, text, why);
    link.onclose = () => this.dropped(s, link);
    if (s.who === 'human' && this.started) {
      clearTimeout(s.grace);
      s.grace = null;
      try { await engine.toHuman(this.ctrl, seat); } catch { /* the bot had not taken it over yet */ }
      this.noticeAll('friend_back', {seat, name: s.name});
      await this.welcome(s);
      await this.ctrl.refresh([]);
    } else {
      s.who = 'human';
      link.send({t: 'notice', key: 'friend_wait_start', vars: {}});
    }
    this.hooks.changed();
    return {seat, name: s.name};
  }

  /** Deal: the connected guests play their seats, the seats still open become bots. */
  async start() {
    for (const s of this.seats) {
      if (s.seat === this.hostSeat) continue;
      if (s.who === 'open' || (s.who === 'human' && !s.link)) {
        if (s.offer) s.offer.close();
        s.offer = null;
        s.who = 'bot';
        s.status = 'bot';
      }
    }
    const humans = this.seats.filter((s) => s.who === 'human').map((s) => s.seat);
    this.started = true;
    await this.ctrl.startFriendsGame(this.settings, humans);
    for (const s of this.seats) if (s.link) await this.welcome(s);
    this.hooks.changed();
  }

  /** After the host's page reloaded into a saved friends game: its guests must be invited again. */
  async resume(settings, humans) {
    this.settings = settings;
    this.started = true;
    for (const s of this.seats) {
      if (s.seat === this.hostSeat) continue;
      s.who = humans.includes(s.seat) ? 'human' : 'bot';
      s.status = s.who === 'human' ? 'dropped' : 'bot';
      if (s.who === 'human') {
        try { await engine.toBot(this.ctrl, s.seat); } catch { /* already the bot's */ }
        await this.invite(s);
      }
    }
    await this.ctrl.refresh([]);
    this.hooks.changed();
  }

  async welcome(s) {
    s.link.send({t: 'welcome', seat: s.seat, names: this.guestNames()});
    await this.pushTo(s, []);
  }

  /** Every chosen name by seat, the host's among them, as the guests' plates show them. */
  guestNames() {
    return Object.fromEntries(this.seats.filter((x) => x.name).map((x) => [x.seat, x.name]));
  }

  /** The chosen names by seat for the host's own plates: the host's own and its guests' (a seat nobody took,
   *  a bot's, or one whose player typed none keeps the seat's word), as each guest's page shows them. */
  names() {
    return Object.fromEntries(this.seats.filter((s) => (s.who === 'human' || s.seat === this.hostSeat) && s.name)
      .map((s) => [s.seat, s.name]));
  }

  /** The host's own name (at most MAX_NAME characters; empty: the seat's word); guests already seated at a dealt
   *  table get the new names at once, the others with their welcome. */
  rename(name) {
    const host = this.seats[this.hostSeat];
    const next = cleanName(String(name || ''), MAX_NAME);
    if (host.name === next) return;
    host.name = next;
    if (!this.started) return;
    const names = this.guestNames();
    for (const s of this.seats) if (s.link && !s.link.closed && s.who === 'human') s.link.send({t: 'names', names});
  }

  /** What the UI and window.hzmj.friends show of each seat. */
  state() {
    return this.seats.map((s) => ({seat: s.seat, who: s.who === 'human' || s.seat === this.hostSeat ? 'human' : s.who,
      connected: s.seat === this.hostSeat || Boolean(s.link && !s.link.closed), status: s.status, name: s.name,
      latency: s.latency, link: s.link_text, spent: Boolean(s.spent)}));
  }

  // ------------------------------------------------------------------ a guest's messages

  receive(s, text, why = null) {
    const now = performance.now();
    s.tokens = Math.min(BUCKET.size, s.tokens + ((now - s.refilled) / 1000) * BUCKET.perSecond);
    s.refilled = now;
    const msg = this.parse(text, why);   // bounded: at most MAX_MESSAGE characters
    if (s.tokens < 1) {
      // refused at once (a call gets its answer, so no guest waits on it), and said once in a while
      if (typeof msg === 'object' && msg.t === 'call') s.link.send({t: 'reply', id: msg.id, ok: false, error: 'too many requests'});
      if (now - s.warned > 2000) { s.warned = now; s.link.send({t: 'notice', key: 'friend_flood', vars: {}}); }
      return;
    }
    s.tokens -= 1;
    if (typeof msg === 'string') { s.link.send({t: 'notice', key: 'friend_bad_message', vars: {why: msg}}); return; }
    if (msg.t === 'ping') { s.link.send({t: 'pong', at: msg.at}); return; }
    if (msg.t === 'pong') {
      const ms = now - msg.at;
      if (ms >= 0 && ms < 60_000) s.latency = Math.round(ms);
      return;
    }
    if (!GUEST_METHODS.has(msg.method)) {
      s.link.send({t: 'reply', id: msg.id, ok: false, error: `a guest may not call ${String(msg.method).slice(0, 40)}`});
      return;
    }
    if (s.queue.length >= MAX_QUEUE) {
      s.link.send({t: 'reply', id: msg.id, ok: false, error: 'too many requests at once'});
      return;
    }
    s.queue.push(msg);
    this.serve(s);
  }

  /** The message as an object of the protocol, or why it is refused (a string); `why` is the link's reason for a
   *  message it could not put together ('not_text', 'too_long', 'parts'). */
  parse(text, why = null) {
    if (typeof text !== 'string') {
      if (why === 'parts') return 'a message sent in parts that do not fit together';
      if (why === 'not_text') return 'not text';
      return `longer than ${MAX_MESSAGE} characters`;
    }
    const problem = jsonProblem(text);
    if (problem) return problem;
    let msg;
    try { msg = JSON.parse(text); } catch { return 'not JSON'; }
    if (!msg || typeof msg !== 'object' || Array.isArray(msg)) return 'not a message object';
    if (msg.t === 'ping' || msg.t === 'pong') return typeof msg.at === 'number' ? msg : 'a ping without its time';
    if (msg.t !== 'call') return 'an unknown kind of message';
    if (!Number.isSafeInteger(msg.id) || msg.id < 0) return 'a call without a valid id';
    if (typeof msg.method !== 'string') return 'a call without a method name';
    if (!msg.args || typeof msg.args !== 'object' || Array.isArray(msg.args)) return 'call arguments must be an object';
    return msg;
  }

  async serve(s) {
    if (s.busy) return;
    s.busy = true;
    try {
      while (s.queue.length && s.link && !s.link.closed) {
        const msg = s.queue.shift();
        let reply;
        try {
          const result = SHARED_CALLS.has(msg.method) ? await this.ctrl.call(msg.method, {})
            : await engine.seatCall(this.ctrl, s.seat, ...GUEST_CALLS[msg.method](msg.args));
          reply = {t: 'reply', id: msg.id, ok: true, result};
          s.link.send(reply);
          if (engine.changes(msg.method)) await this.ctrl.refresh(result && result.events ? result.events : []);
        } catch (err) {
          s.link.send({t: 'reply', id: msg.id, ok: false, error: String(err && err.message || err).slice(0, 400),
            reason: err && err.reason || null});
        }
      }
    } finally {
      s.busy = false;
    }
  }

  // ------------------------------------------------------------------ pushing the table to the guests

  /** After every change of the table on the host's page: each guest's new view, and the clock. */
  afterChange() {
    const events = this.lastEvents;
    this.lastEvents = [];
    this.pushing = this.pushing.then(async () => {
      await this.tick();   // first: the engine starts the clocks of the new decisions
      for (const s of this.seats) if (s.link && !s.link.closed && s.who === 'human') await this.pushTo(s, events);
    }).catch((err) => console.warn('hzmj friends: push failed', err));
  }

  async pushTo(s, events) {
    const state = await engine.seatCall(this.ctrl, s.seat, 'state', {});
    localDeadline(state);
    s.link.send({t: 'update', events, state});
  }

  noticeAll(key, vars) {
    for (const s of this.seats) if (s.link && !s.link.closed) s.link.send({t: 'notice', key, vars});
    this.hooks.notice(key, vars);
  }

  /** The turn timers: a decision whose time is up is taken by the engine's default (pass, discard, ready). */
  async tick() {
    clearTimeout(this.clock);
    this.deadlines = {};
    if (!this.started || !this.settings || this.settings.timer === 'off') { this.hooks.clock(); return; }
    let pending;
    try { pending = await engine.pending(this.ctrl, Date.now()); } catch { return; }
    const deadlines = pending.seats.filter((p) => p.deadline !== null);
    for (const p of deadlines) this.deadlines[p.seat] = p.deadline;
    this.hooks.clock();
    if (!deadlines.length) return;
    const first = deadlines.reduce((a, b) => (a.deadline <= b.deadline ? a : b));
    this.clock = setTimeout(async () => {
      try {
        const res = await engine.timeout(this.ctrl, first.seat, Date.now());
        await this.ctrl.refresh(res.events || []);
      } catch {
        this.tick();
      }
    }, Math.max(0, first.deadline - Date.now()) + 30);
  }

  // ------------------------------------------------------------------ drops and rejoins

  dropped(s, link) {
    if (s.link !== link) return;
    s.link = null;
    if (!this.started) {
      s.who = 'open';
      s.status = 'left';
      this.hooks.changed();
      return;
    }
    s.status = 'dropped';
    this.noticeAll('friend_dropped', {seat: s.seat, name: s.name, s: GRACE_MS / 1000});
    s.grace = setTimeout(async () => {
      s.grace = null;
      if (s.link) return;
      try {
        await engine.toBot(this.ctrl, s.seat);
        s.status = 'bot_playing';
        this.noticeAll('friend_bot_plays', {seat: s.seat, name: s.name});
        await this.ctrl.refresh([]);
      } catch (err) {
        console.warn('hzmj friends: handover failed', err);
      }
      this.hooks.changed();
    }, GRACE_MS);
    this.hooks.changed();
  }

  /** Close every link and invitation. */
  close() {
    clearTimeout(this.clock);
    for (const s of this.seats) {
      clearTimeout(s.grace);
      if (s.offer) s.offer.close();
      if (s.link) { const l = s.link; s.link = null; l.close(); }
      s.offer = null;
    }
  }
}

/** Deadlines travel as the time left (the guests' clocks are not the host's). */
function localDeadline(state) {
  if (state && state.table && typeof state.table.deadline === 'number') {
    state.table.time_left = Math.max(0, state.table.deadline - Date.now());
  }
}
export {localDeadline};
