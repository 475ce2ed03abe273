// A row of tiles drawn from a view, for the small tables outside the main canvas (the 复盘 review's
// positions): loose tiles (marked, dimmed), gaps and melds, laid left to right on one baseline. Pure
// drawing functions of the view and the row; the same tile faces, meld layout (the claimed tile sideways)
// and wildcard marks as the table.

import {meldWidth} from './layout.mjs';
import {RATIO, depthOf, drawTile, pixelRatio} from './tiles.mjs';
import {drawMeld} from './hand.mjs';
import {isWild, standInFor} from './rivers.mjs';

const GAP = 0.45;        // a gap, in tile widths
const MELD_GAP = 0.2;    // space before a meld, in tile widths

/** @typedef {{tile?: string, highlight?: string|null, alpha?: number, gap?: boolean, meld?: object}} StripPart */

/**
 * The parts of a row: {tile, highlight?, alpha?} a loose tile (highlight as drawTile's), {gap: true} a space,
 * {meld} one meld as the view lists it. Returns each part's left edge and the row's width with tile width w.
 */
export function stripLayout(parts, w, owner) {
  const xs = [];
  let x = 0;
  for (const part of parts) {
    if (part.meld) x += w * MELD_GAP;
    xs.push(x);
    x += part.gap ? w * GAP : part.meld ? meldWidth(part.meld, owner, w) : w;
  }
  return {xs, width: Math.ceil(x), height: Math.round(w * RATIO) + depthOf(w)};
}

/** Draw a row (see stripLayout) of seat `owner` with its top-left at (x, y), tile width w, from `state`. */
export function drawStrip(ctx, x, y, w, parts, state, owner) {
  const {xs} = stripLayout(parts, w, owner);
  parts.forEach((part, i) => {
    if (part.gap) return;
    if (part.meld) {
      drawMeld(ctx, state, part.meld, x + xs[i], y, w, owner);
      return;
    }
    drawTile(ctx, x + xs[i], y, w, part.tile, {
      wild: isWild(state, part.tile), standIn: standInFor(state, part.tile),
      highlight: part.highlight || null, alpha: part.alpha,
    });
  });
}

/** A row drawn into its own canvas (for dialogs), sized to it at the device pixel ratio. */
export function stripCanvas(parts, w, state, owner) {
  const dpr = pixelRatio();
  const {width, height} = stripLayout(parts, w, owner);
  const pad = Math.ceil(w * 0.1);
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((width + pad * 2) * dpr);
  canvas.height = Math.ceil((height + pad * 2) * dpr);
  canvas.style.width = `${width + pad * 2}px`;  // the height follows the canvas's own aspect ratio
  const ctx = canvas.getContext('2d');
  ctx.scale(dpr, dpr);
  drawStrip(ctx, pad, pad, w, parts, state, owner);
  canvas.className = 'tile-strip';
  canvas.dataset.tiles = String(parts.reduce((n, p) => n + (p.tile ? 1 : p.meld ? p.meld.tiles.length : 0), 0));
  return canvas;
}
