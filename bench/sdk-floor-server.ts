// The floor of the miss benchmark: the thinnest server the SDK allows for one tool, over stdio. It
// forwards rank_players_by_role to the upstream as the direct request asks it and returns the start of
// the JSON as text: no reading of the rows, no cache, no output schema, no text table. What a miss
// costs through it beyond the direct request is the SDK's own round trip on both sides after the idle
// wait, which no server built on the SDK can go under. Its `noop` tool answers at once with a word: the
// floor of any cached answer (a tool call's round trip over stdio, nothing read, nothing checked). Its
// `replay` tool answers the result it was last given to keep, as it is: the floor of a cached answer of
// that size (the same text and structured content carried over stdio, nothing made).
import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import { DirectClient } from './direct.js';

const direct = new DirectClient(
  process.env.FOOTBALL_API_BASE_URL ?? '',
  process.env.FOOTBALL_API_KEY ?? '',
  1,
);
const server = new McpServer({ name: 'sdk-floor', version: '0.0.0' });
server.registerTool('rank_players_by_role', { inputSchema: z.looseObject({}) }, async (args) => {
  const { role = '', season = '', league = '' } = args as Record<string, string | undefined>;
  const body = await direct.get('/v1/rankings', { role, saison: season, league, limit: PAGE_SIZE.rankings });
  return { content: [{ type: 'text', text: JSON.stringify(body).slice(0, 4000) }] };
});
server.registerTool('noop', { inputSchema: z.looseObject({}) }, async () => ({
  content: [{ type: 'text', text: 'ok' }],
}));
let kept: CallToolResult = { content: [{ type: 'text', text: 'nothing kept' }] };
server.registerTool('replay', { inputSchema: z.looseObject({}) }, async (args) => {
  if (args.keep === undefined) return kept;
  kept = args.keep as CallToolResult;
  return { content: [{ type: 'text', text: 'kept' }] };
});
await server.connect(new StdioServerTransport());
