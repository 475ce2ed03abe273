// Every seat's discard river, in order, in the seat's local frame; claimed tiles dimmed, the last
// discard highlighted, a newly discarded tile sliding in from its seat.

import {ANGLE} from './layout.mjs';
import {drawTile} from './tiles.mjs';

export function isWild(state, tile) {
  return !!tile && tile === state.wildcard.tile;
}

export function standInFor(state, tile) {
  return tile === 'P' && state.wildcard.stand_in ? state.wildcard.tile : null;
}

/** Local-frame top-left of river slot i of position pos. */
export function riverSlot(L, pos, i) {
  const cols = L.cols[pos];
  const row = Math.floor(i / cols);
  const col = i % cols;
  return [-(cols * L.rw) / 2 + col * L.rw, L.riverStart[pos] + row * L.rstep];
}

const ease = (t) => 1 - (1 - t) ** 3;

export function drawRivers(ctx, L, state, ui) {
  const human = state.seat;
  const last = state.last_discard;
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    ctx.save();
    ctx.translate(L.cx, L.cy);
    ctx.rotate(ANGLE[pos]);
    const n = p.discards.length;
    p.discards.forEach((d, i) => {
      let [x, y] = riverSlot(L, pos, i);
      let w = L.rw;
      const anim = ui.discardAnim;
      let alpha = d.claimed_by !== null && d.claimed_by !== undefined ? 0.42 : 1;
      if (anim && anim.seat === p.seat && anim.index === i) {
        const t = Math.min(1, (ui.now - anim.t0) / anim.dur);
        const k = ease(t);
        const sx = -L.rw / 2;
        const sy = pos === 0 ? L.hand.y - L.cy : L.oppY[pos];
        const s = 1.25 - 0.25 * k;
        x = sx + (x - sx) * k;
        y = sy + (y - sy) * k;
        w = L.rw * s;
      }
      const isLast = last && last.seat === p.seat && i === n - 1 && alpha === 1;
      drawTile(ctx, x, y, w, d.tile, {wild: d.wild, standIn: standInFor(state, d.tile), alpha,
        highlight: isLast ? 'last' : null});
      if (isLast) {
        // a small marker above the last discard
        const bob = 0;
        ctx.fillStyle = '#ffd54a';
        ctx.beginPath();
        const mx = x + w / 2, my = y - L.rw * 0.18 + bob;
        ctx.moveTo(mx - L.rw * 0.18, my - L.rw * 0.22);
        ctx.lineTo(mx + L.rw * 0.18, my - L.rw * 0.22);
        ctx.lineTo(mx, my);
        ctx.closePath();
        ctx.fill();
      }
    });
    ctx.restore();
  }
}
