// The floor of the miss benchmark: the thinnest server the SDK allows for one tool, over stdio. It
// forwards rank_players_by_role to the upstream as the direct request asks it and returns the start of
// the JSON as text: no reading of the rows, no cache, no output schema, no text table. What a miss
// costs through it beyond the direct request is the SDK's own round trip on both sides after the idle
// wait, which no server built on the SDK can go under. Its `noop` tool answers at once with a word: the
// floor of any cached answer (a tool call's round trip over stdio, nothing read, nothing checked). Its
// `replay` tool answers the result it was last given to keep, as it is: the floor of a cached answer of
// that size (the same text and structured content carried over stdio, nothing made). Its
// `rank_players_by_role_answer` does both: it forwards the request as the first tool does, then answers the
// result it was given beforehand for the same question (ours, kept by `replay` with a `question`), under
// our tool's output schema, so the SDK checks it as it checks ours: the floor of a miss carrying our answer.
import { type CallToolResult, McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { z } from 'zod';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import rankPlayersByRole from '../tools/rank-players-by-role.js';
import { DirectClient } from './direct.js';

const direct = new DirectClient(
  process.env.FOOTBALL_API_BASE_URL ?? '',
  process.env.FOOTBALL_API_KEY ?? '',
  1,
);
const server = new McpServer({ name: 'sdk-floor', version: '0.0.0' });
const forward = (args: Record<string, unknown>) => {
  const { role = '', season = '', league = '' } = args as Record<string, string | undefined>;
  return direct.get('/v1/rankings', { role, saison: season, league, limit: PAGE_SIZE.rankings });
};
server.registerTool('rank_players_by_role', { inputSchema: z.looseObject({}) }, async (args) => {
  const body = await forward(args);
  return { content: [{ type: 'text', text: JSON.stringify(body).slice(0, 4000) }] };
});
server.registerTool('noop', { inputSchema: z.looseObject({}) }, async () => ({
  content: [{ type: 'text', text: 'ok' }],
}));
let kept: CallToolResult = { content: [{ type: 'text', text: 'nothing kept' }] };
const keptByQuestion = new Map<string, CallToolResult>();
const question = (args: Record<string, unknown>) => [args.role, args.season, args.league].join('|');
server.registerTool('replay', { inputSchema: z.looseObject({}) }, async (args) => {
  if (args.keep === undefined) return kept;
  if (isRecord(args.question)) keptByQuestion.set(question(args.question), args.keep as CallToolResult);
  else kept = args.keep as CallToolResult;
  return { content: [{ type: 'text', text: 'kept' }] };
});
server.registerTool(
  'rank_players_by_role_answer',
  { inputSchema: z.looseObject({}), outputSchema: rankPlayersByRole.outputSchema },
  async (args) => {
    await forward(args);
    const answer = keptByQuestion.get(question(args));
    if (!answer) throw new Error(`no answer kept for ${question(args)}`);
    return answer;
  },
);
await server.connect(new StdioServerTransport());

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
