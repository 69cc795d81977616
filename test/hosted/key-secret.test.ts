// With FOOTBALL_MCP_KEY_LABEL_SECRET, what Redis holds of a key is an HMAC under it: replicas given the
// same secret share cache and quota as before, and the unsalted hash of the key is nowhere in Redis.
import { afterAll, describe, expect, it } from 'vitest';
import { RankingsResponse } from '../../src/api/schemas.js';
import { createSharedUpstream, type SharedUpstream } from '../../src/app/deps.js';
import type { Config } from '../../src/config.js';
import { keyTag } from '../../src/lib/canonical.js';
import { createLogger } from '../../src/log.js';
import { SANDBOX_DEMO_KEY } from '../../src/sandbox/server.js';
import { openStores, type Stores } from '../../src/store/open.js';
import { defaultConfig, useSandbox } from '../support/mcp.js';
import { useRedis } from './support.js';

const SECRET = 'shared-by-every-replica-0123456789';

const redis = useRedis();
const sandbox = useSandbox();
const opened: { stores: Stores; shared: SharedUpstream }[] = [];

afterAll(async () => {
  for (const { stores, shared } of opened) {
    await shared.close();
    await stores.close();
  }
});

/** One replica: its own stores on the shared Redis, its own pool, the given secret. */
async function replica(secret: string | undefined) {
  const config: Config = defaultConfig({ store: redis.url, ...(secret ? { metricsKeySecret: secret } : {}) });
  // A store timeout with room: on a busy machine a slow Redis answer must not turn into a miss here.
  const stores = await openStores(redis.url, { maxEntries: 100, timeoutMs: 5_000 });
  const shared = createSharedUpstream(
    config,
    { baseUrl: sandbox.url, apiKey: SANDBOX_DEMO_KEY },
    createLogger('silent'),
    stores,
  );
  opened.push({ stores, shared });
  return { stores, api: shared.depsFor(undefined).api };
}

const query = { role: 'lateral_offensif', league: 'Bundesliga', limit: 2 };

describe('a keyed tag in a shared Redis', () => {
  it('replicas with the same secret share the cache and the quota; the unsalted tag is not stored', async () => {
    const a = await replica(SECRET);
    const b = await replica(SECRET);
    const first = await a.api.call('rankings', RankingsResponse, { query });
    expect(first.source.cached).toBe(false);
    // The answer is written to Redis behind it: a replica asking in the same millisecond could miss.
    await a.api.settled();
    const before = sandbox.requestCount();
    const second = await b.api.call('rankings', RankingsResponse, { query });
    expect(second.source.cached).toBe(true);
    expect(sandbox.requestCount()).toBe(before);
    expect(await b.api.quota.sync()).toMatchObject({ remaining: first.quota.remaining });

    expect(await a.stores.quota.get(keyTag(SANDBOX_DEMO_KEY, SECRET))).toBeDefined();
    expect(await a.stores.quota.get(keyTag(SANDBOX_DEMO_KEY))).toBeUndefined();
  });

  it('a replica with another secret (or none) has partitions of its own: give every replica the same', async () => {
    const other = await replica('another-secret-0123456789abcdef');
    expect((await other.api.call('rankings', RankingsResponse, { query })).source.cached).toBe(false);
  });
});
