// hzmj engine worker (module Web Worker: `new Worker(url, {type: 'module'})`).
//
// Boots Pyodide, installs the hzmj_core wheel named in build.json, imports it, then answers RPC
// requests. Protocol (all messages are plain objects):
//   page -> worker  {id, method, args}                            args: the arguments as JSON text
//   worker -> page  {type: 'progress', phase, loaded, total}      phase: download | python | install | import
//                   {type: 'ready', version, build, timings}
//                   {type: 'boot-error', error}                   boot failed (the page offers Retry)
//                   {id, reply}                                   Python's answer as JSON text: {"ok": true,
//                                                                  "result"} or {"ok": false, error, reason,
//                                                                  traceback} (reason: the engine's {code,
//                                                                  params} for an illegal action)
//                   {id, error, fatal?}                           the worker's own refusal (fatal: it is dead)
// Methods: every method (`version` too) goes to `hzmj_core.webapi.call(method, json_args) -> json`
// when that module exists. Neither text is parsed here (bridge.mjs makes the one and reads the other);
// the argument text is only scanned for its size and depth, so that deep JSON never reaches Python.
//
// Pyodide has no download-progress hook, so the big files are counted here: the wheel is streamed
// by this worker, and Pyodide's own fetches of the runtime (wasm, stdlib, lock file) go through a
// counting wrapper around fetch that keeps them streaming (the wasm still compiles while it downloads).
//
// Memory snapshot (warm starts): starting Python is most of Pyodide's boot (~3 s on a 2-core VM, against
// ~0.2 s to compile the wasm). So after a normal boot has imported hzmj_core, the worker copies the wasm
// memory with Pyodide's (private) makeMemorySnapshot and stores it in Cache Storage, in the service
// worker's cache of this build ('hzmj-<build_id>', see build.py's SW_TEMPLATE: a new build gets a new cache
// and the old one, snapshot included, is deleted when the new service worker activates). Later visits
// pass it to loadPyodide as _loadSnapshot and skip Python's start-up and the engine's import. Anything
// wrong with it (no Cache Storage, Pyodide's build-id check, a different engine version, any error)
// deletes it and falls back to a normal boot.

import {jsonProblem} from './json-guard.mjs';

const BASE = new URL('./', import.meta.url);
const PYODIDE_URL = new URL('pyodide/', BASE);
const t0 = performance.now();
const timings = {};
const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };

// ---------------------------------------------------------------- progress
const progress = {phase: 'download', loaded: 0, total: 0};
let lastPost = 0;
function report(phase, force = false) {
  if (phase) progress.phase = phase;
  const now = performance.now();
  if (!force && now - lastPost < 30) return;
  lastPost = now;
  self.postMessage({type: 'progress', phase: progress.phase,
    loaded: Math.min(progress.loaded, progress.total), total: progress.total});
}

function countBytes(stream) {
  return stream.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      progress.loaded += chunk.byteLength;
      activity();
      report();
      controller.enqueue(chunk);
    },
  }));
}

// ---------------------------------------------------------------- boot watchdog
// Every way a download can fail must end the boot with an error the page shows with Retry: Pyodide
// itself never settles when the wasm body is cut off, so nothing here waits on it alone. Three checks:
// - a stall: nothing arrived for STALL_MS on a download that has not ended, or on all of them while the
//   boot waits (for a module import, say). The watchdog ticks every TICK_MS; a tick that comes late means
//   the thread was busy (compiling, starting Python), which counts as progress for every download;
// - a broken body: a download that errors part way, or ends short of its size in build.json;
// - an HTTP error on any file of the build (Pyodide turns a missing stdlib into "exit(1)");
// - a WebAssembly module that does not compile (Pyodide logs it and waits forever).
// boot() races against `faulted`, which rejects with the first of these.
const STALL_MS = 10_000;
const TICK_MS = 250;
let booted = false;
let fault = null;
let rejectFault;
const faulted = new Promise((_, reject) => { rejectFault = reject; });
faulted.catch(() => {});
let waitingFor = 'the engine files';
const inflight = new Map();  // downloads not finished yet: name -> when their last bytes arrived
let lastActivity = performance.now();
let lastTick = lastActivity;
const activity = () => { lastActivity = performance.now(); };

function fail(message) {
  if (booted || fault) return;
  fault = new Error(message);
  rejectFault(fault);
}

const watchdog = setInterval(() => {
  const now = performance.now();
  if (now - lastTick > 4 * TICK_MS) {
    activity();
    for (const name of inflight.keys()) inflight.set(name, now);
  }
  lastTick = now;
  if (booted) {
    clearInterval(watchdog);
    return;
  }
  const stalled = [...inflight].find(([, t]) => now - t > STALL_MS);
  if (stalled || now - lastActivity > STALL_MS) {
    const file = stalled ? stalled[0] : waitingFor;
    fail(`nothing arrived for ${STALL_MS / 1000} s while loading ${file}: the connection stalled`);
  }
}, TICK_MS);

// Emscripten falls back from a failed streaming compile to a compile of the whole buffer; when that
// fails too, Pyodide only logs it. Report it instead (the streaming failure alone is not final).
for (const name of ['instantiate', 'compile']) {
  const native = WebAssembly[name];
  WebAssembly[name] = function (...args) {
    const result = native.apply(this, args);
    result.catch((err) => fail(`the engine's WebAssembly could not be compiled (${err && err.message || err})`));
    return result;
  };
}

const mb = (n) => (n / 1e6).toFixed(1);
const fileName = (url) => (String(url).startsWith(BASE.href) ? String(url).slice(BASE.href.length) : String(url));

// Sizes of the files of this build (build.json's `files`): a body that ends short of its size is truncated.
let expectedSizes = {};

// Reads a clone of a response to its end: counts bytes for the progress bar (when `counted`), marks
// activity, and reports a body that breaks off or ends short.
function watchBody(response, name, counted) {
  const expected = expectedSizes[name];
  let got = 0;
  // from its headers on (a request still queued behind others has not stalled)
  inflight.set(name, performance.now());
  const reader = response.clone().body.getReader();
  (async () => {
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch (err) {
        inflight.delete(name);
        fail(`the download of ${name} broke off at ${mb(got)} of ${mb(expected || 0)} MB (${err && err.message || err})`);
        return;
      }
      if (step.done) break;
      got += step.value.byteLength;
      activity();
      inflight.set(name, performance.now());
      if (counted) { progress.loaded += step.value.byteLength; report(); }
    }
    inflight.delete(name);
    if (expected !== undefined && got !== expected) {
      fail(`${name} is incomplete: ${got} of ${expected} bytes arrived (a damaged file on the server?)`);
    }
  })();
}

// Every fetch of the boot goes through this wrapper (Pyodide's included). The original Response goes to
// the caller untouched, so WebAssembly.instantiateStreaming still streams it and Chromium can reuse its
// compiled code cache for it on later visits (a Response rebuilt from a JS stream has no URL and is
// recompiled every time: that cost ~40% on warm starts); the watchdog reads a clone.
const tracked = new Set();
const nativeFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  if (booted) return nativeFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input), BASE).href;
  const name = fileName(url);
  const known = name in expectedSizes;
  activity();
  waitingFor = name;
  let response;
  try {
    response = await nativeFetch(input, init);
  } catch (err) {
    if (known) fail(`could not download ${name} (${err && err.message || err}): check the connection`);
    throw err;
  }
  activity();
  if (!known) return response;
  if (!response.ok) fail(`could not download ${name}: HTTP ${response.status}`);
  else if (response.body) watchBody(response, name, tracked.delete(url));
  return response;
};

// fetch with an error message that names the file (a bare "Failed to fetch" tells a player nothing)
async function get(url) {
  const name = fileName(url);
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(`could not download ${name} (${err && err.message || err}): check the connection`);
  }
  if (!response.ok) throw new Error(`could not download ${name}: HTTP ${response.status}`);
  return response;
}

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------- Python side of the RPC
const DISPATCH_PY = `
import importlib, json, traceback

def _hzmj_dispatch(method, json_args):
    try:
        try:
            webapi = importlib.import_module("hzmj_core.webapi")
        except ModuleNotFoundError as e:
            if e.name != "hzmj_core.webapi":
                raise
            raise LookupError(f"unknown method {method!r} (hzmj_core.webapi is not available)") from None
        result = webapi.call(method, json_args)
        if not isinstance(result, str):
            result = json.dumps(result)
        return '{"ok":true,"result":' + result + '}'  # begins with OK_REPLY (see below)
    except BaseException as e:
        reason = getattr(e, "reason", None)
        return json.dumps({"ok": False, "error": f"{type(e).__name__}: {e}",
                           "reason": None if reason is None else reason.to_json(),
                           "traceback": traceback.format_exc()})
`;

// Run before a snapshot is taken, so that a restored instance has them already: the webapi import (a
// broken webapi is left for _hzmj_dispatch to report when it is called, as without a snapshot), and a
// throw-away game's first view, which fills the lazily built tables and caches a first new_game needs.
const PRELOAD_PY = `
import hzmj_core
try:
    import hzmj_core.webapi
    hzmj_core.webapi.warm_up()
except Exception:
    pass
`;
// Run right after a restore: the snapshot froze the state of every PRNG seeded at import time, and the
// game the first visit was playing when the snapshot was taken.
const RESTORED_PY = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
if "hzmj_core.webapi" in sys.modules:
    sys.modules["hzmj_core.webapi"].reset()
import hzmj_core
hzmj_core.__version__
`;

// ---------------------------------------------------------------- memory snapshot (see the top)
const snapshotCache = (build) => `hzmj-${build.build_id}`;
const snapshotUrl = (build) => new URL(`__pyodide_snapshot__/${build.build_id}`, BASE).href;
const snapshotsUsable = (build) => Boolean(self.caches && build.build_id);

async function readSnapshot(build) {
  if (!snapshotsUsable(build)) return null;
  try {
    const hit = await caches.match(snapshotUrl(build), {cacheName: snapshotCache(build)});
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

async function writeSnapshot(build, bytes) {
  try {
    const cache = await caches.open(snapshotCache(build));
    await cache.put(snapshotUrl(build), new Response(bytes, {headers: {'Content-Type': 'application/octet-stream'}}));
  } catch (err) {
    console.warn('hzmj: could not store the Pyodide memory snapshot:', err && err.message || err);
  }
}

async function deleteSnapshot(build) {
  try {
    const cache = await caches.open(snapshotCache(build));
    await cache.delete(snapshotUrl(build));
  } catch { /* nothing to delete */ }
}

// ---------------------------------------------------------------- boot
let pyodide = null;
let dispatch = null;
let snapshotWanted = false;

// Taken once the first table is served (the reply to the first new_game or restore), so that neither the
// copy nor the warm-up delays it; a page that starts no game (the tutorial) gets it a few seconds after
// 'ready'. Runs synchronously between two requests.
const SNAPSHOT_AFTER = new Set(['new_game', 'restore']);
const SNAPSHOT_IDLE_MS = 4000;
let snapshotBuild = null;

function snapshotSoon(delay) {
  if (!snapshotWanted) return;
  const build = snapshotBuild;
  setTimeout(() => {
    if (!snapshotWanted) return;
    snapshotWanted = false;
    takeSnapshot(build);
  }, delay);
}

function takeSnapshot(build) {
  const start = performance.now();
  try {
    pyodide.runPython(PRELOAD_PY);
    const bytes = pyodide.makeMemorySnapshot();
    timings.snapshot_ms = Math.round(performance.now() - start);
    return writeSnapshot(build, bytes);
  } catch (err) {
    console.warn('hzmj: no Pyodide memory snapshot:', err && err.message || err);
  }
}

async function boot() {
  const buildText = await (await get(new URL('build.json', BASE))).text();
  let build;
  try {
    build = JSON.parse(buildText);
  } catch {
    throw new Error(`could not read build.json (${buildText.length} bytes): a damaged download`);
  }
  if (!build || typeof build.files !== 'object' || typeof build.wheel !== 'string') {
    throw new Error('could not read build.json: it does not describe a build');
  }
  expectedSizes = build.files;
  mark('build_json');
  const downloads = build.downloads || {};
  progress.total = Object.values(downloads).reduce((a, b) => a + b, 0);
  for (const path of Object.keys(downloads)) {
    if (path !== build.wheel) tracked.add(new URL(path, BASE).href);
  }
  report('download', true);

  // The wheel downloads in parallel with the runtime.
  const wheelUrl = new URL(build.wheel, BASE);
  const wheelPromise = (async () => {
    const res = await get(wheelUrl);
    const bytes = new Uint8Array(await new Response(countBytes(res.body)).arrayBuffer());
    if (build.wheel_sha256 && (await sha256Hex(bytes)) !== build.wheel_sha256) {
      throw new Error(`${build.wheel}: sha256 mismatch (stale or corrupted download)`);
    }
    mark('wheel_downloaded');
    return bytes;
  })();
  wheelPromise.catch((err) => fail(err.message || String(err)));

  const snapshotPromise = readSnapshot(build);
  waitingFor = 'pyodide/pyodide.mjs';
  let loadPyodide;
  try {
    ({loadPyodide} = await import(new URL('pyodide.mjs', PYODIDE_URL).href));
  } catch (err) {
    throw new Error(`could not load pyodide/pyodide.mjs (${err && err.message || err})`);
  }
  activity();
  const options = {
    indexURL: PYODIDE_URL.href,
    packageBaseUrl: PYODIDE_URL.href,
    lockFileURL: new URL('pyodide-lock.json', PYODIDE_URL).href,
  };
  let snapshot = await snapshotPromise;
  timings.snapshot = 'none';
  if (snapshot) {
    mark('snapshot_read');
    try {
      pyodide = await loadPyodide({...options, _loadSnapshot: snapshot});
      const restored = pyodide.runPython(RESTORED_PY);
      if (build.version && restored !== build.version) throw new Error(`it holds hzmj_core ${restored}`);
      timings.snapshot = 'used';
    } catch (err) {
      console.warn('hzmj: Pyodide memory snapshot not usable, booting normally:', err && err.message || err);
      pyodide = null;
      timings.snapshot = 'failed';
      timings.snapshot_error = String(err && err.message || err);
      await deleteSnapshot(build);
    }
    snapshot = null;
  }
  const makeSnapshot = !pyodide && snapshotsUsable(build);
  if (!pyodide) pyodide = await loadPyodide({...options, _makeSnapshot: makeSnapshot});
  mark('python_ready');
  report('install', true);

  const wheel = await wheelPromise;
  // into site-packages (the default, the working directory, is on sys.path only by accident)
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_path('purelib')");
  pyodide.unpackArchive(wheel, 'wheel', {extractDir: sitePackages});
  mark('wheel_installed');
  report('import', true);

  pyodide.runPython(DISPATCH_PY);
  dispatch = pyodide.globals.get('_hzmj_dispatch');
  snapshotWanted = makeSnapshot;
  const version = pyodide.runPython('import hzmj_core; hzmj_core.__version__');
  mark('engine_ready');
  progress.loaded = progress.total;
  report('import', true);
  return {version, build: {build_id: build.build_id, version: build.version,
    pyodide_version: build.pyodide_version, python_version: build.python_version}};
}

// How _hzmj_dispatch's answer to a call that succeeded begins.
const OK_REPLY = '{"ok":true,';

// After a fatal error of Pyodide (a C stack overflow, say) every later call would fail in odd ways:
// answer them all with `fatal`, so that the page starts a new worker and restores its saved game.
let dead = null;

// A failure of Pyodide itself often follows a fault the watchdog reports in the same moment with a
// clearer message (a 404 of the stdlib ends in "exit(1)"): prefer the fault.
const booting = Promise.race([faulted, boot().catch(async (err) => {
  await Promise.race([faulted, new Promise((r) => setTimeout(r, 300))]).catch(() => {});
  throw fault || err;
})]);
self.postMessage({type: 'progress', phase: 'download', loaded: 0, total: 0});  // the worker script runs
booting.then(
  (info) => {
    booted = true;
    if (snapshotWanted) timings.snapshot = 'making'; // right after this message (see takeSnapshot)
    self.postMessage({type: 'ready', ...info, timings});
    snapshotBuild = info.build;
    snapshotSoon(SNAPSHOT_IDLE_MS);
  },
  (err) => {
    clearInterval(watchdog);
    self.postMessage({type: 'boot-error', error: String(err && err.message || err)});
  },
);

self.onmessage = async (event) => {
  const {id, method, args} = event.data || {};
  if (id === undefined) return;
  try {
    await booting;
  } catch (err) {
    self.postMessage({id, error: `engine failed to start: ${err && err.message || err}`});
    return;
  }
  if (dead) {
    self.postMessage({id, error: dead, fatal: true});
    return;
  }
  if (typeof method !== 'string') {
    self.postMessage({id, error: 'method must be a string'});
    return;
  }
  const problem = typeof args === 'string' ? jsonProblem(args) : 'they are not JSON text';
  if (problem) {
    self.postMessage({id, error: `the arguments of ${method} were not passed to the engine: ${problem}`});
    return;
  }
  try {
    const reply = dispatch(method, args);
    self.postMessage({id, reply});
    if (SNAPSHOT_AFTER.has(method) && reply.startsWith(OK_REPLY)) snapshotSoon(0);
  } catch (err) {
    // Python errors come back as replies; an exception here means the runtime itself failed.
    dead = `the engine stopped (${String(err && err.message || err).split('\n')[0].slice(0, 200)})`;
    self.postMessage({id, error: dead, fatal: true});
  }
};
