// Computed indicators derived from the rows: market value, percentiles, style profile, club fit,
// league projections and similarity.
import type { Team } from './clubs.js';
import type { CompSeason, PlayerRow } from './generate.js';
import type { Comp } from './leagues.js';
import { levelMean } from './people.js';
import { clamp, round } from './random.js';
import { BASE_MEAN, BASE_SD, GK, STAT_COUNT, STAT_INDEX, STATS } from './stats.js';

/** The domestic league of a row (the league itself, or the club's league for a cup row). */
export function domestic(row: PlayerRow): Comp {
  return row.comp.type === 'cup' ? row.team.comp : row.comp;
}

export function performanceIndex(row: PlayerRow): number {
  return row.roles[row.bestRole] ?? 0;
}

/** Estimated market value in EUR: league level, performance index, age; rounded like a valuation. */
export function marketValue(row: PlayerRow): number {
  const league = domestic(row);
  let v = 10 ** (4.6 + 2.6 * league.strength) * Math.exp((performanceIndex(row) - 60) / 12);
  const age = row.age;
  v *= age <= 21 ? 1.35 : age <= 27 ? 1.1 : age <= 30 ? 0.85 : age <= 33 ? 0.5 : 0.25;
  if (league.gender === 'women') v *= 0.04;
  if (league.level === 'youth') v *= 1.6;
  if (row.valueFactor !== undefined) v *= row.valueFactor;
  const step = v >= 1e6 ? 50_000 : v >= 1e5 ? 5_000 : 1_000;
  return Math.max(10_000, Math.round(v / step) * step);
}

const GK_STATS = [
  'saves_pct',
  'goals_prevented',
  'sweeper_actions',
  'pass_completion_pct',
  'long_pass_completion_pct',
  'progressive_passes',
  'aerial_duels_won_pct',
  'clearances',
  'ball_recoveries',
].map((k) => STAT_INDEX.get(k) ?? 0);
const OUTFIELD_STATS = STATS.flatMap((s, i) => (s.goalkeeperOnly ? [] : [i]));

/** Statistics that describe a family's game (what percentiles and similarity look at). */
export function relevantStats(family: number): readonly number[] {
  return family === GK ? GK_STATS : OUTFIELD_STATS;
}

/** z-score of a statistic against the player's family baseline. */
export function zOf(row: PlayerRow, stat: number): number {
  const at = row.person.family * STAT_COUNT + stat;
  return ((row.stats[stat] ?? 0) - (BASE_MEAN[at] ?? 0)) / (BASE_SD[at] ?? 1);
}

/** Rows of the same family with enough minutes, the population percentiles are taken in. */
export function peers(cs: CompSeason, family: number, accessible: (r: PlayerRow) => boolean): PlayerRow[] {
  return cs.rows.filter((r) => r.person.family === family && r.minutes >= cs.minMinutes && accessible(r));
}

export function percentile(row: PlayerRow, stat: number, population: readonly PlayerRow[]): number {
  const v = row.stats[stat] ?? 0;
  let below = 0;
  let equal = 0;
  for (const p of population) {
    const w = p.stats[stat] ?? 0;
    if (w < v) below++;
    else if (w === v) equal++;
  }
  const n = population.length || 1;
  return Math.round((100 * (below + 0.5 * Math.max(1, equal))) / n);
}

/** A player's style on the same six axes as a club's (0..100). */
export function playerStyle(row: PlayerRow): Record<string, number> {
  const z = (key: string) => {
    const i = STAT_INDEX.get(key) ?? 0;
    const v = zOf(row, i);
    return Number.isFinite(v) ? v : 0;
  };
  const axis = (value: number) => Math.round(clamp(50 + 15 * value, 0, 100));
  return {
    possession: axis((z('pass_completion_pct') + z('progressive_passes')) / 2),
    pressing: axis((z('pressures') + z('ball_recoveries')) / 2),
    directness: axis((z('progressive_carries') + z('successful_dribbles') - z('pass_completion_pct')) / 3),
    width: axis(row.person.family === GK ? 0 : z('crosses')),
    defensive_line: axis(
      row.person.family === GK ? z('sweeper_actions') : (z('interceptions') + z('pressures')) / 2,
    ),
    tempo: axis((z('progressive_passes') + z('progressive_carries')) / 2),
  };
}

/** Fit of a player to a club's style and level (0..100). */
export function fitScore(row: PlayerRow, team: Team, ability: number): number {
  const player = playerStyle(row);
  const club = team.style as Record<string, number>;
  const keys = Object.keys(player);
  const diff = keys.reduce((acc, k) => acc + Math.abs((player[k] ?? 50) - (club[k] ?? 50)), 0) / keys.length;
  const clubLevel = levelMean(team.comp.strength) + 0.7 * (team.prestige - 0.5);
  const gap = clubLevel - ability;
  const penalty = gap > 0 ? 9 * gap : 3 * -gap;
  return round(clamp(100 - 1.1 * diff - penalty, 1, 99), 1);
}

/** Projected role index of a player moved to another league. */
export function projectedScore(score: number, from: Comp, to: Comp): number {
  const factor = (c: Comp) => 0.72 + 0.28 * c.strength;
  const raw = score / factor(from) - 5.6 * (levelMean(to.strength) - levelMean(from.strength));
  return round(clamp(raw * factor(to), 1, 99), 1);
}

/** Similarity of two rows of the same family over its statistics (0..1). */
export function similarity(a: PlayerRow, b: PlayerRow, stats: readonly number[]): number {
  let sum = 0;
  for (const i of stats) {
    const d = zOf(a, i) - zOf(b, i);
    sum += d * d;
  }
  return round(Math.exp(-sum / stats.length / 2), 3);
}
