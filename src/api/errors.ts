// Typed errors of the upstream client. Messages here are for logs and developers; what an MCP
// client reads is written by src/mcp/result.ts from these fields, never from upstream text.

export type ApiErrorKind =
  | 'invalid_argument'
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'rate_limited'
  | 'quota_exhausted'
  | 'server'
  | 'network'
  | 'timeout'
  | 'bad_response'
  | 'too_large'
  | 'busy'
  | 'not_ready'
  | 'aborted';

/**
 * The upstream asked to wait (Retry-After) longer than the client waits before asking again: the client
 * did not wait and did not ask again, and the call ends with the upstream's answer.
 */
export interface WaitNotTaken {
  /** Seconds the upstream asked to wait. */
  askedS: number;
  /** The longest wait the client takes, in seconds (maxRetryAfterMs). */
  maxS: number;
  /** When the upstream said to ask again (now + askedS), ISO 8601. */
  retryAt: string;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** Set when the call ends because the wait the upstream asked for was longer than the client waits. */
  waitNotTaken?: WaitNotTaken;
  readonly status: number | undefined;
  /** The upstream parameter the error is about, when the upstream names one (400). */
  readonly parameter: string | undefined;

  /** The upper bound of `limit` an upstream 400 names, when it names one (a number, never its text). */
  limitHint?: number;

  /** What the API said in refusing (a 400, 403, 404): on one line each, capped (reader/api-words.ts). */
  said: readonly string[] = [];

  constructor(kind: ApiErrorKind, message: string, options: { status?: number; parameter?: string } = {}) {
    super(message);
    this.name = new.target.name;
    this.kind = kind;
    this.status = options.status;
    this.parameter = options.parameter;
  }
}

/**
 * Where the values an argument may take are found, in the API's terms, so the layer that talks to the
 * caller can say how to look them up: the API's leagues, its glossary of statistics, its roles; or, for
 * a word that names a position (`word`), every role of that position at once (`suggestions`).
 */
export type ArgumentLookup =
  | { kind: 'leagues' }
  | { kind: 'statistics' }
  | { kind: 'roles' }
  | { kind: 'position'; word: string };

/** Refused locally, before any upstream call: the argument cannot be sent as it is. */
export class InvalidArgumentError extends ApiError {
  readonly argument: string;
  readonly suggestions: readonly string[];
  readonly lookup: ArgumentLookup | undefined;
  constructor(
    argument: string,
    message: string,
    suggestions: readonly string[] = [],
    lookup?: ArgumentLookup,
  ) {
    super('invalid_argument', message);
    this.argument = argument;
    this.suggestions = suggestions;
    this.lookup = lookup;
  }
}

export class BadRequestError extends ApiError {
  constructor(parameter: string | undefined) {
    super('bad_request', `upstream rejected the request${parameter ? ` (parameter ${parameter})` : ''}`, {
      status: 400,
      ...(parameter ? { parameter } : {}),
    });
  }
}

export type AuthProblem = 'missing' | 'rejected';
export class UnauthorizedError extends ApiError {
  readonly problem: AuthProblem;
  constructor(problem: AuthProblem) {
    const message = problem === 'missing' ? 'no API key configured' : 'upstream rejected the API key';
    super('unauthorized', message, problem === 'missing' ? {} : { status: 401 });
    this.problem = problem;
  }
}

export class ForbiddenError extends ApiError {
  constructor() {
    super('forbidden', 'upstream refused access (plan or league)', { status: 403 });
  }
}

export class NotFoundError extends ApiError {
  constructor(
    /**
     * The route that answered 404 when the spec does not fix its path (an assumed route, e.g.
     * "GET /v1/coaches/:id"): the 404 may say the route lives elsewhere, not that the id is unknown.
     */
    readonly assumedRoute?: string,
  ) {
    super('not_found', 'upstream resource not found', { status: 404 });
  }
}

/** The upstream answered 429: the daily quota is spent or, when it shows quota left, requests came too fast. */
export class RateLimitedError extends ApiError {
  readonly resetAt: string | null;
  /** False for a burst limit: the answer showed quota left, or asked to retry shortly without quota headers. */
  readonly daily: boolean;
  /** Seconds the upstream asked to wait (Retry-After), when it said. */
  readonly retryAfterS: number | undefined;
  constructor(resetAt: string | null, options: { daily?: boolean; retryAfterS?: number } = {}) {
    const daily = options.daily ?? true;
    super(
      'rate_limited',
      daily ? 'upstream daily quota exceeded' : 'upstream rate limit: too many requests',
      {
        status: 429,
      },
    );
    this.resetAt = resetAt;
    this.daily = daily;
    this.retryAfterS = options.retryAfterS;
  }
}

/** Refused locally: the last response said the quota is spent and its reset has not passed. */
export class QuotaExhaustedError extends ApiError {
  readonly resetAt: string;
  /** True when the API gave no reset time and `resetAt` is the next UTC midnight, assumed. */
  readonly assumed: boolean;
  constructor(resetAt: string, assumed = false) {
    super(
      'quota_exhausted',
      assumed
        ? `daily quota spent (a 429 without X-RateLimit-Reset): assuming it resets at the next UTC midnight, ${resetAt}; request not sent`
        : `daily quota spent until ${resetAt}; request not sent`,
    );
    this.resetAt = resetAt;
    this.assumed = assumed;
  }
}

export class UpstreamServerError extends ApiError {
  /** What failed is the gateway (proxy, load balancer) in front of the API, not the API's own answer. */
  readonly gateway: boolean;
  constructor(status: number, options: { gateway?: boolean } = {}) {
    super(
      'server',
      options.gateway ? `upstream gateway failed (HTTP ${status})` : `upstream answered ${status}`,
      {
        status,
      },
    );
    this.gateway = options.gateway ?? false;
  }
}

export class NetworkError extends ApiError {
  constructor(cause: unknown) {
    super('network', `upstream unreachable: ${describeCause(cause)}`);
  }
}

export class TimeoutError extends ApiError {
  constructor(timeoutMs: number) {
    super('timeout', `upstream did not answer within ${timeoutMs} ms`);
  }
}

/**
 * Why no row of a list could be read: every one lacks `field` (`league.name`), with the API's names
 * nothing read on those rows (`seen`, as it wrote them: where the field may be).
 */
export interface RowsLacking {
  field: string;
  rows: number;
  seen: readonly string[];
}

export class BadResponseError extends ApiError {
  /** Set when the answer was a list none of whose rows could be read for want of one field. */
  lacking?: RowsLacking;
  /** `detail` is written by us (field names of our reading), never upstream text. */
  constructor(
    readonly detail: string,
    /** The route that answered, e.g. "GET /v1/rankings". */
    readonly route?: string,
    /**
     * 'base-url': the answer looks like a web page, so the base URL may point elsewhere than the API.
     * 'redirect': the API redirected where this server does not follow (redirects.ts).
     */
    readonly advice?: 'base-url' | 'redirect',
  ) {
    super('bad_response', `upstream answer unreadable${route ? ` (${route})` : ''}: ${detail}`);
  }
}

/**
 * The API answered, and marked its answer failed (`success: false`, `status: "error"`, an `error` and no
 * data; reader/api-words.ts): nothing of it is used. `said` holds the API's words, on one line each and
 * capped: shown quoted as the API's, never as ours.
 */
export class FailedAnswerError extends BadResponseError {
  constructor(
    /** The field and value that marked it failed (`success: false`). */
    readonly marker: string,
    override readonly said: readonly string[],
    route: string,
  ) {
    super(`the API marked its answer failed (${marker})`, route);
  }
}

/**
 * The API took the request and has not finished it: a 202 Accepted, or an answer whose status says it is
 * pending and that carries no data (reader/api-words.ts). Asked again as a 503 is (retry-policy.ts);
 * what it answered meanwhile is no answer, and is never shown as one or cached.
 */
export class NotReadyError extends ApiError {
  constructor(
    status: number,
    /** The status word that said so (`status: "processing"`), when the answer said it in words. */
    readonly marker?: string,
    /** How many times it was asked, each answered, so each counted against the quota. */
    readonly asked = 1,
  ) {
    super('not_ready', `upstream has not finished the request (${marker ?? `HTTP ${status}`})`, { status });
  }
}

/** Where the cap on upstream bodies is set; named in the error so an operator knows what to raise. */
export const MAX_UPSTREAM_BYTES_SETTING = '--max-upstream-bytes / FOOTBALL_API_MAX_BODY_BYTES';

/**
 * The upstream answer is larger than the cap on upstream bodies (declared by Content-Length, or
 * counted while streaming): it was not read further. Not retried: the same request gets the same size.
 */
export class TooLargeError extends ApiError {
  constructor(
    readonly limitBytes: number,
    /** The Content-Length the upstream declared, when that alone was over the cap. */
    readonly declaredBytes?: number,
    status?: number,
  ) {
    super(
      'too_large',
      `upstream answer ${declaredBytes !== undefined ? `declares ${declaredBytes} bytes` : 'goes on'} past the cap of ${limitBytes} bytes on upstream bodies (${MAX_UPSTREAM_BYTES_SETTING}); not read further`,
      status !== undefined ? { status } : {},
    );
  }
}

/**
 * Refused locally, before any upstream call: this API key already has as many requests in flight and
 * waiting as it may (its own calls hang or pile up). Other keys are not affected. Not retried.
 */
export class KeyBusyError extends ApiError {
  constructor(
    readonly maxInFlight: number,
    readonly maxQueued: number,
  ) {
    super(
      'busy',
      `too many upstream requests for this API key at once: ${maxInFlight} in flight and ${maxQueued} waiting (FOOTBALL_API_MAX_IN_FLIGHT_PER_KEY / FOOTBALL_API_MAX_QUEUED_PER_KEY); request not sent`,
    );
  }
}

export class AbortedError extends ApiError {
  constructor() {
    super('aborted', 'request cancelled by the caller');
  }
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' ? code : cause.name;
  }
  return 'unknown error';
}

const PARAMETER_NAME = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,63}$/;

/** Reads the parameter name out of an upstream error body, if it has a plausible one. */
export function parameterFromBody(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const inner =
    record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  for (const candidate of [inner.parameter, inner.param, record.parameter, record.param, inner.field]) {
    if (typeof candidate === 'string' && PARAMETER_NAME.test(candidate)) return candidate;
  }
  return undefined;
}

const LIMIT_BOUND =
  /\b(?:at most|maximum(?: is| of)?|max(?:imum)?|up to|<=?|au plus|au maximum|jusqu'à)\s*:?\s*(\d{1,5})\b/i;

/** The largest `limit` a 400 body names ("limit must be at most 50", {max: 50}), if any. */
export function limitBoundFromBody(body: unknown): number | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const inner =
    record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : {};
  for (const candidate of [inner.max, inner.maximum, record.max, record.maximum]) {
    if (typeof candidate === 'number' && Number.isInteger(candidate) && candidate > 0) return candidate;
  }
  for (const text of [
    inner.message,
    record.message,
    typeof record.error === 'string' ? record.error : undefined,
  ]) {
    if (typeof text !== 'string' || !/limit/i.test(text)) continue;
    const match = LIMIT_BOUND.exec(text);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The typed error for an upstream status (non-2xx). */
export function errorForStatus(
  status: number,
  body: unknown,
  resetAt: string | null,
  rateLimit: { daily?: boolean; retryAfterS?: number } = {},
): ApiError {
  if (status === 400 || status === 422) {
    const error = new BadRequestError(parameterFromBody(body));
    const bound = limitBoundFromBody(body);
    if (bound !== undefined) error.limitHint = bound;
    return error;
  }
  if (status === 401) return new UnauthorizedError('rejected');
  if (status === 403) return new ForbiddenError();
  if (status === 404) return new NotFoundError();
  if (status === 429) return new RateLimitedError(resetAt, rateLimit);
  if (status >= 500) return new UpstreamServerError(status);
  if (status < 400) return new BadResponseError(`unexpected status ${status} (a redirect?)`);
  return new BadRequestError(parameterFromBody(body));
}

/**
 * Refused locally while answering from the cache only (request-tally.ts, cacheOnly): the answer is not in
 * the cache, and nothing was sent. Tells a look at the cache what a run would have to send.
 */
export class NotCachedError extends ApiError {
  constructor() {
    // A look at the cache that finds nothing is an answer, not a fault, made on many calls (the
    // canonical forms look for the leagues list): no stack is captured for it.
    const depth = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super('quota_exhausted', 'not in the cache, and only cached answers were asked for; request not sent');
    } finally {
      Error.stackTraceLimit = depth;
    }
  }
}
