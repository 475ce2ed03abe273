// One engine worker for the whole page, shared by the tutorial and every <hzmj-lesson>/<hzmj-hand>.
//
// The worker URL is resolved from this module's own URL, so a host page on another origin that loads
// widget.mjs from a deployed dist/ still starts dist/worker.mjs. Browsers only start workers from the
// page's own origin; for another origin a tiny same-origin blob worker imports the real one (the
// dist/ host must then send CORS headers, as it must anyway for module scripts).
import {Bridge} from '../bridge.mjs';

const WORKER_URL = new URL('../worker.mjs', import.meta.url);
let started = null;
let current = null;  // the Bridge `started` resolved to
let last = {phase: 'download', fraction: 0};
const listeners = new Set();

function workerUrl() {
  if (WORKER_URL.origin === globalThis.location?.origin) return WORKER_URL;
  const src = `import ${JSON.stringify(WORKER_URL.href)};`;
  return URL.createObjectURL(new Blob([src], {type: 'text/javascript'}));
}

/** Resolve with the shared Bridge (starting the worker on first use); onProgress gets {phase, fraction}. */
export function engine(onProgress) {
  if (onProgress) {
    listeners.add(onProgress);
    try { onProgress(last); } catch (e) { console.error(e); }
  }
  if (!started) {
    started = Bridge.start(workerUrl(), (p) => {
      last = p;
      for (const fn of listeners) { try { fn(p); } catch (e) { console.error(e); } }
    });
    started.then((b) => { current = b; }, () => { started = null; });  // a later widget may retry
  }
  const done = () => { if (onProgress) listeners.delete(onProgress); };
  return started.then((b) => { done(); return b; }, (e) => { done(); throw e; });
}

/** Call an engine method through the shared worker. After the worker died, the next call starts a new one. */
export async function call(method, args = {}) {
  const bridge = await engine();
  try {
    return await bridge.call(method, args ?? {});
  } catch (err) {
    if (err.fatal && bridge === current) { started = null; current = null; }
    throw err;
  }
}
