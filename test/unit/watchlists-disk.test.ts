// The file watchlist store against its disk: lists written before the index existed (or behind it, by a
// process of an earlier version) are listed right; a full disk, a read-only file system and a permission
// denied are each a plain error at once, naming the path, and leave every list as it was. Faults are
// injected at the store's own file calls (its `io`): tests run as root, where chmod stops nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type FileIo, NODE_IO } from '../../src/store/fs.js';
import { damagedNote } from '../../src/store/watchlist-info.js';
import { fieldOf } from '../../src/store/watchlists.js';
import { FileWatchlistStore } from '../../src/store/watchlists-file.js';
import { adding, rejection, TEST_LIMITS } from '../support/watchlist-contract.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-watchlists-disk-'));
  dirs.push(dir);
  return dir;
}

function failure(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** A store on `dir` whose file calls fail as `faults` says, while `faulty.on` is true. */
async function faultyStore(dir: string, faults: Partial<FileIo>) {
  const faulty = { on: false };
  const io: Partial<FileIo> = {};
  for (const [name, fault] of Object.entries(faults) as [keyof FileIo, (...args: never[]) => unknown][]) {
    const real = NODE_IO[name] as (...args: unknown[]) => unknown;
    io[name] = ((...args: never[]) => (faulty.on ? fault(...args) : real(...args))) as never;
  }
  const store = await FileWatchlistStore.open(dir, { limits: TEST_LIMITS, io });
  return { store, faulty, owner: store.ownerOf('k') };
}

describe('the file store index', () => {
  it('lists lists written before the index existed, and then reads only the index', async () => {
    const dir = tempDir();
    let reads: string[] = [];
    const store = await FileWatchlistStore.open(dir, {
      limits: TEST_LIMITS,
      io: {
        readFile: ((path: string, options: never) => {
          reads.push(path);
          return fs.readFile(path, options);
        }) as FileIo['readFile'],
      },
    });
    const owner = store.ownerOf('k');
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    await store.update(owner, 'Strikers', adding('Strikers', 'ds_b'));
    // The layout of earlier versions: the list files alone.
    await fs.unlink(join(dir, 'watchlists', owner, 'index.json'));
    reads = [];
    expect((await store.list(owner)).map((l) => [l.name, l.players])).toEqual([
      ['Keepers', 1],
      ['Strikers', 1],
    ]);
    expect(reads.filter((path) => path.endsWith(`${fieldOf('Keepers')}.json`))).toHaveLength(1);
    reads = [];
    expect(await store.list(owner)).toHaveLength(2);
    expect(reads.map((path) => path.slice(path.lastIndexOf('/') + 1))).toEqual(['index.json']);
  });

  it('reads again a list written behind the index (by a process of an earlier version)', async () => {
    const dir = tempDir();
    const store = await FileWatchlistStore.open(dir, { limits: TEST_LIMITS });
    const owner = store.ownerOf('k');
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    expect((await store.list(owner))[0]?.players).toBe(1);
    const path = join(dir, 'watchlists', owner, `${fieldOf('Keepers')}.json`);
    const doc = JSON.parse(await fs.readFile(path, 'utf8'));
    doc.entries.push({ service_id: 'ds_b', added_at: doc.created_at });
    await fs.writeFile(`${path}.old-writer`, JSON.stringify(doc));
    await fs.rename(`${path}.old-writer`, path);
    expect((await store.list(owner))[0]?.players).toBe(2);
  });
});

describe('the file store on a failing disk', () => {
  it('a full disk (ENOSPC): a plain error naming the path, the list as it was', async () => {
    const dir = tempDir();
    const { store, faulty, owner } = await faultyStore(dir, {
      open: async () => {
        throw failure('ENOSPC');
      },
    });
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    faulty.on = true;
    const error = await rejection(store.update(owner, 'Keepers', adding('Keepers', 'ds_b')));
    expect(error.code).toBe('storage');
    expect(error.message).toContain(join(dir, 'watchlists', owner));
    expect(error.message).toContain('is full (ENOSPC)');
    expect(error.message).toContain('free space');
    faulty.on = false;
    expect((await store.get(owner, 'Keepers'))?.entries.map((e) => e.service_id)).toEqual(['ds_a']);
    expect((await store.list(owner)).map((l) => l.players)).toEqual([1]);
    // No temporary file is left behind.
    expect((await fs.readdir(join(dir, 'watchlists', owner))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('a read-only file system (EROFS on the lock): fails at once, naming the lock, not "busy" after 45 s', async () => {
    const dir = tempDir();
    const { store, faulty, owner } = await faultyStore(dir, {
      mkdir: (async (path: string) => {
        if (path.endsWith('.lock')) throw failure('EROFS');
        return fs.mkdir(path, { mode: 0o700 });
      }) as FileIo['mkdir'],
    });
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    faulty.on = true;
    const started = performance.now();
    const error = await rejection(store.update(owner, 'Keepers', adding('Keepers', 'ds_b')));
    const ms = performance.now() - started;
    expect(error.code).toBe('storage');
    expect(error.message).toContain(`${join(dir, 'watchlists', owner)}.lock`);
    expect(error.message).toContain('read-only file system (EROFS)');
    expect(error.message).toContain('FOOTBALL_MCP_STORE');
    // One attempt, no retries: well under the seconds a held lock is waited for.
    expect(ms).toBeLessThan(2_000);
    expect((await rejection(store.delete(owner, 'Keepers'))).code).toBe('storage');
    // Reads go on: the lists are listed and read.
    expect((await store.list(owner)).map((l) => l.name)).toEqual(['Keepers']);
    expect((await store.get(owner, 'Keepers'))?.entries).toHaveLength(1);
  });

  it('one list the disk will not let be read is listed as such; the others list', async () => {
    const dir = tempDir();
    const { store, faulty, owner } = await faultyStore(dir, {
      readFile: (async (path: string, options: never) => {
        if (path.endsWith(`${fieldOf('Keepers')}.json`)) throw failure('EACCES');
        return fs.readFile(path, options);
      }) as FileIo['readFile'],
    });
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    await store.update(owner, 'Strikers', adding('Strikers', 'ds_b'));
    await fs.unlink(join(dir, 'watchlists', owner, 'index.json'));
    faulty.on = true;
    const listed = await store.list(owner);
    const path = join(dir, 'watchlists', owner, `${fieldOf('Keepers')}.json`);
    expect(listed.map((l) => [l.name, l.damaged ?? null])).toEqual([
      [`file ${path}`, expect.stringContaining('permission denied (EACCES)')],
      ['Strikers', null],
    ]);
    // Its name is in the file: the note says where it is, not to delete it by a name it does not have.
    const note = listed[0] ? damagedNote(listed[0]) : '';
    expect(note).toContain(`whose name cannot be read, file ${path}`);
    expect(note).not.toContain('update_watchlist');
    faulty.on = false;
    expect((await store.list(owner)).map((l) => [l.name, l.damaged ?? null])).toEqual([
      ['Keepers', null],
      ['Strikers', null],
    ]);
  });

  it('permission denied (EACCES): listing and reading say so, never "no such list"', async () => {
    const dir = tempDir();
    const { store, faulty, owner } = await faultyStore(dir, {
      readdir: async () => {
        throw failure('EACCES');
      },
      readFile: async () => {
        throw failure('EACCES');
      },
    });
    await store.update(owner, 'Keepers', adding('Keepers', 'ds_a'));
    faulty.on = true;
    const listing = await rejection(store.list(owner));
    expect(listing.code).toBe('storage');
    expect(listing.message).toContain('permission denied (EACCES)');
    expect(listing.message).toContain(join(dir, 'watchlists', owner));
    const reading = await rejection(store.get(owner, 'Keepers'));
    expect(reading.code).toBe('storage');
    expect(reading.message).toContain(`${fieldOf('Keepers')}.json`);
  });
});
