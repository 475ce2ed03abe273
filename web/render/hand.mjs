// Hands and melds: your hand at the bottom (sorted, wildcards marked, the drawn tile set apart, the
// selected tile raised), your melds, and each opponent's row of standing tiles with their melds
// (concealed kongs face down), turned face up when the hand is over or in a replay. In a meld the
// claimed tile lies sideways, on the side of the seat it came from.

import {ANGLE, meldWidth, opponentRow, sidewaysIndex} from './layout.mjs';
import {RATIO, depthOf, drawStanding, drawTile} from './tiles.mjs';
import {isWild, standInFor} from './rivers.mjs';
import {easeOut, progress} from '../motion.mjs';

/** A tile lying sideways with its bounding box's top-left at (x, y): w*RATIO wide, w tall. */
export function drawSideways(ctx, x, y, w, tile, opts) {
  ctx.save();
  ctx.translate(x, y + w);
  ctx.rotate(-Math.PI / 2);
  drawTile(ctx, 0, 0, w, tile, opts);
  ctx.restore();
}

/**
 * Draw one meld owned by seat `owner`, bottom edge at y + w*RATIO, left at x, tile width w.
 * The claimed tile lies sideways: leftmost from 上家, second from 对家, rightmost from 下家.
 */
export function drawMeld(ctx, state, meld, x, y, w, owner) {
  const n = meld.tiles.length;
  const faceDown = meld.kind === 'concealed_kong';
  const side = sidewaysIndex(meld, owner);
  const tiles = [...meld.tiles];
  if (side >= 0 && meld.kind === 'chow') {
    // the claimed tile goes where the sideways slot is, the other two keep their order
    const k = tiles.indexOf(meld.claimed);
    if (k >= 0) { tiles.splice(k, 1); tiles.splice(side, 0, meld.claimed); }
  }
  const h = Math.round(w * RATIO);
  let cx = x;
  tiles.forEach((tile, i) => {
    const hidden = tile === null || (faceDown && (i === 0 || i === n - 1));
    const opts = {back: hidden, wild: !hidden && isWild(state, tile), standIn: standInFor(state, tile)};
    if (i === side) {
      drawSideways(ctx, cx, y + h - w, w, tile || '', opts);
      cx += h;
    } else {
      drawTile(ctx, cx, y, w, tile || '', opts);
      cx += w;
    }
  });
}

export function drawMyHand(ctx, L, state, ui) {
  const discardable = new Set(state.legal_actions.filter((a) => a.group === 'discard').map((a) => a.tiles[0]));
  const mustDiscard = discardable.size > 0;
  const suggested = ui.suggested;
  // 听牌提示: tiles whose discard leaves the hand ready get a small green mark (from the engine's hints)
  const ting = new Set(ui.hints && mustDiscard && state.hints && state.hints.ting
    ? state.hints.ting.map((x) => x.discard) : []);
  const draw = ui.motion && ui.motion.draw;
  const dk = draw ? easeOut(progress(draw, ui.now)) : 1;
  for (const t of L.hand.tiles) {
    const selected = ui.selected === t.index;
    let y = t.y - (selected ? L.hand.raise : 0);
    const legal = discardable.has(t.tile);
    let highlight = null;
    if (selected) highlight = 'selected';
    else if (ui.focus === t.index && ui.keyboard) highlight = 'selected';
    else if (suggested && suggested === t.tile && legal) highlight = 'hint';
    let alpha = mustDiscard && !legal ? 0.55 : 1;
    if (t.drawn && dk < 1) { y -= (1 - dk) * L.hand.h * 0.6; alpha *= dk; }
    drawTile(ctx, t.x, y, t.w, t.tile, {wild: isWild(state, t.tile), standIn: standInFor(state, t.tile),
      alpha, highlight});
    // the ready mark sits inside the tile's top edge, clear of the 摸 label above it
    if (ting.has(t.tile) && legal) {
      const r = Math.max(2.5, t.w * 0.075);
      ctx.fillStyle = '#1f9d4f';
      ctx.beginPath(); ctx.arc(t.x + t.w - r * 1.5, y + r * 1.5, r + 1, 0, Math.PI * 2); ctx.fill();
      ctx.fillStyle = '#8df5a6';
      ctx.beginPath(); ctx.arc(t.x + t.w - r * 1.5, y + r * 1.5, r, 0, Math.PI * 2); ctx.fill();
    }
    if (t.drawn && !ui.replay) {
      ctx.save();
      ctx.fillStyle = 'rgba(255, 236, 170, .9)';
      ctx.font = `600 ${Math.max(9, Math.round(t.w * 0.26))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(ui.lang === 'en' ? 'drawn' : '摸', t.x + t.w / 2, y - Math.max(2, t.w * 0.06));
      ctx.restore();
    }
  }
  const claim = ui.motion && ui.motion.claim;
  L.myMelds.forEach((r, i) => {
    const fresh = claim && claim.seat === state.seat && i === L.myMelds.length - 1;
    const k = fresh ? easeOut(progress(claim, ui.now)) : 1;
    ctx.save();
    if (k < 1) { ctx.globalAlpha = k; ctx.translate(0, (1 - k) * -r.w * 0.8); }
    drawMeld(ctx, state, r.meld, r.x, r.y, r.w, state.seat);
    ctx.restore();
  });
}

export function drawOpponents(ctx, L, state, ui) {
  const human = state.seat;
  const claim = ui.motion && ui.motion.claim;
  for (const p of state.players) {
    if (p.seat === human) continue;
    const pos = (p.seat - human + 4) % 4;
    const row = opponentRow(L, pos, p, state);
    const {ow, open} = row;
    const rowH = L.oh(pos);
    const faceH = Math.round(ow * RATIO);
    ctx.save();
    ctx.translate(L.cx, L.cy);
    ctx.rotate(ANGLE[pos]);
    const y = L.oppY[pos];
    let x = row.handX;
    for (let i = 0; i < row.nHidden; i++) {
      if (open) {
        drawTile(ctx, x, y + rowH - faceH - depthOf(ow), ow, open[i], {wild: isWild(state, open[i]),
          standIn: standInFor(state, open[i])});
      } else {
        drawStanding(ctx, x + 0.5, y, ow - 1, rowH);
      }
      x += ow;
    }
    x = row.meldX;
    p.melds.forEach((meld, i) => {
      const fresh = claim && claim.seat === p.seat && i === p.melds.length - 1;
      const k = fresh ? easeOut(progress(claim, ui.now)) : 1;
      ctx.save();
      if (k < 1) { ctx.globalAlpha = k; ctx.translate(0, (1 - k) * -ow); }
      drawMeld(ctx, state, meld, x, y + rowH - faceH - depthOf(ow), ow, p.seat);
      ctx.restore();
      x += meldWidth(meld, p.seat, ow) + ow * 0.15;
    });
    ctx.restore();
  }
}
