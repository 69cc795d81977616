// What changed on a list: from its stored snapshots (free), or by a refresh of every person on it,
// stored as its week's snapshot and compared with the last snapshot of an earlier week. A refresh within a
// week already stored replaces that week's snapshot (a re-run shows the same changes, and the snapshots
// kept never fill with copies). A week older than the last one stored is never stored nor compared: every
// change would run backwards.

import { cacheOnly } from '../api/request-tally.js';
import {
  checkProjectedSize,
  type WatchlistDoc,
  type WatchlistEntry,
  type WatchlistSnapshot,
  watchlistName,
} from '../store/watchlists.js';
import { CacheParts } from './cache-parts.js';
import { compareSnapshots, outOfOrder, type ReportRow } from './changes.js';
import { noSuchList } from './edit.js';
import { NAME_MAX } from './entries.js';
import { damagedNotes, planText, type RefreshPlan, summarize, type WatchlistSummary } from './plan.js';
import { type Refreshed, refreshPersons } from './refresh.js';
import { WatchlistRefusal } from './refusal.js';
import type { OwnedLists, Parts, WatchlistUpstream } from './upstream.js';
import { type DataWeek, earlierWeek, sameWeek, snapshotOfWeek, weekOf } from './weeks.js';

/** How a refusal names the caller's next steps (its own words: this room knows no caller). */
export interface ReportSteps {
  /** How a list is created (a sentence). */
  create: string;
  /** How players are added (a clause). */
  add: string;
  /** How the first snapshot is taken (a clause: "… takes the first"). */
  first: string;
  /** How the last snapshot is shown without a request (a clause: "… shows the last snapshot"). */
  stored: string;
}

/** A snapshot compared with the last one of an earlier week. */
export interface WatchlistReport {
  name: string;
  snapshot: WatchlistSnapshot;
  week: DataWeek;
  previous: WatchlistSnapshot | undefined;
  /** This refresh replaced the snapshot a refresh earlier in the same week had stored. */
  replaced?: WatchlistSnapshot;
  players: ReportRow[];
  /** Pending rows this refresh found to be players followed already: gone from the list, each said. */
  merged: string[];
}

/** The owner's lists as said of them (none read whole), and notes on those that cannot be read. */
export async function listWatchlists(
  lists: OwnedLists,
): Promise<{ watchlists: WatchlistSummary[]; notes: string[] }> {
  const all = await lists.store.list(lists.owner);
  return { watchlists: all.filter((list) => !list.damaged).map(summarize), notes: damagedNotes(all) };
}

/** The list named, or the refusal naming the owner's lists. */
export async function openWatchlist(lists: OwnedLists, watchlist: string, steps: ReportSteps) {
  const name = watchlistName(watchlist);
  const doc = await lists.store.get(lists.owner, name);
  if (!doc) throw await noSuchList(lists, name, steps.create);
  return doc;
}

/**
 * A stored snapshot (the last, or the one of the week `asked` names) compared with the last one of an
 * earlier week, both as stored: no request.
 */
export function storedReport(
  doc: WatchlistDoc,
  plan: RefreshPlan,
  steps: ReportSteps,
  asked?: string,
  roleKey?: (key: string) => string,
): WatchlistReport {
  const found = asked === undefined ? lastOf(doc.snapshots) : snapshotOfWeek(doc.snapshots, asked);
  if (!found) {
    if (asked === undefined || doc.snapshots.length === 0) {
      throw new WatchlistRefusal(
        `"${doc.name}" has no snapshot yet: ${steps.first} (${planText(plan)} at most; cached answers are free).`,
      );
    }
    const weeks = doc.snapshots.map((s) => weekOf(s).key).join(', ');
    throw new WatchlistRefusal(
      `"${doc.name}" has no snapshot of "${asked}": its snapshots hold the weeks ${weeks} (name one by its data's date, or the day it was taken, YYYY-MM-DD).`,
    );
  }
  const { snapshot: last, index } = found;
  const week = weekOf(last);
  const previous = earlierWeek(doc.snapshots, week, index);
  const backwards = outOfOrder(last, previous);
  if (backwards) {
    throw new WatchlistRefusal(
      `"${doc.name}": the snapshot is not compared with the one before it: ${backwards}. ` +
        "The next refresh on data at least as new as that snapshot's is compared with it.",
    );
  }
  const linked = new Set(
    doc.entries.flatMap((e) => (e.service_id && e.linked_at === last.taken_at ? [e.service_id] : [])),
  );
  // A report of an earlier week shows the entries of then: those added since are not in it.
  const entries =
    index === doc.snapshots.length - 1 ? doc.entries : doc.entries.filter((e) => e.added_at <= last.taken_at);
  const missing = new Set(
    entries.flatMap((e) =>
      e.service_id && !last.players[e.service_id] && e.added_at < last.taken_at ? [e.service_id] : [],
    ),
  );
  const players = compareSnapshots({
    entries,
    current: last,
    previous,
    linked,
    missing,
    ...(roleKey ? { roleKey } : {}),
  });
  return { name: doc.name, snapshot: last, week, previous, players, merged: [] };
}

function lastOf(snapshots: readonly WatchlistSnapshot[]) {
  const snapshot = snapshots.at(-1);
  return snapshot ? { snapshot, index: snapshots.length - 1 } : undefined;
}

/**
 * Refuses a refresh that could not be stored or paid for, before any request. The quota pays only for
 * what must be sent: with fewer requests left than the plan, the cache is asked first (nothing sent), and
 * a refresh it answers whole is given back, to be stored as it is, whatever the quota.
 */
export async function checkRefresh(
  lists: OwnedLists,
  doc: WatchlistDoc,
  plan: RefreshPlan,
  upstream: WatchlistUpstream,
  steps: ReportSteps,
  signal: AbortSignal,
): Promise<Refreshed | undefined> {
  if (plan.players === 0) {
    throw new WatchlistRefusal(`"${doc.name}" has no players: ${steps.add}.`);
  }
  // A snapshot past the size cap would be refused when stored: refuse it before its requests instead.
  checkProjectedSize(doc, lists.store.limits, { snapshot: true }, 'after this refresh');
  const quota = await upstream.quota.sync();
  if (quota.unlimited || quota.remaining === null || quota.remaining >= plan.total) return undefined;
  const look = await cacheOnly(() =>
    refreshPersons(doc.entries, upstream, new CacheParts(signal), lists.weeks),
  );
  if (look.value && look.missed === 0) return look.value;
  if (signal.aborted) throw look.error ?? new Error('cancelled');
  const answered = look.requests.from_cache;
  const must = Math.max(look.missed, plan.total - answered);
  if (quota.remaining >= must) return undefined;
  throw new WatchlistRefusal(
    `Refreshing "${doc.name}" costs up to ${planText(plan)}; the cache answers ${answered} of them, so up to ${must} must be sent; only ${quota.remaining} requests are left today${quota.reset ? ` (the quota resets ${quota.reset})` : ''}. Nothing was sent or stored. ${steps.stored} for free.`,
  );
}

/**
 * Refreshes every person of the list (or takes `answered`, a refresh the cache answered whole), stores
 * the snapshot as its week's and compares it with the last one of an earlier week.
 */
export async function refreshWatchlist(
  lists: OwnedLists,
  doc: WatchlistDoc,
  upstream: WatchlistUpstream,
  parts: Parts,
  steps: ReportSteps,
  answered?: Refreshed,
  roleKey?: (key: string) => string,
): Promise<{ report: WatchlistReport; refreshed: Refreshed }> {
  const fresh = answered ?? (await refreshPersons(doc.entries, upstream, parts, lists.weeks));
  let players: ReportRow[] = [];
  let previous: WatchlistSnapshot | undefined;
  let replaced: WatchlistSnapshot | undefined;
  let snapshot: WatchlistSnapshot | undefined;
  let backwards: string | undefined;
  let week = fresh.week;
  const merged: string[] = [];
  const stored = await lists.store.update(lists.owner, doc.name, (current, now) => {
    backwards = undefined;
    if (!current) return undefined;
    // An older week is never stored after a newer one: the next report would run backwards too.
    backwards = outOfOrder(fresh, current.snapshots.at(-1));
    if (backwards) return undefined;
    const last = current.snapshots.at(-1);
    week = weekOfRefresh(fresh, last);
    replaced = last && sameWeek(weekOf(last), week) ? last : undefined;
    const linked = new Set<string>();
    merged.length = 0;
    const entries = withLinks(
      current.entries,
      fresh.links,
      fresh.players,
      { linked, merged },
      now,
      replaced?.taken_at,
    );
    snapshot = { taken_at: now, data_as_of: fresh.data_as_of, week, players: fresh.players };
    const kept = replaced ? current.snapshots.slice(0, -1) : current.snapshots;
    previous = earlierWeek(kept, week);
    players = compareSnapshots({
      entries,
      current: snapshot,
      previous,
      linked,
      missing: new Set(fresh.missing),
      ...(roleKey ? { roleKey } : {}),
    });
    return { ...current, entries, snapshots: [...kept, snapshot] };
  });
  if (backwards) {
    throw new WatchlistRefusal(
      `Not compared and not stored: ${backwards}. The API (or a cache before it) is serving an older week: ` +
        `refresh again once it serves the newer data; ${steps.stored}, free.`,
    );
  }
  if (!stored || !snapshot) {
    throw new WatchlistRefusal(
      `The watchlist "${doc.name}" was removed during the refresh: nothing was stored.`,
    );
  }
  return {
    report: {
      name: stored.name,
      snapshot,
      week,
      previous,
      ...(replaced ? { replaced } : {}),
      players,
      merged,
    },
    refreshed: fresh,
  };
}

/**
 * The week a refresh holds. Without the API's date this time (its record did not answer) it would be
 * taken from the fetch time, and a re-run of a week the API had dated would not be known for one: the
 * same minutes, value and index for every person read in both is the last snapshot's week.
 */
function weekOfRefresh(fresh: Refreshed, last: WatchlistSnapshot | undefined): DataWeek {
  if (fresh.week.from === 'api_date' || !last) return fresh.week;
  const ids = Object.keys(fresh.players).filter((id) => last.players[id]);
  const same = ids.every((id) => {
    const now = fresh.players[id];
    const before = last.players[id];
    return (['minutes', 'market_value_eur', 'performance_index'] as const).every(
      (field) => now?.[field] === before?.[field],
    );
  });
  return ids.length > 0 && same ? weekOf(last) : fresh.week;
}

/** An entry under the name a refresh read: no longer unread. */
function named({ name_unread: _, ...entry }: WatchlistEntry, name: string): WatchlistEntry {
  return { ...entry, name: name.slice(0, NAME_MAX) };
}

/**
 * The entries after a refresh: pending rows now linked get their person, or go when he is followed
 * already (each such row said in `merged`).
 */
function withLinks(
  entries: readonly WatchlistEntry[],
  links: Record<string, { service_id: string; name: string | null }>,
  players: Record<string, { name?: string | null }>,
  { linked, merged }: { linked: Set<string>; merged: string[] },
  now: string,
  replacedAt?: string,
): WatchlistEntry[] {
  const followed = new Set(entries.flatMap((e) => (e.service_id ? [e.service_id] : [])));
  const out: WatchlistEntry[] = [];
  for (const entry of entries) {
    const link = entry.pending ? links[entry.pending.player_id] : undefined;
    if (entry.service_id === null && entry.pending && link) {
      if (followed.has(link.service_id)) {
        const who = link.name ?? entry.pending.name;
        merged.push(
          `row ${entry.pending.player_id}${who ? ` (${who})` : ''} is now linked to ${link.service_id}`,
        );
        continue;
      }
      followed.add(link.service_id);
      linked.add(link.service_id);
      const name = (link.name ?? entry.pending.name).slice(0, NAME_MAX);
      out.push({ service_id: link.service_id, name, added_at: entry.added_at, linked_at: now });
      continue;
    }
    // Linked by the refresh this one replaces (same week): linked in this week's snapshot still.
    const relinked = replacedAt !== undefined && entry.service_id && entry.linked_at === replacedAt;
    if (relinked) linked.add(entry.service_id as string);
    const seen = entry.service_id ? players[entry.service_id]?.name : undefined;
    const renamed = seen && seen !== entry.name ? named(entry, seen) : entry;
    out.push(relinked ? { ...renamed, linked_at: now } : renamed);
  }
  return out;
}
