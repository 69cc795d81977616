// Side-by-side comparison and player-to-club fit; both take player_id or service_id values, by
// POST body or GET query string.
import { domestic, fitScore, performanceIndex } from '../data/analytics.js';
import type { Team } from '../data/clubs.js';
import type { PlayerRow } from '../data/generate.js';
import { badRequest } from '../http/errors.js';
import * as p from '../http/params.js';
import type { Ctx } from './context.js';
import { clubParam, findRow, isServiceId } from './lookup.js';
import { playerRow, roleScores, score, statistics, topK } from './present.js';

function playerIds(ctx: Ctx, min: number, max: number): string[] {
  const ids = p.list(ctx.input('player_ids'), 'player_ids');
  if (!ids || ids.length < min || ids.length > max) {
    throw badRequest(
      'player_ids',
      `parameter "player_ids" must hold ${min} to ${max} player_id or service_id values`,
    );
  }
  for (const id of ids) {
    if (id.length === 0 || id.length > 64)
      throw badRequest('player_ids', `invalid id "${id.slice(0, 64)}" in player_ids`);
  }
  return ids;
}

function rowsFor(ctx: Ctx, ids: readonly string[]): PlayerRow[] {
  const saison = ctx.input('saison');
  const season = p.given(saison) ? p.season(saison) : undefined;
  return ids.map((id) => findRow(ctx, id, isServiceId(id) ? season : undefined));
}

export function compare(ctx: Ctx) {
  const rows = rowsFor(ctx, playerIds(ctx, 2, 10));
  return {
    data: rows.map((row) => ({
      ...playerRow(row),
      minutes: row.minutes,
      appearances: row.appearances,
      performance_index: score(performanceIndex(row)),
      market_value_eur: ctx.world.marketValue(row),
      statistics: statistics(row),
      roles: roleScores(row)
        .slice(0, 5)
        .map(({ role, score: s }) => ({ role, score: s })),
    })),
  };
}

export function fitScores(ctx: Ctx) {
  const rows = rowsFor(ctx, playerIds(ctx, 1, 10));
  const clubValue = p.text(ctx.input('club'), 'club', { max: 120 });
  const club = clubValue === undefined ? undefined : clubParam(ctx, clubValue);
  return {
    data: rows.map((row) => {
      const ability = ctx.world.people.ability(row.person, row.season);
      const fitTo = (team: Team) => ({
        club: team.name,
        team_id: team.id,
        league: team.comp.name,
        score: fitScore(row, team, ability),
      });
      let fits: ReturnType<typeof fitTo>[];
      if (club) {
        fits = [fitTo(club)];
      } else {
        const candidates = ctx.world.clubs.teamsOf(domestic(row)).filter((t) => t !== row.team);
        fits = topK(candidates, 5, (t) => fitScore(row, t, ability)).map(({ item }) => fitTo(item));
      }
      return { ...playerRow(row), fits };
    }),
    meta: { club: club?.name ?? null },
  };
}
