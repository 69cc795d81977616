// Watchlists and their secret are user data: a Redis that may evict any key when full (a cache's usual
// maxmemory-policy, allkeys-lru) would drop them without a word, and with the secret gone every list is
// orphaned. So the Redis that keeps them is asked its policy at start, and one that evicts any key is
// refused. volatile-* policies evict only keys with an expiry: cached answers and quota states have one,
// watchlists and their secret never do.
import { StartError } from '../start-error.js';
import { withTimeout } from './guard.js';

export interface PolicyClient {
  configGet(parameter: string): Promise<Record<string, string>>;
}

const FIXES =
  'set maxmemory-policy noeviction, or volatile-lru (or another volatile-* policy: only keys with an expiry are evicted, and watchlists and their secret never have one), in redis.conf and with CONFIG SET; ' +
  'or keep watchlists in a Redis of their own that never evicts: --watchlist-store / FOOTBALL_MCP_WATCHLIST_STORE redis://…';

/**
 * Resolves when the Redis at `label` keeps every key it holds without an expiry (or when it will not say:
 * then a warning names the risk); throws StartError when its policy evicts any key.
 */
export async function checkEvictionPolicy(
  client: PolicyClient,
  label: string,
  logger: { warn(message: string): void } | undefined,
  timeoutMs = 2000,
): Promise<void> {
  let policy: string | undefined;
  try {
    const answer = await withTimeout(client.configGet('maxmemory-policy'), timeoutMs);
    policy = answer['maxmemory-policy'];
  } catch (error) {
    // A managed Redis often disables or renames CONFIG, or an ACL refuses it.
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    logger?.warn(
      `cannot read maxmemory-policy of the Redis at ${label} for watchlists (CONFIG GET refused: ${why}): make sure it is noeviction or volatile-*. Under allkeys-* Redis evicts watchlists and their secret without a word when full (every list orphaned); if it may, ${FIXES}`,
    );
    return;
  }
  if (policy?.startsWith('allkeys-')) {
    throw new StartError(
      `the Redis at ${label} may evict any key when full (maxmemory-policy ${policy}): watchlists and their secret would be lost without a word. To keep them there, ${FIXES}`,
    );
  }
}
