// The service worker (dist/sw.js) is made from this template by build.py, which fills in the build id and the file lists.
// Precaches every file of this build; the cache name carries the build id, so a new build gets a
// fresh cache and the old ones are deleted when it activates. Cache-first for same-origin GETs.
// worker.mjs also stores its Pyodide memory snapshot in this cache ('__pyodide_snapshot__/<build id>'),
// so it goes away with the build it belongs to.
// A friends table's guest page (opened at '#join=…') registers it as 'sw.js?guest=1': a guest needs no engine,
// so that one precaches no engine file (Pyodide, the wheel); the page registers plain 'sw.js' again, and so
// precaches the engine, once that person opens the game to play alone.
const BUILD_ID = /*BUILD_ID*/null;
const CACHE = 'hzmj-' + BUILD_ID;
const PRECACHE = /*PRECACHE*/[];
const ENGINE = /*ENGINE*/[];
// this script runs as a service worker (the checker's lib "webworker" calls `self` a plain worker's scope)
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const GUEST = new URL(sw.location.href).searchParams.has('guest');
// A widget page (the demo article) registers 'sw.js?widgets=1': that one precaches only the files listed in
// widgets.json (the page and the widget script with its modules, no engine), and keeps any other file of this
// build it serves from the network (the engine, once a reader has loaded it), so both work offline afterwards.
const WIDGETS = new URL(sw.location.href).searchParams.has('widgets');
const scoped = (u) => new Request(new URL(u, sw.registration.scope), {cache: 'no-cache'});

sw.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const files = WIDGETS ? await (await fetch(scoped('widgets.json'))).json()
      : GUEST ? PRECACHE.filter((u) => !ENGINE.includes(u)) : PRECACHE;
    // 'no-cache' revalidates against the server (a cheap 304 when the browser already has the file)
    // so a stale HTTP-cache entry can never end up in the precache.
    await cache.addAll(files.map(scoped));
    await sw.skipWaiting();
  })());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith('hzmj-') && key !== CACHE) await caches.delete(key);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || new URL(req.url).origin !== sw.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const hit = await cache.match(req, {ignoreSearch: true});
    if (hit) return hit;
    const res = await fetch(req);
    if (WIDGETS && res.ok && PRECACHE.includes(new URL(req.url).pathname.slice(new URL(sw.registration.scope).pathname.length))) {
      await cache.put(req, res.clone());
    }
    return res;
  })());
});
