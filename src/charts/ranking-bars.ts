import { type ChartSource, chartSubtitle } from './frame.js';
import type { BarsChart } from './spec.js';

/** More bars would be too thin to read in 600 px; the text table still lists every row. */
export const BARS_SHOWN = 20;

interface Ranked {
  name: string | null;
  club: string | null;
}

/** A ranking as bars, best first: "Poacher (renard_des_surfaces): top 20 in Ligue 1". */
export function rankingBars<E extends Ranked>(
  entries: readonly E[],
  value: (entry: E) => number,
  what: { title: string; unit: string; league?: string | undefined; season?: string | undefined },
  source: ChartSource,
): BarsChart | undefined {
  const shown = entries.slice(0, BARS_SHOWN);
  if (shown.length === 0) return undefined;
  return {
    kind: 'bars',
    title: `${what.title}: top ${shown.length}${what.league ? ` in ${what.league}` : ''}`,
    subtitle: chartSubtitle([what.season], source),
    unit: what.unit,
    bars: shown.map((e) => {
      const name = e.name ?? 'unnamed player';
      return { label: e.club ? `${name} (${e.club})` : name, value: value(e) };
    }),
  };
}
