import { GRID, MUTED, seriesColour } from './palette.js';
import type { RadarChart } from './spec.js';
import { document, el, mark, n, text } from './svg.js';

const HEIGHT = 600;
const CX = 400;
const CY = 315;
const R = 180;
const LEGEND_Y = 560;

/** Where `value` (0-100, or beyond for labels) lies on spoke `axis` of `count`. */
function point(axis: number, count: number, value: number): [number, number] {
  const angle = -Math.PI / 2 + (2 * Math.PI * axis) / count;
  const r = (R * Math.max(0, value)) / 100;
  return [CX + r * Math.cos(angle), CY + r * Math.sin(angle)];
}

const clamp = (value: number) => Math.min(100, value);

/** Legend entries in rows along the bottom, wrapping before the right edge. */
function legend(names: readonly string[]): string {
  let x = 24;
  let y = LEGEND_Y;
  return names
    .map((name, i) => {
      const width = 44 + name.length * 8.5;
      if (x + width > 780 && x > 24) {
        x = 24;
        y += 22;
      }
      const entry =
        el('rect', { x, y: y - 11, width: 14, height: 14, fill: seriesColour(i) }) +
        text(x + 20, y, name, { class: 'legend-label' });
      x += width;
      return entry;
    })
    .join('');
}

/** A radar: one spoke per statistic on a 0-100 scale, one outlined polygon per player. */
export function radarSvg(chart: RadarChart): string {
  const count = chart.axes.length;
  const rings = [25, 50, 75, 100]
    .map((v) =>
      el('polygon', {
        points: chart.axes.map((_, i) => point(i, count, v).map(n).join(',')).join(' '),
        fill: 'none',
        stroke: GRID,
      }),
    )
    .join('');
  const spokes = chart.axes
    .map((axis, i) => {
      const [x, y] = point(i, count, 100);
      const [lx, ly] = point(i, count, 110);
      const anchor = Math.abs(lx - CX) < 8 ? 'middle' : lx < CX ? 'end' : 'start';
      return (
        el('line', { x1: CX, y1: CY, x2: x, y2: y, stroke: GRID }) +
        text(lx, ly + 4, axis, { 'text-anchor': anchor, 'font-size': 12, class: 'axis-label' })
      );
    })
    .join('');
  const polygons = chart.series
    .map((s, si) =>
      el('polygon', {
        points: s.values.map((v, i) => point(i, count, clamp(v)).map(n).join(',')).join(' '),
        fill: seriesColour(si),
        'fill-opacity': 0.12,
        stroke: seriesColour(si),
        'stroke-width': 2.5,
        class: 'series',
        'data-player': s.name,
      }),
    )
    .join('');
  // Every point above every polygon, so each can be hovered.
  const dots = chart.series
    .map((s, si) =>
      s.values
        .map((v, i) => {
          const [x, y] = point(i, count, clamp(v));
          return mark(
            'circle',
            { cx: x, cy: y, r: 4.5, fill: seriesColour(si) },
            `${s.name} · ${chart.axes[i]}: ${s.shown[i]}`,
          );
        })
        .join(''),
    )
    .join('');
  const scale = text(24, 76, chart.scale, { fill: MUTED, 'font-size': 12, class: 'chart-scale' });
  return document(
    chart,
    HEIGHT,
    rings + spokes + polygons + dots + legend(chart.series.map((s) => s.name)) + scale,
    'radar',
  );
}
