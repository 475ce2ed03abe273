// The table: draws the engine's view on the canvas (render/), lays the hand's buttons over the
// tiles, turns events into announcements and screen-reader lines, and handles taps on hand tiles
// (tap to select, tap again to discard; one tap when only one discard is legal).

import {eventAction, eventGroup, groupLabel, isClaim} from '../actions.mjs';
import {getLang, seatName, t, tileName} from '../i18n.mjs';
import {drawScene, layoutReport} from '../render/index.mjs';
import {freeRoom} from '../render/layout.mjs';
import {Motion} from '../motion.mjs';
import {ANNOUNCE_MS} from '../render/overlays.mjs';
import {syncHandButtons} from '../input.mjs';
import {$, toast} from './dom.mjs';
import {discardBlockedWords, eventWords} from './words.mjs';

export class TableView {
  /**
   * @param {import('./controller.mjs').Controller} ctrl
   * @param {{hints: boolean}} prefs  hint display on/off (read at every draw)
   * @param {() => void} onSelect  called when the selected tile changes (the dock rewrites its prompt)
   */
  constructor(ctrl, prefs, onSelect) {
    this.ctrl = ctrl;
    this.prefs = prefs;
    this.onSelect = onSelect;
    this.motion = new Motion(() => ctrl.speed !== 'instant');
    this.ui = {selected: null, announcements: [], motion: this.motion, lang: getLang(), replay: false, now: 0,
      suggested: null, hints: prefs.hints};
    this.layout = null;
    this.names = () => null;   // seat -> a friend's chosen name (set by the page when it has a friends table)
    this.raf = 0;
    this.canvas = $('table', HTMLCanvasElement);
    this.ctx = this.canvas.getContext('2d');
    this.prevHand = null;
    this.prevState = null;
    new ResizeObserver(() => this.render()).observe($('stage'));
    window.addEventListener('resize', () => this.render());
    this.canvas.addEventListener('click', () => {
      if (this.ui.selected !== null) { this.ui.selected = null; this.render(); this.onSelect(); }
    });
    ctrl.on('view', (state) => this.onView(state));
    ctrl.on('events', (events, state) => this.handleEvents(events, state));
  }

  onView(state) {
    const handNo = state.match ? state.match.hand_number : null;
    if (handNo !== this.handNo) { this.handNo = handNo; this.ui.announcements = []; this.motion.clear(); }
    this.motion.onView(this.prevState, state);
    this.prevState = state;
    // the player's own claim prompt: another seat's 碰!/吃! banner no longer hides the table it asks about
    if (state.human_to_act && state.claim) this.ui.announcements = this.ui.announcements.filter((a) => a.seat === state.seat);
    const hand = state.hand.join();
    if (this.prevHand !== hand || !state.human_to_act) this.ui.selected = null;
    this.prevHand = hand;
    this.ui.hints = this.prefs.hints;
    this.ui.suggested = this.suggestedTile(state);
    this.render();
  }

  /** Forget animations (a new hand, a replay frame). */
  reset() {
    this.ui.announcements = [];
    this.motion.clear();
    this.ui.selected = null;
  }

  /** The layout of the last drawing, for tests (hzmj.layout()). */
  report() {
    return this.layout && this.ctrl.state ? layoutReport(this.layout, this.ctrl.state, $('stage'), $('actions')) : null;
  }

  suggestedTile(state) {
    if (!this.prefs.hints || !state.hints) return null;
    const sug = state.hints.suggestion;
    if (!sug || !sug.action || !state.human_to_act) return null;
    return sug.action.group === 'discard' ? sug.action.tiles[0] : null;
  }

  render() {
    const s = this.ctrl.state;
    if (!s) return;
    const stage = $('stage');
    const W = stage.clientWidth, H = stage.clientHeight;
    if (!W || !H) return;
    const dpr = Math.min(3, window.devicePixelRatio || 1);
    const pw = Math.round(W * dpr), ph = Math.round(H * dpr);
    if (this.canvas.width !== pw || this.canvas.height !== ph) {
      this.canvas.width = pw;
      this.canvas.height = ph;
    }
    const ui = this.ui;
    ui.now = performance.now();
    ui.lang = getLang();
    ui.replay = this.ctrl.mode === 'replay';
    ui.names = ui.replay ? null : this.names();    // friends' names on their plates (net/friends.mjs)
    ui.announcements = ui.announcements.filter((a) => ui.now - a.t0 < a.dur);
    const moving = this.motion.tick(ui.now);
    this.layout = drawScene(this.ctx, W, H, dpr, s, ui);
    const room = freeRoom(this.layout, s);
    const app = $('app');
    app.style.setProperty('--side-w', `${room.side}px`);
    app.style.setProperty('--hand-h', `${room.hand}px`);
    app.style.setProperty('--table-r', `${room.right}px`);
    // a message on a phone held upright: in the wider band of felt above or under the table when it has
    // room for two lines, else over the words under the felt (the rules and hints, no button)
    const box = stage.getBoundingClientRect();
    const under = this.layout.handZone.y - room.bottom;
    const y = Math.max(under, room.top) < 48 ? box.height + 2 : under >= room.top ? room.bottom + 2 : 2;
    app.style.setProperty('--toast-y', `${Math.round(box.top + y)}px`);
    this.canvas.setAttribute('aria-label', this.label(s));
    syncHandButtons($('hand'), this.layout, s, ui, (i, tile, legal) => this.onTile(i, tile, legal));
    if ((ui.announcements.length || moving) && !this.raf) {
      this.raf = requestAnimationFrame(() => { this.raf = 0; this.render(); });
    }
  }

  label(s) {
    const me = s.players[s.seat];
    const parts = [t('hand_no', {n: s.match ? s.match.hand_number : 1}), `${t('wall')} ${s.wall_remaining}`,
      `${t('wildcard')} ${tileName(s.wildcard.tile)}`, `${t('dealer')} ${seatName(s.dealer, s.seat)}`];
    if (me.points !== null && me.points !== undefined) parts.push(`${me.points} ${t('points')}`);
    return parts.join(' · ');
  }

  /** A tap on a hand tile: select, then discard on the second tap (or at once if it is the only discard). */
  onTile(index, tile, legal) {
    const ctrl = this.ctrl;
    const s = ctrl.state;
    if (ctrl.mode !== 'game' || !s || !s.human_to_act || ctrl.busy) return;
    const discards = s.legal_actions.filter((a) => a.group === 'discard');
    if (!legal) {
      if (discards.length) toast(() => this.whyNot(s, tile), true);
      return;
    }
    if (this.ui.selected === index || discards.length === 1) {
      this.ui.selected = null;
      ctrl.discard(tile);
    } else {
      this.ui.selected = index;
      this.render();
      this.onSelect();
    }
  }

  /** Why this tile may not be discarded now, as the engine explains it. */
  whyNot(s, tile) {
    const why = discardBlockedWords(s, tile);
    if (why) return why;
    if (s.players[s.seat].freeze_bound) return t('blocked_freeze');
    return t('illegal', {msg: tileName(tile)});
  }

  handleEvents(events, state) {
    this.motion.onEvents(events, state);
    const live = [];
    for (const ev of events) {
      const who = ev.seat !== undefined ? seatName(ev.seat, state.seat) : '';
      if (ev.type === 'discard') {
        live.push(eventWords(ev, state.seat));
        if (ev.wild) this.announce(ev.seat, t('say.wild'), false);
      } else if (isClaim(eventAction(ev))) {
        this.announce(ev.seat, t(`say.${eventAction(ev)}`), false);
        live.push(eventWords(ev, state.seat));
      } else if (eventGroup(ev) === 'kong') {
        this.announce(ev.seat, t(`say.${eventAction(ev)}`), false);
        live.push(`${who} ${groupLabel('kong', getLang())}`);
      } else if (ev.type === 'win') {
        const self = ev.win_type !== 'discard' && ev.win_type !== 'rob_kong';
        this.announce(ev.seat, t(self ? 'say.self_draw' : 'say.win'), true);
        live.push(`${who} ${self ? t('self_draw') : groupLabel('win', getLang())}`);
      } else if (ev.type === 'exhausted') {
        this.announce(state.seat, t('say.exhausted'), true);
        live.push(t('settle_title_draw'));
      }
    }
    if (live.length) $('live').textContent = live.join(getLang() === 'en' ? '. ' : '。');
  }

  announce(seat, text, big) {
    this.ui.announcements.push({seat, text, big, t0: performance.now(), dur: ANNOUNCE_MS});
  }
}
