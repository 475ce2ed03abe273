// Mahjong tiles drawn by the page itself: ivory faces with a green backing, characters (万), dots (筒),
// bamboo (条), winds and dragons, face-down backs, the 财神 (wildcard) mark. Faces are designed in a
// 100 x 136 unit box and cached as bitmaps per size and device pixel ratio. The characters are drawn
// from outlines taken from a font once (glyphs.mjs, made by `python build.py glyphs`), so no CJK font is
// needed on the device.

import {GLYPHS} from './glyphs.mjs';

export const RATIO = 1.36;            // face height / width
export const depthOf = (w) => Math.max(2, Math.round(w * 0.13));

const SERIF = '"Noto Serif CJK SC", "Noto Serif SC", "Source Han Serif SC", "Songti SC", STSong, SimSun, serif';
const INK = '#1d2b4f';
const RED = '#b8262b';
const GREEN = '#1b7a45';
const BLUE = '#1f4f9b';
const GOLD = '#e2b84a';
const ZH_NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const HONOUR_GLYPH = {E: '東', S: '南', W: '西', N: '北', C: '中', F: '發'};

let dpr = 1;
const cache = new Map();

export function setPixelRatio(r) {
  if (r !== dpr) { dpr = r; cache.clear(); }
}

/** The device pixel ratio tiles are drawn at now. */
export function pixelRatio() { return dpr; }

function roundRect(ctx, x, y, w, h, r) {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}
export {roundRect};

// ------------------------------------------------------------------------------------------ faces

const paths = new Map();

/** A character of a tile face, centred on (x, y): drawn from its outline (glyphs.mjs). */
function glyph(ctx, text, x, y, size, color, weight = 700) {
  ctx.fillStyle = color;
  const d = GLYPHS[text];
  if (d) {
    let p = paths.get(text);
    if (!p) { p = new Path2D(d); paths.set(text, p); }
    ctx.save();
    ctx.translate(x, y);
    ctx.scale(size / 1000, size / 1000);
    ctx.fill(p);
    ctx.restore();
    return;
  }
  ctx.font = `${weight} ${size}px ${SERIF}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
}

function dot(ctx, x, y, r, color) {
  ctx.fillStyle = color;
  ctx.beginPath(); ctx.arc(x, y, r, 0, Math.PI * 2); ctx.fill();
  ctx.fillStyle = '#fbf6e6';
  ctx.beginPath(); ctx.arc(x, y, r * 0.62, 0, Math.PI * 2); ctx.fill();
  ctx.fillStyle = color;
  ctx.beginPath(); ctx.arc(x, y, r * 0.4, 0, Math.PI * 2); ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,.55)';
  ctx.beginPath(); ctx.arc(x - r * 0.12, y - r * 0.14, r * 0.13, 0, Math.PI * 2); ctx.fill();
}

const DOTS = {
  1: [[50, 68, 30, RED]],
  2: [[50, 36, 19, GREEN], [50, 100, 19, BLUE]],
  3: [[24, 28, 15, BLUE], [50, 68, 15, RED], [76, 108, 15, GREEN]],
  4: [[29, 36, 17, BLUE], [71, 36, 17, GREEN], [29, 100, 17, GREEN], [71, 100, 17, BLUE]],
  5: [[26, 30, 15, BLUE], [74, 30, 15, GREEN], [50, 68, 15, RED], [26, 106, 15, GREEN], [74, 106, 15, BLUE]],
  6: [[29, 26, 14, GREEN], [71, 26, 14, GREEN], [29, 74, 14, RED], [71, 74, 14, RED], [29, 110, 14, RED],
    [71, 110, 14, RED]],
  7: [[22, 20, 11.5, GREEN], [50, 34, 11.5, GREEN], [78, 48, 11.5, GREEN], [29, 82, 13, RED], [71, 82, 13, RED],
    [29, 113, 13, RED], [71, 113, 13, RED]],
  8: [[29, 20, 12, BLUE], [71, 20, 12, BLUE], [29, 52, 12, BLUE], [71, 52, 12, BLUE], [29, 84, 12, BLUE],
    [71, 84, 12, BLUE], [29, 116, 12, BLUE], [71, 116, 12, BLUE]],
  9: [[22, 26, 12, BLUE], [50, 26, 12, BLUE], [78, 26, 12, BLUE], [22, 68, 12, RED], [50, 68, 12, RED],
    [78, 68, 12, RED], [22, 110, 12, GREEN], [50, 110, 12, GREEN], [78, 110, 12, GREEN]],
};

function drawDots(ctx, n) {
  if (n === 1) {
    // the big ornate one-dot
    const [x, y] = [50, 68];
    ctx.fillStyle = GREEN; ctx.beginPath(); ctx.arc(x, y, 38, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = '#fbf6e6'; ctx.beginPath(); ctx.arc(x, y, 32, 0, Math.PI * 2); ctx.fill();
    for (let i = 0; i < 12; i++) {
      const a = (i / 12) * Math.PI * 2;
      ctx.fillStyle = i % 2 ? BLUE : GREEN;
      ctx.beginPath(); ctx.arc(x + Math.cos(a) * 27, y + Math.sin(a) * 27, 4.2, 0, Math.PI * 2); ctx.fill();
    }
    dot(ctx, x, y, 19, RED);
    return;
  }
  for (const [x, y, r, c] of DOTS[n]) dot(ctx, x, y, r, c);
}

function stick(ctx, x, y, h, color) {
  const w = 11;
  ctx.fillStyle = color;
  roundRect(ctx, x - w / 2, y - h / 2, w, h, 4.5); ctx.fill();
  ctx.strokeStyle = '#fbf6e6'; ctx.lineWidth = 1.6;
  ctx.beginPath(); ctx.moveTo(x, y - h / 2 + 4); ctx.lineTo(x, y + h / 2 - 4); ctx.stroke();
  ctx.fillStyle = color;
  for (const yy of [y - h / 2 + 2, y, y + h / 2 - 2]) {
    roundRect(ctx, x - w / 2 - 1.5, yy - 2, w + 3, 4, 2); ctx.fill();
  }
}

const STICKS = {
  2: [[50, 38, GREEN], [50, 98, GREEN]],
  3: [[50, 38, GREEN], [30, 98, GREEN], [70, 98, GREEN]],
  4: [[30, 38, GREEN], [70, 38, BLUE], [30, 98, BLUE], [70, 98, GREEN]],
  5: [[26, 38, GREEN], [74, 38, BLUE], [50, 68, RED], [26, 98, BLUE], [74, 98, GREEN]],
  6: [[22, 38, GREEN], [50, 38, GREEN], [78, 38, GREEN], [22, 98, BLUE], [50, 98, BLUE], [78, 98, BLUE]],
  7: [[50, 22, RED], [22, 68, GREEN], [50, 68, GREEN], [78, 68, GREEN], [22, 112, GREEN], [50, 112, GREEN],
    [78, 112, GREEN]],
  8: [[16, 38, GREEN], [39, 38, GREEN], [61, 38, GREEN], [84, 38, GREEN], [16, 98, BLUE], [39, 98, BLUE],
    [61, 98, BLUE], [84, 98, BLUE]],
  9: [[22, 26, GREEN], [50, 26, RED], [78, 26, BLUE], [22, 68, GREEN], [50, 68, RED], [78, 68, BLUE],
    [22, 110, GREEN], [50, 110, RED], [78, 110, BLUE]],
};

function drawBamboo(ctx, n) {
  if (n === 1) {
    // 幺鸡: a small bird on a bamboo stem
    ctx.save();
    stick(ctx, 50, 100, 44, GREEN);
    ctx.fillStyle = GREEN;
    ctx.beginPath(); ctx.ellipse(50, 64, 24, 17, -0.35, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = '#2f9a5e';
    ctx.beginPath(); ctx.ellipse(45, 62, 14, 9, -0.7, 0, Math.PI * 2); ctx.fill();
    ctx.strokeStyle = BLUE; ctx.lineWidth = 4; ctx.lineCap = 'round';
    for (const [dx, dy] of [[-30, 4], [-32, 14], [-28, 22]]) {
      ctx.beginPath(); ctx.moveTo(32, 70); ctx.quadraticCurveTo(20, 70 + dy / 2, 32 + dx + 20, 70 + dy + 8); ctx.stroke();
    }
    ctx.fillStyle = RED;
    ctx.beginPath(); ctx.arc(70, 44, 11, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = '#e0a21d';
    ctx.beginPath(); ctx.moveTo(79, 42); ctx.lineTo(90, 46); ctx.lineTo(79, 49); ctx.closePath(); ctx.fill();
    ctx.fillStyle = '#fbf6e6'; ctx.beginPath(); ctx.arc(72, 42, 3, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = INK; ctx.beginPath(); ctx.arc(72.5, 42, 1.6, 0, Math.PI * 2); ctx.fill();
    ctx.fillStyle = RED;
    ctx.beginPath(); ctx.moveTo(64, 34); ctx.lineTo(68, 24); ctx.lineTo(72, 34); ctx.fill();
    ctx.restore();
    return;
  }
  const h = n >= 7 ? 34 : 44;
  for (const [x, y, c] of STICKS[n]) stick(ctx, x, y, h, c);
}

function drawFace(ctx, tile, standIn) {
  const face = tile.replace('*', '');
  if (face.length === 2) {
    const n = Number(face[0]);
    const suit = face[1];
    if (suit === 'm') {
      glyph(ctx, ZH_NUM[n], 50, 40, 52, INK);
      glyph(ctx, '萬', 50, 98, 54, RED);
    } else if (suit === 'p') {
      drawDots(ctx, n);
    } else {
      drawBamboo(ctx, n);
    }
    return;
  }
  if (face === 'P') {
    ctx.strokeStyle = BLUE; ctx.lineWidth = 5;
    roundRect(ctx, 18, 20, 64, 96, 6); ctx.stroke();
    ctx.lineWidth = 2;
    roundRect(ctx, 27, 29, 46, 78, 4); ctx.stroke();
    if (standIn) {
      // in 翻财神 the white dragon stands in for the indicator's face: show that face small
      ctx.save(); ctx.translate(50, 68); ctx.scale(0.36, 0.36); ctx.translate(-50, -68);
      drawFace(ctx, standIn, null);
      ctx.restore();
    }
    return;
  }
  const color = face === 'C' ? RED : face === 'F' ? GREEN : INK;
  glyph(ctx, HONOUR_GLYPH[face] || face, 50, 70, face === 'C' || face === 'F' ? 74 : 70, color, 900);
}

// ------------------------------------------------------------------------------------------ bodies

function renderTile(w, tile, opts) {
  const h = Math.round(w * RATIO);
  const d = opts.depth ?? depthOf(w);
  const pad = Math.ceil(w * 0.06);
  const cw = w + pad * 2;
  const ch = h + d + pad * 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(cw * dpr);
  canvas.height = Math.ceil(ch * dpr);
  const ctx = canvas.getContext('2d');
  ctx.scale(dpr, dpr);
  ctx.translate(pad, pad);
  const r = Math.max(2, w * 0.12);
  // shadow on the felt
  ctx.fillStyle = 'rgba(0,0,0,.28)';
  roundRect(ctx, 1, d + 1.5, w, h, r); ctx.fill();
  if (opts.back) {
    // face down: the green back, an ivory sliver of the face at the bottom edge
    ctx.fillStyle = '#efe3c2';
    roundRect(ctx, 0, d, w, h, r); ctx.fill();
    const g = ctx.createLinearGradient(0, 0, 0, h);
    g.addColorStop(0, '#3f9c6b'); g.addColorStop(1, '#1f6b45');
    ctx.fillStyle = g;
    roundRect(ctx, 0, 0, w, h, r); ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,.18)'; ctx.lineWidth = Math.max(1, w * 0.04);
    roundRect(ctx, w * 0.14, w * 0.14, w * 0.72, h - w * 0.28, r * 0.6); ctx.stroke();
    return canvas;
  }
  // the green backing seen under the ivory face
  const gb = ctx.createLinearGradient(0, h - r, 0, h + d);
  gb.addColorStop(0, '#2f8a5c'); gb.addColorStop(1, '#175238');
  ctx.fillStyle = gb;
  roundRect(ctx, 0, d * 0.35, w, h + d * 0.65, r); ctx.fill();
  ctx.fillStyle = '#e4d6b0';
  roundRect(ctx, 0, d * 0.12, w, h + d * 0.3, r); ctx.fill();
  const g = ctx.createLinearGradient(0, 0, w * 0.4, h);
  if (opts.wild) { g.addColorStop(0, '#fff6d8'); g.addColorStop(1, '#f3dc97'); }
  else { g.addColorStop(0, '#fffdf4'); g.addColorStop(1, '#f0e7cd'); }
  ctx.fillStyle = g;
  roundRect(ctx, 0, 0, w, h, r); ctx.fill();
  ctx.strokeStyle = 'rgba(120,100,60,.35)'; ctx.lineWidth = Math.max(0.75, w * 0.018);
  roundRect(ctx, 0.5, 0.5, w - 1, h - 1, r); ctx.stroke();
  ctx.save();
  const s = w / 100;
  ctx.scale(s, s * (h / w) / RATIO);
  ctx.translate(0, 0);
  // a little inset so glyphs breathe
  ctx.translate(5, 4); ctx.scale(0.9, 0.94);
  drawFace(ctx, tile, opts.standIn);
  ctx.restore();
  if (opts.wild) {
    // 财神 mark: gold border and a corner badge
    ctx.strokeStyle = GOLD; ctx.lineWidth = Math.max(1.5, w * 0.06);
    roundRect(ctx, ctx.lineWidth / 2, ctx.lineWidth / 2, w - ctx.lineWidth, h - ctx.lineWidth, r); ctx.stroke();
    const br = w * 0.2;
    ctx.fillStyle = '#c8361f';
    ctx.beginPath(); ctx.arc(w - br * 0.95, br * 0.95, br, 0, Math.PI * 2); ctx.fill();
    ctx.strokeStyle = GOLD; ctx.lineWidth = Math.max(1, w * 0.025); ctx.stroke();
    glyph(ctx, '财', w - br * 0.95, br * 1.0, br * 1.3, '#ffe9a8', 900);
  }
  return canvas;
}

/**
 * Draw one tile with its top-left face corner at (x, y) and face width w (height w * RATIO; the body
 * adds depthOf(w) below). opts: back, wild, standIn, alpha, highlight ('last' | 'selected' | 'hint' | 'win').
 */
export function drawTile(ctx, x, y, w, tile, opts = {}) {
  const wr = Math.max(4, Math.round(w));
  const key = `${tile}|${wr}|${opts.back ? 1 : 0}|${opts.wild ? 1 : 0}|${opts.standIn || ''}|${opts.depth ?? ''}`;
  let img = cache.get(key);
  if (!img) {
    img = renderTile(wr, opts.back ? '' : tile, opts);
    if (cache.size > 600) cache.clear();
    cache.set(key, img);
  }
  const pad = Math.ceil(wr * 0.06);
  const scale = w / wr;
  const prevAlpha = ctx.globalAlpha;
  if (opts.alpha !== undefined) ctx.globalAlpha = prevAlpha * opts.alpha;
  ctx.drawImage(img, x - pad * scale, y - pad * scale, (img.width / dpr) * scale, (img.height / dpr) * scale);
  ctx.globalAlpha = prevAlpha;
  if (opts.highlight) {
    const h = w * RATIO;
    const colors = {last: '#ffd54a', selected: '#7fd3ff', hint: '#8df5a6', win: '#ff6b5a'};
    ctx.save();
    ctx.strokeStyle = colors[opts.highlight] || GOLD;
    ctx.lineWidth = Math.max(2, w * 0.08);
    ctx.shadowColor = ctx.strokeStyle; ctx.shadowBlur = w * 0.35;
    roundRect(ctx, x - 1, y - 1, w + 2, h + 2, Math.max(2, w * 0.14)); ctx.stroke();
    ctx.restore();
  }
}

/** A tile standing upright seen from behind (an opponent's concealed tile). */
export function drawStanding(ctx, x, y, w, h) {
  const r = Math.max(1.5, w * 0.15);
  ctx.fillStyle = 'rgba(0,0,0,.3)';
  roundRect(ctx, x + 1, y + 2, w, h, r); ctx.fill();
  const g = ctx.createLinearGradient(x, y, x, y + h);
  g.addColorStop(0, '#4aa877'); g.addColorStop(1, '#1d6543');
  ctx.fillStyle = g;
  roundRect(ctx, x, y, w, h, r); ctx.fill();
  ctx.fillStyle = '#f4ead0';
  roundRect(ctx, x, y, w, h * 0.22, r); ctx.fill();
  ctx.strokeStyle = 'rgba(0,0,0,.25)'; ctx.lineWidth = 1;
  roundRect(ctx, x + 0.5, y + 0.5, w - 1, h - 1, r); ctx.stroke();
}

/** Draw a tile into its own small canvas (for buttons and dialogs); returns the canvas element. */
export function tileCanvas(tile, w, opts = {}) {
  const canvas = document.createElement('canvas');
  const h = Math.round(w * RATIO) + depthOf(w);
  const pad = Math.ceil(w * 0.08);
  canvas.width = Math.ceil((w + pad * 2) * dpr);
  canvas.height = Math.ceil((h + pad * 2) * dpr);
  canvas.style.width = `${w + pad * 2}px`;
  canvas.style.height = `${h + pad * 2}px`;
  const ctx = canvas.getContext('2d');
  ctx.scale(dpr, dpr);
  drawTile(ctx, pad, pad, w, tile, opts);
  canvas.setAttribute('aria-hidden', 'true');
  canvas.className = 'tile-img';
  return canvas;
}
