// The demo article's own script (not part of what a host page embeds): the page in Chinese or English
// (?lang=zh|en, else the browser's language), the form that makes a widget's markup (the engine is loaded
// when it is used), and an offline copy of the article (the service worker in its widgets mode: the page and
// the widget script only, never the engine until a reader loads it).
import {engineCall, startEngine} from './widget.mjs';
import {plainMessage} from './reasons.mjs';

const $ = (id) => document.getElementById(id);
const WORDS = {
  en: {switch: '中文', title: 'Why 暴头 changes everything — a Hangzhou mahjong primer',
    loading: 'Loading the engine (once for this page)…', making: 'Working out the analysis…',
    done: 'Paste this after the script tag:', failed: 'The engine could not make the markup: '},
  zh: {switch: 'English', title: '暴头为什么改变一切 · 杭州麻将入门',
    loading: '正在加载引擎（本页只加载一次）…', making: '正在分析…',
    done: '把这段代码贴在脚本标签后面：', failed: '引擎没能生成代码：'},
};
let lang = new URLSearchParams(location.search).get('lang')
  || ((navigator.language || '').toLowerCase().startsWith('zh') ? 'zh' : 'en');
if (lang !== 'zh') lang = 'en';

function applyLang() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = WORDS[lang].title;
  $('lang').textContent = WORDS[lang].switch;
  for (const w of document.querySelectorAll('article hzmj-hand, article hzmj-lesson')) {
    if (!w.closest('#maker-preview')) w.setAttribute('lang', lang);
  }
}

$('lang').addEventListener('click', () => {
  lang = lang === 'zh' ? 'en' : 'zh';
  const url = new URL(location.href);
  url.searchParams.set('lang', lang);
  history.replaceState(null, '', url);
  applyLang();
});
applyLang();

$('maker-form').addEventListener('submit', async (e) => {
  e.preventDefault();
  const form = new FormData(/** @type {HTMLFormElement} */ ($('maker-form')));
  const status = $('maker-status');
  const bar = document.createElement('progress');
  bar.max = 1;
  bar.value = 0;
  status.replaceChildren(WORDS[lang].loading, ' ', bar);
  /** @type {HTMLButtonElement} */ ($('maker-go')).disabled = true;
  try {
    await startEngine((p) => { bar.value = p.fraction || 0; });
    status.textContent = WORDS[lang].making;
    const args = {tiles: String(form.get('tiles') || ''), melds: String(form.get('melds') || ''),
      win_tile: String(form.get('win_tile') || '') || null, lang: String(form.get('lang') || '') || null};
    const {markup} = await engineCall('embed', args);
    status.textContent = WORDS[lang].done;
    $('maker-out').hidden = false;
    /** @type {HTMLTextAreaElement} */ ($('maker-out')).value = markup;
    // the markup is the engine's own (attributes escaped, the data's "<" written as \u003c)
    $('maker-preview').innerHTML = markup;
  } catch (err) {
    status.textContent = WORDS[lang].failed + plainMessage(err);
  } finally {
    /** @type {HTMLButtonElement} */ ($('maker-go')).disabled = false;
  }
});

if ('serviceWorker' in navigator && window.isSecureContext) {
  const current = navigator.serviceWorker.controller;
  // a page already under the game's worker (which precaches everything) keeps it
  if (!current || current.scriptURL.includes('widgets=1')) {
    navigator.serviceWorker.register('./sw.js?widgets=1').catch((err) => console.warn('service worker:', err));
  }
}
