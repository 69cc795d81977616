import { z } from 'zod';
import { RESOLVE_BATCH } from '../src/api/endpoints.js';
import { carryUnread, markUnread } from '../src/api/reader/unread.js';
import { SERVICE_ID_EXAMPLE } from '../src/mcp/args.js';
import { defineTool } from '../src/mcp/tool.js';
import { watchlistAccess } from '../src/mcp/watchlists.js';
import { WATCHLIST_NOTE_MAX } from '../src/store/watchlists.js';
import { updateWatchlist, type WatchlistUpdate } from '../src/watchlists/edit.js';
import { keyOf, NAME_MAX } from '../src/watchlists/entries.js';
import { announcePlan, PlannedCostOut, plan, plannedCost, plannedCostText } from './kit/plan.js';
import { BY_ID_OR_NAME, PlayerQueryFields } from './kit/shapes.js';
import { table } from './kit/text.js';
import { personLabel, watchlistUpstream } from './kit/watchlist.js';

const Player = z.object(PlayerQueryFields).refine(...BY_ID_OR_NAME);

// One row an entry, as the text lists it: his person (service_id), else, while not linked to one
// (pending, service_id null), the row id he was added by, as player_id.
const Listed = z.looseObject({
  service_id: z.string().nullable(),
  name: z.string().nullable(),
  added_at: z.string().describe('The day added (UTC).'),
});
type ListedRow = z.infer<typeof Listed> & { player_id?: string | null };

export default defineTool({
  name: 'update_watchlist',
  title: 'Add to, remove from or delete a watchlist',
  toolset: 'players',
  description:
    'Keeps a named shortlist of players for this key (made on first add) for watchlist_report, each by service_id; a row not linked yet is kept pending. Adds cost 1 request; a refused change stores nothing. Returns the list.',
  input: {
    watchlist: z
      .string()
      .max(200)
      .meta({ examples: ['Left backs U23'] })
      .describe('e.g. Left backs U23 (1-60 characters, case ignored)'),
    add: z.array(Player).max(RESOLVE_BATCH).optional(),
    remove: z
      .array(
        z
          .string()
          .min(1)
          .max(NAME_MAX)
          .meta({ examples: [SERVICE_ID_EXAMPLE] }),
      )
      .max(200)
      .optional()
      .describe('service_ids, pending row ids or names.'),
    note: z
      .string()
      .max(WATCHLIST_NOTE_MAX)
      .meta({ examples: ['Watch in January'] })
      .optional()
      .describe('Empty clears it'),
    delete: z.boolean().optional().describe('true: delete the list and its snapshots (given alone).'),
  },
  output: z.object({
    watchlist: z.string(),
    // Each left out when there is nothing to say (no note, none added or removed, not deleted), as the text does.
    note: z.string().optional(),
    players: z.array(Listed),
    created: z.literal(true).optional().describe('Made by this call: every player listed was added now.'),
    added: z.array(z.string()).optional().describe('Players added to a list that existed.'),
    removed: z.array(z.string()).optional(),
    removed_unnamed: z
      .array(z.string())
      .optional()
      .describe('Removed players whose name could not be read, by service_id or row id.'),
    deleted: z.literal(true).optional().describe('The whole list was deleted (delete: true).'),
  }),
  extra: { requests: PlannedCostOut },
  // Removing is destructive (the default when not read-only); adding the same players twice is not.
  hints: { readOnlyHint: false, idempotentHint: true },
  async run({ watchlist, add = [], remove = [], note, delete: deleting = false }, ctx) {
    const change = { watchlist, add, remove, note, delete: deleting };
    const upstream = watchlistUpstream(ctx.api);
    // One resolve-batch for the players added (none when each is cached); removing asks nothing.
    const cost = plan([
      [add.length > 0 ? 1 : 0, `1 resolve-batch of ${add.length} player${add.length === 1 ? '' : 's'}`],
    ]);
    announcePlan(ctx, cost);
    const done = await updateWatchlist(watchlistAccess(ctx), upstream, change, ctx.signal, 'search_players');
    const { created, added, removed, removed_unnamed, deleted } = done;
    return {
      data: {
        watchlist: done.watchlist,
        ...(done.note ? { note: done.note } : {}),
        players: listed(done),
        // A new list's players are all added now: said once, not named twice.
        ...(created ? { created: true as const } : added.length > 0 ? { added } : {}),
        ...(removed.length > 0 ? { removed } : {}),
        ...(removed_unnamed.length > 0 ? { removed_unnamed } : {}),
        ...(deleted ? { deleted: true as const } : {}),
      },
      quota: ctx.api.quota.current(),
      source: done.source,
      notes: [
        ...done.notes,
        ...(removed_unnamed.length > 0
          ? [
              `Removed ${removed_unnamed.length} player(s) whose name could not be read when listed: named by id (${removed_unnamed.join(', ')}).`,
            ]
          : []),
      ],
      extra: { requests: plannedCost(cost) },
    };
  },
  text: ({ data, extra }) => {
    // By name, then by id those whose name could not be read (the note names the name unread).
    const removed = [...(data.removed ?? []), ...(data.removed_unnamed ?? [])];
    const added = data.added ?? [];
    const cost = extra ? plannedCostText(extra.requests) : '';
    if (data.deleted) {
      return `Watchlist "${data.watchlist}" deleted, with its snapshots: ${removed.length} player${removed.length === 1 ? ' was' : 's were'} on it${removed.length > 0 ? ` (${removed.join(', ')})` : ''}. ${cost}`;
    }
    const pending = data.players.filter((p) => !p.service_id).length;
    return [
      `Watchlist "${data.watchlist}"${data.created ? ' created' : ''}: ${data.players.length} player${data.players.length === 1 ? '' : 's'}${pending > 0 ? ` (${pending} pending: kept by row id until a service_id is read)` : ''}.${data.note ? ` Note: ${data.note}` : ''}`,
      added.length > 0 && `Added: ${added.join(', ')}.`,
      removed.length > 0 && `Removed: ${removed.join(', ')}.`,
      table(data.players, [
        ['player', (p) => personLabel(p)],
        ['status', (p) => (p.service_id ? 'linked' : 'pending')],
        ['added', (p) => p.added_at],
      ]),
      cost,
    ]
      .filter(Boolean)
      .join('\n');
  },
});

function listed(doc: Pick<WatchlistUpdate, 'entries' | 'read'>): ListedRow[] {
  return doc.entries.map((e) => {
    const row: ListedRow = {
      service_id: e.service_id,
      ...(e.service_id ? {} : { player_id: e.pending?.player_id ?? null }),
      name: e.name ?? e.pending?.name ?? null,
      added_at: e.added_at.slice(0, 10),
    };
    // A name the row read now could not read is unread, not absent: named in the note; so is one an
    // earlier change could not read (kept on the entry).
    const read = doc.read?.get(keyOf(e));
    if (read) return carryUnread(row, read, { name: 'name' });
    return e.name_unread && row.name === null
      ? markUnread(row, { kind: 'player', fields: { name: 'name' }, names: {} })
      : row;
  });
}
