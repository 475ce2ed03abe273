// The engine worker's memory snapshot (warm starts). Starting Python is most of Pyodide's boot (~3 s on a
// 2-core VM, against ~0.2 s to compile the wasm). So after a normal boot has imported hzmj_core, the worker
// copies the wasm memory with Pyodide's (private) makeMemorySnapshot and stores it in Cache Storage, in the
// service worker's cache of this build ('hzmj-<build_id>', see web/sw.template.js: a new build gets a new
// cache and the old one, snapshot included, is deleted when the new service worker activates). Later visits
// pass it to loadPyodide as _loadSnapshot and skip Python's start-up and the engine's import. Anything wrong
// with it (no Cache Storage, Pyodide's build-id check, a different engine version, any error) deletes it
// and the boot falls back to a normal start.
//
// The engine prepares itself through its public API: `webapi.warm_up()` before the copy (fills the lazily
// built tables a first game needs) and `webapi.reset()` after a restore (forgets the game the first visit
// was playing when the copy was taken).

// Run before a snapshot is taken, so that a restored instance has them already. A broken webapi is left
// for the dispatcher to report when it is called, as without a snapshot.
const WARM_UP_PY = `
import hzmj_core
try:
    import hzmj_core.webapi
    hzmj_core.webapi.warm_up()
except Exception:
    pass
`;
// Run right after a restore: the snapshot froze the state of every PRNG seeded at import time, and the
// engine's state at the moment of the copy.
const RESTORED_PY = `
import sys
if "random" in sys.modules:
    sys.modules["random"].seed()
if "hzmj_core.webapi" in sys.modules:
    sys.modules["hzmj_core.webapi"].reset()
import hzmj_core
hzmj_core.__version__
`;

// Taken once the first table is served (the reply to the first new_game or restore) and the page has
// gone quiet for SNAPSHOT_QUIET_MS (the new game's first save and the drawing of the table come first:
// the copy, its warm-up and its write to Cache Storage hold the worker for a while); a page that starts
// no game (the tutorial) gets it a few seconds after 'ready'. Runs synchronously between two requests.
const SNAPSHOT_AFTER = new Set(['new_game', 'restore']);
const SNAPSHOT_IDLE_MS = 4000;
const SNAPSHOT_QUIET_MS = 400;

export class SnapshotCache {
  /** @param {URL} base  the build's root (the snapshot's URL in the cache is made from it) */
  constructor(base) {
    this.base = base;
    this.wanted = false;    // a snapshot is still to be taken (the boot started Python without one)
    this.pyodide = null;
    this.build = null;
    this.timings = null;
    this.tableServed = 0;   // when the first table was served (performance.now())
    this.timer = 0;
  }

  cacheName(build) { return `hzmj-${build.build_id}`; }

  url(build) { return new URL(`__pyodide_snapshot__/${build.build_id}`, this.base).href; }

  /** Whether this build can keep a snapshot here (Cache Storage, a build id). */
  usable(build) { return Boolean(self.caches && build.build_id); }

  /** The stored snapshot's bytes, or null. */
  async read(build) {
    if (!this.usable(build)) return null;
    try {
      const hit = await caches.match(this.url(build), {cacheName: this.cacheName(build)});
      return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
    } catch {
      return null;
    }
  }

  async write(build, bytes) {
    try {
      const cache = await caches.open(this.cacheName(build));
      await cache.put(this.url(build), new Response(bytes, {headers: {'Content-Type': 'application/octet-stream'}}));
    } catch (err) {
      console.warn('hzmj: could not store the Pyodide memory snapshot:', err && err.message || err);
    }
  }

  async remove(build) {
    try {
      const cache = await caches.open(this.cacheName(build));
      await cache.delete(this.url(build));
    } catch { /* nothing to delete */ }
  }

  /** Prepare a Python restored from a snapshot; throws when the snapshot holds another engine version. */
  afterRestore(pyodide, build) {
    const restored = pyodide.runPython(RESTORED_PY);
    if (build.version && restored !== build.version) throw new Error(`it holds hzmj_core ${restored}`);
  }

  /** After a boot: take a snapshot soon when `wanted` (the boot started Python fresh with _makeSnapshot). */
  arm(pyodide, build, wanted, timings) {
    this.pyodide = pyodide;
    this.build = build;
    this.wanted = wanted;
    this.timings = timings;
    if (wanted) timings.snapshot = 'making';
    this.soon(SNAPSHOT_IDLE_MS);
  }

  /** Told after each call the engine answered: once the first table is served, the first quiet moment
   *  after it is the moment to take it. */
  served(method, ok) {
    if (ok && SNAPSHOT_AFTER.has(method) && !this.tableServed) this.tableServed = performance.now();
    // a page that never goes quiet (bots at full speed) still gets it a few seconds after its table
    if (this.tableServed) this.soon(performance.now() - this.tableServed > SNAPSHOT_IDLE_MS ? 0 : SNAPSHOT_QUIET_MS);
  }

  soon(delay) {
    if (!this.wanted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      if (!this.wanted) return;
      this.wanted = false;
      this.take();
    }, delay);
  }

  take() {
    const start = performance.now();
    try {
      this.pyodide.runPython(WARM_UP_PY);
      const bytes = this.pyodide.makeMemorySnapshot();
      this.timings.snapshot_ms = Math.round(performance.now() - start);
      return this.write(this.build, bytes);
    } catch (err) {
      console.warn('hzmj: no Pyodide memory snapshot:', err && err.message || err);
    }
  }
}
