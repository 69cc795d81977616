import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { TOOLS } from '../../tools/index.js';
import { VERSION } from '../version.js';
import type { ToolDeps } from './context.js';
import { progressReporter } from './progress.js';
import type { ToolDefinition } from './tool.js';

export const INSTRUCTIONS = [
  'Football scouting data (Football Data API v1): rankings by 31 positional roles, scouting, comparisons, club fit.',
  'Players have two ids: player_id names one season/club/competition row and changes every season; service_id (ds_…) is the stable person. Keep service_ids; refresh player_ids with resolve_players.',
  'Every upstream request spends the daily quota of the key; cached answers are free. Each result reports the quota; quota_status shows it.',
  'Role keys are French (list_roles); league names must match list_leagues.',
].join('\n');

export interface ServerOptions {
  tools?: readonly ToolDefinition[];
}

/** One MCP server over the given dependencies; a transport connects it. */
export function createServer(deps: ToolDeps, options: ServerOptions = {}): McpServer {
  const server = new McpServer(
    { name: 'football-scout-mcp', title: 'Football Scout', version: VERSION },
    { instructions: INSTRUCTIONS, capabilities: { logging: {} } },
  );
  for (const tool of options.tools ?? TOOLS) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      (args: unknown, extra) =>
        tool.handle(args, { ...deps, signal: extra.signal, progress: progressReporter(extra) }),
    );
  }
  return server;
}
