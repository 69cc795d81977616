// The SVG builders and the PNG renderer: every kind draws at the promised size, is not blank,
// names its players (escaped), and stays readable with many rows.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { barsSvg } from '../../src/charts/bars.js';
import { statLabel } from '../../src/charts/labels.js';
import { OKABE_ITO } from '../../src/charts/palette.js';
import { BARS_SHOWN, rankingBars } from '../../src/charts/ranking-bars.js';
import { chartSvg, svgToPng } from '../../src/charts/render.js';
import type { Chart } from '../../src/charts/spec.js';
import { fitText, textWidth } from '../../src/charts/svg.js';
import { attachChart } from '../../src/mcp/chart-content.js';
import type { ToolContext } from '../../src/mcp/context.js';
import { inspectPng } from '../support/png.js';

const source = { cached: true, fetched_at: '2026-11-22T14:02:09.000Z' };
const frame = { title: 'A title', subtitle: 'Season 25-26 · data fetched 2026-11-22 14:02 UTC (cached)' };

const CHARTS: Chart[] = [
  {
    kind: 'radar',
    ...frame,
    axes: ['goals', 'xG', 'key passes', 'tackles'],
    series: [
      { name: 'Zoë <Tester> & "Co"', values: [100, 40, 80, 10], shown: ['0.5', '0.2', '2.1', '0.4'] },
      { name: "Jean-Pierre O'Neil", values: [20, 100, 60, 100], shown: ['0.1', '0.5', '1.6', '3.9'] },
    ],
    scale: '100 = best of these players',
  },
  {
    kind: 'bars',
    ...frame,
    unit: 'Performance index',
    bars: [
      { label: 'Zoë <Tester> & "Co"', value: 91 },
      { label: "Jean-Pierre O'Neil", value: 70.5 },
    ],
  },
  {
    kind: 'scatter',
    ...frame,
    x: 'progressive passes',
    y: 'key passes',
    points: [
      { name: 'Zoë <Tester> & "Co"', x: 5, y: 2, highlight: true },
      { name: "Jean-Pierre O'Neil", x: 3, y: 1, highlight: false },
      { name: 'Third', x: 1, y: 0.5, highlight: true },
    ],
  },
];

describe.each(CHARTS)('$kind chart', (chart) => {
  const svg = chartSvg(chart);

  it('is well-formed SVG whose text is escaped, with its title and subtitle', () => {
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="800" height="\d+"/);
    expect(svg).toContain('Zoë &#60;Tester&#62; &#38; &#34;Co&#34;');
    expect(svg).not.toContain('<Tester>');
    expect(svg).toContain('A title');
    expect(svg).toContain('data fetched 2026-11-22 14:02 UTC (cached)');
  });

  it('renders to a non-blank PNG of its own size', async () => {
    const png = inspectPng(await svgToPng(svg));
    const height = Number(/height="(\d+)"/.exec(svg)?.[1]);
    expect(png.width).toBe(800);
    expect(png.height).toBe(height);
    expect(png.height).toBeLessThanOrEqual(600);
    expect(png.inked).toBeGreaterThan(1000);
  });
});

it('a white SVG decodes as blank, so the ink count can tell a drawn chart from an empty one', async () => {
  const blank =
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><rect width="800" height="600" fill="#fff"/></svg>';
  expect(inspectPng(await svgToPng(blank)).inked).toBe(0);
});

it('a ranking draws at most BARS_SHOWN bars and stays within 600 px', async () => {
  const entries = Array.from({ length: 100 }, (_, i) => ({
    name: `Player ${i}`,
    club: null,
    score: 100 - i,
  }));
  const chart = rankingBars(
    entries,
    (e) => e.score,
    { title: 'Poacher', unit: 'index', league: 'Ligue 1' },
    source,
  );
  expect(chart?.bars).toHaveLength(BARS_SHOWN);
  expect(chart?.title).toBe(`Poacher: top ${BARS_SHOWN} in Ligue 1`);
  if (!chart) throw new Error('no chart');
  const png = inspectPng(await svgToPng(chartSvg(chart)));
  expect(png.height).toBeLessThanOrEqual(600);
  expect(rankingBars([], () => 0, { title: 'x', unit: 'y' }, source)).toBeUndefined();
});

it('names statistics for a reader and uses the Okabe–Ito colours', () => {
  expect(statLabel('pass_completion_pct')).toBe('pass completion %');
  expect(statLabel('xg')).toBe('xG');
  expect(statLabel('progressive_passes')).toBe('progressive passes');
  const radar = chartSvg(CHARTS[0] as Chart);
  expect(radar).toContain(`fill="${OKABE_ITO[0]}"`);
  expect(radar).toContain(`fill="${OKABE_ITO[1]}"`);
});

it('a chart that cannot be drawn leaves the answer as it was, with a warning in the log', async () => {
  const warnings: string[] = [];
  const logger = { warn: (m: string) => warnings.push(m) };
  const ctx = { images: 'true', logger } as unknown as ToolContext;
  const result: CallToolResult = {
    content: [{ type: 'text', text: 'table' }],
    structuredContent: { data: [] },
  };
  const drawn = await attachChart(
    result,
    () => {
      throw new Error('bad data');
    },
    ctx,
  );
  expect(drawn).toEqual(result);
  expect(warnings).toEqual(['chart not drawn']);
  expect(await attachChart(result, () => undefined, ctx)).toEqual(result);
});

it('ranking bar labels fit left of the bars: long names are shortened, the tooltip keeps them whole', () => {
  const long = 'Jean-Baptiste Maximilien Oyelowo-Kristiansen (Olympique Gymnaste Club de Nice Côte d’Azur)';
  const svg = barsSvg({
    kind: 'bars',
    title: 't',
    subtitle: 's',
    unit: 'u',
    bars: [{ label: long, value: 80 }],
  });
  const label = /class="bar-label"[^>]*>([^<]*)</.exec(svg)?.[1] ?? '';
  expect(label.endsWith('…)') || label.endsWith('…')).toBe(true);
  expect(textWidth(label, 12)).toBeLessThanOrEqual(250 - 16);
  expect(svg).toContain('Jean-Baptiste');
  expect(label).not.toContain('Club de Nice');
  expect(svg).toContain('Gymnaste Club de Nice'); // in the tooltip
  expect(fitText('Short (FC X)', 234, 12)).toBe('Short (FC X)');
});
