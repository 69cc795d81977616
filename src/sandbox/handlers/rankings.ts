// Rankings by role and by statistic, multi-criteria scouting, and the crossed-statistics comparison.
import type { PlayerRow } from '../data/generate.js';
import type { Comp } from '../data/leagues.js';
import { round } from '../data/random.js';
import { FAMILIES, STATS } from '../data/stats.js';
import { badRequest } from '../http/errors.js';
import * as p from '../http/params.js';
import type { Ctx } from './context.js';
import { visibleRows } from './lookup.js';
import { playerRow, score, seasonLabel, statValue, topK } from './present.js';

const MIN_SHARE = 0.3;

function scope(ctx: Ctx, leagueValue: unknown): { comps: Comp[]; league: Comp | undefined } {
  const league = p.league(leagueValue, ctx.access);
  return { comps: league ? [league] : ctx.access.leagues(), league };
}

/** Rows with enough minutes to be ranked. */
function* eligible(ctx: Ctx, comps: readonly Comp[], season: number, minutes?: number): Generator<PlayerRow> {
  for (const row of visibleRows(ctx, comps, season)) {
    const floor = minutes ?? ctx.world.compSeason(row.comp, season).minMinutes;
    if (row.minutes >= floor) yield row;
  }
}

function entry(row: PlayerRow, rank: number, value: number) {
  return {
    rank,
    name: row.person.name.full,
    club: row.team.name,
    age: row.age,
    score: score(value),
    player_id: row.id,
    service_id: row.serviceId,
    league: row.comp.name,
    season: seasonLabel(row.season),
    minutes: row.minutes,
    position: playerRow(row).position,
    competition: row.comp.type,
    team_id: row.team.id,
    nationality: row.person.nationality,
  };
}

export function rankings(ctx: Ctx) {
  const q = ctx.query;
  const role = p.role(q.get('role'));
  const season = p.season(q.get('saison'));
  const limit = p.limit(q.get('limit'));
  const { comps, league } = scope(ctx, q.get('league'));
  let count = 0;
  const top = topK(eligible(ctx, comps, season), limit, (row) => {
    count++;
    return row.roles[role.index] ?? 0;
  });
  return {
    data: top.map(({ item, score: s }, i) => ({ ...entry(item, i + 1, s), role: role.key })),
    meta: {
      role: role.key,
      ...(role.requested !== role.key ? { requested_role: role.requested } : {}),
      season: seasonLabel(season),
      league: league?.name ?? null,
      leagues: comps.length,
      min_minutes_share: MIN_SHARE,
      eligible: count,
      limit,
    },
  };
}

export function statisticRankings(ctx: Ctx) {
  const q = ctx.query;
  const stat = p.statistic(q.get('statistic'), 'statistic');
  const season = p.season(q.get('saison'));
  const limit = p.limit(q.get('limit'));
  const position = p.position(q.get('position'));
  const { comps, league } = scope(ctx, q.get('league'));
  let count = 0;
  const rows = eligible(ctx, comps, season);
  const top = topK(rows, limit, (row) => {
    if (position !== undefined && row.person.family !== position) return Number.NaN;
    const v = row.stats[stat] ?? Number.NaN;
    if (!Number.isNaN(v)) count++;
    return v;
  });
  const def = STATS[stat];
  return {
    data: top.map(({ item }, i) => {
      const value = statValue(item, stat) ?? 0;
      return { ...entry(item, i + 1, value), score: value, value, statistic: def?.key, unit: def?.unit };
    }),
    meta: {
      statistic: def?.key,
      unit: def?.unit,
      season: seasonLabel(season),
      league: league?.name ?? null,
      leagues: comps.length,
      min_minutes_share: MIN_SHARE,
      eligible: count,
      limit,
    },
  };
}

export function scouting(ctx: Ctx) {
  const b = ctx.body;
  const requested = b.roles;
  if (!Array.isArray(requested) || requested.length === 0 || !requested.every((r) => typeof r === 'string')) {
    throw badRequest(
      'roles',
      'field "roles" is required: a non-empty array of role keys (GET /v1/enums lists them)',
    );
  }
  if (requested.length > 31) throw badRequest('roles', 'field "roles" holds at most 31 role keys');
  const roles = (requested as string[]).map((r) => p.roleOf(r, 'roles'));
  const season = p.season(b.saison);
  const ageMax = p.number(b.ageMax, 'ageMax', 14, 60);
  const minutesMin = p.number(b.minutesMin, 'minutesMin', 0, 10_000);
  const limit = p.limit(b.limit);
  const { comps, league } = scope(ctx, b.league);
  let count = 0;
  const best = (row: PlayerRow) => {
    let choice = roles[0];
    for (const r of roles) if ((row.roles[r.index] ?? 0) > (row.roles[choice?.index ?? 0] ?? 0)) choice = r;
    return choice;
  };
  const top = topK(eligible(ctx, comps, season, minutesMin), limit, (row) => {
    if (ageMax !== undefined && row.age > ageMax) return Number.NaN;
    count++;
    return row.roles[best(row)?.index ?? 0] ?? 0;
  });
  return {
    data: top.map(({ item, score: s }) => {
      const choice = best(item);
      return {
        ...playerRow(item),
        minutes: item.minutes,
        role: choice?.key,
        ...(choice && choice.requested !== choice.key ? { requested_role: choice.requested } : {}),
        score: score(s),
        market_value_eur: ctx.world.marketValue(item),
      };
    }),
    meta: {
      roles: [...new Set(roles.map((r) => r.key))],
      season: seasonLabel(season),
      league: league?.name ?? null,
      leagues: comps.length,
      filters: { ageMax: ageMax ?? null, minutesMin: minutesMin ?? null },
      eligible: count,
      limit,
    },
  };
}

function summary(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const mean = sorted.reduce((a, v) => a + v, 0) / (sorted.length || 1);
  return {
    mean: round(mean, 2),
    median: round(at(0.5), 2),
    p10: round(at(0.1), 2),
    p90: round(at(0.9), 2),
    min: round(sorted[0] ?? 0, 2),
    max: round(sorted[sorted.length - 1] ?? 0, 2),
  };
}

function correlation(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, v) => a + v, 0) / n;
  const my = ys.reduce((a, v) => a + v, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = (xs[i] ?? 0) - mx;
    const dy = (ys[i] ?? 0) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx === 0 || syy === 0 ? 0 : round(sxy / Math.sqrt(sxx * syy), 3);
}

export function comparison(ctx: Ctx) {
  const q = ctx.query;
  const x = p.statistic(q.get('x'), 'x');
  const y = p.statistic(q.get('y'), 'y');
  const season = p.season(q.get('saison'));
  const position = p.position(q.get('position'));
  const limit = p.limit(q.get('limit'), 200, 1000);
  const { comps, league } = scope(ctx, q.get('league'));
  const rows: PlayerRow[] = [];
  for (const row of eligible(ctx, comps, season)) {
    if (position !== undefined && row.person.family !== position) continue;
    if (Number.isNaN(row.stats[x] ?? Number.NaN) || Number.isNaN(row.stats[y] ?? Number.NaN)) continue;
    rows.push(row);
  }
  const xs = rows.map((r) => statValue(r, x) ?? 0);
  const ys = rows.map((r) => statValue(r, y) ?? 0);
  const shown = topK(rows, limit, (r) => r.minutes).map(({ item }) => item);
  return {
    data: shown.map((r) => ({
      player_id: r.id,
      service_id: r.serviceId,
      name: r.person.name.full,
      club: r.team.name,
      league: r.comp.name,
      position: playerRow(r).position,
      minutes: r.minutes,
      x: statValue(r, x),
      y: statValue(r, y),
    })),
    meta: {
      x: STATS[x]?.key,
      y: STATS[y]?.key,
      season: seasonLabel(season),
      league: league?.name ?? null,
      position: position === undefined ? null : FAMILIES[position],
      count: rows.length,
      returned: shown.length,
    },
    summary: { count: rows.length, x: summary(xs), y: summary(ys), correlation: correlation(xs, ys) },
  };
}
