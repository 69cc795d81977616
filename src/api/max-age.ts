// How old a cached answer one tool run accepts, carried through the run like its request tally
// (request-tally.ts): the caller asks once (a tool's `max_age_s`), and every cache lookup of the run
// honours it, whichever kit helper asks. Outside such a run, the cache's own TTLs alone decide.
import { runSlot } from '../lib/run-scope.js';

const limit = runSlot<number>('maxAgeMs');

/** Runs `run` accepting cached answers at most `maxAgeMs` old (0: none from the cache). */
export function withMaxAge<T>(maxAgeMs: number | undefined, run: () => Promise<T>): Promise<T> {
  return maxAgeMs === undefined ? run() : limit.run(maxAgeMs, run);
}

/** The oldest cached answer the current run accepts, in ms; undefined when it set no limit. */
export function maxAgeMs(): number | undefined {
  return limit.get();
}
