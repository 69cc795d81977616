// One competition-season at a time: the rows (player × club × competition), their statistics and
// their 31 role indices. Called lazily and memoized by the World.
import type { Team } from './clubs.js';
import { playerId, serviceId } from './ids.js';
import type { Comp } from './leagues.js';
import { levelMean, type PeopleBook, type Person, SQUAD_SIZE, slotStarter } from './people.js';
import { clamp, hash, normalAt, TAG, unit } from './random.js';
import {
  FAMILY_PENALTY,
  ROLE_COUNT,
  ROLE_FAMILY_INDEX,
  ROLE_W_START,
  ROLE_W_STAT,
  ROLE_W_TOTAL,
  ROLE_W_VALUE,
} from './roles.js';
import { CURRENT_SEASON, seasonInfo } from './seasons.js';
import {
  BASE_MEAN,
  BASE_SD,
  FAMILIES,
  GK,
  LOAD_START,
  LOAD_TRAIT,
  LOAD_WEIGHT,
  STAT_COUNT,
  STAT_INDEX,
  STAT_IS_PCT,
  STAT_MAX,
} from './stats.js';

export interface PlayerRow {
  readonly id: string;
  readonly season: number;
  readonly comp: Comp;
  readonly row: number;
  /** The player's club (for a cup row: the club that qualified). */
  readonly team: Team;
  readonly person: Person;
  readonly serviceId: string | null;
  readonly age: number;
  readonly minutes: number;
  readonly appearances: number;
  readonly starts: number;
  /** Per 90 or percentages, in STATS order; NaN where a statistic does not apply. */
  readonly stats: Float32Array;
  /** 0..100, in ROLE_KEYS order. */
  readonly roles: Float32Array;
  readonly bestRole: number;
  readonly contractUntil: string;
  /** Weeks on (week.ts): the market value's own drift, a factor (absent = 1). */
  readonly valueFactor?: number;
  /** Weeks on (week.ts): the window week this row's player left its club (the row stays, frozen). */
  readonly departedWeek?: number;
}

export interface CompSeason {
  readonly comp: Comp;
  readonly season: number;
  readonly rows: readonly PlayerRow[];
  /** Matches played per club so far. */
  readonly matches: number;
  /** Minutes a player needs to be ranked. */
  readonly minMinutes: number;
}

export interface RowSource {
  readonly team: Team;
  readonly person: Person;
}

const FAMILY_COUNT = FAMILIES.length;
const PASSING = 6;
const DISTRIBUTION = 9;

export function buildCompSeason(
  seed: number,
  people: PeopleBook,
  comp: Comp,
  season: number,
  sources: readonly RowSource[],
): CompSeason {
  const info = seasonInfo(season);
  const fullMatches = comp.type === 'cup' ? 10 : Math.min(38, (comp.teams - 1) * 2);
  const matches = Math.max(1, Math.round(fullMatches * info.progress));
  const stats = new Float32Array(sources.length * STAT_COUNT);
  const roles = new Float32Array(sources.length * ROLE_COUNT);
  const mean = levelMean(comp.strength);
  const factor = 0.72 + 0.28 * comp.strength;
  const linkShare = season === CURRENT_SEASON ? 0.07 : 0.03;
  const rows: PlayerRow[] = [];

  const goalsPrevented = STAT_INDEX.get('goals_prevented') ?? -1;
  sources.forEach(({ team, person }, r) => {
    const family = person.family;
    const relative = people.ability(person, season) - mean;
    const st = stats.subarray(r * STAT_COUNT, (r + 1) * STAT_COUNT);
    const traits = person.traits;
    const baseAt = family * STAT_COUNT;
    const noise = hash(seed, TAG.statNoise, season, comp.index, r);
    for (let i = 0; i < STAT_COUNT; i++) {
      const m = BASE_MEAN[baseAt + i] as number;
      if (Number.isNaN(m)) {
        st[i] = Number.NaN;
        continue;
      }
      let zt = 0;
      for (let j = LOAD_START[i] as number; j < (LOAD_START[i + 1] as number); j++) {
        const t = LOAD_TRAIT[j] as number;
        zt +=
          (LOAD_WEIGHT[j] as number) * (traits[family === GK && t === PASSING ? DISTRIBUTION : t] as number);
      }
      const z = 0.75 * zt + 0.35 * relative + 0.45 * normalAt(noise, i);
      let v = m + (BASE_SD[baseAt + i] as number) * z;
      if (STAT_IS_PCT[i] === 1) v = clamp(v, 20, STAT_MAX[i] as number);
      else if (i === goalsPrevented) v = clamp(v, -0.6, 0.6);
      else if (v < 0) v = 0;
      st[i] = v;
    }
    const ro = roles.subarray(r * ROLE_COUNT, (r + 1) * ROLE_COUNT);
    scoreRoles(st, family, factor, ro);
    let bestRole = 0;
    for (let k = 1; k < ROLE_COUNT; k++) if ((ro[k] ?? 0) > (ro[bestRole] ?? 0)) bestRole = k;

    const domesticRow = comp.type === 'cup' ? r % SQUAD_SIZE : r;
    const roll = unit(seed, TAG.minutes, season, comp.index, r);
    let share = slotStarter(domesticRow) ? 0.62 + 0.33 * roll : 0.06 + 0.45 * roll;
    if (domesticRow % SQUAD_SIZE === 1 || domesticRow % SQUAD_SIZE === 2) share = 0.02 + 0.12 * roll;
    share = clamp(share + 0.06 * relative, 0.02, 0.99);
    const minutes = Math.max(1, Math.round(share * matches * 90));
    const appearances = clamp(Math.round(minutes / (slotStarter(domesticRow) ? 84 : 45)), 1, matches);
    const linked = unit(seed, TAG.link, season, comp.index, r) >= linkShare;
    rows.push({
      id: playerId(seed, season, comp.index, r),
      season,
      comp,
      row: r,
      team,
      person,
      serviceId: linked ? serviceId(seed, person.originSeason, person.originComp, person.originRow) : null,
      age: info.startYear - person.birthYear,
      minutes,
      appearances,
      starts: Math.min(appearances, Math.round(minutes / 88)),
      stats: st,
      roles: ro,
      bestRole,
      contractUntil: `${info.startYear + 1 + (hash(seed, TAG.contract, person.key) % 4)}-06-30`,
    });
  });
  return { comp, season, rows, matches, minMinutes: Math.round(0.3 * matches * 90) };
}

/**
 * Role index = weighted z-scores of the role's statistics against the role family's baseline,
 * centred on 52, scaled by the competition's strength. A player's own family always scores above
 * the other families' roles.
 */
export function scoreRoles(stats: Float32Array, family: number, factor: number, out: Float32Array): void {
  let bestOwn = 0;
  for (let k = 0; k < ROLE_COUNT; k++) {
    const roleFamily = ROLE_FAMILY_INDEX[k] as number;
    const baseAt = roleFamily * STAT_COUNT;
    const own = roleFamily === family;
    let sum = 0;
    for (let j = ROLE_W_START[k] as number; j < (ROLE_W_START[k + 1] as number); j++) {
      const i = ROLE_W_STAT[j] as number;
      const w = ROLE_W_VALUE[j] as number;
      const v = stats[i] as number;
      const m = BASE_MEAN[baseAt + i] as number;
      // NaN (statistic not applicable) compares false everywhere: it lands on the floor of -3.
      let z = (v - m) / (BASE_SD[baseAt + i] as number);
      if (!(z > -3)) z = -3;
      else if (z > (own ? 4 : 0.8)) z = own ? 4 : 0.8;
      sum += w * z;
    }
    let score =
      52 +
      16 * (sum / (ROLE_W_TOTAL[k] as number)) -
      (FAMILY_PENALTY[roleFamily * FAMILY_COUNT + family] as number);
    score = clamp(score * factor, 1, 99);
    out[k] = score;
    if (own && score > bestOwn) bestOwn = score;
  }
  for (let k = 0; k < ROLE_COUNT; k++) {
    if (ROLE_FAMILY_INDEX[k] !== family) out[k] = Math.max(1, Math.min(out[k] as number, bestOwn - 2));
  }
}
