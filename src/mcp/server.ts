import {
  CLIENT_CAPABILITIES_META_KEY,
  type ClientCapabilities,
  McpServer,
  type ServerContext,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/server';
import { VERSION } from '../version.js';
import { registerChartApp } from './chart-app.js';
import { chartOwner } from './chart-content.js';
import { clientRendersApps } from './client-support.js';
import type { ToolDeps } from './context.js';
import { MAX_CACHE_AGE_WORDS } from './max-cache-age.js';
import { progressReporter } from './progress.js';
import { registerPrompts } from './prompts/index.js';
import { registerResources } from './resources/index.js';
import type { ToolDefinition } from './tool.js';
import { answerToolsList } from './tools-list.js';

export const INSTRUCTIONS = [
  'Football scouting data (Football Data API v1): rankings by 31 positional roles, scouting, comparisons, club fit.',
  "Players have two ids: player_id names one season/club/competition row and changes every season; service_id (ds_…) is the stable person. Keep service_ids, and pass one wherever a player_id is asked; lists add a row's player_id only where its service_id does not name that row (not linked yet, or a European cup row); refresh player_ids with resolve_players.",
  'Every upstream request spends the daily quota of the key; cached answers are free. Each result reports the quota; quota_status shows it.',
  MAX_CACHE_AGE_WORDS,
  "Every tool result is {data, quota: {limit?, remaining?, reset?, unlimited}, source: {cached, fetched_at, stale?, age_s?, sent?, from_cache? (a mixed answer's counts)}, notes?, unread?, has_more?, season?} plus the fields its output schema names; a call of several requests adds requests: {planned?, sent, from_cache, retried?}; a list of records is a table {columns, rows}, each row an array in the columns' order; unread: every field the answer could not read (its note names them, or counts those past its length); has_more: true means a list stopped at its limit; unanswered (batch tools): [{id, reason}] of ids asked that the answer does not show; season (tools that take one): the season of the rows, null when the API chose or rows differ; seasons, leagues, role and statistic keys are shown canonical, a field <name>_api holding the API's own form where it differs.",
  'Roles: a French key or its English name ("poacher", "ball-playing centre-back"; list_roles); league names must match list_leagues.',
  'Watchlists: update_watchlist keeps players by service_id for this key; watchlist_report says what changed since the last snapshot.',
  'Resources football://roles, football://leagues and football://glossary hold reference data, football://watchlists your watchlists; prompts cover a player report, a role shortlist, a comparison, a replacement search and the weekly watchlist run.',
].join('\n');

/**
 * The lists a running server serves never change (its tools, prompts and resources are fixed at start), so
 * clients of the 2026-07-28 revision may keep them: an hour, in their own cache (a server's tool selection
 * is its operator's, so not for caches shared across servers). Reads of resources change and keep the SDK's
 * default (no caching).
 */
const LIST_TTL_MS = 3_600_000;
const LIST_CACHE_HINTS = {
  'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
  'prompts/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
  'resources/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
  'resources/templates/list': { ttlMs: LIST_TTL_MS, cacheScope: 'private' },
} as const;

export interface ServerOptions {
  /** The tools to serve (tools/index.ts, after the toolsets and tools settings): handed in from above. */
  tools: readonly ToolDefinition[];
  /** Told of every tool call's outcome; for metrics. */
  onToolCall?: (tool: string, outcome: 'ok' | 'error') => void;
  /**
   * A 2026-07-28-era revision this server is made for, beside the SDK's default ones: a server bound
   * to it once and kept (src/http/modern-shared.ts) lists it and answers server/discover, as the
   * SDK's HTTP entry makes its per-request servers do.
   */
  modernRevision?: string;
}

/** One MCP server over the given dependencies; a transport connects it. */
export function createServer(deps: ToolDeps, options: ServerOptions): McpServer {
  const server = new McpServer(
    { name: 'football-scout-mcp', title: 'Football Scout', version: VERSION },
    {
      instructions: INSTRUCTIONS,
      capabilities: { logging: {} },
      cacheHints: LIST_CACHE_HINTS,
      ...(options.modernRevision
        ? { supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS, options.modernRevision] }
        : {}),
    },
  );
  const { tools } = options;
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      async (args: unknown, ctx) => {
        const result = await tool.handle(args, {
          ...deps,
          signal: ctx.mcpReq.signal,
          progress: progressReporter(ctx),
          rendersApps: clientRendersApps(clientCapabilities(server, ctx)),
          caller: chartOwner(ctx),
        });
        options.onToolCall?.(tool.name, result.isError ? 'error' : 'ok');
        return result;
      },
    );
  }
  answerToolsList(server, tools);
  registerResources(server, deps);
  if (tools.some((t) => t.ui)) registerChartApp(server, deps);
  registerPrompts(server, deps, tools);
  return server;
}

/**
 * What the client declared it supports: on a 2026-07-28 request, the capabilities its `_meta`
 * envelope carries and nothing else (there is no initialize, and a server reused across requests,
 * see server-pool.ts, must not answer from an earlier one); on a 2025-era connection, those of its
 * initialize.
 */
function clientCapabilities(server: McpServer, ctx: ServerContext): ClientCapabilities | undefined {
  const envelope = ctx.mcpReq.envelope as Record<string, unknown> | undefined;
  if (envelope) return envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
  // Deprecated for the 2026 era only, which the envelope answers above.
  return server.server.getClientCapabilities();
}
