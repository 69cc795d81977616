// The result envelope and the one error boundary. Every tool result goes through here.
import type { CallToolResult } from '@modelcontextprotocol/server';
import { z } from 'zod';
import type { Source } from '../api/client.js';
import {
  ApiError,
  type BadResponseError,
  FailedAnswerError,
  type InvalidArgumentError,
  type KeyBusyError,
  type NotFoundError,
  type NotReadyError,
  type QuotaExhaustedError,
  type RateLimitedError,
  type TooLargeError,
  type UnauthorizedError,
  type UpstreamServerError,
  type WaitNotTaken,
} from '../api/errors.js';
import type { Quota } from '../api/quota.js';
import { quotedWords, saying } from '../api/reader/api-words.js';
import type { Logger } from '../log.js';
import { WatchlistError } from '../store/watchlists.js';
import { WatchlistRefusal } from '../watchlists/refusal.js';
import { argumentHint } from './error-hints.js';
import { tabularSchema } from './tabular.js';

// No descriptions here: these fields repeat in every tool's output schema, so they would cost
// context on every tools/list. Their meaning is in the server instructions and the README.
// A figure the API has not reported is left out rather than sent as null.
export const QuotaSchema = z.object({
  limit: z.number().optional(),
  remaining: z.number().optional(),
  reset: z.string().optional(),
  unlimited: z.boolean(),
  reset_unreadable: z.string().optional(),
});

export const SourceSchema = z.object({
  cached: z.boolean(),
  fetched_at: z.string(),
  stale: z.boolean().optional(),
  age_s: z.number().optional(),
  sent: z.number().optional(),
  from_cache: z.number().optional(),
});

export interface Outcome<D, X = Record<string, never>> {
  data: D;
  quota: Quota;
  source: Source;
  extra?: X;
  /** Short facts the model should know about this answer (renamed role, truncation...). */
  notes?: string[];
  /** Set on lists: true when the list stopped at its limit and more may exist (a note says how). */
  has_more?: boolean;
  /** Every field the answer could not read, when any (its note names them, or counts those past its length). */
  unread?: string[];
  /** The seasons the rows were read in, when `data` does not show them (see season.ts). */
  seasons?: string[];
  /** No row could be read, so neither could their season (a note says why): never said to be "current". */
  seasonUnread?: boolean;
  /**
   * Words for the keys in `data` (a statistic's name and unit), for the text and the chart only: the
   * structured form carries the keys, which get_glossary names, not their words again.
   */
  glossary?: Record<string, { name: string | null; unit: string | null }>;
}

/** Lists of objects in `data` and the tool's own fields are tables (tabular.ts). */
export function envelopeSchema(data: z.ZodType, extra: z.ZodRawShape = {}) {
  return z.object({
    data: tabularSchema(data),
    quota: QuotaSchema,
    source: SourceSchema,
    notes: z.array(z.string()).optional(),
    unread: z.array(z.string()).optional(),
    has_more: z.boolean().optional(),
    season: z.string().nullable().optional(),
    ...(tabularSchema(z.object(extra)) as z.ZodObject).shape,
  });
}

/** `season`: the answer's season (src/mcp/season.ts) for tools that have one, null when the API chose. */
export function successResult<D, X>(
  outcome: Outcome<D, X>,
  text: string,
  season?: string | null,
): CallToolResult {
  const { data, quota, source, extra, notes, unread, has_more } = outcome;
  const structuredContent = {
    data,
    ...(season !== undefined ? { season } : {}),
    quota: publicQuota(quota),
    // To the second: the milliseconds of when the upstream answered say nothing to a reader.
    source: { ...source, fetched_at: source.fetched_at.replace(/\.\d+Z$/, 'Z') },
    ...(notes && notes.length > 0 ? { notes } : {}),
    ...(unread && unread.length > 0 ? { unread } : {}),
    ...(has_more !== undefined ? { has_more } : {}),
    ...(extra ?? {}),
  };
  const lines = [text, ...(notes ?? []).map((n) => `Note: ${n}`)];
  // The footer is a block of its own: a host that passes the model the content blocks reads it, and
  // LangChain's MCP adapter, which adds the whole structured content to an answer of exactly one text
  // block, sends the blocks alone.
  return {
    content: [
      { type: 'text', text: lines.join('\n') },
      { type: 'text', text: footer(quota, source) },
    ],
    structuredContent,
  };
}

function publicQuota(quota: Quota) {
  const { limit, remaining, reset, unlimited, reset_unreadable } = quota;
  // An unlimited plan's reset says nothing (the footer leaves it out too).
  return {
    ...(limit !== null ? { limit } : {}),
    ...(remaining !== null ? { remaining } : {}),
    ...(reset && !unlimited ? { reset } : {}),
    unlimited,
    ...(reset_unreadable !== undefined ? { reset_unreadable } : {}),
  };
}

export function quotaLine(quota: Quota): string {
  if (quota.unlimited) return 'quota: unlimited plan';
  if (quota.remaining === null) return 'quota: not reported yet';
  const limit = quota.limit === null ? '' : ` of ${quota.limit}`;
  return `quota: ${quota.remaining}${limit} requests left today${resetText(quota)}`;
}

/** The reset as known; an unreadable one is said, and a reset shown beside it says where it comes from. */
function resetText({ reset, reset_unreadable, reset_assumed }: Quota): string {
  if (reset_unreadable === undefined) return reset ? `, resets ${shortTime(reset)}` : '';
  const unreadable = `reset time unreadable: "${reset_unreadable}"`;
  if (!reset) return `, ${unreadable}`;
  const whose = reset_assumed ? 'assumed' : "an earlier answer's";
  return `, resets ${shortTime(reset)} (${whose}; latest ${unreadable})`;
}

function footer(quota: Quota, source: Source): string {
  const origin = source.stale
    ? `STALE answer from ${shortTime(source.fetched_at)} (${age(source.age_s ?? 0)} old), served because the Football API is failing`
    : source.cached
      ? `from the cache (fetched ${shortTime(source.fetched_at)}; no quota used)`
      : source.sent !== undefined && source.from_cache !== undefined
        ? `partly from the cache: ${source.sent} sent, ${source.from_cache} from the cache (oldest part fetched ${shortTime(source.fetched_at)})`
        : // When, as the structured form's fetched_at says: a report written from it later still dates its data.
          `fresh answer${source.sent !== undefined ? ` (${source.sent} request${source.sent === 1 ? '' : 's'} sent)` : ''}, ${shortTime(source.fetched_at)}`;
  return `— ${origin}; ${quotaLine(quota)}`;
}

function age(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7200) return `${Math.round(seconds / 60)} min`;
  return `${Math.round(seconds / 3600)} h`;
}

function shortTime(iso: string): string {
  return iso.replace('T', ' ').replace(/:\d{2}(\.\d+)?Z$/, ' UTC');
}

/**
 * A call the tool refuses on its own, before or instead of changing anything: its message is written by
 * us (it may name ids and names the user gave, never a key) and is shown as it is.
 */
export class RefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedError';
  }
}

/** A wait the API asked for that the server did not take: said so, with when to ask again. */
function waitNotTakenText({ askedS, maxS, retryAt }: WaitNotTaken): string {
  return `It asked to wait ${askedS} s before the next request, longer than this server waits (${maxS} s, FOOTBALL_API_MAX_RETRY_AFTER_MS), so the server did not wait and did not ask again: the API expects requests again from ${retryAt.replace('T', ' ').replace('Z', ' UTC')}.`;
}

/** What an answer that came but could not be used cost: it reached the API, so its quota counted it. */
const ONE_REQUEST_SPENT =
  'That was one request, which counts against the daily quota; it was not repeated (the same request would get the same answer).';

/** Where a 404 comes from decides what the model should do next. */
export type NotFoundHint = string;

const PARAMETER_NAMES: Record<string, string> = {
  saison: 'season',
  ageMax: 'max_age',
  minutesMin: 'min_minutes',
  q: 'query',
  players: 'players',
  player_ids: 'player_ids',
};

/**
 * Turns any failure into `isError: true` with text written here, never upstream text, never the
 * key. Unexpected errors are logged (redacted) and reported without their details.
 */
export function errorResult(error: unknown, logger: Logger, notFound?: NotFoundHint): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: errorText(error, logger, notFound) }] };
}

export function errorText(error: unknown, logger: Logger, notFound?: NotFoundHint): string {
  if (error instanceof RefusedError || error instanceof WatchlistRefusal) return error.message;
  if (error instanceof WatchlistError) return watchlistErrorText(error, logger);
  if (!(error instanceof ApiError)) {
    logger.error('unexpected error in a tool', {
      error: logger.redact(String((error as Error)?.stack ?? error)),
    });
    return 'Internal error in football-scout-mcp (details in the server log on stderr). Retrying will not help; report it.';
  }
  switch (error.kind) {
    case 'invalid_argument': {
      const e = error as InvalidArgumentError;
      return `Invalid ${e.argument}: ${e.message}${argumentHint(e)}`;
    }
    case 'bad_request': {
      const name = error.parameter ? (PARAMETER_NAMES[error.parameter] ?? error.parameter) : undefined;
      const why = saying(error.said);
      return name
        ? `The Football API rejected the argument "${name}" as missing or invalid${why}. Check it (seasons like 25-26, role keys from list_roles, statistic keys from get_glossary, league names from list_leagues) and call again.`
        : `The Football API rejected the request as invalid${why}. Check the arguments (seasons like 25-26, role keys from list_roles, statistic keys from get_glossary, league names from list_leagues) and call again.`;
    }
    case 'unauthorized':
      return (error as UnauthorizedError).problem === 'missing'
        ? 'No Football API key is configured. Set FOOTBALL_API_KEY (with FOOTBALL_API_BASE_URL) in the server environment, send your own key as X-API-Key to a hosted server, or start without both to use the built-in sandbox.'
        : 'The Football API refused the API key (missing, invalid, expired or revoked). Check the key (FOOTBALL_API_KEY in the server environment, or the X-API-Key your MCP client sends to a hosted server) or ask the provider for a new key. Calling again with the same key will fail the same way.';
    case 'forbidden':
      return `The API key's plan does not cover this league or feature${error.said.length > 0 ? ` (HTTP 403, the API saying: ${quotedWords(error.said)})` : ''}. Call list_leagues to see the leagues this key can access, and ask the provider to add a league if needed.`;
    case 'not_found': {
      const hint =
        notFound ?? 'The Football API has no such resource. Check the identifier or name and call again.';
      const route = (error as NotFoundError).assumedRoute;
      // A path the spec does not give is our guess: its 404 may be the route's, not the id's.
      if (route === undefined)
        return error.said.length > 0 ? `The Football API said: ${quotedWords(error.said)}. ${hint}` : hint;
      return `The Football API answered 404 to ${route}${saying(error.said)}, a path its specification does not give (this server guesses it): the id may be unknown, or the API may serve this at another path. If the id is wrong: ${hint} If it is right: run \`football-scout-mcp doctor\` (it tries likely other paths) and set the path in the routes file (FOOTBALL_API_ROUTES_FILE).`;
    }
    case 'rate_limited': {
      const { resetAt, daily, retryAfterS } = error as RateLimitedError;
      if (!daily && error.waitNotTaken)
        return `The Football API is limiting how fast requests come (HTTP 429), not the daily quota. ${waitNotTakenText(error.waitNotTaken)} Call again then, one request at a time; quota_status shows the daily quota.`;
      if (!daily) {
        const wait = retryAfterS === undefined ? 'a moment' : `${retryAfterS} s`;
        return `The Football API is limiting how fast requests come (HTTP 429), not the daily quota, even after waiting as it asked. Wait ${wait} and call again, one request at a time; quota_status shows the daily quota.`;
      }
      return `The daily request quota of this key is spent (HTTP 429)${resetAt ? `; it resets at ${resetAt}` : ''}. Answers already cached are still served; quota_status shows the state.`;
    }
    case 'quota_exhausted': {
      const { resetAt, assumed } = error as QuotaExhaustedError;
      const when = assumed
        ? `The API gave no reset time, so the next UTC midnight is assumed: ${resetAt}`
        : `It resets at ${resetAt}`;
      return `The daily request quota of this key is spent, so no request was sent. ${when}. Answers already cached are still served; quota_status shows the state.`;
    }
    case 'server':
      if (error.waitNotTaken)
        return `The Football API is failing (HTTP ${error.status ?? '5xx'}). ${waitNotTakenText(error.waitNotTaken)} Try again then.`;
      return (error as UpstreamServerError).gateway
        ? `The gateway in front of the Football API failed (HTTP ${error.status ?? '5xx'}) and retries did not help: the API behind it did not answer. Try again in a few minutes.`
        : `The Football API is failing (HTTP ${error.status ?? '5xx'}) and retries did not help. Try again in a few minutes.`;
    case 'network':
      return 'The Football API could not be reached, even after retries. Check FOOTBALL_API_BASE_URL and the network, then try again.';
    case 'timeout':
      return 'The Football API did not answer in time, even after retries. Try again, perhaps with a smaller limit; FOOTBALL_API_TIMEOUT_MS sets the timeout.';
    case 'bad_response': {
      logger.warn('unreadable upstream answer', { detail: error.message });
      const { route, detail, advice } = error as BadResponseError;
      if (error instanceof FailedAnswerError) return failedAnswerText(error);
      if (advice === 'redirect')
        return `The Football API redirected ${route ?? 'the request'} where this server does not follow: ${detail}. Redirects are followed only on the origin and base path of FOOTBALL_API_BASE_URL, so the key goes nowhere else; if the API has moved, set FOOTBALL_API_BASE_URL to its new address (\`football-scout-mcp doctor\` shows what each route answers).`;
      if (route)
        return `The Football API's answer to ${route} could not be read: ${detail}. If the API names that field differently, add an alias under "fields" in the routes file (FOOTBALL_API_ROUTES_FILE); \`football-scout-mcp doctor\` checks every route.`;
      return advice === 'base-url'
        ? `The Football API sent a web page where an answer was expected: ${detail}. Check that FOOTBALL_API_BASE_URL points at the API (the address before /v1).`
        : `The Football API sent an answer this server cannot read: ${detail}. ${ONE_REQUEST_SPENT} Try again later; if it persists, \`football-scout-mcp doctor\` shows what each route answers.`;
    }
    case 'not_ready': {
      const { marker, status, asked } = error as NotReadyError;
      const said = marker ?? `HTTP ${status ?? 202}`;
      const spent =
        asked === 1
          ? ' That was one request, counted against the daily quota.'
          : ` It was asked ${asked} times, each a request counted against the daily quota, and was still not finished.`;
      const waited = error.waitNotTaken ? ` ${waitNotTakenText(error.waitNotTaken)}` : '';
      return `The Football API took the request but has not finished it (${said}): nothing of its answer was shown or kept.${spent}${waited} Calling again asks again: call in a minute.`;
    }
    case 'aborted':
      return 'The request was cancelled.';
    case 'too_large': {
      const { limitBytes } = error as TooLargeError;
      return `The Football API's answer is too large (over ${limitBytes} bytes, --max-upstream-bytes / FOOTBALL_API_MAX_BODY_BYTES): it was not read further. ${ONE_REQUEST_SPENT} Narrow the request (a league, a smaller limit), or raise --max-upstream-bytes.`;
    }
    case 'busy': {
      const { maxInFlight } = error as KeyBusyError;
      return `Too many requests for this API key are already running or waiting (${maxInFlight} at a time): this one was not sent. Wait for the calls in flight to finish, then call again one at a time.`;
    }
  }
}

function failedAnswerText({ route, marker, said }: FailedAnswerError): string {
  const words = said.length === 0 ? ', without saying why' : saying(said);
  return `The Football API answered ${route ?? 'the request'} but marked its answer as failed (${marker})${words}. Nothing of that answer was used or kept: it was one request, counted against the daily quota, and calling again with the same arguments spends another. Check the arguments against what it said (league names from list_leagues, role keys from list_roles, seasons like 25-26) and call again; if it persists, \`football-scout-mcp doctor\` shows what each route answers.`;
}

/**
 * The store refused a change: it was not written (the store checks before it writes); or the store did
 * not answer, and the text says whether the change may have been made.
 */
function watchlistErrorText(error: WatchlistError, logger: Logger): string {
  switch (error.code) {
    case 'invalid_name':
      return `Invalid watchlist: ${error.message}. Nothing was changed.`;
    case 'too_many_players':
      return `Too many players: ${error.message}. Nothing was changed: remove some (update_watchlist with remove) or split the list.`;
    case 'too_many_watchlists':
      return `Too many watchlists: ${error.message}. Nothing was changed.`;
    case 'too_large':
      return `The watchlist is too large to store: ${error.message}. Nothing was changed: remove players, or keep fewer snapshots (FOOTBALL_MCP_WATCHLIST_SNAPSHOTS).`;
    case 'busy':
      return 'The watchlist store is busy (another process is writing the same lists). Nothing was changed: call again in a moment.';
    case 'unavailable':
      return `Watchlists are out of reach: ${error.message}. Nothing was changed: call again in a moment.`;
    case 'damaged':
      return `The ${error.message}.`;
    case 'storage':
      return `The watchlist store cannot be used: ${error.message}. Nothing was changed (every list keeps its last stored version).`;
    case 'unusable':
      return `Watchlists cannot be used on this server: ${error.message}. Nothing was read or changed; lists already kept there are untouched. Tell the user: the server's operator must fix the store and restart the server. Other tools still work.`;
    case 'outcome_unknown':
      return `The watchlist change may or may not have been stored: ${error.message}. Once the store answers, look before calling again (watchlist_report lists the lists, with refresh: false it shows the last snapshot; update_watchlist with only the name shows the players): repeating update_watchlist is harmless, a repeated refresh takes one more snapshot.`;
    case 'invalid_owner':
    case 'invalid_document':
      logger.error('watchlist store refused a document', { error: logger.redact(error.message) });
      return 'The watchlist could not be stored (details in the server log on stderr). Nothing was changed; report it.';
  }
}
