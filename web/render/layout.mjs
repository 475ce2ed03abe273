// Geometry of the table for a canvas size and a view: where the hand, the rivers, the opponents, the
// centre box and the seat plates go. Pure function of (width, height, state); everything in CSS pixels.
//
// Seats are placed relative to the human: pos 0 bottom (you), 1 right (下家), 2 top (对家), 3 left (上家).
// Each opponent and each river is drawn in a "local frame" rotated so that the seat sits at the bottom:
// local +y points from the table centre towards the seat.

import {RATIO, depthOf} from './tiles.mjs';

export const ANGLE = [0, -Math.PI / 2, Math.PI, Math.PI / 2];

/** Screen point of a local-frame point (lx, ly) of position pos. */
export function toScreen(L, pos, lx, ly) {
  const a = ANGLE[pos];
  const c = Math.cos(a), s = Math.sin(a);
  return [L.cx + lx * c - ly * s, L.cy + lx * s + ly * c];
}

function meldTileCount(melds) {
  return melds.reduce((n, m) => n + m.tiles.length, 0);
}

export function computeLayout(W, H, state) {
  const L = {W, H};
  const me = state.players[state.seat];
  const hand = state.hand || [];
  const n = hand.length;
  const drawn = state.drawn;
  const m = Math.max(6, Math.round(Math.min(W, H) * 0.015));
  L.margin = m;

  // ------------------------------------------------------------------ your hand (bottom zone)
  const melds = me.melds;
  const mt = meldTileCount(melds);
  const hwMax = Math.min(64, H * 0.09, W / 9);
  const gapDrawn = drawn ? 0.45 : 0;
  const sameUnits = n + gapDrawn + (melds.length ? 0.5 + mt * 0.82 + melds.length * 0.18 : 0);
  let hw = (W - 2 * m) / Math.max(sameUnits, 8);
  let meldsRow = false;
  if (melds.length && hw < Math.min(hwMax, 44)) {
    meldsRow = true;
    hw = (W - 2 * m) / Math.max(n + gapDrawn, 8);
  }
  hw = Math.floor(Math.min(hw, hwMax));
  const hh = Math.round(hw * RATIO);
  const raise = Math.round(hw * 0.28);
  let mw = Math.floor(hw * 0.82);
  if (meldsRow) mw = Math.floor(Math.min(mw, (W - 2 * m) / (mt + melds.length * 0.25)));
  const meldRowH = meldsRow ? Math.round(mw * RATIO) + depthOf(mw) + m * 0.6 : 0;
  const zoneH = hh + depthOf(hw) + raise + m * 1.2 + meldRowH;
  L.handZone = {y: H - zoneH, h: zoneH};

  const handY = H - m - depthOf(hw) - hh;
  const handWidth = (n + gapDrawn) * hw;
  const meldWidth = melds.length ? mt * mw + (melds.length - 1) * mw * 0.18 : 0;
  const totalW = meldsRow ? handWidth : handWidth + (melds.length ? hw * 0.5 + meldWidth : 0);
  let x = Math.round((W - totalW) / 2);
  const tiles = [];
  let drawnIndex = drawn ? hand.lastIndexOf(drawn) : -1;
  hand.forEach((tile, i) => {
    if (i === drawnIndex) return;
    tiles.push({tile, index: i, x, y: handY, w: hw, drawn: false});
    x += hw;
  });
  if (drawnIndex >= 0) {
    x += hw * gapDrawn;
    tiles.push({tile: hand[drawnIndex], index: drawnIndex, x, y: handY, w: hw, drawn: true});
    x += hw;
  }
  L.hand = {tiles, w: hw, h: hh, raise, y: handY};
  const meldRects = [];
  let mx, my;
  if (meldsRow) {
    mx = Math.round((W - meldWidth) / 2);
    my = handY - raise - m * 0.4 - depthOf(mw) - Math.round(mw * RATIO);
  } else {
    mx = x + hw * 0.5;
    my = handY + (hh - Math.round(mw * RATIO));
  }
  for (const meld of melds) {
    meldRects.push({meld, x: mx, y: my, w: mw});
    mx += meld.tiles.length * mw + mw * 0.18;
  }
  L.myMelds = meldRects;

  // ------------------------------------------------------------------ the table above it
  const regionH = Math.max(120, L.handZone.y);
  L.cx = W / 2;
  L.cy = regionH / 2;
  // river shapes: long thin rivers where the screen is long, so the tiles can be bigger
  const portrait = W < regionH;
  let colsTB, rowsTB, colsSide, rowsSide;
  if (portrait) {
    [colsTB, rowsTB] = [6, 4];
    [colsSide, rowsSide] = regionH / W > 1.4 ? [12, 2] : [8, 3];
  } else {
    [colsSide, rowsSide] = [6, 4];
    [colsTB, rowsTB] = [9, 3];
  }
  // extents in units of the river tile width rw (see the notes in the module header)
  const step = RATIO + 0.07;
  const g = 0.3;
  const opp = 1.35;
  const vUnits = colsSide / 2 + g + rowsTB * step + g + opp;
  const hUnits = colsTB / 2 + g + rowsSide * step + g + opp;
  let rw = Math.min((regionH / 2 - m) / vUnits, (W / 2 - m) / hUnits);
  rw = Math.max(12, Math.min(46, Math.floor(rw)));
  L.rw = rw;
  L.rstep = Math.round(rw * step);
  L.gap = Math.round(rw * g);
  // centre box: as wide as the top/bottom rivers, as tall as the side rivers (so no two rivers overlap)
  L.box = {hx: (colsTB * rw) / 2, hy: (colsSide * rw) / 2};
  L.cols = [colsTB, colsSide, colsTB, colsSide];
  L.rows = [rowsTB, rowsSide, rowsTB, rowsSide];
  // half extent of the box along each seat's local y axis, and the distance to that seat's edge
  const boxAlong = [L.box.hy, L.box.hx, L.box.hy, L.box.hx];
  const edge = [regionH / 2, W / 2, regionH / 2, W / 2];
  L.riverStart = boxAlong.map((b) => b + L.gap);
  L.ow = Math.max(9, Math.round(rw * 0.8));
  L.oh = Math.round(L.ow * 1.3);
  L.oppY = [0, 1, 2, 3].map((p) => {
    const natural = L.riverStart[p] + L.rows[p] * L.rstep + rw * 0.45;
    return Math.min(edge[p] - m - L.oh, natural);
  });

  // ------------------------------------------------------------------ seat plates in the corners
  const fs = Math.max(10, Math.min(15, Math.round(rw * 0.5)));
  L.fs = fs;
  const pw = Math.round(fs * 8.2);
  const ph = Math.round(fs * 3.9);
  const bx = L.box.hx + L.gap;
  const by = L.box.hy + L.gap;
  // keep clear of the side opponents' row of tiles
  const maxW = Math.max(fs * 6, Math.min(pw, L.oppY[1] - bx - L.gap));
  const w = Math.round(maxW);
  L.plates = [
    {x: L.cx + bx, y: L.cy + by, w, h: ph},
    {x: L.cx + bx, y: L.cy - by - ph, w, h: ph},
    {x: L.cx - bx - w, y: L.cy - by - ph, w, h: ph},
    {x: L.cx - bx - w, y: L.cy + by, w, h: ph},
  ];
  return L;
}
