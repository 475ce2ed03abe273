// A guest's bridge: the same `call(method, args)` as the engine worker's bridge (bridge.mjs), served by the
// host's page over the data channel for this guest's seat only. The controller, the table and the dialogs
// of the game page use it as they use the local engine; nothing on a guest's page needs Pyodide.
//
// Messages (JSON objects) on the link:
//   guest -> host  {t: 'call', id, method, args}   {t: 'ping', at}
//   host -> guest  {t: 'reply', id, ok, result} or {t: 'reply', id, ok: false, error, reason}
//                  {t: 'update', events, state}     the table changed: this seat's new view (pushed)
//                  {t: 'notice', key, vars}         words for the player (i18n key and its values)
//                  {t: 'welcome', seat, names}      {t: 'pong', at}
//                  {t: 'names', names}              the players' names changed: {seat: name}, the host's too

import {BridgeError} from '../bridge.mjs';
import {keepBigIntegers} from '../json-guard.mjs';
import {MAX_NAME} from './prefs.mjs';
import {cleanName} from '../names.mjs';

const CALL_MS = 30_000;

// A call the host cannot answer any more; `key` words it for the player (net-words.mjs, i18n's 'net.host_lost').
const lost = (why) => Object.assign(new BridgeError(why), {key: 'host_lost'});
const PING_MS = 2000;

export class RemoteBridge {
  /** @param {import('./peer.mjs').Link} link  the open link to the host */
  constructor(link) {
    this.link = link;
    this.info = {remote: true, build: {python_version: '—', pyodide_version: '—'}, version: null};
    this.seat = null;
    this.names = {};
    this.latency = null;
    this._nextId = 1;
    this._pending = new Map();
    this._closed = null;
    this._listeners = {update: [], notice: [], welcome: [], names: [], close: []};
    this.welcomed = new Promise((resolve) => { this._welcome = resolve; });
    link.onmessage = (text) => this.receive(text);
    link.onclose = () => this.terminate('the connection to the host was lost');
    this.pinger = setInterval(() => this.link.send({t: 'ping', at: performance.now()}), PING_MS);
  }

  /** Subscribe: 'update' (events, state), 'notice' (key, vars), 'welcome' (msg), 'names' (names), 'close'
   *  (reason). */
  on(what, fn) { this._listeners[what].push(fn); }

  emit(what, ...args) { for (const fn of this._listeners[what]) { try { fn(...args); } catch (e) { console.error(e); } } }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text, keepBigIntegers);
    } catch {
      return;
    }
    if (!msg || typeof msg !== 'object') return;
    if (msg.t === 'reply') this._settle(msg);
    else if (msg.t === 'update') this.emit('update', Array.isArray(msg.events) ? msg.events : [], msg.state);
    else if (msg.t === 'notice') this.emit('notice', msg.key, msg.vars || {});
    else if (msg.t === 'ping') this.link.send({t: 'pong', at: msg.at});
    else if (msg.t === 'pong' && typeof msg.at === 'number') this.latency = Math.round(performance.now() - msg.at);
    else if (msg.t === 'welcome') {
      this.seat = msg.seat;
      this.names = seatNames(msg.names) || {};
      this._welcome(msg);
      this.emit('welcome', msg);
    } else if (msg.t === 'names') {
      const names = seatNames(msg.names);
      if (!names) return;   // malformed: the plates keep the names they have
      this.names = names;
      this.emit('names', names);
    }
  }

  /** Ask the host's engine, for this seat; resolves with the result, rejects with a BridgeError. */
  call(method, args = null) {
    if (this._closed) return Promise.reject(lost(this._closed));
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this._pending.delete(id);
        reject(Object.assign(new BridgeError(`the host did not answer ${method} within ${CALL_MS / 1000} s`),
          {key: 'host_slow', vars: {s: CALL_MS / 1000}}));
      }, CALL_MS);
      this._pending.set(id, {resolve, reject, timer});
      if (!this.link.send({t: 'call', id, method, args: args ?? {}})) {
        clearTimeout(timer);
        this._pending.delete(id);
        reject(lost('the connection to the host is closed'));
      }
    });
  }

  _settle(msg) {
    const p = this._pending.get(msg.id);
    if (!p) return;
    this._pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.ok) p.resolve(msg.result);
    else p.reject(new BridgeError(String(msg.error || 'refused'), undefined, msg.reason || null));
  }

  /** Close the link; pending and later calls reject. */
  terminate(reason = 'the connection to the host was closed') {
    if (this._closed) return;
    this._closed = reason;
    clearInterval(this.pinger);
    this.link.close();
    for (const p of this._pending.values()) { clearTimeout(p.timer); p.reject(lost(reason)); }
    this._pending.clear();
    this.emit('close', reason);
  }
}

/** The names of a message as {seat: name} (seats 0-3, names of 1 to MAX_NAME characters), or null when they
 *  are anything else. */
export function seatNames(names) {
  if (!names || typeof names !== 'object' || Array.isArray(names)) return null;
  const out = {};
  for (const [seat, name] of Object.entries(names)) {
    if (!['0', '1', '2', '3'].includes(seat) || typeof name !== 'string' || !name || name.length > MAX_NAME) return null;
    out[seat] = cleanName(name, MAX_NAME) || '?';
  }
  return out;
}
