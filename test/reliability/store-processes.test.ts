// The file store shared by real processes: two servers (two assistants open at once) adding to the same
// watchlist lose nothing, and a change acknowledged just before a kill -9 is there after it.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileWatchlistStore } from '../../src/store/watchlists-file.js';

const CHILD = new URL('../support/watchlist-child.ts', import.meta.url).pathname;
const KEY = 'sbx_demo_0000000000000000';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function child(args: string[]): {
  process: ChildProcess;
  line: (text: string) => Promise<void>;
  exit: Promise<number | null>;
} {
  const proc = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(proc);
  let out = '';
  let err = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  proc.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of waiters.filter((w) => out.includes(`${w.text}\n`))) w.resolve();
  });
  proc.stderr?.on('data', (chunk: Buffer) => {
    err += chunk.toString();
  });
  const exit = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      if (code !== 0 && code !== null) process.stderr.write(`child failed (${code}): ${err}\n`);
      resolve(code);
    }),
  );
  return {
    process: proc,
    line: (text) =>
      new Promise<void>((resolve, reject) => {
        if (out.includes(`${text}\n`)) return resolve();
        waiters.push({ text, resolve });
        proc.once('exit', () => reject(new Error(`child exited before "${text}": ${err}`)));
      }),
    exit,
  };
}

describe('file store across processes', () => {
  it('two processes adding 50 players each to one watchlist at once: 100, none lost', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fsm-procs-'));
    dirs.push(dir);
    const a = child(['add', dir, KEY, 'Shortlist', 'a', '50']);
    const b = child(['add', dir, KEY, 'Shortlist', 'b', '50']);
    await Promise.all([a.line('ready'), b.line('ready')]);
    a.process.stdin?.write('go\n');
    b.process.stdin?.write('go\n');
    expect(await Promise.all([a.exit, b.exit])).toEqual([0, 0]);
    const store = await FileWatchlistStore.open(dir);
    const doc = await store.get(store.ownerOf(KEY), 'shortlist');
    const ids = new Set(doc?.entries.map((e) => e.service_id));
    expect(ids.size).toBe(100);
    expect([...ids].filter((id) => id?.startsWith('ds_a'))).toHaveLength(50);
  });

  it('kill -9 right after an acknowledged change loses nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fsm-kill-'));
    dirs.push(dir);
    for (const id of ['ds_killed000000000001', 'ds_killed000000000002']) {
      const writer = child(['ack', dir, KEY, 'Right backs', id]);
      await writer.line('ok');
      writer.process.kill('SIGKILL');
      expect(await writer.exit).toBeNull();
    }
    const store = await FileWatchlistStore.open(dir);
    const doc = await store.get(store.ownerOf(KEY), 'Right backs');
    expect(doc?.entries.map((e) => e.service_id)).toEqual(['ds_killed000000000001', 'ds_killed000000000002']);
  });
});
