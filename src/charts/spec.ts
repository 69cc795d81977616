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
 * How charts reach the client (the images setting): 'auto' a link to a PNG resource (read with
 * resources/read, so no image bytes fill the model's context) for the charts that say more than the table
 * beside them (radars and scatters; bars only repeat a ranking's numbers); 'inline' the PNG bytes in the
 * result for those same charts; 'true' the PNG bytes for every chart (as before links existed); 'false'
 * none.
 */
export type ImagePolicy = 'auto' | 'inline' | 'true' | 'false';

export type ChartDelivery = 'link' | 'inline' | 'none';

export function chartDelivery(policy: ImagePolicy | undefined, chart: Chart): ChartDelivery {
  if (policy === 'false') return 'none';
  if (policy === 'true') return 'inline';
  if (chart.kind === 'bars') return 'none';
  return policy === 'inline' ? 'inline' : 'link';
}
