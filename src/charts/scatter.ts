import { GRID, MUTED, seriesColour } from './palette.js';
import type { ScatterChart } from './spec.js';
import { document, el, mark, n, text } from './svg.js';

const HEIGHT = 600;
const LEFT = 80;
const RIGHT = 760;
const TOP = 80;
const BOTTOM = 530;

function range(values: number[]): [number, number] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) * 0.08 || 1;
  return [lo - pad, hi + pad];
}

/** Two crossed statistics; the players of interest in colour and named, the rest grey. */
export function scatterSvg(chart: ScatterChart): string {
  const [x0, x1] = range(chart.points.map((p) => p.x));
  const [y0, y1] = range(chart.points.map((p) => p.y));
  const sx = (v: number) => LEFT + ((v - x0) / (x1 - x0)) * (RIGHT - LEFT);
  const sy = (v: number) => BOTTOM - ((v - y0) / (y1 - y0)) * (BOTTOM - TOP);
  const ticks = [0, 0.25, 0.5, 0.75, 1]
    .map((t) => {
      const xv = x0 + t * (x1 - x0);
      const yv = y0 + t * (y1 - y0);
      return (
        el('line', { x1: sx(xv), y1: TOP, x2: sx(xv), y2: BOTTOM, stroke: GRID }) +
        text(sx(xv), BOTTOM + 16, n(xv), { 'text-anchor': 'middle', 'font-size': 11, fill: MUTED }) +
        el('line', { x1: LEFT, y1: sy(yv), x2: RIGHT, y2: sy(yv), stroke: GRID }) +
        text(LEFT - 6, sy(yv) + 4, n(yv), { 'text-anchor': 'end', 'font-size': 11, fill: MUTED })
      );
    })
    .join('');
  // Highlighted points last, so they sit on top of the crowd.
  const ordered = [...chart.points].sort((a, b) => Number(a.highlight) - Number(b.highlight));
  let shown = 0;
  const points = ordered
    .map((p) => {
      const tip = `${p.name} · ${chart.x}: ${p.x} · ${chart.y}: ${p.y}`;
      if (!p.highlight) return mark('circle', { cx: sx(p.x), cy: sy(p.y), r: 4, fill: '#bbbbbb' }, tip);
      const colour = seriesColour(shown++);
      return (
        mark(
          'circle',
          { cx: sx(p.x), cy: sy(p.y), r: 7, fill: colour, stroke: '#000', 'stroke-width': 1 },
          tip,
        ) +
        text(sx(p.x) + 10, sy(p.y) - 8, p.name, {
          'font-size': 12,
          'font-weight': 'bold',
          class: 'point-label',
        })
      );
    })
    .join('');
  const labels =
    text((LEFT + RIGHT) / 2, BOTTOM + 40, chart.x, { 'text-anchor': 'middle', class: 'x-label' }) +
    text(20, (TOP + BOTTOM) / 2, chart.y, {
      'text-anchor': 'middle',
      transform: `rotate(-90 20 ${n((TOP + BOTTOM) / 2)})`,
      class: 'y-label',
    });
  return document(chart, HEIGHT, ticks + points + labels, 'scatter');
}
