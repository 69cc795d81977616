// What one tool run spent upstream, counted where every request passes (the client), not by each helper
// that asks: a run is wrapped in `tallyRequests`, and the client adds to it through this run's
// AsyncLocalStorage, so requests made by kit helpers (hints, pages, batch splits, retries) count too.
//
// - sent: each HTTP request the client makes, retries included, whatever came of it (any status, a
//   timeout, a broken connection): the spec does not say which of them its daily quota counts, so each
//   one that may have counted is counted. A request the client refused itself (no key, quota spent,
//   queue full) or the caller cancelled is not.
// - from_cache: each answer given without a request of its own: a fresh cache entry, an answer shared
//   with an identical request already in flight, a batch whose every item is cached, and a stale entry
//   served because the upstream failed (that one's failed attempts are counted as sent too).
import { runSlot } from '../lib/run-scope.js';

export interface Requests {
  sent: number;
  from_cache: number;
}

/** A request sent again, and why: the route asked and what the attempt before it met (a 503, a timeout). */
export interface Retry {
  route: string;
  after: string;
}

/** A tally, and the one it is part of: a step that counts its own (a list's pages) adds to its run's too. */
interface Tally {
  requests: Requests;
  retries: Retry[];
  outer: Tally | undefined;
  /** Answer from the cache only: a request that would be sent is refused before it is (see cacheOnly). */
  cacheOnly?: boolean;
  /** When the first cached answer the run read stops being fresh, by the cache's clock. */
  freshUntil: number;
  /** The run a look at the cache (cacheOnly) is made for: what it read fresh bounds that run's too. */
  lookFor?: Tally | undefined;
}

const tally = runSlot<Tally>('tally');

/**
 * Runs `run` with its own tally, and says what it spent. Inside another tally (a run), what `run`
 * spends counts in both: exact for `run` alone, even while other parts of the run ask beside it.
 */
export async function tallyRequests<T>(
  run: () => Promise<T>,
): Promise<{ value: T; requests: Requests; freshUntil: number }> {
  const outer = tally.get();
  const own: Tally = {
    requests: { sent: 0, from_cache: 0 },
    retries: [],
    outer,
    freshUntil: Number.POSITIVE_INFINITY,
    ...(outer?.cacheOnly ? { cacheOnly: true } : {}),
  };
  const value = await tally.run(own, run);
  return { value, requests: { ...own.requests }, freshUntil: own.freshUntil };
}

/**
 * Runs `run` answering from the cache only: every request it would send is refused before it is sent
 * (`sendsRefused` says so to the client), so it costs no quota; what it spent is counted in its own tally
 * only, not its run's (it is a look at the cache, not a part of the answer). Tells what it would have had
 * to send: `missed`, the requests refused.
 */
export async function cacheOnly<T>(
  run: () => Promise<T>,
): Promise<{ value: T | undefined; error?: unknown; requests: Requests; missed: number }> {
  const own: Tally = {
    requests: { sent: 0, from_cache: 0 },
    retries: [],
    outer: undefined,
    cacheOnly: true,
    freshUntil: Number.POSITIVE_INFINITY,
    lookFor: tally.get(),
  };
  const missed = { count: 0 };
  try {
    const value = await tally.run(own, () => missing.run(missed, run));
    return { value, requests: { ...own.requests }, missed: missed.count };
  } catch (error) {
    return { value: undefined, error, requests: { ...own.requests }, missed: missed.count };
  }
}

const missing = runSlot<{ count: number }>('missed');

/** Whether the current run answers from the cache only (see cacheOnly): nothing may be sent. */
export function sendsRefused(): boolean {
  return tally.get()?.cacheOnly === true;
}

/** One answer the cache did not hold while answering from it only: a request the run would have sent. */
export function countMissed(): void {
  const missed = missing.get();
  if (missed) missed.count += 1;
}

/** One request sent again by the current run, and why (none outside a run). */
export function countRetry(retry: Retry): void {
  for (let t = tally.get(); t; t = t.outer) t.retries.push(retry);
}

/** The requests the current run has sent again so far, and why; empty outside a run. */
export function retriesSpent(): Retry[] {
  return [...(tally.get()?.retries ?? [])];
}

/** The retries of the current run from now on: call the function returned to read them. */
export function retriesFrom(): () => Retry[] {
  const target = tally.get()?.retries;
  const start = target?.length ?? 0;
  return () => target?.slice(start) ?? [];
}

/** One HTTP request sent upstream by the current run (none outside a run). */
export function countSent(): void {
  for (let t = tally.get(); t; t = t.outer) t.requests.sent += 1;
}

/** A cached answer the current run read, fresh until `at` (the cache's clock): the run's answer is too. */
export function noteFreshUntil(at: number): void {
  for (let t = tally.get(); t; t = t.outer ?? t.lookFor) if (at < t.freshUntil) t.freshUntil = at;
}

/** One answer served without a request of its own, in the current run (none outside a run). */
export function countFromCache(): void {
  for (let t = tally.get(); t; t = t.outer) t.requests.from_cache += 1;
}

/**
 * What the current run has spent from now on: call the function returned to read it. Exact for steps
 * run one after another; requests made meanwhile by a part running beside them count too.
 */
export function spendingFrom(): () => Requests {
  const target = tally.get()?.requests;
  if (!target) throw new Error('no request tally: upstream requests are counted only inside a tool run');
  const start = { ...target };
  return () => ({ sent: target.sent - start.sent, from_cache: target.from_cache - start.from_cache });
}

/** What the current run has spent so far. */
export function requestsSpent(): Requests {
  const target = tally.get()?.requests;
  if (!target) throw new Error('no request tally: upstream requests are counted only inside a tool run');
  return { ...target };
}
