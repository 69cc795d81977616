// 6. Context cost: tokens the model reads for the tool list and for a typical answer of each tool,
// counted with a real tokenizer (o200k_base).
import type { CallToolResult } from '@modelcontextprotocol/server';
import { untabulate } from '../src/mcp/tabular.js';
import { countTokens } from '../test/support/tokens.js';
import type { ToolCall } from './agent-session.js';
import { DirectClient, type PickedPlayer, topPlayers } from './direct.js';
import { connectStdio, type Upstream } from './processes.js';
import { type Row, row } from './report.js';
import { int } from './stats.js';

const TOOLS_LIST_TARGET = 6300;
/** Structured content at most this many times the text's tokens (docs/performance.md, test/e2e/lean-forms.test.ts). */
export const FORMS_RATIO = 1.1;
/** The watchlist the typical watchlist calls make, then report on. */
const WATCHLIST = 'Bench shortlist';

/** Ids of a team and a coach, as an assistant would find them, for the club tools' typical calls. */
interface ClubIds {
  teamId: string;
  otherTeamId: string;
  coachId: string;
}

/** A typical call of each tool. */
function typicalCalls(players: PickedPlayer[], club: string, clubs: ClubIds): ToolCall[] {
  const ids = players.map((p) => p.service_id);
  const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({ name, arguments: args });
  return [
    call('search_players', { query: (players[0]?.name ?? '').split(' ').at(-1) ?? '' }),
    call('rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1' }),
    call('scout_players', { roles: ['milieu_box_to_box', 'mezzala'], max_age: 24, min_minutes: 900 }),
    call('compare_players', { player_ids: ids.slice(0, 3) }),
    call('fit_score', { player_ids: ids.slice(0, 3), club }),
    call('resolve_players', { players: players.slice(0, 5).map((p) => ({ player_id: p.player_id })) }),
    call('player_history', { player_id: ids[0] }),
    call('get_player', { player_id: ids[0] }),
    call('scouting_report', { player_id: ids[0], club }),
    call('list_leagues', { query: 'france' }),
    call('list_roles'),
    call('quota_status'),
    call('search_teams', { league: 'Ligue 1' }),
    call('get_team', { team_id: clubs.teamId, sections: ['squad'], other_team_id: clubs.otherTeamId }),
    call('search_coaches', { league: 'Ligue 1' }),
    call('get_coach', { coach_id: clubs.coachId, sections: ['career', 'tactical_profile'] }),
    call('rank_players_by_statistic', { statistic: 'progressive_passes', league: 'Ligue 1' }),
    call('get_glossary', { query: 'pass' }),
    call('comparison_group', {
      x: 'progressive_passes',
      y: 'pass_completion_pct',
      league: 'Ligue 1',
      highlight: ids.slice(0, 2),
    }),
    call('my_account', { sections: ['indices', 'presets'] }),
    // In this order: the list is made, then reported on (a first report: every row new).
    call('update_watchlist', { watchlist: WATCHLIST, add: ids.slice(0, 3).map((id) => ({ player_id: id })) }),
    call('watchlist_report', { watchlist: WATCHLIST }),
  ];
}

/** A typical call of every tool, with real ids of the upstream's players, teams and coaches. */
export async function typicalCallsOn(upstream: Upstream, client: StdioClient): Promise<ToolCall[]> {
  const direct = new DirectClient(upstream.url, upstream.key);
  const players = await topPlayers(direct, 'defenseur_relanceur', 'Ligue 1', 6).finally(() => direct.close());
  const club = players.find((p) => p.club !== players[0]?.club)?.club ?? '';
  const teams = await idsFrom(client, 'search_teams', { league: 'Ligue 1', limit: 2 }, 'team_id');
  const coaches = await idsFrom(client, 'search_coaches', { league: 'Ligue 1', limit: 1 }, 'coach_id');
  const clubs = { teamId: teams[0] ?? '', otherTeamId: teams[1] ?? '', coachId: coaches[0] ?? '' };
  return typicalCalls(players, club, clubs);
}

export async function benchContextCost(upstream: Upstream): Promise<Row[]> {
  const { client } = await connectStdio(upstream);
  try {
    const { tools } = await client.listTools();
    const listTokens = countTokens(JSON.stringify(tools));
    const rows = [
      row(
        '6 context cost',
        `tools/list, ${tools.length} tools (JSON as the client receives it)`,
        `${int(listTokens)} tokens`,
        `< ${int(TOOLS_LIST_TARGET)} tokens`,
        listTokens < TOOLS_LIST_TARGET,
      ),
    ];
    const typical = await typicalCallsOn(upstream, client);
    for (const tool of tools) {
      const example = typical.find((c) => c.name === tool.name);
      if (!example) {
        rows.push(row('6 context cost', `answer of ${tool.name}`, 'no typical call defined yet', '—'));
        continue;
      }
      const result = (await client.callTool(example)) as CallToolResult;
      if (result.isError) throw new Error(`${tool.name} failed: ${JSON.stringify(result.content)}`);
      const { text, structured } = tokensOf(result);
      rows.push(
        row(
          '6 context cost',
          `answer of ${tool.name} ${describe(example.arguments)}`,
          `text ${int(text)} / structured ${int(structured)} tokens (${(structured / text).toFixed(2)} ×)`,
          `structured ≤ ${FORMS_RATIO} × text`,
          structured <= FORMS_RATIO * text,
        ),
      );
    }
    return rows;
  } finally {
    await client.close();
  }
}

/** Tokens of an answer's text blocks (joined as clients show them) and of its structured content. */
export function tokensOf(result: CallToolResult): { text: number; structured: number } {
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
  return { text: countTokens(text), structured: countTokens(JSON.stringify(result.structuredContent ?? {})) };
}

type StdioClient = Awaited<ReturnType<typeof connectStdio>>['client'];

async function idsFrom(
  client: StdioClient,
  tool: string,
  args: Record<string, unknown>,
  field: string,
): Promise<string[]> {
  const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
  const body = untabulate(result.structuredContent) as { data?: Record<string, unknown>[] } | undefined;
  const rows = body?.data ?? [];
  return rows.map((r) => String(r[field]));
}

/** Arguments in brief: long lists by their length, so ids do not fill the table. */
export function describe(args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([k, v]) =>
    Array.isArray(v) && JSON.stringify(v).length > 40
      ? `${k}: ${v.length} items`
      : `${k}: ${JSON.stringify(v)}`,
  );
  return parts.length ? `(${parts.join(', ')})` : '';
}
