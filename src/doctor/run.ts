// Runs the probes of probes.ts one after the other against the configured API: one request per
// route (never from the cache; retried only when the quota did not count the answer, a burst 429
// whose Retry-After is short, a gateway's 5xx, or when a 503's Retry-After asks to come back: a
// maintenance window; through the server's own client), then for an assumed
// route that answered 404 up to MAX_TRIES likely other paths. A route whose ids only a later answer
// gave is run after it. Nothing here prints: the results go to output.ts.
import { z } from 'zod';
import { ResponseCache } from '../api/cache.js';
import { ApiClient, type UpstreamEvent } from '../api/client.js';
import { ENDPOINTS } from '../api/endpoints.js';
import {
  ApiError,
  type ApiErrorKind,
  BadRequestError,
  BadResponseError,
  FailedAnswerError,
  QuotaExhaustedError,
  RateLimitedError,
} from '../api/errors.js';
import { lazyPool } from '../api/pool.js';
import { type Quota, QuotaTracker } from '../api/quota.js';
import { type AliasTable, aliasSet } from '../api/reader/aliases.js';
import { saying } from '../api/reader/api-words.js';
import { type LearnedName, learnedTable } from '../api/reader/learning.js';
import type { ReadReport } from '../api/reader/report.js';
import type { HttpMethod, RouteName, RouteStatus, RouteTable } from '../api/routes.js';
import { ROLE_KEYS } from '../domain/roles.js';
import { NamesLearned } from '../facts/names-learned.js';
import { SecretMask } from '../log.js';
import { alternativePaths, renamesBetween } from './alternatives.js';
import { pagingOf, playerIdsOf, rawRows, watchHeaders } from './answers.js';
import { ID_LABELS, type IdName, type Ids, PROBE_ORDER, PROBES, type Probe } from './probes.js';
import { KnownPlayers, mergeFields, valueAliases } from './value-aliases.js';

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
  /** Requests this attempt took: more than 1 when the client retried (5xx, short Retry-After). */
  requests?: number;
  /** The Content-Encoding of the answer ("identity" when none was named). */
  encoding?: string;
  /** The answer's paging as the server reads it, in words (answers.ts pagingOf). */
  paging?: string[];
  /** A 503 with Retry-After that outlasted the waits allowed: the API may be in maintenance. */
  maintenance?: true;
}

export interface ProbeResult extends Omit<Attempt, 'path'> {
  route: RouteName;
  method: HttpMethod;
  path: string;
  status: RouteStatus;
  /** Sent, or not checked (an id it needs could not be had, or the run stopped). */
  sent: boolean;
  /** Why it was not checked: "not checked: needs a team_id (from teams)", "not checked: the run stopped (…)". */
  not_checked?: string;
  /** Ids this request used that came from a fallback rather than an answer: id → where it came from. */
  fallbacks?: Partial<Record<IdName, string>>;
  /** Fields of the answer found under another name by their values (value-aliases.ts). */
  fields?: Record<string, string[]>;
  /** Other paths tried after a 404. */
  tries?: Attempt[];
  /** The other path that answered readably: the routes-file entry that fixes the route. */
  fix?: { path: string };
}

export interface DoctorRun {
  results: ProbeResult[];
  requests: number;
  /** Content-Encoding → how many answers came with it ("identity": none named). */
  encodings: Record<string, number>;
  /** Players known from the answers (rankings, scouting) that value-guided mapping compared with. */
  known_players: number;
  /** Field names the live reader learned from values during the run, as the server would (src/facts). */
  learned: LearnedName[];
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
  /** Retries of one request, as the server's (--retries); the client decides what is retried. */
  retries: number;
  /** Redirects one request follows, as the server's (--max-redirects). */
  maxRedirects?: number;
  /** Told before each route is probed: for a progress line. */
  onProgress?: (route: RouteName, index: number, total: number) => void;
}

export async function runProbes(options: RunOptions): Promise<DoctorRun> {
  const pool = lazyPool(new URL(options.baseUrl).origin, { connections: 1, keepAliveTimeout: 10_000 });
  // The client reads the body; doctor only looks at the headers it came with.
  const headers = watchHeaders(pool, new SecretMask([options.apiKey]));
  const quota = new QuotaTracker();
  const cache = new ResponseCache({ staleMaxAgeMs: 0 });
  let requests = 0;
  let last: UpstreamEvent['status'] | null = null;
  // The server's own learner: the probes read as a server that has met this API would.
  const learner = new NamesLearned();
  const clientFor = (routes: RouteTable) =>
    new ApiClient({
      learner,
      baseUrl: options.baseUrl,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      // One counted request per route: only what the quota does not count (a burst 429, a gateway's 5xx)
      // and a 503 asking to come back (maintenance) are asked again, up to the server's --retries, so
      // the plan announced stays the quota spent but for a maintenance window, which the plan says.
      retries: options.retries,
      retryUncountedOnly: true,
      ...(options.maxRedirects !== undefined ? { maxRedirects: options.maxRedirects } : {}),
      dispatcher: headers.dispatcher,
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
  const raws = new Map<RouteName, unknown>();
  /** The readings of the answers, for the players rankings and scouting named. */
  const read = new Map<RouteName, unknown>();

  const attempt = async (client: ApiClient, route: RouteName, probe: Probe, ids: Ids, path: string) => {
    last = null;
    headers.reset();
    const before = requests;
    let raw: unknown;
    // The raw answer as the client decoded it, for what the reading does not keep.
    const schema = z.preprocess((body) => {
      raw = body;
      return body;
    }, ENDPOINTS[route].schema);
    const spent = () => ({
      ...(requests - before > 1 ? { requests: requests - before } : {}),
      ...(headers.encoding ? { encoding: headers.encoding } : {}),
    });
    try {
      const request = probe.request(ids) as Parameters<ApiClient['call']>[2];
      const result = await client.call(route, schema, { ...request, fresh: true });
      const problem = probe.check?.(result.data);
      const rows = (result.data as { data?: unknown })?.data;
      const paging = Array.isArray(rows)
        ? pagingOf(result.paging, {
            linkNext: headers.linkNext,
            totalHeader: headers.totalHeader,
            rows: rows.length,
          })
        : [];
      const attempt: Attempt = {
        path,
        http: last,
        readable: problem === undefined,
        ...(problem ? { error: 'bad_response' as const, problem } : {}),
        ...(result.read ? { read: result.read } : {}),
        ...(Array.isArray(rows) ? { rows: rows.length, paging } : {}),
        ...spent(),
      };
      return { attempt, data: result.data as unknown, raw, stop: undefined };
    } catch (error) {
      // A 503 still asking to come back once the waits allowed were spent: a maintenance window, not a
      // broken route (the text says so, and to run doctor again later).
      const maintenance = last === 503 && headers.retryAfter !== undefined;
      const failed: Attempt = {
        path,
        http: last,
        readable: false,
        error: error instanceof ApiError ? error.kind : 'internal',
        problem: maintenance
          ? `503 asking to come back after ${headers.retryAfter}${/^\d+$/.test(headers.retryAfter ?? '') ? ' s' : ''}, longer than waited (--retries, --max-retry-after-ms): the API may be in maintenance; run doctor again later`
          : describe(error),
        ...(maintenance ? { maintenance: true } : {}),
        ...spent(),
      };
      return { attempt: failed, data: undefined, raw, stop: stopReason(error, answered) };
    }
  };

  const ids: Ids = {};
  /** Ids that came from a fallback, not an answer: id → where from. */
  const fallbacks: Partial<Record<IdName, string>> = {};
  const players: string[] = [];
  const services: string[] = [];
  const renames = new Map<string, string>();
  const results = new Map<RouteName, ProbeResult>();
  let answered = false;
  let stopped: string | undefined;

  const learn = (probe: Probe, data: unknown) => {
    for (const [name, value] of Object.entries(idsFrom(probe, data)) as [IdName, string | undefined][]) {
      if (value !== undefined && ids[name] === undefined) ids[name] = value;
    }
    // Player ids from every answer that has them (search, history, squad, similar rows too): enough
    // for the routes that need two.
    const found = playerIdsOf(data);
    for (const id of found.players) if (!players.includes(id)) players.push(id);
    for (const id of found.services) if (!services.includes(id)) services.push(id);
    ids.player ??= players[0];
    if (ids.otherPlayer === undefined) ids.otherPlayer = players.find((id) => id !== ids.player);
    ids.service ??= services[0];
  };

  const check = async (route: RouteName, index: number) => {
    const def = options.table[route];
    const probe = PROBES[route] as Probe;
    const base = { route, method: def.method, path: def.path, status: def.status };
    options.onProgress?.(route, index, PROBE_ORDER.length);
    const used = Object.fromEntries(
      probe.needs.flatMap((id) => (fallbacks[id] ? [[id, fallbacks[id]]] : [])),
    ) as Partial<Record<IdName, string>>;
    const first = await attempt(main, route, probe, ids, def.path);
    const { path: _, ...outcome } = first.attempt;
    const result: ProbeResult = {
      ...base,
      ...outcome,
      sent: true,
      ...(Object.keys(used).length ? { fallbacks: used } : {}),
    };
    let data = first.data;
    let raw = first.raw;
    if (first.attempt.readable) answered = true;
    stopped = first.stop;
    const earlier = [...results.values()];
    if (!answered && first.attempt.error === 'not_found' && earlier.length > 0 && earlier.every(isNotFound))
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
          raw = tried.raw;
          for (const [from, to] of renamesBetween(def.path, path))
            if (!renames.has(from)) renames.set(from, to);
          break;
        }
        // Anything but another 404 ends the search: the path exists, or the API is failing.
        if (tried.attempt.error !== 'not_found') break;
      }
    }
    results.set(route, result);
    if (raw !== undefined) raws.set(route, raw);
    if (data !== undefined) read.set(route, data);
    learn(probe, data);
    if (route === 'enums' && ids.role === undefined) {
      // Any of the spec's 31 keys is accepted (renamed ones too): rankings and scouting are still checked.
      ids.role = ROLE_KEYS[0];
      fallbacks.role = `a role key of the spec (GET /v1/enums ${enumsProblem(result)})`;
    }
  };

  const missing = (route: RouteName) => (PROBES[route] as Probe).needs.filter((id) => ids[id] === undefined);
  const waiting: RouteName[] = [];
  for (const [index, route] of PROBE_ORDER.entries()) {
    if (stopped) break;
    if (missing(route).length > 0) waiting.push(route);
    else await check(route, index);
  }
  // Routes whose ids a later answer gave (a second player id from history or a squad): run now.
  for (let progress = true; progress && !stopped; ) {
    progress = false;
    for (const route of [...waiting]) {
      if (stopped || missing(route).length > 0) continue;
      waiting.splice(waiting.indexOf(route), 1);
      progress = true;
      await check(route, PROBE_ORDER.indexOf(route));
    }
  }
  await pool.close();

  // What the spec's own names told of real players: the ground truth of value-guided mapping.
  const known = new KnownPlayers();
  for (const route of ['rankings', 'scouting'] as const) {
    const rows = (read.get(route) as { data?: unknown } | undefined)?.data;
    if (Array.isArray(rows)) for (const row of rows) known.add(row as Record<string, unknown>);
  }
  const ordered = PROBE_ORDER.map((route): ProbeResult => {
    const result = results.get(route);
    if (!result) return notChecked(options.table, route, missing(route), stopped);
    const raw = raws.get(route);
    if (route === 'rankings' || raw === undefined || known.size === 0) return result;
    const report = result.fix ? result.tries?.find((t) => t.readable)?.read : result.read;
    const fields = mergeFields(
      unmapped(valueAliases(rawRows(raw), known, aliasSet(options.aliases)), report),
      learnedTable(learner.learned.filter((l) => l.route === route)),
    );
    return Object.keys(fields).length > 0 ? { ...result, fields } : result;
  });
  return {
    results: ordered,
    requests,
    encodings: headers.encodings,
    known_players: known.size,
    learned: [...learner.learned],
    quota: await quota.sync(),
    ...(stopped ? { stopped } : {}),
  };
}

/** A route the run could not try, and why: the ids it needed that no answer gave, or the stop. */
function notChecked(
  table: RouteTable,
  route: RouteName,
  needs: readonly IdName[],
  stopped: string | undefined,
): ProbeResult {
  const def = table[route];
  const why =
    needs.length > 0
      ? `not checked: needs ${needs.map((id) => ID_LABELS[id]).join(', ')}, which no answer gave`
      : `not checked: the run stopped (${stopped ?? 'unknown reason'})`;
  return {
    route,
    method: def.method,
    path: def.path,
    status: def.status,
    sent: false,
    not_checked: why,
    http: null,
    readable: false,
  };
}

/** Only the fields the reading did not find (its missing fields), when there was a reading. */
function unmapped(found: Record<string, string[]>, read: ReadReport | undefined): Record<string, string[]> {
  if (!read) return found;
  const missing = new Set(read.missing.map((m) => m.slice(m.lastIndexOf('.') + 1)));
  return Object.fromEntries(Object.entries(found).filter(([field]) => missing.has(field)));
}

/** Why enums gave no role key, in our words. */
function enumsProblem(result: ProbeResult): string {
  if (result.readable) return 'listed no role key';
  return result.problem ? `could not be read: ${result.problem}` : 'could not be read';
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

/**
 * What went wrong, in our words: kind, status and the fields we read; what the API said in words only
 * quoted as its own, on one line each (reader/api-words.ts).
 */
function describe(error: unknown): string {
  const said = error instanceof ApiError ? saying(error.said) : '';
  if (error instanceof FailedAnswerError) return `the API marked its answer failed (${error.marker})${said}`;
  if (error instanceof BadResponseError) return `unreadable answer: ${error.detail}`;
  if (error instanceof BadRequestError)
    return `rejected as a bad request${error.parameter ? ` (parameter ${error.parameter})` : ''}${said}`;
  if (error instanceof QuotaExhaustedError)
    return `not sent: the daily quota is spent until ${error.resetAt}`;
  if (!(error instanceof ApiError))
    return `internal error: ${error instanceof Error ? error.message : 'unknown'}`;
  switch (error.kind) {
    case 'not_found':
      return `not found${said}`;
    case 'unauthorized':
      return 'the key was rejected: check FOOTBALL_API_KEY';
    case 'forbidden':
      return `refused: plan or league not covered by the key${said}`;
    case 'rate_limited':
      return error instanceof RateLimitedError && error.daily
        ? 'rate limited: the daily quota is spent'
        : 'rate limited: too many requests';
    default:
      return error.message;
  }
}
