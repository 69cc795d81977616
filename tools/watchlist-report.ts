import { z } from 'zod';
import { RefusedError } from '../src/mcp/result.js';
import { defineTool } from '../src/mcp/tool.js';
import { damagedNotes, planText, refreshPlan, summarize, watchlistAccess } from '../src/mcp/watchlists.js';
import {
  checkProjectedSize,
  type WatchlistEntry,
  type WatchlistSnapshot,
  watchlistName,
} from '../src/store/watchlists.js';
import { table } from './kit/text.js';
import {
  clubCell,
  compareSnapshots,
  minutesCell,
  outOfOrder,
  personLabel,
  type ReportRow,
  rankCells,
  refreshPlayers,
  valueCells,
} from './kit/watchlist.js';

const NAME_MAX = 200;
const n = z.number().nullable();

const Summary = z.object({
  name: z.string(),
  note: z.string().nullable(),
  players: z.number(),
  pending: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  last_refresh: z.string().nullable(),
  data_as_of: z.string().nullable(),
  snapshots: z.number(),
  refresh_cost: z.number(),
});

const Row = z.object({
  service_id: z.string().nullable(),
  player_id: z.string().nullable(),
  name: z.string().nullable(),
  status: z.enum(['changed', 'unchanged', 'new', 'pending', 'not_found']),
  changes: z.array(z.string()),
  club: z.string().nullable(),
  league: z.string().nullable(),
  season: z.string().nullable(),
  from: z.object({ club: z.string().nullable(), league: z.string().nullable() }).nullable(),
  minutes: n,
  minutes_delta: n,
  primary_role: z.string().nullable(),
  previous_role: z.string().nullable(),
  rank: n,
  rank_of: n,
  rank_listed: n,
  rank_change: n,
  role_score: n.describe("The primary role's own score."),
  role_score_change: n,
  did_not_play: z.boolean().describe('Minutes unchanged on the same row while the data moved on.'),
  performance_index: n,
  market_value_eur: n,
  value_change_eur: n,
  value_change_pct: n,
});

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
    data_as_of: z.string().nullable().optional(),
    snapshot: SnapshotRef.optional(),
    compared_with: SnapshotRef.nullable().optional(),
    players: z.array(Row).optional(),
  }),
  extra: { requests: z.object({ planned: z.number(), sent: z.number(), from_cache: z.number() }).optional() },
  async run({ watchlist, refresh }, ctx) {
    const { store, owner } = watchlistAccess(ctx);
    const fetched_at = new Date().toISOString();
    if (watchlist === undefined) {
      const lists = await store.list(owner);
      return {
        data: { watchlists: lists.filter((list) => !list.damaged).map(summarize) },
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at },
        notes: damagedNotes(lists),
      };
    }
    const name = watchlistName(watchlist);
    const doc = await store.get(owner, name);
    if (!doc) {
      const names = (await store.list(owner)).map((d) => `"${d.name}"`);
      throw new RefusedError(
        `No watchlist "${name}" for this API key${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}. update_watchlist with add creates one.`,
      );
    }
    const plan = refreshPlan(doc);

    if (!refresh) {
      const last = doc.snapshots.at(-1);
      if (!last) {
        throw new RefusedError(
          `"${doc.name}" has no snapshot yet: watchlist_report with refresh: true takes the first (${planText(plan)} at most; cached answers are free).`,
        );
      }
      const previous = doc.snapshots.at(-2);
      const backwards = outOfOrder(last, previous);
      if (backwards) {
        throw new RefusedError(
          `"${doc.name}": the last snapshot is not compared with the one before it: ${backwards}. ` +
            "The next refresh on data at least as new as that snapshot's is compared with it.",
        );
      }
      const linked = new Set(
        doc.entries.flatMap((e) => (e.service_id && e.linked_at === last.taken_at ? [e.service_id] : [])),
      );
      const missing = new Set(
        doc.entries.flatMap((e) =>
          e.service_id && !last.players[e.service_id] && e.added_at < last.taken_at ? [e.service_id] : [],
        ),
      );
      const players = compareSnapshots({ entries: doc.entries, current: last, previous, linked, missing });
      return {
        data: report(doc.name, last, previous, players),
        quota: ctx.api.quota.current(),
        source: { cached: true, fetched_at: last.taken_at },
      };
    }

    if (plan.players === 0) {
      throw new RefusedError(`"${doc.name}" has no players: add some with update_watchlist first.`);
    }
    // A snapshot past the size cap would be refused when stored: refuse it before its requests instead.
    checkProjectedSize(doc, store.limits, { snapshot: true }, 'after this refresh');
    const quota = await ctx.api.quota.sync();
    if (!quota.unlimited && quota.remaining !== null && quota.remaining < plan.total) {
      throw new RefusedError(
        `Refreshing "${doc.name}" costs up to ${planText(plan)}; only ${quota.remaining} requests are left today${quota.reset ? ` (the quota resets ${quota.reset})` : ''}. Nothing was sent or stored. watchlist_report with refresh: false shows the last snapshot for free.`,
      );
    }
    ctx.progress(0, plan.total, `refreshing "${doc.name}": up to ${planText(plan)}; cached answers are free`);
    const fresh = await refreshPlayers(doc.entries, plan, ctx);

    let players: ReportRow[] = [];
    let previous: WatchlistSnapshot | undefined;
    let snapshot: WatchlistSnapshot | undefined;
    let backwards: string | undefined;
    const stored = await store.update(owner, doc.name, (current, now) => {
      backwards = undefined;
      if (!current) return undefined;
      // An older week is never stored after a newer one: the next report would run backwards too.
      backwards = outOfOrder(fresh, current.snapshots.at(-1));
      if (backwards) return undefined;
      const linked = new Set<string>();
      const entries = withLinks(current.entries, fresh.links, fresh.players, linked, now);
      snapshot = { taken_at: now, data_as_of: fresh.data_as_of, players: fresh.players };
      previous = current.snapshots.at(-1);
      players = compareSnapshots({
        entries,
        current: snapshot,
        previous,
        linked,
        missing: new Set(fresh.missing),
      });
      return { ...current, entries, snapshots: [...current.snapshots, snapshot] };
    });
    if (backwards) {
      throw new RefusedError(
        `Not compared and not stored: ${backwards}. The API (or a cache before it) is serving an older week: ` +
          'refresh again once it serves the newer data; watchlist_report with refresh: false shows the last snapshot, free.',
      );
    }
    if (!stored || !snapshot) {
      throw new RefusedError(
        `The watchlist "${doc.name}" was removed during the refresh: nothing was stored.`,
      );
    }
    return {
      data: report(stored.name, snapshot, previous, players),
      quota: ctx.api.quota.current(),
      source: { cached: fresh.cost.sent === 0, fetched_at: snapshot.taken_at },
      extra: { requests: { planned: plan.total, ...fresh.cost } },
      notes: fresh.notes,
    };
  },
  text: ({ data, extra }) =>
    data.watchlists ? listText(data.watchlists) : reportText(data, extra?.requests),
});

/** The entries after a refresh: pending rows now linked get their person (or go, if already followed). */
function withLinks(
  entries: readonly WatchlistEntry[],
  links: Record<string, { service_id: string; name: string | null }>,
  players: Record<string, { name?: string | null }>,
  linked: Set<string>,
  now: string,
): WatchlistEntry[] {
  const followed = new Set(entries.flatMap((e) => (e.service_id ? [e.service_id] : [])));
  const out: WatchlistEntry[] = [];
  for (const entry of entries) {
    const link = entry.pending ? links[entry.pending.player_id] : undefined;
    if (entry.service_id === null && entry.pending && link) {
      if (followed.has(link.service_id)) continue;
      followed.add(link.service_id);
      linked.add(link.service_id);
      const name = (link.name ?? entry.pending.name).slice(0, NAME_MAX);
      out.push({ service_id: link.service_id, name, added_at: entry.added_at, linked_at: now });
      continue;
    }
    const seen = entry.service_id ? players[entry.service_id]?.name : undefined;
    out.push(seen && seen !== entry.name ? { ...entry, name: seen.slice(0, NAME_MAX) } : entry);
  }
  return out;
}

function report(
  name: string,
  snapshot: WatchlistSnapshot,
  previous: WatchlistSnapshot | undefined,
  players: ReportRow[],
) {
  const ref = (s: WatchlistSnapshot) => ({ taken_at: s.taken_at, data_as_of: s.data_as_of });
  return {
    watchlist: name,
    data_as_of: snapshot.data_as_of,
    snapshot: ref(snapshot),
    compared_with: previous ? ref(previous) : null,
    players,
  };
}

function when(iso: string): string {
  return iso.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC');
}

function listText(lists: z.infer<typeof Summary>[]): string {
  if (lists.length === 0) return 'No watchlists for this API key yet: update_watchlist with add creates one.';
  return table(lists, [
    ['watchlist', (w) => w.name],
    ['players', (w) => (w.pending > 0 ? `${w.players} (${w.pending} pending)` : w.players)],
    ['last refresh', (w) => (w.last_refresh ? when(w.last_refresh) : 'never')],
    ['data as of', (w) => w.data_as_of],
    ['refresh cost', (w) => `≤${w.refresh_cost} requests`],
  ]);
}

function reportText(
  data: {
    watchlist?: string;
    data_as_of?: string | null;
    snapshot?: z.infer<typeof SnapshotRef>;
    compared_with?: z.infer<typeof SnapshotRef> | null;
    players?: ReportRow[];
  },
  requests: { planned: number; sent: number; from_cache: number } | undefined,
): string {
  const rows = data.players ?? [];
  const before = data.compared_with;
  const header =
    `Watchlist "${data.watchlist}": ${rows.length} players, data as of ${data.data_as_of ?? 'unknown'}` +
    (before
      ? `; compared with the snapshot of ${when(before.taken_at)} (data as of ${before.data_as_of ?? 'unknown'}).`
      : '; first snapshot: nothing to compare with yet (the next report shows what changed).');
  const cost = requests
    ? `Refresh: ${requests.sent} requests sent, ${requests.from_cache} answered from the cache (planned at most ${requests.planned}).`
    : `From the stored snapshot of ${when(data.snapshot?.taken_at ?? '')}: no request sent.`;
  const moved = rows.filter((r) => r.status === 'changed' || r.status === 'new');
  const unchanged = rows.filter((r) => r.status === 'unchanged');
  const pending = rows.filter((r) => r.status === 'pending');
  const missing = rows.filter((r) => r.status === 'not_found');
  const lines = [header, cost];
  if (before && data.data_as_of && before.data_as_of === data.data_as_of) {
    lines.push('The API has not published newer data since that snapshot.');
  }
  if (moved.length > 0) {
    lines.push(
      table(moved, [
        ['player', (r) => personLabel(r)],
        ['club (league)', clubCell],
        ['minutes', minutesCell],
        ['primary role, rank, score', rankCells(moved)],
        ['value', valueCells(moved)],
        ['changed', (r) => r.changes.join(', ')],
      ]),
    );
  }
  if (unchanged.length > 0) lines.push(`Unchanged: ${unchanged.map(personLabel).join(', ')}.`);
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
