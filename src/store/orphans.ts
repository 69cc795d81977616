// The store's secret keys every watchlist owner (see ownerId). A store that holds lists but no secret
// (deleted, evicted, lost in a partial restore) must not make a new one by itself: every list would be
// orphaned without a word. The start stops instead, saying how to restore it or knowingly make a new one.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { StartError } from '../start-error.js';
import { withTimeout } from './guard.js';

const RECOVERY = 'docs/store.md, "A damaged secret"';

/** The watchlist files under `<root>/watchlists` when `<root>/secret` is missing; 0 otherwise. */
export async function fileListsWithoutSecret(root: string): Promise<number> {
  if (existsSync(join(root, 'secret'))) return 0;
  let owners: string[];
  try {
    owners = await readdir(join(root, 'watchlists'));
  } catch {
    return 0;
  }
  let count = 0;
  for (const owner of owners) {
    try {
      // index.json lists the lists of the folder; only the lists themselves count.
      count += (await readdir(join(root, 'watchlists', owner))).filter(
        (f) => f.endsWith('.json') && f !== 'index.json',
      ).length;
    } catch {
      // A lock directory's sibling file, or gone meanwhile.
    }
  }
  return count;
}

export function missingFileSecret(root: string, lists: number): string {
  return (
    `${join(root, 'secret')} is missing but ${lists} watchlist file(s) are kept in ${join(root, 'watchlists')}: they are keyed by it, and a new secret would orphan them all. ` +
    `Restore it from a backup (one line, 64 hex characters). Without one, write a new one yourself (openssl rand -hex 32 > ${join(root, 'secret')}) and move the lists to it (${RECOVERY})`
  );
}

export interface SecretProbe {
  exists(key: string): Promise<number>;
  scan(
    cursor: string,
    options: { MATCH: string; COUNT: number },
  ): Promise<{ cursor: string; keys: string[] }>;
}

/** Throws StartError when the Redis at `label` holds watchlists under `prefix` but not `secretKey`. */
export async function checkRedisSecret(
  client: SecretProbe,
  label: string,
  secretKey: string,
  prefix: string,
  timeoutMs = 2000,
): Promise<void> {
  // Each command within a timeout: a Redis that hangs at start fails the start, it does not hold it.
  if ((await withTimeout(client.exists(secretKey), timeoutMs)) > 0) return;
  let cursor = '0';
  do {
    const page = await withTimeout(client.scan(cursor, { MATCH: `${prefix}*`, COUNT: 1000 }), timeoutMs);
    if (page.keys.length > 0) {
      throw new StartError(
        `the Redis at ${label} holds watchlists (${prefix}*) but not their secret (${secretKey}): evicted or deleted? They are keyed by it, and a new secret would orphan them all. ` +
          `Restore the key from a backup (SET ${secretKey} <its 64 hex characters>). Without one, set a new one yourself (SET ${secretKey} <openssl rand -hex 32>) and move the lists to it (${RECOVERY})`,
      );
    }
    cursor = String(page.cursor);
  } while (cursor !== '0');
}
