// The whole table, drawn from one engine view (`state`) and the page's UI state (`ui`: selection,
// animations, language). A pure function of its inputs; the caller owns the canvas and its size.

import {computeLayout} from './layout.mjs';
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
