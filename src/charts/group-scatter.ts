import { type ChartSource, chartSubtitle } from './frame.js';
import { statLabel } from './labels.js';
import type { ScatterChart } from './spec.js';

interface Point {
  name: string | null;
  x: number | null;
  y: number | null;
  highlighted: boolean;
}

/** The comparison group over its two statistics, players of interest highlighted and named. */
export function groupScatter(
  points: readonly Point[],
  axes: {
    x: string;
    y: string;
    xUnit?: string | undefined;
    yUnit?: string | undefined;
    league?: string | undefined;
    season?: string | undefined;
  },
  source: ChartSource,
): ScatterChart | undefined {
  const plotted = points.filter((p): p is Point & { x: number; y: number } => p.x !== null && p.y !== null);
  if (plotted.length < 2) return undefined;
  const x = statLabel(axes.x);
  const y = statLabel(axes.y);
  return {
    kind: 'scatter',
    title: `${y} against ${x}${axes.league ? `, ${axes.league}` : ''}`,
    subtitle: chartSubtitle([axes.season], source),
    x,
    y,
    ...(axes.xUnit ? { xUnit: axes.xUnit } : {}),
    ...(axes.yUnit ? { yUnit: axes.yUnit } : {}),
    points: plotted.map((p) => ({
      name: p.name ?? 'unnamed player',
      x: p.x,
      y: p.y,
      highlight: p.highlighted,
    })),
  };
}
