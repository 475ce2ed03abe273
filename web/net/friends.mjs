// The friends table (好友房) on the game page: the host's invitations and relay (host.mjs), or a guest's
// link (join.mjs, remote-bridge.mjs), and what both show on the table (table-extras.mjs). Exposed as
// window.hzmj.friends for tests and embedding pages:
//   host(settings) -> {invites: [{seat, link}]}   settings: {friends: [seats], level, timer, hints, options,
//                                                 iceServers} (each optional; friends default [1, 2, 3])
//   accept(seat, replyCode)                       a guest's reply; resolves once that guest is connected
//   start()                                       deal: the seats nobody took are played by bots
//   state() -> {role: 'host'|'guest'|null, reply, seats: [{seat, who: 'human'|'bot'|'open', connected, ...}]}

import {FriendsHost} from './host.mjs';
import {TableExtras} from './table-extras.mjs';
import {FriendsDialog} from './friends-dialog.mjs';
import {toast} from '../game/dom.mjs';
import {seatName, seatWord, t} from '../i18n.mjs';
import * as prefs from './prefs.mjs';
import {parseSeed} from '../seed.mjs';

export class Friends {
  constructor() {
    this.role = null;
    this.replyCode = null;
    this.ctrl = null;
    this.table = null;       // FriendsHost on the host's page
    this.bridge = null;      // RemoteBridge on a guest's page
    this.dialog = null;
    this.extras = null;
  }

  /** The page's API (window.hzmj.friends). */
  api() {
    return {
      host: (settings = {}) => this.host(settings),
      accept: (seat, code) => this.accept(seat, code),
      start: () => this.start(),
      state: () => this.state(),
    };
  }

  /** join.mjs: the guest's reply code is ready (or changed). */
  reply(code) {
    this.role = 'guest';
    this.replyCode = code;
  }

  /** The game page is wired: the host's dialog and relay, or the guest's link, and the table's extras. */
  attach(ctrl, {rulesText, levels, bridge = null}) {
    this.ctrl = ctrl;
    this.extras = new TableExtras(ctrl, this);
    if (bridge) {
      this.role = 'guest';
      this.bridge = bridge;
      document.documentElement.dataset.role = 'guest';
      bridge.on('update', (events, state) => ctrl.applyRemote(events, state));
      bridge.on('notice', (key, vars) => this.notice(key, vars));
      bridge.on('close', () => toast(() => t('join_lost'), true, 600_000));
      bridge.on('names', () => { if (ctrl.state) ctrl.setView(ctrl.state); });   // the plates again
      this.extras.show(true);
      return;
    }
    this.table = new FriendsHost(ctrl, {
      base: location.href.replace(/[?#].*$/, ''),
      changed: () => this.dialog && this.dialog.renderSeats(),
      notice: (key, vars) => this.notice(key, vars),
      clock: () => this.extras.tick(),
    });
    this.dialog = new FriendsDialog(this, {rulesText, levels});
  }

  /** Words for a notice of the table, in this page's language, naming the seat from this page's seat. */
  notice(key, vars) {
    const me = this.ctrl && this.ctrl.state ? this.ctrl.state.seat : 0;
    const name = vars.name || (this.bridge && this.bridge.names[vars.seat]) || '';
    const who = () => (vars.seat === undefined ? '' : name ? t('seat_named', {who: seatWord(vars.seat, me), name})
      : seatName(vars.seat, me));
    toast(() => t(key, {...vars, who: who()}), key !== 'friend_back', 5000);
  }

  async host(settings = {}) {
    if (!this.table) throw new Error('this page is a guest of another table');
    this.role = 'host';
    const ctrl = this.ctrl;
    const full = {
      friends: Array.isArray(settings.friends) ? settings.friends.filter((s) => [1, 2, 3].includes(s)) : [1, 2, 3],
      level: settings.level || ctrl.settings.level || null,
      timer: ['off', 'relaxed', 'standard'].includes(settings.timer) ? settings.timer : 'off',
      hints: settings.hints !== false,
      options: settings.options || ctrl.settings.options || {},
      iceServers: Array.isArray(settings.iceServers) ? settings.iceServers : prefs.iceServers(),
      // the address's ?seed=N deals the table too (a fixed deal, the same for everyone), else a random one
      seed: settings.seed ?? addressSeed(),
    };
    prefs.set('table', {level: full.level, timer: full.timer, hints: full.hints, friends: full.friends});
    this.table.rename(prefs.playerName());
    return this.table.host(full);
  }

  accept(seat, code) {
    if (!this.table) throw new Error('this page is a guest of another table');
    return this.table.accept(seat, code);
  }

  async start() {
    if (!this.table) throw new Error('this page is a guest of another table');
    await this.table.start();
    // a reload must resume this table, not deal the address's seed (the table has a seed of its own)
    const url = new URL(location.href);
    if (url.searchParams.has('seed')) {
      url.searchParams.delete('seed');
      history.replaceState(history.state, '', url);
    }
    document.documentElement.dataset.role = 'host';
    this.extras.show(true);
  }

  /** After the page resumed its saved game: a saved friends table invites its guests again. */
  async afterBegin() {
    const s = this.ctrl && this.ctrl.state;
    if (!this.table || !s || !s.table) return;
    const humans = s.table.seats.filter((x) => x.who !== 'bot').map((x) => x.seat);
    if (humans.length < 2) return;
    this.role = 'host';
    this.ctrl.role = 'host';
    document.documentElement.dataset.role = 'host';
    this.extras.show(true);
    const saved = prefs.get('table', (v) => typeof v === 'object', {});
    this.table.rename(prefs.playerName());
    await this.table.resume({...saved, timer: s.table.timer, hints: s.table.hints, iceServers: prefs.iceServers()},
      humans);
    this.dialog.open(true);
  }

  /** Each human's chosen name by seat, for the plates on the table: the host's list, or the one a guest was
   *  welcomed with; none outside a friends table (bots keep the plate's own words). */
  plateNames() {
    if (this.role === 'guest' && this.bridge) return this.bridge.names || {};
    if (this.role === 'host' && this.table && this.table.started) return this.table.names();
    return {};
  }

  state() {
    if (this.role === 'guest') {
      const me = this.bridge ? this.bridge.seat : null;
      return {role: 'guest', reply: this.replyCode, seat: me,
        seats: this.ctrl && this.ctrl.state && this.ctrl.state.table ? this.ctrl.state.table.seats.map((x) => ({
          seat: x.seat, who: x.who === 'bot' ? 'bot' : 'human', connected: x.who === 'human'})) : []};
    }
    if (this.role === 'host') return {role: 'host', reply: null, seats: this.table.state()};
    return {role: null, reply: null, seats: []};
  }
}

/** The page address's `?seed=` when it is a valid seed, else undefined. */
function addressSeed() {
  const raw = new URL(location.href).searchParams.get('seed');
  return raw === null ? undefined : parseSeed(raw).seed ?? undefined;
}
