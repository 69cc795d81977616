// The resources registry: reference data an assistant or a user can attach without a tool call, one
// file each, in the order resources/list shows them.
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
import { ApiError } from '../../api/errors.js';
import type { Logger } from '../../log.js';
import type { ToolDeps } from '../context.js';
import { errorText } from '../result.js';
import glossary from './glossary.js';
import glossaryEntry from './glossary-entry.js';
import league from './league.js';
import leagues from './leagues.js';
import { JSON_TYPE, type ResourceDefinition } from './resource.js';
import role from './role.js';
import roles from './roles.js';
import watchlist from './watchlist.js';
import watchlists from './watchlists.js';

export const RESOURCES: readonly ResourceDefinition[] = [
  roles,
  role,
  leagues,
  league,
  glossary,
  glossaryEntry,
  watchlists,
  watchlist,
];

export function registerResources(server: McpServer, deps: ToolDeps): void {
  for (const resource of RESOURCES) {
    const config = { title: resource.title, description: resource.description, mimeType: JSON_TYPE };
    if (!('uriTemplate' in resource)) {
      server.registerResource(resource.name, resource.uri, config, async (uri, ctx) =>
        answer(uri, () => resource.read({ deps, signal: ctx.mcpReq.signal }), deps.logger),
      );
      continue;
    }
    const { list } = resource;
    const template = new ResourceTemplate(resource.uriTemplate, {
      list: list
        ? async () => ({
            resources: (await list(deps)).map((listed) => ({ ...listed, mimeType: JSON_TYPE })),
          })
        : undefined,
      complete: resource.complete(deps),
    });
    server.registerResource(resource.name, template, config, async (uri, variables, ctx) => {
      const decoded = Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [name, decode(value)]),
      );
      return answer(uri, () => resource.read(decoded, { deps, signal: ctx.mcpReq.signal }), deps.logger);
    });
  }
}

/** Runs a read into a JSON answer; a failure becomes a JSON-RPC error carrying our own text, as tools do. */
async function answer(uri: URL, read: () => Promise<unknown>, logger: Logger): Promise<ReadResourceResult> {
  try {
    const body = await read();
    return { contents: [{ uri: uri.href, mimeType: JSON_TYPE, text: JSON.stringify(body) }] };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    const code =
      error instanceof ApiError && error.kind === 'invalid_argument'
        ? ProtocolErrorCode.InvalidParams
        : ProtocolErrorCode.InternalError;
    throw new ProtocolError(code, errorText(error, logger));
  }
}

/** A template variable as the user meant it: percent-decoded when it can be. */
function decode(value: string | string[] | undefined): string {
  const raw = Array.isArray(value) ? value.join(',') : (value ?? '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
