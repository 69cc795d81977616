// What a watchlist store's index keeps of each list (WatchlistInfo): enough to list it, complete its name
// and count what a refresh costs, without its document. Also what is said of a list that does not read.
import { isObject, type WatchlistDoc, watchlistName } from './watchlists.js';

/**
 * What the index says of one watchlist without its document: enough to list it, complete its name and
 * count what a refresh costs. Kept by every store beside the document, written with it.
 */
export interface WatchlistInfo {
  name: string;
  note: string | null;
  players: number;
  /** Entries not linked to a person yet. */
  pending: number;
  created_at: string;
  updated_at: string;
  /** When the last snapshot was taken; null before the first refresh. */
  last_refresh: string | null;
  /** The upstream's date of the data of the last snapshot. */
  data_as_of: string | null;
  /** The last snapshot's week says the upstream sent its date of the data but it could not be read. */
  data_as_of_unread?: true;
  snapshots: number;
  /** Rankings a refresh asks for (see rankingsOf). */
  rankings: number;
  /** Bytes of the stored document. */
  bytes: number;
  /**
   * Set when the stored document cannot be read: what is wrong and what to do. The list is named (by the
   * name last known, else as read from the damaged text) so it can be deleted; its counts are then zero.
   */
  damaged?: string;
  /** A damaged list whose name is lost with it: `name` then says where it is stored (a file, a key). */
  unnamed?: true;
}

/**
 * The rankings one refresh of `doc` requests: one per league and primary role its last snapshot knows
 * for the players followed, plus one per player it knows nothing of, at most one per player.
 */
export function rankingsOf(doc: WatchlistDoc): number {
  const last = doc.snapshots.at(-1)?.players ?? {};
  const pairs = new Set<string>();
  let unknown = 0;
  for (const entry of doc.entries) {
    const seen = entry.service_id ? last[entry.service_id] : undefined;
    if (seen?.league && seen.primary_role) pairs.add(`${seen.league}\n${seen.primary_role}`);
    else unknown += 1;
  }
  return Math.min(doc.entries.length, pairs.size + unknown);
}

/** A snapshot's stored week keyed by its fetch time because the upstream's date could not be read. */
const dateUnread = (week: unknown) => isObject(week) && week.unread === 'data_as_of';

/** The index entry of `doc`; `bytes`, the size of its stored JSON, when known. */
export function infoOf(doc: WatchlistDoc, bytes?: number): WatchlistInfo {
  const last = doc.snapshots.at(-1);
  return {
    name: doc.name,
    note: doc.note,
    players: doc.entries.length,
    pending: doc.entries.filter((e) => e.service_id === null).length,
    created_at: doc.created_at,
    updated_at: doc.updated_at,
    last_refresh: last?.taken_at ?? null,
    data_as_of: last?.data_as_of ?? null,
    ...(dateUnread(last?.week) ? { data_as_of_unread: true as const } : {}),
    snapshots: doc.snapshots.length,
    rankings: rankingsOf(doc),
    bytes: bytes ?? Buffer.byteLength(JSON.stringify(doc)),
  };
}

/**
 * The index entry of a list whose document cannot be read: named by `known` (its entry before the damage),
 * else by the name found in the damaged text, else by `fallback`.
 */
export function damagedInfo(
  text: string,
  problem: string,
  fallback: string,
  known?: WatchlistInfo,
): WatchlistInfo {
  const named = known?.name ?? nameIn(text);
  const name = named ?? fallback;
  return {
    name,
    note: null,
    players: 0,
    pending: 0,
    created_at: known?.created_at ?? '',
    updated_at: known?.updated_at ?? '',
    last_refresh: null,
    data_as_of: null,
    snapshots: 0,
    rankings: 0,
    bytes: Buffer.byteLength(text),
    damaged: problem,
    ...(named === undefined ? { unnamed: true as const } : {}),
  };
}

/** The watchlist's name read from a damaged document's text, if it is still there and valid. */
function nameIn(text: string): string | undefined {
  const match = /"name"\s*:\s*("(?:[^"\\]|\\.){1,400}")/.exec(text);
  if (!match?.[1]) return undefined;
  try {
    return watchlistName(JSON.parse(match[1]) as string);
  } catch {
    return undefined;
  }
}

/** Checks an index entry read back from a store; undefined when it is not one. */
export function parseInfo(json: string): WatchlistInfo | undefined {
  try {
    const info = JSON.parse(json) as WatchlistInfo;
    if (!isObject(info) || typeof info.name !== 'string' || typeof info.updated_at !== 'string')
      return undefined;
    for (const count of ['players', 'pending', 'snapshots', 'rankings', 'bytes'] as const) {
      if (typeof info[count] !== 'number') return undefined;
    }
    return info;
  } catch {
    return undefined;
  }
}

/** What to tell of a listed damaged list: which one, what is wrong, and how to be rid of it. */
export function damagedNote(info: WatchlistInfo): string | undefined {
  if (!info.damaged) return undefined;
  if (!info.unnamed) return damagedMessage(info.name, info.damaged);
  return `a watchlist whose name cannot be read, ${info.name}, is damaged (${info.damaged}): remove it from the store by hand to free its place (or restore it from a backup); the other watchlists are not affected`;
}

/** What to tell of a damaged list: which one, what is wrong, and how to be rid of it. */
export function damagedMessage(name: string, problem: string): string {
  return `watchlist "${name}" is damaged (${problem}): it cannot be read or changed; the other watchlists are not affected. Delete it with update_watchlist {"watchlist": ${JSON.stringify(name)}, "delete": true} (its players and snapshots are lost), or restore it from a backup`;
}
