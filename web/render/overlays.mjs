// Things drawn over the table for a moment: claim announcements (碰! 杠! 胡!) that pop up over the
// claiming seat's river.

import {toScreen} from './layout.mjs';
import {roundRect} from './tiles.mjs';

export const ANNOUNCE_MS = 1100;

export function drawAnnouncements(ctx, L, state, ui) {
  for (const a of ui.announcements) {
    const age = ui.now - a.t0;
    if (age < 0 || age > a.dur) continue;
    const pos = (a.seat - state.seat + 4) % 4;
    const [x, y] = toScreen(L, pos, 0, L.riverStart[pos] + L.riverDepth[pos] / 2);
    const pop = age < 160 ? 1.5 - 0.5 * (age / 160) : 1;
    const fade = age > a.dur - 300 ? Math.max(0, (a.dur - age) / 300) : 1;
    const size = Math.round(Math.max(26, L.rw * 1.5) * pop);
    ctx.save();
    ctx.globalAlpha = fade;
    ctx.font = `900 ${size}px "Noto Serif CJK SC", "Noto Sans CJK SC", system-ui, serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const w = ctx.measureText(a.text).width + size * 0.9;
    ctx.fillStyle = a.big ? 'rgba(120, 10, 10, .82)' : 'rgba(10, 20, 16, .72)';
    roundRect(ctx, x - w / 2, y - size * 0.75, w, size * 1.5, size * 0.4); ctx.fill();
    ctx.lineWidth = Math.max(3, size * 0.12);
    ctx.strokeStyle = '#5a2a00';
    ctx.strokeText(a.text, x, y + size * 0.04);
    const g = ctx.createLinearGradient(0, y - size / 2, 0, y + size / 2);
    g.addColorStop(0, '#fff3b0'); g.addColorStop(1, '#f0b429');
    ctx.fillStyle = g;
    ctx.fillText(a.text, x, y + size * 0.04);
    ctx.restore();
  }
}
