import { z } from 'zod';
import { markUnread } from '../src/api/reader/unread.js';
import { retriesFrom } from '../src/api/request-tally.js';
import { currentRoleKeys } from '../src/mcp/canonical-facts.js';
import { unreadBehindFact, unreadShown } from '../src/mcp/completeness.js';
import { sparseColumns } from '../src/mcp/tabular.js';
import { defineTool } from '../src/mcp/tool.js';
import { watchlistAccess } from '../src/mcp/watchlists.js';
import {
  beyondPlan,
  planBound,
  planText,
  type RunPlan,
  refreshPlan,
  runPlan,
  type WatchlistSummary,
} from '../src/watchlists/plan.js';
import {
  checkRefresh,
  listWatchlists,
  openWatchlist,
  type ReportSteps,
  refreshWatchlist,
  storedReport,
  type WatchlistReport,
} from '../src/watchlists/report.js';
import { type DataWeek, weekOf, weekText } from '../src/watchlists/weeks.js';
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

const SnapshotRef = z.object({
  taken_at: z.string(),
  data_as_of: z.string().nullable(),
  week: z.string().optional().describe('Its data week.'),
});

const Week = z.object({
  key: z.string().describe("The API's date of the data, or the ISO week it was fetched in."),
  from: z.enum(['api_date', 'fetch_time']),
  unread: z
    .literal('data_as_of')
    .optional()
    .describe("The API sent its date of the data but it could not be read: the week is the fetch time's."),
});

const Requests = z.object({
  planned: z.number(),
  planned_max: z.number(),
  sent: z.number(),
  from_cache: z.number(),
  why: z.array(z.string()).optional().describe('Retries, and rankings beyond the plan.'),
});

const Run = z.object({
  cost: z.number(),
  cost_max: z.number(),
  quota_left: z.number().nullable(),
  unlimited: z.boolean(),
  order: z.array(
    z.object({ name: z.string(), cost: z.number(), cost_max: z.number(), within_quota: z.boolean() }),
  ),
});

export default defineTool({
  name: 'watchlist_report',
  title: 'What changed on a watchlist',
  // A refresh stores a new snapshot in our own store (nothing upstream changes).
  hints: { readOnlyHint: false },
  toolset: 'players',
  description:
    "No name: this key's watchlists and their refresh costs. A name: refreshes its players (cost told first; refused past the quota left), keeps the week's snapshot, says what changed since an earlier week. refresh: false reads snapshots, free.",
  input: {
    watchlist: z
      .string()
      .max(200)
      .meta({ examples: ['Left backs U23'] })
      .optional()
      .describe('Name; omit for all lists.'),
    refresh: z.boolean().default(true),
    week: z
      .string()
      .max(40)
      .meta({ examples: ['2026-12-05'] })
      .optional()
      .describe("A stored week's report (its data's date): free."),
  },
  output: z.object({
    watchlists: z.array(Summary).optional(),
    watchlist: z.string().optional(),
    season: z.string().optional().describe("Every row's season, when they share one."),
    data_as_of: z.string().nullable().optional(),
    week: Week.optional(),
    rerun: z.boolean().optional().describe("This refresh replaced its week's earlier snapshot."),
    compared_with: SnapshotRef.optional(),
    players: z.array(Row).optional(),
    run: Run.optional().describe('Refreshing every list now.'),
  }),
  extra: { requests: Requests.optional() },
  async run({ watchlist, refresh, week }, ctx) {
    const lists = watchlistAccess(ctx);
    if (watchlist === undefined) {
      const { watchlists, notes } = await listWatchlists(lists);
      const quota = await ctx.api.quota.reported();
      return {
        data: { watchlists: watchlists.map(listed), run: runPlan(watchlists, quota) },
        quota,
        source: { cached: true, fetched_at: new Date().toISOString() },
        notes,
      };
    }
    const doc = await openWatchlist(lists, watchlist, STEPS);
    const plan = refreshPlan(doc);
    // A role key the API renamed between snapshots is no move: compared under its current key.
    const current = await currentRoleKeys(ctx.api, ctx.signal);
    const roleKey = (key: string) => current(key) ?? key;
    if (!refresh || week !== undefined) {
      const stored = storedReport(doc, plan, STEPS, week, roleKey);
      return {
        data: report(stored),
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: stored.snapshot.taken_at },
      };
    }
    const upstream = watchlistUpstream(ctx.api);
    const answered = await checkRefresh(lists, doc, plan, upstream, STEPS, ctx.signal);
    ctx.progress(0, plan.total, `refreshing "${doc.name}": up to ${planText(plan)}; cached answers are free`);
    const parts = new Gathering(planBound(plan), ctx);
    const retries = retriesFrom();
    const { report: fresh, refreshed } = await refreshWatchlist(
      lists,
      doc,
      upstream,
      parts,
      STEPS,
      answered,
      roleKey,
    );
    const why = beyondPlan(plan, doc, refreshed, retries());
    return {
      data: report(fresh),
      quota: ctx.api.quota.current(),
      source: { cached: refreshed.cost.sent === 0, fetched_at: fresh.snapshot.taken_at },
      extra: {
        requests: {
          planned: plan.total,
          planned_max: planBound(plan),
          ...refreshed.cost,
          ...(why.length > 0 ? { why } : {}),
        },
      },
      notes: [
        ...refreshed.notes,
        ...(fresh.merged.length > 0
          ? [`Kept once, as the player followed already: ${fresh.merged.join('; ')}.`]
          : []),
      ],
    };
  },
  text: ({ data, extra, source }) =>
    data.watchlists
      ? listText(data.watchlists, data.run)
      : reportText(data, extra?.requests, source.fetched_at),
});

/**
 * The report as both forms give it: the snapshot's own time is the answer's `source.fetched_at`, so only
 * the one compared with is named; a season all rows share is said once.
 */
function report({ name, snapshot, week, previous, replaced, players }: WatchlistReport) {
  const season = sharedSeason(players);
  return {
    watchlist: name,
    ...(season ? { season } : {}),
    data_as_of: snapshot.data_as_of,
    week,
    ...(replaced ? { rerun: true } : {}),
    ...(previous
      ? {
          compared_with: {
            taken_at: toSecond(previous.taken_at),
            data_as_of: previous.data_as_of,
            week: weekOf(previous).key,
          },
        }
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

/** A list's row; its data date unread when its last snapshot's week says so, never shown as absent. */
function listed(list: WatchlistSummary): ListRow {
  const { name, note, players, pending, last_refresh, data_as_of, snapshots, refresh_cost } = list;
  const row: ListRow = {
    name,
    ...(note ? { note } : {}),
    players,
    ...(pending > 0 ? { pending } : {}),
    last_refresh: last_refresh && toSecond(last_refresh),
    data_as_of,
    snapshots,
    refresh_cost,
  };
  if (data_as_of !== null || !list.data_as_of_unread) return row;
  return markUnread(row, { kind: 'watchlist', fields: { data_as_of: 'name' }, names: {} });
}

/** Refreshing every list now: the cost, the quota left, and the order to spend it in. */
function runText(run: RunPlan | undefined): string {
  if (!run || run.order.length === 0) return '';
  const left = run.unlimited
    ? 'the quota is unlimited'
    : run.quota_left === null
      ? 'the quota left is not known yet'
      : `${run.quota_left} requests are left today`;
  const order = run.order.map((l) => `"${l.name}" (≤${l.cost}${l.within_quota ? '' : ', past the quota'})`);
  const moved =
    run.cost_max > run.cost
      ? `, ${run.cost_max} at most if players moved league or role (1 ranking more each)`
      : '';
  return `\nRefreshing every list now costs up to ${run.cost} requests${moved}; cached answers are free; ${left}. In this order (stalest first): ${order.join(', ')}.`;
}

function listText(lists: ListRow[], run: RunPlan | undefined): string {
  if (lists.length === 0) return 'No watchlists for this API key yet: update_watchlist with add creates one.';
  const note: [string, (w: ListRow) => string][] = lists.some((w) => w.note)
    ? [['note', (w) => w.note ?? '']]
    : [];
  return (
    table(lists, [
      ['watchlist', (w) => w.name],
      ...note,
      ['players', (w) => (w.pending ? `${w.players} (${w.pending} pending)` : w.players)],
      ['last refresh', (w) => (w.last_refresh ? when(w.last_refresh) : 'never')],
      ['data as of', (w) => w.data_as_of],
      ['snapshots', (w) => w.snapshots],
      ['refresh cost', (w) => `≤${w.refresh_cost} requests`],
    ]) + runText(run)
  );
}

function reportText(
  data: {
    watchlist?: string;
    season?: string;
    data_as_of?: string | null;
    week?: DataWeek;
    rerun?: boolean;
    compared_with?: z.infer<typeof SnapshotRef>;
    players?: ReportLine[];
  },
  requests: z.infer<typeof Requests> | undefined,
  takenAt: string,
): string {
  const rows = data.players ?? [];
  const before = data.compared_with;
  // A week keyed by the fetch time for want of a date the API sent: the note names the date first.
  if (data.week?.unread) unreadBehindFact(data.week, 'data_as_of');
  // No season said once: a row's season left unread is named in the note, never left silent.
  if (!data.season) rows.some((row) => row.season === undefined && unreadShown(row, 'season'));
  const dated =
    data.week?.from === 'fetch_time'
      ? `data ${weekText(data.week)}`
      : `data as of ${data.data_as_of ?? 'unknown'}`;
  const header =
    `Watchlist "${data.watchlist}": ${rows.length} player${rows.length === 1 ? '' : 's'}, ${data.season ? `season ${data.season}, ` : ''}${dated}` +
    (before
      ? `; compared with the snapshot of ${when(before.taken_at)} (data as of ${before.data_as_of ?? before.week ?? 'unknown'}), the last of an earlier week.`
      : "; no snapshot of an earlier week to compare with yet (the next week's report shows what changed).");
  const cost = requests
    ? costText(requests)
    : `From the stored snapshot of ${when(takenAt)}: no request sent.`;
  const shown = rows.filter((r) => r.status === 'changed' || r.status === 'new' || r.status === 'unchanged');
  const pending = rows.filter((r) => r.status === 'pending');
  const missing = rows.filter((r) => r.status === 'not_found');
  const lines = [header, cost];
  if (data.rerun) {
    lines.push(
      "A re-run within the same week of data: this snapshot replaced that week's earlier one (the report is the same, compared with the same earlier week).",
    );
  }
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

/** What a refresh spent against its plan, and why when it asked more than the plan or sent again. */
function costText({ planned, planned_max, sent, from_cache, why }: z.infer<typeof Requests>): string {
  const bound =
    planned_max > planned
      ? `planned at most ${planned}, ${planned_max} if players moved`
      : `planned at most ${planned}`;
  const reasons = why && why.length > 0 ? `: ${why.join('; ')}` : '';
  return `Refresh: ${sent} requests sent, ${from_cache} answered from the cache (${bound}${reasons}).`;
}
