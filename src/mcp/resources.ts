// MCP resources: reference data an assistant or a user can attach without a tool call.
//   football://roles             the 31 roles with English names (static table + live enums)
//   football://roles/{role}      one role, by key or English name
//   football://leagues           leagues the key can access (GET /v1/leagues, cached 24 h)
//   football://leagues/{league}  one league, by name
//   football://glossary          statistics and indices explained (GET /v1/glossary, cached 24 h)
//   football://glossary/{entry}  one glossary entry, by key
//   football://watchlists        the key's watchlists: size, last refresh, refresh cost (no request)
//   football://watchlists/{name} one watchlist: its players and its last snapshot (no request)

import type { McpServer, ReadResourceResult } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode, ResourceTemplate } from '@modelcontextprotocol/server';
import { ApiError } from '../api/errors.js';
import { loadRoleRows, type RoleRow } from '../api/role-rows.js';
import { nearest } from '../domain/nearest.js';
import { roleWithLabel } from '../domain/role-labels.js';
import { ROLE_KEYS } from '../domain/roles.js';
import { fold } from '../lib/fold.js';
import { completeLeague, completeRoleKey, completeWatchlist } from './completions.js';
import type { ToolDeps } from './context.js';
import { errorText } from './result.js';
import { damagedNotes, summarize, watchlistAccess } from './watchlists.js';

const JSON_TYPE = 'application/json';

function json(uri: URL, body: unknown): ReadResourceResult {
  return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(body) }] };
}

/** A template variable as the user meant it: percent-decoded when it can be. */
function variable(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

export function registerResources(server: McpServer, deps: ToolDeps): void {
  const { api, logger } = deps;

  /** Runs a read; a failure becomes a JSON-RPC error carrying our own text, as tools do. */
  const reading =
    <A extends unknown[]>(read: (...args: A) => Promise<ReadResourceResult>) =>
    async (...args: A): Promise<ReadResourceResult> => {
      try {
        return await read(...args);
      } catch (error) {
        if (error instanceof ProtocolError) throw error;
        const code =
          error instanceof ApiError && error.kind === 'invalid_argument'
            ? ProtocolErrorCode.InvalidParams
            : ProtocolErrorCode.InternalError;
        throw new ProtocolError(code, errorText(error, logger));
      }
    };

  /** The role table; without the live enums (no key, outage) the documented 31 answer, saying why. */
  async function roleRows(
    signal: AbortSignal,
  ): Promise<{ rows: RoleRow[]; live: boolean; problem: string | null }> {
    const table = await loadRoleRows(api, signal);
    return { rows: table.data, live: table.enums.live, problem: table.enums.problem };
  }

  server.registerResource(
    'roles',
    'football://roles',
    {
      title: 'Positional roles',
      description:
        'The 31 roles: French key, English name, description, other accepted names, family, former keys.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, ctx) => {
      const { rows, live, problem } = await roleRows(ctx.mcpReq.signal);
      return json(uri, { data: rows, live_enums: live, enums_problem: problem });
    }),
  );

  server.registerResource(
    'role',
    new ResourceTemplate('football://roles/{role}', {
      list: () => ({
        resources: ROLE_KEYS.map((key) => ({
          uri: `football://roles/${key}`,
          name: key,
          title: roleWithLabel(key),
          mimeType: JSON_TYPE,
        })),
      }),
      complete: { role: (value) => completeRoleKey(value) },
    }),
    {
      title: 'One positional role',
      description: 'One role by key or English name, e.g. football://roles/poacher.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, variables, ctx) => {
      const { key } = await deps.roles.resolve(variable(variables.role), ctx.mcpReq.signal);
      const { rows } = await roleRows(ctx.mcpReq.signal);
      const row = rows.find((r) => r.key === key);
      if (!row) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `No role ${key} in the role table.`);
      return json(uri, row);
    }),
  );

  async function leagues(signal: AbortSignal) {
    return (await api.leagues({ signal })).data.data;
  }

  server.registerResource(
    'leagues',
    'football://leagues',
    {
      title: 'Accessible leagues',
      description: 'Leagues and European cups this API key can access, with their exact names.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, ctx) => json(uri, { data: await leagues(ctx.mcpReq.signal) })),
  );

  server.registerResource(
    'league',
    new ResourceTemplate('football://leagues/{league}', {
      list: undefined,
      complete: { league: (value) => completeLeague(api, value) },
    }),
    {
      title: 'One league',
      description: 'One accessible league by name, e.g. football://leagues/Eredivisie.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, variables, ctx) => {
      const wanted = variable(variables.league);
      const all = await leagues(ctx.mcpReq.signal);
      const league = all.find((l) => fold(l.name) === fold(wanted));
      if (!league) {
        const closest = nearest(
          wanted,
          all.map((l) => l.name),
          3,
        );
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `"${wanted}" is not a league this key can access. Closest: ${closest.join(', ') || 'none'}. Read football://leagues for all.`,
        );
      }
      return json(uri, league);
    }),
  );

  // Read as get_glossary reads it: the cache keeps one reading per request, the first caller's.
  async function glossary(signal?: AbortSignal) {
    return (await api.glossary({ signal })).data.data;
  }

  server.registerResource(
    'glossary',
    'football://glossary',
    {
      title: 'Glossary of statistics and indices',
      description: 'What each statistic, role index and computed index means, with its unit.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, ctx) => json(uri, { data: await glossary(ctx.mcpReq.signal) })),
  );

  server.registerResource(
    'glossary-entry',
    new ResourceTemplate('football://glossary/{entry}', {
      list: undefined,
      complete: {
        entry: async (value) => {
          const keys = await glossary()
            .then((entries) => entries.map(entryKey).filter((k): k is string => k !== undefined))
            .catch(() => [] as string[]);
          const needle = fold(value);
          return keys.filter((k) => fold(k).includes(needle));
        },
      },
    }),
    {
      title: 'One glossary entry',
      description: 'One statistic or index by key, e.g. football://glossary/progressive_passes.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, variables, ctx) => {
      const wanted = variable(variables.entry);
      const entries = await glossary(ctx.mcpReq.signal);
      const entry = entries.find((e) => fold(entryKey(e) ?? '') === fold(wanted));
      if (!entry) {
        const keys = entries.map(entryKey).filter((k): k is string => k !== undefined);
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `No glossary entry "${wanted}". Closest: ${nearest(wanted, keys, 3).join(', ') || 'none'}. Read football://glossary for all.`,
        );
      }
      return json(uri, entry);
    }),
  );

  registerWatchlists(server, deps, reading);
}

/** The key's watchlists: read from our own store, never the upstream. */
function registerWatchlists(
  server: McpServer,
  deps: ToolDeps,
  reading: <A extends unknown[]>(
    read: (...args: A) => Promise<ReadResourceResult>,
  ) => (...args: A) => Promise<ReadResourceResult>,
): void {
  server.registerResource(
    'watchlists',
    'football://watchlists',
    {
      title: 'Watchlists',
      description:
        "This API key's watchlists: players, pending rows, last refresh, the data's date and what a refresh costs in requests.",
      mimeType: JSON_TYPE,
    },
    reading(async (uri) => {
      const { store, owner } = watchlistAccess(deps);
      const lists = await store.list(owner);
      const damaged = lists.filter((list) => list.damaged);
      return json(uri, {
        data: lists.filter((list) => !list.damaged).map(summarize),
        ...(damaged.length > 0 ? { damaged: damagedNotes(damaged) } : {}),
      });
    }),
  );

  server.registerResource(
    'watchlist',
    new ResourceTemplate('football://watchlists/{name}', {
      list: async () => {
        if (!deps.watchlists) return { resources: [] };
        const { store, owner } = deps.watchlists;
        // A store out of reach must not fail resources/list as a whole: reading football://watchlists
        // says why.
        const docs = await store.list(owner).catch(() => []);
        return {
          resources: docs.map((doc) => ({
            uri: `football://watchlists/${encodeURIComponent(doc.name)}`,
            name: doc.name,
            title: `Watchlist ${doc.name}`,
            mimeType: JSON_TYPE,
          })),
        };
      },
      complete: { name: (value) => completeWatchlist(deps.watchlists, value) },
    }),
    {
      title: 'One watchlist',
      description:
        'One watchlist by name: its players (service_id, or the row of a pending one) and its last snapshot, e.g. football://watchlists/Full-backs.',
      mimeType: JSON_TYPE,
    },
    reading(async (uri, variables) => {
      const { store, owner } = watchlistAccess(deps);
      const wanted = variable(variables.name);
      const doc = await store.get(owner, wanted);
      if (!doc) {
        const names = (await store.list(owner)).map((d) => d.name);
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `No watchlist "${wanted}" for this API key. Closest: ${nearest(wanted, names, 3).join(', ') || 'none'}. Read football://watchlists for all.`,
        );
      }
      const last = doc.snapshots.at(-1) ?? null;
      return json(uri, {
        ...summarize(doc),
        entries: doc.entries,
        last_snapshot: last,
      });
    }),
  );
}

/** The glossary's shape is not documented: an entry is named by `key`, else `id` or `name`. */
function entryKey(entry: Record<string, unknown>): string | undefined {
  return [entry.key, entry.id, entry.name].find((v): v is string => typeof v === 'string');
}
