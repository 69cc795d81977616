// Runs the probes of probes.ts one after the other against the configured API: one request per
// route (retried only when the quota did not count it: a burst 429, a gateway's 5xx; never from the
// cache), then for an assumed route that answered 404 up to
// MAX_TRIES likely other paths. Nothing here prints: the results go to output.ts.
import { ResponseCache } from '../api/cache.js';
import { ApiClient, type UpstreamEvent } from '../api/client.js';
import {
  ApiError,
  type ApiErrorKind,
  BadRequestError,
  BadResponseError,
  QuotaExhaustedError,
  RateLimitedError,
} from '../api/errors.js';
import { lazyPool } from '../api/pool.js';
import { type Quota, QuotaTracker } from '../api/quota.js';
import type { AliasTable } from '../api/reader/aliases.js';
import type { ReadReport } from '../api/reader/report.js';
import type { HttpMethod, RouteName, RouteStatus, RouteTable } from '../api/routes.js';
import { alternativePaths, renamesBetween } from './alternatives.js';
import { ID_LABELS, type IdName, type Ids, PROBE_ORDER, PROBES, type Probe } from './probes.js';

export type HttpOutcome = number | 'network' | 'timeout' | 'aborted' | null;
export type ErrorKind = ApiErrorKind | 'internal';

/** One request and what came of it. */
export interface Attempt {
  path: string;
  /** The HTTP status, or how the request failed; null when nothing was sent. */
  http: HttpOutcome;
  readable: boolean;
  error?: ErrorKind;
  /** Written by us from the error's kind and fields, never upstream text. */
  problem?: string;
  read?: ReadReport;
  rows?: number;
}

export interface ProbeResult extends Omit<Attempt, 'path'> {
  route: RouteName;
  method: HttpMethod;
  path: string;
  status: RouteStatus;
  /** Sent, or skipped (an id it needs could not be had, or the run stopped). */
  sent: boolean;
  /** Why it was not sent: "skipped: needs a team_id (from teams)", or "not sent: <why the run stopped>". */
  skipped?: string;
  /** Other paths tried after a 404. */
  tries?: Attempt[];
  /** The other path that answered readably: the routes-file entry that fixes the route. */
  fix?: { path: string };
}

export interface DoctorRun {
  results: ProbeResult[];
  requests: number;
  quota: Quota;
  /** Why the run ended early, when it did. */
  stopped?: string;
}

export interface RunOptions {
  baseUrl: string;
  apiKey: string;
  table: RouteTable;
  /** The routes file's field aliases: the probes read as the server would. */
  aliases?: AliasTable;
  timeoutMs: number;
  /** Told before each route is probed: for a progress line. */
  onProgress?: (route: RouteName, index: number, total: number) => void;
}

export async function runProbes(options: RunOptions): Promise<DoctorRun> {
  const dispatcher = lazyPool(new URL(options.baseUrl).origin, { connections: 1, keepAliveTimeout: 10_000 });
  const quota = new QuotaTracker();
  const cache = new ResponseCache({ staleMaxAgeMs: 0 });
  let requests = 0;
  let last: UpstreamEvent['status'] | null = null;
  const clientFor = (routes: RouteTable) =>
    new ApiClient({
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      // One counted request per route: only what the quota does not count (a burst 429, a gateway's 5xx)
      // is asked again, so the plan announced stays the quota spent.
      retryUncountedOnly: true,
      dispatcher,
      quota,
      cache,
      routes,
      ...(options.aliases ? { aliases: options.aliases } : {}),
      userAgent: 'football-scout-mcp doctor',
      onUpstream: (event) => {
        requests++;
        last = event.status;
      },
    });
  const main = clientFor(options.table);

  const attempt = async (client: ApiClient, route: RouteName, probe: Probe, ids: Ids, path: string) => {
    last = null;
    try {
      const request = probe.request(ids) as Parameters<ApiClient['call']>[2];
      const result = await client.call(route, probe.schema, { ...request, fresh: true });
      const problem = probe.check?.(result.data);
      const rows = (result.data as { data?: unknown })?.data;
      const attempt: Attempt = {
        path,
        http: last,
        readable: problem === undefined,
        ...(problem ? { error: 'bad_response' as const, problem } : {}),
        ...(result.read ? { read: result.read } : {}),
        ...(Array.isArray(rows) ? { rows: rows.length } : {}),
      };
      return { attempt, data: result.data as unknown, stop: undefined };
    } catch (error) {
      const failed: Attempt = {
        path,
        http: last,
        readable: false,
        error: error instanceof ApiError ? error.kind : 'internal',
        problem: describe(error),
      };
      return { attempt: failed, data: undefined, stop: stopReason(error, answered) };
    }
  };

  const ids: Ids = {};
  const renames = new Map<string, string>();
  const results: ProbeResult[] = [];
  let answered = false;
  let stopped: string | undefined;

  for (const [index, route] of PROBE_ORDER.entries()) {
    const def = options.table[route];
    const probe = PROBES[route] as Probe;
    const base = { route, method: def.method, path: def.path, status: def.status };
    const missing = probe.needs.filter((id) => ids[id] === undefined);
    if (stopped || missing.length > 0) {
      const why = stopped
        ? `not sent: ${stopped}`
        : `skipped: needs ${missing.map((id: IdName) => ID_LABELS[id]).join(', ')}`;
      results.push({ ...base, sent: false, skipped: why, http: null, readable: false });
      continue;
    }
    options.onProgress?.(route, index, PROBE_ORDER.length);
    const first = await attempt(main, route, probe, ids, def.path);
    const { path: _, ...outcome } = first.attempt;
    const result: ProbeResult = { ...base, ...outcome, sent: true };
    let data = first.data;
    if (first.attempt.readable) answered = true;
    stopped = first.stop;
    if (!answered && first.attempt.error === 'not_found' && results.length > 0 && results.every(isNotFound))
      stopped = 'the first documented routes answer 404: is FOOTBALL_API_BASE_URL the part before /v1?';

    if (def.status === 'assumed' && first.attempt.error === 'not_found' && answered && !stopped) {
      result.tries = [];
      for (const path of alternativePaths(route, def.path, renames)) {
        const table = { ...options.table, [route]: { ...def, path } } as RouteTable;
        const tried = await attempt(clientFor(table), route, probe, ids, path);
        result.tries.push(tried.attempt);
        stopped = tried.stop;
        if (tried.attempt.readable) {
          result.fix = { path };
          answered = true;
          data = tried.data;
          for (const [from, to] of renamesBetween(def.path, path))
            if (!renames.has(from)) renames.set(from, to);
          break;
        }
        // Anything but another 404 ends the search: the path exists, or the API is failing.
        if (tried.attempt.error !== 'not_found') break;
      }
    }
    results.push(result);
    for (const [name, value] of Object.entries(idsFrom(probe, data)) as [IdName, string | undefined][]) {
      if (value !== undefined && ids[name] === undefined) ids[name] = value;
    }
  }
  await dispatcher.close();
  return { results, requests, quota: await quota.sync(), ...(stopped ? { stopped } : {}) };
}

const isNotFound = (r: ProbeResult) => r.sent && r.error === 'not_found';

/** The ids an answer gives; an answer too odd to take them from gives none (its routes are skipped). */
function idsFrom(probe: Probe, data: unknown): Ids {
  if (data === undefined || !probe.provides) return {};
  try {
    return probe.provides(data);
  } catch {
    return {};
  }
}

/** A failure after which every other request would fail the same way: the run stops there. */
function stopReason(error: unknown, answered: boolean): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.kind === 'unauthorized') return 'the key was rejected (401)';
  if (error instanceof QuotaExhaustedError || (error instanceof RateLimitedError && error.daily))
    return 'the daily quota is spent';
  // Nothing has answered yet: the base URL or the network is wrong, not one route.
  if (!answered && (error.kind === 'network' || error.kind === 'timeout')) return 'the API is unreachable';
  return undefined;
}

/** What went wrong, in our words: kind, status and the fields we read, never upstream text. */
function describe(error: unknown): string {
  if (error instanceof BadResponseError) return `unreadable answer: ${error.detail}`;
  if (error instanceof BadRequestError)
    return `rejected as a bad request${error.parameter ? ` (parameter ${error.parameter})` : ''}`;
  if (error instanceof QuotaExhaustedError)
    return `not sent: the daily quota is spent until ${error.resetAt}`;
  if (!(error instanceof ApiError))
    return `internal error: ${error instanceof Error ? error.message : 'unknown'}`;
  switch (error.kind) {
    case 'not_found':
      return 'not found';
    case 'unauthorized':
      return 'the key was rejected: check FOOTBALL_API_KEY';
    case 'forbidden':
      return 'refused: plan or league not covered by the key';
    case 'rate_limited':
      return error instanceof RateLimitedError && error.daily
        ? 'rate limited: the daily quota is spent'
        : 'rate limited: too many requests';
    default:
      return error.message;
  }
}
