import { maxHeaderSize } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { canonicalJson, keyTag, sha256 } from '../lib/canonical.js';
import { SecretMask } from '../log.js';
import { ACCEPT_ENCODING, readBody } from './body.js';
import { type CacheEntry, ResponseCache } from './cache.js';
import { noteChange } from './change-count.js';
import { deadline } from './deadline.js';
import { EndpointBase } from './endpoint-methods.js';
import {
  AbortedError,
  ApiError,
  BadResponseError,
  errorForStatus,
  FailedAnswerError,
  NetworkError,
  NotCachedError,
  NotFoundError,
  NotReadyError,
  TimeoutError,
  TooLargeError,
  UnauthorizedError,
  UpstreamServerError,
} from './errors.js';
import { DEFAULT_MAX_PAGES, ownPath, type PageSignals, pageSignals } from './pagination.js';
import { buildPath } from './path.js';
import { DEFAULT_UPSTREAM_CONNECTIONS, lazyPool, type Requester } from './pool.js';
import { type Quota, QuotaTracker } from './quota.js';
import { type Aliases, type AliasTable, aliasSet } from './reader/aliases.js';
import { apiWords, pendingMarker, refusalWords, wordsNote } from './reader/api-words.js';
import { keepLongIntegers } from './reader/exact-ids.js';
import { type ReadReport, readAnswer, readNotes, tryReadAnswer } from './reader/index.js';
import { type FieldLearner, learnedNote, learnedTable, mayLearnFrom } from './reader/learning.js';
import { fieldName } from './reader/names.js';
import { publishReadNotes } from './reader/notes-sink.js';
import {
  DEFAULT_MAX_REDIRECTS,
  isRedirect,
  MAX_REDIRECTS_SETTING,
  redirectStep,
  SlashMemory,
} from './redirects.js';
import { countFromCache, countMissed, countRetry, countSent, sendsRefused } from './request-tally.js';
import {
  type Answer,
  DEFAULT_RETRY_POLICY,
  isDailyLimit,
  isGatewayFailure,
  type RetryPolicy,
  retryAfterMs,
  retryDelayMs,
} from './retry-policy.js';
import { ROUTES, type RouteName, type RouteParams, type RouteTable } from './routes.js';
import { RowsSeen } from './rows-seen.js';
import { type Admitted, admit, type UpstreamHeaders } from './upstream-text.js';

/**
 * Cached answers kept read again with the names learned since (each a parsed body): a bound on memory; past
 * it the least used is read again on its next hit, as every hit was before.
 */
const READ_AGAIN_KEPT = 100;

/** Refusals whose words tell the caller what to change: which argument, which league, which id. */
const SAYS_WHY = new Set([400, 403, 404, 422]);

export type QueryValue = string | number | boolean | undefined | null | readonly string[];

export interface CallOptions<N extends RouteName> {
  params?: RouteParams<N>;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the cache read (the answer still refreshes the cache). */
  fresh?: boolean;
  /** Send even while the local quota says 0: the one way to learn of a reset or a new plan early. */
  probe?: boolean;
  /**
   * A next-page address the API gave (absolute): asked instead of the route's path and query, with the
   * route's method and `body`. Refused (a BadResponseError) unless it is on this upstream (see ownPath).
   */
  link?: string;
  /**
   * Answer from a fresh cache entry only: a miss is a NotCachedError and nothing is sent or counted.
   * For a look at whether another question's answer already holds what this call needs (rows-seen.ts).
   */
  cachedOnly?: boolean;
  /**
   * The parameter this request asks a page under, where only the page before told of it (a page echoed
   * under a name we do not know): the answer's echo of the number sent under it is its page.
   */
  pageParam?: string;
}

export interface Source {
  cached: boolean;
  fetched_at: string;
  /** Past its TTL, served because the upstream is failing. */
  stale?: boolean;
  age_s?: number;
  /** A mixed answer (some parts asked upstream, some from the cache): how many of each. */
  sent?: number;
  from_cache?: number;
}

export interface ApiResult<T> {
  data: T;
  quota: Quota;
  source: Source;
  /** What reading the answer found: aliases, rows left out, fields missing (see reader/report.ts). */
  read?: ReadReport;
  /** What the answer says of further pages (see pagination.ts); absent when it says nothing. */
  paging?: PageSignals;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Undefined = no key configured: every call is refused locally with a clear 401. */
  apiKey: string | undefined;
  /**
   * Other keys an answer must not pass on (the server's, for a caller's client). The client's own key
   * is always masked: every answer is cleaned of them as it arrives, before anything reads it.
   */
  alsoMask?: readonly string[];
  /** The deployment's secret keying the key's tag (see canonical.ts keyTag); unsalted without it. */
  keySecret?: string;
  timeoutMs?: number;
  retries?: number;
  retryBaseMs?: number;
  /** The longest Retry-After the client will wait out; a longer one ends the retries. */
  maxRetryAfterMs?: number;
  /** Retry only answers the daily quota did not count (see RetryPolicy.uncountedOnly). */
  retryUncountedOnly?: boolean;
  /** The most bytes of one upstream body read; a longer answer is a TooLargeError (default 16 MiB). */
  maxBodyBytes?: number;
  /** An undici Pool, Agent or MockAgent; by default a Pool created on the first request. */
  dispatcher?: Requester;
  cache?: ResponseCache;
  quota?: QuotaTracker;
  userAgent?: string;
  /** The route table; ROUTES unless a routes file remaps some. */
  routes?: RouteTable;
  /** Field aliases beyond the defaults (a routes file's "fields"): this client reads with them. */
  aliases?: AliasTable;
  /** Finds fields by their values in the answers read (src/facts); none: the client learns nothing. */
  learner?: FieldLearner;
  /** Called once per upstream attempt, after the answer; for logs and metrics. */
  onUpstream?: (event: UpstreamEvent) => void;
  /** Called once per tool answer given again without its run (src/mcp/answer-memo.ts); for metrics. */
  onReplay?: (tool: string) => void;
  /** The most pages one list read follows (list-pages.ts); default DEFAULT_MAX_PAGES. */
  maxPages?: number;
  /** The most redirects one request follows on this upstream (redirects.ts); default DEFAULT_MAX_REDIRECTS. */
  maxRedirects?: number;
}

export interface UpstreamEvent {
  route: RouteName;
  method: string;
  status: number | 'network' | 'timeout' | 'aborted';
  attempt: number;
  ms: number;
}

/** The default cap on one upstream body: far above any answer seen, far below what harms the process. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/**
 * The Football Data API v1 client: one instance per API key. Knows nothing about MCP. Callers use its
 * typed methods, one per route (`api.rankings({ role, season })`, endpoints.ts); `call` asks any route.
 */
export class ApiClient extends EndpointBase {
  readonly quota: QuotaTracker;
  /** The upstream's address (origin and base path), naming it for what is learned about it. */
  readonly upstream: string;
  /** The most pages one list read follows. */
  readonly maxPages: number;
  /** The largest page size this upstream accepted on a route after refusing a larger one. */
  readonly pageCaps = new Map<RouteName, number>();
  /** Where each linked player row was last read in a list answer (rows-seen.ts). */
  private readonly rowsSeen = new RowsSeen();

  private readonly origin: string;
  private readonly basePath: string;
  private readonly dispatcher: Requester;
  private readonly ownsDispatcher: boolean;
  private readonly cache: ResponseCache;
  private readonly tag: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly maxBodyBytes: number;
  private readonly routes: RouteTable;
  private readonly maxRedirects: number;
  /** What this client learned of an upstream that redirects paths to their slash form. */
  private readonly slashes = new SlashMemory();
  /** Keys masked in every upstream answer, wherever the upstream put them (bodies, error params, messages). */
  private readonly secrets: SecretMask;
  /** The routes file's aliases and those learned (reader/learning.ts): the alias set is rebuilt when one is learned. */
  private readonly given: AliasTable;
  /** The routes file's names (folded): its word wins, they are never learned as another field. */
  private readonly reserved: ReadonlySet<string>;
  private learnedCount = 0;
  private aliasesNow: Aliases;
  /**
   * Cached answers read again with names learned since, by cache key and the time the answer was fetched:
   * a hit from a shared store gives a new object each time, and is read again once, not on every hit.
   */
  private readonly readAgain = new LRUCache<string, CacheEntry>({ max: READ_AGAIN_KEPT });

  constructor(private readonly options: ApiClientOptions) {
    super();
    const url = new URL(options.baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.upstream = this.origin + this.basePath;
    this.ownsDispatcher = !options.dispatcher;
    this.dispatcher =
      options.dispatcher ??
      lazyPool(this.origin, {
        connections: DEFAULT_UPSTREAM_CONNECTIONS,
        keepAliveTimeout: 30_000,
        pipelining: 1,
      });
    this.cache = options.cache ?? new ResponseCache();
    this.quota = options.quota ?? new QuotaTracker();
    this.tag = options.apiKey ? keyTag(options.apiKey, options.keySecret) : 'nokey';
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.retry = {
      retries: options.retries ?? DEFAULT_RETRY_POLICY.retries,
      retryBaseMs: options.retryBaseMs ?? DEFAULT_RETRY_POLICY.retryBaseMs,
      maxRetryAfterMs: options.maxRetryAfterMs ?? DEFAULT_RETRY_POLICY.maxRetryAfterMs,
      ...(options.retryUncountedOnly ? { uncountedOnly: true } : {}),
    };
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.routes = options.routes ?? ROUTES;
    this.secrets = new SecretMask([options.apiKey, ...(options.alsoMask ?? [])]);
    this.maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
    this.maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    this.given = options.aliases ?? {};
    this.reserved = new Set(Object.values(this.given).flat().map(fieldName));
    this.aliasesNow = aliasSet(this.given);
  }

  /** The person (service_id) an answer this upstream gave tied a row id to: a history, a row with both ids. */
  personOf(rowId: string): string | undefined {
    return this.options.learner?.personOf?.(rowId);
  }

  /** The current key of a former role key, as the enums answer read said (no request of its own). */
  currentRole(key: string): string | undefined {
    return this.options.learner?.currentRole?.(key);
  }

  /** The field aliases this client reads with: the defaults, its routes file's "fields", then names learned. */
  get aliases(): Aliases {
    const learned = this.options.learner?.learned ?? [];
    if (learned.length !== this.learnedCount) {
      this.learnedCount = learned.length;
      // The routes file's names first: a name it gives one field is never learned as another's.
      const table: Record<string, readonly string[]> = { ...learnedTable(learned) };
      for (const [field, names] of Object.entries(this.given))
        table[field] = [...new Set([...names, ...(table[field] ?? [])])];
      this.aliasesNow = aliasSet(table);
    }
    return this.aliasesNow;
  }

  /**
   * Reads `raw` (readLearning) and keeps what the answer said beside its data (`said`, api-words.ts) in
   * the report, where the cache keeps it for every later reading of the same answer.
   */
  private readSaying<S extends z.ZodType>(
    route: RouteName,
    schema: S,
    raw: unknown,
    label: string,
    said: readonly string[] = apiWords(raw).words,
  ) {
    if (said.length === 0) return this.readLearning(route, schema, raw, label);
    let read: ReturnType<typeof this.readLearning<S>>;
    try {
      read = this.readLearning(route, schema, raw, label);
    } catch (error) {
      // An answer none of whose rows could be read still said what it said (fresh only: it is not cached).
      publishReadNotes([wordsNote(said)]);
      throw error;
    }
    return { ...read, report: { ...read.report, said: [...said] } };
  }

  /**
   * Reads `raw`; when the learner finds fields the reading left empty under names nothing read, reads it
   * again with them (no request) and says once what it learned.
   */
  private readLearning<S extends z.ZodType>(route: RouteName, schema: S, raw: unknown, label: string) {
    const learner = this.options.learner;
    const first = tryReadAnswer(schema, raw, label, this.aliases, learner?.couldBe);
    if (!learner) {
      if (first.failed) throw first.failed.error;
      return first;
    }
    // A reading that failed for want of a field (every row lacks it) is shown to the learner too: the
    // field may be under a name nothing read, and its values tell which.
    const report = first.failed ? first.failed.report : first.report;
    const found = learner.learn(route, raw, first.failed ? undefined : first.value, report, this.reserved);
    if (found.length === 0) {
      if (first.failed) throw first.failed.error;
      return first;
    }
    publishReadNotes(found.map(learnedNote));
    return readAnswer(schema, raw, label, this.aliases, learner.couldBe);
  }

  /**
   * A cached answer as the names learned now read it. An answer read before a name was learned kept its
   * raw body (only when its reading left a field empty beside names nothing read): it is read again
   * from that, once per name learned, with no request. Cheaper than keying the cache on the names
   * learned, which would ask the upstream again for every answer cached, spending the daily quota.
   */
  private withNamesLearned(
    route: RouteName,
    schema: z.ZodType,
    key: string,
    entry: CacheEntry,
    label: string,
  ): CacheEntry {
    const names = this.options.learner?.learned.length;
    if (entry.raw === undefined || names === undefined || entry.names === names) return entry;
    const memo = `${key}\n${entry.fetched_at}`;
    const known = this.readAgain.get(memo);
    if (known?.names === names) return known;
    const { value, report } = this.readSaying(route, schema, entry.raw, label);
    // Counted after the reading: one that learned more is not read again for it.
    const again: CacheEntry = {
      ...entry,
      body: value,
      read: report,
      names: this.options.learner?.learned.length ?? names,
    };
    this.readAgain.set(memo, again);
    return again;
  }

  /**
   * The row `playerId` as a list answer still fresh in the cache holds it (a ranking, a scouting page,
   * a search of the current season; rows-seen.ts), and when that answer was fetched; nothing is sent.
   */
  async cachedRow(
    playerId: string,
    signal?: AbortSignal,
  ): Promise<{ row: Record<string, unknown>; route: RouteName; fetched_at: string } | undefined> {
    const at = this.rowsSeen.where(playerId);
    if (!at) return undefined;
    try {
      const { data, source } = await this.call(at.route, at.schema, {
        ...at.options,
        cachedOnly: true,
        ...(signal ? { signal } : {}),
      });
      const rows = (data as { data?: unknown }).data;
      const row = Array.isArray(rows)
        ? (rows as Record<string, unknown>[]).find((r) => r?.player_id === playerId)
        : undefined;
      return row ? { row, route: at.route, fetched_at: source.fetched_at } : undefined;
    } catch (error) {
      if (error instanceof NotCachedError) return undefined;
      throw error;
    }
  }

  /** Whether `href` (a next-page address) is on this upstream, under its base path: safe to follow. */
  ownsLink(href: string): boolean {
    return ownPath(href, this.origin, this.basePath) !== undefined;
  }

  /** Calls one route of ROUTES, answering from the cache when it can, and parses with `schema`. */
  async call<N extends RouteName, S extends z.ZodType>(
    route: N,
    schema: S,
    options: CallOptions<N> = {},
  ): Promise<ApiResult<z.infer<S>>> {
    const def = this.routes[route];
    let path = this.basePath + buildPath(def.path, options.params as Record<string, string> | undefined);
    let search = toSearch({ ...def.query, ...options.query });
    if (options.link !== undefined) {
      const own = ownPath(options.link, this.origin, this.basePath);
      if (own === undefined) throw new BadResponseError('a next-page link leads off this API', def.path);
      const at = own.indexOf('?');
      [path, search] = at < 0 ? [own, ''] : [own.slice(0, at), own.slice(at + 1)];
    }
    const body = def.method === 'POST' ? canonicalJson(options.body ?? {}) : undefined;
    const key = sha256(`${this.tag}\n${def.method} ${path}?${search}\n${body ?? ''}`);
    const fetcher = async (signal: AbortSignal): Promise<CacheEntry> => {
      const answer = await this.send(route, path + (search ? `?${search}` : ''), body, signal, options.probe);
      const raw = answer.json;
      const { failed, words } = apiWords(raw);
      if (failed) throw new FailedAnswerError(failed.marker, failed.words, `${def.method} ${def.path}`);
      const { value, report } = this.readSaying(route, schema, raw, `${def.method} ${def.path}`, words);
      this.rowsSeen.note({ route, schema, options: options as CallOptions<RouteName> }, value);
      const url = `${this.origin}${path}${search ? `?${search}` : ''}`;
      const sentBody = def.method === 'POST' ? options.body : undefined;
      const paging = pageSignals(raw, url, answer.headers, sentBody, options.pageParam);
      const fetched = fetchedByRoute(this.cache);
      fetched.set(route, (fetched.get(route) ?? 0) + 1);
      return {
        body: value,
        fetched_at: new Date().toISOString(),
        read: report,
        ...(paging ? { paging } : {}),
        ...(this.options.learner?.learns !== false && this.options.learner && mayLearnFrom(report)
          ? { raw, names: this.options.learner.learned.length }
          : {}),
      };
    };
    // A look at the cache (request-tally.ts, cacheOnly) sends nothing: what it misses is counted.
    const onlyCached = sendsRefused() || options.cachedOnly === true;
    const lookup = this.cache.getOrFetch(key, def.cache, fetcher, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.fresh ? { fresh: true } : {}),
      ...(onlyCached ? { onlyCached } : {}),
    });
    const found = await (onlyCached
      ? lookup.catch((error: unknown) => {
          if (error instanceof NotCachedError && !options.cachedOnly) countMissed();
          throw error;
        })
      : lookup);
    const { cached, stale, shared } = found;
    const entry = cached
      ? this.withNamesLearned(route, schema, key, found.entry, `${def.method} ${def.path}`)
      : found.entry;
    // The requests sent for it were counted as they went (attempt); a stale answer counts both.
    if (cached || shared) countFromCache();
    if (entry.read) publishReadNotes(readNotes(entry.read), entry.read);
    return {
      data: entry.body as z.infer<S>,
      quota: await this.quota.reported(),
      source: {
        cached,
        fetched_at: entry.fetched_at,
        ...(stale ? { stale: true, age_s: stale.age_s } : {}),
      },
      ...(entry.read ? { read: entry.read } : {}),
      ...(entry.paging ? { paging: entry.paging } : {}),
    };
  }

  /**
   * A batch route answered item by item: each item's row is also cached under its own key, so a batch
   * asks the upstream only for the items no earlier batch answered, and nothing when all are known.
   * `split` gives the row of each item asked, in order, or undefined when the answer cannot be split
   * (then the whole batch is asked as usual and `rows` gives its rows). A split may leave an item without
   * a row (undefined at its place): that item is not cached, and comes back undefined.
   */
  async callItems<N extends RouteName, S extends z.ZodType, I, R>(
    route: N,
    schema: S,
    options: {
      items: readonly I[];
      body: (items: readonly I[]) => unknown;
      split: (data: z.infer<S>, items: readonly I[]) => R[] | undefined;
      rows: (data: z.infer<S>) => R[];
      signal?: AbortSignal;
    },
  ): Promise<ApiResult<R[]>> {
    const { items, body, split, signal } = options;
    const kind = this.routes[route].cache;
    const keys = items.map((item) => sha256(`${this.tag}\nitem ${route}\n${canonicalJson(body([item]))}`));
    const known = await Promise.all(keys.map((key) => this.cache.peek(key, kind)));
    const missing = items.flatMap((_, i) => (known[i] ? [] : [i]));
    if (missing.length === 0) countFromCache();
    else {
      const asked = missing.map((i) => items[i] as I);
      const ask = (fresh: boolean) =>
        this.call(route, schema, {
          body: body(asked),
          ...(fresh ? { fresh } : {}),
          ...(signal ? { signal } : {}),
        });
      let result = await ask(false);
      let rows = split(result.data, asked);
      // The batch's own cached answer had no row for an item: asked again, not told again there is none
      // (the items it did answer are cached one by one, so this asks only for the missing).
      if (result.source.cached && rows?.some((row) => row === undefined)) {
        result = await ask(true);
        rows = split(result.data, asked);
      }
      if (rows?.length !== asked.length) {
        const all = await this.call(route, schema, { body: body(items), ...(signal ? { signal } : {}) });
        return { ...all, data: options.rows(all.data) };
      }
      missing.forEach((i, n) => {
        const row = rows[n];
        if (row === undefined) return;
        const entry = { body: row, fetched_at: result.source.fetched_at };
        known[i] = entry;
        this.cache.put(keys[i] as string, kind, entry);
      });
    }
    return {
      data: known.map((e) => e?.body as R),
      quota: await this.quota.reported(),
      source: {
        cached: missing.length === 0,
        fetched_at: known.flatMap((e) => (e ? [e.fetched_at] : [])).sort()[0] ?? new Date().toISOString(),
      },
    };
  }

  /**
   * An answer of `tool` given again (src/mcp/answer-memo.ts), standing for `hits` cached answers read
   * (0 when its run read them all the same, as under the replay check).
   */
  countReplayed(tool: string, hits: number): void {
    this.cache.countHits(hits);
    this.options.onReplay?.(tool);
  }

  /** How many answers of `route` the clients sharing this one's cache have fetched (and so cached) so far. */
  fetchedOf(route: RouteName): number {
    return fetchedByRoute(this.cache).get(route) ?? 0;
  }

  /** The cache this client answers from (its clients share it) and what its settings let it hold. */
  cacheBounds(): { cache: object; maxEntries: number; maxBytes: number } {
    return { cache: this.cache, ...this.cache.settingBounds };
  }

  /** The time by the cache's clock, which says when a cached answer stops being fresh. */
  cacheTime(): number {
    return this.cache.time();
  }

  /** Resolves once the answers and quota states seen so far are in the store (written behind the answers). */
  async settled(): Promise<void> {
    await this.cache.settled();
    await this.quota.settled();
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** One logical request: the quota check, then retries as retry-policy.ts decides (5xx, burst 429s, network). */
  private async send(
    route: RouteName,
    path: string,
    body: string | undefined,
    signal: AbortSignal,
    probe = false,
  ) {
    if (!this.options.apiKey) throw new UnauthorizedError('missing');
    if (sendsRefused()) throw new NotCachedError();
    await this.quota.beforeRequest();
    for (let attempt = 0; ; attempt++) {
      if (!probe) this.quota.assertAvailable();
      let delayMs: number;
      try {
        return await this.attempt(route, path, body, signal, attempt);
      } catch (error) {
        if (!(error instanceof RetryableError)) throw error;
        delayMs = error.delayMs;
        countRetry({ route, after: retryReason(error.inner) });
      }
      try {
        await sleep(delayMs, undefined, { signal });
      } catch {
        throw new AbortedError();
      }
    }
  }

  private async attempt(
    route: RouteName,
    path: string,
    body: string | undefined,
    signal: AbortSignal,
    attempt: number,
  ): Promise<{ json: unknown; headers: UpstreamHeaders }> {
    const method = this.routes[route].method;
    // Loading undici on the first request must not eat into that request's timeout.
    await this.dispatcher.ready?.();
    const limit = deadline(signal, this.timeoutMs);
    const started = performance.now();
    noteChange();
    const report = (status: UpstreamEvent['status']) => {
      noteChange();
      // Every request that may have reached the upstream may count against its quota (request-tally.ts).
      if (status !== 'aborted') countSent();
      this.options.onUpstream?.({ route, method, status, attempt, ms: performance.now() - started });
    };
    let response: Admitted | undefined;
    let read: Awaited<ReturnType<typeof readBody>>;
    try {
      response = await this.follow(
        path,
        method,
        body,
        limit.signal,
        report,
        `${method} ${this.routes[route].path}`,
      );
      read = await readBody(response, this.maxBodyBytes);
    } catch (error) {
      if (error instanceof TooLargeError && response) {
        // The answer came (and counted against the quota); only its body is refused.
        this.quota.observe(response.statusCode, response.headers);
        report(response.statusCode);
        throw error;
      }
      // Refused by the dispatcher itself, already typed (a key's queue is full): no attempt was made.
      if (error instanceof ApiError) throw error;
      if (signal.aborted) {
        report('aborted');
        throw new AbortedError();
      }
      if (limit.timedOut()) {
        report('timeout');
        throw this.retryable(new TimeoutError(this.timeoutMs), 'network', attempt);
      }
      report('network');
      // An answer came, with more header bytes than the parser takes: named, and not asked again.
      if ((error as { code?: unknown })?.code === 'UND_ERR_HEADERS_OVERFLOW')
        throw new BadResponseError(
          `its headers run past ${maxHeaderSize} bytes (a header flood), more than this client reads`,
        );
      throw this.retryable(new NetworkError(error), 'network', attempt);
    } finally {
      limit.done();
    }
    const { statusCode: status, headers } = response;
    this.quota.observe(status, headers);
    report(status);
    const text = read.text;
    const parsed = text === undefined ? undefined : parseJson(text);
    const json = text !== undefined && this.secrets.mayHide(text) ? this.secrets.json(parsed) : parsed;
    if (status >= 200 && status < 300) {
      // Taken, not finished (a 202, or a status word and no data): asked again as a 503 is, never read.
      const pending = status === 202 ? undefined : pendingMarker(json);
      if (status === 202 || pending !== undefined) {
        const quota = this.quota.current();
        const notReady = new NotReadyError(status, pending, attempt + 1);
        throw this.retryable(notReady, { status: 202, headers, quota }, attempt);
      }
      if (json === undefined) throw notJson(read);
      return { json, headers };
    }
    const quota = this.quota.current();
    const waitMs = retryAfterMs(headers);
    const def = this.routes[route];
    const error = isGatewayFailure(status, json !== undefined)
      ? new UpstreamServerError(status, { gateway: true })
      : status === 404 && def.status === 'assumed'
        ? new NotFoundError(`${def.method} ${def.path}`)
        : errorForStatus(status, json, quota.reset, {
            daily: isDailyLimit(quota),
            ...(waitMs !== undefined ? { retryAfterS: Math.ceil(waitMs / 1000) } : {}),
          });
    if (SAYS_WHY.has(status)) error.said = refusalWords(json);
    throw this.retryable(error, { status, headers, quota }, attempt);
  }

  /**
   * One request and the redirects it meets on this upstream (redirects.ts): the last answer. Each hop
   * is a request sent, reported (counted) as it is answered; a redirect not followed is an error.
   */
  private async follow(
    asked: string,
    method: string,
    body: string | undefined,
    signal: AbortSignal,
    report: (status: number) => void,
    label: string,
  ): Promise<Admitted> {
    let { path, guessed } = this.slashes.route(asked);
    for (let hop = 0; ; hop++) {
      // Through the one door: nothing below reads a header the mask has not seen (upstream-text.ts).
      const response = admit(
        await this.dispatcher.request({
          origin: this.origin,
          path,
          method,
          headers: this.headers(body !== undefined),
          ...(body !== undefined ? { body } : {}),
          signal,
        }),
        this.secrets,
      );
      const status = response.statusCode;
      const retry404 = guessed && status === 404;
      if (!isRedirect(status) && !retry404) return response;
      await response.body.dump().catch(() => undefined);
      this.quota.observe(status, response.headers);
      report(status);
      if (retry404) {
        // The slash the rule added may be what is not found: asked again as the caller asked.
        this.slashes.forget();
        [path, guessed] = [asked, false];
        continue;
      }
      const location = response.headers.location;
      const step = redirectStep(
        status,
        Array.isArray(location) ? location[0] : location,
        method,
        path,
        this.origin,
        this.basePath,
      );
      // A typed error passes `attempt`'s handling as it is: not retried, the hops already reported.
      if ('refused' in step) throw new BadResponseError(this.secrets.text(step.refused), label, 'redirect');
      if (hop + 1 > this.maxRedirects) {
        const last = this.secrets.text(step.path.split('?')[0] ?? '');
        throw new BadResponseError(
          `more than ${this.maxRedirects} redirects in a row (the last to ${last}; ${MAX_REDIRECTS_SETTING} sets the limit)`,
          label,
          'redirect',
        );
      }
      this.slashes.redirected(path, step.path);
      [path, guessed] = [step.path, false];
    }
  }

  /** The error as it is when asking again is no use, else marked with the wait before the next attempt. */
  private retryable(error: ApiError, answer: Answer | 'network', attempt: number): Error {
    const delayMs = retryDelayMs(answer, attempt, this.retry);
    if (delayMs !== undefined) return new RetryableError(error, delayMs);
    // Said as it is: a wait asked for that is longer than the client waits was not taken.
    const askedMs = answer === 'network' ? undefined : retryAfterMs(answer.headers);
    const waitable =
      answer !== 'network' && (answer.status === 429 || answer.status === 202 || answer.status >= 500);
    if (
      waitable &&
      askedMs !== undefined &&
      askedMs > this.retry.maxRetryAfterMs &&
      attempt < this.retry.retries
    )
      error.waitNotTaken = {
        askedS: Math.ceil(askedMs / 1000),
        maxS: Math.floor(this.retry.maxRetryAfterMs / 1000),
        retryAt: new Date(Date.now() + askedMs).toISOString().replace(/\.\d+Z$/, 'Z'),
      };
    return error;
  }

  private headers(hasBody: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
      'x-api-key': this.options.apiKey ?? '',
      'user-agent': this.options.userAgent ?? 'football-scout-mcp',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    };
  }
}

/** Marks an error worth another attempt, after `delayMs`; never escapes `send`. */
class RetryableError extends Error {
  constructor(
    readonly inner: ApiError,
    readonly delayMs: number,
  ) {
    super(inner.message);
  }
}

/** What an attempt met that made the client ask again, in a few words ("a 503", "a timeout"). */
function retryReason(error: ApiError): string {
  if (error instanceof UpstreamServerError && error.gateway) return `a ${error.status} from a gateway`;
  if (error.status !== undefined) return `a ${error.status}`;
  if (error.kind === 'timeout') return 'a timeout';
  if (error.kind === 'network') return 'a network error';
  return error.kind.replace('_', ' ');
}

/** Answers fetched by route, per cache (the clients of one server share theirs). */
const fetchedByCache = new WeakMap<ResponseCache, Map<RouteName, number>>();

function fetchedByRoute(cache: ResponseCache): Map<RouteName, number> {
  let fetched = fetchedByCache.get(cache);
  if (!fetched) {
    fetched = new Map();
    fetchedByCache.set(cache, fetched);
  }
  return fetched;
}

function parseJson(text: string): unknown {
  const body = text.trim();
  if (body === '') return undefined;
  try {
    return JSON.parse(keepLongIntegers(body)) as unknown;
  } catch {
    return undefined;
  }
}

/** A 2xx whose body is not JSON: says what it was, and only then points at the base URL. */
function notJson({ text, problem, mediaType }: Awaited<ReturnType<typeof readBody>>): BadResponseError {
  if (problem) return new BadResponseError(problem);
  const what = text?.trim() === '' ? 'the body is empty' : 'the body is not JSON';
  const page = mediaType === 'text/html' || /^\s*</.test(text ?? '');
  return new BadResponseError(
    `${what}${mediaType ? ` (Content-Type ${mediaType})` : ''}`,
    undefined,
    page ? 'base-url' : undefined,
  );
}

function toSearch(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params.toString();
}
