// An API in a short maintenance window: from the first request it receives, for MAINTENANCE_MS, every
// request is answered 503 in JSON with `Retry-After` (whole seconds, until the window ends) and the
// key's rate-limit headers as they stand (every answer carries them, the spec says; the quota is not
// counted). A client that waits as asked gets through; one that asks again sooner meets the window
// again. Everything else is standard.
import { type Dialect, jsonAnswer, type WireAnswer, type WireRequest } from './dialect.js';

export const MAINTENANCE_MS = 800;

/**
 * The answer of an API in maintenance until `until` (ms since the epoch) to `req`, or undefined once
 * the window is over: a pure function of the request and the window, for harnesses that compose.
 */
export function maintenanceAnswer(req: WireRequest, until: number): WireAnswer | undefined {
  const left = until - req.now.getTime();
  if (left <= 0) return undefined;
  return jsonAnswer(
    503,
    { ...req.rateLimit, 'Retry-After': String(Math.ceil(left / 1000)) },
    {
      error: {
        status: 503,
        code: 'maintenance',
        message: 'the service is down for maintenance; retry after the time given',
      },
    },
  );
}

export const maintenance: Dialect = {
  name: 'maintenance',
  summary: `a maintenance window: for ${MAINTENANCE_MS} ms from the first request, every request answers 503 with Retry-After`,
  gate() {
    let until: number | undefined;
    return {
      admit(req) {
        until ??= req.now.getTime() + MAINTENANCE_MS;
        return maintenanceAnswer(req, until);
      },
    };
  },
};
