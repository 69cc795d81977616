// The statistics of a player row (all per 90 minutes, or percentages), their baseline per position
// family, and how they load on the latent traits of a person. Values of the baselines are plausible
// top-flight averages; they only need to make rankings and percentiles behave sensibly.
import { ROLE_FAMILIES, type RoleFamily } from '../../domain/roles.js';

export const FAMILIES = Object.keys(ROLE_FAMILIES) as RoleFamily[];
export const GK = 0;

export const TRAITS = [
  'finishing',
  'creativity',
  'carrying',
  'defending',
  'aerial',
  'engine',
  'passing',
  'crossing',
  'shot_stopping',
  'distribution',
  'sweeping',
] as const;
export const TRAIT_COUNT = TRAITS.length;

type Unit = 'per 90' | '%';

export interface StatDef {
  readonly key: string;
  readonly name: string;
  readonly unit: Unit;
  readonly definition: string;
  /** Loadings on TRAITS (index → weight). */
  readonly load: Readonly<Record<number, number>>;
  readonly goalkeeperOnly?: boolean;
  readonly max?: number;
}

const T = Object.fromEntries(TRAITS.map((t, i) => [t, i])) as Record<(typeof TRAITS)[number], number>;

export const STATS: readonly StatDef[] = [
  {
    key: 'goals',
    name: 'Goals',
    unit: 'per 90',
    definition: 'Non-penalty goals scored.',
    load: { [T.finishing]: 1 },
  },
  {
    key: 'assists',
    name: 'Assists',
    unit: 'per 90',
    definition: 'Passes leading directly to a goal.',
    load: { [T.creativity]: 0.7, [T.crossing]: 0.3 },
  },
  {
    key: 'xg',
    name: 'Expected goals',
    unit: 'per 90',
    definition: 'Sum of the scoring probability of the shots taken (non-penalty).',
    load: { [T.finishing]: 0.85, [T.aerial]: 0.15 },
  },
  {
    key: 'xa',
    name: 'Expected assists',
    unit: 'per 90',
    definition: "Sum of the scoring probability of the shots that followed the player's passes.",
    load: { [T.creativity]: 0.75, [T.crossing]: 0.35 },
  },
  {
    key: 'shots',
    name: 'Shots',
    unit: 'per 90',
    definition: 'Shots attempted, blocked ones included.',
    load: { [T.finishing]: 0.75, [T.carrying]: 0.25 },
  },
  {
    key: 'key_passes',
    name: 'Key passes',
    unit: 'per 90',
    definition: 'Passes that led directly to a shot.',
    load: { [T.creativity]: 0.9, [T.crossing]: 0.2 },
  },
  {
    key: 'pass_completion_pct',
    name: 'Pass completion',
    unit: '%',
    definition: 'Share of attempted passes that reached a team-mate.',
    load: { [T.passing]: 0.85, [T.carrying]: -0.2 },
    max: 97,
  },
  {
    key: 'progressive_passes',
    name: 'Progressive passes',
    unit: 'per 90',
    definition: 'Completed passes that move the ball at least 10 m towards the opponent goal.',
    load: { [T.passing]: 0.6, [T.creativity]: 0.45 },
  },
  {
    key: 'progressive_carries',
    name: 'Progressive carries',
    unit: 'per 90',
    definition: 'Carries that move the ball at least 10 m towards the opponent goal.',
    load: { [T.carrying]: 0.9, [T.engine]: 0.2 },
  },
  {
    key: 'successful_dribbles',
    name: 'Successful dribbles',
    unit: 'per 90',
    definition: 'Take-ons that beat an opponent while keeping the ball.',
    load: { [T.carrying]: 1 },
  },
  {
    key: 'touches_in_box',
    name: 'Touches in the box',
    unit: 'per 90',
    definition: 'Touches of the ball in the opponent penalty area.',
    load: { [T.finishing]: 0.6, [T.aerial]: 0.25, [T.carrying]: 0.2 },
  },
  {
    key: 'crosses',
    name: 'Crosses',
    unit: 'per 90',
    definition: 'Crosses attempted from the wide areas into the penalty area.',
    load: { [T.crossing]: 1 },
  },
  {
    key: 'tackles',
    name: 'Tackles won',
    unit: 'per 90',
    definition: 'Tackles that won the ball back.',
    load: { [T.defending]: 0.75, [T.engine]: 0.35 },
  },
  {
    key: 'interceptions',
    name: 'Interceptions',
    unit: 'per 90',
    definition: 'Opponent passes intercepted.',
    load: { [T.defending]: 0.85, [T.passing]: 0.15 },
  },
  {
    key: 'blocks',
    name: 'Blocks',
    unit: 'per 90',
    definition: 'Shots and passes blocked.',
    load: { [T.defending]: 0.8 },
  },
  {
    key: 'clearances',
    name: 'Clearances',
    unit: 'per 90',
    definition: 'Balls cleared away from the own goal.',
    load: { [T.defending]: 0.55, [T.aerial]: 0.55 },
  },
  {
    key: 'aerial_duels_won_pct',
    name: 'Aerial duels won',
    unit: '%',
    definition: 'Share of aerial duels won.',
    load: { [T.aerial]: 1 },
    max: 92,
  },
  {
    key: 'pressures',
    name: 'Pressures',
    unit: 'per 90',
    definition: 'Times the player pressed an opponent in possession.',
    load: { [T.engine]: 1 },
  },
  {
    key: 'ball_recoveries',
    name: 'Ball recoveries',
    unit: 'per 90',
    definition: 'Loose balls recovered.',
    load: { [T.engine]: 0.55, [T.defending]: 0.55 },
  },
  {
    key: 'long_pass_completion_pct',
    name: 'Long pass completion',
    unit: '%',
    definition: 'Share of passes longer than 30 m that reached a team-mate.',
    load: { [T.passing]: 0.8, [T.creativity]: 0.2 },
    max: 90,
  },
  {
    key: 'saves_pct',
    name: 'Save percentage',
    unit: '%',
    definition: 'Share of shots on target saved (goalkeepers).',
    load: { [T.shot_stopping]: 1 },
    goalkeeperOnly: true,
    max: 92,
  },
  {
    key: 'goals_prevented',
    name: 'Goals prevented',
    unit: 'per 90',
    definition: 'Post-shot expected goals faced minus goals conceded (goalkeepers).',
    load: { [T.shot_stopping]: 1 },
    goalkeeperOnly: true,
  },
  {
    key: 'sweeper_actions',
    name: 'Sweeper actions',
    unit: 'per 90',
    definition: 'Defensive actions outside the penalty area (goalkeepers).',
    load: { [T.sweeping]: 1 },
    goalkeeperOnly: true,
  },
];
export const STAT_COUNT = STATS.length;
export const STAT_INDEX = new Map(STATS.map((s, i) => [s.key, i]));

export function statIndex(key: string): number {
  const i = STAT_INDEX.get(key);
  if (i === undefined) throw new Error(`unknown statistic ${key}`);
  return i;
}

// [mean, sd] per family, in STATS order; null marks a statistic that does not apply (goalkeeper ones
// for outfield players).
type Base = readonly (readonly [number, number] | null)[];
const OUTFIELD_GK = [null, null, null] as const;

export const BASELINES: readonly Base[] = [
  // goalkeeper
  [
    [0, 0.002],
    [0.005, 0.005],
    [0, 0.002],
    [0.005, 0.005],
    [0, 0.01],
    [0.02, 0.02],
    [75, 7],
    [1.2, 0.6],
    [0.1, 0.08],
    [0.02, 0.02],
    [0, 0.01],
    [0, 0.01],
    [0.05, 0.05],
    [0.3, 0.15],
    [0.05, 0.05],
    [0.9, 0.4],
    [85, 6],
    [0.5, 0.3],
    [4.5, 1.2],
    [45, 9],
    [70, 5],
    [0, 0.12],
    [0.9, 0.4],
  ],
  // centre_back
  [
    [0.05, 0.04],
    [0.03, 0.03],
    [0.06, 0.04],
    [0.03, 0.02],
    [0.5, 0.25],
    [0.3, 0.2],
    [86, 4.5],
    [4, 1.8],
    [1.2, 0.7],
    [0.2, 0.15],
    [0.6, 0.3],
    [0.1, 0.1],
    [1.4, 0.5],
    [1.3, 0.5],
    [1.1, 0.4],
    [4.5, 1.6],
    [60, 9],
    [9, 3],
    [6, 1.5],
    [60, 9],
    ...OUTFIELD_GK,
  ],
  // full_back
  [
    [0.06, 0.05],
    [0.12, 0.08],
    [0.07, 0.05],
    [0.12, 0.07],
    [0.6, 0.3],
    [0.9, 0.4],
    [80, 5],
    [4.5, 1.8],
    [2.5, 1.2],
    [0.7, 0.4],
    [1.2, 0.6],
    [2.2, 1.2],
    [2, 0.6],
    [1.1, 0.4],
    [0.8, 0.3],
    [2, 0.8],
    [50, 10],
    [14, 4],
    [6, 1.5],
    [50, 9],
    ...OUTFIELD_GK,
  ],
  // defensive_midfielder
  [
    [0.05, 0.05],
    [0.08, 0.06],
    [0.06, 0.05],
    [0.07, 0.05],
    [0.7, 0.35],
    [0.8, 0.4],
    [87, 4],
    [6, 2.2],
    [1.4, 0.8],
    [0.5, 0.3],
    [0.7, 0.4],
    [0.3, 0.3],
    [2.3, 0.7],
    [1.5, 0.5],
    [1, 0.4],
    [1.8, 0.8],
    [52, 10],
    [16, 4],
    [7.5, 1.8],
    [65, 9],
    ...OUTFIELD_GK,
  ],
  // central_midfielder
  [
    [0.12, 0.08],
    [0.12, 0.08],
    [0.12, 0.07],
    [0.12, 0.07],
    [1.2, 0.5],
    [1.2, 0.5],
    [84, 4],
    [5.5, 2],
    [2, 1],
    [0.8, 0.45],
    [1.8, 0.9],
    [0.6, 0.5],
    [1.8, 0.6],
    [1, 0.4],
    [0.7, 0.3],
    [1, 0.5],
    [47, 10],
    [17, 4],
    [6.5, 1.6],
    [60, 9],
    ...OUTFIELD_GK,
  ],
  // attacking_midfielder
  [
    [0.25, 0.12],
    [0.2, 0.1],
    [0.22, 0.1],
    [0.2, 0.09],
    [2, 0.7],
    [2, 0.7],
    [80, 5],
    [4.5, 1.8],
    [3, 1.3],
    [1.6, 0.8],
    [3.5, 1.3],
    [1, 0.8],
    [1, 0.4],
    [0.5, 0.25],
    [0.4, 0.2],
    [0.4, 0.3],
    [38, 10],
    [16, 4],
    [4.5, 1.2],
    [50, 9],
    ...OUTFIELD_GK,
  ],
  // winger
  [
    [0.3, 0.13],
    [0.18, 0.09],
    [0.28, 0.11],
    [0.18, 0.08],
    [2.4, 0.8],
    [1.6, 0.6],
    [76, 5],
    [2.5, 1.2],
    [4.5, 1.6],
    [2.2, 1],
    [5, 1.6],
    [3, 1.5],
    [1, 0.45],
    [0.4, 0.2],
    [0.3, 0.2],
    [0.3, 0.25],
    [33, 10],
    [15, 4],
    [4, 1.1],
    [45, 9],
    ...OUTFIELD_GK,
  ],
  // forward
  [
    [0.45, 0.15],
    [0.1, 0.07],
    [0.45, 0.14],
    [0.1, 0.06],
    [3, 0.8],
    [1, 0.45],
    [70, 6],
    [1.2, 0.7],
    [1.8, 1],
    [1, 0.6],
    [6.5, 1.8],
    [0.6, 0.5],
    [0.6, 0.3],
    [0.25, 0.15],
    [0.3, 0.15],
    [0.6, 0.4],
    [42, 12],
    [15, 5],
    [3.2, 1],
    [40, 9],
    ...OUTFIELD_GK,
  ],
];

/** Mean and spread of a statistic for a family; NaN when it does not apply. */
export function baseline(family: number, stat: number): readonly [number, number] {
  return BASELINES[family]?.[stat] ?? [Number.NaN, Number.NaN];
}

/** Loadings normalised so that the trait part of every statistic has unit variance. */
export const LOADINGS: readonly (readonly [number, number][])[] = STATS.map((s) => {
  const entries = Object.entries(s.load).map(([t, w]) => [Number(t), w] as [number, number]);
  const norm = Math.sqrt(entries.reduce((acc, [, w]) => acc + w * w, 0)) || 1;
  return entries.map(([t, w]) => [t, w / norm] as [number, number]);
});

/** Flat tables for the hot loops: BASE_MEAN/BASE_SD[family * STAT_COUNT + stat] (NaN: not applicable). */
export const BASE_MEAN = new Float64Array(FAMILIES.length * STAT_COUNT);
export const BASE_SD = new Float64Array(FAMILIES.length * STAT_COUNT);
BASELINES.forEach((base, f) => {
  for (let i = 0; i < STAT_COUNT; i++) {
    const b = base[i];
    BASE_MEAN[f * STAT_COUNT + i] = b ? b[0] : Number.NaN;
    BASE_SD[f * STAT_COUNT + i] = b ? b[1] : Number.NaN;
  }
});

/** Flat loadings: those of statistic i are at [LOAD_START[i], LOAD_START[i + 1]). */
export const LOAD_START = new Int32Array(STAT_COUNT + 1);
export const LOAD_TRAIT = Int32Array.from(LOADINGS.flat(), ([t]) => t);
export const LOAD_WEIGHT = Float64Array.from(LOADINGS.flat(), ([, w]) => w);
LOADINGS.forEach((ls, i) => {
  LOAD_START[i + 1] = (LOAD_START[i] ?? 0) + ls.length;
});
export const STAT_IS_PCT = Uint8Array.from(STATS, (s) => (s.unit === '%' ? 1 : 0));
export const STAT_MAX = Float64Array.from(STATS, (s) => s.max ?? 99);
