// Where an answer came from, judged by what its run spent (src/api/request-tally.ts) rather than by
// each tool's own bookkeeping of its parts, which misses what helpers asked beside them: an answer with
// no request sent is from the cache, one with both sent and cached parts says it is mixed.
import type { Source } from '../api/client.js';
import type { Requests } from '../api/request-tally.js';

/**
 * `source` as the run's tally tells it: cached when nothing was sent and something came from the cache;
 * mixed (with both counts) when both. A stale answer stays as the tool said (its label says more), as
 * does a run that asked nothing upstream at all (quota_status, a stored report).
 */
export function sourceFromTally(source: Source, requests: Requests | undefined): Source {
  if (!requests || source.stale) return source;
  const { sent, from_cache } = requests;
  if (sent === 0 && from_cache > 0) return { ...source, cached: true };
  if (sent > 0 && from_cache > 0) return { ...source, cached: false, sent, from_cache };
  if (sent > 0) return { ...source, cached: false };
  return source;
}
