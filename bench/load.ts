// Closed-loop load: N clients, each sending its next request as soon as the previous one answered.
import { percentile } from './stats.js';

export interface LoadResult {
  calls: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  firstError?: string;
}

/**
 * Runs `clients` loops of `send(client)` for `warmupMs` (not counted) then `durationMs` (counted).
 * `send` rejects or returns false on a failed call.
 */
export async function closedLoop(
  clients: number,
  send: (client: number) => Promise<boolean>,
  { warmupMs, durationMs }: { warmupMs: number; durationMs: number },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const measureFrom = started + warmupMs;
  const end = measureFrom + durationMs;
  const loop = async (client: number) => {
    while (performance.now() < end) {
      const t0 = performance.now();
      let ok: boolean;
      try {
        ok = await send(client);
      } catch (error) {
        ok = false;
        firstError ??= String(error);
      }
      if (t0 < measureFrom) continue;
      if (ok) latencies.push(performance.now() - t0);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => loop(i)));
  const seconds = (performance.now() - measureFrom) / 1000;
  return {
    calls: latencies.length,
    errors,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    ...(firstError ? { firstError } : {}),
  };
}
