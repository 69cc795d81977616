// WatchlistStore on memory and on files (the Redis store runs the same contract in test/hosted).
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldOf, watchlistKey, watchlistName } from '../../src/store/watchlists.js';
import { FileWatchlistStore } from '../../src/store/watchlists-file.js';
import { MemoryWatchlistStore } from '../../src/store/watchlists-memory.js';
import { adding, TEST_LIMITS, watchlistContract } from '../support/watchlist-contract.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-watchlists-'));
  dirs.push(dir);
  return dir;
}

let memory: MemoryWatchlistStore;
watchlistContract(
  'memory',
  async () => {
    memory = new MemoryWatchlistStore(TEST_LIMITS);
    return memory;
  },
  // One process: the same store is the only other handle there is.
  async () => Object.assign(Object.create(memory) as MemoryWatchlistStore, { close: async () => undefined }),
);

let fileDir = '';
watchlistContract(
  'file',
  async () => {
    fileDir = tempDir();
    return FileWatchlistStore.open(fileDir, { limits: TEST_LIMITS });
  },
  () => FileWatchlistStore.open(fileDir, { limits: TEST_LIMITS }),
  async (owner, name, text) => {
    await writeFile(join(fileDir, 'watchlists', owner, `${fieldOf(name)}.json`), text);
  },
);

describe('watchlist names', () => {
  it('are trimmed, collapsed, compared without regard to case', () => {
    expect(watchlistName('  Left    backs  ')).toBe('Left backs');
    expect(() => watchlistName('Left\tbacks')).toThrow(/control/);
    expect(watchlistKey('LEFT backs')).toBe(watchlistKey('left BACKS'));
    expect(watchlistName('Ailiers — été')).toBe('Ailiers — été');
  });
});

describe('file watchlist store on disk', () => {
  it('keeps a private secret and never the API key', async () => {
    const dir = tempDir();
    const store = await FileWatchlistStore.open(dir, { limits: TEST_LIMITS });
    const key = 'live_secret_key_for_watchlists';
    await store.update(store.ownerOf(key), 'Mine', adding('Mine', 'ds_a'));
    expect(statSync(join(dir, 'secret')).mode & 0o777).toBe(0o600);
    const files = await readdir(dir, { recursive: true });
    for (const file of files) {
      expect(file).not.toContain(key);
      const path = join(dir, file);
      if (statSync(path).isFile()) expect(await readFile(path, 'utf8')).not.toContain(key);
    }
    expect(files.some((f) => f.startsWith('watchlists/') && f.endsWith('.json'))).toBe(true);
  });

  it('two stores opened at once on a new directory agree on one secret', async () => {
    const dir = tempDir();
    const stores = await Promise.all(Array.from({ length: 6 }, () => FileWatchlistStore.open(dir)));
    const owners = new Set(stores.map((s) => s.ownerOf('k')));
    expect(owners.size).toBe(1);
  });

  it('takes over a lock left by a crashed process once it is stale', async () => {
    const dir = tempDir();
    const store = await FileWatchlistStore.open(dir, { limits: TEST_LIMITS, staleLockMs: 2000 });
    const owner = store.ownerOf('k');
    const { mkdirSync, utimesSync } = await import('node:fs');
    const lock = join(dir, 'watchlists', `${owner}.lock`);
    mkdirSync(join(dir, 'watchlists', owner), { recursive: true });
    mkdirSync(lock);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lock, old, old);
    await store.update(owner, 'After crash', adding('After crash', 'ds_a'));
    expect((await store.get(owner, 'after crash'))?.entries).toHaveLength(1);
  });
});
