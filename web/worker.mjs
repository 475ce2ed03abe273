// hzmj engine worker (module Web Worker: `new Worker(url, {type: 'module'})`): boots Pyodide, installs the
// hzmj_core wheel named in build.json, imports it, then answers RPC requests. It only wires three parts:
//   worker/boot.mjs      downloads and start-up, with the progress bar's byte counts and the watchdog;
//   worker/cache.mjs     the memory snapshot that makes later visits start in about a second;
//   worker/dispatch.mjs  each request to hzmj_core.webapi.call and its answer back.
// Protocol (all messages are plain objects):
//   page -> worker  {id, method, args}                            args: the arguments as JSON text
//   worker -> page  {type: 'progress', phase, loaded, total}      phase: download | python | install | import
//                   {type: 'downloading'}                         the runtime's files are all asked for
//                   {type: 'ready', version, build, timings}
//                   {type: 'boot-error', error}                   boot failed (the page offers Retry)
//                   {id, reply}                                   Python's answer as JSON text: {"ok": true,
//                                                                  "result"} or {"ok": false, error, reason,
//                                                                  traceback} (reason: the engine's {code,
//                                                                  params} for an illegal action)
//                   {id, error, fatal?}                           the worker's own refusal (fatal: it is dead)

import {startBoot} from './worker/boot.mjs';
import {SnapshotCache} from './worker/cache.mjs';
import {Dispatcher} from './worker/dispatch.mjs';

const BASE = new URL('./', import.meta.url);
const post = (msg) => self.postMessage(msg);
const cache = new SnapshotCache(BASE);
const boot = startBoot(BASE, cache, post);
let dispatcher = null;

post({type: 'progress', phase: 'download', loaded: 0, total: 0});  // the worker script runs
const booting = boot.done.then((engine) => {
  boot.finished(true);
  dispatcher = new Dispatcher(engine.pyodide, (method, ok) => cache.served(method, ok));
  return engine;
});
booting.then(
  (engine) => {
    cache.arm(engine.pyodide, engine.build, engine.makeSnapshot, boot.timings);
    post({type: 'ready', version: engine.version, build: engine.build, timings: boot.timings});
    // the page's calls queue behind this import: it overlaps the page's own work after 'ready'
    setTimeout(() => dispatcher.preload(), 0);
  },
  (err) => {
    boot.finished(false);
    post({type: 'boot-error', error: String(err && err.message || err)});
  },
);

self.onmessage = async (event) => {
  const {id, method, args} = event.data || {};
  if (id === undefined) return;
  try {
    await booting;
  } catch (err) {
    post({id, error: `engine failed to start: ${err && err.message || err}`});
    return;
  }
  post(dispatcher.answer(id, method, args));
};
