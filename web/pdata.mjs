// The player's data in one file: "导出我的数据 / Export my data" and "导入我的数据 / Import my data" (the ☰ menu and
// the 每日挑战 dialog). The file is {format, version, exported, parts: {daily, ladder, settings, tutorial}}, each part
// the stored value of its localStorage key; the game in progress (and the daily game put aside) is not in it.
// An import checks the whole file first (the ladder record by the engine, every match replayed), then asks per part
// what to do where this device has data (merge / replace / keep this device's), and writes every key or none.
import {el} from './game/dom.mjs';
import {getLang} from './i18n.mjs';
import {playerError} from './game/words.mjs';
import {SETTINGS_KEY, checkSettings} from './store.mjs';
import * as ds from './daily/store.mjs';
import {LADDER_KEY, ladderStored, loadLadder, mergeLadder, sameProfile} from './exam/store.mjs';
import {KEY as TUTORIAL_KEY, checkProgress} from './tutorial/progress.mjs';

export const FORMAT = 'hzmj-player-data';
export const VERSION = 1;
const PARTS = ['daily', 'ladder', 'settings', 'tutorial'];
const KEYS = {daily: ds.DAILY_KEY, ladder: LADDER_KEY, settings: SETTINGS_KEY, tutorial: TUTORIAL_KEY};
const MAX_MB = 8;

const WORDS = {
  zh: {
    export: '导出我的数据', import: '导入我的数据', title: '导入我的数据', checking: '正在检查文件（升级赛的每一场都要重放）…',
    file_from: '这个文件导出于 {when}。它不含进行中的牌局。',
    part_daily: '每日挑战', part_ladder: '升级赛记录', part_settings: '设置', part_tutorial: '教程进度',
    sum_daily: '{days} 天成绩，{boards} 天的榜单', sum_ladder: '{n} 场排位赛', sum_settings: '语言、速度、提示等',
    sum_tutorial: '完成了 {n} 道练习', in_file: '文件：{what}', on_device: '本机：{what}', device_none: '本机：没有，直接加入',
    merge: '合并', replace: '用文件替换', keep: '保留本机的',
    merge_daily: '合并：成绩与榜单按日期和成绩码合在一起，同一天两边都有时保留本机的。',
    merge_ladder_same: '合并：同一个档案，保留较长的那条记录。',
    merge_ladder_other: '两份记录属于不同的档案：合并后所有场次照样计分，但这份记录不能再出证书。',
    merge_tutorial: '合并：两边完成的练习都算。',
    do_import: '导入', cancel: '取消', close: '关闭',
    done: '已导入：{parts}。', kept: '保留了本机的：{parts}。', nothing: '什么都没有改变。',
    cancelled: '导入已取消，本机的数据没有改变。',
    bad: '不能导入这个文件：{why}。本机的数据没有改变。',
    why_not_json: '它不是 JSON 文件', why_not_ours: '它不是「导出我的数据」导出的文件',
    why_version: '它的版本（{v}）这个页面不认识，也许来自更新的 hzmj', why_no_parts: '里面没有任何数据',
    why_unknown: '里面有不认识的部分「{name}」', why_part: '「{part}」部分已损坏：{what}',
    why_ladder: '升级赛记录没有通过检查：{why}', why_large: '文件太大（超过 {mb} MB）',
    what_shape: '形状不对', what_version: '版本不对', what_keys: '{keys} 不对',
    full: '浏览器的存储空间已满：这次导入什么都没有写入，本机的数据没有改变。清理一些存储空间后再试。',
    exported: '已导出到文件 {file}。', export_empty: '这台设备上还没有可以导出的数据。',
  },
  en: {
    export: 'Export my data', import: 'Import my data', title: 'Import my data',
    checking: 'Checking the file (every ranked match is replayed)…',
    file_from: 'This file was exported on {when}. It does not hold the game in progress.',
    part_daily: 'Daily challenge', part_ladder: 'Ranked ladder record', part_settings: 'Settings',
    part_tutorial: 'Tutorial progress',
    sum_daily: 'results on {days} day{days_s}, boards of {boards} day{boards_s}', sum_ladder: '{n} ranked match{n_es}',
    sum_settings: 'language, speed, hints and more', sum_tutorial: '{n} exercise{n_s} solved',
    in_file: 'File: {what}', on_device: 'This device: {what}', device_none: 'This device: nothing yet, added as it is',
    merge: 'Merge', replace: 'Replace with the file', keep: "Keep this device's",
    merge_daily: "Merge: results and boards joined by date and result code; where both have a day, this device's is kept.",
    merge_ladder_same: 'Merge: one profile, the longer record is kept.',
    merge_ladder_other: 'The two records are of different profiles: merged, every match still counts, but the record ' +
      'can no longer be certified.',
    merge_tutorial: 'Merge: exercises solved on either side count.',
    do_import: 'Import', cancel: 'Cancel', close: 'Close',
    done: 'Imported: {parts}.', kept: "Kept this device's: {parts}.", nothing: 'Nothing was changed.',
    cancelled: "Import cancelled: this device's data is unchanged.",
    bad: "This file cannot be imported: {why}. This device's data is unchanged.",
    why_not_json: 'it is not a JSON file', why_not_ours: 'it was not made by “Export my data”',
    why_version: 'its version ({v}) is unknown to this page, perhaps made by a newer hzmj',
    why_no_parts: 'it holds no data', why_unknown: 'it has a part this page does not know, “{name}”',
    why_part: 'its part “{part}” is damaged: {what}', why_ladder: 'the ranked ladder record did not check: {why}',
    why_large: 'it is too large (over {mb} MB)',
    what_shape: 'not the right shape', what_version: 'the wrong version', what_keys: '{keys} not valid',
    full: 'The browser storage is full: this import wrote nothing and this device\'s data is unchanged. Free some ' +
      'storage and try again.',
    exported: 'Exported to the file {file}.', export_empty: 'There is no data on this device to export yet.',
  },
};

/** The words for `key` in the page's language, {name}s filled from `vars` ({name_s} and {name_es}: the English
 *  plural endings for the number `name`). */
export function pw(key, vars = {}) {
  const s = WORDS[getLang() === 'en' ? 'en' : 'zh'][key];
  const plural = /^(\w+)_(e?s)$/;
  return s.replace(/\{(\w+)\}/g, (_, k) => {
    const m = plural.exec(k);
    return m && !(k in vars) ? (vars[m[1]] === 1 ? '' : m[2]) : String(vars[k]);
  });
}

/** A refusal of the file, in words (`why` names what is wrong). */
class FileRefused extends Error {
  constructor(why) { super(why()); this.why = why; }
}

const isObj = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function readKey(key) {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** What this device holds of each part (null where it has none). */
function deviceParts() {
  const daily = ds.load();
  const ladder = loadLadder();
  const settings = readKey(SETTINGS_KEY);
  const tutorial = checkProgress(readKey(TUTORIAL_KEY)).data;
  return {
    daily: dailyDays(daily) || Object.keys(daily.hecut).length || daily.name ? daily : null,
    ladder: ladder.matches.length ? ladder : null,
    settings: isObj(settings) ? checkSettings(settings).settings : null,
    tutorial: Object.keys(tutorial).length ? tutorial : null,
  };
}

const dailyDays = (d) => new Set([...Object.keys(d.results), ...Object.keys(d.practice)]).size;

/** The player's data as the text of one file. Null when this device has none. */
export function exportText(now = new Date()) {
  const have = deviceParts();
  const parts = {};
  if (have.daily) parts.daily = {...have.daily, stash: null};   // the game put aside stays on this device
  if (have.ladder) parts.ladder = ladderStored(have.ladder);
  if (have.settings) parts.settings = have.settings;
  if (have.tutorial) parts.tutorial = have.tutorial;
  if (!Object.keys(parts).length) return null;
  return JSON.stringify({format: FORMAT, version: VERSION, exported: now.toISOString(), parts}, null, 1);
}

/** Download the player's data; returns the words to tell the player. */
export function exportData() {
  const text = exportText();
  if (text === null) return pw('export_empty');
  const file = `hzmj-data-${ds.todayCST()}.json`;
  const a = el('a', {href: URL.createObjectURL(new Blob([text], {type: 'application/json'})), download: file});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 5000);
  return pw('exported', {file});
}

/**
 * The file's parts, each checked: {exported, parts: {daily?, ladder?, settings?, tutorial?}} in this page's stored
 * shapes. `call(method, args)` asks the engine (the ladder record is checked there, its matches replayed).
 * Throws a FileRefused naming what is wrong.
 */
export async function parseFile(text, call) {
  if (text.length > MAX_MB * 1024 * 1024) throw new FileRefused(() => pw('why_large', {mb: MAX_MB}));
  let f;
  try { f = JSON.parse(text); } catch { throw new FileRefused(() => pw('why_not_json')); }
  if (!isObj(f) || f.format !== FORMAT) throw new FileRefused(() => pw('why_not_ours'));
  if (f.version !== VERSION) throw new FileRefused(() => pw('why_version', {v: String(f.version).slice(0, 20)}));
  if (!isObj(f.parts) || !Object.keys(f.parts).length) throw new FileRefused(() => pw('why_no_parts'));
  for (const name of Object.keys(f.parts)) {
    if (!PARTS.includes(name)) throw new FileRefused(() => pw('why_unknown', {name: name.slice(0, 40)}));
  }
  const bad = (part, what) => new FileRefused(() => pw('why_part', {part: pw(`part_${part}`), what: what()}));
  const out = {};
  const p = f.parts;
  if ('daily' in p) {
    if (!isObj(p.daily)) throw bad('daily', () => pw('what_shape'));
    if (p.daily.version !== 1) throw bad('daily', () => pw('what_version'));
    out.daily = {...ds.clean(p.daily), stash: null};
  }
  if ('settings' in p) {
    if (!isObj(p.settings)) throw bad('settings', () => pw('what_shape'));
    const {settings, reset} = checkSettings(p.settings);
    if (reset.length) throw bad('settings', () => pw('what_keys', {keys: reset.join(', ')}));
    out.settings = settings;
  }
  if ('tutorial' in p) {
    const {data, broken} = checkProgress(isObj(p.tutorial) ? p.tutorial : []);
    if (broken.length) throw bad('tutorial', () => pw('what_keys', {keys: broken.join(', ')}));
    out.tutorial = data;
  }
  if ('ladder' in p) {
    if (!isObj(p.ladder)) throw bad('ladder', () => pw('what_shape'));
    try {
      out.ladder = (await call('ladder_check', {record: p.ladder})).record;
    } catch (err) {
      throw new FileRefused(() => pw('why_ladder', {why: playerError(err)}));
    }
  }
  return {exported: typeof f.exported === 'string' ? f.exported.slice(0, 10) : '?', parts: out};
}

/** What a part holds, in a few words. */
function summary(part, v) {
  if (part === 'daily') return pw('sum_daily', {days: dailyDays(v), boards: Object.keys(v.boards).length});
  if (part === 'ladder') return pw('sum_ladder', {n: v.matches.length});
  if (part === 'tutorial') return pw('sum_tutorial', {n: (v.solved || []).length});
  return pw('sum_settings');
}

/** The stored value of `part` after the player's `choice` ('merge', 'replace', 'keep'); undefined for keep. */
export function combine(part, choice, have, got) {
  if (choice === 'keep') return undefined;
  if (!have || choice === 'replace') {
    if (part === 'daily') return {...got, stash: have ? have.stash : ds.load().stash};
    if (part === 'ladder') return ladderStored(got);
    return got;
  }
  if (part === 'daily') return ds.merge(have, got);
  if (part === 'ladder') return ladderStored(mergeLadder(have, got));
  if (part === 'tutorial') {
    return {solved: [...new Set([...(have.solved || []), ...(got.solved || [])])], last: have.last ?? got.last ?? null};
  }
  return got;
}

/**
 * Write every `[key, value]` or none: when the browser refuses one (storage full), the keys already written are
 * put back as they were and false is returned.
 */
export function writeAll(entries) {
  const before = entries.map(([key]) => [key, localStorage.getItem(key)]);
  try {
    for (const [key, value] of entries) localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    // removing first frees the space the new values took; the old values fitted together before
    for (const [key] of before) { try { localStorage.removeItem(key); } catch { /* removal does not fail */ } }
    for (const [key, raw] of before) {
      if (raw !== null) { try { localStorage.setItem(key, raw); } catch { /* another tab took the space */ } }
    }
    return false;
  }
}

/** The import dialog (index.html: a body and a bar of buttons, which the page's "more below" cue watches). */
const dialog = () => document.getElementById('pdata');

/** Show `children` in the dialog, and `buttons` in its bar (the cue in the bar kept). */
function show(dlg, children, buttons = []) {
  dlg.querySelector('#pdata-body').replaceChildren(el('h2', {id: 'pdata-title'}, pw('title')), ...children);
  const bar = dlg.querySelector('.buttons');
  for (const b of [...bar.children]) if (!b.classList.contains('more-cue')) b.remove();
  bar.append(...buttons);
  bar.hidden = !buttons.length;
  if (!dlg.open) dlg.showModal();
  dlg.scrollTop = 0;
}

function say(dlg, text, bad) {
  const close = el('button', {type: 'button', id: 'pdata-close'}, pw('close'));
  close.addEventListener('click', () => dlg.close());
  show(dlg, [el('p', {id: 'pdata-message', className: bad ? 'daily-msg bad' : 'daily-msg', role: bad ? 'alert' : 'status'},
    text)], [close]);
}

/** Ask, per part of the file, what to do: resolves {part: choice} or null (cancelled). */
function ask(dlg, file, have) {
  return new Promise((resolve) => {
    const rows = [];
    const choices = {};
    for (const part of PARTS) {
      if (!(part in file.parts)) continue;
      const got = file.parts[part];
      const row = el('fieldset', {className: 'pdata-part', id: `pdata-${part}`});
      row.append(el('legend', {}, pw(`part_${part}`)), el('p', {className: 'help'}, pw('in_file', {what: summary(part, got)}),
        el('br'), have[part] ? pw('on_device', {what: summary(part, have[part])}) : pw('device_none')));
      if (have[part]) {
        const options = part === 'settings' ? ['replace', 'keep'] : ['merge', 'replace', 'keep'];
        choices[part] = options[0];
        const radios = el('div', {className: 'pdata-choices'});
        for (const o of options) {
          const input = el('input', {type: 'radio', name: `pdata-${part}`, value: o, checked: o === options[0]});
          input.addEventListener('change', () => { choices[part] = o; });
          radios.append(el('label', {className: 'row'}, input, el('span', {}, pw(o))));
        }
        row.append(radios);
        let note = null;
        if (part === 'daily') note = pw('merge_daily');
        if (part === 'tutorial') note = pw('merge_tutorial');
        if (part === 'ladder') note = sameProfile(have.ladder, got) ? pw('merge_ladder_same') : pw('merge_ladder_other');
        if (note) row.append(el('p', {className: 'help pdata-note'}, note));
      } else {
        choices[part] = 'replace';
      }
      rows.push(row);
    }
    const ok = el('button', {type: 'button', id: 'pdata-ok', className: 'primary'}, pw('do_import'));
    const cancel = el('button', {type: 'button', id: 'pdata-cancel'}, pw('cancel'));
    const done = (v) => { dlg.removeEventListener('cancel', onEsc); resolve(v); };
    const onEsc = (ev) => { ev.preventDefault(); done(null); };
    ok.addEventListener('click', () => done({...choices}));
    cancel.addEventListener('click', () => done(null));
    dlg.addEventListener('cancel', onEsc);
    show(dlg, [el('p', {}, pw('file_from', {when: file.exported})), ...rows], [cancel, ok]);
  });
}

/**
 * Import the file `text`: checked, asked, written all at once. `call` asks the engine; `onImported(parts)` is told
 * the parts written (so that the page takes them up). Returns the parts written ([] when nothing changed).
 * @param {string} text
 * @param {(method: string, args: object) => Promise<any>} call
 * @param {(parts: string[]) => void} [onImported]
 */
export async function importData(text, call, onImported = (parts) => {}) {
  const dlg = dialog();
  show(dlg, [el('p', {id: 'pdata-checking'}, pw('checking'))]);
  let file;
  try {
    file = await parseFile(text, call);
  } catch (err) {
    if (!(err instanceof FileRefused)) throw err;
    say(dlg, pw('bad', {why: err.why()}), true);
    return [];
  }
  const have = deviceParts();
  const choices = await ask(dlg, file, have);
  if (choices === null) { say(dlg, pw('cancelled'), false); return []; }
  const entries = [];
  const written = [];
  const kept = [];
  for (const [part, choice] of Object.entries(choices)) {
    const value = combine(part, choice, have[part], file.parts[part]);
    if (value === undefined) { kept.push(part); continue; }
    entries.push([KEYS[part], value]);
    written.push(part);
  }
  if (entries.length && !writeAll(entries)) { say(dlg, pw('full'), true); return []; }
  const names = (list) => list.map((p) => pw(`part_${p}`)).join(getLang() === 'en' ? ', ' : '、');
  const words = [written.length ? pw('done', {parts: names(written)}) : pw('nothing')];
  if (kept.length) words.push(pw('kept', {parts: names(kept)}));
  say(dlg, words.join(' '), false);
  if (written.length) onImported(written);
  return written;
}
