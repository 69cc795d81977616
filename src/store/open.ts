import Keyv from 'keyv';
import { BoundedMap, DEFAULT_CACHE_MAX_BYTES, NATIVE_JSON } from '../api/cache.js';
import { StartError } from '../start-error.js';
import { DEFAULT_STORE_TIMEOUT_MS, guardKeyv, StoreGuard, type StoreGuardOptions } from './guard.js';

/** Where answers and quota states live: in this process, or in Redis shared by every replica. */
export interface Stores {
  /** Cached upstream answers, keyed by a hash that includes the API key's tag. */
  cache: Keyv;
  /** Quota state per API key tag. */
  quota: Keyv;
  /** What to show in logs: never a password. */
  label: string;
  /** True when the store answers; readiness asks this. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const CACHE_NAMESPACE = 'fsm-cache';
const QUOTA_NAMESPACE = 'fsm-quota';

export function memoryStores(maxEntries: number, maxBytes = DEFAULT_CACHE_MAX_BYTES): Stores {
  return {
    cache: new Keyv({
      // Bounded by bytes too: entries alone let a few huge answers take hundreds of MB.
      store: new BoundedMap(maxEntries, { maxBytes }),
      namespace: CACHE_NAMESPACE,
      ...NATIVE_JSON,
    }),
    // One small entry per API key seen; bounded all the same.
    quota: new Keyv({ store: new BoundedMap(10_000), namespace: QUOTA_NAMESPACE }),
    label: 'memory',
    ping: async () => true,
    close: async () => undefined,
  };
}

/** Bounds and behaviour of the stores (the settings of src/config.ts). */
export interface StoreOptions {
  /** Most answers kept by the in-memory cache. */
  maxEntries: number;
  /** Most bytes kept by the in-memory cache (DEFAULT_CACHE_MAX_BYTES if unset). */
  maxBytes?: number;
  /** Redis: the longest wait for one operation before the call goes on uncached (see guard.ts). */
  timeoutMs?: number;
  /** Told once when Redis stops answering and once when it answers again. */
  logger?: StoreGuardOptions['logger'];
}

/** `memory` or `redis://[user:password@]host:port[/db]` (also `rediss://`). A bare number is `maxEntries`. */
export async function openStores(spec: string, options: number | StoreOptions): Promise<Stores> {
  const settings: StoreOptions = typeof options === 'number' ? { maxEntries: options } : options;
  if (spec === 'memory') return memoryStores(settings.maxEntries, settings.maxBytes);
  if (/^rediss?:\/\//.test(spec)) return openRedis(spec, settings);
  throw new StartError(`--store / FOOTBALL_MCP_STORE: "${spec}" is not memory or redis://host:port`);
}

async function openRedis(url: string, settings: StoreOptions): Promise<Stores> {
  // Loaded only when asked for: the memory store needs no Redis client.
  const { createKeyv } = await import('@keyv/redis');
  const label = redisLabel(url);
  const options = { connectionTimeout: 3000, throwOnConnectError: true };
  // Without the offline queue a command fails at once while Redis is down: a cache miss, not a hung call.
  const client = { url, disableOfflineQueue: true };
  const cache = createKeyv(client, { ...options, namespace: CACHE_NAMESPACE });
  cache.serialize = NATIVE_JSON.serialize;
  cache.deserialize = NATIVE_JSON.deserialize;
  const quota = createKeyv(client, { ...options, namespace: QUOTA_NAMESPACE });
  // Connected but silent (frozen, stalled) Redis must not hang the calls: one guard for both.
  const guard = new StoreGuard({
    timeoutMs: settings.timeoutMs ?? DEFAULT_STORE_TIMEOUT_MS,
    label,
    ...(settings.logger ? { logger: settings.logger } : {}),
  });
  guardKeyv(cache, guard);
  guardKeyv(quota, guard);
  const stores: Stores = {
    cache,
    quota,
    label,
    async ping() {
      try {
        return (await Promise.all([cache, quota].map(pingOne))).every(Boolean);
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([cache.disconnect(), quota.disconnect()]).catch(() => undefined);
    },
  };
  if (!(await stores.ping())) {
    await stores.close();
    throw new StartError(
      `cannot reach the store at ${label}: start Redis there, or fix --store / FOOTBALL_MCP_STORE (memory or redis://host:port)`,
    );
  }
  return stores;
}

async function pingOne(keyv: Keyv): Promise<boolean> {
  const adapter = keyv.store as { getClient(): Promise<{ ping(): Promise<string> }> };
  const client = await adapter.getClient();
  return (await withTimeout(client.ping(), 2000)) === 'PONG';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The Redis address without credentials. */
export function redisLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
  } catch {
    return 'redis (unparsable address)';
  }
}
