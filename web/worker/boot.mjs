// The engine worker's boot: downloads Pyodide and the engine wheel (counting bytes for the page's progress
// bar), starts Python (from the memory snapshot when cache.mjs has one) and puts the wheel on sys.path, under a
// watchdog that turns every way a download can fail into an error the page shows with Retry.
//
// Pyodide has no download-progress hook, so the big files are counted here: the wheel is streamed by this
// module, and Pyodide's own fetches of the runtime (wasm, stdlib, lock file) go through a counting wrapper
// around fetch that keeps them streaming (the wasm still compiles while it downloads).
//
//   const boot = startBoot(base, cache, post);   // post: the worker's postMessage
//   const {pyodide, version, build, makeSnapshot} = await boot.done;   // rejects with the first fault

const STALL_MS = 10_000;
const TICK_MS = 250;

const mb = (n) => (n / 1e6).toFixed(1);

async function sha256Hex(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Start the boot at once.
 * @param {URL} base  the directory of worker.mjs (the build's root)
 * @param {import('./cache.mjs').SnapshotCache} cache  the memory snapshot store
 * @param {(msg: object) => void} post  sends a message to the page
 * @returns {{done: Promise<{pyodide: object, version: string, build: object, makeSnapshot: boolean}>,
 *   timings: object, finished: (ok: boolean) => void}}  call finished(ok) once the page has been told the outcome
 */
export function startBoot(base, cache, post) {
  const pyodideUrl = new URL('pyodide/', base);
  const t0 = performance.now();
  // epoch ms of the boot's start, so a page can place the worker's marks on its own clock
  const timings = {started_at: Math.round(performance.timeOrigin + t0)};
  const mark = (name) => { timings[name] = Math.round(performance.now() - t0); };
  const fileName = (url) => (String(url).startsWith(base.href) ? String(url).slice(base.href.length) : String(url));

  // ------------------------------------------------------------ progress
  const progress = {phase: 'download', loaded: 0, total: 0};
  // What the network carries: a server that gzips (build.py serve, the README's hosts) sends each download
  // at its gzip size (build.json's downloads_gzip), one that does not at its own; a response's
  // Content-Encoding says which. The bar's fraction counts the bytes read; its words count the wire's.
  const wire = {};   // name -> {size, gz, loaded, encoded}
  const wireBytes = () => Object.values(wire).reduce((a, f) => a + (f.encoded ? Math.round(f.loaded * f.gz / f.size) : f.loaded), 0);
  const wireTotal = () => Object.values(wire).reduce((a, f) => a + (f.encoded ? f.gz : f.size), 0);
  const countWire = (name, n) => { if (wire[name]) wire[name].loaded += n; };
  const encodedBy = (name, response) => {
    if (!wire[name]) return;
    const coding = (response.headers.get('Content-Encoding') || '').trim().toLowerCase();
    wire[name].encoded = coding !== '' && coding !== 'identity';
  };
  let lastPost = 0;
  function report(phase, force = false) {
    if (phase) progress.phase = phase;
    const now = performance.now();
    if (!force && now - lastPost < 30) return;
    lastPost = now;
    post({type: 'progress', phase: progress.phase, loaded: Math.min(progress.loaded, progress.total),
      total: progress.total, wire: Math.min(wireBytes(), wireTotal()), wireTotal: wireTotal()});
  }

  function countBytes(stream, name) {
    return stream.pipeThrough(new TransformStream({
      transform(chunk, controller) {
        progress.loaded += chunk.byteLength;
        countWire(name, chunk.byteLength);
        activity();
        report();
        controller.enqueue(chunk);
      },
    }));
  }

  // ------------------------------------------------------------ watchdog
  // Every way a download can fail must end the boot with an error the page shows with Retry: Pyodide
  // itself never settles when the wasm body is cut off, so nothing here waits on it alone. The checks:
  // - a stall: nothing arrived for STALL_MS on a download that has not ended, or on all of them while the
  //   boot waits (for a module import, say). The watchdog ticks every TICK_MS; a tick that comes late means
  //   the thread was busy (compiling, starting Python), which counts as progress for every download;
  // - a broken body: a download that errors part way, or ends short of its size in build.json;
  // - an HTTP error on any file of the build (Pyodide turns a missing stdlib into "exit(1)");
  // - a WebAssembly module that does not compile (Pyodide logs it and waits forever).
  // The boot races against `faulted`, which rejects with the first of these.
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

  // Pyodide only logs a WebAssembly module that does not compile (its streaming instantiation has no
  // fallback) and then waits forever: report it instead. pyodide.mjs's own probe compile runs when the
  // module is first evaluated, which may be before this (worker.mjs's blob imports it early), so the
  // streaming calls are watched too; their failure waits a moment, so that a download that broke off
  // (the likelier cause, reported by watchBody) is named first.
  for (const name of ['instantiate', 'compile', 'instantiateStreaming', 'compileStreaming']) {
    const native = WebAssembly[name];
    if (typeof native !== 'function') continue;
    const later = name.endsWith('Streaming') ? 300 : 0;
    WebAssembly[name] = function (...args) {
      const result = native.apply(this, args);
      result.catch((err) => setTimeout(
        () => fail(`the engine's WebAssembly could not be compiled (${err && err.message || err})`), later));
      return result;
    };
  }

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
        if (counted) { progress.loaded += step.value.byteLength; countWire(name, step.value.byteLength); report(); }
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
  let runtimeAsked = false;
  const nativeFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    if (booted) return nativeFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input), base).href;
    const name = fileName(url);
    const known = name in expectedSizes;
    activity();
    waitingFor = name;
    let response;
    try {
      const pending = nativeFetch(input, init);
      // the runtime's downloads are all asked for (Pyodide asks for the wasm last): the page may load its own
      if (name === 'pyodide/pyodide.asm.wasm' && !runtimeAsked) { runtimeAsked = true; post({type: 'downloading'}); }
      response = await pending;
    } catch (err) {
      if (known) fail(`could not download ${name} (${err && err.message || err}): check the connection`);
      throw err;
    }
    activity();
    if (!known) return response;
    if (!response.ok) fail(`could not download ${name}: HTTP ${response.status}`);
    else if (response.body) {
      encodedBy(name, response);
      watchBody(response, name, tracked.delete(url));
    }
    return response;
  };

  // fetch with an error message that names the file (a bare "Failed to fetch" tells a player nothing)
  async function get(url, early = null) {
    const name = fileName(url);
    let response;
    try {
      response = await (early || fetch(url));
    } catch (err) {
      throw new Error(`could not download ${name} (${err && err.message || err}): check the connection`);
    }
    if (!response.ok) throw new Error(`could not download ${name}: HTTP ${response.status}`);
    return response;
  }

  // ------------------------------------------------------------ the boot itself
  async function boot() {
    // worker.mjs's blob asked for build.json and Pyodide's loader before the worker's own modules loaded
    const early = self.hzmjEarly || {};
    self.hzmjEarly = null;
    waitingFor = 'build.json';
    const buildText = await (await get(new URL('build.json', base), early.build)).text();
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
    const gz = build.downloads_gzip || {};
    for (const [path, size] of Object.entries(downloads)) {
      // until its headers come, a download counts as the build's own server sends it (gzipped)
      wire[path] = {size, gz: gz[path] || size, loaded: 0, encoded: path in gz};
    }
    for (const path of Object.keys(downloads)) {
      if (path !== build.wheel) tracked.add(new URL(path, base).href);
    }
    report('download', true);

    // The wheel downloads in parallel with the runtime.
    const wheelUrl = new URL(build.wheel, base);
    const wheelPromise = (async () => {
      const res = await get(wheelUrl);
      encodedBy(build.wheel, res);
      const bytes = new Uint8Array(await new Response(countBytes(res.body, build.wheel)).arrayBuffer());
      if (build.wheel_sha256 && (await sha256Hex(bytes)) !== build.wheel_sha256) {
        throw new Error(`${build.wheel}: sha256 mismatch (stale or corrupted download)`);
      }
      mark('wheel_downloaded');
      return bytes;
    })();
    wheelPromise.catch((err) => fail(err.message || String(err)));

    const snapshotPromise = cache.read(build);
    waitingFor = 'pyodide/pyodide.mjs';
    let loadPyodide;
    try {
      ({loadPyodide} = await (early.pyodide || import(new URL('pyodide.mjs', pyodideUrl).href)));
    } catch (err) {
      throw new Error(`could not load pyodide/pyodide.mjs (${err && err.message || err})`);
    }
    activity();
    mark('pyodide_imported');
    const options = {
      indexURL: pyodideUrl.href,
      packageBaseUrl: pyodideUrl.href,
      lockFileURL: new URL('pyodide-lock.json', pyodideUrl).href,
    };
    let pyodide = null;
    let snapshot = await snapshotPromise;
    timings.snapshot = 'none';
    if (snapshot) {
      mark('snapshot_read');
      try {
        pyodide = await loadPyodide({...options, _loadSnapshot: snapshot});
        cache.afterRestore(pyodide, build);
        timings.snapshot = 'used';
      } catch (err) {
        console.warn('hzmj: Pyodide memory snapshot not usable, booting normally:', err && err.message || err);
        pyodide = null;
        timings.snapshot = 'failed';
        timings.snapshot_error = String(err && err.message || err);
        await cache.remove(build);
      }
      snapshot = null;
    }
    const makeSnapshot = !pyodide && cache.usable(build);
    if (!pyodide) pyodide = await loadPyodide({...options, _makeSnapshot: makeSnapshot});
    mark('python_ready');
    report('install', true);

    // A pure-Python wheel is a zip that Python imports from as it is (zipimport): written as one file and put
    // first on sys.path, it needs no unpacking, neither in JS while Python starts nor in Python after. (A
    // restored memory snapshot has the path on sys.path already, and zipimport's index of the same file.)
    const wheelPath = `/lib/${build.wheel.split('/').pop()}`;
    pyodide.FS.writeFile(wheelPath, await wheelPromise);
    pyodide.runPython(`import sys\nif ${JSON.stringify(wheelPath)} not in sys.path: sys.path.insert(0, ${JSON.stringify(wheelPath)})`);
    mark('wheel_installed');
    report('import', true);
    const version = pyodide.runPython('import hzmj_core; hzmj_core.__version__');
    mark('engine_ready');
    progress.loaded = progress.total;
    report('import', true);
    return {pyodide, version, makeSnapshot, build: {build_id: build.build_id, version: build.version,
      pyodide_version: build.pyodide_version, python_version: build.python_version}};
  }

  // A failure of Pyodide itself often follows a fault the watchdog reports in the same moment with a
  // clearer message (a 404 of the stdlib ends in "exit(1)"): prefer the fault.
  const done = Promise.race([faulted, boot().catch(async (err) => {
    await Promise.race([faulted, new Promise((r) => setTimeout(r, 300))]).catch(() => {});
    throw fault || err;
  })]);
  return {
    done, timings,
    finished(ok) {
      booted = ok;
      if (!ok) clearInterval(watchdog);
    },
  };
}
