// The prompts registry: the four everyday scouting tasks and the weekly watchlist run, one file each,
// in the order prompts/list shows them. Each is one message that tells the assistant which tools to
// call, in which order, with which arguments, so it gets there in a handful of calls.
import type { McpServer } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { ApiError } from '../../api/errors.js';
import type { ToolDeps } from '../context.js';
import { errorText } from '../result.js';
import type { ToolDefinition } from '../tool.js';
import compareShortlist from './compare-shortlist.js';
import findReplacement from './find-replacement.js';
import playerReport from './player-report.js';
import type { PromptDefinition } from './prompt.js';
import roleShortlist from './role-shortlist.js';
import weeklyWatchlist from './weekly-watchlist.js';

export const PROMPTS: readonly PromptDefinition[] = [
  playerReport,
  roleShortlist,
  compareShortlist,
  findReplacement,
  weeklyWatchlist,
];

/**
 * Registers the prompts whose tools are all among `tools` (the ones the server exposes): a plan that
 * names a switched-off tool (--toolsets, --tools) would send the assistant to a tool it cannot call.
 */
export function registerPrompts(server: McpServer, deps: ToolDeps, tools: readonly ToolDefinition[]): void {
  const enabled = tools.map((t) => t.name);
  for (const prompt of PROMPTS) {
    if (!prompt.tools.every((tool) => enabled.includes(tool))) continue;
    server.registerPrompt(
      prompt.name,
      { title: prompt.title, description: prompt.description, argsSchema: prompt.argsSchema(deps) },
      async (args, ctx) => {
        try {
          return await prompt.message(args, { deps, tools: enabled, signal: ctx.mcpReq.signal });
        } catch (error) {
          // Argument problems become InvalidParams errors with the same text a tool would give.
          if (error instanceof ApiError && error.kind === 'invalid_argument') {
            throw new ProtocolError(ProtocolErrorCode.InvalidParams, errorText(error, deps.logger));
          }
          throw error;
        }
      },
    );
  }
}
