// Watchlists: user data, not cache. A shortlist of players per owner (an API key, by a keyed hash),
// kept by service_id (the only durable key), with the last few snapshots a weekly report compares.
// The shape and the rules live here; memory, file and Redis only keep the documents (see
// watchlists-memory.ts, watchlists-file.ts, watchlists-redis.ts). Every store keeps an index beside the
// documents (one WatchlistInfo per list, watchlist-info.ts), so listing reads no list whole: a key with
// 50 large lists lists them as fast as one with none. Nothing here knows MCP.
import { createHmac } from 'node:crypto';
import { sha256 } from '../lib/canonical.js';
import type { WatchlistInfo } from './watchlist-info.js';

export const WATCHLIST_NAME_MAX = 60;
export const WATCHLIST_NOTE_MAX = 1000;
const ID_MAX = 64;
const PLAYER_NAME_MAX = 200;

export interface WatchlistLimits {
  /** Most watchlists per owner. */
  maxWatchlists: number;
  /** Most entries (players, linked or pending) per watchlist. */
  maxPlayers: number;
  /** Snapshots kept per watchlist, the newest; older ones are dropped on write. */
  snapshots: number;
  /** Most bytes of one watchlist's JSON: snapshots of 200 players × 8 weeks stay far below the default. */
  maxBytes: number;
}

export const DEFAULT_WATCHLIST_LIMITS: WatchlistLimits = {
  maxWatchlists: 50,
  maxPlayers: 200,
  snapshots: 8,
  maxBytes: 8_000_000,
};

export interface WatchlistEntry {
  /** The person: the only id kept. null while the row is not linked to a person yet (pending). */
  service_id: string | null;
  /** Only while pending: the row id and name given, to link on a later refresh. Never a key. */
  pending?: { player_id: string; name: string };
  /** Name when added or last seen, for display only. */
  name?: string;
  /** The API sent a name then that could not be read: the entry's name is unread, never absent. */
  name_unread?: true;
  added_at: string;
  /** When a pending entry got its service_id. */
  linked_at?: string;
}

/** What a snapshot remembers of one player; loose on purpose (the report decides what it compares). */
export interface SnapshotPlayer {
  club?: string | null;
  league?: string | null;
  season?: string | null;
  /** The row seen then (changes every season and transfer): shown, never used as a key. */
  player_id?: string | null;
  minutes?: number | null;
  primary_role?: string | null;
  performance_index?: number | null;
  /** By role key: the score and, when known, the percentile. */
  roles?: Record<string, { score?: number | null; percentile?: number | null }>;
  market_value_eur?: number | null;
  [field: string]: unknown;
}

export interface WatchlistSnapshot {
  taken_at: string;
  /** The upstream's own date of the data, when it gives one. */
  data_as_of: string | null;
  /** By service_id. */
  players: Record<string, SnapshotPlayer>;
  [field: string]: unknown;
}

export interface WatchlistDoc {
  version: 1;
  /** As first given (trimmed, inner spaces collapsed); looked up without regard to case. */
  name: string;
  note: string | null;
  entries: WatchlistEntry[];
  created_at: string;
  updated_at: string;
  /** Oldest first; at most `limits.snapshots` (the store drops the oldest past it). */
  snapshots: WatchlistSnapshot[];
}

/**
 * Computes the next document from the current one (undefined when the watchlist does not exist yet).
 * Return the document to store, or undefined to leave everything as it is. Must be pure and quick: it
 * may run more than once (Redis retries when another replica wrote the same owner's lists meanwhile),
 * and other writers of the same owner wait while it runs. Fetch from the upstream before, not inside.
 */
export type WatchlistChange = (current: WatchlistDoc | undefined, now: string) => WatchlistDoc | undefined;

export interface WatchlistStore {
  readonly kind: 'memory' | 'file' | 'redis';
  readonly limits: WatchlistLimits;
  /**
   * The owner id of an API key: HMAC-SHA256 under this store's own secret (created on first use, kept
   * in the store), so the key itself is never stored and an id cannot be computed without the store.
   * `scope` separates worlds that share a key (e.g. the embedded sandbox's seed).
   */
  ownerOf(apiKey: string, scope?: string): string;
  /**
   * Every watchlist of an owner, by name, from the index: no document is read (except once, to index
   * lists stored before the index existed). A damaged list is listed, with `damaged` set.
   */
  list(owner: string): Promise<WatchlistInfo[]>;
  /** One watchlist; WatchlistError('damaged') when its document cannot be read. */
  get(owner: string, name: string): Promise<WatchlistDoc | undefined>;
  /**
   * Atomic read-modify-write of one watchlist, across processes: no concurrent change is lost. When it
   * resolves the change is durable (file: fsynced; Redis: acknowledged by the server). Resolves to the
   * stored document (the current one when `change` returned undefined). Throws WatchlistError, and the
   * Redis store 'unavailable' or 'outcome_unknown' when Redis does not answer within its timeout.
   */
  update(owner: string, name: string, change: WatchlistChange): Promise<WatchlistDoc | undefined>;
  /** Removes a watchlist, damaged or not; false when there was none. Durable when it resolves, like update. */
  delete(owner: string, name: string): Promise<boolean>;
  close(): Promise<void>;
}

export type WatchlistErrorCode =
  | 'invalid_name'
  | 'invalid_owner'
  | 'invalid_document'
  | 'too_many_watchlists'
  | 'too_many_players'
  | 'too_large'
  | 'busy'
  /** A stored document cannot be read: that list alone is out of use (the message names it). */
  | 'damaged'
  /** The disk refused (full, read-only, permission denied): the message names the path and the fix. */
  | 'storage'
  /** The store did not answer (or failed) before anything was changed: nothing was. */
  | 'unavailable'
  /** The store cannot be used until its operator fixes it (see the message): nothing was read or changed. */
  | 'unusable'
  /** The store did not answer after a change was sent to it: it may or may not have been made. */
  | 'outcome_unknown';

export class WatchlistError extends Error {
  constructor(
    readonly code: WatchlistErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'WatchlistError';
  }
}

const CONTROL = /[\p{Cc}\p{Cf}\u2028\u2029]/u;

/** The name as kept: trimmed, inner whitespace collapsed; throws WatchlistError('invalid_name'). */
export function watchlistName(name: string): string {
  if (typeof name !== 'string') throw new WatchlistError('invalid_name', 'a watchlist name must be text');
  if (CONTROL.test(name)) {
    throw new WatchlistError('invalid_name', 'a watchlist name cannot hold control or invisible characters');
  }
  const clean = name.normalize('NFC').trim().replace(/\s+/g, ' ');
  const length = [...clean].length;
  if (length < 1 || length > WATCHLIST_NAME_MAX) {
    throw new WatchlistError(
      'invalid_name',
      `a watchlist name has 1 to ${WATCHLIST_NAME_MAX} characters (got ${length}), e.g. "Left backs U23"`,
    );
  }
  return clean;
}

/** What identifies a watchlist within its owner: the name without regard to case. */
export function watchlistKey(name: string): string {
  return watchlistName(name).toLowerCase();
}

/** Where a watchlist is kept within its owner: a hash of its case-folded name (any name, any store). */
export function fieldOf(name: string): string {
  return sha256(watchlistKey(name)).slice(0, 32);
}

const OWNER = /^[A-Za-z0-9_-]{1,128}$/;

export function checkOwner(owner: string): string {
  if (typeof owner !== 'string' || !OWNER.test(owner)) {
    throw new WatchlistError('invalid_owner', 'a watchlist owner is an id from ownerOf()');
  }
  return owner;
}

/** HMAC-SHA256 of the scope and the key under `secret`, hex, 128 bits: the owner id. */
export function ownerId(secret: string, apiKey: string, scope = ''): string {
  return createHmac('sha256', secret).update(`${scope}\n${apiKey}`).digest('hex').slice(0, 32);
}

/** A new, empty watchlist (for a change function to start from). */
export function newWatchlist(name: string, now: string, note: string | null = null): WatchlistDoc {
  return {
    version: 1,
    name: watchlistName(name),
    note,
    entries: [],
    created_at: now,
    updated_at: now,
    snapshots: [],
  };
}

/**
 * Runs `change` against `current` and checks what it returns: structure, names, limits. Returns the
 * document to store with its JSON (or undefined when nothing changes). `others` = how many other
 * watchlists the owner has (for the per-owner limit when this one is new).
 */
export function applyChange(
  current: WatchlistDoc | undefined,
  name: string,
  change: WatchlistChange,
  limits: WatchlistLimits,
  others: number,
  now: string,
): { doc: WatchlistDoc; json: string } | undefined {
  const given = watchlistName(name);
  const proposed = change(current ? structuredClone(current) : undefined, now);
  if (proposed === undefined) return undefined;
  checkDocument(proposed);
  if (watchlistKey(proposed.name) !== watchlistKey(given)) {
    throw new WatchlistError(
      'invalid_document',
      `the document is named "${proposed.name}" but was written as "${given}"`,
    );
  }
  if (!current && others >= limits.maxWatchlists) {
    throw new WatchlistError(
      'too_many_watchlists',
      `at most ${limits.maxWatchlists} watchlists per API key (FOOTBALL_MCP_WATCHLIST_MAX): delete one (update_watchlist with delete: true) before creating "${given}"`,
    );
  }
  if (proposed.entries.length > limits.maxPlayers) {
    throw new WatchlistError(
      'too_many_players',
      `watchlist "${given}" would hold ${proposed.entries.length} players; at most ${limits.maxPlayers} (FOOTBALL_MCP_WATCHLIST_MAX_PLAYERS)`,
    );
  }
  const doc: WatchlistDoc = {
    ...proposed,
    name: current ? current.name : watchlistName(proposed.name),
    created_at: current ? current.created_at : now,
    updated_at: now,
    snapshots: proposed.snapshots.slice(-Math.max(0, limits.snapshots)),
  };
  const json = JSON.stringify(doc);
  if (Buffer.byteLength(json) > limits.maxBytes) {
    throw new WatchlistError(
      'too_large',
      `watchlist "${given}" would take ${Buffer.byteLength(json)} bytes; at most ${limits.maxBytes} (FOOTBALL_MCP_WATCHLIST_MAX_BYTES)`,
    );
  }
  return { doc, json };
}

/**
 * About how many bytes `doc` takes after `entries` more (or fewer) entries and, with `snapshot`, one more
 * snapshot (the oldest past `limits.snapshots` dropped), measured on its own entries and last snapshot: a
 * change past `limits.maxBytes` can be refused before the upstream requests it needs are spent. The exact
 * size is still checked when the change is written (applyChange).
 */
function projectedBytes(
  doc: WatchlistDoc,
  limits: WatchlistLimits,
  change: { entries?: number; snapshot?: boolean },
): number {
  const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
  const entries = change.entries ?? 0;
  let total = bytes(doc);
  if (entries !== 0 && doc.entries.length > 0) {
    total += Math.round((bytes(doc.entries) / doc.entries.length) * entries);
  }
  if (change.snapshot) {
    const kept = Math.max(0, limits.snapshots - 1);
    for (const old of doc.snapshots.slice(0, Math.max(0, doc.snapshots.length - kept))) total -= bytes(old);
    const last = doc.snapshots.at(-1);
    const seen = last ? Object.keys(last.players).length : 0;
    if (last && seen > 0) total += Math.round((bytes(last) / seen) * (doc.entries.length + entries));
  }
  return total;
}

/** Throws WatchlistError('too_large') when projectedBytes passes `limits.maxBytes`; `when` says after what. */
export function checkProjectedSize(
  doc: WatchlistDoc,
  limits: WatchlistLimits,
  change: { entries?: number; snapshot?: boolean },
  when: string,
): void {
  const projected = projectedBytes(doc, limits, change);
  if (projected > limits.maxBytes) {
    throw new WatchlistError(
      'too_large',
      `watchlist "${doc.name}" would take about ${projected} bytes ${when}; at most ${limits.maxBytes} (FOOTBALL_MCP_WATCHLIST_MAX_BYTES). No request was sent`,
    );
  }
}

/** Throws WatchlistError('invalid_document') unless `doc` has the shape of a WatchlistDoc. */
export function checkDocument(doc: WatchlistDoc): void {
  const fail: (what: string) => never = (what) => {
    throw new WatchlistError('invalid_document', `invalid watchlist document: ${what}`);
  };
  if (!isObject(doc) || doc.version !== 1) fail('version 1 expected');
  if (typeof doc.name !== 'string') fail('name');
  if (doc.note !== null && (typeof doc.note !== 'string' || doc.note.length > WATCHLIST_NOTE_MAX)) {
    fail(`note: text of at most ${WATCHLIST_NOTE_MAX} characters, or null`);
  }
  if (!Array.isArray(doc.entries)) fail('entries must be a list');
  if (!Array.isArray(doc.snapshots)) fail('snapshots must be a list');
  const linked = new Set<string>();
  const pending = new Set<string>();
  doc.entries.forEach((entry, i) => {
    if (!isObject(entry) || typeof entry.added_at !== 'string') fail(`entries[${i}]: added_at`);
    if (entry.service_id !== null) {
      if (!isId(entry.service_id)) fail(`entries[${i}].service_id`);
      if (linked.has(entry.service_id)) fail(`entries[${i}]: ${entry.service_id} is listed twice`);
      linked.add(entry.service_id);
      if (entry.pending !== undefined) fail(`entries[${i}]: linked and pending at once`);
    } else {
      const p = entry.pending;
      if (
        !isObject(p) ||
        !isId(p.player_id) ||
        typeof p.name !== 'string' ||
        p.name.length > PLAYER_NAME_MAX
      ) {
        fail(`entries[${i}]: without a service_id, pending {player_id, name} is required`);
      }
      if (pending.has(p.player_id)) fail(`entries[${i}]: row ${p.player_id} is listed twice`);
      pending.add(p.player_id);
    }
    if (entry.name !== undefined && (typeof entry.name !== 'string' || entry.name.length > PLAYER_NAME_MAX)) {
      fail(`entries[${i}].name`);
    }
  });
  doc.snapshots.forEach((s, i) => {
    if (!isObject(s) || typeof s.taken_at !== 'string' || !isObject(s.players)) {
      fail(`snapshots[${i}]: taken_at and players are required`);
    }
    if (s.data_as_of !== null && typeof s.data_as_of !== 'string') fail(`snapshots[${i}].data_as_of`);
  });
}

export function isObject(value: unknown): value is Record<string, unknown> & object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= ID_MAX && !CONTROL.test(value);
}

/** Parses a stored document; undefined when it is not one. */
export function parseDocument(json: string): WatchlistDoc | undefined {
  const read = readStored(json);
  return 'doc' in read ? read.doc : undefined;
}

/** Parses a stored document, or says what is wrong with it. */
export function readStored(json: string): { doc: WatchlistDoc } | { problem: string } {
  let doc: WatchlistDoc;
  try {
    doc = JSON.parse(json) as WatchlistDoc;
  } catch {
    return { problem: `not JSON (${Buffer.byteLength(json)} bytes, cut short or overwritten)` };
  }
  try {
    checkDocument(doc);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  return { doc };
}

export function byName(a: { name: string }, b: { name: string }): number {
  const ka = a.name.toLowerCase();
  const kb = b.name.toLowerCase();
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** Runs tasks of the same key one after another (within this process). */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const next = previous.then(task, task);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }
}
