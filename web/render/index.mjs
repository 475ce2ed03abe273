// The whole table, drawn from one engine view (`state`) and the page's UI state (`ui`: selection,
// animations, language). A pure function of its inputs; the caller owns the canvas and its size.

import {computeLayout, describeLayout} from './layout.mjs';
import {drawCentre, drawFelt, drawPlates} from './table.mjs';
import {drawRivers} from './rivers.mjs';
import {drawMyHand, drawOpponents} from './hand.mjs';
import {drawAnnouncements} from './overlays.mjs';
import {setPixelRatio} from './tiles.mjs';

export {computeLayout};

/** Draw the scene on a canvas of W x H CSS pixels at device pixel ratio dpr; returns the layout. */
export function drawScene(ctx, W, H, dpr, state, ui) {
  setPixelRatio(dpr);
  const L = computeLayout(W, H, state);
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawFelt(ctx, L);
  drawCentre(ctx, L, state, ui);
  drawPlates(ctx, L, state, ui);
  drawRivers(ctx, L, state, ui);
  drawOpponents(ctx, L, state, ui);
  drawMyHand(ctx, L, state, ui);
  drawAnnouncements(ctx, L, state, ui);
  return L;
}

const shift = (r, dx, dy) => (r ? Object.freeze({x: r.x + dx, y: r.y + dy, w: r.w, h: r.h}) : null);

/** Where a plate's dealer badge, name, points and chips were drawn (page pixels), and the name's font size
 *  against the plate's. */
function plateText(p, dx, dy) {
  if (!p) return null;
  return {badge: shift(p.badge, dx, dy), name: shift(p.name, dx, dy), points: shift(p.points, dx, dy),
    chips: p.chips.map((c) => shift(c, dx, dy)), nameFont: p.nameFont, font: p.font};
}

function deepFreeze(o) {
  for (const v of Object.values(o)) if (v && typeof v === 'object') deepFreeze(v);
  return Object.freeze(o);
}

/**
 * The layout in page (viewport) pixels, frozen: every seat's hand, river, melds and plate, the centre
 * box, the canvas and the action bar; for each plate, where its dealer badge, name, points and chips
 * lie. `stage` is the element the canvas fills; `bar` the action bar.
 */
export function layoutReport(L, state, stage, bar) {
  const s = stage.getBoundingClientRect();
  const d = describeLayout(L, state);
  const b = bar ? bar.getBoundingClientRect() : null;
  const names = ['you', 'right', 'across', 'left'];
  return deepFreeze({
    viewport: {w: document.documentElement.clientWidth, h: document.documentElement.clientHeight},
    canvas: {x: s.left, y: s.top, w: s.width, h: s.height},
    riverTile: L.rw,
    handTile: L.hand.w,
    meldTile: L.myMelds.length ? L.myMelds[0].w : null,
    seats: d.seats.map((z) => ({
      seat: z.seat, pos: z.pos, side: names[z.pos],
      hand: shift(z.hand, s.left, s.top), handRows: z.rows ? z.rows.map((r) => shift(r, s.left, s.top)) : null,
      river: shift(z.river, s.left, s.top),
      riverTail: shift(z.tail, s.left, s.top),
      melds: shift(z.melds, s.left, s.top), plate: shift(z.plate, s.left, s.top),
      plateText: plateText(L.plateParts && L.plateParts[z.pos], s.left, s.top),
    })),
    centre: shift(d.centre, s.left, s.top),
    actionBar: b && b.width ? {x: b.left, y: b.top, w: b.width, h: b.height} : null,
  });
}
