// Finding players, clubs and coaches from path ids and parameters, with the key's access applied.
import type { Team } from '../data/clubs.js';
import type { PlayerRow } from '../data/generate.js';
import { type Comp, CUPS } from '../data/leagues.js';
import { SEASON_LABELS } from '../data/seasons.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import type { Ctx } from './context.js';

export function isServiceId(id: string): boolean {
  return id.startsWith('ds_');
}

/**
 * The row a player_id names, or for a service_id the person's most recent linked league row the key
 * can see (in `season` when given).
 */
export function findRow(ctx: Ctx, id: string, season?: number): PlayerRow {
  const { world, access } = ctx;
  if (isServiceId(id)) {
    const key = world.personOf(id);
    if (key === undefined)
      throw notFound(`player "${id}" not found; POST /v1/players/resolve-batch gives current ids`);
    const rows = world
      .rowsOfPerson(key)
      .filter(
        (r) =>
          r.serviceId !== null && r.comp.type === 'league' && (season === undefined || r.season === season),
      );
    if (rows.length === 0) {
      throw notFound(
        season === undefined
          ? `player "${id}" has no linked row`
          : `player "${id}" has no linked league row in season ${SEASON_LABELS[season]}`,
      );
    }
    const visible = rows.filter((r) => access.row(r));
    const last = visible[visible.length - 1];
    if (!last) throw forbidden(`the API key has no access to the leagues of player "${id}"`);
    return last;
  }
  const row = world.rowById(id);
  if (!row)
    throw notFound(
      `player "${id}" not found; player_id values change every season, use service_id to keep track`,
    );
  access.assertRow(row);
  return row;
}

/** Every linked row of a person the key can see (history), or just the row for an unlinked one. */
export function personRows(
  ctx: Ctx,
  id: string,
): { serviceId: string | null; rows: PlayerRow[]; name: string } {
  const { world, access } = ctx;
  let key: number | undefined;
  if (isServiceId(id)) {
    key = world.personOf(id);
    if (key === undefined)
      throw notFound(`player "${id}" not found; POST /v1/players/resolve-batch gives current ids`);
  } else {
    const row = world.rowById(id);
    if (!row)
      throw notFound(
        `player "${id}" not found; player_id values change every season, use service_id to keep track`,
      );
    access.assertRow(row);
    if (row.serviceId === null) return { serviceId: null, rows: [row], name: row.person.name.full };
    key = row.person.key;
  }
  const all = world.rowsOfPerson(key).filter((r) => r.serviceId !== null);
  const rows = all.filter((r) => access.row(r));
  if (all.length > 0 && rows.length === 0)
    throw forbidden(`the API key has no access to the leagues of player "${id}"`);
  if (all.length === 0) throw notFound(`player "${id}" has no linked row`);
  return { serviceId: rows[0]?.serviceId ?? null, rows, name: world.people.get(key).name.full };
}

export function findTeam(ctx: Ctx, id: string): Team {
  const team = ctx.world.teamById(id);
  if (!team) throw notFound(`team "${id}" not found; GET /v1/teams lists team ids`);
  ctx.access.assertTeam(team);
  return team;
}

export function findCoach(ctx: Ctx, id: string): Team {
  const team = ctx.world.teamByCoachId(id);
  if (!team) throw notFound(`coach "${id}" not found; GET /v1/coaches lists coach ids`);
  ctx.access.assertTeam(team);
  return team;
}

/** A club by team id or by name (case and accents ignored). */
export function clubParam(ctx: Ctx, value: string, name = 'club'): Team {
  const team = ctx.world.teamById(value) ?? ctx.world.clubs.byName(value);
  if (!team) throw badRequest(name, `unknown club "${value}"; GET /v1/teams?q=... finds club names and ids`);
  ctx.access.assertTeam(team);
  return team;
}

/** Rows of the given competitions in a season that the key can see. */
export function* visibleRows(ctx: Ctx, comps: readonly Comp[], season: number): Generator<PlayerRow> {
  for (const comp of comps) {
    const cs = ctx.world.compSeason(comp, season);
    const all = ctx.access.comp(comp) && (comp.type === 'league' || ctx.key.leagues === 'all');
    for (const row of cs.rows) if (all || ctx.access.row(row)) yield row;
  }
}

/** Clubs of a league, of a cup in a season (those the key can see), or all the key can see. */
export function clubsOf(ctx: Ctx, league: Comp | undefined, season: number): readonly Team[] {
  if (!league) return ctx.world.clubs.all.filter((t) => ctx.access.team(t));
  if (league.type === 'league') return ctx.world.clubs.teamsOf(league);
  const draw = ctx.world.movements.qualifiers(season)[CUPS.indexOf(league)] ?? [];
  return draw
    .flatMap((d) => ctx.world.clubs.team(d.comp.index, d.team) ?? [])
    .filter((t) => ctx.access.team(t));
}
