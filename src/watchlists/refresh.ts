// Refreshing every person of a list on the batch routes: resolve-batch (links pending rows, drops
// persons the API no longer finds), compare in balanced chunks of 10 (the record when one person is
// followed), one record for the data's date, then one ranking per league and primary role. Nothing is
// stored here: everything is fetched before a change is handed to the store.

import { COMPARE_BATCH, RESOLVE_BATCH } from '../api/endpoints.js';
import { withMaxAge } from '../api/max-age.js';
import { markUnread, unreadMarks } from '../api/reader/unread.js';
import { toNumber } from '../api/reader/values.js';
import type { ResolvedPlayer } from '../api/schemas.js';
import { byRank } from '../facts/rank-order.js';
import { strayNote } from '../facts/resolve-labels.js';
import type { ResolveQuery } from '../facts/resolve-match.js';
import type { SnapshotPlayer } from '../store/watchlists.js';
import { seenFromCompare, seenFromRecord, tieCompareRows } from './compare-rows.js';
import { DEFAULT_WEEK_WINDOWS, minutesKey, PartLog, type WeekWindows, weekConflict } from './part-weeks.js';
import { chunks } from './plan.js';
import { recordDate } from './record-date.js';
import { WatchlistRefusal } from './refusal.js';
import type { Parts, WatchlistUpstream } from './upstream.js';
import { type DataWeek, dataWeek } from './weeks.js';

/** What a snapshot keeps of a person (the store's SnapshotPlayer, with the rank a report adds). */
export interface Seen extends SnapshotPlayer {
  name?: string | null;
  /**
   * Rank among the league's players for his primary role (GET /v1/rankings, its first page); null when he
   * is not on it. `of`: players ranked (when the API says); `listed`: entries the page held.
   */
  rank?: { role: string; league: string; rank: number | null; of: number | null; listed?: number } | null;
  /** Fields left empty because the reading could not read them (compare-rows.ts): named, never absent. */
  unread?: string[];
}

export interface Refreshed {
  /** By service_id, in the order of the list. */
  players: Record<string, Seen>;
  /** Pending row id → the person it is now linked to. */
  links: Record<string, { service_id: string; name: string | null }>;
  /** Entries the API no longer finds (service_id, or row id of a pending entry). */
  missing: string[];
  /** Row ids still not linked to a person. */
  pending: string[];
  data_as_of: string | null;
  /** The week of data every part holds (never two: see part-weeks.ts). */
  week: DataWeek;
  /** The rankings asked, by league and primary role, with the players each was for. */
  rankings: { league: string; role: string; players: string[] }[];
  /** Parts from the cache that held an earlier week than those fetched now, fetched again. */
  refetched: number;
  cost: { sent: number; from_cache: number };
  notes: string[];
}

/** An entry as a refresh reads it. */
export interface RefreshEntry {
  service_id: string | null;
  pending?: { player_id: string; name: string };
  name?: string;
  /** Its name was sent but could not be read (WatchlistEntry): unread, never absent. */
  name_unread?: true;
}

/** The persons a resolve answer found for a list's entries. */
interface Persons {
  /** service_id → the name the answer gave (or the pending entry's). */
  names: Map<string, string | null>;
  /** The row id the resolve answer gave each person: tells namesakes' compare rows apart. */
  rowIds: Map<string, string | null>;
  links: Refreshed['links'];
  missing: string[];
  pending: string[];
}

/** Refreshes every person of `entries`, each request a part of `parts`. */
export async function refreshPersons(
  entries: readonly RefreshEntry[],
  upstream: WatchlistUpstream,
  parts: Parts,
  windows: WeekWindows = DEFAULT_WEEK_WINDOWS,
): Promise<Refreshed> {
  const notes: string[] = [];
  // Parts fetched from now on are this refresh's own (a cached answer keeps its first fetch time).
  const started = new Date(Date.now() - 1).toISOString();
  let log = new PartLog(started);
  // The resolve is a part of the week too: a cached answer of an earlier week may not link a row the
  // API links now, or find a person at last week's row.
  let resolved = await resolveEntries(entries, recorded(upstream, log, new Set()), parts);
  let read = await readAndRank(resolved.persons, recorded(upstream, log, new Set()), parts);
  let conflict = weekConflict(log.parts, windows);
  let refetched = 0;
  if (conflict && conflict.stale.size > 0) {
    // The cached parts are the older ones: asked again, they cost what the plan counted for them.
    const { stale, text } = conflict;
    const resolves = log.parts.filter((p) => p.key.startsWith(RESOLVE_KEY));
    log = new PartLog(started);
    if (resolves.some((p) => stale.has(p.key)))
      resolved = await resolveEntries(entries, recorded(upstream, log, stale), parts);
    else log.parts.push(...resolves);
    read = await readAndRank(resolved.persons, recorded(upstream, log, stale), parts);
    conflict = weekConflict(log.parts, windows);
    refetched = stale.size;
    if (!conflict) {
      notes.push(
        `Parts from the cache may hold another week of data than those fetched now (${text}): the ${stale.size} cached part${stale.size === 1 ? ' was' : 's were'} fetched again (within the plan), so every row is of one week.`,
      );
    }
  }
  if (conflict) {
    throw new WatchlistRefusal(
      `Not compared and not stored: the API's answers hold different weeks of data (${conflict.text}); the API may be publishing a new week right now. Refresh again later; a snapshot never mixes two weeks.`,
    );
  }
  notes.push(
    ...resolved.notes,
    ...read.notes,
    ...parts.failures.map((f) => `${f.section} unavailable: ${f.error}`),
  );
  const persons = resolved.persons;

  const players: Record<string, Seen> = {};
  for (const id of persons.names.keys()) {
    const s = read.seen.get(id);
    if (s) players[id] = { ...s, name: s.name ?? persons.names.get(id) ?? null };
  }
  const { links, missing, pending } = persons;
  const oldest = log.parts.map((p) => p.source.fetched_at).sort()[0] ?? new Date().toISOString();
  return {
    players,
    links,
    missing,
    pending,
    data_as_of: read.dataAsOf,
    week: weekRead(read.dataAsOf, oldest, log),
    rankings: read.rankings,
    refetched,
    cost: parts.cost(),
    notes,
  };
}

/**
 * The week the parts hold. A record that sent the API's date where it could not be read, or no record
 * answered at all (it failed, or no person was linked to ask it for), keys it by the fetch time, and the
 * week says so: marked unread (its text names the field and the API's names that could hold it), never
 * taken for a date the API did not give. Only a record that answered without one gave no date.
 */
function weekRead(dataAsOf: string | null, fetchedAt: string, log: PartLog): DataWeek {
  const records = log.parts.filter((p) => p.key.startsWith(RECORD_KEY));
  const unread = dataAsOf
    ? undefined
    : records.length === 0
      ? []
      : records.find((p) => p.date_unread)?.date_unread;
  const week = dataWeek(dataAsOf, fetchedAt, unread !== undefined);
  if (!unread) return week;
  return markUnread(week, { kind: 'player', fields: { data_as_of: 'name' }, names: { data_as_of: unread } });
}

/** Each person's row, then his rank: the parts a week of data is read from (the resolve aside). */
async function readAndRank(persons: Persons, upstream: WatchlistUpstream, parts: Parts) {
  const notes: string[] = [];
  const { seen, dataAsOf } = await readPersons(persons, upstream, parts, notes);
  const rankings = await rankPersons(seen, upstream, parts, notes);
  return { seen, dataAsOf, rankings, notes };
}

/** The key of a resolve-batch part in the log: its batch's first query tells it from the others. */
const RESOLVE_KEY = 'resolve-batch';
/** The key of a player record part in the log, before the person's id. */
const RECORD_KEY = 'record ';

/** `upstream`, each answer logged with what tells its week; the parts named in `fresh` skip the cache. */
function recorded(upstream: WatchlistUpstream, log: PartLog, fresh: ReadonlySet<string>): WatchlistUpstream {
  return {
    ...upstream,
    // Its rows carry no date nor minutes: its fetch time tells its week.
    resolve: async (queries, signal) => {
      const key = `${RESOLVE_KEY} ${queries.length} ${JSON.stringify(queries[0] ?? null)}`;
      const ask = () => upstream.resolve(queries, signal);
      const result = await (fresh.has(key) ? withMaxAge(0, ask) : ask());
      log.add({ key, label: 'resolve-batch', source: result.source, minutes: new Map() });
      return result;
    },
    record: async (id, signal) => {
      const key = `${RECORD_KEY}${id}`;
      const result = await upstream.record(id, signal, fresh.has(key));
      const { data } = result.data;
      const minutes = new Map<string, number>();
      if (typeof data.minutes === 'number') minutes.set(minutesKey(data.player_id, id), data.minutes);
      const date = recordDate(data, result.read);
      log.add({
        key,
        label: 'player record',
        source: result.source,
        data_as_of: date.state === 'value' ? date.date : null,
        ...(date.state === 'unread' ? { date_unread: date.names } : {}),
        minutes,
      });
      return result;
    },
    compare: async (ids, signal) => {
      const key = `compare ${ids.join(',')}`;
      const result = await upstream.compare(ids, signal, fresh.has(key));
      const minutes = new Map<string, number>();
      for (const row of result.data.data) {
        if (typeof row.minutes === 'number')
          minutes.set(minutesKey(row.player_id, row.service_id), row.minutes);
      }
      log.add({ key, label: 'compare', source: result.source, minutes });
      return result;
    },
    ranking: async (role, league, signal) => {
      const key = `ranking ${role} ${league}`;
      const result = await upstream.ranking(role, league, signal, fresh.has(key));
      const minutes = new Map<string, number>();
      for (const entry of result.data.data) {
        if (typeof entry.minutes === 'number')
          minutes.set(minutesKey(entry.player_id, entry.service_id), entry.minutes);
      }
      log.add({ key, label: `ranking ${role} in ${league}`, source: result.source, minutes });
      return result;
    },
  };
}

/** Words of a ranking's meta that are no count of the players ranked: its page and filters. */
const NOT_COUNTS: ReadonlySet<string> = new Set([
  'limit',
  'page',
  'per_page',
  'page_size',
  'offset',
  'pages',
  'total_pages',
  'leagues',
]);

const isCountOf = (n: unknown, listed: number) => typeof n === 'number' && Number.isInteger(n) && n >= listed;

/**
 * Whether a ranking's meta holds, under a name nothing reads, a whole number at least the rows listed
 * (a number, or written for people: "40.385"): the players ranked, most likely, sent under another name
 * (then unread, not absent).
 */
/**
 * The objects of an answer beside its rows, its meta and links, under names nothing reads: where the meta
 * was sent under another name while a paging object took "meta" (its next cursor).
 */
function objectsBeside(answer: object): object[] {
  return Object.entries(answer).flatMap(([key, value]) =>
    !['data', 'meta', 'links'].includes(key) &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value)
      ? [value as object]
      : [],
  );
}

function countBeside(meta: object | null | undefined, listed: number, besideMeta = false): boolean {
  if (!meta) return false;
  // In the meta read, "eligible" is read (null: absent); in an object beside it, it is one more count unread.
  return Object.entries(meta).some(
    ([key, value]) =>
      (besideMeta || key !== 'eligible') &&
      !NOT_COUNTS.has(key) &&
      isCountOf(toNumber(value, 'count'), listed),
  );
}

/** Each entry's row in resolve-batch answers of up to RESOLVE_BATCH, and the persons they find. */
async function resolveEntries(
  entries: readonly RefreshEntry[],
  upstream: WatchlistUpstream,
  parts: Parts,
): Promise<{ persons: Persons; notes: string[] }> {
  const notes: string[] = [];
  // A pending row id may be last season's, answered with this season's row and no echo: its name ties it.
  const queries = entries.map(
    (e): ResolveQuery =>
      e.service_id || !e.pending
        ? { player_id: e.service_id ?? '' }
        : { player_id: e.pending.player_id, known_as: e.pending.name },
  );
  const batches = await Promise.all(
    chunks(queries, RESOLVE_BATCH).map((chunk) =>
      parts.required('resolve-batch', (signal) => upstream.resolve(chunk, signal)),
    ),
  );
  const persons = personsOf(
    entries,
    batches.flatMap((b) => b.rows),
    notes,
  );
  const stray = strayNote(batches.flatMap((b) => b.stray));
  if (stray) notes.push(stray);
  return { persons, notes };
}

/** The persons each entry's row finds; entries no row was tied to are never given another's, and noted. */
function personsOf(
  entries: readonly RefreshEntry[],
  resolved: readonly (ResolvedPlayer | undefined)[],
  notes: string[],
): Persons {
  const persons: Persons = { names: new Map(), rowIds: new Map(), links: {}, missing: [], pending: [] };
  const unansweredPending: string[] = [];
  const unansweredLinked: string[] = [];
  entries.forEach((entry, i) => {
    const row = resolved[i];
    const found = row?.status === 'resolved' && row.service_id ? row.service_id : null;
    if (found) persons.rowIds.set(found, row?.player_id ?? null);
    if (entry.service_id) {
      if (found) persons.names.set(entry.service_id, row?.name ?? null);
      else persons.missing.push(entry.service_id);
      if (!row) unansweredLinked.push(`${entry.service_id} (${entry.name ?? 'unnamed'})`);
    } else if (entry.pending) {
      const { player_id, name } = entry.pending;
      if (found) {
        persons.links[player_id] = { service_id: found, name: row?.name ?? name };
        persons.names.set(found, row?.name ?? name);
      } else if (!row || row.status === 'unlinked') persons.pending.push(player_id);
      else persons.missing.push(player_id);
      if (!row) unansweredPending.push(`"${player_id}" (${name ? `${name}, ` : ''}not linked yet)`);
    }
  });
  if (unansweredPending.length > 0) {
    notes.push(
      `resolve-batch: no row of the API's answer is for ${unansweredPending.join(', ')}: left pending.`,
    );
  }
  if (unansweredLinked.length > 0) {
    notes.push(
      `resolve-batch: no row of the API's answer is for ${unansweredLinked.join(', ')}: shown as not found this time, still on the list.`,
    );
  }
  return persons;
}

/** Each person's current row: the record when one is followed, else compare (with one record to date it). */
async function readPersons(
  persons: Persons,
  upstream: WatchlistUpstream,
  parts: Parts,
  notes: string[],
): Promise<{ seen: Map<string, Seen>; dataAsOf: string | null }> {
  const people = [...persons.names.keys()];
  const seen = new Map<string, Seen>();
  if (people.length === 1) {
    const id = people[0] as string;
    const found = await parts.required('player record', (signal) => upstream.record(id, signal));
    seen.set(id, seenFromRecord(found.data));
    return { seen, dataAsOf: found.data.data_as_of ?? null };
  }
  if (people.length === 0) return { seen, dataAsOf: null };
  const [rows, dated] = await Promise.all([
    Promise.all(chunks(people, COMPARE_BATCH).map((chunk) => compareChunk(chunk, persons, upstream, parts))),
    parts.optional('player record', (signal) => upstream.record(people[0] as string, signal)),
  ]);
  const untied: string[] = [];
  for (const [id, row] of rows.flat()) {
    if (row) seen.set(id, seenFromCompare(row));
    else untied.push(`${id} (${persons.names.get(id) ?? 'unnamed'})`);
  }
  if (untied.length > 0) {
    notes.push(
      `compare: no row of the API's answer is for ${untied.join(', ')} (none carried its service_id or row id, nor alone its name): not in this snapshot.`,
    );
  }
  return { seen, dataAsOf: dated?.data.data_as_of ?? null };
}

/** One compare request: each person asked with the row that is theirs, if any. */
async function compareChunk(chunk: string[], persons: Persons, upstream: WatchlistUpstream, parts: Parts) {
  const body = await parts.required('compare', (signal) => upstream.compare(chunk, signal));
  const tied = tieCompareRows(body.data, chunk, (id) => ({
    name: persons.names.get(id) ?? null,
    player_id: persons.rowIds.get(id) ?? null,
  }));
  return chunk.map((id, i) => [id, tied[i]] as const);
}

/**
 * One ranking per league and primary role, most followed first. With fewer requests left than rankings,
 * one at a time: each is answered from the cache when it can, and those the quota cannot pay for are
 * refused before they are sent (noted), never sent side by side past the quota.
 */
async function rankPersons(
  seen: Map<string, Seen>,
  upstream: WatchlistUpstream,
  parts: Parts,
  notes: string[],
): Promise<{ league: string; role: string; players: string[] }[]> {
  const pairs = new Map<string, { league: string; role: string; players: string[] }>();
  for (const [id, s] of seen) {
    if (!s.league || !s.primary_role) continue;
    const key = `${s.league}\n${s.primary_role}`;
    const pair = pairs.get(key) ?? { league: s.league, role: s.primary_role, players: [] };
    pair.players.push(id);
    pairs.set(key, pair);
  }
  const ranked = [...pairs.values()].sort((a, b) => b.players.length - a.players.length);
  const quota = upstream.quota.current();
  const short = !quota.unlimited && quota.remaining !== null && quota.remaining < ranked.length;
  const unranked: string[] = [];
  const unknownRank: string[] = [];
  /** Rankings the API numbers from 0 (rank-order.ts): their ranks are stored as sent, said. */
  const fromZero: string[] = [];
  const rank = async ({ league, role, players }: { league: string; role: string; players: string[] }) => {
    const ranking = await parts.optional(`ranking ${role} in ${league}`, (signal) =>
      upstream.ranking(role, league, signal),
    );
    if (!ranking) {
      unranked.push(`${role} in ${league}`);
      return;
    }
    const of = ranking.meta?.eligible ?? null;
    // The count beside the ranking under a name nothing reads: how many were ranked is unread, not absent.
    const ofUnread =
      of === null &&
      (unreadMarks(ranking)?.fields.meta !== undefined ||
        unreadMarks(ranking.meta)?.fields.eligible === 'value' ||
        countBeside(ranking.meta, ranking.data.length) ||
        objectsBeside(ranking).some((o) => countBeside(o, ranking.data.length, true)));
    // "Outside the top N" holds only when ranks 1 to N were all read (rank-order.ts): a ranking read in
    // part, not best first, or with rows it could not read leaves a player not found with his rank unknown.
    const order = byRank(ranking.data);
    const best = order.proven;
    if (order.best === 0) fromZero.push(`${role} in ${league}`);
    for (const id of players) {
      const s = seen.get(id);
      if (!s) continue;
      const entry = ranking.data.find(
        (e) => e.service_id === id || (s.player_id != null && e.player_id === s.player_id),
      );
      // Not in the rows read, and those not every rank from 1: his rank is unread, kept so in the
      // snapshot (a stored week's report names it too, not only this refresh's note).
      const rankUnread = !entry && best < ranking.data.length;
      if (rankUnread) unknownRank.push(`${role} in ${league}`);
      const listed = entry || best === ranking.data.length ? { listed: ranking.data.length } : {};
      s.rank = { role, league, rank: entry?.rank ?? null, of, ...listed };
      for (const field of [...(ofUnread ? ['rank_of'] : []), ...(rankUnread ? ['rank'] : [])])
        if (!s.unread?.includes(field)) s.unread = [...(s.unread ?? []), field];
    }
  };
  if (short) for (const pair of ranked) await rank(pair);
  else await Promise.all(ranked.map(rank));
  if (fromZero.length > 0)
    notes.push(
      `The API numbers ${fromZero.length === 1 ? 'this ranking' : 'these rankings'} from 0 (${fromZero.join(', ')}): rank 0 is the best, and ranks are kept as it sent them.`,
    );
  if (unknownRank.length > 0)
    notes.push(
      `Rank not known for ${unknownRank.length} player(s) (${[...new Set(unknownRank)].join(', ')}): they were not in the rows read, and those do not hold every rank from 1 (pages not read, or rows unread or sent twice).`,
    );
  if (short && unranked.length > 0) {
    notes.push(
      `Ranks not refreshed for ${unranked.length} league/role pair(s) (${unranked.join(', ')}): the quota left could not pay for them.`,
    );
  }
  return ranked;
}
