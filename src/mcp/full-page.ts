// List routes are always asked for their largest page and cut locally to the caller's `limit`. Every
// request costs one quota unit whatever its size, so the same question with another limit (or a
// follow-up asking for more rows) is answered from the cache: the limit in the upstream query, and
// so in the cache key, is always the page size.
import type { z } from 'zod';
import type { ApiClient, ApiResult, CallOptions } from '../api/client.js';
import type { RouteName } from '../api/routes.js';

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

/**
 * `api.call` with `limit` set to the route's page size: in the JSON body for a POST (`options.body`
 * given), in the query otherwise. Cut the rows with `page` (src/mcp/paging.ts) and PAGE_SIZE[route].
 */
export function callFullPage<N extends ListRoute, S extends z.ZodType>(
  api: ApiClient,
  route: N,
  schema: S,
  options: CallOptions<N>,
): Promise<ApiResult<z.infer<S>>> {
  const limit = PAGE_SIZE[route];
  const body = options.body as Record<string, unknown> | undefined;
  return api.call(
    route,
    schema,
    body !== undefined
      ? { ...options, body: { ...body, limit } }
      : { ...options, query: { ...options.query, limit } },
  );
}
