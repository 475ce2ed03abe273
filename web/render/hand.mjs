// Hands and melds: your hand at the bottom (sorted, wildcards marked, the drawn tile set apart, the
// selected tile raised), your melds, and each opponent's row of standing tiles with their melds
// (concealed kongs face down), turned face up when the hand is over or in a replay.

import {ANGLE} from './layout.mjs';
import {RATIO, depthOf, drawStanding, drawTile} from './tiles.mjs';
import {isWild, standInFor} from './rivers.mjs';

/** Draw one meld with its top-left at (x, y) and tile width w; `rel` = claimed-from seat relative to owner. */
export function drawMeld(ctx, state, meld, x, y, w, owner) {
  const n = meld.tiles.length;
  const faceDown = meld.kind === 'concealed_kong';
  meld.tiles.forEach((tile, i) => {
    const hidden = tile === null || (faceDown && (i === 0 || i === n - 1));
    drawTile(ctx, x + i * w, y, w, tile || '', {back: hidden, wild: !hidden && isWild(state, tile),
      standIn: standInFor(state, tile)});
  });
  if (meld.from !== null && meld.from !== undefined && meld.claimed) {
    // a small arrow under the meld pointing to the seat the tile was claimed from
    const rel = (meld.from - owner + 4) % 4;
    const cx = x + (n * w) / 2;
    const cy = y + w * RATIO + depthOf(w) + w * 0.22;
    const s = w * 0.17;
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate([0, 0, -Math.PI / 2, Math.PI][rel]);
    ctx.fillStyle = 'rgba(255, 228, 140, .85)';
    ctx.beginPath(); ctx.moveTo(s, 0); ctx.lineTo(-s * 0.7, -s * 0.8); ctx.lineTo(-s * 0.7, s * 0.8); ctx.closePath();
    ctx.fill();
    ctx.restore();
  }
}

export function drawMyHand(ctx, L, state, ui) {
  const discardable = new Set(state.legal_actions.filter((a) => a.group === 'discard').map((a) => a.tiles[0]));
  const mustDiscard = discardable.size > 0;
  const suggested = ui.suggested;
  // 听牌提示: tiles whose discard leaves the hand ready get a small green mark (from the engine's hints)
  const ting = new Set(ui.hints && mustDiscard && state.hints && state.hints.ting
    ? state.hints.ting.map((x) => x.discard) : []);
  for (const t of L.hand.tiles) {
    const selected = ui.selected === t.index;
    const y = t.y - (selected ? L.hand.raise : 0);
    const legal = discardable.has(t.tile);
    let highlight = null;
    if (selected) highlight = 'selected';
    else if (ui.focus === t.index && ui.keyboard) highlight = 'selected';
    else if (suggested && suggested === t.tile && legal) highlight = 'hint';
    drawTile(ctx, t.x, y, t.w, t.tile, {wild: isWild(state, t.tile), standIn: standInFor(state, t.tile),
      alpha: mustDiscard && !legal ? 0.55 : 1, highlight});
    if (ting.has(t.tile) && legal) {
      ctx.fillStyle = '#8df5a6';
      ctx.beginPath();
      ctx.arc(t.x + t.w / 2, y - t.w * 0.16, Math.max(2.5, t.w * 0.07), 0, Math.PI * 2);
      ctx.fill();
    }
    if (t.drawn && !ui.replay) {
      ctx.save();
      ctx.fillStyle = 'rgba(255, 236, 170, .9)';
      ctx.font = `600 ${Math.max(9, Math.round(t.w * 0.26))}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'bottom';
      ctx.fillText(ui.lang === 'en' ? 'drawn' : '摸', t.x + t.w / 2, y - t.w * 0.08);
      ctx.restore();
    }
  }
  for (const r of L.myMelds) drawMeld(ctx, state, r.meld, r.x, r.y, r.w, state.seat);
}

export function drawOpponents(ctx, L, state, ui) {
  const human = state.seat;
  const revealed = state.all_hands || (state.result && state.result.hands) || null;
  for (const p of state.players) {
    if (p.seat === human) continue;
    const pos = (p.seat - human + 4) % 4;
    const ow = L.ow;
    const open = revealed ? revealed[p.seat] : null;
    const nHidden = open ? open.length : p.hand_count;
    const meldTiles = p.melds.reduce((n, m) => n + m.tiles.length, 0);
    const gap = ow * 0.35;
    const total = nHidden * ow + (p.melds.length ? gap + meldTiles * ow + (p.melds.length - 1) * ow * 0.15 : 0);
    ctx.save();
    ctx.translate(L.cx, L.cy);
    ctx.rotate(ANGLE[pos]);
    let x = -total / 2;
    const y = L.oppY[pos];
    const faceH = Math.round(ow * RATIO);
    for (let i = 0; i < nHidden; i++) {
      if (open) {
        drawTile(ctx, x, y + L.oh - faceH - depthOf(ow), ow, open[i], {wild: isWild(state, open[i]),
          standIn: standInFor(state, open[i])});
      } else {
        drawStanding(ctx, x + 0.5, y, ow - 1, L.oh);
      }
      x += ow;
    }
    if (p.melds.length) x += gap;
    for (const meld of p.melds) {
      drawMeld(ctx, state, meld, x, y + L.oh - faceH - depthOf(ow), ow, p.seat);
      x += meld.tiles.length * ow + ow * 0.15;
    }
    ctx.restore();
  }
}
