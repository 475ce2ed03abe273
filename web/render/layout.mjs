// Geometry of the table for a canvas size and a view: one computed object that every drawing module
// reads and that the page exposes read-only for tests (window.hzmj.layout()). Pure function of
// (width, height, state); everything in CSS pixels of the canvas.
//
// Seats are placed relative to the human: pos 0 bottom (you), 1 right (下家), 2 top (对家), 3 left (上家).
// Each river and each opponent's row is drawn in a "local frame" rotated so that its seat sits at the
// bottom: local +y points from the table centre towards the seat, local +x to the seat's right.
//
// The table, seen from above:
//   * the centre box (hand number, wildcard, wall count) is 6 river tiles wide; on a portrait screen it is
//     narrow and tall instead, and the side rivers come in beside it, between the top and bottom rivers
//     (the width is what the rivers lack there, the height is spare); on a landscape screen it is low
//     (height is what the rivers lack);
//   * each river lies on the box's side facing its seat, rows of six, in discard order from the seat's left;
//   * the side rivers sit beside the top and bottom rivers, so no two rivers share a square;
//   * a long hand's river keeps its tile size up to KEPT discards: the two rivers whose rows run along the
//     screen's long side continue their third row into the corner at their far end (as Tenhou and Mahjong
//     Soul do), the other two, which have no room for that, take a fourth row and lean toward their far
//     end; the room for either is kept from the deal, so nothing moves when a river grows;
//   * each seat's plate (name, points, dealer, 摊 counts) sits in the corner where its own river starts,
//     beside the river's first tile, clear of any third row running into that corner;
//   * each opponent's row of tile backs (then its melds) runs beyond its river, along the screen edge;
//   * your hand (and the drawn tile set apart) fills the bottom zone, your melds at its right; a portrait
//     phone's hand takes two rows, the melds at the right end of the first, or (few tiles left) one row
//     under a row of melds; upright, the hand gives up size before the rivers do (see planHand).

import {RATIO, depthOf} from './tiles.mjs';

export const ANGLE = [0, -Math.PI / 2, Math.PI, Math.PI / 2];
export const RIVER_COLS = 6;
const ROW_STEP = 1.37;          // river row pitch, in river tile widths (each row hides the depth of the one before)
const TILE_BODY = RATIO + 0.13; // a laid tile's face plus depth, in tile widths
const OPP_TILE = 0.78;          // opponents' tiles, in river tile widths
const SIDE_ROOM = 200;          // felt kept free on each side of a desktop's table, in CSS px
const RIVER_MAX = 64;           // the largest river tile (a large desktop screen), in CSS px
const PLATE_FONT = 26;          // the largest plate text, in CSS px
/** Discards a river holds at its size: two rows of six and a third row of up to twelve, or four rows of six. */
export const KEPT = 24;
const TAIL = KEPT - 3 * RIVER_COLS;   // how far a continued third row runs past six tiles, in tiles

/** Screen point of a local-frame point (lx, ly) of position pos. */
export function toScreen(L, pos, lx, ly) {
  const a = ANGLE[pos];
  const c = Math.round(Math.cos(a)), s = Math.round(Math.sin(a));
  return [L.cx + lx * c - ly * s, L.cy + lx * s + ly * c];
}

/** Axis-aligned screen rectangle of a local-frame rectangle. */
export function localRect(L, pos, x, y, w, h) {
  const [ax, ay] = toScreen(L, pos, x, y);
  const [bx, by] = toScreen(L, pos, x + w, y + h);
  return {x: Math.min(ax, bx), y: Math.min(ay, by), w: Math.abs(bx - ax), h: Math.abs(by - ay)};
}

/** Index of the tile laid sideways in a meld (the claimed one, turned toward its discarder), or -1. */
export function sidewaysIndex(meld, owner) {
  if (meld.from === null || meld.from === undefined || !meld.claimed) return -1;
  const rel = (meld.from - owner + 4) % 4;    // 1 right (下家), 2 across (对家), 3 left (上家)
  const n = meld.tiles.length;
  return rel === 3 ? 0 : rel === 2 ? 1 : n - 1;
}

/** Width of a meld drawn with tile width w (a sideways tile is as wide as a tile is tall). */
export function meldWidth(meld, owner, w) {
  const n = meld.tiles.length;
  return sidewaysIndex(meld, owner) >= 0 ? (n - 1) * w + Math.round(w * RATIO) : n * w;
}

/** Total width of a seat's melds side by side with tile width w and a small gap between melds. */
function meldsWidth(melds, owner, w) {
  if (!melds.length) return 0;
  return melds.reduce((s, m) => s + meldWidth(m, owner, w), 0) + (melds.length - 1) * w * 0.15;
}

/** The same in tile widths (meldWidth rounds a sideways tile to whole pixels, which at w = 1 would make it
 *  as wide as an upright one). */
const meldsUnits = (melds, owner) => meldsWidth(melds, owner, 100) / 100;

const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));

const GAP_DRAWN = 0.45;     // the drawn tile set apart from the hand, in hand tile widths
const MELD_BESIDE = 0.82;   // your meld tiles beside your hand, in hand tile widths
const MELD_LEAST = 0.62;    // the smallest they get beside a two-row hand (or above it)
const TWO_ROW_MAX = 48;     // a two-row hand's tiles, in CSS px (easy to tap, and the rivers keep their room)
// upright, a small phone's hand gives up tile size, down to HAND_LEAST, where that brings the river tiles to
// RIVER_GOAL (a 360x780 phone): river tiles smaller than that are hard to tell apart across the table
const RIVER_GOAL = 24;
const HAND_LEAST = 34;

/**
 * Where your hand and melds go in the bottom zone of a W x H table, hand tiles at most `cap` px: sized for
 * the largest concealed hand this meld count allows, so the tiles keep their size turn to turn.
 *
 * One row on a wide screen, the drawn tile set apart at its right and the melds beyond it (or, where that
 * leaves the hand too small, in a row of their own above the hand's right end). On a narrow portrait screen
 * the hand takes two rows, so tiles stay tappable: the melds lie at the right end of the first row, which
 * gives up tiles to the second to make room for them (the drawn tile ends the second row), so your melds
 * take no height of their own; only when they cannot fit there do they take a row above.
 * `first` is the number of tiles in the first row (all of them in one row); `at` where the melds lie:
 * 'end' (beyond the drawn tile), 'beside' (the first row's right end) or 'row' (a row of their own).
 */
function planHand(W, H, m, melds, owner, cap) {
  const short = W > H && H < 560;
  const avail = W - 2 * m;
  const most = 14 - 3 * melds.length;       // concealed tiles at most, the drawn one included
  const slots = most - 1;
  const units = meldsUnits(melds, owner);
  const fits = (w, room) => meldsWidth(melds, owner, w) <= room;
  // desktop: the hand grows with the height (88 px at 1920x1080); a short screen keeps room for the rivers
  const hwMax = short ? Math.max(40, H * 0.095)
    : Math.min(Math.max(72, H * 0.085), W > H ? Math.max(H * 0.12, Math.min(44, H * 0.14)) : H * 0.1);
  const twoRows = H > W * 1.2 && avail / (most + GAP_DRAWN) < 40 && most > 5;
  let hw, mw = 0, first = slots, at = melds.length ? 'end' : null;
  if (twoRows) {
    first = Math.ceil(slots / 2);
    hw = Math.floor(Math.min(cap, TWO_ROW_MAX, avail / (first + 1 + GAP_DRAWN)));
    if (melds.length) {
      // the first row with k tiles and the melds: the largest hand tiles, then the largest meld tiles, then
      // the most even rows
      let best = null;
      for (let k = 1; k < slots; k++) {
        const w = Math.floor(Math.min(cap, TWO_ROW_MAX, avail / (Math.max(k, slots - k) + 1 + GAP_DRAWN)));
        let u = Math.floor(w * MELD_BESIDE);
        while (u > 0 && !fits(u, avail - (k + 0.3) * w)) u -= 1;
        if (u < w * MELD_LEAST) continue;
        if (!best || w > best.w || (w === best.w && u >= best.u)) best = {k, w, u};
      }
      if (best) {
        ({k: first, w: hw, u: mw} = best);
        at = 'beside';
      } else {
        at = 'row';
        mw = Math.floor(Math.min(hw * MELD_LEAST, avail / (units + 0.1)));
      }
    }
  } else {
    hw = avail / (most + GAP_DRAWN + (melds.length ? units * MELD_BESIDE + 0.5 : 0));
    // (a row of melds as wide as the screen: the hand no larger than keeps them readable beside it)
    const rowOfMelds = avail / (units + 0.1);
    if (melds.length && hw < hwMax * 0.8) {
      at = 'row';
      hw = Math.min(avail / (most + GAP_DRAWN), rowOfMelds / MELD_LEAST);
    }
    hw = Math.floor(Math.min(hw, hwMax, cap));
    if (melds.length) mw = Math.floor(hw * MELD_BESIDE);
    if (at === 'row') mw = Math.floor(Math.min(mw, rowOfMelds));
  }
  const hh = Math.round(hw * RATIO);
  const raise = Math.round(hw * (short ? 0.22 : 0.28));   // a selected tile lifts by this
  const label = Math.round(hw * 0.34);    // room for the 摸 label above the drawn tile
  const meldH = mw ? Math.round(mw * RATIO) + depthOf(mw) : 0;
  const rowPitch = hh + depthOf(hw) + raise + Math.round(hw * 0.12);
  const handY = H - m - depthOf(hw) - hh;
  const firstY = twoRows ? handY - rowPitch : handY;
  // the 摸 label above the drawn tile (far right) may reach into the table's bottom margin: the rivers are
  // in the middle
  const zoneTop = firstY - raise - Math.round(label * 0.25) - (at === 'row' ? meldH + Math.round(m * 0.5) : 0);
  // a row's length in tiles, the drawn tile and its gap included (the drawn tile ends the longer row)
  const rowUnits = Math.max(first, slots - first) + 1 + GAP_DRAWN;
  return {hw, hh, raise, mw, meldH, twoRows, first, at, rowUnits, handY, firstY, zoneTop};
}

export function computeLayout(W, H, state) {
  const L = {W, H};
  const human = state.seat;
  const me = state.players[human];
  const hand = state.hand || [];
  const drawn = state.drawn;
  const m = Math.max(6, Math.round(Math.min(W, H) * 0.015));
  L.margin = m;
  // Phones and short screens are tight: smaller opponents' rows, closer gaps, a shorter centre box on a
  // short landscape screen, a smaller hand there, so the rivers get the room.
  const short = W > H && H < 560;
  const tight = short || H > W;
  const upright = H > W;

  // ------------------------------------------------------------------ the table's shape
  let maxDiscards = 0;
  for (const p of state.players) maxDiscards = Math.max(maxDiscards, p.discards.length);
  // A long hand's rivers keep their size: room for KEPT discards a river is there from the deal. The two
  // rivers whose rows run along the screen's long side continue their third row past six tiles, into the
  // corner at their far end, as Tenhou and Mahjong Soul do; the two along the short side, where no such
  // room is, take a fourth row of six instead. The latter lean toward their far end, so that the corner
  // where they start holds a plate as big as the one beside a continued third row. (Rivers longer still,
  // which no hand has reached, get more rows of six and shrink.)
  const portrait = H > W;
  const kept = maxDiscards <= KEPT;
  const extend = [0, 1, 2, 3].map((pos) => kept && (pos % 2 === 1) === portrait);
  const rowsAt = extend.map((e) => (kept ? (e ? 3 : 4) : Math.ceil(maxDiscards / RIVER_COLS)));
  const depthOfRows = (n) => (n - 1) * ROW_STEP + TILE_BODY;
  const extV = depthOfRows(rowsAt[0]);                 // the top and bottom rivers' depth, in river tile widths
  const extH = depthOfRows(rowsAt[1]);                 // the side rivers'
  const g = short ? 0.12 : tight ? 0.15 : 0.22;        // box to river
  const og = short || portrait ? 0.15 : tight ? 0.22 : 0.35;   // river to the opponent's row
  const opp = upright ? 0.55 : tight ? 0.62 : OPP_TILE;   // opponents' tiles, in river tile widths
  const rowH = opp * TILE_BODY;                         // an opponent's row (standing backs or laid tiles)
  const below = tight ? 0.15 : 0.3;                     // your river to your hand
  const half = RIVER_COLS / 2;                          // half a river's length, in river tile widths
  // a landscape screen lacks height, not width: the centre box is low (two lines of words beside the
  // wildcard)
  const low = W > H * 1.25;
  const boxW = upright ? 1.6 : half;
  // how far the side rivers reach up and down from the centre: their third row runs on in portrait, they
  // lean in landscape
  const sideLean = kept && !extend[1] ? (TILE_BODY + g) / 2 : 0;
  const sideReach = half + (extend[1] ? TAIL : 0) + sideLean;
  // (the side rows of tiles lie beyond the top and bottom rivers' third rows too)
  const sideOut = Math.max(boxW + g + extH, extend[0] ? half + TAIL : 0);
  const hUnits = 2 * (sideOut + og + rowH);
  // the centre box is at least tall enough for its text at the smallest font (see drawCentre)
  const fsOf = (r) => clamp(Math.round(r * 0.5), 10, 17);
  // upright, the box is at least as tall as a side river is long, so the top and bottom rivers clear them
  // a low box: the wildcard at its left as tall as the box, the words at its right, two lines (see
  // drawCentre); the turn bar along each edge takes 1.5 bar widths of it
  const lowBoxH = (r) => fsOf(r) * 2.7 + 2 * (1.5 * Math.max(3, 0.16 * r) + 2);
  const bhOf = (r) => (low ? lowBoxH(r) / 2
    : Math.max((upright ? half : 2.15) * r, (fsOf(r) * 2.9 + Math.max(12, 1.1 * r) * 1.5 + 12) / 2));
  // the table's reach above and below the centre for a box of half height b: the top river and the
  // opponent's row beyond it, your river; the side rivers where they reach further (their third rows, in
  // portrait, stop short of your hand)
  const up = (r, b) => Math.max(b + (g + extV + og + rowH) * r, sideReach * r);
  const down = (r, b) => Math.max(b + (g + extV + below) * r, (sideReach + below / 2) * r);
  const height = (r) => up(r, bhOf(r)) + down(r, bhOf(r));
  // a desktop keeps felt beside the table for the claim buttons, the hints and the rules (the dock)
  const besides = low && !short ? 2 * SIDE_ROOM : 0;
  // the largest river tile the felt above a hand zone from y = zoneTop holds, beside hand tiles hw wide
  const riverFor = (zoneTop, hw) => {
    let r = Math.floor(Math.min((W - 2 * m - besides) / hUnits, hw * 0.72, RIVER_MAX));
    while (r > 8 && height(r) > Math.max(100, zoneTop) - 1.5 * m) r -= 1;
    return r;
  };

  // ------------------------------------------------------------------ your hand (bottom zone)
  const melds = me.melds;
  let plan = planHand(W, H, m, melds, human, Infinity);
  let rw = riverFor(plan.zoneTop, plan.hw);
  // Upright, the rivers come first: your melds' hand gives up tile size (down to what a hand without melds
  // has) while that makes the river tiles larger, so a call does not shrink the rivers.
  if (upright && melds.length) {
    const least = Math.min(plan.hw, planHand(W, H, m, [], human, Infinity).hw);
    for (let cap = plan.hw - 1; cap >= least; cap--) {
      const p = planHand(W, H, m, melds, human, cap);
      const r = riverFor(p.zoneTop, p.hw);
      if (r > rw) { plan = p; rw = r; }
    }
  }
  // (only where the goal is reached: a screen too small for it keeps its hand's size)
  if (upright && rw < RIVER_GOAL) {
    for (let cap = plan.hw - 1; cap >= HAND_LEAST; cap--) {
      const p = planHand(W, H, m, melds, human, cap);
      const r = riverFor(p.zoneTop, p.hw);
      if (r >= RIVER_GOAL) { plan = p; rw = r; break; }
    }
  }
  const {hw, hh, raise, mw, meldH, twoRows, first, at, rowUnits, handY, firstY, zoneTop} = plan;
  L.handZone = {y: zoneTop, h: H - zoneTop};

  const myMeldW = meldsWidth(melds, human, mw);
  const totalW = at === 'beside' ? Math.max(rowUnits * hw, (first + 0.3) * hw + myMeldW)
    : at === 'end' ? rowUnits * hw + hw * 0.5 + myMeldW : rowUnits * hw;
  const x0 = Math.round((W - totalW) / 2);
  const tiles = [];
  const drawnIndex = drawn ? hand.lastIndexOf(drawn) : -1;
  const rest = hand.map((tile, i) => i).filter((i) => i !== drawnIndex);
  // two rows: the first row holds `first` tiles, the second the rest and the drawn tile
  let x = x0, y = firstY, k = 0;
  for (const i of rest) {
    if (twoRows && k === first) { x = x0; y = handY; }
    tiles.push({tile: hand[i], index: i, x, y, w: hw, drawn: false});
    x += hw;
    k += 1;
  }
  if (drawnIndex >= 0) {
    const dx = x0 + (rowUnits - 1) * hw;
    tiles.push({tile: hand[drawnIndex], index: drawnIndex, x: dx, y: handY, w: hw, drawn: true});
  }
  L.hand = {tiles, w: hw, h: hh, raise, y: handY, rows: twoRows ? 2 : 1};
  const meldRects = [];
  let mx, my;
  if (at === 'row') {
    mx = Math.round(W - m - myMeldW);
    my = zoneTop + Math.round(m * 0.25);
  } else if (at === 'beside') {
    // at the first row's right end, level with its bottom, ending where the drawn tile does
    mx = x0 + totalW - myMeldW;
    my = firstY + hh + depthOf(hw) - meldH;
  } else {
    mx = x0 + rowUnits * hw + hw * 0.5;
    my = handY + hh + depthOf(hw) - meldH;
  }
  for (const meld of melds) {
    const w = meldWidth(meld, human, mw);
    meldRects.push({meld, x: mx, y: my, w: mw, width: w});
    mx += w + mw * 0.15;
  }
  L.myMelds = meldRects;

  // ------------------------------------------------------------------ the table above it
  const regionH = Math.max(100, zoneTop);
  // spare height (tall screens) first squares the centre box, then stays above the table
  const spare = regionH - 1.5 * m - height(rw);
  const bh = Math.max(bhOf(rw), Math.min(RIVER_COLS / 2 * rw, bhOf(rw) + Math.max(0, spare) / 2));
  const bw = boxW * rw;
  L.rw = rw;
  L.lowBox = low;
  L.rstep = Math.round(rw * ROW_STEP);
  L.rows = rowsAt;
  L.extend = extend;
  L.gap = Math.round(rw * g);
  L.box = {hx: bw, hy: bh};
  L.cx = Math.round(W / 2);
  // bottom-aligned: your river sits right above your hand
  L.cy = Math.round(zoneTop - down(rw, bh));
  // a portrait screen has height to spare (the width sets the tile size): the table goes to the middle of
  // the felt above your hand instead of leaving an empty band at the top
  const above = L.cy - up(rw, bh) - m;
  // (keeping a band of up to 48 px at the top, where a message shows for a moment)
  if (H > W && above > 2 * m) L.cy -= Math.round(Math.min(above / 2, Math.max(0, above - 48)));
  const along = [bh, bw, bh, bw];              // the box's half extent along each seat's axis
  L.riverStart = along.map((b) => b + L.gap);
  const face = Math.round(rw * RATIO) + depthOf(rw);                  // a laid river tile's height
  L.riverDepth = rowsAt.map((n) => (n - 1) * L.rstep + face);
  L.tailDepth = face;                            // the third row, which runs on in a river that extends
  // the top and bottom rivers lean in portrait, as far as makes your plate (between your river and the
  // third row of the river on your left) as wide as the plate of the seat on your right (between your
  // river and the screen's edge)
  const edge = (W / 2 - m) / rw;
  const bottomLean = kept && !extend[0] ? clamp((edge - boxW - 2 * ROW_STEP) / 2, 0, edge - half - 1) : 0;
  L.lean = [bottomLean, sideLean, bottomLean, sideLean].map((x) => Math.round(x * rw));

  // opponents' rows: as big as fits along their edge. In portrait a side row starts level with the middle
  // of its river and runs toward its right, leaving the corner at the river's start (and its plate) the
  // screen's edge, and keeping clear of the river beside that corner; the row across stays between the side
  // rivers' third rows, which reach as far up as it.
  L.ow = [0, 0, 0, 0];
  L.oppY = [0, 0, 0, 0];
  L.oppFrom = [null, null, null, null];
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    if (pos === 0) continue;
    const units = Math.max(p.hand_count, 14 - 3 * p.melds.length) + (p.melds.length ? 0.35 + meldsUnits(p.melds, p.seat) : 0);
    let room;
    if (pos === 2) {
      room = portrait ? 2 * (L.riverStart[1] + 2 * L.rstep - L.gap) : W - 2 * m;
    } else if (portrait) {
      L.oppFrom[pos] = 0;
      room = (pos === 1 ? L.cy - m : zoneTop - L.cy - m * 0.5) - L.oppFrom[pos];
    } else {
      room = 2 * Math.min(L.cy - m, zoneTop - L.cy - m * 0.5);
    }
    const ow = Math.max(6, Math.floor(Math.min(rw * opp, room / units)));
    L.ow[pos] = ow;
    L.oppY[pos] = (pos % 2 ? Math.round(sideOut * rw) : L.riverStart[pos] + L.riverDepth[pos]) + Math.round(rw * og);
  }
  L.oh = (pos) => Math.round(L.ow[pos] * TILE_BODY);

  // ------------------------------------------------------------------ seat plates in the corners
  // Each plate sits in the corner where its own river starts (the seat's left), beside the river's first
  // tile and level with its far edge. The corner ends at the river of the seat on the left, or at that
  // river's third row where it runs on into the corner; in portrait a side seat's corner reaches the
  // screen's edge (its own row of tiles runs the other way).
  const corners = [0, 1, 2, 3].map((pos) => {
    const q = (pos + 3) % 4;                   // the seat on this one's left
    const outer = L.riverStart[q] + (extend[q] ? 2 * L.rstep : L.riverDepth[q]);
    const x0 = -outer + L.gap, x1 = -half * rw + L.lean[pos] - L.gap;
    const y0 = half * rw + L.lean[q] + L.gap;
    const y1 = L.oppFrom[pos] !== null ? (pos === 1 ? W - m - L.cx : L.cx - m) : L.riverStart[pos] + L.riverDepth[pos];
    return {pos, x0, x1, y0, y1, rect: localRect(L, pos, x0, y0, x1 - x0, y1 - y0)};
  });
  const zoneW = Math.min(...corners.map((c) => c.rect.w));
  const zoneH = Math.min(...corners.map((c) => c.rect.h));
  // the plate's words grow with the table (up to PLATE_FONT), as far as the corners allow
  let fs = clamp(Math.round(rw * 0.5), 11, PLATE_FONT);
  let wide = zoneW >= fs * 7.6;
  // the name line (and the points line on a narrow plate) over a line of chips, each clear of the next
  const plateH = (f, wd) => Math.round(f * (wd ? 3.25 : 4.35));
  while (fs > 9 && (plateH(fs, wide) > zoneH || (!wide && fs * 5 > zoneW))) { fs -= 1; wide = zoneW >= fs * 7.6; }
  L.fs = fsOf(rw);                               // the centre box's words
  L.plateFont = fs;
  const pw = Math.round(Math.min(zoneW, fs * (wide ? 9 : 6.6)));
  // a narrow plate takes a line more where its corner has it: a chip too long for its width wraps there
  const ph = Math.min(wide ? plateH(fs, true) : Math.max(plateH(fs, false), Math.round(fs * 5.6)), Math.max(fs * 2, zoneH));
  L.plates = corners.map(({pos, x1, y1, rect: c}) => {
    // the plate's corner nearest the river's first tile and its far edge
    const [ax, ay] = toScreen(L, pos, x1, y1);
    const x = Math.abs(ax - c.x) < Math.abs(ax - c.x - c.w) ? c.x : c.x + c.w - pw;
    const y = Math.abs(ay - c.y) < Math.abs(ay - c.y - c.h) ? c.y : c.y + c.h - ph;
    return {x: Math.round(x), y: Math.round(y), w: pw, h: ph, wide};
  });
  return L;
}

/** The rectangles of every part of the table (canvas pixels), as tests and hit-testing read them. */
export function describeLayout(L, state) {
  const human = state.seat;
  const seats = [];
  for (const p of state.players) {
    const pos = (p.seat - human + 4) % 4;
    const x0 = -(RIVER_COLS * L.rw) / 2 + L.lean[pos];
    const river = localRect(L, pos, x0, L.riverStart[pos], RIVER_COLS * L.rw, L.riverDepth[pos]);
    // the room a continued third row takes, kept free from the deal
    const tail = L.extend[pos]
      ? localRect(L, pos, x0 + RIVER_COLS * L.rw, L.riverStart[pos] + 2 * L.rstep, TAIL * L.rw, L.tailDepth) : null;
    let hand, rows = null, melds = null;
    if (pos === 0) {
      const ts = L.hand.tiles;
      if (ts.length) {
        const hx = Math.min(...ts.map((t) => t.x));
        const top = Math.min(...ts.map((t) => t.y)) - L.hand.raise;
        const right = Math.max(...ts.map((t) => t.x + L.hand.w));
        hand = {x: hx, y: top, w: right - hx, h: L.hand.y + L.hand.h + depthOf(L.hand.w) - top};
        // a two-row hand: each row (melds may lie beside the first)
        if (L.hand.rows === 2) {
          rows = [...new Set(ts.map((t) => t.y))].sort((a, b) => a - b).map((y) => {
            const row = ts.filter((t) => t.y === y);
            const rx = Math.min(...row.map((t) => t.x));
            return {x: rx, y: y - L.hand.raise, w: Math.max(...row.map((t) => t.x + L.hand.w)) - rx,
              h: L.hand.raise + L.hand.h + depthOf(L.hand.w)};
          });
        }
      } else {
        hand = {x: L.W / 2, y: L.hand.y, w: 0, h: 0};
      }
      if (L.myMelds.length) {
        const a = L.myMelds[0], z = L.myMelds[L.myMelds.length - 1];
        const h = Math.round(a.w * RATIO) + depthOf(a.w);
        melds = {x: a.x, y: a.y, w: z.x + z.width - a.x, h};
      }
    } else {
      const row = opponentRow(L, pos, p, state);
      hand = localRect(L, pos, row.handX, L.oppY[pos], row.handW, L.oh(pos));
      if (row.meldW) melds = localRect(L, pos, row.meldX, L.oppY[pos], row.meldW, L.oh(pos));
    }
    seats.push({seat: p.seat, pos, hand, rows, river, tail, melds, plate: rectOf(L.plates[pos])});
  }
  const centre = {x: L.cx - L.box.hx, y: L.cy - L.box.hy, w: 2 * L.box.hx, h: 2 * L.box.hy};
  return {width: L.W, height: L.H, seats, centre};
}

/** The felt left free beside the table (the narrower of its two sides), the hand zone's height and the
 *  table's top and bottom, in canvas pixels: the page puts the claim buttons, the hints and the messages there. */
export function freeRoom(L, state) {
  const d = describeLayout(L, state);
  let x0 = d.centre.x, x1 = d.centre.x + d.centre.w, y0 = d.centre.y, y1 = d.centre.y + d.centre.h;
  for (const s of d.seats) {
    for (const r of [s.river, s.tail, s.plate, s.pos === 0 ? null : s.hand, s.pos === 0 ? null : s.melds]) {
      if (r && r.w > 0) {
        x0 = Math.min(x0, r.x); x1 = Math.max(x1, r.x + r.w);
        y0 = Math.min(y0, r.y); y1 = Math.max(y1, r.y + r.h);
      }
    }
  }
  return {side: Math.max(0, Math.floor(Math.min(x0, L.W - x1))), hand: Math.ceil(L.H - L.handZone.y), top: y0, bottom: y1,
    right: Math.ceil(x1)};
}

/** An opponent's row in its local frame: concealed tiles from handX, then melds from meldX. */
export function opponentRow(L, pos, p, state) {
  const ow = L.ow[pos];
  const revealed = state.all_hands || (state.result && state.result.hands) || null;
  const open = revealed ? revealed[p.seat] : null;
  const nHidden = open ? open.length : p.hand_count;
  const meldW = meldsWidth(p.melds, p.seat, ow);
  const gap = p.melds.length ? Math.round(ow * 0.35) : 0;
  const total = nHidden * ow + gap + meldW;
  // centred on the seat, or (a side seat in portrait) from level with its river's start
  const handX = L.oppFrom[pos] !== null ? L.oppFrom[pos] : Math.round(-total / 2);
  return {ow, open, nHidden, handX, handW: nHidden * ow, meldX: handX + nHidden * ow + gap, meldW};
}

function rectOf(r) {
  return {x: r.x, y: r.y, w: r.w, h: r.h};
}
