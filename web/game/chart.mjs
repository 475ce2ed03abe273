// A small SVG line chart (no library): one line per series over the same x steps, with a legend.

import {svgEl} from './dom.mjs';

/**
 * @param {{name: string, color: string, values: number[]}[]} series  equal-length values
 * @param {{width?: number, height?: number, label?: string, xLabels?: string[]}} opts
 * @returns {SVGSVGElement}
 */
export function lineChart(series, opts = {}) {
  const W = opts.width ?? 560, H = opts.height ?? 220;
  const pad = {l: 34, r: 10, t: 10, b: 22};
  const n = Math.max(1, ...series.map((s) => s.values.length));
  const all = series.flatMap((s) => s.values);
  let lo = Math.min(...all), hi = Math.max(...all);
  if (lo === hi) { lo -= 1; hi += 1; }
  const x = (i) => pad.l + (n === 1 ? 0 : (i * (W - pad.l - pad.r)) / (n - 1));
  const y = (v) => pad.t + ((hi - v) * (H - pad.t - pad.b)) / (hi - lo);
  const svg = svgEl('svg', {viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'chart'});
  if (opts.label) svg.setAttribute('aria-label', opts.label);
  for (const v of niceTicks(lo, hi)) {
    svg.appendChild(svgEl('line', {x1: pad.l, x2: W - pad.r, y1: y(v), y2: y(v), class: 'grid'}));
    const tx = svgEl('text', {x: pad.l - 4, y: y(v) + 4, 'text-anchor': 'end', class: 'tick'});
    tx.textContent = String(v);
    svg.appendChild(tx);
  }
  const xl = opts.xLabels || [];
  const every = Math.max(1, Math.ceil(n / 12));
  for (let i = 0; i < n; i += every) {
    const tx = svgEl('text', {x: x(i), y: H - 6, 'text-anchor': 'middle', class: 'tick'});
    tx.textContent = xl[i] ?? String(i);
    svg.appendChild(tx);
  }
  for (const s of series) {
    const pts = s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
    svg.appendChild(svgEl('polyline', {points: pts, fill: 'none', stroke: s.color, 'stroke-width': 2.5,
      'stroke-linejoin': 'round', 'data-series': s.name}));
    s.values.forEach((v, i) => svg.appendChild(svgEl('circle', {cx: x(i), cy: y(v), r: 2.8, fill: s.color})));
  }
  return svg;
}

/** About five round tick values covering [lo, hi]. */
export function niceTicks(lo, hi) {
  const span = hi - lo;
  const raw = span / 4;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw) || raw;
  const out = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}
