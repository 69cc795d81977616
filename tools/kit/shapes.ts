// Output shapes shared by tools. Tools map upstream rows into these, so the outputSchema stays
// stable when the upstream adds fields, and the model reads only what it needs.
import { z } from 'zod';
import type { PlayerRow } from '../../src/api/schemas.js';
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
    .describe('Stable person id (ds_…); null while the row is not linked yet.'),
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
    service_id: row.service_id,
    name: row.name,
    club: row.club ?? null,
    league: row.league ?? null,
    season: row.season ?? null,
    age: row.age ?? null,
  };
}

/** "Name (ds_…)" or "Name (player_id, unlinked)": how a player is named in text output. */
export function playerLabel(row: {
  name: string | null;
  service_id: string | null;
  player_id: string | null;
}): string {
  const name = row.name ?? row.service_id ?? row.player_id ?? 'unnamed player';
  if (row.service_id) return row.name ? `${name} (${row.service_id})` : name;
  return row.player_id && row.name ? `${name} (${row.player_id}, unlinked)` : `${name} (unlinked)`;
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
    .describe('Or a name; beside a player_id, the name he is known by.'),
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
