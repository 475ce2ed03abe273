// The felt, the centre box (wall count, wildcard and indicator, hand number, whose turn, the 抓打 freeze)
// and the seat plates (name, points, dealer and 老庄 streak, 摊 counts, freeze marks).

import {roundRect, drawTile} from './tiles.mjs';
import {seatName, t} from '../i18n.mjs';

let feltPattern = null;

function felt(ctx, W, H) {
  const g = ctx.createRadialGradient(W / 2, H * 0.42, Math.min(W, H) * 0.1, W / 2, H * 0.45, Math.max(W, H) * 0.75);
  g.addColorStop(0, '#1f7a55');
  g.addColorStop(0.55, '#166345');
  g.addColorStop(1, '#0b3a28');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
  if (!feltPattern) {
    // a fine deterministic speckle so the felt is not a flat colour
    const c = document.createElement('canvas');
    c.width = c.height = 96;
    const x = c.getContext('2d');
    let seed = 12345;
    const rnd = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
    for (let i = 0; i < 900; i++) {
      x.fillStyle = rnd() < 0.5 ? 'rgba(255,255,255,.035)' : 'rgba(0,0,0,.05)';
      x.fillRect(rnd() * 96, rnd() * 96, 1, 1);
    }
    feltPattern = ctx.createPattern(c, 'repeat');
  }
  ctx.fillStyle = feltPattern;
  ctx.fillRect(0, 0, W, H);
}

function text(ctx, s, x, y, size, color, align = 'center', weight = 600, base = 'middle') {
  ctx.font = `${weight} ${size}px system-ui, "Noto Sans CJK SC", "Noto Sans SC", sans-serif`;
  ctx.fillStyle = color;
  ctx.textAlign = align;
  ctx.textBaseline = base;
  ctx.fillText(s, x, y);
}

function pill(ctx, s, x, y, size, bg, fg, align = 'left') {
  ctx.font = `700 ${size}px system-ui, "Noto Sans CJK SC", sans-serif`;
  const w = ctx.measureText(s).width + size * 0.7;
  const h = size * 1.35;
  const x0 = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
  ctx.fillStyle = bg;
  roundRect(ctx, x0, y - h / 2, w, h, h / 2); ctx.fill();
  text(ctx, s, x0 + w / 2, y + 0.5, size, fg, 'center', 700);
  return w;
}

export function drawFelt(ctx, L) {
  felt(ctx, L.W, L.H);
  // a faint line where the hand zone begins
  ctx.strokeStyle = 'rgba(255,255,255,.05)';
  ctx.lineWidth = 1;
  ctx.beginPath(); ctx.moveTo(0, L.handZone.y); ctx.lineTo(L.W, L.handZone.y); ctx.stroke();
}

/** Largest font size <= size at which s fits in maxW. */
function fit(ctx, s, maxW, size, weight = 700) {
  let f = size;
  for (; f > 7; f -= 0.5) {
    ctx.font = `${weight} ${f}px system-ui, "Noto Sans CJK SC", sans-serif`;
    if (ctx.measureText(s).width <= maxW) break;
  }
  return f;
}

export function drawCentre(ctx, L, state, ui) {
  const {cx, cy, rw} = L;
  const {hx, hy} = L.box;
  const x0 = cx - hx + 1, y0 = cy - hy + 1;
  const w = hx * 2 - 2, h = hy * 2 - 2;
  ctx.save();
  ctx.fillStyle = 'rgba(4, 30, 20, .6)';
  roundRect(ctx, x0, y0, w, h, rw * 0.4); ctx.fill();
  ctx.strokeStyle = 'rgba(226, 184, 74, .55)';
  ctx.lineWidth = 1.5;
  roundRect(ctx, x0 + 0.5, y0 + 0.5, w - 1, h - 1, rw * 0.4); ctx.stroke();

  // whose turn: a glowing bar along the side of the box facing that seat
  const turnSeats = state.hand_over ? [] : (state.deciding || [state.current]);
  const bar = Math.max(3, rw * 0.16);
  for (const s of turnSeats) {
    const pos = (s - state.seat + 4) % 4;
    ctx.fillStyle = s === state.seat ? '#7fd3ff' : '#ffd54a';
    ctx.shadowColor = ctx.fillStyle; ctx.shadowBlur = rw * 0.6;
    const lenX = w * 0.7, lenY = h * 0.7;
    if (pos === 0) roundRect(ctx, cx - lenX / 2, y0 + h - bar * 1.5, lenX, bar, bar / 2);
    if (pos === 2) roundRect(ctx, cx - lenX / 2, y0 + bar * 0.5, lenX, bar, bar / 2);
    if (pos === 1) roundRect(ctx, x0 + w - bar * 1.5, cy - lenY / 2, bar, lenY, bar / 2);
    if (pos === 3) roundRect(ctx, x0 + bar * 0.5, cy - lenY / 2, bar, lenY, bar / 2);
    ctx.fill();
    ctx.shadowBlur = 0;
  }

  // hand number, the wildcard (and indicator) with labels, the wall count: stacked when the box is
  // tall enough, else the tiles on the left and the words on the right; a low box (short screens) has
  // the tiles as tall as it is, their label beside them and two lines of words
  const fs = L.fs;
  const lineA = fs * 1.25, label = fs * 1.15, lineW = fs * 1.7;
  const stacked = h - 2 * (bar * 2 + 2) - lineA - label - lineW >= 1.5 * Math.max(12, rw * 1.1);
  const low = !stacked && !!L.lowBox;
  const pad = low ? bar * 1.5 + 2 : bar * 2 + 2;
  const innerW = w - 2 * pad, innerH = h - 2 * pad;
  const wc = state.wildcard;
  const nT = wc.indicator ? 2 : 1;
  const hn = state.replay ? state.replay.hand + 1 : (state.match ? state.match.hand_number : 1);
  const title = t('hand_no', {n: hn});
  const wall = `${t('wall')} ${state.wall_remaining}`;
  const frozen = state.freeze && state.freeze.owner !== null && state.freeze.owner !== undefined;
  const small = fs * 0.85;
  const wallColour = state.final ? '#ff9b7a' : '#ffe39a';
  if (low) {
    drawLowCentre(ctx, {x: x0 + pad, y: y0 + pad, w: innerW, h: innerH}, {cy, rw, fs, wc, nT, title, wall, frozen,
      small, wallColour});
    ctx.restore();
    return;
  }
  const tilesW = stacked ? innerW : innerW * 0.5;
  const tw = Math.max(10, Math.min(rw * 1.35, (stacked ? innerH - lineA - label - lineW : innerH - label) / 1.5,
    tilesW / (nT === 2 ? 2.6 : 1.4)));
  const tileH = tw * 1.5;
  let tx, ty, textX, textW, titleY, wallY;
  if (stacked) {
    const slack = Math.max(0, innerH - lineA - tileH - label - lineW) / 4;
    titleY = y0 + pad + slack + lineA / 2;
    ty = y0 + pad + slack * 2 + lineA;
    wallY = ty + tileH + label + slack + lineW / 2;
    tx = cx; textX = cx; textW = innerW;
  } else {
    ty = cy - (tileH + label) / 2;
    tx = x0 + pad + tilesW / 2;
    textX = x0 + pad + tilesW + (innerW - tilesW) / 2; textW = innerW - tilesW;
    titleY = cy - lineW * 0.55; wallY = cy + lineA * 0.6;
  }
  text(ctx, title, textX, titleY, fit(ctx, title, textW, fs * 0.95, 600), 'rgba(243,239,226,.8)');
  if (wc.indicator) {
    const gap = tw * 0.6;
    const xa = tx - tw - gap / 2, xb = tx + gap / 2;
    drawTile(ctx, xa, ty, tw, wc.indicator, {});
    drawTile(ctx, xb, ty, tw, wc.tile, {wild: true});
    const ly = ty + tileH + label / 2;
    text(ctx, t('indicator'), xa + tw / 2, ly, fit(ctx, t('indicator'), tw + gap * 0.9, small), 'rgba(243,239,226,.75)');
    text(ctx, t('wildcard'), xb + tw / 2, ly, fit(ctx, t('wildcard'), tw + gap * 0.9, small), '#f3d27a');
  } else {
    drawTile(ctx, tx - tw / 2, ty, tw, wc.tile, {wild: true});
    text(ctx, t('wildcard'), tx, ty + tileH + label / 2, fit(ctx, t('wildcard'), tilesW, small), '#f3d27a');
  }
  const wf = fit(ctx, wall, frozen && stacked ? textW * 0.55 : textW, Math.round(fs * 1.35), 800);
  if (frozen && stacked) {
    text(ctx, wall, textX - textW * 0.22, wallY, wf, wallColour, 'center', 800);
    pill(ctx, t('freeze'), textX + textW * 0.25, wallY, Math.round(fs * 0.8), '#b8262b', '#fff', 'center');
  } else {
    text(ctx, wall, textX, wallY, wf, wallColour, 'center', 800);
    if (frozen) pill(ctx, t('freeze'), textX, wallY + lineW * 0.8, Math.round(fs * 0.7), '#b8262b', '#fff', 'center');
  }
  ctx.restore();
}

/**
 * The centre of a low box (inner rectangle r): the indicator and the wildcard as tall as the box at its
 * left, the wildcard's label beside them, then the hand number over the wall count (and the freeze).
 */
function drawLowCentre(ctx, r, o) {
  const {cy, rw, wc, nT, title, wall, frozen, wallColour} = o;
  // the words grow with a box taller than two lines need (a desktop's)
  const fs = Math.min(o.fs * 1.5, Math.max(o.fs, r.h / 2.9));
  const small = o.small * fs / o.fs;
  const tw = Math.max(10, Math.min(rw * 1.35, r.h / 1.5, (r.w * 0.4) / (nT === 2 ? 2.25 : 1)));
  const tileH = tw * 1.5;
  const ty = cy - tileH / 2;
  let x = r.x;
  if (wc.indicator) {
    drawTile(ctx, x, ty, tw, wc.indicator, {});
    x += tw * 1.25;
  }
  drawTile(ctx, x, ty, tw, wc.tile, {wild: true});
  x += tw + fs * 0.35;
  // the label, at most a quarter of the box, as wide as it needs
  const lf = fit(ctx, t('wildcard'), r.w * 0.25, small);
  ctx.font = `700 ${lf}px system-ui, "Noto Sans CJK SC", sans-serif`;
  const lw = ctx.measureText(t('wildcard')).width;
  text(ctx, t('wildcard'), x, cy, lf, '#f3d27a', 'left');
  x += lw + fs * 0.6;
  const textW = r.x + r.w - x, textX = x + textW / 2;
  const titleY = cy - fs * 0.72, wallY = cy + fs * 0.62;
  if (frozen) {
    text(ctx, title, x, titleY, fit(ctx, title, textW * 0.5, fs * 0.95, 600), 'rgba(243,239,226,.8)', 'left');
    pill(ctx, t('freeze'), r.x + r.w, titleY, Math.round(fs * 0.75), '#b8262b', '#fff', 'right');
  } else {
    text(ctx, title, textX, titleY, fit(ctx, title, textW, fs * 0.95, 600), 'rgba(243,239,226,.8)');
  }
  text(ctx, wall, textX, wallY, fit(ctx, wall, textW, Math.round(fs * 1.3), 800), wallColour, 'center', 800);
}

/** A rectangle of width w and height h, its left edge at x, centred on y. */
const box = (x, y, w, h) => ({x, y: y - h / 2, w, h});

/** Words of s in two lines, the first as long as fits in maxW and the second fitting too; null if none do. */
function splitWords(ctx, s, maxW) {
  const words = s.split(' ');
  for (let k = words.length - 1; k > 0; k--) {
    const a = words.slice(0, k).join(' '), b = words.slice(k).join(' ');
    if (ctx.measureText(a).width <= maxW && ctx.measureText(b).width <= maxW) return [a, b];
  }
  return null;
}

/** A chip: a rounded box of colour bg holding one or two lines of text. */
function chip(ctx, lines, r, size, bg, fg) {
  ctx.fillStyle = bg;
  roundRect(ctx, r.x, r.y, r.w, r.h, Math.min(r.h / 2, size * 0.675)); ctx.fill();
  const step = size * 1.15;
  lines.forEach((q, i) => {
    text(ctx, q, r.x + r.w / 2, r.y + r.h / 2 + (i - (lines.length - 1) / 2) * step + 0.5, size, fg, 'center', 700);
  });
}

/** The ink of text s just drawn at (x, y) with the context's font and alignment. */
function ink(ctx, s, x, y) {
  const m = ctx.measureText(s);
  return {x: x - m.actualBoundingBoxLeft, y: y - m.actualBoundingBoxAscent,
    w: m.actualBoundingBoxLeft + m.actualBoundingBoxRight, h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent};
}

export function drawPlates(ctx, L, state, ui) {
  const fs = L.plateFont;
  L.plateParts = [null, null, null, null];
  const human = state.seat;
  const freezeOwner = state.freeze ? state.freeze.owner : null;
  const en = ui.lang === 'en';
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    const r = L.plates[pos];
    const active = !state.hand_over && (state.deciding || [state.current]).includes(p.seat);
    ctx.save();
    ctx.fillStyle = active ? 'rgba(60, 46, 8, .78)' : 'rgba(5, 25, 18, .66)';
    roundRect(ctx, r.x, r.y, r.w, r.h, fs * 0.45); ctx.fill();
    ctx.strokeStyle = active ? '#ffd54a' : 'rgba(255,255,255,.16)';
    ctx.lineWidth = active ? 2 : 1;
    if (active) { ctx.shadowColor = '#ffd54a'; ctx.shadowBlur = fs * 0.8; }
    roundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, fs * 0.45); ctx.stroke();
    ctx.shadowBlur = 0;
    const pad = fs * 0.4;
    const inner = r.w - 2 * pad;
    // what the plate shows where, for the layout report: the badge, the name, the points, the chips
    const parts = {badge: null, name: null, points: null, chips: [], nameFont: 0, font: fs};
    L.plateParts[pos] = parts;
    let x = r.x + pad;
    const line1 = r.y + pad + fs * 0.62;
    // the dealer: a one-character 庄 badge before the name in Chinese; in English the word would crowd the
    // name, so "Dealer" opens the chip line instead
    if (p.is_dealer && !en) {
      const bs = Math.round(fs * 0.8);
      const bw = pill(ctx, t('dealer_badge'), x, line1, bs, '#c8361f', '#fff');
      parts.badge = box(x, line1, bw, bs * 1.35);
      x += bw + fs * 0.25;
    }
    const name = (ui.names && ui.names[p.seat]) || seatName(p.seat, human);  // a friend's chosen name
    const pts = p.points === null || p.points === undefined ? '' : String(p.points);
    const nameAt = (nx, ny, maxW) => {
      const f = fit(ctx, name, maxW, fs);
      text(ctx, name, nx, ny, f, '#f3efe2', 'left', 700);
      parts.name = ink(ctx, name, nx, ny);
      parts.nameFont = f;
    };
    const pointsAt = (px, py, f, align) => {
      if (!pts) return;
      text(ctx, pts, px, py, f, '#ffe39a', align, 800);
      parts.points = ink(ctx, pts, px, py);
    };
    if (r.wide) {
      const pf = Math.round(fs * 1.1);
      ctx.font = `800 ${pf}px system-ui, sans-serif`;
      const pw = ctx.measureText(pts).width;
      nameAt(x, line1, r.x + r.w - pad - pw - fs * 0.4 - x);
      pointsAt(r.x + r.w - pad, line1, pf, 'right');
    } else {
      nameAt(x, line1, r.x + r.w - pad - x);
      pointsAt(r.x + pad, line1 + fs * 1.25, fit(ctx, pts, inner, Math.round(fs * 1.1), 800), 'left');
    }
    // last line: the dealer in English, the 老庄 streak, 摊 counts (claims this seat made from others) and
    // the freeze
    const small = Math.max(8, Math.round(fs * 0.72));
    const chips = [];
    if (p.is_dealer && en) {
      chips.push([t('dealer'), '#c8361f', '#fff', true]);
      if (state.streak > 1) chips.push([t('streak', {n: state.streak}), 'rgba(200,54,31,.55)', '#ffe9d8']);
    } else if (p.is_dealer) {
      chips.push([state.streak > 1 ? t('streak', {n: state.streak}) : t('streak1'), 'rgba(200,54,31,.55)', '#ffe9d8']);
    }
    if (freezeOwner === p.seat) chips.push([t('freeze_owner'), '#8a5a10', '#ffe9a8']);
    if (p.freeze_bound) chips.push([t('freeze'), '#b8262b', '#fff']);
    (p.tan_from || []).forEach((n, b) => {
      if (n > 0) chips.push([t('tan_chip', {n, who: en && b === human ? 'you' : seatName(b, human)}), 'rgba(255,255,255,.16)', '#f3efe2']);
    });
    // the chips in rows, each a pill, or two lines where its words are wider than the plate; the rows sit at
    // the plate's bottom, under the name (and points)
    ctx.font = `700 ${small}px system-ui, "Noto Sans CJK SC", sans-serif`;
    const above = Math.max(...[parts.name, parts.points].filter(Boolean).map((q) => q.y + q.h), r.y + pad);
    let room = r.y + r.h - pad - above - fs * 0.1;
    const rows = [[]];
    let used = 0, rowH = 0;
    const gapX = fs * 0.2, gapY = fs * 0.15;
    for (const [s, bg, fg, badge] of chips) {
      let lines = [s];
      if (ctx.measureText(s).width + small * 0.7 > inner) lines = splitWords(ctx, s, inner - small * 0.7);
      if (!lines) break;
      const cw = Math.max(...lines.map((q) => ctx.measureText(q).width)) + small * 0.7;
      const ch = small * (lines.length === 1 ? 1.35 : 2.5);
      if (rows[rows.length - 1].length && used + cw > inner) {
        room -= rowH + gapY;
        rows.push([]);
        used = 0; rowH = 0;
      }
      if (Math.max(rowH, ch) > room) break;
      rows[rows.length - 1].push({lines, bg, fg, badge, cw, ch});
      used += cw + gapX;
      rowH = Math.max(rowH, ch);
    }
    let bottom = r.y + r.h - pad;
    for (const row of rows.reverse()) {
      const h = Math.max(0, ...row.map((c) => c.ch));
      x = r.x + pad;
      for (const c of row) {
        const rect = {x, y: bottom - h + (h - c.ch) / 2, w: c.cw, h: c.ch};
        chip(ctx, c.lines, rect, small, c.bg, c.fg);
        if (c.badge) parts.badge = rect;
        else parts.chips.push(rect);
        x += c.cw + gapX;
      }
      bottom -= h + gapY;
    }
    ctx.restore();
  }
}
