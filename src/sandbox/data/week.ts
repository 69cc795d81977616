// Time in the sandbox: week N of the current season after today's data (week 0, unchanged). Everything
// is a pure function of (seed, week): rounds are played (minutes and appearances grow), statistics move
// and the 31 role indices are recalculated from them (a small seeded random walk), market values move a
// few percent, some unlinked rows get their service_id, and in the transfer windows a few players change
// club: a new row (new player_id) at the new club, the same service_id; the old row stays, its minutes
// frozen. Past seasons never change. The sandbox never opens season 27-28: past the last round it is a
// long summer in which indices and values still move and the summer window's moves show as rows of 26-27.
import type { ClubBook, Team } from './clubs.js';
import type { CompSeason, PlayerRow } from './generate.js';
import { playerId, serviceId } from './ids.js';
import { type Comp, LEAGUES } from './leagues.js';
import type { Movements } from './movements.js';
import { type PeopleBook, SQUAD_SIZE } from './people.js';
import { clamp, hash, normalAt, TAG, unit } from './random.js';
import { ROLE_COUNT } from './roles.js';
import { CURRENT_SEASON, type SeasonInfo, seasonInfo } from './seasons.js';
import { BASE_SD, STAT_COUNT, STAT_INDEX, STAT_IS_PCT, STAT_MAX } from './stats.js';

export const MAX_WEEK = 52;
/** Weeks without a league round: the year-end break (28 Dec, 4 Jan) and the March international break. */
const BREAK_WEEKS = new Set([6, 7, 18]);
/** Weeks with a European cup round (Dec, Feb, Mar, Apr, May): the six rounds left after week 0. */
const CUP_WEEKS = new Set([3, 13, 15, 20, 22, 26]);
/** The transfer windows: 4 Jan – 1 Feb 2027 (weeks 7–11) and 14 Jun – 30 Aug 2027 (weeks 30–41). */
export const TRANSFER_WEEKS: readonly number[] = [
  7,
  8,
  9,
  10,
  11,
  ...Array.from({ length: 12 }, (_, i) => 30 + i),
];
/** Share of the league rows whose player moves in one window week. */
const MOVE_RATE = 0.002;
/** Share of the still unlinked rows that get linked each week. */
const LINK_RATE = 0.05;
const STAT_STEP = 0.04;
const FORM_STEP = 0.03;
const VALUE_STEP = 0.025;
const DAY_MS = 86_400_000;

export function checkWeek(week: number): number {
  if (!Number.isInteger(week) || week < 0 || week > MAX_WEEK) {
    throw new Error(`sandbox week must be a whole number from 0 to ${MAX_WEEK}, got ${week}`);
  }
  return week;
}

/** The date of the data in week `week`: today's (week 0) plus 7 days a week. */
export function weekDate(week: number): string {
  const start = Date.parse(`${seasonInfo(CURRENT_SEASON).asOf}T00:00:00Z`);
  return new Date(start + week * 7 * DAY_MS).toISOString().slice(0, 10);
}

function isRoundWeek(comp: Comp, k: number): boolean {
  return comp.type === 'cup' ? CUP_WEEKS.has(k) : !BREAK_WEEKS.has(k);
}

/** The current season as seen in week `week` (past seasons, and week 0, as they are). */
export function seasonAt(season: number, week: number): SeasonInfo {
  const info = seasonInfo(season);
  if (week === 0 || season !== CURRENT_SEASON) return info;
  let rounds = 0;
  for (let k = 1; k <= week; k++) if (!BREAK_WEEKS.has(k)) rounds++;
  // The longest league has 38 rounds: the season is complete when it is.
  return { ...info, asOf: weekDate(week), progress: Math.min(1, info.progress + rounds / 38) };
}

export interface Transfer {
  /** The window week of the move. */
  readonly week: number;
  readonly person: number;
  /** The league row the player leaves (of the current season, at week 0). */
  readonly from: { readonly comp: Comp; readonly row: number };
  /** The club joined, and the new row's index in that league's rows. */
  readonly to: { readonly comp: Comp; readonly team: number; readonly row: number };
}

/**
 * Every move of the windows up to `week`, in order: each week of a window, a few players of each senior
 * league join another club of a league of the same level, gender and region (each at most once).
 */
export function transfersUpTo(
  seed: number,
  week: number,
  movements: Movements,
  clubs: ClubBook,
): readonly Transfer[] {
  const out: Transfer[] = [];
  const moved = new Set<number>();
  const arrivals = new Map<Comp, number>();
  for (const k of TRANSFER_WEEKS) {
    if (k > week) break;
    for (const comp of LEAGUES) {
      if (comp.level === 'youth') continue;
      const occupants = movements.occupants(comp, CURRENT_SEASON);
      const size = comp.teams * SQUAD_SIZE;
      for (let r = 0; r < size; r++) {
        if (unit(seed, TAG.weekMove, k, comp.index, r) >= MOVE_RATE) continue;
        const person = occupants[r] ?? 0;
        if (moved.has(person)) continue;
        const h = hash(seed, TAG.weekDestination, k, comp.index, r);
        const pool = LEAGUES.filter(
          (c) => c.level === comp.level && c.gender === comp.gender && c.region === comp.region,
        );
        const dest = pool[h % pool.length] ?? comp;
        let team = (h >>> 8) % dest.teams;
        if (dest === comp && team === Math.floor(r / SQUAD_SIZE)) team = (team + 1) % dest.teams;
        if (!clubs.team(dest.index, team)) continue;
        moved.add(person);
        const index = arrivals.get(dest) ?? 0;
        arrivals.set(dest, index + 1);
        out.push({
          week: k,
          person,
          from: { comp, row: r },
          to: { comp: dest, team, row: dest.teams * SQUAD_SIZE + index },
        });
      }
    }
  }
  return out;
}

export interface WeekContext {
  readonly seed: number;
  readonly week: number;
  readonly people: PeopleBook;
  readonly clubs: ClubBook;
  /** Moves up to this week, by the person who moved. */
  readonly transfersByPerson: ReadonlyMap<number, Transfer>;
  /** Moves into each league, in the order of their new rows. */
  readonly arrivals: ReadonlyMap<Comp, readonly Transfer[]>;
  /** Today's rows of a competition (what the weeks start from). */
  readonly base: (comp: Comp) => CompSeason;
  /** Role indices from statistics (generate.ts), for the league's strength. */
  readonly scoreRoles: (stats: Float32Array, family: number, factor: number, out: Float32Array) => void;
}

/** A competition of the current season, `week` weeks on from `base` (today's rows). */
export function advanceCompSeason(ctx: WeekContext, base: CompSeason): CompSeason {
  const { comp } = base;
  const full = comp.type === 'cup' ? 10 : Math.min(38, (comp.teams - 1) * 2);
  const roundWeeks: number[] = [];
  for (let k = 1, played = base.matches; k <= ctx.week && played < full; k++) {
    if (isRoundWeek(comp, k)) {
      roundWeeks.push(k);
      played++;
    }
  }
  const matches = base.matches + roundWeeks.length;
  const rows: PlayerRow[] = base.rows.map((row) => {
    const move = ctx.transfersByPerson.get(row.person.key);
    return advanceRow(ctx, row, base.matches, roundWeeks, move?.week, matches);
  });
  for (const t of ctx.arrivals.get(comp) ?? []) rows.push(arrival(ctx, t, roundWeeks, matches));
  return { comp, season: base.season, rows, matches, minMinutes: Math.round(0.3 * matches * 90) };
}

/** Share of the matches a row's player plays (from today's minutes). */
function shareOf(row: PlayerRow, matches: number): number {
  return clamp(row.minutes / (Math.max(1, matches) * 90), 0.02, 0.99);
}

function advanceRow(
  ctx: WeekContext,
  row: PlayerRow,
  matches0: number,
  roundWeeks: readonly number[],
  leftAt: number | undefined,
  matches: number,
): PlayerRow {
  const { seed, week } = ctx;
  const played = playWeeks(seed, row.comp.index, row.row, shareOf(row, matches0), roundWeeks, 1, leftAt);
  const appearances = Math.min(matches, row.appearances + played.appearances);
  const minutes = row.minutes + played.minutes;
  const drifted = drift(ctx, row, row.comp, row.row, row.stats);
  let linkedId = row.serviceId;
  if (
    linkedId === null &&
    unit(seed, TAG.weekLink, row.season, row.comp.index, row.row) < 1 - (1 - LINK_RATE) ** week
  ) {
    const p = row.person;
    linkedId = serviceId(seed, p.originSeason, p.originComp, p.originRow);
  }
  return {
    ...row,
    serviceId: linkedId,
    minutes,
    appearances,
    starts: Math.min(appearances, Math.round(minutes / 88)),
    ...drifted,
    ...(leftAt !== undefined && leftAt <= week ? { departedWeek: leftAt } : {}),
  };
}

/** The new row of a player at the club joined: statistics of the old row, minutes from the move on. */
function arrival(ctx: WeekContext, t: Transfer, roundWeeks: readonly number[], matches: number): PlayerRow {
  const { seed } = ctx;
  const old = ctx.base(t.from.comp).rows[t.from.row] as PlayerRow;
  const comp = t.to.comp;
  const team = ctx.clubs.team(comp.index, t.to.team) as Team;
  const share = shareOf(old, ctx.base(t.from.comp).matches);
  const played = playWeeks(seed, comp.index, t.to.row, share, roundWeeks, t.week, undefined);
  const p = old.person;
  const start: PlayerRow = {
    ...old,
    id: playerId(seed, CURRENT_SEASON, comp.index, t.to.row),
    comp,
    row: t.to.row,
    team,
    serviceId: serviceId(seed, p.originSeason, p.originComp, p.originRow),
    minutes: played.minutes,
    appearances: Math.min(matches, played.appearances),
    starts: Math.min(played.appearances, Math.round(played.minutes / 88)),
    contractUntil: `${seasonInfo(CURRENT_SEASON).startYear + 2 + (hash(seed, TAG.contract, p.key, t.week) % 4)}-06-30`,
  };
  return { ...start, ...drift(ctx, start, comp, t.to.row, old.stats) };
}

/** Minutes and appearances over the round weeks from `from` on (until `until`, excluded). */
function playWeeks(
  seed: number,
  compIndex: number,
  row: number,
  share: number,
  roundWeeks: readonly number[],
  from: number,
  until: number | undefined,
): { minutes: number; appearances: number } {
  const chance = Math.min(0.97, 0.25 + share);
  let minutes = 0;
  let appearances = 0;
  for (const k of roundWeeks) {
    if (k < from || (until !== undefined && k >= until)) continue;
    const h = hash(seed, TAG.weekPlay, compIndex, row, k);
    if (h / 4294967296 >= chance) continue;
    const length = (share / chance) * (0.8 + 0.4 * (((h >>> 7) & 0xffff) / 65536));
    minutes += Math.round(clamp(90 * length, 1, 90));
    appearances += 1;
  }
  return { minutes, appearances };
}

const GOALS_PREVENTED = STAT_INDEX.get('goals_prevented') ?? -1;

/** Statistics after `week` weekly steps (a shared form and one step per statistic), the role indices
 *  recalculated from them, and the market value's own walk. */
function drift(
  ctx: WeekContext,
  row: PlayerRow,
  comp: Comp,
  index: number,
  from: Float32Array,
): Pick<PlayerRow, 'stats' | 'roles' | 'bestRole' | 'valueFactor'> {
  const { seed, week } = ctx;
  const family = row.person.family;
  const z = new Float64Array(STAT_COUNT);
  let value = 0;
  for (let k = 1; k <= week; k++) {
    const h = hash(seed, TAG.weekForm, comp.index, index, k);
    const form = FORM_STEP * normalAt(h, 0);
    for (let i = 0; i < STAT_COUNT; i++) z[i] = (z[i] ?? 0) + form + STAT_STEP * normalAt(h, i + 1);
    value += VALUE_STEP * normalAt(h, STAT_COUNT + 1);
  }
  const stats = new Float32Array(STAT_COUNT);
  for (let i = 0; i < STAT_COUNT; i++) {
    const v0 = from[i] ?? Number.NaN;
    if (Number.isNaN(v0)) {
      stats[i] = Number.NaN;
      continue;
    }
    let v = v0 + (BASE_SD[family * STAT_COUNT + i] ?? 0) * (z[i] ?? 0);
    if (STAT_IS_PCT[i] === 1) v = clamp(v, 20, STAT_MAX[i] as number);
    else if (i === GOALS_PREVENTED) v = clamp(v, -0.6, 0.6);
    else if (v < 0) v = 0;
    stats[i] = v;
  }
  const roles = new Float32Array(ROLE_COUNT);
  ctx.scoreRoles(stats, family, 0.72 + 0.28 * comp.strength, roles);
  let bestRole = 0;
  for (let k = 1; k < ROLE_COUNT; k++) if ((roles[k] ?? 0) > (roles[bestRole] ?? 0)) bestRole = k;
  return { stats, roles, bestRole, valueFactor: Math.exp(value) };
}
