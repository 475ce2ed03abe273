// Taking an exam: the level cards, the countdown, one question at a time with the engine's explanation after each
// answer, the summary with every mistake explained, and the certificate. The page never knows an answer before it
// is given: it asks the engine (exam_check, exam_grade).
//
// Resume rule (the real online exam's): once started the clock never stops. The exam in progress is stored
// (level, seed, start time, the latest time seen, answers); leaving and coming back returns to the same question
// with the time left, and when the time is up the exam is handed in with the answers given. A clock put back
// gains no time (the time left counts from the latest time seen, and is never more than the exam's minutes).
// One tab owns the exam, as one tab owns a game: the tab that starts or resumes it claims it (BroadcastChannel and
// the storage event tell the others), another tab running it stops with a way to continue there, and an answer
// already given in another tab is never overwritten.
// A write the storage refuses (full) is said once, the exam goes on from memory, and the write is retried.
import {el, splitTiles, tile} from '../tutorial/ui.mjs';
import {drawPosition, tileRow} from './draw.mjs';
import {getLang, pick, refusalWords, t} from './i18n.mjs';
import {EXAM_KEY, read, today, write} from './store.mjs';
import {certificateSection} from './certificate.mjs';
import {parseSeed} from '../seed.mjs';

let timer = null;
let current = null;      // the exam in progress as this tab holds it (what it last wrote or read)
let failing = false;     // the last write was refused: said once, retried
let retry = null;
let away = false;        // another tab took the exam over
const TAB = Math.random().toString(36).slice(2) + Date.now().toString(36);
const OWNER_KEY = 'hzmj.exam.owner.v1';
const RETRY_MS = 3000;
const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('hzmj.exam') : null;
let onAway = null;       // what the running exam does when another tab claims it

function stopClock() { if (timer) clearInterval(timer); timer = null; }

/** Store the exam in progress; a refusal is said once (a note on the page) and retried until it is stored. */
function keep(st) {
  current = st;
  if (write(EXAM_KEY, st)) {
    if (failing) document.getElementById('ex-save')?.remove();
    failing = false;
    clearTimeout(retry);
    return true;
  }
  if (!failing) {
    failing = true;
    const head = document.querySelector('.examhead') || document.querySelector('#view h2');
    if (head) head.after(el('p', {class: 'note bad', id: 'ex-save', role: 'alert'}, t('exam_save_failed')));
  }
  clearTimeout(retry);
  retry = setTimeout(() => { if (current === st && !away) keep(st); }, RETRY_MS);
  return false;
}

/** The exam in progress: the stored one, or the one this tab holds when the storage refused it. */
function held() { return read(EXAM_KEY) || current; }

function claim() {
  away = false;
  try { localStorage.setItem(OWNER_KEY, TAB); } catch { /* full: the channel still tells the others */ }
  if (channel) channel.postMessage({type: 'claim', tab: TAB});
}

function yieldExam() {
  if (away || !onAway) return;
  away = true;
  stopClock();
  onAway();
}

if (channel) channel.onmessage = (ev) => { if (ev.data && ev.data.type === 'claim' && ev.data.tab !== TAB) yieldExam(); };
window.addEventListener('storage', (ev) => { if (ev.key === OWNER_KEY && ev.newValue && ev.newValue !== TAB) yieldExam(); });

/** The exam home: one card per level, or the exam in progress. */
export async function examHome(view, ctx) {
  stopClock();
  const info = await ctx.call('exam_levels');
  ctx.levels = info;
  const going = held();
  view.replaceChildren(el('h2', {}, t('tab_exam')), el('p', {class: 'note'}, t('exam_intro')));
  const cards = el('div', {class: 'cards'});
  for (const lv of info.levels) {
    const live = going && !going.done && going.level === lv.id;
    cards.append(el('div', {class: 'card', 'data-level': lv.id},
      el('h3', {}, pick(lv)),
      el('p', {}, `${t('questions', {n: lv.questions})} · ${t('minutes', {n: lv.minutes})} · ${t('pass_mark', {n: lv.pass_mark})}`),
      el('button', {type: 'button', class: 'primary', 'data-start': lv.id,
        onclick: () => live ? runExam(view, ctx, going.level, going.seed) : startExam(view, ctx, lv.id)},
      live ? t('resume') : t('start'))));
  }
  view.append(cards, el('p', {class: 'note', id: 'resume-rule'}, t('resume_rule')));
}

// 32-bit seeds: four billion exams, and a certificate code 5 characters shorter than with a 64-bit seed
function randomSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return String(a[0]);
}

/** The exam home with what was refused said above the exams. */
async function refusedHome(view, ctx, text) {
  write(EXAM_KEY, null);
  current = null;
  await examHome(view, ctx);
  view.querySelector('h2').after(el('p', {class: 'note bad', id: 'ex-refused', role: 'alert'}, text));
}

/** Start a new exam of `level` (with `seed`, or a random one). */
export async function startExam(view, ctx, level, seed = null) {
  if (seed !== null && seed !== undefined) {
    // a seed from the address (an exam link): a malformed one is said, in the player's words
    const read = parseSeed(seed, getLang());
    if (read.problem) return refusedHome(view, ctx, t('seed_refused', {why: read.problem}));
    seed = read.seed;
  }
  const s = seed ?? randomSeed();
  const now = Date.now();
  keep({level, seed: String(s), startedAt: now, seenAt: now, answers: [], results: [], done: false});
  return runExam(view, ctx, level, String(s));
}

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Run (or resume) the stored exam. */
export async function runExam(view, ctx, level, seed) {
  stopClock();
  let exam;
  try {
    exam = await ctx.call('exam_new', {level, seed: String(seed)});
  } catch (err) {
    if (!err.reason) throw err;
    // a level this version does not give (an exam stored by another version, an old link): say so and go home
    return refusedHome(view, ctx, t('exam_unknown', {why: refusalWords(err)}));
  }
  const st = held();
  if (!st || st.level !== level || st.seed !== String(seed)) return refusedHome(view, ctx, t('exam_lost'));
  claim();
  const n = exam.questions.length;
  const span = exam.minutes * 60000;
  const started = Number.isFinite(st.startedAt) ? st.startedAt : Date.now();
  let seen = Math.max(started, Number.isFinite(st.seenAt) ? st.seenAt : started);
  // the time left counts from the latest time seen (a clock put back gains nothing), at most the exam's minutes
  const left = () => {
    seen = Math.max(seen, Date.now());
    return Math.min(span, started + span - seen);
  };
  const clock = el('span', {class: 'clock', id: 'ex-clock', role: 'timer', 'aria-label': 'countdown'}, fmt(left()));
  const qnum = el('span', {class: 'qnum', id: 'ex-qnum'});
  const head = el('div', {class: 'examhead'}, el('b', {}, pick(exam, 'name')), qnum,
    el('span', {class: 'note'}, `${t('seed')} ${exam.seed}`), clock);
  const body = el('div', {id: 'ex-body'});
  view.replaceChildren(head, body);
  if (failing) head.after(el('p', {class: 'note bad', id: 'ex-save', role: 'alert'}, t('exam_save_failed')));
  document.documentElement.dataset.exam = 'running';
  let finished = false;
  onAway = () => {
    if (finished) return;
    document.documentElement.dataset.exam = 'away';
    body.replaceChildren(el('p', {class: 'note bad', id: 'ex-away', role: 'alert'}, t('exam_away')),
      el('div', {class: 'actions'}, el('button', {type: 'button', class: 'primary', id: 'ex-here',
        onclick: () => { const s3 = read(EXAM_KEY); if (s3 && !s3.done) runExam(view, ctx, s3.level, s3.seed); else examHome(view, ctx); }},
      t('exam_here'))));
  };
  const finish = async (timeUp) => {
    if (finished || away) return;
    finished = true;
    onAway = null;
    stopClock();
    const s2 = held() || st;
    s2.done = true;
    s2.seenAt = seen;
    keep(s2);
    await showSummary(view, ctx, exam, s2, timeUp);
  };
  let lastKept = Date.now();
  const tick = () => {
    const ms = left();
    clock.textContent = fmt(ms);
    clock.classList.toggle('low', ms < 60000);
    if (ms <= 0) { finish(true); return; }
    if (Date.now() - lastKept > 5000) {
      lastKept = Date.now();
      const s2 = held();
      if (s2 && s2.seed === st.seed && !s2.done) { s2.seenAt = seen; keep(s2); }
    }
  };
  if (st.done || left() <= 0) { await finish(left() <= 0 && !st.done); return; }
  timer = setInterval(tick, 250);
  const show = (i) => {
    if (i >= n) { finish(false); return; }
    qnum.textContent = t('question', {i: i + 1, n});
    body.replaceChildren(renderQuestion(exam, i, ctx, st, () => show(i + 1)));
  };
  show(st.answers.length);
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function renderQuestion(exam, i, ctx, st, next) {
  const q = exam.questions[i];
  const lang = getLang();
  const box = el('section', {class: 'question', 'data-kind': q.kind, 'data-index': String(i)});
  box.append(el('p', {class: 'prompt', id: `ex-prompt-${i}`}, pick(q, 'prompt')), drawPosition(q));
  let answer = q.answer_type === 'multi' || q.answer_type === 'faces' ? [] : undefined;
  const submit = el('button', {type: 'button', class: 'primary', id: 'ex-submit', disabled: answer === undefined}, t('submit'));
  const choices = el('div', {class: 'choices'});
  const buttons = [];
  const toggle = (value, b) => {
    if (q.answer_type === 'multi' || q.answer_type === 'faces') {
      const k = answer.findIndex((x) => same(x, value));
      if (k >= 0) answer.splice(k, 1); else answer.push(value);
      b.setAttribute('aria-pressed', String(k < 0));
    } else {
      answer = value;
      for (const o of buttons) o.setAttribute('aria-pressed', String(o === b));
    }
    submit.disabled = false;
  };
  if (q.answer_type === 'faces') {
    choices.classList.add('faces');
    box.append(el('p', {class: 'note'}, t('pick_faces')));
    for (const s of ['m', 'p', 's']) for (let r = 1; r <= 9; r += 1) addTile(`${r}${s}`);
    for (const h of 'ESWNCF') addTile(h);
  } else if (q.answer_type === 'tile') {
    for (const c of q.choices) addTile(c.value);
  } else {
    if (q.answer_type === 'multi') box.append(el('p', {class: 'note'}, t('pick_many')));
    for (const c of q.choices) {
      const b = el('button', {type: 'button', 'aria-pressed': 'false', 'data-value': JSON.stringify(c.value)}, pick(c));
      b.addEventListener('click', () => toggle(c.value, b));
      buttons.push(b);
      choices.append(b);
    }
  }
  function addTile(name) {
    const b = el('button', {type: 'button', class: 'tilechoice', 'aria-pressed': 'false', 'data-value': JSON.stringify(name),
      'data-tile': name}, tile(name, lang, {size: 30}));
    b.addEventListener('click', () => toggle(name, b));
    buttons.push(b);
    choices.append(b);
  }
  const out = el('div', {class: 'after'});
  submit.addEventListener('click', async () => {
    submit.disabled = true;
    for (const b of buttons) b.disabled = true;
    // answered in another tab meanwhile (or the exam went on there): this tab does not answer it again
    const taken = (x) => away || !x || x.seed !== st.seed || x.done || i < x.answers.length;
    if (taken(held())) { yieldExam(); return; }
    const res = await ctx.call('exam_check', {level: exam.level, seed: exam.seed, index: i, answer: answer ?? null});
    const s2 = held();
    if (taken(s2)) { yieldExam(); return; }
    s2.answers[i] = res.given;
    s2.results[i] = res.right;
    keep(s2);
    st.answers = s2.answers;
    out.replaceChildren(verdict(res), el('div', {class: 'actions'},
      el('button', {type: 'button', class: 'primary', id: 'ex-next', onclick: next},
        i + 1 < exam.questions.length ? t('next') : t('finish'))));
    out.querySelector('#ex-next').focus();
  });
  box.append(choices, el('div', {class: 'actions'}, submit), out);
  return box;
}

/** The engine's verdict and explanation with its tiles drawn. */
function verdict(res) {
  const box = el('div', {class: `verdict ${res.right ? 'right' : 'wrong'}`, 'data-right': String(res.right)},
    el('b', {}, res.right ? `✓ ${t('right')}` : `✗ ${t('wrong')}`), ' ', pick(res, 'explanation'));
  for (const s of res.shown || []) if (s) box.append(tileRow(s, '', 26));
  return box;
}

function answerText(q, a) {
  if (a === null || a === undefined) return t('none');
  if (q.answer_type === 'faces' || q.answer_type === 'tile') {
    const names = Array.isArray(a) ? a : [a];
    return names.length ? tileRow(names.join(' '), '', 22) : t('empty');
  }
  if (q.answer_type === 'multi') {
    if (!a.length) return t('empty');
    return a.map((v) => pick(q.choices.find((c) => same(c.value, v)) || {zh: String(v), en: String(v)})).join('、');
  }
  const c = (q.choices || []).find((x) => same(x.value, a));
  return c ? pick(c) : String(a);
}

async function showSummary(view, ctx, exam, st, timeUp) {
  const answers = exam.questions.map((_, i) => st.answers[i] ?? null);
  const g = await ctx.call('exam_grade', {level: exam.level, seed: exam.seed, answers, date: today(), today: today()});
  document.documentElement.dataset.exam = g.passed ? 'passed' : 'failed';
  const kinds = ctx.levels?.kinds || {};
  const rows = el('tbody');
  const mistakes = el('div', {class: 'mistakes'});
  g.results.forEach((r, i) => {
    const kind = kinds[r.kind] ? pick(kinds[r.kind]) : r.kind;
    rows.append(el('tr', {class: r.right ? '' : 'mistake'}, el('td', {}, String(i + 1)), el('td', {}, kind),
      el('td', {}, answerText(r, r.given)), el('td', {}, r.right ? '✓' : '✗')));
    if (!r.right) {
      const m = el('div', {class: 'question mistake-item', 'data-index': String(i)},
        el('p', {class: 'prompt'}, `${i + 1}. ${pick(r, 'prompt')}`), drawPosition(r),
        el('div', {}, `${t('your_answer')}: `, answerText(r, r.given)),
        el('div', {class: 'verdict wrong'}, el('b', {}, `${t('right_answer')}: `), answerText(r, r.answer), ' ',
          pick(r, 'explanation')));
      for (const s of r.shown || []) if (s) m.lastChild.append(tileRow(s, '', 26));
      mistakes.append(m);
    }
  });
  view.replaceChildren(
    el('h2', {}, `${t('summary')} · ${pick(exam, 'name')}`),
    timeUp ? el('p', {class: 'note', id: 'ex-timeup'}, t('time_up')) : '',
    el('p', {class: `score ${g.passed ? 'pass' : 'fail'}`, id: 'ex-score'},
      `${t('score', {r: g.right, n: g.total})} · ${g.passed ? t('passed') : t('failed')}`),
    el('div', {class: 'summary'}, el('table', {}, el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, t('kinds')),
      el('th', {}, t('your_answer')), el('th', {}, ''))), rows)),
    el('h2', {}, t('mistakes')), mistakes.childElementCount ? mistakes : el('p', {}, t('all_right')),
    g.passed ? certificateSection(ctx, {kind: 'exam', level: exam.level, name_zh: exam.name_zh, name_en: exam.name_en,
      issue: async (name) => {
        const res = await ctx.call('exam_grade', {level: exam.level, seed: exam.seed, answers, name, date: today(),
          today: today()});
        // a date no certificate can carry (the device's clock before 2024): said in words, the grade stands
        if (!res.code) throw Object.assign(new Error('no certificate'), {reason: res.code_why});
        return res.code;
      }}) : '',
    el('div', {class: 'actions'}, el('button', {type: 'button', class: 'plain', id: 'ex-again',
      onclick: () => { write(EXAM_KEY, null); current = null; examHome(view, ctx); }}, t('again'))));
}

export {splitTiles};
