// Promise-based RPC to the engine worker (web/worker.mjs), shared by the game page, the tutorial
// and the embeddable widgets.
//
//   import {Bridge} from './bridge.mjs';
//   const bridge = await Bridge.start(new URL('./worker.mjs', import.meta.url), (p) => {...});
//   const version = await bridge.call('version');
//
// onProgress receives {phase, loaded, total, fraction}: phase is 'download' (loaded/total are bytes),
// then 'python', 'install', 'import'; `fraction` (0..1) is an overall estimate for a progress bar.
// Bridge.start rejects (with an Error whose message is readable by a person) if the engine cannot start,
// at the latest FIRST_WORD_MS after it was called (after an early worker was started) if the worker
// script never runs, or SILENCE_MS after the worker's last word (the worker watches its own downloads and
// reports a stall sooner, in 10 s; this catches a worker that hangs or dies without a word).
// A call that fails because the runtime itself broke rejects with a BridgeError whose `fatal` is true:
// the worker is finished and a new one must be started.
// options.early = {worker, events, startedAt}: adopt a worker that a page started (at performance.now()
// `startedAt`) before this module loaded (the game page's guard.mjs starts it first thing, so Pyodide
// downloads while the page's modules load); `events` are the message/error events it received meanwhile,
// handled first, in order.
//
// A call's arguments cross as one JSON text, made here and read by Python; the answer comes back as the
// JSON text Python wrote ({ok, result} or {ok: false, error, reason, traceback}) and is parsed once, here.
// The worker only checks the argument text's size and depth (json-guard.mjs) and passes both texts on.

import {keepBigIntegers} from './json-guard.mjs';

// Share of the progress bar given to each phase; downloads dominate a cold start.
const PHASE_SPAN = {download: [0, 0.85], python: [0.85, 0.92], install: [0.92, 0.97], import: [0.97, 1]};
export const FIRST_WORD_MS = 15_000;
export const SILENCE_MS = 60_000;

export class BridgeError extends Error {
  /** `reason`: the engine's {code, params} when it refused an action (word it with reasons.mjs), else null.
   *  `fatal`: the engine itself broke (start a new one). */
  constructor(message, traceback, reason = null, fatal = false) {
    super(message);
    this.name = 'BridgeError';
    this.traceback = traceback;
    this.reason = reason;
    this.fatal = fatal;
  }
}

/**
 * A module worker for `url` that runs under the page's Content-Security-Policy on any host: made from a
 * blob: URL (which inherits the creator's policy, <meta> included, per CSP3) whose module (workerSource) runs `url`.
 * A worker loaded from its own URL gets only the policy of its response's headers (none on a plain host).
 */
export function engineWorker(url) {
  // already a blob: URL (the widgets' worker for a page of another origin): it inherits the policy as it is
  if (String(url).startsWith('blob:')) return new Worker(url, {type: 'module', name: 'hzmj-engine'});
  const local = URL.createObjectURL(new Blob([workerSource(url)], {type: 'text/javascript'}));
  const worker = new Worker(local, {type: 'module', name: 'hzmj-engine'});
  setTimeout(() => URL.revokeObjectURL(local), 60_000);  // long after the worker has loaded it
  return worker;
}

/**
 * The blob's module: asks at once for build.json, Pyodide's loader and the worker's own modules, side by
 * side (worker/boot.mjs takes the early build.json and import), then runs worker.mjs. 'loaded' follows
 * whatever worker.mjs posted while it ran: a file cut off inside a comment runs as an empty module and
 * posts nothing, and the bridge tells that apart from a slow start at once; one that cannot load (missing,
 * damaged) is a 'boot-error'. guard.mjs has the same text (it imports nothing).
 */
export function workerSource(url) {
  const at = (path) => JSON.stringify(String(new URL(path, url)));
  return `const quiet = (p) => { p.catch(() => {}); return p; };
self.hzmjEarly = {build: quiet(fetch(${at('./build.json')})), pyodide: quiet(import(${at('./pyodide/pyodide.mjs')}))};
for (const m of [${['./worker/boot.mjs', './worker/cache.mjs', './worker/dispatch.mjs', './json-guard.mjs'].map(at)}]) quiet(import(m));
import(${at(url)}).then(() => self.postMessage({type: 'loaded'}), (err) => self.postMessage({type: 'boot-error',
  error: 'the engine worker could not be loaded (' + (err && err.message || err) + ')'}));
`;
}

export class Bridge {
  /** Use Bridge.start(). */
  constructor(worker) {
    this.worker = worker;
    this.info = null;       // the worker's 'ready' message: {version, build, timings}
    this._nextId = 1;
    this._pending = new Map();
    this._closed = null;
  }

  /**
   * Start the worker and resolve once the engine is imported.
   * @param {string|URL} workerUrl  URL of worker.mjs (relative URLs resolve against the page)
   * @param {(p: {phase: string, loaded: number, total: number, fraction: number}) => void} [onProgress]
   * @param {{timeoutMs?: number, early?: {worker: Worker, events: Event[], stop: () => void, startedAt?: number}}} [options]
   *   timeoutMs: give up after this long (default: never); early: a worker already started (see above)
   */
  static start(workerUrl = new URL('./worker.mjs', import.meta.url), onProgress = () => {}, options = {}) {
    const early = options.early || null;
    const worker = early ? early.worker : engineWorker(new URL(workerUrl, location.href));
    const bridge = new Bridge(worker);
    return new Promise((resolve, reject) => {
      let settled = false;
      let silence = null;
      const fail = (message) => {
        if (settled) return;
        settled = true;
        clearTimeout(silence);
        bridge.terminate(message);
        reject(new BridgeError(message));
      };
      const timer = options.timeoutMs ? setTimeout(
        () => fail(`the engine did not start within ${Math.round(options.timeoutMs / 1000)} s`),
        options.timeoutMs) : null;
      const listen = (ms, what) => {
        clearTimeout(silence);
        silence = setTimeout(() => fail(what), ms);
      };
      // counted from the worker's start (an early worker started before this module loaded)
      const since = early && early.startedAt !== undefined ? performance.now() - early.startedAt : 0;
      listen(Math.max(0, FIRST_WORD_MS - since),
        `the engine worker did not start within ${FIRST_WORD_MS / 1000} s: check the connection`);
      let heard = false;
      const onMessage = (event) => {
        const msg = event.data || {};
        if (msg.type === 'loaded') {
          // worker.mjs ran to its end without a word: it is not the engine's script (cut off, damaged)
          if (!heard) fail('the engine worker\'s script (worker.mjs) is damaged or incomplete: it loaded but did not start');
          return;
        }
        heard = true;
        if (!settled) listen(SILENCE_MS, `the engine stopped responding while it started (${SILENCE_MS / 1000} s)`);
        if (msg.id !== undefined) { bridge._settle(msg); return; }
        if (msg.type === 'progress') {
          const [a, b] = PHASE_SPAN[msg.phase] || [0, 1];
          const part = msg.phase === 'download' && msg.total > 0 ? msg.loaded / msg.total : 0;
          try { onProgress({...msg, fraction: a + (b - a) * part}); } catch (e) { console.error(e); }
        } else if (msg.type === 'ready') {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          clearTimeout(silence);
          bridge.info = msg;
          try { onProgress({phase: 'ready', loaded: 1, total: 1, fraction: 1}); } catch (e) { console.error(e); }
          resolve(bridge);
        } else if (msg.type === 'boot-error') {
          clearTimeout(timer);
          clearTimeout(silence);
          fail(`the engine failed to start: ${msg.error}`);
        }
      };
      const onError = (event) => {
        // A module worker that cannot load (404, syntax error, network down) ends up here.
        event.preventDefault();
        clearTimeout(timer);
        clearTimeout(silence);
        const detail = event.message ? `: ${event.message}` : ' (network error or missing file?)';
        if (!settled) fail(`the engine worker could not be loaded${detail}`);
        else bridge.terminate(`the engine worker crashed${detail}`);
      };
      const onMessageError = () => fail('the engine worker sent an unreadable message');
      if (early) {
        early.stop();   // the page's own buffering listeners; nothing can arrive between this and the replay
        for (const event of early.events) {
          if (event.type === 'message') onMessage(event);
          else if (event.type === 'error') onError(event);
          else onMessageError();
        }
      }
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
      worker.addEventListener('messageerror', onMessageError);
    });
  }

  /** Call an engine method; resolves with its JSON result, rejects with a BridgeError (Python message). */
  call(method, args = null) {
    if (this._closed) return Promise.reject(new BridgeError(this._closed, undefined, null, true));
    let text;
    try {
      text = JSON.stringify(args ?? null);
      if (typeof text !== 'string') throw new TypeError(`${typeof args} has no JSON form`);
    } catch (err) {
      return Promise.reject(new BridgeError(`the arguments of ${method} are not JSON (${err && err.message || err})`));
    }
    const id = this._nextId++;
    return new Promise((resolve, reject) => {
      this._pending.set(id, {resolve, reject});
      this.worker.postMessage({id, method, args: text});
    });
  }

  _settle(msg) {
    const p = this._pending.get(msg.id);
    if (!p) return;
    this._pending.delete(msg.id);
    if (typeof msg.reply !== 'string') {  // the worker's own answer: not started, refused, or dead
      p.reject(new BridgeError(msg.error, msg.traceback, null, msg.fatal === true));
      return;
    }
    let reply;
    try {
      reply = JSON.parse(msg.reply, keepBigIntegers);
    } catch (err) {
      p.reject(new BridgeError(`the engine's answer could not be read (${err && err.message || err})`));
      return;
    }
    if (reply.ok) p.resolve(reply.result);
    else p.reject(new BridgeError(reply.error, reply.traceback, reply.reason || null));
  }

  /** Stop the worker; pending and later calls reject (fatal). */
  terminate(reason = 'the engine was stopped') {
    if (this._closed) return;
    this._closed = reason;
    this.worker.terminate();
    for (const p of this._pending.values()) p.reject(new BridgeError(reason, undefined, null, true));
    this._pending.clear();
  }
}
