// Teams: lists, records, squads, similar teams and head-to-head.

import { fold } from '../../lib/fold.js';
import { performanceIndex } from '../data/analytics.js';
import { STYLE_KEYS, type Team } from '../data/clubs.js';
import type { PlayerRow } from '../data/generate.js';
import { hash, round, TAG, unit } from '../data/random.js';
import { CURRENT_SEASON, seasonInfo } from '../data/seasons.js';
import { badRequest } from '../http/errors.js';
import * as p from '../http/params.js';
import type { Ctx } from './context.js';
import { clubsOf, findTeam } from './lookup.js';
import { playerRow, primaryRole, score, seasonLabel, teamSummary, topK } from './present.js';

export function teams(ctx: Ctx) {
  const q = ctx.query;
  const season = p.season(q.get('saison'));
  const league = p.league(q.get('league'), ctx.access);
  const needle = p.text(q.get('q'), 'q', { min: 2, max: 100 });
  const limit = p.limit(q.get('limit'), 50, 100);
  const pool = clubsOf(ctx, league, season);
  const folded = needle === undefined ? undefined : fold(needle);
  const hits = folded === undefined ? pool : pool.filter((t) => t.folded.includes(folded));
  return {
    data: hits.slice(0, limit).map((t) => ({ ...teamSummary(t), season: seasonLabel(season) })),
    meta: { season: seasonLabel(season), league: league?.name ?? null, total: hits.length, limit },
  };
}

function squadRows(ctx: Ctx, team: Team, season: number): PlayerRow[] {
  // A player who left in a window keeps his row (its minutes) but is no longer in the squad.
  return ctx.world
    .compSeason(team.comp, season)
    .rows.filter((r) => r.team === team && r.departedWeek === undefined);
}

function rating(rows: readonly PlayerRow[]): number {
  const best = rows
    .map((r) => performanceIndex(r))
    .sort((a, b) => b - a)
    .slice(0, 11);
  return score(best.reduce((a, v) => a + v, 0) / (best.length || 1));
}

export function team(ctx: Ctx) {
  const t = findTeam(ctx, ctx.params.id ?? '');
  const season = p.season(ctx.query.get('saison'));
  const rows = squadRows(ctx, t, season);
  return {
    data: {
      ...teamSummary(t),
      season: seasonLabel(season),
      competitions: [t.comp.name, ...ctx.world.cupsOf(t, season).map((c) => c.name)],
      rating: rating(rows),
      style: t.style,
      squad_size: rows.length,
      average_age: round(rows.reduce((a, r) => a + r.age, 0) / (rows.length || 1), 1),
      squad_value_eur: rows.reduce((a, r) => a + ctx.world.marketValue(r), 0),
    },
  };
}

export function squad(ctx: Ctx) {
  const t = findTeam(ctx, ctx.params.id ?? '');
  const season = p.season(ctx.query.get('saison'));
  return {
    data: squadRows(ctx, t, season).map((r) => ({
      ...playerRow(r),
      minutes: r.minutes,
      appearances: r.appearances,
      primary_role: primaryRole(r),
      performance_index: score(performanceIndex(r)),
      market_value_eur: ctx.world.marketValue(r),
    })),
    meta: { team_id: t.id, team: t.name, season: seasonLabel(season) },
  };
}

function styleDistance(a: Team, b: Team): number {
  let sum = 0;
  for (const k of STYLE_KEYS) sum += (a.style[k] - b.style[k]) ** 2;
  sum += (100 * (a.comp.strength - b.comp.strength)) ** 2;
  return Math.sqrt(sum / (STYLE_KEYS.length + 1));
}

export function similarTeams(ctx: Ctx) {
  const t = findTeam(ctx, ctx.params.id ?? '');
  const limit = p.limit(ctx.query.get('limit'), 10, 50);
  const youth = t.comp.level === 'youth';
  const pool = ctx.world.clubs.all.filter(
    (o) =>
      o !== t &&
      o.comp.gender === t.comp.gender &&
      (o.comp.level === 'youth') === youth &&
      ctx.access.team(o),
  );
  const top = topK(pool, limit, (o) => -styleDistance(t, o));
  return {
    data: top.map(({ item }) => ({
      team_id: item.id,
      name: item.name,
      league: item.comp.name,
      country: item.countryName,
      similarity: round(Math.max(0, 1 - styleDistance(t, item) / 50), 3),
      style: item.style,
    })),
    meta: { team_id: t.id, team: t.name, limit },
  };
}

/** A goal count drawn from a Poisson law with mean `lambda`. */
function goals(u: number, lambda: number): number {
  let k = 0;
  let pk = Math.exp(-lambda);
  let cdf = pk;
  while (u > cdf && k < 9) {
    k++;
    pk *= lambda / k;
    cdf += pk;
  }
  return k;
}

export function headToHead(ctx: Ctx) {
  const a = findTeam(ctx, ctx.params.id ?? '');
  const b = findTeam(ctx, ctx.params.otherId ?? '');
  if (a === b) throw badRequest('otherId', 'a head-to-head needs two different teams');
  const season = p.season(ctx.query.get('saison'));
  const s = ctx.world.seed;
  const meetings: Record<string, unknown>[] = [];
  if (a.comp === b.comp) {
    const [lo, hi] = a.index < b.index ? [a, b] : [b, a];
    for (let y = 0; y <= season; y++) {
      const legs =
        y < CURRENT_SEASON ? 2 : hash(s, TAG.meeting, lo.comp.index, lo.index * 64 + hi.index, y) % 2;
      for (let leg = 0; leg < legs; leg++) {
        const [home, away] = leg === 0 ? [lo, hi] : [hi, lo];
        const start = seasonInfo(y).startYear;
        const day = 30 + (hash(s, TAG.meeting, lo.index, hi.index, y, leg + 5) % 120) + leg * 150;
        const date = new Date(Date.UTC(start, 7, day)).toISOString().slice(0, 10);
        const u1 = unit(s, TAG.meeting, lo.index * 64 + hi.index, y, leg, 1);
        const u2 = unit(s, TAG.meeting, lo.index * 64 + hi.index, y, leg, 2);
        meetings.push({
          season: seasonLabel(y),
          date,
          competition: a.comp.name,
          home: home.name,
          away: away.name,
          home_goals: goals(u1, Math.max(0.3, 1.45 + 0.9 * (home.prestige - away.prestige))),
          away_goals: goals(u2, Math.max(0.3, 1.1 + 0.9 * (away.prestige - home.prestige))),
        });
      }
    }
  }
  const tally = { played: meetings.length, wins: 0, draws: 0, losses: 0, goals_for: 0, goals_against: 0 };
  for (const m of meetings) {
    const aHome = m.home === a.name;
    const gf = (aHome ? m.home_goals : m.away_goals) as number;
    const ga = (aHome ? m.away_goals : m.home_goals) as number;
    tally.goals_for += gf;
    tally.goals_against += ga;
    if (gf > ga) tally.wins++;
    else if (gf < ga) tally.losses++;
    else tally.draws++;
  }
  const ra = rating(squadRows(ctx, a, season));
  const rb = rating(squadRows(ctx, b, season));
  return {
    data: {
      season: seasonLabel(season),
      team: teamSummary(a),
      opponent: teamSummary(b),
      summary: tally,
      meetings,
      comparison: [
        { metric: 'rating', team: ra, opponent: rb },
        ...STYLE_KEYS.map((k) => ({ metric: k, team: a.style[k], opponent: b.style[k] })),
      ],
    },
  };
}
