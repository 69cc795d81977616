import { ResponseCache } from '../api/cache.js';
import { keyLabel, keyTag } from '../api/canonical.js';
import { ApiClient } from '../api/client.js';
import { PerKeyLimiter } from '../api/per-key.js';
import { lazyPool, type Requester } from '../api/pool.js';
import { QuotaTracker } from '../api/quota.js';
import { extendAliases } from '../api/reader/aliases.js';
import { RoleCatalog } from '../api/role-catalog.js';
import { loadUpstreamOverrides, remappedRoutes } from '../api/route-overrides.js';
import type { Config } from '../config.js';
import type { Metrics } from '../http/metrics.js';
import type { Logger } from '../log.js';
import type { SharedUpstream, ToolDeps } from '../mcp/context.js';
import { memoryStores, type Stores } from '../store/open.js';
import { VERSION } from '../version.js';

export interface Upstream {
  baseUrl: string;
  apiKey: string | undefined;
}

export type { SharedUpstream } from '../mcp/context.js';

export function createSharedUpstream(
  config: Config,
  upstream: Upstream,
  logger: Logger,
  stores: Stores,
  metrics?: Metrics,
): SharedUpstream {
  const pool = lazyPool(new URL(upstream.baseUrl).origin, {
    connections: 32,
    keepAliveTimeout: 30_000,
    pipelining: 1,
  });
  // One key's hung calls must not hold every connection of the shared pool.
  const perKey = new PerKeyLimiter(pool, {
    maxInFlight: config.maxInFlightPerKey,
    maxQueued: config.maxQueuedPerKey,
  });
  const { build, settled } = depsBuilder(config, upstream, logger, stores, metrics, (tag) =>
    perKey.forKey(tag),
  );
  return {
    depsFor: build,
    // Answers and quota states are written to the store after the answer is given: finish those
    // writes before the store closes.
    close: async () => {
      await settled();
      await pool.close();
    },
  };
}

/** Builds what the tools use for one upstream key, with an in-memory store (stdio, tests). */
export function createToolDeps(config: Config, upstream: Upstream, logger: Logger): ToolDeps {
  // No shared pool: the client owns its own and `deps.api.close()` closes it.
  return depsBuilder(
    config,
    upstream,
    logger,
    memoryStores(config.cacheMaxEntries, { maxBytes: config.cacheMaxBytes }),
  ).build(undefined);
}

function depsBuilder(
  config: Config,
  upstream: Upstream,
  logger: Logger,
  stores: Stores,
  metrics?: Metrics,
  dispatcherFor?: (tag: string) => Requester,
): { build: (callerKey: string | undefined) => ToolDeps; settled: () => Promise<void> } {
  const cache = new ResponseCache({
    store: stores.cache,
    ttlMs: {
      reference: config.cacheTtlReference * 1000,
      computed: config.cacheTtlComputed * 1000,
      account: config.cacheTtlAccount * 1000,
    },
    staleMaxAgeMs: config.cacheStaleMaxAge * 1000,
  });
  const quotaWrites = new Set<Promise<unknown>>();
  // Read once per process: a bad routes file stops the start, not a session.
  const overrides = config.routesFile ? loadUpstreamOverrides(config.routesFile) : undefined;
  const routes = overrides?.routes;
  if (overrides) {
    extendAliases(overrides.fields);
    const aliases = Object.entries(overrides.fields).map(([field, names]) => `${field} ← ${names.join('|')}`);
    logger.info(
      `routes file ${config.routesFile}: ${[...remappedRoutes(overrides.routes), ...aliases].join('; ') || 'no change'}`,
    );
  }
  const build = (callerKey: string | undefined): ToolDeps => {
    const apiKey = callerKey ?? upstream.apiKey;
    const tag = apiKey ? keyTag(apiKey, config.metricsKeySecret) : 'nokey';
    // What /metrics and the log show of the key: keyed, never the partition tag itself.
    const label = apiKey ? keyLabel(apiKey, config.metricsKeySecret) : 'nokey';
    const api = new ApiClient({
      baseUrl: upstream.baseUrl,
      apiKey,
      ...(config.metricsKeySecret ? { keySecret: config.metricsKeySecret } : {}),
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      maxBodyBytes: config.maxUpstreamBytes,
      ...(dispatcherFor ? { dispatcher: dispatcherFor(tag) } : {}),
      cache,
      quota: new QuotaTracker(Date.now, {
        store: stores.quota,
        tag,
        writes: quotaWrites,
        ...(metrics ? { onChange: (_tag, q) => metrics.quotaSeen(label, q) } : {}),
      }),
      userAgent: `football-scout-mcp/${VERSION}`,
      onUpstream: (event) => {
        metrics?.upstreamRequest(event.status);
        logger.debug('upstream', { ...event, key: label });
      },
      ...(routes ? { routes } : {}),
    });
    const scoped = callerKey ? redacting(logger, callerKey) : logger;
    return { api, roles: new RoleCatalog(api), logger: scoped, images: config.images };
  };
  const settled = async () => {
    await cache.settled();
    while (quotaWrites.size > 0) await Promise.all(quotaWrites);
  };
  return { build, settled };
}

/** A logger that also masks a caller's key, which the process-wide logger does not know. */
export function redacting(base: Logger, secret: string): Logger {
  const mask = (text: string) =>
    base.redact(secret.length >= 4 ? text.split(secret).join('[redacted]') : text);
  const fields = (f?: Record<string, unknown>) =>
    f === undefined ? undefined : (JSON.parse(mask(JSON.stringify(f))) as Record<string, unknown>);
  return {
    debug: (m, f) => base.debug(mask(m), fields(f)),
    info: (m, f) => base.info(mask(m), fields(f)),
    warn: (m, f) => base.warn(mask(m), fields(f)),
    error: (m, f) => base.error(mask(m), fields(f)),
    redact: mask,
  };
}
