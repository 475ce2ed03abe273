// Certificates (电子证书) drawn on a canvas and downloaded as PNG: grade, date, the typed name and the code.
import {el} from '../tutorial/ui.mjs';
import {getLang, refusalWords, t} from './i18n.mjs';
import {today} from './store.mjs';
import {cleanName} from '../names.mjs';

const W = 1600;
const H = 1130;

/** Draw a certificate; returns the canvas. */
export function drawCertificate({grade_zh, grade_en, name, date, code, passed}) {
  const c = el('canvas', {width: String(W), height: String(H), id: 'cert-canvas', role: 'img',
    'aria-label': `${grade_zh} ${grade_en} ${name} ${date} ${code}`});
  const g = c.getContext('2d');
  g.fillStyle = '#fffaf0';
  g.fillRect(0, 0, W, H);
  g.strokeStyle = '#0f3b2e';
  g.lineWidth = 18;
  g.strokeRect(30, 30, W - 60, H - 60);
  g.strokeStyle = '#c9a13b';
  g.lineWidth = 4;
  g.strokeRect(62, 62, W - 124, H - 124);
  g.textAlign = 'center';
  g.fillStyle = '#0f3b2e';
  g.font = '700 92px "Noto Serif CJK SC", "Songti SC", serif';
  g.fillText('电子证书', W / 2, 210);
  g.font = '500 40px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText('CERTIFICATE · 杭州麻将 Hangzhou Mahjong', W / 2, 275);
  g.fillStyle = '#1d2b1f';
  g.font = '400 40px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText(`兹证明 This certifies that`, W / 2, 400);
  g.font = '700 84px "Noto Serif CJK SC", serif';
  g.fillText(name || '—', W / 2, 510, W - 300);
  g.font = '400 40px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText(passed ? '通过 passed' : '达到 reached', W / 2, 590);
  g.fillStyle = '#a4161a';
  g.font = '800 96px "Noto Serif CJK SC", serif';
  g.fillText(grade_zh, W / 2, 710);
  g.font = '600 44px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText(grade_en, W / 2, 770);
  g.fillStyle = '#1d2b1f';
  g.font = '400 36px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText(`日期 Date  ${date}`, W / 2, 870);
  g.font = '700 44px ui-monospace, "DejaVu Sans Mono", monospace';
  g.fillText(code, W / 2, 955, W - 200);
  g.font = '400 28px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillText('验证码 Verification code — exam.html#verify', W / 2, 1005);
  // what the code proves, and no more: these answers pass this exam / these matches replayed reach this grade
  g.font = '400 22px "Noto Sans CJK SC", system-ui, sans-serif';
  g.fillStyle = '#4b5a4d';
  g.fillText(passed ? '只证明这些答案通过了这场考试，不证明答题人和用时 · Proves only that these answers pass this exam, not who gave them or how long it took'
    : '只证明这些对局重放后达到此段位，不证明对局人和时钟 · Proves only that these matches, replayed, reach this grade, not who played or under what clock',
  W / 2, 1042, W - 160);
  return c;
}

/** The certificate form: name → canvas, code and a PNG download. `spec.issue(name)` returns the code. */
export function certificateSection(ctx, spec) {
  const name = el('input', {type: 'text', id: 'cert-name', maxlength: '60', autocomplete: 'name'});
  const out = el('div', {id: 'cert-out'});
  const make = el('button', {type: 'button', class: 'primary', id: 'cert-make'}, t('make_cert'));
  make.addEventListener('click', async () => {
    make.disabled = true;
    try {
      let code;
      try {
        code = await spec.issue(cleanName(name.value, 60));
      } catch (err) {
        // a ladder record whose matches do not replay: say why, in the player's language
        out.replaceChildren(el('p', {class: 'note bad', id: 'cert-refused', role: 'alert'},
          t('cert_failed', {why: refusalWords(err)})));
        return;
      }
      const date = today();
      const canvas = drawCertificate({grade_zh: spec.name_zh, grade_en: spec.name_en, name: cleanName(name.value, 60), date,
        code, passed: spec.kind === 'exam'});
      const link = el('a', {class: 'primary', id: 'cert-download', download: `hzmj-certificate-${code}.png`, href: '#'},
        t('download'));
      canvas.toBlob((blob) => { link.href = URL.createObjectURL(blob); link.dataset.ready = '1'; }, 'image/png');
      out.replaceChildren(canvas, el('p', {}, `${t('code')}: `, codeGroups(code)),
        el('p', {class: 'note'}, t('verify_here')),
        el('p', {class: 'note', id: 'cert-scope'}, t(spec.kind === 'exam' ? 'cert_scope_exam' : 'cert_scope_ladder')), el('div', {class: 'actions'}, link, ...(spec.extra ? [spec.extra()] : [])));
    } finally {
      make.disabled = false;
    }
  });
  return el('section', {class: 'cert', 'data-lang': getLang()}, el('h2', {}, t('cert_title')),
    el('label', {class: 'field'}, t('your_name'), name), el('div', {class: 'actions'}, make), out);
}

/** The code as its groups (split at each '-'), each kept on one line: a long code wraps between groups only. */
function codeGroups(code) {
  const box = el('span', {class: 'code', id: 'cert-code'});
  const groups = String(code).split('-');
  groups.forEach((g, i) => {
    box.append(el('span', {class: 'grp'}, i < groups.length - 1 ? `${g}-` : g));
    if (i < groups.length - 1) box.append(document.createElement('wbr'));
  });
  return box;
}
