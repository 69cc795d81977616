// The watchlist tools and resources on a file store with one damaged list and on a full disk, through a
// real SDK client against the sandbox: the damaged list is named with what to do, the others list and
// change, a new list can be made, and delete: true removes the damaged one; a full disk is a plain error
// naming the path, not an internal error to report.
import { mkdtempSync, rmSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FileIo } from '../../src/store/fs.js';
import { fieldOf } from '../../src/store/watchlists.js';
import { FileWatchlistStore } from '../../src/store/watchlists-file.js';
import { closedAfterEach } from '../support/hooks.js';
import { call, callOk as ok, openSandboxSession, textOf } from '../support/mcp.js';
import { GARMONT, MBENRA, VERAC } from '../support/people.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const opened = closedAfterEach();

async function session(io: Partial<FileIo> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-watchlists-e2e-'));
  dirs.push(dir);
  const store = await FileWatchlistStore.open(dir, { io });
  const { client, sandbox } = opened(await openSandboxSession({}, { watchlists: store }));
  return { client, dir, owner: store.ownerOf(sandbox.demoKey) };
}

describe('a damaged watchlist', () => {
  it('is named with what to do; the others list and change; delete: true removes it', async () => {
    const { client, dir, owner } = await session();
    await ok(client, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] });
    await ok(client, 'update_watchlist', { watchlist: 'Strikers', add: [{ player_id: GARMONT }] });
    await fs.writeFile(join(dir, 'watchlists', owner, `${fieldOf('Keepers')}.json`), '{"version":1,"na');

    const listed = await ok(client, 'watchlist_report');
    expect(listed.body.data.watchlists.map((w: { name: string }) => w.name)).toEqual(['Strikers']);
    expect(listed.text).toContain('watchlist "Keepers" is damaged');
    expect(listed.text).toContain('update_watchlist {"watchlist": "Keepers", "delete": true}');

    const resource = await client.readResource({ uri: 'football://watchlists' });
    const body = JSON.parse((resource.contents[0] as { text: string }).text);
    expect(body.data.map((w: { name: string }) => w.name)).toEqual(['Strikers']);
    expect(body.damaged[0]).toContain('"Keepers" is damaged');

    const reading = await call(client, 'watchlist_report', { watchlist: 'keepers', refresh: false });
    expect(reading.isError).toBe(true);
    expect(textOf(reading)).toMatch(/^The watchlist "keepers" is damaged \(file .+: not JSON/);
    expect(textOf(reading)).not.toContain('report it');

    // The others change, and a new list can be made.
    await ok(client, 'update_watchlist', { watchlist: 'Strikers', add: [{ player_id: VERAC }] });
    await ok(client, 'update_watchlist', { watchlist: 'Wingers', add: [{ player_id: VERAC }] });

    const deleted = await ok(client, 'update_watchlist', { watchlist: 'Keepers', delete: true });
    expect(deleted.body.data).toMatchObject({ watchlist: 'Keepers', deleted: true });
    expect(deleted.text).toContain('was damaged (unreadable): deleted');
    const after = await ok(client, 'watchlist_report');
    expect(after.body.data.watchlists.map((w: { name: string }) => w.name)).toEqual(['Strikers', 'Wingers']);
    expect(after.text).not.toContain('damaged');
  });
});

describe('a full disk', () => {
  it('is a plain error naming the path and what to do; the list stays as it was', async () => {
    let full = false;
    const { client, dir, owner } = await session({
      open: ((...args: Parameters<FileIo['open']>) =>
        full && String(args[0]).endsWith('.tmp')
          ? Promise.reject(Object.assign(new Error('ENOSPC: injected'), { code: 'ENOSPC' }))
          : fs.open(...args)) as FileIo['open'],
    });
    await ok(client, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] });
    full = true;
    const result = await call(client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: GARMONT }],
    });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    expect(text).toContain('The watchlist store cannot be used: the disk holding');
    expect(text).toContain(join(dir, 'watchlists', owner));
    expect(text).toContain('is full (ENOSPC)');
    expect(text).toContain('Nothing was changed');
    expect(text).not.toContain('report it');
    full = false;
    const listed = await ok(client, 'watchlist_report');
    expect(listed.body.data.watchlists).toMatchObject([{ name: 'Keepers', players: 1 }]);
  });
});
