// Player records and sub-resources, search, history and batch resolution.

import { fold } from '../../lib/fold.js';
import {
  domestic,
  peers,
  percentile,
  performanceIndex,
  projectedScore,
  relevantStats,
  similarity,
} from '../data/analytics.js';
import type { PlayerRow } from '../data/generate.js';
import { type Comp, LEAGUES } from '../data/leagues.js';
import { STATS } from '../data/stats.js';
import { ApiError, badRequest } from '../http/errors.js';
import * as p from '../http/params.js';
import type { Ctx } from './context.js';
import { findRow, isServiceId, personRows, visibleRows } from './lookup.js';
import {
  playerRecord,
  playerRow,
  primaryRole,
  roleScores,
  score,
  seasonLabel,
  statistics as statisticsOf,
  statValue,
  topK,
} from './present.js';

/** The row of `:id`; `saison` picks the season of a service_id. */
function target(ctx: Ctx): PlayerRow {
  const id = ctx.params.id ?? '';
  const season = p.given(ctx.query.get('saison')) ? p.season(ctx.query.get('saison')) : undefined;
  return findRow(ctx, id, isServiceId(id) ? season : undefined);
}

export function player(ctx: Ctx) {
  const row = target(ctx);
  return { data: playerRecord(row, ctx.world.seasonInfo(row.season).asOf, ctx.world.marketValue(row)) };
}

export function playerStatistics(ctx: Ctx) {
  const row = target(ctx);
  return {
    data: {
      ...playerRow(row),
      minutes: row.minutes,
      appearances: row.appearances,
      starts: row.starts,
      per: '90 minutes (percentages as shares of 100)',
      statistics: statisticsOf(row),
      data_as_of: ctx.world.seasonInfo(row.season).asOf,
    },
  };
}

export function playerRoles(ctx: Ctx) {
  const row = target(ctx);
  return {
    data: roleScores(row),
    meta: {
      player_id: row.id,
      service_id: row.serviceId,
      name: row.person.name.full,
      best_role: primaryRole(row),
    },
  };
}

export function playerStrengths(ctx: Ctx) {
  const row = target(ctx);
  const cs = ctx.world.compSeason(row.comp, row.season);
  const population = peers(cs, row.person.family, (r) => ctx.access.row(r));
  if (!population.includes(row)) population.push(row);
  const ranked = relevantStats(row.person.family)
    .map((i) => ({
      statistic: STATS[i]?.key ?? '',
      value: statValue(row, i),
      percentile: percentile(row, i, population),
    }))
    .sort((a, b) => b.percentile - a.percentile || a.statistic.localeCompare(b.statistic));
  const strengths = ranked.filter((s) => s.percentile >= 65).slice(0, 5);
  const weaknesses = ranked
    .filter((s) => s.percentile <= 35)
    .reverse()
    .slice(0, 4);
  return {
    data: {
      player_id: row.id,
      service_id: row.serviceId,
      name: row.person.name.full,
      position: playerRow(row).position,
      league: row.comp.name,
      season: seasonLabel(row.season),
      compared_with: {
        players: population.length,
        league: row.comp.name,
        position: playerRow(row).position,
        min_minutes: cs.minMinutes,
      },
      strengths,
      weaknesses,
    },
  };
}

export function playerMarketValue(ctx: Ctx) {
  const row = target(ctx);
  const value = ctx.world.marketValue(row);
  const spread = row.minutes >= 900 ? 0.2 : 0.35;
  const roundTo = (v: number) => Math.round(v / 1000) * 1000;
  return {
    data: {
      player_id: row.id,
      service_id: row.serviceId,
      name: row.person.name.full,
      season: seasonLabel(row.season),
      value_eur: value,
      range_low_eur: roundTo(value * (1 - spread)),
      range_high_eur: roundTo(value * (1 + spread)),
      currency: 'EUR',
      as_of: ctx.world.seasonInfo(row.season).asOf,
      factors: {
        age: row.age,
        performance_index: score(performanceIndex(row)),
        league: domestic(row).name,
        league_level: domestic(row).level,
      },
    },
  };
}

/** Leagues a player is projected into: the strongest of the region, neighbours in the country, a few abroad. */
function projectionTargets(from: Comp): Comp[] {
  const pool = LEAGUES.filter((c) => c.gender === from.gender && c.level !== 'youth' && c !== from);
  const byStrength = (a: Comp, b: Comp) => b.strength - a.strength || a.index - b.index;
  const region = pool
    .filter((c) => c.region === from.region && c.level === 'top')
    .sort(byStrength)
    .slice(0, 4);
  const home = pool.filter((c) => c.country === from.country).slice(0, 2);
  const abroad = pool
    .filter((c) => c.region !== from.region && c.level === 'top')
    .sort(byStrength)
    .slice(0, 2);
  return [...new Set([...region, ...home, ...abroad])];
}

export function playerProjections(ctx: Ctx) {
  const row = target(ctx);
  const from = domestic(row);
  const current = performanceIndex(row);
  const role = primaryRole(row);
  const data = projectionTargets(from)
    .map((to) => {
      const projected = projectedScore(current, from, to);
      return {
        league: to.name,
        country: to.country,
        level: to.level,
        role,
        current_score: score(current),
        projected_score: projected,
        delta: score(projected - current),
      };
    })
    .sort((a, b) => b.projected_score - a.projected_score || a.league.localeCompare(b.league));
  return { data, meta: { player_id: row.id, service_id: row.serviceId, role, from_league: from.name } };
}

export function playerSimilar(ctx: Ctx) {
  const row = target(ctx);
  const limit = p.limit(ctx.query.get('limit'), 10, 50);
  // Candidates: the same competition and the leagues of the same level, gender and region.
  const pool =
    row.comp.type === 'cup'
      ? [row.comp]
      : LEAGUES.filter(
          (c) =>
            c === row.comp ||
            (c.level === row.comp.level && c.gender === row.comp.gender && c.region === row.comp.region),
        );
  const stats = relevantStats(row.person.family);
  const candidates: PlayerRow[] = [];
  for (const r of visibleRows(ctx, pool, row.season)) {
    if (r.person.family !== row.person.family || r.person.key === row.person.key) continue;
    if (r.minutes < ctx.world.compSeason(r.comp, r.season).minMinutes) continue;
    candidates.push(r);
  }
  const top = topK(candidates, limit, (r) => similarity(row, r, stats));
  return {
    data: top.map(({ item, score: s }) => ({
      ...playerRow(item),
      minutes: item.minutes,
      performance_index: score(performanceIndex(item)),
      similarity: s,
    })),
    meta: {
      player_id: row.id,
      service_id: row.serviceId,
      season: seasonLabel(row.season),
      pool: pool.map((c) => c.name),
      limit,
    },
  };
}

export function playerHistory(ctx: Ctx) {
  const { serviceId, rows, name } = personRows(ctx, ctx.params.id ?? '');
  return {
    service_id: serviceId,
    name,
    data: rows.map((r) => ({
      season: seasonLabel(r.season),
      player_id: r.id,
      service_id: r.serviceId,
      club: r.team.name,
      team_id: r.team.id,
      league: r.comp.name,
      competition: r.comp.type,
      minutes: r.minutes,
      appearances: r.appearances,
      age: r.age,
    })),
  };
}

export function playerSearch(ctx: Ctx) {
  const q = ctx.query;
  const needle = fold(p.text(q.get('q'), 'q', { required: true, min: 2, max: 100 }) as string);
  const season = p.season(q.get('saison'));
  const limit = p.limit(q.get('limit'));
  const league = p.league(q.get('league'), ctx.access);
  const club = p.text(q.get('club'), 'club');
  const clubNeedle = club === undefined ? undefined : fold(club);
  const comps = league ? [league] : ctx.access.leagues();
  const hits: PlayerRow[] = [];
  for (const row of visibleRows(ctx, comps, season)) {
    if (clubNeedle !== undefined && !row.team.folded.includes(clubNeedle)) continue;
    if (ctx.world.foldedName(row.person).includes(needle)) hits.push(row);
  }
  const exact = (r: PlayerRow) => (ctx.world.foldedName(r.person) === needle ? 0 : 1);
  hits.sort(
    (a, b) =>
      exact(a) - exact(b) ||
      a.person.name.full.localeCompare(b.person.name.full) ||
      a.comp.index - b.comp.index ||
      a.row - b.row,
  );
  return {
    data: hits.slice(0, limit).map((r) => ({ ...playerRow(r), minutes: r.minutes })),
    meta: { q: needle, season: seasonLabel(season), total: hits.length, limit },
  };
}

type Resolution = {
  query: Record<string, unknown>;
  status: 'resolved' | 'unlinked' | 'not_found' | 'ambiguous';
  player_id: string | null;
  service_id: string | null;
  name: string | null;
  club: string | null;
  league: string | null;
  season: string | null;
  reason?: string;
  candidates?: ReturnType<typeof playerRow>[];
};

function resolved(query: Record<string, unknown>, row: PlayerRow): Resolution {
  return { query, status: row.serviceId === null ? 'unlinked' : 'resolved', ...playerRow(row) };
}

function unresolved(
  query: Record<string, unknown>,
  status: 'not_found' | 'ambiguous',
  reason?: string,
): Resolution {
  return {
    query,
    status,
    player_id: null,
    service_id: null,
    name: null,
    club: null,
    league: null,
    season: null,
    ...(reason ? { reason } : {}),
  };
}

export function resolveBatch(ctx: Ctx) {
  const players = ctx.body.players;
  if (!Array.isArray(players) || players.length < 1 || players.length > 100) {
    throw badRequest(
      'players',
      'field "players" is required: an array of 1 to 100 items {player_id} or {name, club?, saison?}',
    );
  }
  const data = players.map((item, i): Resolution => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw badRequest('players', `players[${i}] must be an object {player_id} or {name, club?, saison?}`);
    }
    const query = item as Record<string, unknown>;
    if (p.given(query.player_id)) {
      const id = p.text(query.player_id, 'players', { max: 64 }) as string;
      try {
        return resolved(query, findRow(ctx, id));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        if (error.status === 404) return unresolved(query, 'not_found');
        if (error.status === 403)
          return unresolved(query, 'not_found', 'league not accessible with this API key');
        throw error;
      }
    }
    if (!p.given(query.name)) throw badRequest('players', `players[${i}] needs "player_id" or "name"`);
    const name = fold(p.text(query.name, 'players', { min: 2, max: 100 }) as string);
    const club = p.given(query.club) ? fold(p.text(query.club, 'players') as string) : undefined;
    const season = p.season(query.saison, 'players');
    return byName(ctx, query, name, club, season);
  });
  return { data };
}

function byName(
  ctx: Ctx,
  query: Record<string, unknown>,
  name: string,
  club: string | undefined,
  season: number,
): Resolution {
  const exact: PlayerRow[] = [];
  const partial: PlayerRow[] = [];
  // With a club, only the leagues holding a matching club need generating.
  const comps =
    club === undefined
      ? ctx.access.leagues()
      : ctx.access.leagues().filter((c) => ctx.world.clubs.teamsOf(c).some((t) => t.folded.includes(club)));
  for (const row of visibleRows(ctx, comps, season)) {
    if (club !== undefined && row.team.folded !== club && !row.team.folded.includes(club)) continue;
    const n = ctx.world.foldedName(row.person);
    if (n === name) exact.push(row);
    else if (name.length >= 3 && n.includes(name)) partial.push(row);
  }
  const found = exact.length > 0 ? exact : partial;
  const persons = new Map<number, PlayerRow>();
  // One row per person; of a player who moved in a window (sandbox weeks), the row at his new club.
  for (const row of found) {
    if (!persons.has(row.person.key) || persons.get(row.person.key)?.departedWeek !== undefined) {
      persons.set(row.person.key, row);
    }
  }
  const distinct = [...persons.values()];
  const only = distinct[0];
  if (distinct.length === 1 && only) return resolved(query, only);
  if (distinct.length === 0) return unresolved(query, 'not_found');
  return { ...unresolved(query, 'ambiguous'), candidates: distinct.slice(0, 5).map(playerRow) };
}
