import { ResponseCache } from '../api/cache.js';
import { ApiClient } from '../api/client.js';
import { PerKeyLimiter } from '../api/per-key.js';
import { lazyPool, type Requester } from '../api/pool.js';
import { QuotaTracker } from '../api/quota.js';
import { tallyRequests } from '../api/request-tally.js';
import { loadUpstreamOverrides, remappedRoutes } from '../api/route-overrides.js';
import { ledgerOf, UntoldRequests } from '../api/untold-requests.js';
import { ChartStore } from '../charts/chart-store.js';
import { svgToPng } from '../charts/render.js';
import { type Config, usesEmbeddedSandbox } from '../config.js';
import { NamesLearned } from '../facts/names-learned.js';
import { RoleCatalog } from '../facts/role-catalog.js';
import type { Metrics } from '../http/metrics.js';
import { keyLabel, keyTag } from '../lib/canonical.js';
import { type Logger, SecretMask } from '../log.js';
import type { SharedUpstream, ToolDeps } from '../mcp/context.js';
import { memoryStores, type Stores } from '../store/open.js';
import { VERSION } from '../version.js';

export interface Upstream {
  baseUrl: string;
  apiKey: string | undefined;
}

export type { SharedUpstream } from '../mcp/context.js';

/**
 * Told what the API answered each caller key (never the server's own): accepted at its first success or
 * once its quota is known (only answers to a real key carry it, a 401's headers are not read), refused at
 * a 401. The HTTP layer's KeyStanding (src/http/key-standing.ts) keeps it for the sessions.
 */
export interface KeyObserver {
  accept(key: string): void;
  refuse(key: string): void;
}

export function createSharedUpstream(
  config: Config,
  upstream: Upstream,
  logger: Logger,
  stores: Stores,
  metrics?: Metrics,
  keys?: KeyObserver,
): SharedUpstream {
  const pool = lazyPool(new URL(upstream.baseUrl).origin, {
    connections: config.upstreamConnections,
    keepAliveTimeout: 30_000,
    pipelining: 1,
  });
  // One key's hung calls must not hold every connection of the shared pool.
  const perKey = new PerKeyLimiter(pool, {
    maxInFlight: config.maxInFlightPerKey,
    maxQueued: config.maxQueuedPerKey,
  });
  const { build, settled } = depsBuilder(
    config,
    upstream,
    logger,
    stores,
    metrics,
    (tag) => perKey.forKey(tag),
    keys,
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
  keys?: KeyObserver,
): {
  build: (callerKey: string | undefined, tokenId?: string) => ToolDeps;
  settled: () => Promise<void>;
} {
  const cache = new ResponseCache({
    store: stores.cache,
    ttlMs: {
      reference: config.cacheTtlReference * 1000,
      computed: config.cacheTtlComputed * 1000,
      account: config.cacheTtlAccount * 1000,
    },
    staleMaxAgeMs: config.cacheStaleMaxAge * 1000,
    maxEntries: config.cacheMaxEntries,
    maxBytes: config.cacheMaxBytes,
    ...(metrics ? { onLookup: (hit: boolean) => metrics.cacheLookup(hit) } : {}),
  });
  const quotaWrites = new Set<Promise<unknown>>();
  const quotaPending = new Set<QuotaTracker>();
  // Read once per process: a bad routes file stops the start, not a session.
  const overrides = config.routesFile ? loadUpstreamOverrides(config.routesFile) : undefined;
  const routes = overrides?.routes;
  if (overrides) {
    const aliases = Object.entries(overrides.fields).map(([field, names]) => `${field} ← ${names.join('|')}`);
    logger.info(
      `routes file ${config.routesFile}: ${[...remappedRoutes(overrides.routes), ...aliases].join('; ') || 'no change'}`,
    );
  }
  const scope = watchlistScope(config);
  const weeks = {
    oneFetchMs: config.watchlistWeekWindowS * 1000,
    sameFetchMs: config.watchlistSameFetchS * 1000,
  };
  const charts = new ChartStore(config.chartCacheBytes, svgToPng);
  const untold = new UntoldRequests();
  // What the server learns of this upstream's field names, by their values: one for every key's client.
  // Off (--learn-names false), it still takes facts: they weigh which unread names could be a field.
  const learner = new NamesLearned({ learn: config.learnNames });
  // Kept per upstream in the store beside the quota states; a run that starts reads what earlier ones learned.
  const learnedWrites = new Set<Promise<unknown>>();
  const kept: Promise<void> = learner
    .keepIn(stores.quota, upstream.baseUrl, learnedWrites, (error) =>
      logger.warn('names learned could not be kept in the store', { error: String(error) }),
    )
    .catch((error: unknown) => {
      logger.warn('names learned could not be read from the store', { error: String(error) });
    })
    .finally(() => learnedWrites.delete(kept));
  learnedWrites.add(kept);
  const build = (callerKey: string | undefined, tokenId?: string): ToolDeps => {
    const apiKey = callerKey ?? upstream.apiKey;
    const tag = apiKey ? keyTag(apiKey, config.metricsKeySecret) : 'nokey';
    // What /metrics and the log show of the key: keyed, never the partition tag itself.
    const label = apiKey ? keyLabel(apiKey, config.metricsKeySecret) : 'nokey';
    const observer = callerKey !== undefined ? keys : undefined;
    const api = new ApiClient({
      baseUrl: upstream.baseUrl,
      apiKey,
      // A caller's client also keeps the server's key out of what it passes on (and the reverse).
      ...(upstream.apiKey ? { alsoMask: [upstream.apiKey] } : {}),
      ...(config.metricsKeySecret ? { keySecret: config.metricsKeySecret } : {}),
      timeoutMs: config.timeoutMs,
      retries: config.retries,
      maxRetryAfterMs: config.maxRetryAfterMs,
      maxBodyBytes: config.maxUpstreamBytes,
      maxPages: config.maxPages,
      maxRedirects: config.maxRedirects,
      ...(dispatcherFor ? { dispatcher: dispatcherFor(tag) } : {}),
      cache,
      quota: new QuotaTracker(Date.now, {
        store: stores.quota,
        tag,
        writes: quotaWrites,
        pending: quotaPending,
        ...(metrics || observer
          ? {
              onChange: (_tag, q) => {
                metrics?.quotaSeen(label, q);
                if (observer && callerKey && q.observed_at !== null) observer.accept(callerKey);
              },
            }
          : {}),
      }),
      userAgent: `football-scout-mcp/${VERSION}`,
      onUpstream: (event) => {
        metrics?.upstreamRequest(event);
        if (observer && callerKey && typeof event.status === 'number') {
          if (event.status >= 200 && event.status < 300) observer.accept(callerKey);
          else if (event.status === 401) observer.refuse(callerKey);
        }
        logger.debug('upstream', { ...event, key: label });
      },
      ...(metrics ? { onReplay: (tool: string) => metrics.answerReplayed(tool) } : {}),
      ...(routes ? { routes } : {}),
      ...(overrides ? { aliases: overrides.fields } : {}),
      learner,
    });
    const scoped = callerKey ? redacting(logger, callerKey) : logger;
    // Watchlists belong to the caller's own key; without one, to the server token it holds (every token
    // holder would otherwise share the server key's lists); else to the server's key. By a keyed hash.
    const ownerKey = callerKey ?? (tokenId !== undefined ? tokenOwner(tokenId) : upstream.apiKey);
    const watchlists =
      apiKey && ownerKey
        ? { store: stores.watchlists, owner: stores.watchlists.ownerOf(ownerKey, scope), weeks }
        : undefined;
    return {
      api,
      roles: new RoleCatalog(api),
      logger: scoped,
      images: config.images,
      charts,
      untold: ledgerOf(untold, tag),
      ...(watchlists ? { watchlists } : {}),
    };
  };
  const settled = async () => {
    await cache.settled();
    // Quota states held back while plenty was left are written now, not at the end of their second.
    for (const tracker of quotaPending) void tracker.settled();
    while (quotaWrites.size > 0 || learnedWrites.size > 0)
      await Promise.all([...quotaWrites, ...learnedWrites]);
  };
  return { build, settled };
}

/**
 * What separates the watchlists of one key in two worlds: the embedded sandbox's seed (its demo key is the
 * same for every seed; its weeks and dialects are the same world, so a list follows players across weeks).
 * A real key names one API: no scope.
 */
export function watchlistScope(config: Config): string {
  return usesEmbeddedSandbox(config) ? `sandbox:${config.sandboxSeed}` : '';
}

/**
 * What a server token's watchlists are kept under, in place of an API key: no key can take this form
 * (a header value holds no line break), so a token never reaches a key's lists.
 */
function tokenOwner(tokenId: string): string {
  return `server-token\n${tokenId}`;
}

/** A logger that also masks a caller's key, which the process-wide logger does not know. */
export function redacting(base: Logger, secret: string): Logger {
  const secrets = new SecretMask([secret]);
  const mask = (text: string) => base.redact(secrets.text(text));
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

/** What an answer tells of the key check's request (the one request no answer's own tally counts). */
export const KEY_CHECK_WHY = 'GET /v1/leagues, the check of this key when a session of it opened';

/**
 * Whether the API accepts a key, for a session that cannot wait on probation: the leagues, as
 * quota_status refresh asks (one request, answered from the cache when this key had them in the last day).
 */
export function keyAsker(shared: SharedUpstream, timeoutMs: number): (key: string) => Promise<boolean> {
  return async (key) => {
    const { api, untold } = shared.depsFor(key);
    try {
      // A refused or failed check may have reached the upstream too: counted either way.
      const { value: accepted, requests } = await tallyRequests(() =>
        api.leagues({ firstPage: true, signal: AbortSignal.timeout(timeoutMs) }).then(
          () => true,
          () => false,
        ),
      );
      // Spent outside any answer: the key's next answer says so (untold-requests.ts).
      untold?.add(requests.sent, KEY_CHECK_WHY);
      return accepted;
    } finally {
      await api.close().catch(() => undefined);
    }
  };
}
