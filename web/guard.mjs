// Boot guard of the game page: the first script, with no imports of its own, so it runs even when
// app.mjs or one of its modules cannot load. It loads app.mjs, and shows the error screen with Retry
//   - at once when app.mjs or a module it imports fails (missing, cut off, damaged);
//   - after SCRIPTS_MS when they never arrive (a stalled connection);
//   - at once in a browser without WebAssembly or module workers.
// From the moment app.mjs runs, app.mjs owns the boot screen (and its own Retry).
// It also makes the page's plain link buttons (<button data-href>) work: the Content-Security-Policy
// refuses inline handlers.
export const SCRIPTS_MS = 15_000;

function showError(text) {
  const root = document.documentElement;
  if (root.dataset.state === 'ready' || window.hzmjBootStarted) return;
  root.dataset.state = 'error';
  document.getElementById('loading').hidden = true;
  document.getElementById('failure').hidden = false;
  document.getElementById('error-message').textContent = text;
  document.getElementById('retry').onclick = () => location.reload();
}

const CONNECTION = '页面脚本未能加载。The page scripts failed to load. Check the connection and retry.';

if (typeof WebAssembly !== 'object' || typeof Worker !== 'function') {
  showError('这个浏览器不支持 WebAssembly。This browser cannot run the game (no WebAssembly).');
} else {
  const timer = setTimeout(() => showError(CONNECTION), SCRIPTS_MS);
  import('./app.mjs').then(() => clearTimeout(timer), (err) => {
    clearTimeout(timer);
    console.warn('hzmj: app.mjs did not load:', err);
    showError(`${CONNECTION}\n(${err && err.message || err})`);
  });
}

for (const button of document.querySelectorAll('button[data-href]')) {
  button.addEventListener('click', () => { location.href = button.dataset.href; });
}
