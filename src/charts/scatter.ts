import { GRID, MUTED, seriesColour } from './palette.js';
import type { ScatterChart } from './spec.js';
import { document, el, mark, n, text } from './svg.js';
import { axisFor } from './ticks.js';

const HEIGHT = 600;
const LEFT = 80;
const RIGHT = 760;
const TOP = 80;
const BOTTOM = 530;

/** Two crossed statistics; the players of interest in colour and named, the rest grey. */
export function scatterSvg(chart: ScatterChart): string {
  const xAxis = axisFor(
    chart.points.map((p) => p.x),
    { percent: chart.xUnit === '%' },
  );
  const yAxis = axisFor(
    chart.points.map((p) => p.y),
    { percent: chart.yUnit === '%' },
  );
  const sx = (v: number) => LEFT + ((v - xAxis.lo) / (xAxis.hi - xAxis.lo)) * (RIGHT - LEFT);
  const sy = (v: number) => BOTTOM - ((v - yAxis.lo) / (yAxis.hi - yAxis.lo)) * (BOTTOM - TOP);
  const style = { 'font-size': 11, fill: MUTED };
  const ticks =
    xAxis.ticks
      .map(
        (v) =>
          el('line', { x1: sx(v), y1: TOP, x2: sx(v), y2: BOTTOM, stroke: GRID }) +
          text(sx(v), BOTTOM + 16, xAxis.label(v), { 'text-anchor': 'middle', ...style }),
      )
      .join('') +
    yAxis.ticks
      .map(
        (v) =>
          el('line', { x1: LEFT, y1: sy(v), x2: RIGHT, y2: sy(v), stroke: GRID }) +
          text(LEFT - 6, sy(v) + 4, yAxis.label(v), { 'text-anchor': 'end', ...style }),
      )
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
  const withUnit = (name: string, unit: string | undefined) => (unit ? `${name} (${unit})` : name);
  const labels =
    text((LEFT + RIGHT) / 2, BOTTOM + 40, withUnit(chart.x, chart.xUnit), {
      'text-anchor': 'middle',
      class: 'x-label',
    }) +
    text(20, (TOP + BOTTOM) / 2, withUnit(chart.y, chart.yUnit), {
      'text-anchor': 'middle',
      transform: `rotate(-90 20 ${n((TOP + BOTTOM) / 2)})`,
      class: 'y-label',
    });
  return document(chart, HEIGHT, ticks + points + labels, 'scatter');
}
