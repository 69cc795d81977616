import { setTimeout as sleep } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { type CacheEntry, ResponseCache } from './cache.js';
import { canonicalJson, keyTag, sha256 } from './canonical.js';
import {
  AbortedError,
  ApiError,
  BadResponseError,
  errorForStatus,
  NetworkError,
  RateLimitedError,
  TimeoutError,
  TooLargeError,
  UnauthorizedError,
} from './errors.js';
import { buildPath } from './path.js';
import { DEFAULT_UPSTREAM_CONNECTIONS, lazyPool, type Requester } from './pool.js';
import { type HeaderBag, type Quota, QuotaTracker } from './quota.js';
import { type Aliases, type AliasTable, aliasSet } from './reader/aliases.js';
import { type ReadReport, readAnswer, readNotes } from './reader/index.js';
import { publishReadNotes } from './reader/notes-sink.js';
import { ROUTES, type RouteName, type RouteParams, type RouteTable } from './routes.js';

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
}

export interface Source {
  cached: boolean;
  fetched_at: string;
  /** Past its TTL, served because the upstream is failing. */
  stale?: boolean;
  age_s?: number;
}

export interface ApiResult<T> {
  data: T;
  quota: Quota;
  source: Source;
  /** What reading the answer found: aliases, rows left out, fields missing (see reader/report.ts). */
  read?: ReadReport;
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Undefined = no key configured: every call is refused locally with a clear 401. */
  apiKey: string | undefined;
  /** The deployment's secret keying the key's tag (see canonical.ts keyTag); unsalted without it. */
  keySecret?: string;
  timeoutMs?: number;
  retries?: number;
  retryBaseMs?: number;
  /** The longest Retry-After the client will wait out; a longer one ends the retries. */
  maxRetryAfterMs?: number;
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
  /** Called once per upstream attempt, after the answer; for logs and metrics. */
  onUpstream?: (event: UpstreamEvent) => void;
}

export interface UpstreamEvent {
  route: RouteName;
  method: string;
  status: number | 'network' | 'timeout' | 'aborted';
  attempt: number;
  ms: number;
}

const RETRYABLE_STATUS = new Set([500, 502, 503, 504]);

/** The default cap on one upstream body: far above any answer seen, far below what harms the process. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The Football Data API v1 client: one instance per API key. Knows nothing about MCP. */
export class ApiClient {
  readonly quota: QuotaTracker;
  /** The upstream's address (origin and base path), naming it for what is learned about it. */
  readonly upstream: string;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly dispatcher: Requester;
  private readonly ownsDispatcher: boolean;
  private readonly cache: ResponseCache;
  private readonly tag: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly maxBodyBytes: number;
  private readonly routes: RouteTable;
  /** The field aliases this client reads with (the defaults and its routes file's "fields"). */
  readonly aliases: Aliases;

  constructor(private readonly options: ApiClientOptions) {
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
    this.retries = options.retries ?? 2;
    this.retryBaseMs = options.retryBaseMs ?? 250;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 20_000;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.routes = options.routes ?? ROUTES;
    this.aliases = aliasSet(options.aliases);
  }

  /** Calls one route of ROUTES, answering from the cache when it can, and parses with `schema`. */
  async call<N extends RouteName, S extends z.ZodType>(
    route: N,
    schema: S,
    options: CallOptions<N> = {},
  ): Promise<ApiResult<z.infer<S>>> {
    const def = this.routes[route];
    const path = this.basePath + buildPath(def.path, options.params as Record<string, string> | undefined);
    const search = toSearch({ ...def.query, ...options.query });
    const body = def.method === 'POST' ? canonicalJson(options.body ?? {}) : undefined;
    const key = sha256(`${this.tag}\n${def.method} ${path}?${search}\n${body ?? ''}`);
    const fetcher = async (signal: AbortSignal): Promise<CacheEntry> => {
      const raw = await this.send(route, path + (search ? `?${search}` : ''), body, signal, options.probe);
      const { value, report } = readAnswer(schema, raw, `${def.method} ${def.path}`, this.aliases);
      return { body: value, fetched_at: new Date().toISOString(), read: report };
    };
    const { entry, cached, stale } = await this.cache.getOrFetch(key, def.cache, fetcher, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.fresh ? { fresh: true } : {}),
    });
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
    if (missing.length > 0) {
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

  /** Resolves once the answers and quota states seen so far are in the store (written behind the answers). */
  async settled(): Promise<void> {
    await this.cache.settled();
    await this.quota.settled();
  }

  async close(): Promise<void> {
    if (this.ownsDispatcher) await this.dispatcher.close();
  }

  /** One logical request: the quota check, then up to `retries` retries on network errors and 5xx. */
  private async send(
    route: RouteName,
    path: string,
    body: string | undefined,
    signal: AbortSignal,
    probe = false,
  ) {
    if (!this.options.apiKey) throw new UnauthorizedError('missing');
    await this.quota.beforeRequest();
    for (let attempt = 0; ; attempt++) {
      if (!probe) this.quota.assertAvailable();
      let delayMs: number | undefined;
      try {
        return await this.attempt(route, path, body, signal, attempt);
      } catch (error) {
        if (!(error instanceof RetryableError) || attempt >= this.retries) throw unwrap(error);
        delayMs = error.retryAfterMs ?? this.backoff(attempt);
        if (delayMs > this.maxRetryAfterMs) throw unwrap(error);
      }
      try {
        await sleep(delayMs, undefined, { signal });
      } catch {
        throw new AbortedError();
      }
    }
  }

  private backoff(attempt: number): number {
    const base = this.retryBaseMs * 2 ** attempt;
    return base + Math.random() * base;
  }

  private async attempt(
    route: RouteName,
    path: string,
    body: string | undefined,
    signal: AbortSignal,
    attempt: number,
  ): Promise<unknown> {
    const method = this.routes[route].method;
    // Loading undici on the first request must not eat into that request's timeout.
    await this.dispatcher.ready?.();
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const combined = AbortSignal.any([signal, timeout]);
    const started = performance.now();
    const report = (status: UpstreamEvent['status']) =>
      this.options.onUpstream?.({ route, method, status, attempt, ms: performance.now() - started });
    let response: Dispatcher.ResponseData | undefined;
    let text: string;
    try {
      response = await this.dispatcher.request({
        origin: this.origin,
        path,
        method,
        headers: this.headers(body !== undefined),
        ...(body !== undefined ? { body } : {}),
        signal: combined,
      });
      text = await readCapped(response, this.maxBodyBytes);
    } catch (error) {
      if (error instanceof TooLargeError && response) {
        // The answer came (and counted against the quota); only its body is refused.
        this.quota.observe(response.statusCode, response.headers as HeaderBag);
        report(response.statusCode);
        throw error;
      }
      // Refused by the dispatcher itself, already typed (a key's queue is full): no attempt was made.
      if (error instanceof ApiError) throw error;
      if (signal.aborted) {
        report('aborted');
        throw new AbortedError();
      }
      if (timeout.aborted) {
        report('timeout');
        throw new RetryableError(new TimeoutError(this.timeoutMs));
      }
      report('network');
      throw new RetryableError(new NetworkError(error));
    }
    const headers = response.headers as HeaderBag;
    this.quota.observe(response.statusCode, headers);
    report(response.statusCode);
    const json = parseJson(text);
    if (response.statusCode >= 200 && response.statusCode < 300) {
      if (json === undefined) throw new BadResponseError('body is not JSON');
      return json;
    }
    const waitMs = retryAfterMs(headers['retry-after']);
    const quota = this.quota.current();
    const error = errorForStatus(response.statusCode, json, quota.reset, {
      daily: quota.remaining === 0,
      ...(waitMs !== undefined ? { retryAfterS: Math.ceil(waitMs / 1000) } : {}),
    });
    // A burst 429 that says when to come back is retried like a 5xx; a spent daily quota is not.
    const burst = error instanceof RateLimitedError && !error.daily && waitMs !== undefined;
    if (RETRYABLE_STATUS.has(response.statusCode) || burst) throw new RetryableError(error, waitMs);
    throw error;
  }

  private headers(hasBody: boolean): Record<string, string> {
    return {
      accept: 'application/json',
      'x-api-key': this.options.apiKey ?? '',
      'user-agent': this.options.userAgent ?? 'football-scout-mcp',
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    };
  }
}

/** Marks an error worth another attempt; never escapes `send`. */
class RetryableError extends Error {
  constructor(
    readonly inner: ApiError,
    readonly retryAfterMs?: number,
  ) {
    super(inner.message);
  }
}

function unwrap(error: unknown): unknown {
  return error instanceof RetryableError ? error.inner : error;
}

const UTF8 = new TextDecoder();

/**
 * Reads a body of at most `cap` bytes: refused at once when Content-Length says more, else counted
 * while streaming and cut (the stream destroyed, so the connection and what it buffered are let go)
 * as soon as it passes the cap. A whole read would hold any size (an endless body grows memory without
 * bound, 2 GiB passes V8's longest string).
 */
async function readCapped(response: Dispatcher.ResponseData, cap: number): Promise<string> {
  const { body, statusCode } = response;
  const length = response.headers['content-length'];
  const declared = Number(Array.isArray(length) ? length[0] : length);
  if (length !== undefined && Number.isFinite(declared) && declared > cap) {
    body.destroy();
    throw new TooLargeError(cap, declared, statusCode);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > cap) {
      body.destroy();
      throw new TooLargeError(cap, undefined, statusCode);
    }
    chunks.push(chunk);
  }
  // TextDecoder drops a leading BOM, as undici's body.text() did.
  return UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function retryAfterMs(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text.trim())) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
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
