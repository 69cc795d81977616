import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Stores } from '../store/open.js';
import type { Drain } from './drain.js';
import { json } from './http-io.js';

/**
 * Answers /healthz (liveness) and /readyz (store reachable, not shutting down); false for other paths.
 * Probes carry the pod's address as Host, so they are answered before the DNS-rebinding checks; they
 * say nothing secret.
 */
export async function answerProbe(
  req: IncomingMessage,
  res: ServerResponse,
  path: string | undefined,
  stores: Stores,
  drain: Drain,
): Promise<boolean> {
  if (req.method !== 'GET') return false;
  if (path === '/healthz') {
    json(res, 200, { status: 'ok' });
    return true;
  }
  if (path !== '/readyz') return false;
  const storeUp = await stores.ping();
  const ready = storeUp && !drain.shuttingDown;
  json(res, ready ? 200 : 503, {
    status: ready ? 'ready' : 'not ready',
    store: storeUp ? 'up' : 'down',
    shutting_down: drain.shuttingDown,
  });
  return true;
}
