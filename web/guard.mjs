// Boot guard of the game page: the first script, with no imports of its own, so it runs even when
// app.mjs or one of its modules cannot load. It is loaded `async`, so a stalled style sheet (which holds
// back rendering and every deferred script) cannot hold it back too. It starts the engine worker, waits
// for style.css, loads app.mjs, and shows the error screen with Retry
//   - at once when style.css or app.mjs or a module it imports fails (missing, cut off, damaged);
//   - after SCRIPTS_MS when they never arrive (a stalled connection);
//   - at once in a browser without WebAssembly or module workers.
// From the moment app.mjs runs, app.mjs owns the boot screen (and its own Retry).
// When this script itself never runs (missing, stalled, or index.html cut short), style.css shows the
// boot screen's #late notice after a while, whose plain link reloads the page.
// It also makes the page's plain link buttons (<button data-href>) work: the Content-Security-Policy
// refuses inline handlers.
export const SCRIPTS_MS = 15_000;

// The engine worker is started here, before app.mjs and its modules load, so that Pyodide's download
// and start-up overlap the page's own loading. Its messages wait in `events` until app.mjs adopts it
// (Bridge.start's options.early); the worker needs nothing from the page to boot.
// app.mjs is asked for only once the worker has asked for the runtime (its 'downloading' message), or
// failed, or after ENGINE_FIRST_MS: the page's forty-odd modules, asked for at once, would queue before the
// worker's files on the browser's few connections to the server, and the engine is the page's longest wait.
const ENGINE_FIRST_MS = 2000;

/** Start the engine worker; the promise settles once the page may load its own modules. */
function startEngineEarly() {
  let worker;
  try {
    worker = engineWorker(new URL('./worker.mjs', import.meta.url));
  } catch (err) {
    console.warn('hzmj: engine worker not started early:', err);
    return Promise.resolve();
  }
  const events = [];
  const keep = (event) => {
    if (event.type === 'error') event.preventDefault();   // reported by app.mjs once it adopts the worker
    events.push(event);
  };
  const types = ['message', 'error', 'messageerror'];
  for (const type of types) worker.addEventListener(type, keep);
  window.hzmjEarlyEngine = {
    worker, events, startedAt: performance.now(),
    stop() { for (const type of types) worker.removeEventListener(type, keep); },
  };
  return new Promise((resolve) => {
    const timer = setTimeout(go, ENGINE_FIRST_MS);
    function go() {
      clearTimeout(timer);
      for (const type of types) worker.removeEventListener(type, heard);
      resolve();
    }
    // a progress message only says the worker runs: the page waits for its requests or its end
    function heard(event) { if (event.type !== 'message' || (event.data || {}).type !== 'progress') go(); }
    for (const type of types) worker.addEventListener(type, heard);
  });
}

/**
 * The engine worker, under the page's own Content-Security-Policy on any host. A worker loaded from its
 * URL runs under the policy of that URL's response headers only: a plain static server sends none, and
 * the page's <meta> policy does not reach it. A worker loaded from a blob: URL inherits the policy of the
 * page that made it (CSP3, "local scheme" workers), <meta> included; that tiny module imports worker.mjs.
 * bridge.mjs makes its workers (Retry, a restart) with its own copy of this: this script imports nothing.
 * worker-src allows blob: for this.
 */
function engineWorker(url) {
  const local = URL.createObjectURL(new Blob([workerSource(url)], {type: 'text/javascript'}));
  const worker = new Worker(local, {type: 'module', name: 'hzmj-engine'});
  setTimeout(() => URL.revokeObjectURL(local), 60_000);  // long after the worker has loaded it
  return worker;
}

/** The blob's module (the same text as bridge.mjs's `workerSource`: test_boot.py compares them). It asks
 *  at once for what the boot needs first: build.json, Pyodide's loader and the worker's own modules, side
 *  by side (worker.mjs alone
 *  would find its imports one level at a time); worker/boot.mjs takes the early build.json and import.
 *  Then it runs worker.mjs. 'loaded' follows whatever worker.mjs posted while it ran: a file cut off
 *  inside a comment runs as an empty module and posts nothing, and the bridge tells that apart from a slow
 *  start at once; one that cannot load (missing, damaged) is a 'boot-error'. */
export function workerSource(url) {
  const at = (path) => JSON.stringify(String(new URL(path, url)));
  return `const quiet = (p) => { p.catch(() => {}); return p; };
self.hzmjEarly = {build: quiet(fetch(${at('./build.json')})), pyodide: quiet(import(${at('./pyodide/pyodide.mjs')}))};
for (const m of [${['./worker/boot.mjs', './worker/cache.mjs', './worker/dispatch.mjs', './json-guard.mjs'].map(at)}]) quiet(import(m));
import(${at(url)}).then(() => self.postMessage({type: 'loaded'}), (err) => self.postMessage({type: 'boot-error',
  error: 'the engine worker could not be loaded (' + (err && err.message || err) + ')'}));
`;
}

const root = document.documentElement;
document.getElementById('late')?.remove();

function showError(text) {
  if (root.dataset.state === 'ready' || window.hzmjBootStarted) return;
  const early = window.hzmjEarlyEngine;
  if (early) { early.stop(); early.worker.terminate(); window.hzmjEarlyEngine = null; }
  root.dataset.state = 'error';
  document.getElementById('loading').hidden = true;
  document.getElementById('failure').hidden = false;
  document.getElementById('error-message').textContent = text;
  document.getElementById('retry').onclick = () => location.reload();
}

const CONNECTION = '页面脚本未能加载。The page scripts failed to load. Check the connection and retry.';
const STYLE = '页面样式未能加载。The page style sheet failed to load. Check the connection and retry.';
const styleLink = /** @type {HTMLLinkElement|null} */ (document.querySelector('link[rel=stylesheet]'));

// style.css ends with a rule that sets --style-complete: without it the file was cut short.
const styleComplete = () => getComputedStyle(root).getPropertyValue('--style-complete').trim() === '1';

/** Settles when style.css has arrived whole (resolves) or has failed (rejects). */
function styleSheet() {
  return new Promise((resolve, reject) => {
    const broken = () => reject(new Error('style.css did not load'));
    const settle = () => (styleComplete() ? resolve() : reject(new Error('style.css arrived incomplete')));
    if (!styleLink || styleLink.sheet) { settle(); return; }
    styleLink.addEventListener('load', settle);
    styleLink.addEventListener('error', broken);
    // It may have failed before this script ran (no event to wait for then): its fetch has ended but
    // there is no sheet. A sheet still being parsed gets a moment to fire its load event.
    if (performance.getEntriesByName(styleLink.href).length) setTimeout(broken, 1000);
  });
}

if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') {
  showError('这个浏览器不支持 WebAssembly。This browser cannot run the game (no WebAssembly).');
} else {
  // A friends table's guest (#join=…) plays on the host's engine: its page downloads no Pyodide.
  const engineAsked = location.hash.startsWith('#join=') ? Promise.resolve() : startEngineEarly();
  let styled = false;
  const timer = setTimeout(() => {
    // a style sheet still loading holds back all rendering: drop it, so that the error can be seen
    if (!styled) styleLink?.remove();
    showError(styled ? CONNECTION : STYLE);
  }, SCRIPTS_MS);
  styleSheet().then(() => {
    styled = true;
    return engineAsked.then(() => import('./app.mjs')).then(() => clearTimeout(timer), (err) => {
      clearTimeout(timer);
      console.warn('hzmj: app.mjs did not load:', err);
      showError(`${CONNECTION}\n(${err && err.message || err})`);
    });
  }, (err) => {
    clearTimeout(timer);
    console.warn('hzmj:', err.message);
    showError(`${STYLE}\n(${err.message})`);
  });
}

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('button[data-href]'))) {
  button.addEventListener('click', () => { location.href = button.dataset.href; });
}
