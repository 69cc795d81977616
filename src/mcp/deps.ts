import { ResponseCache } from '../api/cache.js';
import { ApiClient } from '../api/client.js';
import { RoleCatalog } from '../api/role-catalog.js';
import { loadRoutesFile, remappedRoutes } from '../api/route-overrides.js';
import type { Config } from '../config.js';
import type { Logger } from '../log.js';
import { VERSION } from '../version.js';
import type { ToolDeps } from './context.js';

export interface Upstream {
  baseUrl: string;
  apiKey: string | undefined;
}

/** Builds what the tools use: one client (pool, cache, quota) for one upstream key. */
export function createToolDeps(config: Config, upstream: Upstream, logger: Logger): ToolDeps {
  const cache = new ResponseCache({
    maxEntries: config.cacheMaxEntries,
    ttlMs: {
      reference: config.cacheTtlReference * 1000,
      computed: config.cacheTtlComputed * 1000,
      account: config.cacheTtlAccount * 1000,
    },
    staleMaxAgeMs: config.cacheStaleMaxAge * 1000,
  });
  const routes = config.routesFile ? loadRoutesFile(config.routesFile) : undefined;
  if (routes)
    logger.info(`routes file ${config.routesFile}: ${remappedRoutes(routes).join('; ') || 'no change'}`);
  const api = new ApiClient({
    baseUrl: upstream.baseUrl,
    apiKey: upstream.apiKey,
    timeoutMs: config.timeoutMs,
    retries: config.retries,
    cache,
    userAgent: `football-scout-mcp/${VERSION}`,
    onUpstream: (event) => logger.debug('upstream', { ...event }),
    ...(routes ? { routes } : {}),
  });
  return { api, roles: new RoleCatalog(api), logger };
}
