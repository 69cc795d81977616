import type { Source } from '../api/client.js';
import { chartSubtitle } from './frame.js';
import { statLabel } from './labels.js';
import type { RadarChart } from './spec.js';

const MAX_AXES = 10;

interface Compared {
  name: string | null;
  season: string | null;
  statistics: Record<string, number | string | null>;
}

/**
 * A radar of the statistics every compared player has as a number. The API gives no league
 * percentiles here, so each spoke is scaled to the best of the players shown (100 = highest).
 */
export function comparisonRadar(players: readonly Compared[], source: Source): RadarChart | undefined {
  const first = players[0];
  if (!first || players.length < 2) return undefined;
  const axes = Object.keys(first.statistics)
    .filter((stat) => players.every((p) => typeof p.statistics[stat] === 'number'))
    .slice(0, MAX_AXES);
  if (axes.length < 3) return undefined;
  const value = (p: Compared, stat: string) => p.statistics[stat] as number;
  const best = axes.map((stat) => Math.max(...players.map((p) => value(p, stat))));
  return {
    kind: 'radar',
    title: `Comparison: ${players.map((p) => p.name).join(' vs ')}`,
    subtitle: chartSubtitle(
      players.map((p) => p.season),
      source,
    ),
    axes: axes.map(statLabel),
    series: players.map((p) => ({
      name: p.name ?? 'unnamed player',
      values: axes.map((stat, i) =>
        (best[i] ?? 0) > 0 ? (100 * Math.max(0, value(p, stat))) / (best[i] ?? 1) : 0,
      ),
      shown: axes.map((stat) => String(value(p, stat))),
    })),
    scale:
      'Statistics per 90 minutes (rates in %); each spoke scaled so that its outer ring = the best of these players',
  };
}
