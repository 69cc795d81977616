// The last answers of the read-only tools, given again to the same call while nothing they rest on can
// have changed: no upstream request sent or answered, no cache entry written and nothing learned since
// (src/api/change-count.ts), and every cached answer the run read still fresh. A repeated call then skips
// its run (the cache reads, the reading of the pages, the text), the most of a cached call's own work.
// Only an answer its run made from the cache alone is kept; its quota is read anew on every replay.
import { LRUCache } from 'lru-cache';
import { changeCount } from '../api/change-count.js';
import type { ApiClient } from '../api/client.js';
import type { Outcome } from './result.js';

/**
 * A diagnostic for tests (FOOTBALL_CHECK_REPLAYS=1): a call that would be given a kept answer is run all
 * the same, and a kept answer differing from the one made anew is an error answer naming both.
 */
export const replayCheck = { on: process.env.FOOTBALL_CHECK_REPLAYS === '1' };

/** A bound on what the clock alone may change in an answer (a season's turn), whatever the cache allows. */
export const MOST_KEPT_MS = 60_000;
/** At most, and no more than --cache-max-entries and --cache-max-bytes allow. */
const MOST_ANSWERS = 256;
/** About the bytes all kept answers hold (the text's length ×4: the text and the structured form). */
const MOST_BYTES = 4 * 1024 * 1024;
/** Calls whose arguments are longer than this are not kept (a key that long costs more than it saves). */
const LONGEST_ARGUMENTS = 4_096;

/** What an answer is made again from: its envelope but the quota, its text, and what draws its chart. */
export interface KeptAnswer {
  structured: Omit<Outcome<unknown, unknown>, 'quota'>;
  text: string;
  season: string | null | undefined;
  /** The cached answers its run read: a replay counts them as hits (the cache's metrics). */
  hits: number;
  /** The outcome and arguments a tool with a chart draws it from, again on each replay. */
  drawFrom?: { outcome: unknown; args: unknown };
}

interface Kept {
  answer: KeptAnswer;
  /** The change count the answer was made at. */
  madeAt: number;
  /** When the first cached answer its run read stops being fresh (the cache's clock). */
  freshUntil: number;
}

/**
 * The kept answers of the clients sharing a cache, in one bound (not one a client: a server holds a client
 * a session), no more than the cache's own settings allow; each client's under its number: a caller key
 * may see other data, and a session's rows seen are its own. Undefined when the settings keep nothing.
 */
const keptByCache = new WeakMap<object, LRUCache<string, Kept> | undefined>();

function keptOf(api: ApiClient): LRUCache<string, Kept> | undefined {
  const { cache, maxEntries, maxBytes } = api.cacheBounds();
  if (keptByCache.has(cache)) return keptByCache.get(cache);
  const most = Math.floor(Math.min(MOST_ANSWERS, maxEntries));
  const bytes = Math.floor(Math.min(MOST_BYTES, maxBytes));
  const kept =
    most < 1 || bytes < 4
      ? undefined
      : new LRUCache<string, Kept>({ max: most, maxSize: bytes, maxEntrySize: Math.floor(bytes / 4) });
  keptByCache.set(cache, kept);
  return kept;
}

const clientNumbers = new WeakMap<ApiClient, number>();
let clients = 0;

function clientKey(api: ApiClient, key: string): string {
  let number = clientNumbers.get(api);
  if (number === undefined) {
    clients += 1;
    number = clients;
    clientNumbers.set(api, number);
  }
  return `${number}\n${key}`;
}

let tools = 0;

/**
 * The kept answers' keys of one tool: each call's place among them, undefined for a call too long to key.
 * Each tool defined has keys of its own, whatever its name (a test may define two tools of one name).
 */
export function answerKeys(): (args: unknown) => string | undefined {
  tools += 1;
  const tool = tools;
  return (args) => {
    const written = JSON.stringify(args ?? null);
    return written.length > LONGEST_ARGUMENTS ? undefined : `${tool}\n${written}`;
  };
}

/** The answer kept for `key`, while nothing it rests on can have changed. */
export function keptAnswer(api: ApiClient, key: string): KeptAnswer | undefined {
  const kept = keptOf(api);
  const at = clientKey(api, key);
  const found = kept?.get(at);
  if (!found) return undefined;
  if (found.madeAt === changeCount() && api.cacheTime() < found.freshUntil) return found.answer;
  kept?.delete(at);
  return undefined;
}

/**
 * Keeps `answer`, made from the cache alone by a run that began at change count `madeAt`, unless anything
 * changed while it ran (then false); `freshUntil` is when the first cached answer it read stops being fresh.
 */
export function keepAnswer(
  api: ApiClient,
  key: string,
  answer: KeptAnswer,
  madeAt: number,
  freshUntil: number,
): boolean {
  const kept = keptOf(api);
  if (!kept || changeCount() !== madeAt) return false;
  const now = api.cacheTime();
  // What the calendar alone changes (the season running, from 1 July) turns at a UTC midnight.
  const midnight = new Date(now).setUTCHours(24, 0, 0, 0);
  const until = Math.min(freshUntil, now + MOST_KEPT_MS, midnight);
  // About the bytes held: the text, and the structured form, about its size (test/e2e/lean-forms.test.ts).
  const size = Math.max(1, 4 * answer.text.length);
  // An answer over a quarter of the bound is not kept (the LRU would refuse it).
  if (size > kept.maxEntrySize) return false;
  kept.set(clientKey(api, key), { answer, madeAt, freshUntil: until }, { size });
  return true;
}
