// The 升级赛 profile: grade, progress to the next grade, the next opponents, the match history, a chart of the
// placements, the rules; export and import of the record as a file; a certificate for the grade reached. The
// ladder's rules are the engine's (ladder_state); this page stores the matches and draws.
import {el} from '../tutorial/ui.mjs';
import {getLang, pick, refusalWords, t} from './i18n.mjs';
import {ladderStored, loadLadder, mergeLadder, sameProfile, saveLadder, today} from './store.mjs';
import {certificateSection} from './certificate.mjs';

const RANKED_HANDS = 8;

export async function ladderView(view, ctx) {
  const rec = loadLadder();
  const st = await ctx.call('ladder_state', {placements: rec.matches.map((m) => m.placement)});
  const bot = (id) => t(`bot_${id}`);
  const progress = el('progress', {class: 'bar-progress', id: 'l-progress', max: String(st.threshold),
    value: String(st.points)});
  const rows = el('tbody');
  st.steps.forEach((s, i) => {
    const m = rec.matches[i];
    rows.append(el('tr', {}, el('td', {}, String(i + 1)), el('td', {}, m.date || ''), el('td', {}, String(s.placement)),
      el('td', {}, (s.delta > 0 ? '+' : '') + s.delta), el('td', {}, pick(gradeName(s.after)))));
  });
  const rules = el('tbody');
  for (const g of st.rules.grades) {
    rules.append(el('tr', {}, el('td', {}, pick(g)), el('td', {}, String(g.threshold)), el('td', {}, String(g.fourth)),
      el('td', {}, bot(g.opponents)), el('td', {}, g.demotes ? t('yes') : t('no'))));
  }
  const file = el('input', {type: 'file', id: 'l-import', accept: '.json,application/json', hidden: true});
  const note = el('p', {class: 'note', id: 'l-note', 'aria-live': 'polite'});
  file.addEventListener('change', async () => {
    const f = file.files[0];
    file.value = '';
    if (!f) return;
    let incoming;
    try {
      // the engine checks the record first, every match replayed: what is wrong with it comes back as a reason
      incoming = (await ctx.call('ladder_check', {record: await f.text()})).record;
    } catch (err) {
      note.textContent = t('import_bad', {why: refusalWords(err)});
      note.classList.add('bad');
      return;
    }
    const have = loadLadder();
    let next = incoming;
    let said = t('imported', {n: incoming.matches.length});
    if (have.matches.length) {
      // a profile is there already: the player chooses to merge the two records or replace this one
      const same = sameProfile(have, incoming);
      const choice = await askImport(have.matches.length, incoming.matches.length, same);
      if (choice === 'cancel') {
        note.textContent = t('import_kept', {n: have.matches.length});
        note.classList.remove('bad');
        return;
      }
      if (choice === 'merge') {
        next = mergeLadder(have, incoming);
        said = t('merged', {n: next.matches.length, added: next.matches.length - have.matches.length});
      } else said = t('replaced', {n: incoming.matches.length, old: have.matches.length});
    }
    if (!saveLadder(next)) {
      note.textContent = t('import_full');
      note.classList.add('bad');
      return;
    }
    await ladderView(view, ctx);
    view.querySelector('#l-note').textContent = said;
  });
  const exportBtn = el('button', {type: 'button', class: 'plain', id: 'l-export', onclick: () => {
    const blob = new Blob([JSON.stringify(ladderStored(loadLadder()), null, 1)], {type: 'application/json'});
    const a = el('a', {href: URL.createObjectURL(blob), download: `hzmj-ladder-${today()}.json`});
    document.body.append(a); a.click(); a.remove();
  }}, t('export'));
  let fileText = null;
  const cert = rec.matches.length ? certificateSection(ctx, {kind: 'ladder', ...gradeName(st.best),
    issue: async (name) => {
      const res = await ctx.call('ladder_issue', {file: {profile: rec.profile, matches: rec.matches.map((m) => ({
        seed: m.seed, level: m.level, hints: m.hints, actions: m.actions}))}, name, date: today(), today: today()});
      fileText = res.file_text;
      return res.code;
    },
    extra: () => {
      const a = el('a', {class: 'plain', id: 'cert-file', download: `hzmj-ladder-matches-${today()}.json`,
        href: URL.createObjectURL(new Blob([fileText || ''], {type: 'application/json'}))}, t('download_file'));
      return a;
    }}) : '';
  view.replaceChildren(
    el('h2', {}, t('ladder_title')),
    el('div', {class: 'card'},
      el('div', {class: 'note'}, t('grade_now')),
      el('div', {class: 'grade', id: 'l-grade', 'data-grade': String(st.grade)}, pick(st, 'name')),
      progress, el('div', {id: 'l-points'}, t('points', {p: st.points, t: st.threshold})),
      el('div', {}, t('opponents', {bot: bot(st.opponents)})),
      el('div', {class: 'actions'}, el('a', {class: 'primary', id: 'l-play', href: './?ranked=1'}, t('play_ranked')),
        exportBtn, el('button', {type: 'button', class: 'plain', id: 'l-import-btn', onclick: () => file.click()},
          t('import')), file),
      el('p', {class: 'note'}, t('ranked_note', {h: RANKED_HANDS})), note),
    el('h2', {}, t('chart')), chart(st.steps),
    el('h2', {}, t('history')),
    rec.matches.length ? el('div', {class: 'history'}, el('table', {}, el('thead', {}, el('tr', {},
      el('th', {}, t('match')), el('th', {}, t('date')), el('th', {}, t('place')), el('th', {}, t('delta')),
      el('th', {}, t('grade_after')))), rows)) : el('p', {}, t('no_matches')),
    el('details', {}, el('summary', {}, t('rules')), el('p', {}, t('rules_text')),
      el('table', {class: 'rules'}, el('thead', {}, el('tr', {}, el('th', {}, t('col_grade')), el('th', {}, t('col_need')),
        el('th', {}, t('col_fourth')), el('th', {}, t('col_bots')), el('th', {}, t('col_demote')))), rules)),
    rec.version === 1 && rec.matches.length ? el('p', {class: 'note', id: 'l-unchained'}, t('unchained')) : '',
    el('p', {class: 'note'}, t('ladder_cert_note')), cert);
}

/** Ask the player what an import does to the profile there is: 'merge', 'replace' or 'cancel'. */
function askImport(have, n, same) {
  document.getElementById('l-import-ask')?.remove();
  const dlg = el('dialog', {id: 'l-import-ask', class: 'ask', 'aria-labelledby': 'l-import-ask-title'});
  return new Promise((resolve) => {
    const button = (value, cls) => el('button', {type: 'button', class: cls, 'data-answer': value,
      onclick: () => { dlg.close(); dlg.remove(); resolve(value); }}, t(`import_${value}`));
    dlg.append(el('h2', {id: 'l-import-ask-title'}, t('import_ask_title')),
      el('p', {}, t('import_ask', {have, n})),
      el('p', {class: same ? 'note' : 'note bad', id: 'l-import-ask-merge'}, t(same ? 'import_same' : 'import_other')),
      el('div', {class: 'actions'}, button('merge', 'primary'), button('replace', 'plain'), button('cancel', 'plain')));
    dlg.addEventListener('cancel', (ev) => { ev.preventDefault(); dlg.close(); dlg.remove(); resolve('cancel'); });
    document.body.append(dlg);
    dlg.showModal();
  });
}

function gradeName(g) { return {zh: `业余 ${g} 级`, en: `Amateur grade ${g}`, name_zh: `业余 ${g} 级`, name_en: `Amateur grade ${g}`}; }

/** Placements over the matches: 1st at the top, 4th at the bottom. */
function chart(steps) {
  const w = 640;
  const h = 160;
  const c = el('canvas', {class: 'chart', id: 'l-chart', width: String(w), height: String(h), role: 'img',
    'aria-label': steps.map((s) => s.placement).join(' ')});
  const g = c.getContext('2d');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, w, h);
  g.font = '12px system-ui, sans-serif';
  g.fillStyle = '#4b5a4d';
  const y = (p) => 18 + (p - 1) * ((h - 36) / 3);
  for (let p = 1; p <= 4; p += 1) {
    g.fillText(getLang() === 'zh' ? `${p}位` : `${p}`, 6, y(p) + 4);
    g.strokeStyle = '#eee4cc';
    g.beginPath(); g.moveTo(34, y(p)); g.lineTo(w - 8, y(p)); g.stroke();
  }
  const last = steps.slice(-40);
  const x = (i) => 40 + i * ((w - 60) / Math.max(1, last.length - 1));
  g.strokeStyle = '#0f6b4a';
  g.lineWidth = 2;
  g.beginPath();
  last.forEach((s, i) => (i ? g.lineTo(x(i), y(s.placement)) : g.moveTo(x(i), y(s.placement))));
  g.stroke();
  for (const [i, s] of last.entries()) {
    g.fillStyle = s.placement === 1 ? '#c9a13b' : s.placement === 4 ? '#a4161a' : '#0f6b4a';
    g.beginPath(); g.arc(x(i), y(s.placement), 4, 0, Math.PI * 2); g.fill();
  }
  return c;
}
