// Where an answer came from, judged by what its run spent (src/api/request-tally.ts) rather than by
// each tool's own bookkeeping of its parts, which misses what helpers asked beside them: an answer with
// no request sent is from the cache, one with both sent and cached parts says it is mixed.
import type { Source } from '../api/client.js';
import type { Requests } from '../api/request-tally.js';

/**
 * `source` as the run's tally tells it: cached when nothing was sent and something came from the cache;
 * otherwise the requests sent, always (with what came from the cache beside them when anything did), so
 * a caller adding up what its answers say it spent accounts for every request its key was charged. A
 * stale answer keeps the tool's word on where it came from (its label says more) and says what its
 * failed attempts sent; a run that asked nothing upstream at all (quota_status, a stored report) says
 * nothing of it.
 */
export function sourceFromTally(source: Source, requests: Requests | undefined): Source {
  if (!requests) return source;
  const { sent, from_cache } = requests;
  if (source.stale) return sent > 0 ? { ...source, sent } : source;
  if (sent === 0 && from_cache > 0) return { ...source, cached: true };
  if (sent > 0 && from_cache > 0) return { ...source, cached: false, sent, from_cache };
  if (sent > 0) return { ...source, cached: false, sent };
  return source;
}
