import { type ChartSource, chartSubtitle } from './frame.js';
import { statLabel } from './labels.js';
import type { RadarChart } from './spec.js';

interface Percentile {
  statistic: string | null;
  value: number | null;
  percentile: number | null;
}

/**
 * One player's strengths and weaknesses as a percentile radar against the group the API compares with;
 * `label` names a statistic's spoke (the glossary's name, where the tool has it).
 */
export function percentileRadar(
  player: { name: string | null; season: string | null },
  strengths:
    | { compared_with: string | null; strengths: Percentile[] | null; weaknesses: Percentile[] | null }
    | undefined,
  source: ChartSource,
  label: (statistic: string) => string = statLabel,
): RadarChart | undefined {
  if (!strengths) return undefined;
  const stats = [...(strengths.strengths ?? []), ...(strengths.weaknesses ?? [])].filter(
    // A statistic whose name could not be read has no spoke to name.
    (s): s is Percentile & { statistic: string; percentile: number } =>
      s.percentile !== null && s.statistic !== null,
  );
  if (stats.length < 3) return undefined;
  return {
    kind: 'radar',
    title: `${player.name}: strengths and weaknesses`,
    subtitle: chartSubtitle([player.season], source),
    axes: stats.map((s) => label(s.statistic)),
    series: [
      {
        name: player.name ?? 'player',
        values: stats.map((s) => s.percentile),
        shown: stats.map((s) => `${s.value ?? '–'} (percentile ${s.percentile})`),
      },
    ],
    scale: `Percentile among ${strengths.compared_with ?? 'the player’s peers'} (outer ring = 100)`,
  };
}
