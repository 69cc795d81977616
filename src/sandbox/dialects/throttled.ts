// A per-second burst limit in front of the API: every 5th request (by arrival) is answered 429 with
// `Retry-After` as an HTTP date, the next whole second, and the key's rate-limit headers as they stand
// (the daily quota is not counted, and shows requests left). The same request sent again before that
// date is refused again, so a client must really wait; sent at or after it, it goes through.
// Everything else is standard.
import { LRUCache } from 'lru-cache';
import {
  type Dialect,
  fingerprint,
  GATE_MEMORY,
  type Gate,
  jsonAnswer,
  type WireRequest,
} from './dialect.js';

export const THROTTLE_EVERY = 5;

/** How `Retry-After` says when to come back: an HTTP date, or whole seconds from now. */
export type RetryAfterForm = 'date' | 'seconds';

function tooMany(req: WireRequest, at: number, form: RetryAfterForm) {
  const retryAfter =
    form === 'date' ? new Date(at).toUTCString() : String(Math.ceil((at - req.now.getTime()) / 1000));
  return jsonAnswer(
    429,
    { ...req.rateLimit, 'Retry-After': retryAfter },
    {
      error: {
        status: 429,
        code: 'rate_limited',
        message: `too many requests per second; retry after the ${form === 'date' ? 'date' : 'seconds'} given`,
      },
    },
  );
}

/** A burst limit: every `every`th request (by arrival) is told to wait until the next whole second. */
export function burstGate(every: number, form: RetryAfterForm): Gate {
  /** Requests told to wait, by fingerprint: when they may come back. */
  const waiting = new LRUCache<string, number>({ max: GATE_MEMORY });
  return {
    admit(req) {
      const key = fingerprint(req);
      const now = req.now.getTime();
      const due = waiting.get(key);
      if (due !== undefined) {
        if (now < due) return tooMany(req, due, form);
        waiting.delete(key);
        return undefined;
      }
      if (req.index % every !== every - 1) return undefined;
      // The next whole second: an HTTP date has no finer unit.
      const at = Math.ceil((now + 1) / 1000) * 1000;
      waiting.set(key, at);
      return tooMany(req, at, form);
    },
  };
}

export const throttled: Dialect = {
  name: 'throttled',
  summary: `a burst limit: every ${THROTTLE_EVERY}th request answers 429 with Retry-After as an HTTP date about 1 s ahead, the daily quota untouched`,
  gate: () => burstGate(THROTTLE_EVERY, 'date'),
};
