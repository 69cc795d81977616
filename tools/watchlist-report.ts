import { z } from 'zod';
import { sparseColumns } from '../src/mcp/tabular.js';
import { defineTool } from '../src/mcp/tool.js';
import { watchlistAccess } from '../src/mcp/watchlists.js';
import { planText, refreshPlan, type WatchlistSummary } from '../src/watchlists/plan.js';
import {
  checkRefresh,
  listWatchlists,
  openWatchlist,
  type ReportSteps,
  refreshWatchlist,
  storedReport,
  type WatchlistReport,
} from '../src/watchlists/report.js';
import { Gathering } from './kit/gather.js';
import { table } from './kit/text.js';
import {
  clubCell,
  indexCells,
  minutesCell,
  personLabel,
  type ReportLine,
  rankCells,
  reportLine,
  sharedSeason,
  valueCells,
  watchlistUpstream,
} from './kit/watchlist.js';

/** What a refusal tells the model to do next, in this server's tools. */
const STEPS: ReportSteps = {
  create: 'update_watchlist with add creates one.',
  add: 'add some with update_watchlist first',
  first: 'watchlist_report with refresh: true takes the first',
  stored: 'watchlist_report with refresh: false shows the last snapshot',
};

const n = z.number().nullable();

// A list as the text's table has it: its note and its players not linked yet (pending) only when there
// are some (a column of the table only then); when it was made and last changed are in football://watchlists.
const Summary = sparseColumns(
  z.looseObject({
    name: z.string(),
    note: z.string().optional(),
    players: z.number(),
    pending: z.number().optional().describe('Players not linked to a person yet.'),
    last_refresh: z.string().nullable(),
    data_as_of: z.string().nullable(),
    snapshots: z.number(),
    refresh_cost: z.number(),
  }),
);
type ListRow = z.infer<typeof Summary>;

// One row a player, as the text's table has him (kit/watchlist.ts, ReportLine): the required fields
// always, each optional one only when it has something to say (a column of the table only then).
const Row = sparseColumns(
  z.looseObject({
    service_id: z.string().nullable(),
    player_id: z.string().nullable().optional().describe('Only while not linked to a person.'),
    name: z.string().nullable(),
    status: z.enum(['changed', 'unchanged', 'new', 'pending', 'not_found']),
    changes: z.array(z.string()),
    club: z.string().nullable(),
    league: z.string().nullable(),
    season: z.string().optional().describe("Only when the rows' seasons differ."),
    minutes: n,
    primary_role: z.string().nullable(),
    rank: n,
    rank_of: n,
    role_score: n.describe("The primary role's own score."),
    performance_index: n,
    market_value_eur: n,
    from: z
      .object({ club: z.string().nullable(), league: z.string().nullable() })
      .optional()
      .describe('Where a transferred player came from.'),
    minutes_delta: z.number().optional(),
    previous_role: z.string().optional(),
    rank_listed: z.number().optional().describe('Entries of the ranking page read, when he is not on it.'),
    rank_change: z.number().optional(),
    role_score_change: z.number().optional(),
    value_change_eur: z.number().optional(),
  }),
);

// Every field a report row may carry is a named column: one added to ReportLine alone fails to compile here.
true satisfies [Exclude<keyof ReportLine, keyof typeof Row.shape>] extends [never] ? true : false;

const SnapshotRef = z.object({ taken_at: z.string(), data_as_of: z.string().nullable() });

export default defineTool({
  name: 'watchlist_report',
  title: 'What changed on a watchlist',
  // A refresh stores a new snapshot in our own store (nothing upstream changes).
  hints: { readOnlyHint: false },
  toolset: 'players',
  description:
    "No name: this key's watchlists, size, last refresh, refresh cost. A name: refreshes every player on the batch routes (cost stated first; " +
    'refused if the quota left is lower), stores the snapshot and says what changed since the last: transfer, new season row, minutes, ' +
    'primary role, rank in the league for it, market value, newly linked. refresh: false reads the stored snapshots, free.',
  input: {
    watchlist: z
      .string()
      .max(200)
      .meta({ examples: ['Left backs U23'] })
      .optional()
      .describe('Name; omit for all lists.'),
    refresh: z.boolean().default(true),
  },
  output: z.object({
    watchlists: z.array(Summary).optional(),
    watchlist: z.string().optional(),
    season: z.string().optional().describe("Every row's season, when they share one."),
    data_as_of: z.string().nullable().optional(),
    compared_with: SnapshotRef.optional(),
    players: z.array(Row).optional(),
  }),
  extra: { requests: z.object({ planned: z.number(), sent: z.number(), from_cache: z.number() }).optional() },
  async run({ watchlist, refresh }, ctx) {
    const lists = watchlistAccess(ctx);
    if (watchlist === undefined) {
      const { watchlists, notes } = await listWatchlists(lists);
      return {
        data: { watchlists: watchlists.map(listed) },
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: new Date().toISOString() },
        notes,
      };
    }
    const doc = await openWatchlist(lists, watchlist, STEPS);
    const plan = refreshPlan(doc);
    if (!refresh) {
      const stored = storedReport(doc, plan, STEPS);
      return {
        data: report(stored),
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: stored.snapshot.taken_at },
      };
    }
    const upstream = watchlistUpstream(ctx.api);
    await checkRefresh(lists, doc, plan, upstream, STEPS);
    ctx.progress(0, plan.total, `refreshing "${doc.name}": up to ${planText(plan)}; cached answers are free`);
    const parts = new Gathering(plan.total, ctx);
    const { report: fresh, refreshed } = await refreshWatchlist(lists, doc, upstream, parts, STEPS);
    return {
      data: report(fresh),
      quota: ctx.api.quota.current(),
      source: { cached: refreshed.cost.sent === 0, fetched_at: fresh.snapshot.taken_at },
      extra: { requests: { planned: plan.total, ...refreshed.cost } },
      notes: refreshed.notes,
    };
  },
  text: ({ data, extra, source }) =>
    data.watchlists ? listText(data.watchlists) : reportText(data, extra?.requests, source.fetched_at),
});

/**
 * The report as both forms give it: the snapshot's own time is the answer's `source.fetched_at`, so only
 * the one compared with is named; a season all rows share is said once.
 */
function report({ name, snapshot, previous, players }: WatchlistReport) {
  const season = sharedSeason(players);
  return {
    watchlist: name,
    ...(season ? { season } : {}),
    data_as_of: snapshot.data_as_of,
    ...(previous
      ? { compared_with: { taken_at: toSecond(previous.taken_at), data_as_of: previous.data_as_of } }
      : {}),
    players: players.map((row) => reportLine(row, season)),
  };
}

function toSecond(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}

function when(iso: string): string {
  return iso.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC');
}

function listed(list: WatchlistSummary): ListRow {
  const { name, note, players, pending, last_refresh, data_as_of, snapshots, refresh_cost } = list;
  return {
    name,
    ...(note ? { note } : {}),
    players,
    ...(pending > 0 ? { pending } : {}),
    last_refresh: last_refresh && toSecond(last_refresh),
    data_as_of,
    snapshots,
    refresh_cost,
  };
}

function listText(lists: ListRow[]): string {
  if (lists.length === 0) return 'No watchlists for this API key yet: update_watchlist with add creates one.';
  const note: [string, (w: ListRow) => string][] = lists.some((w) => w.note)
    ? [['note', (w) => w.note ?? '']]
    : [];
  return table(lists, [
    ['watchlist', (w) => w.name],
    ...note,
    ['players', (w) => (w.pending ? `${w.players} (${w.pending} pending)` : w.players)],
    ['last refresh', (w) => (w.last_refresh ? when(w.last_refresh) : 'never')],
    ['data as of', (w) => w.data_as_of],
    ['snapshots', (w) => w.snapshots],
    ['refresh cost', (w) => `≤${w.refresh_cost} requests`],
  ]);
}

function reportText(
  data: {
    watchlist?: string;
    season?: string;
    data_as_of?: string | null;
    compared_with?: z.infer<typeof SnapshotRef>;
    players?: ReportLine[];
  },
  requests: { planned: number; sent: number; from_cache: number } | undefined,
  takenAt: string,
): string {
  const rows = data.players ?? [];
  const before = data.compared_with;
  const header =
    `Watchlist "${data.watchlist}": ${rows.length} players, ${data.season ? `season ${data.season}, ` : ''}data as of ${data.data_as_of ?? 'unknown'}` +
    (before
      ? `; compared with the snapshot of ${when(before.taken_at)} (data as of ${before.data_as_of ?? 'unknown'}).`
      : '; first snapshot: nothing to compare with yet (the next report shows what changed).');
  const cost = requests
    ? `Refresh: ${requests.sent} requests sent, ${requests.from_cache} answered from the cache (planned at most ${requests.planned}).`
    : `From the stored snapshot of ${when(takenAt)}: no request sent.`;
  const shown = rows.filter((r) => r.status === 'changed' || r.status === 'new' || r.status === 'unchanged');
  const pending = rows.filter((r) => r.status === 'pending');
  const missing = rows.filter((r) => r.status === 'not_found');
  const lines = [header, cost];
  if (before && data.data_as_of && before.data_as_of === data.data_as_of) {
    lines.push('The API has not published newer data since that snapshot.');
  }
  if (shown.length > 0) {
    lines.push(
      table(shown, [
        ['player', (r) => personLabel(r)],
        ['club (league)', clubCell],
        ['minutes', minutesCell],
        ['primary role, rank, score', rankCells(shown)],
        ['index', indexCells(shown)],
        ['value', valueCells(shown)],
        ['changed', (r) => (r.status === 'unchanged' ? 'nothing' : r.changes.join(', '))],
      ]),
    );
  }
  if (pending.length > 0) {
    lines.push(
      `Not linked to a person yet (linked on a later refresh): ${pending.map(personLabel).join(', ')}.`,
    );
  }
  if (missing.length > 0) {
    lines.push(
      `Not found now (left the covered leagues, or not accessible with this key): ${missing.map(personLabel).join(', ')}.`,
    );
  }
  return lines.join('\n');
}
