import { z } from 'zod';
import { withLeagueHint } from '../src/facts/league-hint.js';
import { ClubName, LeagueName, Limit, NamePart, Season, seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { byNameAndProminence } from './kit/name-rank.js';
import { cut, PAGE_SIZE } from './kit/pages.js';
import { announcePlan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { PlayerOut, toPlayerOut } from './kit/shapes.js';
import { shownOr } from './kit/shown.js';
import { table } from './kit/text.js';

const MAX = PAGE_SIZE.playerSearch;

/** What to try next when no name matched, rather than a bare empty table. */
function noMatchHint(query: string, filter: string | undefined): string {
  const word = query.split(/\s+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  const part = word.length > 3 ? ` (e.g. "${word.slice(0, Math.max(3, Math.ceil(word.length / 2)))}")` : '';
  const filtered = filter === undefined ? '' : ' with these filters';
  const wider =
    filter === undefined ? 'browse a league with rank_players_by_role' : 'drop league, club or season';
  return (
    `No player name contains "${query}"${filtered}. Try part of the name${part} or another spelling, ` +
    `${wider}, or resolve_players with the name and club.`
  );
}

/** What the order rests on: the rows read, and whether others exist beyond them. */
function rankedAmong(read: number, more: 'no' | 'yes' | 'may'): string {
  const beyond = more === 'no' ? '' : `; ${more === 'yes' ? 'more exist' : 'more may exist'} beyond them`;
  return `Best name match first, then most minutes and score, among the ${read} rows read${beyond}.`;
}

export default defineTool({
  name: 'search_players',
  title: 'Search players by name',
  toolset: 'players',
  description:
    'Find players by (part of) name, optionally by league, club or season: player_id and service_id. Use it first when a player is named; best match, then most minutes. 1 request a page.',
  input: {
    query: NamePart.meta({ examples: ['Mbaye'] }).describe('Name or part of it, e.g. Mbaye'),
    league: LeagueName.optional(),
    club: ClubName.optional().describe('Club name to narrow the search.'),
    season: Season.optional(),
    limit: Limit(10, MAX),
  },
  output: z.array(PlayerOut.extend({ position: z.string().nullable(), minutes: z.number().nullable() })),
  extra: { requests: PlannedCostOut },
  async run({ query, league, club, season, limit }, ctx) {
    const { api, signal } = ctx;
    // A page more than the budget: the first asked again at a smaller size when the API refuses ours.
    const pages = api.maxPages + 1;
    const cost = plan([
      [pages, `the search: 1 request a page, up to ${pages}`],
      [
        league === undefined ? 0 : 1 + pages,
        'the league list and the search again, if the API refuses the league name',
      ],
    ]);
    announcePlan(ctx, cost);
    const result = await withLeagueHint(api, league, signal, (league) =>
      api.playerSearch({
        name: query,
        league,
        club,
        season: seasonParam(season),
        // Enough rows to rank namesakes, not only the first `limit` the API happens to give.
        limit: MAX,
        signal,
      }),
    );
    const ranked = byNameAndProminence(result.data.data, query);
    const { rows, has_more, notes } = cut(ranked, limit, MAX, result);
    if (has_more && rows.length > 0) notes.push(rankedAmong(result.data.data.length, result.more));
    const data = rows.map((row) => ({
      ...toPlayerOut(row),
      position: row.position ?? null,
      minutes: row.minutes ?? null,
    }));
    if (data.length === 0) notes.push(noMatchHint(query, league ?? club ?? season));
    return { ...result, data, extra: { requests: plannedCost(cost) }, notes, has_more };
  },
  text: ({ data, extra }) =>
    table(data, [
      ['name', (p) => p.name],
      ['club', (p) => p.club],
      ['league', (p) => p.league],
      ['season', (p) => p.season],
      ['age', (p) => p.age],
      ['position', (p) => p.position],
      ['min', (p) => p.minutes],
      ['service_id', (p) => p.service_id ?? shownOr(p, 'service_id', 'unlinked')],
      ['player_id', (p) => p.player_id],
    ]) + (extra ? `\n${plannedCostText(extra.requests)}` : ''),
});
