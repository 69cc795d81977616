import { familyOf, statisticsFor } from '../domain/position-statistics.js';
import type { RoleFamily } from '../domain/roles.js';
import { type ChartSource, chartSubtitle } from './frame.js';
import { statLabel } from './labels.js';
import type { RadarChart } from './spec.js';

const MAX_AXES = 10;

interface Compared {
  name: string | null;
  season: string | null;
  position?: string | null;
  statistics: Record<string, number | string | null>;
  roles?: readonly { role: string }[];
}

/** The family most of the players belong to (by best role, else position); none when no one says. */
function sharedFamily(players: readonly Compared[]): RoleFamily | undefined {
  const counts = new Map<RoleFamily, number>();
  for (const p of players) {
    const family = familyOf(p.roles?.[0]?.role, p.position);
    if (family) counts.set(family, (counts.get(family) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * A radar of the statistics every compared player has as a number, chosen for the players' position
 * family (centre-backs: tackles, interceptions, aerial duels…). The API gives no league percentiles
 * here, so each spoke is scaled to the best of the players shown (100 = highest). `label` names a spoke
 * (the glossary's name, where the tool has it).
 */
export function comparisonRadar(
  players: readonly Compared[],
  source: ChartSource,
  label: (statistic: string) => string = statLabel,
): RadarChart | undefined {
  const first = players[0];
  if (!first || players.length < 2) return undefined;
  const numeric = Object.keys(first.statistics).filter((stat) =>
    players.every((p) => typeof p.statistics[stat] === 'number'),
  );
  const family = sharedFamily(players);
  const axes = statisticsFor(numeric, family, MAX_AXES);
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
    axes: axes.map((stat) => label(stat)),
    series: players.map((p) => ({
      name: p.name ?? 'unnamed player',
      values: axes.map((stat, i) =>
        (best[i] ?? 0) > 0 ? (100 * Math.max(0, value(p, stat))) / (best[i] ?? 1) : 0,
      ),
      shown: axes.map((stat) => String(value(p, stat))),
    })),
    scale: `Statistics per 90 minutes (rates in %)${family ? `, chosen for a ${family.replaceAll('_', ' ')}` : ''}; each spoke scaled so that its outer ring = the best of these players`,
  };
}
