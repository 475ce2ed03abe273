// Every seat's discard river, in front of its seat, rows of six in discard order from the seat's left,
// turned to face that seat; claimed tiles dimmed, the last discard outlined and marked, a new discard
// sliding in from its seat.

import {ANGLE, RIVER_COLS} from './layout.mjs';
import {drawTile} from './tiles.mjs';
import {easeOut, progress} from '../motion.mjs';

/** True if the tile is a wildcard (财神) in this hand: the view's own table of tile meanings says so. */
export function isWild(state, tile) {
  return !!tile && !!(state.wildcard.marks[tile] || {}).wild;
}

/** The face a white dragon stands in for (翻财神), from the view's table; null for any other tile. */
export function standInFor(state, tile) {
  return (tile && (state.wildcard.marks[tile] || {}).face) || null;
}

/** Local-frame top-left of river slot i of position pos: rows of six, the third running on past six tiles
 *  in a river that extends (see computeLayout). */
export function riverSlot(L, pos, i) {
  let row = Math.floor(i / RIVER_COLS);
  let col = i % RIVER_COLS;
  if (L.extend[pos] && row > 2) { row = 2; col = i - 2 * RIVER_COLS; }
  return [-(RIVER_COLS * L.rw) / 2 + L.lean[pos] + col * L.rw, L.riverStart[pos] + row * L.rstep];
}

export function drawRivers(ctx, L, state, ui) {
  const human = state.seat;
  const last = state.last_discard;
  const anim = ui.motion && ui.motion.discard;
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    ctx.save();
    ctx.translate(L.cx, L.cy);
    ctx.rotate(ANGLE[pos]);
    const n = p.discards.length;
    p.discards.forEach((d, i) => {
      let [x, y] = riverSlot(L, pos, i);
      let w = L.rw;
      const alpha = d.claimed_by !== null && d.claimed_by !== undefined ? 0.42 : 1;
      if (anim && anim.seat === p.seat && anim.index === i) {
        // from the seat's hand (its middle) to the slot, shrinking from hand size
        const k = easeOut(progress(anim, ui.now));
        const sx = -L.rw / 2;
        const sy = pos === 0 ? L.hand.y - L.cy : L.oppY[pos];
        const s = 1.3 - 0.3 * k;
        x = sx + (x - sx) * k;
        y = sy + (y - sy) * k;
        w = L.rw * s;
      }
      const isLast = last && last.seat === p.seat && i === n - 1 && alpha === 1;
      drawTile(ctx, x, y, w, d.tile, {wild: d.wild, standIn: standInFor(state, d.tile), alpha,
        highlight: isLast ? 'last' : null});
      if (isLast) {
        // a small gold arrow on the centre side of the last discard, pointing at it
        ctx.fillStyle = '#ffd54a';
        ctx.beginPath();
        const mx = x + w / 2, my = y - L.rw * 0.12;
        const s = Math.max(4, L.rw * 0.2);
        ctx.moveTo(mx - s, my - s * 1.1);
        ctx.lineTo(mx + s, my - s * 1.1);
        ctx.lineTo(mx, my);
        ctx.closePath();
        ctx.fill();
      }
    });
    ctx.restore();
  }
}
