// The 考级 page (exam.html): boots the shared engine worker and shows one of three views by the URL's hash:
// #exam (the exams; ?level=registered&seed=N starts that exam), #ladder (the 升级赛 profile) and
// #verify (verify a certificate code; #verify=CODE verifies at once). Exposed as window.hzmjExam for tests.
import {$} from '../page.mjs';
import {call, engine} from '../tutorial/engine.mjs';
import {getLang, setLang, t} from './i18n.mjs';
import {examHome, runExam, startExam} from './take.mjs';
import {ladderView} from './ladder.mjs';
import {verifyView} from './verify.mjs';
import {EXAM_KEY, read} from './store.mjs';
import {el} from '../tutorial/ui.mjs';

const params = new URLSearchParams(location.search);
const LANG_KEY = 'hzmj.settings.v1';

function savedLang() {
  try { return JSON.parse(localStorage.getItem(LANG_KEY) || '{}').lang; } catch { return null; }
}

setLang(params.get('lang') || savedLang() || ((navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en'));
const ctx = {call, levels: null};
window.hzmjExam = {ctx, ready: false};

function labels() {
  document.title = `${t('title')} · ${getLang() === 'zh' ? '杭州麻将' : 'Hangzhou Mahjong'}`;
  $('title').textContent = t('title');
  for (const k of ['exam', 'ladder', 'verify', 'game']) $(`tab-${k}`).textContent = t(`tab_${k}`);
  $('lang').textContent = t('lang');
}

async function route(first = false) {
  const view = $('view');
  const hash = location.hash.slice(1);
  const [tab, ...rest] = hash.split('=');
  const arg = rest.join('=');
  for (const a of /** @type {NodeListOf<HTMLAnchorElement>} */ (document.querySelectorAll('.tabs a[data-tab]'))) {
    if ((a.dataset.tab === (tab || 'exam'))) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  }
  if (tab === 'ladder') await ladderView(view, ctx);
  else if (tab === 'verify') {
    // a fragment that is not valid percent-encoding (#verify=%) is read as it is, and said
    let code = arg;
    let bad = null;
    try { code = decodeURIComponent(arg); } catch (err) { bad = err; }
    verifyView(view, ctx, bad ? '' : code);
    if (bad) view.querySelector('h2').after(el('p', {class: 'note bad', id: 'v-fragment', role: 'alert'},
      t('bad_fragment', {why: arg.slice(0, 40)})));
  }
  else {
    const going = read(EXAM_KEY);
    const level = params.get('level');
    if (first && level) {
      ctx.levels = await call('exam_levels');
      history.replaceState(null, '', `${location.pathname}#exam`);
      await startExam(view, ctx, level, params.get('seed'));
    } else if (first && going && !going.done) {
      ctx.levels = await call('exam_levels');
      await runExam(view, ctx, going.level, going.seed);
    } else await examHome(view, ctx);
  }
  document.documentElement.dataset.view = tab || 'exam';
}

async function boot() {
  labels();
  $('lang').addEventListener('click', () => {
    setLang(getLang() === 'zh' ? 'en' : 'zh');
    try {
      const s = JSON.parse(localStorage.getItem(LANG_KEY) || '{}');
      localStorage.setItem(LANG_KEY, JSON.stringify({...s, lang: getLang()}));
    } catch { /* storage unavailable: the choice lasts for this visit */ }
    labels();
    route();
  });
  try {
    await engine((p) => { $('progress', HTMLProgressElement).value = p.fraction || 0; });
  } catch (err) {
    $('status').textContent = `引擎没有启动 The engine did not start: ${err.message || err}`;
    document.documentElement.dataset.state = 'error';
    return;
  }
  $('status').hidden = true;
  document.documentElement.dataset.state = 'ready';
  window.hzmjExam.ready = true;
  window.addEventListener('hashchange', () => route());
  await route(true);
}

boot();
