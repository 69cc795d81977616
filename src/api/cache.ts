import Keyv from 'keyv';
import { Utf8BoundedMap } from '../lib/bounded-map.js';
import { noteChange } from './change-count.js';
import { AbortedError, ApiError, NotCachedError } from './errors.js';
import { DEFAULT_HOT_ENTRIES, freezeAndMeasure, HotEntries } from './hot-entries.js';
import { maxAgeMs } from './max-age.js';
import type { PageSignals } from './pagination.js';
import { type KeptMarks, marksWithin, restoreMarks } from './reader/marks-kept.js';
import type { ReadReport } from './reader/report.js';
import { noteFreshUntil } from './request-tally.js';
import type { CacheKind } from './routes.js';

export interface CacheEntry {
  body: unknown;
  fetched_at: string;
  /** What reading the answer found (aliases, rows left out), kept so a cached answer says it too. */
  read?: ReadReport;
  /** What the answer said of further pages, kept so a cached page leads to the next one too. */
  paging?: PageSignals;
  /**
   * The answer as sent, kept only when a name learned later could fill a field its reading left empty
   * (reader/learning.ts mayLearnFrom), with how many names were learned when it was read (`names`): a
   * hit read with fewer is read again from it, with no request (client.ts).
   */
  raw?: unknown;
  names?: number;
  /** The body's unread marks, which JSON drops: put back when the entry is read from the store. */
  marks?: KeptMarks;
}

/** What the store holds: the answer and when it was stored, to tell fresh from stale. */
interface Stored {
  entry: CacheEntry;
  stored_at: number;
}

export interface CacheLookup {
  entry: CacheEntry;
  cached: boolean;
  /** Set when the entry is past its TTL and served only because the upstream is failing. */
  stale?: { age_s: number };
  /** Set when the answer came from an identical request already in flight: none was sent for this one. */
  shared?: boolean;
}

export type CacheTtls = Record<CacheKind, number>;

export const DEFAULT_TTLS_MS: CacheTtls = {
  reference: 24 * 3600_000,
  computed: 6 * 3600_000,
  account: 5 * 60_000,
};

/** The default byte budget of the in-memory cache: room for many ordinary answers, a bound for huge ones. */
export const DEFAULT_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface Flight {
  promise: Promise<CacheEntry>;
  controller: AbortController;
  waiters: number;
}

export interface ResponseCacheOptions {
  store?: Keyv;
  ttlMs?: Partial<CacheTtls>;
  /**
   * Most answers kept: by the default in-memory store, and parsed beside any store (at most 64). 0, here
   * or in `maxBytes`, keeps nothing in any store: every call asks the upstream.
   */
  maxEntries?: number;
  /** Most bytes: of the default in-memory store, and of answers kept parsed (at most 4 MiB). */
  maxBytes?: number;
  /** How long past its TTL an entry is kept to answer while the upstream fails; 0 = not at all. */
  staleMaxAgeMs?: number;
  /** Told of each lookup: whether the answer came from the cache (for /metrics). */
  onLookup?: (hit: boolean) => void;
  now?: () => number;
}

/**
 * Response cache with single-flight: identical concurrent requests share one upstream request.
 * Only successful answers are stored (a fetcher that throws stores nothing). The shared request
 * is cancelled only when every caller waiting on it has cancelled. Entries are kept `staleMaxAgeMs`
 * past their TTL (freshness is judged from when they were stored): when the upstream then fails with a 5xx,
 * a network error or a timeout, the old answer is served, marked stale, instead of the error.
 */
/**
 * Keyv options for the cache store: native JSON instead of Keyv's default (a JSON.parse reviver over
 * every value, and a recursive serializer): a hit still gets its own copy, 3-4x faster per entry.
 */
export const NATIVE_JSON = { serialize: JSON.stringify, deserialize: JSON.parse } as const;

/**
 * The in-memory store of cached answers: bounded by bytes too (entries alone let a few huge answers take
 * hundreds of MB), each answer kept as UTF-8 off the heap, with native JSON.
 */
export function memoryCacheStore(
  maxEntries: number,
  maxBytes = DEFAULT_CACHE_MAX_BYTES,
  namespace: string,
): Keyv {
  return new Keyv({ store: new Utf8BoundedMap(maxEntries, { maxBytes }), namespace, ...NATIVE_JSON });
}

export class ResponseCache {
  private readonly store: Keyv;
  private readonly ttls: CacheTtls;
  private readonly flights = new Map<string, Flight>();
  /** Answers fetched whose write to the store is not done yet. */
  private readonly writing = new Map<string, Stored>();
  private readonly writes = new Set<Promise<unknown>>();
  /** The latest answers, parsed and frozen: a hit on them reads nothing from the store. */
  private readonly hot: HotEntries<Stored>;
  private readonly staleMaxAgeMs: number;
  private readonly now: () => number;
  private readonly onLookup: ((hit: boolean) => void) | undefined;

  constructor(options: ResponseCacheOptions = {}) {
    // Stores given by the caller (src/store/open.ts) use NATIVE_JSON too (see README, Performance).
    this.store = options.store ?? memoryCacheStore(options.maxEntries ?? 5000, options.maxBytes, 'fsm');
    // A zero bound means nothing is kept whatever the store: the memory store kept nothing, while the
    // file store read 0 as "no bound" and grew without one.
    const keepsNothing = options.maxEntries === 0 || options.maxBytes === 0;
    this.ttls = keepsNothing
      ? { reference: 0, computed: 0, account: 0 }
      : { ...DEFAULT_TTLS_MS, ...options.ttlMs };
    this.settingBounds = {
      maxEntries: options.maxEntries ?? Number.POSITIVE_INFINITY,
      maxBytes: options.maxBytes ?? Number.POSITIVE_INFINITY,
    };
    this.hot = new HotEntries({
      maxEntries: Math.min(DEFAULT_HOT_ENTRIES.maxEntries, this.settingBounds.maxEntries),
      maxBytes: Math.min(DEFAULT_HOT_ENTRIES.maxBytes, this.settingBounds.maxBytes),
    });
    this.staleMaxAgeMs = options.staleMaxAgeMs ?? 0;
    this.now = options.now ?? Date.now;
    this.onLookup = options.onLookup;
  }

  async getOrFetch(
    key: string,
    kind: CacheKind,
    fetcher: (signal: AbortSignal) => Promise<CacheEntry>,
    options: { signal?: AbortSignal; fresh?: boolean; onlyCached?: boolean } = {},
  ): Promise<CacheLookup> {
    const ttl = this.ttls[kind];
    // A call that takes nothing cached (`fresh`, or a run's max age of 0: a forced refresh) asks the
    // upstream without reading the store first; the entry is read only if the upstream fails, to stand
    // in as stale. Read first, it was a whole page parsed (a file read, a Redis round trip) for nothing.
    const readFirst = ttl > 0 && !options.fresh && accepted(ttl) > 0;
    const hit = readFirst ? await this.lookup(key, ttl) : undefined;
    const fresh = hit !== undefined && this.now() - hit.stored_at < accepted(ttl);
    if (ttl > 0) this.onLookup?.(fresh);
    if (hit && fresh) {
      noteFreshUntil(hit.stored_at + accepted(ttl));
      return { entry: hit.entry, cached: true };
    }
    // Not a request of its own: one joined by other callers would fail them too.
    if (options.onlyCached) throw new NotCachedError();
    try {
      const { entry, shared } = await this.join(key, ttl, fetcher, options.signal);
      return { entry, cached: false, ...(shared ? { shared } : {}) };
    } catch (error) {
      if (!isOutage(error) || ttl <= 0) throw error;
      // A store that fails now too leaves the upstream's failure to be told, not its own.
      const stale = readFirst ? hit : await this.lookup(key, ttl).catch(() => undefined);
      const ageMs = stale ? this.now() - stale.stored_at : Number.NaN;
      if (stale && ageMs < ttl + this.staleMaxAgeMs) {
        return { entry: stale.entry, cached: true, stale: { age_s: Math.max(0, Math.round(ageMs / 1000)) } };
      }
      throw error;
    }
  }

  /** The entry under `key` while fresh (and as young as the run accepts), without fetching. */
  async peek(key: string, kind: CacheKind): Promise<CacheEntry | undefined> {
    const ttl = this.ttls[kind];
    // Nothing cached is taken (a run's max age of 0): no entry to read, whatever the store holds.
    const hit = ttl > 0 && accepted(ttl) > 0 ? await this.lookup(key, ttl) : undefined;
    if (!hit || this.now() - hit.stored_at >= accepted(ttl)) return undefined;
    noteFreshUntil(hit.stored_at + accepted(ttl));
    return hit.entry;
  }

  /** Resolves once every answer fetched so far is in the store (writes run after the answer is given). */
  async settled(): Promise<void> {
    while (this.writes.size > 0) await Promise.all(this.writes.values());
  }

  /**
   * The answer still being written under `key`, or kept parsed while fresh, else what the store holds
   * (another process sharing the store may have a fresher one); the older is kept to serve stale.
   */
  private async lookup(key: string, ttl: number): Promise<Stored | undefined> {
    const known = this.writing.get(key) ?? this.hot.get(key);
    if (known && this.now() - known.stored_at < ttl) return known;
    const stored = (await this.store.get(key)) as Stored | undefined;
    if (!stored || (known && known.stored_at >= stored.stored_at)) return known ?? stored;
    if (stored.entry.marks) restoreMarks(stored.entry.body, stored.entry.marks);
    // Another process sharing the store wrote a newer answer: what this one answers changes.
    noteChange();
    this.hot.keep(key, stored);
    return stored;
  }

  /**
   * Stores a fetched answer without holding up the callers: they get it at once, and until the write
   * is done the answer is served from `writing`. The write starts on the next turn of the event loop,
   * once the answer has gone out: waiting for the file store's write (a temporary file, then a
   * rename) added ~1.5 ms to every miss, and even unawaited, starting it (the serialization, the
   * thread pool woken) slowed the answer on a busy machine. A failed write is a later miss.
   */
  private storeBehind(key: string, stored: Stored, ttl: number): void {
    noteChange();
    this.writing.set(key, stored);
    let bytes = 0;
    let kept = stored;
    const write = nextTurn()
      .then(() => {
        // Once the answer is out: its unread marks listed for the store (a walk of the whole page, as
        // is the freeze); the body's own objects keep them too, for the entry served from memory.
        const marks = marksWithin(stored.entry.body);
        if (marks.length > 0) kept = { ...stored, entry: { ...stored.entry, marks } };
        bytes = freezeAndMeasure(kept);
        return this.store.set(key, kept, ttl + this.staleMaxAgeMs);
      })
      .then((written) => {
        if (written !== false && this.writing.get(key) === stored) this.hot.keep(key, kept, bytes);
      })
      .catch(() => false)
      .finally(() => {
        noteChange();
        if (this.writing.get(key) === stored) this.writing.delete(key);
        this.writes.delete(write);
      });
    this.writes.add(write);
  }

  /**
   * Stores an entry derived from another answer (e.g. one item of a batch), behind the answer as a
   * fetched one is: served from memory until written, a failed write a later miss.
   */
  put(key: string, kind: CacheKind, entry: CacheEntry): void {
    const ttl = this.ttls[kind];
    this.hot.delete(key);
    if (ttl > 0) this.storeBehind(key, { entry, stored_at: this.now() }, ttl);
  }

  async clear(): Promise<void> {
    noteChange();
    await this.settled();
    this.writing.clear();
    this.hot.clear();
    await this.store.clear();
    noteChange();
  }

  /** Answers given again without a lookup (src/mcp/answer-memo.ts): counted as the hits they stand for. */
  countHits(hits: number): void {
    for (let i = 0; i < hits; i += 1) this.onLookup?.(true);
  }

  /**
   * What the settings allow the cache to hold (--cache-max-entries, --cache-max-bytes): what is kept in
   * memory beside it (hot entries, answers kept for replay) holds no more.
   */
  readonly settingBounds: { maxEntries: number; maxBytes: number };

  /** The time by this cache's clock, which says when an entry stops being fresh. */
  time(): number {
    return this.now();
  }

  private join(
    key: string,
    ttl: number,
    fetcher: (signal: AbortSignal) => Promise<CacheEntry>,
    signal: AbortSignal | undefined,
  ): Promise<{ entry: CacheEntry; shared: boolean }> {
    if (signal?.aborted) return Promise.reject(new AbortedError());
    let flight = this.flights.get(key);
    // A flight every waiter cancelled is winding down: a newcomer must not inherit its abort.
    const shared = flight !== undefined && !flight.controller.signal.aborted;
    if (!flight || flight.controller.signal.aborted) {
      const controller = new AbortController();
      const promise = fetcher(controller.signal).then((entry) => {
        if (ttl > 0) this.storeBehind(key, { entry, stored_at: this.now() }, ttl);
        return entry;
      });
      const created: Flight = { promise, controller, waiters: 0 };
      const forget = () => {
        if (this.flights.get(key) === created) this.flights.delete(key);
      };
      promise.then(forget, forget);
      this.flights.set(key, created);
      flight = created;
    }
    return this.wait(flight, signal).then((entry) => ({ entry, shared }));
  }

  private wait(flight: Flight, signal: AbortSignal | undefined): Promise<CacheEntry> {
    flight.waiters += 1;
    if (!signal) return flight.promise;
    return new Promise<CacheEntry>((resolve, reject) => {
      const onAbort = () => {
        flight.waiters -= 1;
        if (flight.waiters === 0) flight.controller.abort();
        reject(new AbortedError());
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(
        (entry) => {
          signal.removeEventListener('abort', onAbort);
          resolve(entry);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error);
        },
      );
    });
  }
}

/**
 * The age under which an entry is served: its TTL, or less when the current run asks for younger
 * answers (max-age.ts). An entry older than that but within its TTL still stands in for an outage, as stale.
 */
function accepted(ttl: number): number {
  const limit = maxAgeMs();
  return limit === undefined ? ttl : Math.min(ttl, limit);
}

/** Resolves on the next turn of the event loop, after the I/O callbacks and microtasks of this one. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The failures a stale answer may stand in for: the upstream is down, not the request wrong. */
function isOutage(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.kind === 'server' || error.kind === 'network' || error.kind === 'timeout')
  );
}
