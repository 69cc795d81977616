// Changing a list: players added (each resolved to his person first), removed, its note set, or the whole
// list deleted. Every check and every request comes before the change is handed to the store, so a
// refused change stores nothing and costs no quota.
import type { Source } from '../api/client.js';
import { unreadWhy } from '../api/reader/unread.js';
import { queryLabel } from '../facts/resolve-labels.js';
import type { ResolveQuery } from '../facts/resolve-match.js';
import { fold } from '../lib/fold.js';
import {
  checkProjectedSize,
  newWatchlist,
  type WatchlistDoc,
  type WatchlistEntry,
  WatchlistError,
  watchlistName,
} from '../store/watchlists.js';
import { type Additions, resolveAdditions, unreadServiceIds } from './additions.js';
import { entryLabel, keyOf, labelsOf, NAME_MAX, type PlayerToAdd, uniqueQueries } from './entries.js';
import { WatchlistRefusal } from './refusal.js';
import type { OwnedLists, WatchlistUpstream } from './upstream.js';

export interface WatchlistChangeRequest {
  watchlist: string;
  add: readonly PlayerToAdd[];
  /** service_ids, pending row ids or names as listed. */
  remove: readonly string[];
  /** "" clears it; undefined keeps it. */
  note: string | undefined;
  /** Delete the whole list and its snapshots (given alone). */
  delete: boolean;
}

export interface WatchlistUpdate {
  watchlist: string;
  note: string | null;
  entries: readonly WatchlistEntry[];
  /** The list did not exist before this change: every entry is one it added. */
  created: boolean;
  added: string[];
  removed: string[];
  /** Removed players whose name could not be read, by service_id or row id (not in `removed`). */
  removed_unnamed: string[];
  deleted: boolean;
  source: Source;
  notes: string[];
  /**
   * The rows read now for the entries this change added, by entry key (keyOf): what they could not read
   * (a name under a name nothing read) is said of the entry, never shown as absent.
   */
  read?: ReadonlyMap<string, object>;
}

/** Applies `change` to its list; `findPlayers` says, in a refusal, how current row ids are found. */
export async function updateWatchlist(
  lists: OwnedLists,
  upstream: WatchlistUpstream,
  change: WatchlistChangeRequest,
  signal: AbortSignal,
  findPlayers: string,
): Promise<WatchlistUpdate> {
  const name = watchlistName(change.watchlist);
  const deleting = change.delete;
  if (deleting && (change.add.length > 0 || change.remove.length > 0 || change.note !== undefined)) {
    throw new WatchlistRefusal(
      'delete: true deletes the whole list: give it alone, without add, remove or note. Nothing was changed.',
    );
  }
  const current = await readForChange(lists, name, deleting);
  if (current === 'damaged') return deleteDamaged(lists, name);
  if (!current && (deleting || (change.add.length === 0 && change.note === undefined))) {
    throw await noSuchList(lists, name, deleting ? 'Nothing to delete.' : 'Add players to create it.');
  }
  if (deleting && current) return deleteList(lists, current);

  const { removing, absent, unchecked, unnamed } = removals(current, name, change.remove);
  const { wanted, onList } = toResolve(current, change.add, removing);
  await checkLimits(lists, current, name, wanted, removing);
  const additions = await resolveAdditions(upstream, wanted, signal, findPlayers);
  const applied = await applyChange(lists, name, removing, additions, change.note);
  const { doc, created, added, removed: gone } = applied;
  const notAdded = [...onList, ...applied.notAdded];
  const { named: removed, unnamed: removed_unnamed } = labelsOf(gone);
  const notes = [
    ...(absent.length > 0 ? [`Not in the watchlist, nothing to remove: ${absent.join(', ')}.`] : []),
    ...(unchecked.length > 0
      ? [
          `Not removed: ${unchecked.join(', ')}: no service_id, row id or name listed matches, and the names of ${unnamed.length} player(s) could not be read (${unnamed.map(keyOf).join(', ')}): remove by service_id.`,
        ]
      : []),
    ...(notAdded.length > 0 ? [`Not added again: ${notAdded.join('; ')}.`] : []),
    ...(additions.strayRows ? [additions.strayRows] : []),
    ...(unreadServiceIds(additions) ? [unreadServiceIds(additions) as string] : []),
  ];
  const { note, entries } = doc;
  const read = new Map(additions.resolved.map(({ row }) => [keyOf(newEntry(row, '')), row]));
  return {
    watchlist: doc.name,
    note,
    entries,
    created,
    added,
    removed,
    removed_unnamed,
    deleted: false,
    source: additions.source,
    notes,
    read,
  };
}

/** The refusal of a list the owner does not have, naming those he has; `then` says what to do. */
export async function noSuchList(lists: OwnedLists, name: string, then: string): Promise<WatchlistRefusal> {
  const names = (await lists.store.list(lists.owner)).map((d) => `"${d.name}"`);
  return new WatchlistRefusal(
    `No watchlist "${name}" for this API key${names.length > 0 ? ` (it has ${names.join(', ')})` : ''}. ${then}`,
  );
}

/** The list as stored; 'damaged' when it cannot be read and is to be deleted (delete goes on without it). */
async function readForChange(
  lists: OwnedLists,
  name: string,
  deleting: boolean,
): Promise<WatchlistDoc | undefined | 'damaged'> {
  return lists.store.get(lists.owner, name).catch((error: unknown) => {
    if (deleting && error instanceof WatchlistError && error.code === 'damaged') return 'damaged' as const;
    throw error;
  });
}

async function deleteDamaged(lists: OwnedLists, name: string): Promise<WatchlistUpdate> {
  const removed = await lists.store.delete(lists.owner, name);
  return {
    watchlist: name,
    note: null,
    entries: [],
    created: false,
    added: [],
    removed: [],
    removed_unnamed: [],
    deleted: removed,
    source: { cached: true, fetched_at: new Date().toISOString() },
    notes: [
      removed
        ? `"${name}" was damaged (unreadable): deleted, with whatever players and snapshots it held.`
        : `"${name}" was damaged, and was deleted meanwhile by another call.`,
    ],
  };
}

async function deleteList(lists: OwnedLists, current: WatchlistDoc): Promise<WatchlistUpdate> {
  // Gone meanwhile (another call deleted it) is the same outcome: the list is no more.
  await lists.store.delete(lists.owner, current.name);
  const { named, unnamed } = labelsOf(current.entries);
  return {
    watchlist: current.name,
    note: current.note,
    entries: [],
    created: false,
    added: [],
    removed: named,
    removed_unnamed: unnamed,
    deleted: true,
    source: { cached: true, fetched_at: new Date().toISOString() },
    notes: [],
  };
}

/** Removals are found in the list as it is: by person, pending row, or name as listed. */
function removals(
  current: WatchlistDoc | undefined,
  name: string,
  remove: readonly string[],
): { removing: Set<string>; absent: string[]; unchecked: string[]; unnamed: WatchlistEntry[] } {
  const entries = current?.entries ?? [];
  const removing = new Set<string>();
  const absent: string[] = [];
  for (const given of remove) {
    const folded = fold(given);
    const matches = entries.filter(
      (e) =>
        e.service_id === given.trim() ||
        e.pending?.player_id === given.trim() ||
        (folded !== '' && fold(e.name ?? e.pending?.name ?? '') === folded),
    );
    if (matches.length > 1) {
      throw new WatchlistRefusal(
        `"${given}" names ${matches.length} players of "${current?.name ?? name}": remove them by service_id (${matches.map((e) => e.service_id ?? e.pending?.player_id).join(', ')}). Nothing was changed.`,
      );
    }
    const [match] = matches;
    if (match) removing.add(keyOf(match));
    else absent.push(given);
  }
  // Not found while some names could not be read: it may be one of them, never said to be absent.
  const unnamed = entries.filter((e) => e.name_unread && !e.name);
  return unnamed.length > 0
    ? { removing, absent: [], unchecked: absent, unnamed }
    : { removing, absent, unchecked: [], unnamed };
}

/**
 * The players to resolve: those asked, but those the list holds under the id asked (its person's or its
 * pending row's), which are said (`onList`) and cost no request.
 */
function toResolve(
  current: WatchlistDoc | undefined,
  add: readonly PlayerToAdd[],
  removing: ReadonlySet<string>,
): { wanted: ResolveQuery[]; onList: string[] } {
  const byId = new Map<string, WatchlistEntry>();
  for (const entry of current?.entries ?? []) {
    if (entry.service_id) byId.set(entry.service_id, entry);
    if (entry.pending?.player_id) byId.set(entry.pending.player_id, entry);
  }
  const wanted: ResolveQuery[] = [];
  const onList: string[] = [];
  const queries = uniqueQueries(add);
  const repeated = add.length - queries.length;
  if (repeated > 0)
    onList.push(
      `${repeated} player${repeated === 1 ? ' was' : 's were'} asked twice in this change (the same id, or name and club)`,
    );
  for (const query of queries) {
    const entry = 'player_id' in query ? byId.get(query.player_id) : undefined;
    if (!entry) wanted.push(query);
    else if (removing.has(keyOf(entry)))
      onList.push(`${queryLabel(query)} (${entryLabel(entry)}) is removed by this change`);
    else onList.push(notAddedAgain(query, entry, undefined));
  }
  return { wanted, onList };
}

/** The list's limits with the players to resolve: checked before any request, so a refusal costs no quota. */
async function checkLimits(
  lists: OwnedLists,
  current: WatchlistDoc | undefined,
  name: string,
  wanted: readonly ResolveQuery[],
  removing: ReadonlySet<string>,
): Promise<void> {
  const { store, owner } = lists;
  const entries = current?.entries ?? [];
  const size = entries.length - removing.size + wanted.length;
  if (size > store.limits.maxPlayers) {
    throw new WatchlistError(
      'too_many_players',
      `watchlist "${current?.name ?? name}" would hold ${size} players; at most ${store.limits.maxPlayers} (FOOTBALL_MCP_WATCHLIST_MAX_PLAYERS)`,
    );
  }
  if (!current && (await store.list(owner)).length >= store.limits.maxWatchlists) {
    throw new WatchlistError(
      'too_many_watchlists',
      `at most ${store.limits.maxWatchlists} watchlists per API key (FOOTBALL_MCP_WATCHLIST_MAX): delete one with delete: true first`,
    );
  }
  if (current && wanted.length > 0) {
    checkProjectedSize(
      current,
      store.limits,
      { entries: wanted.length - removing.size },
      'with these players',
    );
  }
}

/** Hands the change to the store; what it added and removed of the list as stored then. */
async function applyChange(
  lists: OwnedLists,
  name: string,
  removing: ReadonlySet<string>,
  { resolved }: Additions,
  note: string | undefined,
): Promise<{
  doc: WatchlistDoc;
  created: boolean;
  added: string[];
  removed: WatchlistEntry[];
  notAdded: string[];
}> {
  const added: string[] = [];
  const removed: WatchlistEntry[] = [];
  const notAdded: string[] = [];
  let created = false;
  const doc = await lists.store.update(lists.owner, name, (stored, now) => {
    // The store may run a change again (Redis, when another replica wrote meanwhile): start afresh.
    added.length = 0;
    removed.length = 0;
    notAdded.length = 0;
    created = stored === undefined;
    const base = stored ?? newWatchlist(name, now);
    const next: WatchlistEntry[] = [];
    for (const entry of base.entries) {
      if (removing.has(keyOf(entry))) removed.push(entry);
      else next.push(entry);
    }
    const listed = new Set(next.map(keyOf));
    // Each player added, by the first query that named him: a later one naming him again is said.
    const addedBy = new Map<string, ResolveQuery>();
    for (const { query, row } of resolved) {
      const entry = newEntry(row, now);
      const key = keyOf(entry);
      const first = addedBy.get(key);
      if (listed.has(key) || first) {
        notAdded.push(notAddedAgain(query, entry, first));
        continue;
      }
      addedBy.set(key, query);
      next.push(entry);
      added.push(entry.name ?? '');
    }
    const nextNote = note === undefined ? base.note : note.trim() === '' ? null : note.trim();
    if (stored && added.length === 0 && removed.length === 0 && nextNote === base.note) return undefined;
    return { ...base, entries: next, note: nextNote };
  });
  if (!doc) throw new WatchlistRefusal(`The watchlist "${name}" could not be read back; call again.`);
  return { doc, created, added, removed, notAdded };
}

/**
 * Why a player asked was not added: he is on the list already, or an earlier player asked (another of
 * his ids: a row id and his service_id) is the same one.
 */
function notAddedAgain(query: ResolveQuery, entry: WatchlistEntry, first: ResolveQuery | undefined): string {
  const who = `${queryLabel(query)} (${entryLabel(entry)})`;
  return first
    ? `${who} is the same player as ${queryLabel(first)}: added once`
    : `${who} is on the list already`;
}

/** A resolved row as an entry: his person, or the row kept pending until it is linked. */
function newEntry(
  row: { service_id?: string | null | undefined; player_id?: string | null; name?: string | null },
  now: string,
): WatchlistEntry {
  // Only the name the API gave: an id is never shown as a player's name.
  const label = (row.name ?? '').slice(0, NAME_MAX);
  // A name sent but not read stays unread on the entry: every later answer names it, none shows it absent.
  const name = label
    ? { name: label }
    : unreadWhy(row, 'name') !== undefined
      ? { name_unread: true as const }
      : {};
  return row.service_id
    ? { service_id: row.service_id, ...name, added_at: now }
    : {
        service_id: null,
        pending: { player_id: row.player_id ?? '', name: label },
        ...name,
        added_at: now,
      };
}
