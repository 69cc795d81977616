// The one argument every tool that reads the API takes beside its own: how old a cached answer the
// caller accepts. Listed in each such tool's schema (frameworks such as LangChain and the AI SDK send only
// the arguments a schema lists), with the same short words everywhere; read here, before the tool's own
// arguments, so every tool refuses a bad value alike; the limit travels with the run (src/api/max-age.ts).
import { z } from 'zod';
import { fromText } from './arguments.js';
import { RefusedError } from './result.js';

export const MAX_CACHE_AGE_ARGUMENT = 'max_cache_age_s';

/** The longest limit taken: a week, past every cache TTL (a larger one would change nothing). */
const MOST_SECONDS = 7 * 24 * 3600;

/** What the instructions say of it (one line for every tool). */
export const MAX_CACHE_AGE_WORDS = `Tools that read the API take ${MAX_CACHE_AGE_ARGUMENT} (whole seconds): answers cached longer ago are asked again, 0 asks everything anew; each request asked again spends quota.`;

/**
 * The argument as tools/list shows it, on every tool that reads the API. Its bounds are checked by
 * `takeMaxCacheAge` (the same refusal for every tool), not listed: the words carry them.
 */
export const MaxCacheAgeArg = z.number().describe('0: none cached (spends quota)');

/**
 * The shared argument taken out of `raw`: its limit in ms (undefined when absent or null) and the
 * arguments left for the tool. A value that is not whole seconds from 0 is refused before anything runs.
 */
export function takeMaxCacheAge(tool: string, raw: unknown): { maxAgeMs: number | undefined; rest: unknown } {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || !(MAX_CACHE_AGE_ARGUMENT in raw))
    return { maxAgeMs: undefined, rest: raw };
  const { [MAX_CACHE_AGE_ARGUMENT]: given, ...rest } = raw as Record<string, unknown>;
  // Written as text ("3600"), as other number arguments may be (arguments.ts).
  const value = typeof given === 'string' ? fromText(given, { type: 'integer' }) : given;
  if (value === null || value === undefined) return { maxAgeMs: undefined, rest };
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > MOST_SECONDS) {
    throw new RefusedError(
      `Invalid argument for ${tool} (nothing was sent):\n- ${MAX_CACHE_AGE_ARGUMENT} must be a whole number of seconds from 0 to ${MOST_SECONDS} (0: nothing from the cache), e.g. 3600; got ${JSON.stringify(value)}.`,
    );
  }
  return { maxAgeMs: value * 1000, rest };
}
