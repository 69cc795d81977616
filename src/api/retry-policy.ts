// When an upstream answer is worth asking again, and after how long: the client's retry loop and anything
// else that talks to the API (doctor) decide the same way.
//
// - A 5xx is retried with backoff (not those that say the request itself can never be served); a
//   gateway's error page counts the same as the API's own 5xx.
// - A 429 with quota left, or none said, is a burst limit: its Retry-After (seconds or an HTTP date) is
//   waited out, or backoff without one.
// - A 429 with the quota spent is the daily quota: never waited, unless the reset it names is closer
//   than the longest wait allowed (a window about to open, or a daily quota seconds before midnight).
// - A 503 with a Retry-After is a maintenance window (or an overload) the API asks to be waited out:
//   waited like a burst 429, even by a caller that retries only uncounted answers (doctor), since
//   without it a healthy API met in a short window would be called broken.
// - A 202 Accepted (or an answer that says it is pending) is not finished: asked again like a 5xx, after
//   its Retry-After or backoff.
// - Every wait is bounded by maxRetryAfterMs, and the waits of one request by `retries`: a longer one,
//   or one more, ends the retries.
import type { HeaderBag, Quota } from './quota.js';

export interface RetryPolicy {
  /** Attempts after the first. */
  retries: number;
  /** The first backoff; doubled at each attempt, plus up to as much again at random. */
  retryBaseMs: number;
  /** The longest wait before another attempt (a Retry-After, a backoff, a reset); longer ends the retries. */
  maxRetryAfterMs: number;
  /**
   * Retry only answers the daily quota did not count: a burst 429 (quota left), a 5xx without
   * X-RateLimit-* headers (a gateway's; the API never saw the request). For a caller that promised how
   * many requests it would spend (doctor). Network errors and timeouts are then not retried either.
   */
  uncountedOnly?: boolean;
}

export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = {
  retries: 2,
  retryBaseMs: 250,
  maxRetryAfterMs: 20_000,
};

/** 5xx that say the request itself cannot be served (not implemented, version, loops, network login). */
const PERMANENT_5XX = new Set([501, 505, 506, 508, 510, 511]);

/** Statuses worth another attempt. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 && status <= 599 && !PERMANENT_5XX.has(status);
}

/**
 * A failure of what stands in front of the API (gateway, proxy, load balancer), not an answer of the API:
 * 502 and 504 (gateway statuses by definition), or any 5xx whose body is not JSON (an HTML error page).
 * A 503 in JSON is the API's own (maintenance, overload).
 */
export function isGatewayFailure(status: number, bodyIsJson: boolean): boolean {
  return status === 502 || status === 504 || (status >= 500 && !bodyIsJson);
}

function first(value: HeaderBag[string]): string | undefined {
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
}

/**
 * The wait a Retry-After asks for, in ms: seconds, or an HTTP date. A date is measured against the
 * answer's own Date header when it has one, so a client clock that is off does not skew the wait (the
 * Date header's whole seconds can only make the wait longer, never too short).
 */
export function retryAfterMs(headers: HeaderBag, now: number = Date.now()): number | undefined {
  const text = first(headers['retry-after']);
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  const served = Date.parse(first(headers.date) ?? '');
  return Math.max(0, date - (Number.isNaN(served) ? now : served));
}

export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const base = baseMs * 2 ** attempt;
  return base + random() * base;
}

/** An answer the daily quota did not count: a burst 429, or a 5xx that carries no quota headers. */
export function isUncounted(answer: Answer | 'network'): boolean {
  if (answer === 'network') return false;
  const { status, headers, quota } = answer;
  if (status === 429) return !isDailyLimit(quota);
  return isTransientStatus(status) && !Object.keys(headers).some((h) => /^x-ratelimit-/i.test(h));
}

/** A 503 that says when to come back (a Retry-After that reads): the API asks to be waited out. */
export function isMaintenance(answer: Answer | 'network', now: number = Date.now()): boolean {
  return answer !== 'network' && answer.status === 503 && retryAfterMs(answer.headers, now) !== undefined;
}

/** A 429 at this quota is the daily quota (spent), not a burst limit. */
export function isDailyLimit(quota: Quota): boolean {
  return quota.remaining === 0 && !quota.unlimited;
}

/** Past the reset, a request may still meet the old window for a moment: wait a little longer. */
const RESET_MARGIN_MS = 250;

export interface Answer {
  status: number;
  headers: HeaderBag;
  /** The quota after this answer was read. */
  quota: Quota;
}

/**
 * How long to wait before attempt `attempt + 1` after this answer (or after a network error or timeout:
 * 'network'), or undefined when asking again is no use: not a transient failure, no retries left, or a
 * wait longer than `maxRetryAfterMs`.
 */
export function retryDelayMs(
  answer: Answer | 'network',
  attempt: number,
  policy: RetryPolicy,
  now: number = Date.now(),
): number | undefined {
  if (attempt >= policy.retries) return undefined;
  if (policy.uncountedOnly && !isUncounted(answer) && !isMaintenance(answer, now)) return undefined;
  const delay = delayFor(answer, attempt, policy, now);
  return delay !== undefined && delay <= policy.maxRetryAfterMs ? delay : undefined;
}

function delayFor(answer: Answer | 'network', attempt: number, policy: RetryPolicy, now: number) {
  if (answer === 'network') return backoffMs(attempt, policy.retryBaseMs);
  const { status, headers, quota } = answer;
  // A 202: the API took the request and works on it; its Retry-After says when to look again.
  if (isTransientStatus(status) || status === 202)
    return retryAfterMs(headers, now) ?? backoffMs(attempt, policy.retryBaseMs);
  if (status !== 429) return undefined;
  if (!isDailyLimit(quota)) return retryAfterMs(headers, now) ?? backoffMs(attempt, policy.retryBaseMs);
  if (quota.reset === null || quota.reset_assumed) return undefined;
  const untilReset = Date.parse(quota.reset) - now;
  return untilReset >= 0 ? untilReset + RESET_MARGIN_MS : undefined;
}
