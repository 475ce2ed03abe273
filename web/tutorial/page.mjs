// The tutorial page (tutorial.html): the lesson list, one lesson at a time, progress and language.
import {carriedCall} from './carried.mjs';
import {engine, call} from './engine.mjs';
import {renderLesson} from './lesson.mjs';
import {CSS, styleSheet} from './styles.mjs';
import {lastLesson, markSolved, repairProgress, resetProgress, setLastLesson, solved} from './progress.mjs';
import {$, el, fill} from '../page.mjs';
import {loadSettings, saveSettings} from '../store.mjs';

document.adoptedStyleSheets = [...document.adoptedStyleSheets, styleSheet(CSS.replace(':host, .tut', '.tut'))];
const settings = loadSettings();
let lang = settings.lang || ((navigator.language || '').toLowerCase().startsWith('en') ? 'en' : 'zh');
let catalogue = [];
let notice = null;  // what was reset of the stored progress, shown above the first lesson
const UI = {
  zh: {lang: 'English', play: '开始游戏', rules: '规则', reset: '重置进度', progress: '已完成 {a} / {b} 个练习', prev: '← 上一课',
    next: '下一课 →', confirm: '清除所有练习进度？', fail: '引擎没能启动：',
    repaired: '保存的进度已损坏，这部分已重置：{a}。其余的进度都还在。', solved: '已完成的练习', last: '上次打开的课'},
  en: {lang: '中文', play: 'Play the game', rules: 'The rules', reset: 'Reset progress', progress: '{a} of {b} exercises done',
    prev: '← Previous', next: 'Next →', confirm: 'Clear all exercise progress?', fail: 'The engine could not start: ',
    repaired: 'Your saved progress was damaged; this part was reset: {a}. The rest is kept.',
    solved: 'the exercises solved', last: 'the last lesson open'},
};
const ui = (k, v = {}) => fill(UI[lang][k], v);
window.hzmjTutorial = {ready: false, call, engine};

// The lessons and their answer tables as build.py wrote them into the page (builder/widgets.py): the tutorial
// is read and its exercises answered with no runtime; without them (web/ served as it is) the engine is asked.
const carried = (() => {
  try {
    const data = JSON.parse(document.getElementById('tutorial-data')?.textContent || 'null');
    return data && data.format === 1 && data.kind === 'tutorial' ? data : null;
  } catch {
    return null;
  }
})();

/** The lesson id in the address's fragment; any fragment that is not one (even "#%") opens the last lesson. */
function currentId() {
  let h = location.hash.slice(1);
  try { h = decodeURIComponent(h); } catch { h = ''; }
  return catalogue.some((c) => c.id === h) ? h : (lastLesson() || catalogue[0].id);
}

function drawChrome() {
  document.documentElement.lang = lang === 'en' ? 'en' : 'zh-CN';
  $('lang').textContent = ui('lang');
  $('play').textContent = ui('play');
  $('rules').textContent = ui('rules');
  $('reset').textContent = ui('reset');
  const done = solved();
  const id = currentId();
  $('toc').replaceChildren(...catalogue.map((c) => {
    const all = c.exercises.every((e) => done.has(e));
    return el('li', {}, el('a', {href: `#${c.id}`, 'aria-current': c.id === id ? 'page' : null, 'data-lesson': c.id},
      el('span', {}, lang === 'en' ? c.title_en : c.title_zh),
      el('span', {class: 'done', 'aria-label': all ? '✓' : ''}, all ? '✓' : '')));
  }));
  $('toc').querySelector('[aria-current]')?.scrollIntoView({block: 'nearest', inline: 'center'});
  const total = catalogue.reduce((a, c) => a + c.exercises.length, 0);
  const n = catalogue.reduce((a, c) => a + c.exercises.filter((e) => done.has(e)).length, 0);
  $('meter').replaceChildren(el('span', {id: 'progress-text'}, ui('progress', {a: n, b: total})), ' ',
    el('progress', {max: String(total), value: String(n), 'aria-hidden': 'true'}));
  document.title = `${lang === 'en' ? 'Learn Hangzhou Mahjong' : '学打杭州麻将'} · ${
    (catalogue.find((c) => c.id === id) || {})[lang === 'en' ? 'title_en' : 'title_zh'] || ''}`;
}

async function show(focus) {
  const id = currentId();
  setLastLesson(id);
  drawChrome();
  const own = carried && carried.lessons[id];
  const data = own ? own.lesson : await call('lesson', {id});
  if (id !== currentId()) return;
  const art = renderLesson(data, {lang, call: own ? carriedCall(own.answers, call) : call, solved: solved(),
    onSolved: (ex) => { markSolved(ex); drawChrome(); }});
  const pager = el('nav', {class: 'pager', 'aria-label': lang === 'en' ? 'Lessons' : '翻页'},
    data.prev ? el('a', {href: `#${data.prev}`, rel: 'prev'}, ui('prev')) : el('span'),
    data.next ? el('a', {href: `#${data.next}`, rel: 'next'}, ui('next')) : el('span'));
  $('main').replaceChildren(...(notice ? [notice] : []), art, pager);
  notice = null;
  document.documentElement.dataset.lesson = id;
  if (focus) { $('main').focus({preventScroll: true}); window.scrollTo(0, 0); }
}

$('lang').addEventListener('click', () => {
  lang = lang === 'en' ? 'zh' : 'en';
  saveSettings({...loadSettings(), lang});
  show(false);
});
$('reset').addEventListener('click', () => { if (confirm(ui('confirm'))) { resetProgress(); show(false); } });
window.addEventListener('hashchange', () => show(true));

try {
  if (carried) {
    catalogue = carried.catalogue;
    document.documentElement.dataset.source = 'carried';
  } else {
    await engine((p) => { $('progress', HTMLProgressElement).value = p.fraction || 0; });
    catalogue = await call('lessons');
  }
  const reset = repairProgress(catalogue.map((c) => c.id));
  if (reset.length) {
    notice = el('p', {class: 'notice', role: 'status', id: 'progress-notice'},
      ui('repaired', {a: reset.map((part) => ui(part)).join(lang === 'en' ? ', ' : '、')}));
  }
  await show(false);
  document.documentElement.dataset.state = 'ready';
  window.hzmjTutorial.ready = true;
} catch (err) {
  document.documentElement.dataset.state = 'error';
  $('status').replaceChildren(el('p', {class: 'error', role: 'alert'}, ui('fail') + (err.message || err)));
}
