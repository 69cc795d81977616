// The file store: a Keyv store on disk (contract basics, TTL, bounds, several handles on one
// directory), and a cached answer kept across a restart.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Keyv from 'keyv';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIVE_JSON, ResponseCache } from '../../src/api/cache.js';
import { storeSpec } from '../../src/config.js';
import { sha256 } from '../../src/lib/canonical.js';
import { defaultStoreDir } from '../../src/store/dir.js';
import { FileKeyvStore } from '../../src/store/file-keyv.js';
import { openStores } from '../../src/store/open.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-file-store-'));
  dirs.push(dir);
  return dir;
}

async function keyvOn(dir: string, options: Partial<ConstructorParameters<typeof FileKeyvStore>[0]> = {}) {
  const store = new FileKeyvStore({ dir, maxEntries: 0, maxBytes: 0, ...options });
  await store.init();
  return { store, keyv: new Keyv({ store, namespace: 'test', ...NATIVE_JSON }) };
}

async function entryFiles(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).filter((f) => /[0-9a-f]{64}$/.test(f));
}

describe('FileKeyvStore under Keyv', () => {
  it('sets, gets, has, deletes, and clears its namespace only', async () => {
    const dir = tempDir();
    const { keyv } = await keyvOn(dir);
    const other = new Keyv({ store: (await keyvOn(dir)).store, namespace: 'other', ...NATIVE_JSON });
    const value = { data: [{ name: 'Mbondé', score: 81.2 }], n: null, text: 'line\nbreak "quoted" é' };
    expect(await keyv.get('k')).toBeUndefined();
    expect(await keyv.set('k', value)).toBe(true);
    expect(await keyv.get('k')).toEqual(value);
    expect(await keyv.has('k')).toBe(true);
    await keyv.set('k', 42);
    expect(await keyv.get('k')).toBe(42);
    await other.set('k', 'theirs');
    expect(await keyv.delete('k')).toBe(true);
    expect(await keyv.delete('k')).toBe(false);
    expect(await keyv.get('k')).toBeUndefined();
    await keyv.set('a', 1);
    await keyv.set('b', 2);
    await keyv.clear();
    expect(await keyv.get('a')).toBeUndefined();
    expect(await other.get('k')).toBe('theirs');
  });

  it('forgets an entry past its TTL, and removes its file', async () => {
    const dir = tempDir();
    const { keyv } = await keyvOn(dir);
    await keyv.set('short', 'gone soon', 40);
    await keyv.set('long', 'stays', 60_000);
    expect(await keyv.get('short')).toBe('gone soon');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await keyv.get('short')).toBeUndefined();
    expect(await keyv.get('long')).toBe('stays');
    expect(await entryFiles(dir)).toHaveLength(1);
  });

  it('a sweep drops expired entries nobody reads again', async () => {
    const dir = tempDir();
    let now = 1_000_000;
    const { store } = await keyvOn(dir, { now: () => now });
    // The sweep an opened store starts in the background ends first: else it may be the one that drops a.
    await store.sweep();
    await store.set('fsm:a', 'x', 1000);
    await store.set('fsm:b', 'y', 5000);
    now += 2000;
    expect(await store.sweep()).toEqual({ kept: 1, bytes: expect.any(Number), removed: 1 });
    expect(await store.get('fsm:b')).toBe('y');
  });

  it('stays within its entry bound, dropping the oldest written', async () => {
    const dir = tempDir();
    const { store, keyv } = await keyvOn(dir, { maxEntries: 10, sweepEvery: 1000 });
    for (let i = 0; i < 30; i++) {
      await keyv.set(`k${i}`, { i });
      await store.sweep();
    }
    const files = await entryFiles(dir);
    expect(files.length).toBeLessThanOrEqual(10);
    expect(await keyv.get('k29')).toEqual({ i: 29 });
    expect(await keyv.get('k0')).toBeUndefined();
  });

  it('stays within its byte bound', async () => {
    const dir = tempDir();
    const { store, keyv } = await keyvOn(dir, { maxBytes: 20_000 });
    for (let i = 0; i < 20; i++) await keyv.set(`big${i}`, 'x'.repeat(2000));
    const result = await store.sweep();
    expect(result?.bytes).toBeLessThanOrEqual(18_000);
    expect(await keyv.get('big19')).toBe('x'.repeat(2000));
  });

  it('drops the oldest written first, even when their files share one mtime', async () => {
    // The kernel stamps a file's mtime from a coarse clock (a tick of 1-10 ms): entries written within
    // one tick tie on it. Here every file gets the same mtime, and another handle sweeps them.
    const dir = tempDir();
    const { keyv } = await keyvOn(dir);
    for (let i = 0; i < 20; i++) await keyv.set(`big${i}`, 'x'.repeat(2000));
    const tick = new Date();
    for (const file of await entryFiles(dir)) utimesSync(join(dir, file), tick, tick);
    const bounded = await keyvOn(dir, { maxBytes: 20_000 });
    expect((await bounded.store.sweep())?.bytes).toBeLessThanOrEqual(18_000);
    const kept: number[] = [];
    for (let i = 0; i < 20; i++) if ((await bounded.keyv.get(`big${i}`)) !== undefined) kept.push(i);
    // The newest ones, in a row up to the last written.
    expect(kept.length).toBeGreaterThan(0);
    expect(kept).toEqual(Array.from({ length: kept.length }, (_, n) => 20 - kept.length + n));
  });

  it('treats a damaged file as a miss, never as data', async () => {
    const dir = tempDir();
    const { keyv } = await keyvOn(dir);
    await keyv.set('k', { ok: true });
    const [file] = await entryFiles(dir);
    writeFileSync(join(dir, file ?? ''), '{"k":"test:k","e":null,"n":500}\n{"ok":tr');
    expect(await keyv.get('k')).toBeUndefined();
    expect(await entryFiles(dir)).toHaveLength(0);
  });

  it('keeps nothing but its entries in its directory, even while it sweeps', async () => {
    // Anything walking the directory (a backup, du, the tests above) must not trip on the sweep's lock.
    const dir = tempDir();
    const { store, keyv } = await keyvOn(dir);
    await Promise.all(Array.from({ length: 50 }, (_, i) => keyv.set(`k${i}`, i)));
    const seen = new Set<string>();
    let done = false;
    const sweeping = store.sweep().finally(() => {
      done = true;
    });
    while (!done) for (const name of await readdir(dir)) seen.add(name);
    expect(await sweeping).toMatchObject({ kept: 50 });
    expect([...seen].filter((name) => !/^[0-9a-f]{2}$/.test(name))).toEqual([]);
  });

  it('makes a shard again when it is removed under a running store, and loses no entry', async () => {
    // Each shard is made once a process; emptied by hand meanwhile, its next write must still land.
    const dir = tempDir();
    const errors: unknown[] = [];
    const { keyv } = await keyvOn(dir, { onError: (error) => errors.push(error) });
    await keyv.set('first', 1);
    for (const name of await readdir(dir)) rmSync(join(dir, name), { recursive: true, force: true });
    for (let i = 0; i < 20; i++) expect(await keyv.set(`k${i}`, i)).toBe(true);
    expect(await keyv.set('first', 2)).toBe(true);
    expect(await keyv.get('first')).toBe(2);
    expect(errors).toEqual([]);
  });

  it('two handles on one directory see each other’s writes (two processes)', async () => {
    const dir = tempDir();
    const a = (await keyvOn(dir)).keyv;
    const b = (await keyvOn(dir)).keyv;
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).set(`k${i}`, i)));
    for (let i = 0; i < 20; i++) expect(await (i % 2 ? b : a).get(`k${i}`)).toBe(i);
  });
});

describe('the file: store', () => {
  it('keeps a cached answer across a restart, for the same upstream only', async () => {
    const dir = tempDir();
    const open = (partition: string) => openStores(`file:${dir}`, { maxEntries: 100, partition });
    let fetches = 0;
    const fetcher = async () => {
      fetches += 1;
      return { body: { data: [{ name: 'Ligue 1' }] }, fetched_at: '2026-11-16T08:00:00.000Z' };
    };
    const first = await open('https://api.example.com');
    const firstCache = new ResponseCache({ store: first.cache });
    const before = await firstCache.getOrFetch('leagues', 'reference', fetcher);
    expect(before.cached).toBe(false);
    await first.quota.set('tag', { remaining: 42 });
    // The answer is written to the store after it is given: the server awaits that before it closes.
    await firstCache.settled();
    await first.close();

    const second = await open('https://api.example.com');
    const after = await new ResponseCache({ store: second.cache }).getOrFetch(
      'leagues',
      'reference',
      fetcher,
    );
    expect(after).toEqual({ entry: before.entry, cached: true });
    expect(fetches).toBe(1);
    expect(await second.quota.get('tag')).toEqual({ remaining: 42 });
    await second.close();

    const elsewhere = await open('https://staging.example.com');
    expect(
      (await new ResponseCache({ store: elsewhere.cache }).getOrFetch('leagues', 'reference', fetcher))
        .cached,
    ).toBe(false);
    expect(await elsewhere.quota.get('tag')).toBeUndefined();
    await elsewhere.close();
  });

  it('says which directory it cannot use', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a-file'), '');
    await expect(openStores(`file:${join(dir, 'a-file')}`, { maxEntries: 10 })).rejects.toThrow(
      /cannot use the store directory .*a-file/,
    );
  });

  it('is the default over stdio, in the user cache directory; memory over HTTP', () => {
    const env = { XDG_CACHE_HOME: '/tmp/xdg', HOME: '/home/scout' };
    expect(storeSpec({ store: undefined, transport: 'stdio' }, env)).toBe('file:/tmp/xdg/football-scout-mcp');
    expect(storeSpec({ store: undefined, transport: 'http' }, env)).toBe('memory');
    expect(storeSpec({ store: 'file', transport: 'http' }, env)).toBe('file:/tmp/xdg/football-scout-mcp');
    expect(storeSpec({ store: 'redis://r:6379', transport: 'stdio' }, env)).toBe('redis://r:6379');
    expect(defaultStoreDir({ HOME: '/home/scout' })).toBe('/home/scout/.cache/football-scout-mcp');
    expect(defaultStoreDir({ XDG_CACHE_HOME: 'relative', HOME: '/home/scout' })).toBe(
      '/home/scout/.cache/football-scout-mcp',
    );
  });

  it('names each entry file by a hash of its key', async () => {
    const dir = tempDir();
    const { keyv } = await keyvOn(dir);
    await keyv.set('k', 1);
    const hash = sha256('test:k');
    expect(await entryFiles(dir)).toEqual([join(hash.slice(0, 2), hash)]);
  });
});
