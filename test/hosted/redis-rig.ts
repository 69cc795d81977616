// A real redis-server as the store of the tools, in process: the sandbox upstream, the shared upstream on
// Redis stores with a short store timeout, an SDK client in memory, and the log lines kept to be read.
import type { Client } from '@modelcontextprotocol/client';
import { createSharedUpstream, type SharedUpstream } from '../../src/app/deps.js';
import { createLogger } from '../../src/log.js';
import type { ToolDeps } from '../../src/mcp/context.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { openStores, type Stores } from '../../src/store/open.js';
import { useOpened } from '../support/hooks.js';
import { defaultConfig, inMemoryClient } from '../support/mcp.js';
import { within } from '../support/within.js';
import { type RunningRedis, startRedis } from './support.js';

export interface RedisRig {
  redis: RunningRedis;
  sandbox: RunningSandbox;
  stores: Stores;
  shared: SharedUpstream;
  deps: ToolDeps;
  client: Client;
  log: string[];
  /** Thaws Redis if frozen, then closes everything (a frozen store's close is bounded). */
  close(): Promise<void>;
}

/** `watchlistTimeoutMs`: the watchlists' own timeout (their default, 2000 ms, unless given). */
export async function startRedisRig(storeTimeoutMs: number, watchlistTimeoutMs?: number): Promise<RedisRig> {
  const [redis, sandbox] = await Promise.all([startRedis(), startSandbox({ port: 0 })]);
  const config = defaultConfig({ store: redis.url, storeTimeoutMs });
  const log: string[] = [];
  const logger = createLogger('info', [], (line) => log.push(line));
  const stores = await openStores(redis.url, {
    maxEntries: 5000,
    timeoutMs: storeTimeoutMs,
    ...(watchlistTimeoutMs !== undefined ? { watchlistTimeoutMs } : {}),
    logger,
  });
  const shared = createSharedUpstream(
    config,
    { baseUrl: sandbox.url, apiKey: sandbox.demoKey },
    logger,
    stores,
  );
  const deps = shared.depsFor(undefined);
  const client = await inMemoryClient(deps);
  return {
    redis,
    sandbox,
    stores,
    shared,
    deps,
    client,
    log,
    close: async () => {
      redis.thaw();
      await client.close();
      await deps.api.close();
      await shared.close();
      await within(5_000, stores.close());
      await sandbox.close();
      await redis.stop();
    },
  };
}

/** A rig (`startRedisRig`) for the enclosing file or describe block; read its fields inside tests and hooks. */
export function useRedisRig(storeTimeoutMs: number, watchlistTimeoutMs?: number): RedisRig {
  return useOpened(
    () => startRedisRig(storeTimeoutMs, watchlistTimeoutMs),
    (rig) => rig.close(),
  );
}
