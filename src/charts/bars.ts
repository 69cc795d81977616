import { GRID, INK, seriesColour } from './palette.js';
import type { BarsChart } from './spec.js';
import { document, el, fitText, mark, text, WIDTH } from './svg.js';

const TOP = 80;
const LABEL_W = 250;
const MAX_HEIGHT = 600;
const LABEL_FONT = 12;

/** Horizontal bars, longest first as given; the value printed at the end of each bar. */
export function barsSvg(chart: BarsChart): string {
  const rowH = Math.min(28, Math.floor((MAX_HEIGHT - TOP - 40) / Math.max(1, chart.bars.length)));
  const height = TOP + rowH * chart.bars.length + 40;
  const max = Math.max(...chart.bars.map((b) => b.value), 0) || 1;
  const span = WIDTH - LABEL_W - 80;
  const rows = chart.bars
    .map((b, i) => {
      const y = TOP + i * rowH;
      const w = (span * Math.max(0, b.value)) / max;
      return (
        text(LABEL_W - 8, y + rowH * 0.65, fitText(b.label, LABEL_W - 16, LABEL_FONT), {
          'text-anchor': 'end',
          'font-size': LABEL_FONT,
          class: 'bar-label',
        }) +
        mark(
          'rect',
          { x: LABEL_W, y: y + 2, width: w, height: rowH - 4, fill: seriesColour(0) },
          `${b.label}: ${b.value} ${chart.unit}`,
        ) +
        text(LABEL_W + w + 6, y + rowH * 0.65, String(b.value), {
          'font-size': 12,
          fill: INK,
          class: 'bar-value',
        })
      );
    })
    .join('');
  const axis = el('line', {
    x1: LABEL_W,
    y1: TOP,
    x2: LABEL_W,
    y2: TOP + rowH * chart.bars.length,
    stroke: GRID,
  });
  const unit = text(LABEL_W, height - 14, chart.unit, { 'font-size': 12, fill: INK, class: 'unit' });
  return document(chart, height, axis + rows + unit, 'bars');
}
