// The felt, the centre box (wall count, wildcard and indicator, hand number, whose turn, the 抓打 freeze)
// and the seat plates (name, points, dealer and 老庄 streak, 摊 counts, freeze marks).

import {roundRect, drawTile} from './tiles.mjs';
import {isWild} from './rivers.mjs';
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

export function drawCentre(ctx, L, state, ui) {
  const {cx, cy, rw} = L;
  const {hx, hy} = L.box;
  const x0 = cx - hx + rw * 0.15, y0 = cy - hy + rw * 0.15;
  const w = hx * 2 - rw * 0.3, h = hy * 2 - rw * 0.3;
  ctx.save();
  ctx.fillStyle = 'rgba(4, 30, 20, .55)';
  roundRect(ctx, x0, y0, w, h, rw * 0.4); ctx.fill();
  ctx.strokeStyle = 'rgba(226, 184, 74, .55)';
  ctx.lineWidth = 1.5;
  roundRect(ctx, x0 + 0.5, y0 + 0.5, w - 1, h - 1, rw * 0.4); ctx.stroke();

  // whose turn: a glowing bar on the side of the box facing that seat
  const turnSeats = state.hand_over ? [] : (state.deciding || [state.current]);
  for (const s of turnSeats) {
    const pos = (s - state.seat + 4) % 4;
    const bar = rw * 0.16;
    const mine = s === state.seat;
    ctx.fillStyle = mine ? '#7fd3ff' : '#ffd54a';
    ctx.shadowColor = ctx.fillStyle; ctx.shadowBlur = rw * 0.5;
    const lenX = w * 0.6, lenY = h * 0.6;
    if (pos === 0) roundRect(ctx, cx - lenX / 2, y0 + h - bar * 1.6, lenX, bar, bar / 2);
    if (pos === 2) roundRect(ctx, cx - lenX / 2, y0 + bar * 0.6, lenX, bar, bar / 2);
    if (pos === 1) roundRect(ctx, x0 + w - bar * 1.6, cy - lenY / 2, bar, lenY, bar / 2);
    if (pos === 3) roundRect(ctx, x0 + bar * 0.6, cy - lenY / 2, bar, lenY, bar / 2);
    ctx.fill();
    ctx.shadowBlur = 0;
  }

  const fs = L.fs;
  const hn = state.replay ? state.replay.hand + 1 : (state.match ? state.match.hand_number : 1);
  text(ctx, t('hand_no', {n: hn}), cx, y0 + h * 0.16, fs, 'rgba(243,239,226,.8)');

  // wildcard (and indicator)
  const tw = Math.min(rw * 1.3, w / 3.6, h / 3.4);
  const wc = state.wildcard;
  const tilesY = cy - tw * 0.9;
  if (wc.indicator) {
    const gap = tw * 0.5;
    const xa = cx - tw - gap / 2, xb = cx + gap / 2;
    drawTile(ctx, xa, tilesY, tw, wc.indicator, {});
    drawTile(ctx, xb, tilesY, tw, wc.tile, {wild: true});
    text(ctx, t('indicator'), xa + tw / 2, tilesY + tw * 1.66, fs * 0.85, 'rgba(243,239,226,.75)');
    text(ctx, t('wildcard'), xb + tw / 2, tilesY + tw * 1.66, fs * 0.85, '#f3d27a');
  } else {
    drawTile(ctx, cx - tw / 2, tilesY, tw, wc.tile, {wild: true});
    text(ctx, t('wildcard'), cx, tilesY + tw * 1.66, fs * 0.85, '#f3d27a');
  }
  // wall count
  const wy = y0 + h * 0.78;
  text(ctx, `${t('wall')} ${state.wall_remaining}`, cx, wy, Math.round(fs * 1.35), state.final ? '#ff9b7a' : '#ffe39a', 'center', 800);
  if (state.freeze && state.freeze.owner !== null && state.freeze.owner !== undefined) {
    pill(ctx, t('freeze'), cx, y0 + h * 0.92, Math.round(fs * 0.85), '#b8262b', '#fff', 'center');
  }
  ctx.restore();
  void isWild;
}

export function drawPlates(ctx, L, state, ui) {
  const fs = L.fs;
  const human = state.seat;
  const freezeOwner = state.freeze ? state.freeze.owner : null;
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    const r = L.plates[pos];
    const active = !state.hand_over && (state.deciding || [state.current]).includes(p.seat);
    ctx.save();
    ctx.fillStyle = 'rgba(5, 25, 18, .62)';
    roundRect(ctx, r.x, r.y, r.w, r.h, fs * 0.5); ctx.fill();
    ctx.strokeStyle = active ? '#ffd54a' : 'rgba(255,255,255,.14)';
    ctx.lineWidth = active ? 2 : 1;
    roundRect(ctx, r.x + 0.5, r.y + 0.5, r.w - 1, r.h - 1, fs * 0.5); ctx.stroke();
    const pad = fs * 0.45;
    const line1 = r.y + fs * 0.95;
    let x = r.x + pad;
    if (p.is_dealer) {
      // the dealer's badge sits on the plate's corner, so it never crowds the name
      const br = fs * 0.72;
      const bx = r.x + br * 0.35, by = r.y + br * 0.3;
      ctx.fillStyle = '#c8361f';
      ctx.beginPath(); ctx.arc(bx, by, br, 0, Math.PI * 2); ctx.fill();
      ctx.strokeStyle = '#ffd54a'; ctx.lineWidth = 1.5; ctx.stroke();
      text(ctx, ui.lang === 'en' ? 'D' : '庄', bx, by + 0.5, Math.round(br * 1.15), '#fff', 'center', 800);
      x += br * 0.55;
    }
    text(ctx, seatName(p.seat, human), x, line1, fs, '#f3efe2', 'left', 700);
    const pts = p.points === null || p.points === undefined ? '' : String(p.points);
    text(ctx, pts, r.x + r.w - pad, line1, Math.round(fs * 1.1), '#ffe39a', 'right', 800);
    const line2 = r.y + fs * 2.2;
    const bits = [];
    if (p.is_dealer) bits.push(state.streak > 1 ? t('streak', {n: state.streak}) : t('streak1'));
    if (p.seat !== human) bits.push(t('hidden', {n: p.hand_count}));
    text(ctx, bits.join(' · '), r.x + pad, line2, Math.round(fs * 0.82), 'rgba(243,239,226,.78)', 'left', 500);
    // line 3: 摊 counts (claims this seat made from others) and the freeze
    const line3 = r.y + fs * 3.25;
    x = r.x + pad;
    const small = Math.round(fs * 0.74);
    if (freezeOwner === p.seat) x += pill(ctx, t('freeze_owner'), x, line3, small, '#8a5a10', '#ffe9a8') + fs * 0.2;
    if (p.freeze_bound) x += pill(ctx, t('freeze'), x, line3, small, '#b8262b', '#fff') + fs * 0.2;
    (p.tan_from || []).forEach((n, b) => {
      if (n > 0 && x < r.x + r.w - fs * 2) {
        x += pill(ctx, `${t('tan')}${ui.lang === 'en' ? ' ' : ''}${seatName(b, human).slice(0, ui.lang === 'en' ? 5 : 2)}×${n}`,
          x, line3, small, 'rgba(255,255,255,.16)', '#f3efe2') + fs * 0.2;
      }
    });
    ctx.restore();
  }
}
