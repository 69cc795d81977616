// The baseline of the quota benchmark: a minimal MCP wrapper with the same tool names, each mapped
// to the upstream requests it needs (one, or one per part of a player record or report), no cache, no
// single-flight: what a user gets from a thin generated wrapper of the REST API.

import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport, McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { DirectClient } from './direct.js';

type Args = Record<string, unknown>;
type Request = { method: 'GET'; path: string; query?: Args } | { method: 'POST'; path: string; body: Args };

/** A player sub-resource, e.g. `roles`, or the record itself with an empty name. */
const playerPart = (a: Args, part: string, query: Args = {}): Request => ({
  method: 'GET',
  path: `/v1/players/${encodeURIComponent(String(a.player_id))}${part ? `/${part}` : ''}`,
  query: { saison: a.season, ...query },
});
const RECORD_PARTS = ['', 'roles', 'strengths', 'market-value'];

/** Tool name → the upstream requests it sends. */
const MAPPING: Record<string, (a: Args) => Request | Request[]> = {
  search_players: (a) => ({
    method: 'GET',
    path: '/v1/players/search',
    query: { q: a.query, league: a.league, club: a.club, saison: a.season, limit: a.limit },
  }),
  rank_players_by_role: (a) => ({
    method: 'GET',
    path: '/v1/rankings',
    query: { role: a.role, saison: a.season, league: a.league, limit: a.limit },
  }),
  scout_players: (a) => ({
    method: 'POST',
    path: '/v1/scouting',
    body: {
      roles: a.roles,
      saison: a.season,
      ageMax: a.max_age,
      minutesMin: a.min_minutes,
      limit: a.limit,
      league: a.league,
    },
  }),
  compare_players: (a) => ({
    method: 'POST',
    path: '/v1/compare',
    body: { player_ids: a.player_ids, saison: a.season },
  }),
  fit_score: (a) => ({
    method: 'POST',
    path: '/v1/fit-score',
    body: { player_ids: a.player_ids, club: a.club },
  }),
  resolve_players: (a) => ({
    method: 'POST',
    path: '/v1/players/resolve-batch',
    body: { players: a.players },
  }),
  player_history: (a) => ({
    method: 'GET',
    path: `/v1/players/${encodeURIComponent(String(a.player_id))}/history`,
  }),
  // get_player with its default sections; scouting_report with all of its parts.
  get_player: (a) => RECORD_PARTS.map((part) => playerPart(a, part)),
  scouting_report: (a) => [
    ...RECORD_PARTS.map((part) => playerPart(a, part)),
    { method: 'GET', path: `/v1/players/${encodeURIComponent(String(a.player_id))}/history` },
    playerPart(a, 'projections'),
    playerPart(a, 'similar', { limit: a.similar_limit }),
    ...(a.club
      ? [
          {
            method: 'POST',
            path: '/v1/fit-score',
            body: { player_ids: [a.player_id], club: a.club },
          } as const,
        ]
      : []),
  ],
  list_leagues: () => ({ method: 'GET', path: '/v1/leagues' }),
  list_roles: () => ({ method: 'GET', path: '/v1/enums' }),
  // A thin wrapper has no quota of its own to report: it asks the account route.
  quota_status: () => ({ method: 'GET', path: '/v1/me' }),
};

/**
 * Distinct upstream questions a session asks, as its calls word them: what a cache keyed on the tools'
 * arguments sends (a server answering some questions from earlier answers sends fewer).
 * quota_status is left out (a server can answer it from the rate-limit headers it has seen).
 */
export function distinctQuestions(calls: ReadonlyArray<{ name: string; arguments: Args }>): number {
  const seen = new Set<string>();
  for (const call of calls) {
    const toRequest = MAPPING[call.name];
    if (!toRequest) throw new Error(`no upstream mapping for ${call.name}`);
    if (call.name === 'quota_status') continue;
    for (const request of [toRequest(call.arguments)].flat()) seen.add(JSON.stringify(request));
  }
  return seen.size;
}

function defined(values: Args = {}): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(values)) if (v !== undefined) out[k] = v as string | number;
  return out;
}

export function createPassThroughServer(direct: DirectClient): McpServer {
  const server = new McpServer({ name: 'pass-through', version: '0.0.0' });
  for (const [name, toRequest] of Object.entries(MAPPING)) {
    server.registerTool(name, { inputSchema: z.looseObject({}) }, async (args: Args) => {
      const bodies = await Promise.all(
        [toRequest(args)]
          .flat()
          .map((request) =>
            request.method === 'GET'
              ? direct.get(request.path, defined(request.query))
              : direct.post(request.path, request.body),
          ),
      );
      const text = JSON.stringify(bodies.length === 1 ? bodies[0] : bodies);
      return { content: [{ type: 'text', text }] };
    });
  }
  return server;
}

/** An SDK Client connected in memory to a pass-through server over `baseUrl`. */
export async function connectPassThrough(baseUrl: string, key: string) {
  const direct = new DirectClient(baseUrl, key);
  const server = createPassThroughServer(direct);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await server.close();
      await direct.close();
    },
  };
}
