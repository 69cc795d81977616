// 10. What reaches the model through agent frameworks: for a typical call of each tool, tokens of the
// answer's text and of its structured form, and of what the Vercel AI SDK and LangChain each hand the
// model when the tool is called through their MCP clients (o200k_base).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { type FrameworkSession, type ModelSees, openFramework } from '../test/support/frameworks.js';
import { countTokens } from '../test/support/tokens.js';
import { describe, tokensOf, typicalCallsOn } from './context-cost.js';
import { connectStdio, freshCacheHome, type Upstream, upstreamEnv } from './processes.js';
import { type Row, row } from './report.js';
import { int } from './stats.js';

const BENCH = '10 frameworks';

/** The target for a 20-row ranking as the model reads it, whatever the framework (docs/performance.md). */
const RANKING_TARGET = 1000;

export async function benchFrameworks(upstream: Upstream): Promise<Row[]> {
  // Each server on an empty cache of its own, so every one of them answers a call fresh from the
  // upstream and no text gains a note that another server's answer was cached.
  const { client } = await connectStdio(upstream, freshCacheHome());
  const sessions: FrameworkSession[] = [];
  try {
    for (const framework of ['ai-sdk', 'langchain'] as const) {
      const env = { ...upstreamEnv(upstream), ...freshCacheHome() };
      sessions.push(await openFramework(framework, { transport: 'stdio', args: [], env }));
    }
    const rows: Row[] = [];
    const ranking = { name: 'rank_players_by_role', arguments: { role: 'defenseur_relanceur', limit: 20 } };
    for (const call of [ranking, ...(await typicalCallsOn(upstream, client))]) {
      const result = (await client.callTool(call)) as CallToolResult;
      if (result.isError) throw new Error(`${call.name} failed: ${JSON.stringify(result.content)}`);
      const { text, structured } = tokensOf(result);
      const figures = [`text ${int(text)}`, `structured ${int(structured)}`];
      const sent: number[] = [];
      for (const session of sessions) {
        const seen = await session.callAsModel(call.name, call.arguments);
        sent.push(countTokens(seen.text));
        figures.push(`${session.framework} sends ${int(countTokens(seen.text))}${images(seen)}`);
      }
      const isRanking = call === ranking;
      // The 20-row ranking: within the budget in each form, and as each framework hands it on.
      const within = [text, structured, ...sent].every((n) => n <= RANKING_TARGET);
      rows.push(
        row(
          BENCH,
          `${call.name} ${describe(call.arguments)}`,
          `${figures.join(' / ')} tokens`,
          isRanking ? `each form and each framework ≤ ${int(RANKING_TARGET)} tokens` : '—',
          isRanking ? within : undefined,
        ),
      );
    }
    return rows;
  } finally {
    for (const session of sessions) await session.close().catch(() => undefined);
    await client.close();
  }
}

/** Image parts handed to the model beside the text, which a text token count leaves out. */
function images(seen: ModelSees): string {
  const count = seen.parts.filter((p) => p.kind === 'image').length;
  return count ? ` + ${count} image` : '';
}
