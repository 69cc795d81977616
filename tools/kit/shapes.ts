// Output shapes shared by tools. Tools map upstream rows into these, so the outputSchema stays
// stable when the upstream adds fields, and the model reads only what it needs.
import { z } from 'zod';
import type { PlayerRow } from '../../src/api/schemas.js';
import { isCupRow } from '../../src/domain/cups.js';
import { PlayerIdArg } from '../../src/mcp/args.js';

export const PlayerOut = z.object({
  player_id: z
    .string()
    .nullable()
    .describe(
      'Id of this season/club/competition row; changes every season (null when the API gave only service_id).',
    ),
  service_id: z
    .string()
    .nullable()
    .optional()
    .describe(
      "Stable person id (ds_…); null while the row is not linked yet; left out when the API's answer carried none the server could read (a note says so).",
    ),
  name: z.string().nullable(),
  club: z.string().nullable(),
  league: z.string().nullable(),
  season: z.string().nullable(),
  age: z.number().nullable(),
});
export type PlayerOut = z.infer<typeof PlayerOut>;

export function toPlayerOut(row: PlayerRow): PlayerOut {
  return {
    player_id: row.player_id,
    ...(row.service_id === undefined ? {} : { service_id: row.service_id }),
    name: row.name,
    club: row.club ?? null,
    league: row.league ?? null,
    season: row.season ?? null,
    age: row.age ?? null,
  };
}

// The one rule for a player row's ids in a list, in both forms: its service_id, and its player_id only
// where the service_id does not name that row: while the row is unlinked (no service_id), or on a European
// cup row (a service_id is read as the person's league row). The service_id is accepted wherever a
// player_id is and is the lasting key; any row's player_id is in get_player, search_players,
// player_history and resolve_players, whose work is row ids. A row schema leaves the player_id out of its
// declared fields and is loose, so the column appears only when a row needs it.

/** A list row's service_id (declared); its player_id is beside it only where the rule keeps it. */
export const RowServiceId = z
  .string()
  .nullable()
  .optional()
  .describe(
    "Stable person id (ds_…); null while the row is not linked yet; left out when the API's answer carried none the server could read (a note says so). An unlinked row, a row whose service_id could not be read, and a European cup row (a service_id names the league row), also carry player_id.",
  );

/** service_id undefined: the answer carried none that could be read (unread, never "not linked"). */
export type RowIds = { service_id?: string | null; player_id?: string | null };

type IdRow = {
  service_id?: string | null | undefined;
  player_id?: string | null | undefined;
  league?: string | null | undefined;
  competition?: string | null | undefined;
};

/** Whether the rule keeps a row's player_id: unlinked, or a cup row the service_id does not name. */
function keepsRowId(row: IdRow): boolean {
  return !row.service_id || (row.player_id != null && isCupRow(row));
}

/** A list row's ids by the rule: `{ service_id }`, or with `player_id` where the service_id does not name the row. */
export function rowIds(row: IdRow): RowIds {
  if (row.service_id === undefined) return { player_id: row.player_id ?? null };
  const service_id = row.service_id;
  return keepsRowId(row) ? { service_id, player_id: row.player_id ?? null } : { service_id };
}

/** A list row's id cell in the text, the same facts as rowIds: the service_id, and the player_id where kept. */
export function idCell(row: { service_id?: unknown; player_id?: unknown }): string {
  const service = typeof row.service_id === 'string' && row.service_id ? row.service_id : undefined;
  const player = typeof row.player_id === 'string' && row.player_id ? row.player_id : undefined;
  if (service) return player ? `${service} (cup row ${player})` : service;
  const state = row.service_id === undefined ? 'service_id unread' : 'unlinked';
  return player ? `${player} (${state})` : state;
}

/** PlayerOut by the rule: the player_id only while unlinked. */
export const PlayerRowOut = PlayerOut.omit({ player_id: true }).extend({ service_id: RowServiceId }).loose();

export function toPlayerRowOut(row: PlayerRow): z.infer<typeof PlayerRowOut> {
  const { player_id, ...rest } = toPlayerOut(row);
  return { ...rest, ...rowIds({ ...row, service_id: rest.service_id, player_id }) };
}

/** "Name (ds_…)" or "Name (player_id, unlinked)": how a player is named in text output. */
export function playerLabel(row: {
  name: string | null;
  service_id?: string | null | undefined;
  player_id: string | null;
}): string {
  const name = row.name ?? row.service_id ?? row.player_id ?? 'unnamed player';
  if (row.service_id) return row.name ? `${name} (${row.service_id})` : name;
  const state = row.service_id === undefined ? 'service_id unread' : 'unlinked';
  return row.player_id && row.name ? `${name} (${row.player_id}, ${state})` : `${name} (${state})`;
}

export const PLAYER_NOT_FOUND =
  'No player with that id. player_id values change every season, on transfers and between league and cup: get current ids with resolve_players or search_players, or pass the stable service_id (ds_…).';

/** A player asked for by id, or by name and club: the queries of resolve_players and update_watchlist. */
export const PlayerQueryFields = {
  player_id: PlayerIdArg.optional(),
  name: z
    .string()
    .min(2)
    .max(80)
    .meta({ examples: ['Mbaye'] })
    .optional()
    .describe('Or a name; with a player_id, the name he is known by'),
  club: z
    .string()
    .min(2)
    .max(80)
    .meta({ examples: ['FC Lens'] })
    .optional()
    .describe('Club, to tell namesakes apart.'),
};

/** The check both tools make of such a query: an id or a name. */
export const BY_ID_OR_NAME = [
  (q: { player_id?: string | undefined; name?: string | undefined }) =>
    q.player_id !== undefined || q.name !== undefined,
  { message: 'give player_id or name' },
] as const;
