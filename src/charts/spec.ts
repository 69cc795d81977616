/** What a chart shows, independent of how it is drawn (SVG for the PNG and the app alike). */
export interface ChartFrame {
  title: string;
  /** Season and freshness of the data, e.g. "Season 25-26 · fetched 14:02 UTC (cached)". */
  subtitle: string;
}

export interface RadarChart extends ChartFrame {
  kind: 'radar';
  /** One spoke per statistic. */
  axes: string[];
  /** Values per axis on 0-100; `shown` is the raw value printed on hover. */
  series: { name: string; values: number[]; shown: string[] }[];
  /** What 0-100 means, printed under the chart. */
  scale: string;
}

export interface BarsChart extends ChartFrame {
  kind: 'bars';
  unit: string;
  bars: { label: string; value: number }[];
}

export interface ScatterChart extends ChartFrame {
  kind: 'scatter';
  x: string;
  y: string;
  /** The statistics' units as the API's glossary gives them (`%`, `per 90`), when it does. */
  xUnit?: string;
  yUnit?: string;
  points: { name: string; x: number; y: number; highlight: boolean }[];
}

export type Chart = RadarChart | BarsChart | ScatterChart;

/**
 * Which charts also come as PNG image content: 'auto' only those that say more than the table beside
 * them (radars and scatters; bars only repeat a ranking's numbers), 'true' all, 'false' none.
 */
export type ImagePolicy = 'auto' | 'true' | 'false';

export function wantsPng(policy: ImagePolicy | undefined, chart: Chart): boolean {
  if (policy === 'false') return false;
  return policy === 'true' || chart.kind !== 'bars';
}
