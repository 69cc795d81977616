import { z } from 'zod';
import { RESOLVE_BATCH } from '../src/api/endpoints.js';
import { carryUnread } from '../src/api/reader/unread.js';
import type { ResolvedPlayer } from '../src/api/schemas.js';
import { queryLabel, strayNote } from '../src/facts/resolve-labels.js';
import { seasonParam } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { announcePlan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { type ResolveQuery, resolveBatch } from './kit/resolve.js';
import { BY_ID_OR_NAME, PlayerOut, PlayerQueryFields, toPlayerOut } from './kit/shapes.js';
import { table } from './kit/text.js';

const Query = z
  .object({
    ...PlayerQueryFields,
    season: z
      .string()
      .max(20)
      .optional()
      .meta({ examples: ['25-26'] })
      .describe('Season of the row wanted, e.g. 25-26'),
  })
  .refine(...BY_ID_OR_NAME);

const Resolved = z.object({
  query: z.string().describe('The query as asked: player_id, or name (club, season).'),
  status: z
    .string()
    .describe(
      'resolved | unlinked (row not linked to a person yet) | service_id_unread (the row carried no service_id the server could read: see notes) | not_found | ambiguous | unanswered (no row of the answer is for this query; see notes)',
    ),
  player_id: z.string().nullable(),
  service_id: z.string().nullable(),
  name: z.string().nullable(),
  club: z.string().nullable(),
  league: z.string().nullable(),
  season: z.string().nullable(),
  candidates: z.array(PlayerOut).optional(),
});

const NO_ROW = {
  status: 'unanswered',
  player_id: null,
  service_id: null,
  name: null,
  club: null,
  league: null,
  season: null,
} as const;

export default defineTool({
  name: 'resolve_players',
  title: 'Resolve player ids',
  toolset: 'players',
  description:
    'Turns up to 100 players (player_id, old ids, or names with club/season) into their stable service_id and current row: to refresh stored player_ids (they change every season) or an unknown id. 1 request.',
  input: { players: z.array(Query).min(1).max(RESOLVE_BATCH).describe('1-100 players to resolve.') },
  output: z.array(Resolved),
  extra: { requests: PlannedCostOut },
  async run({ players }, ctx) {
    const { api, signal } = ctx;
    // One batch for every player asked (at most the batch's size): a cached answer that lacks a player
    // is asked again, but then it cost nothing the first time.
    const cost = plan([[1, 'the resolve-batch']]);
    announcePlan(ctx, cost);
    const queries: ResolveQuery[] = players.map((q) =>
      q.player_id !== undefined
        ? { player_id: q.player_id, known_as: q.name }
        : { name: q.name ?? '', club: q.club, season: seasonParam(q.season) },
    );
    // Players resolved by an earlier batch cost nothing; each row is shown against the query it answers.
    const result = await resolveBatch(api, queries, signal);
    const { rows, stray } = result.data;
    const unanswered: string[] = [];
    const data = players.map((asked, i) => {
      const r = rows[i];
      if (!r) {
        unanswered.push(queryLabel(queries[i] as ResolveQuery));
        return { ...NO_ROW, query: askedAs(asked) };
      }
      // The row read may be an earlier batch's (cached): what its reading left unread stays unread here.
      return carryUnread(
        {
          query: askedAs(asked),
          status: statusOf(r),
          player_id: r.player_id ?? null,
          service_id: r.service_id ?? null,
          name: r.name ?? null,
          club: r.club ?? null,
          league: r.league ?? null,
          season: r.season ?? null,
          ...(r.candidates ? { candidates: r.candidates.map(toPlayerOut) } : {}),
        },
        r,
        SHOWN_AS_READ,
      );
    });
    const notes = [
      unanswered.length > 0 &&
        `resolve-batch: no row of the API's answer is for ${unanswered.join(', ')} (not found, or answered by a row that carries no id or name asked): status unanswered.`,
      strayNote(stray),
    ].filter((n): n is string => typeof n === 'string');
    return { ...result, data, extra: { requests: plannedCost(cost) }, notes };
  },
  text: ({ data, extra }) =>
    table(data, [
      ['query', (r) => r.query],
      [
        'status',
        (r) => (r.status === 'ambiguous' ? `ambiguous (${r.candidates?.length ?? 0} candidates)` : r.status),
      ],
      ['service_id', (r) => r.service_id ?? unanswered(r)],
      ['player_id', (r) => r.player_id ?? unanswered(r)],
      ['name', (r) => r.name ?? unanswered(r)],
      ['club', (r) => r.club ?? unanswered(r)],
      ['league', (r) => r.league ?? unanswered(r)],
      ['season', (r) => r.season ?? unanswered(r)],
    ]) + (extra ? `\n${plannedCostText(extra.requests)}` : ''),
});

/** The fields a resolved row shows, each under the same name as on the row read. */
const SHOWN_AS_READ: Readonly<Record<string, string>> = Object.fromEntries(
  ['player_id', 'service_id', 'name', 'club', 'league', 'season'].map((field) => [field, field]),
);

/**
 * An empty cell of a row no row of the API's answer was tied to: blank, not "–" (which says the API sent
 * nothing): its status and the note say why.
 */
const unanswered = (row: { status: string }) => (row.status === 'unanswered' ? '' : null);

/**
 * The row's status, but never resolved or unlinked when the row carried no service_id the reader could
 * read: every player answer carries one (null while unlinked), so lacking it says nothing of the link.
 */
function statusOf(row: ResolvedPlayer): string {
  const linkState = row.status === 'resolved' || row.status === 'unlinked';
  return linkState && row.service_id === undefined ? 'service_id_unread' : row.status;
}

/**
 * A query in words, as both forms show it: each row answers the query at its place in the list asked,
 * so the query is the caller's own, not the API's echo of it (which may name its fields otherwise).
 */
function askedAs(query: z.infer<typeof Query>): string {
  const head = query.player_id ?? query.name ?? '';
  const more = [query.player_id !== undefined && query.name, query.club, query.season].filter(Boolean);
  return more.length > 0 ? `${head} (${more.join(', ')})` : head;
}
