// List routes are always asked for their largest page and cut locally to the caller's `limit`. Every
// request costs one quota unit whatever its size, so the same question with another limit (or a
// follow-up asking for more rows) is answered from the cache: the limit in the upstream query, and
// so in the cache key, is the page size.
//
// The spec shows no upper bound on `limit`. When the API refuses our page size (a 400 to a request
// whose only difference from the caller's is the larger limit), the page is asked again at the
// bound the error names or at the caller's own limit, and that cap is kept for the rest of the
// process: one extra request at most, and the caller's argument is never blamed for our page size.
import type { z } from 'zod';
import type { ApiClient, ApiResult, CallOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { publishReadNotes } from '../../src/api/reader/notes-sink.js';
import type { RouteName } from '../../src/api/routes.js';

/** Rows asked of each list route. The spec shows no upper bound: these are the largest the tools offer. */
export const PAGE_SIZE = {
  rankings: 100,
  scouting: 100,
  statisticRankings: 100,
  comparisonGroup: 200,
  playerSearch: 50,
  playerSimilar: 50,
  teams: 100,
  teamSimilar: 50,
  coaches: 100,
} as const satisfies Partial<Record<RouteName, number>>;

export type ListRoute = keyof typeof PAGE_SIZE;

/** The largest page each upstream accepted on a route after refusing a larger one. */
const caps = new Map<string, number>();

/** Forget learned caps (tests). */
export function resetPageCaps(): void {
  caps.clear();
}

/**
 * `api.call` with `limit` set to the route's page size (or its learned cap): in the JSON body for a
 * POST (`options.body` given), in the query otherwise. `pageSize` is the limit asked: cut the rows
 * with `page` (tools/kit/paging.ts) against it.
 */
export async function callFullPage<N extends ListRoute, S extends z.ZodType>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
  wanted: number = PAGE_SIZE[route],
): Promise<ApiResult<z.infer<S>> & { pageSize: number }> {
  const key = `${api.upstream} ${route}`;
  const cap = caps.get(key);
  const full = PAGE_SIZE[route];
  const first = cap === undefined ? full : Math.min(full, Math.max(cap, wanted));
  try {
    return await ask(api, route, schema, options, first, wanted);
  } catch (error) {
    // A 400 that names another parameter is about the caller's arguments, not our page size.
    const refused =
      error instanceof ApiError &&
      error.kind === 'bad_request' &&
      (error.parameter === undefined || /limit/i.test(error.parameter));
    const fallback = refused ? smallerPage(error, first, wanted, cap) : undefined;
    if (fallback === undefined) throw error;
    const result = await ask(api, route, schema, options, fallback, wanted);
    caps.set(key, Math.max(fallback, cap ?? 0));
    return result;
  }
}

/** The page to ask after `asked` was refused: the bound the API named, else the caller's limit. */
function smallerPage(
  error: ApiError,
  asked: number,
  wanted: number,
  cap: number | undefined,
): number | undefined {
  const named = error.limitHint;
  if (named !== undefined && named > 0 && named < asked) return named;
  const known = cap !== undefined && cap < asked ? cap : undefined;
  const next = known ?? wanted;
  return next < asked ? next : undefined;
}

async function ask<N extends ListRoute, S extends z.ZodType>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
  limit: number,
  wanted: number,
): Promise<ApiResult<z.infer<S>> & { pageSize: number }> {
  const body = options.body as Record<string, unknown> | undefined;
  const result = await api.call(
    route,
    schema,
    body !== undefined
      ? { ...options, body: { ...body, limit } }
      : { ...options, query: { ...options.query, limit } },
  );
  if (wanted > limit) publishReadNotes([`The API gives at most ${limit} rows per request on this route.`]);
  return { ...result, pageSize: limit };
}
