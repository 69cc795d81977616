import { z } from 'zod';
import { ResolveBatchResponse } from '../src/api/schemas.js';
import { seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { PlayerOut, toPlayerOut } from './kit/shapes.js';
import { table } from './kit/text.js';

const Query = z
  .object({
    player_id: z.string().min(1).max(64).optional().describe('A player_id or service_id to resolve.'),
    name: z.string().min(2).max(80).optional().describe('Or a player name.'),
    club: z.string().min(2).max(80).optional().describe('Club, to tell namesakes apart.'),
    season: z.string().max(20).optional().describe('Season of the row wanted, e.g. "25-26".'),
  })
  .refine((q) => q.player_id !== undefined || q.name !== undefined, { message: 'give player_id or name' });

const Resolved = z.object({
  query: z.record(z.string(), z.unknown()),
  status: z.string().describe('resolved | unlinked (row not linked to a person yet) | not_found | ambiguous'),
  player_id: z.string().nullable(),
  service_id: z.string().nullable(),
  name: z.string().nullable(),
  club: z.string().nullable(),
  league: z.string().nullable(),
  season: z.string().nullable(),
  candidates: z.array(PlayerOut).optional(),
});

export default defineTool({
  name: 'resolve_players',
  title: 'Resolve player ids',
  toolset: 'players',
  description:
    'Turns up to 100 players (player_id, old ids, or names with club/season) into their stable service_id and current row. ' +
    'Use it to refresh stored player_ids (they change every season), before saving a shortlist, or when another tool says an id is unknown. ' +
    'One request for the whole list, for the players no earlier call resolved.',
  input: { players: z.array(Query).min(1).max(100).describe('1-100 players to resolve.') },
  output: z.array(Resolved),
  async run({ players }, { api, signal }) {
    const queries = players.map((q) =>
      q.player_id !== undefined
        ? { player_id: q.player_id }
        : { name: q.name, club: q.club, saison: seasonParam(q.season) },
    );
    // Rows answer the queries in order: players resolved by an earlier batch cost nothing.
    const result = await api.callItems('resolveBatch', ResolveBatchResponse, {
      items: queries,
      body: (items) => ({ players: items }),
      split: ({ data }, items) => (data.length === items.length ? data : undefined),
      rows: ({ data }) => data,
      signal,
    });
    const data = result.data.map((r, i) => ({
      query: r.query ?? (players[i] as Record<string, unknown> | undefined) ?? {},
      status: r.status,
      player_id: r.player_id ?? null,
      service_id: r.service_id ?? null,
      name: r.name ?? null,
      club: r.club ?? null,
      league: r.league ?? null,
      season: r.season ?? null,
      ...(r.candidates ? { candidates: r.candidates.map(toPlayerOut) } : {}),
    }));
    return { ...result, data };
  },
  text: ({ data }) =>
    table(data, [
      ['query', (r) => String(r.query.player_id ?? r.query.name ?? '')],
      [
        'status',
        (r) => (r.status === 'ambiguous' ? `ambiguous (${r.candidates?.length ?? 0} candidates)` : r.status),
      ],
      ['service_id', (r) => r.service_id],
      ['player_id', (r) => r.player_id],
      ['name', (r) => r.name],
      ['club', (r) => r.club],
      ['season', (r) => r.season],
    ]),
});
