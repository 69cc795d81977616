// 8. Watchlist listing: one key at the default limits (50 lists of 200 players × 8 snapshots, about
// 37 MB), listed on each store (memory, file, Redis): store.list() alone, `watchlist_report {}` through
// an MCP client, and the memory 8 concurrent listings add. Each store is measured in a child process of
// its own (node --expose-gc) that did not write the lists (except memory's), so its memory is listing's.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/client';
import type { ToolDeps } from '../src/mcp/context.js';
import type { WatchlistStore } from '../src/store/watchlists.js';
import { FileWatchlistStore } from '../src/store/watchlists-file.js';
import { MemoryWatchlistStore } from '../src/store/watchlists-memory.js';
import { RedisWatchlistStore } from '../src/store/watchlists-redis.js';
import { type RunningRedis, startRedis } from '../test/hosted/support.js';
import { largeWatchlist } from '../test/support/large-watchlist.js';
import { depsFor, inMemoryClient } from '../test/support/mcp.js';
import type { Upstream } from './processes.js';
import { type Row, row } from './report.js';
import { median, ms } from './stats.js';

const KINDS = ['memory', 'file', 'redis'] as const;
type Kind = (typeof KINDS)[number];
const LISTS = 50;
const CONCURRENT = 8;
const ROUNDS = 20;
const TARGET_MS = 50;
const TARGET_MB = 50;

interface Figures {
  kind: Kind;
  megabytes: number;
  listMs: number;
  toolMs: number;
  concurrentMs: number;
  rssAddedMb: number;
  /** JavaScript heap and external memory added, peak (the memory store's RSS holds its own fill). */
  heapAddedMb: number;
  error?: string;
}

export async function benchWatchlistListing(upstream: Upstream): Promise<Row[]> {
  const rows: Row[] = [];
  for (const kind of KINDS) {
    const figures = await inChild(kind, upstream);
    const label = `${kind}: ${LISTS} lists of 200 players × 8 snapshots on one key (${figures.megabytes} MB)`;
    if (figures.error) {
      rows.push(row('8 watchlist-listing', label, `not measured: ${figures.error}`, '—'));
      continue;
    }
    rows.push(
      row(
        '8 watchlist-listing',
        `${label}: store listing, median of ${ROUNDS}`,
        ms(figures.listMs),
        `≤ ${TARGET_MS} ms`,
        figures.listMs <= TARGET_MS,
      ),
      row(
        '8 watchlist-listing',
        `${kind}: watchlist_report {} through an MCP client, median of ${ROUNDS}`,
        ms(figures.toolMs),
        `≤ ${TARGET_MS} ms`,
        figures.toolMs <= TARGET_MS,
      ),
      row(
        '8 watchlist-listing',
        `${kind}: ${CONCURRENT} concurrent watchlist_report {}: time, resident memory added (peak)`,
        `${ms(figures.concurrentMs)}, +${figures.rssAddedMb.toFixed(1)} MB (heap +${figures.heapAddedMb.toFixed(1)} MB)`,
        `≤ ${TARGET_MB} MB`,
        figures.rssAddedMb <= TARGET_MB,
      ),
    );
  }
  return rows;
}

/**
 * Measures `kind` in a child process. The file and Redis stores are filled here first, so the child's
 * memory holds only what listing costs; the memory store can only be filled in the child itself.
 */
async function inChild(kind: Kind, upstream: Upstream): Promise<Figures> {
  let redis: RunningRedis | undefined;
  let where = '';
  try {
    if (kind === 'file') {
      where = mkdtempSync(join(tmpdir(), 'fsm-bench-watchlists-'));
      const store = await FileWatchlistStore.open(where);
      await fill(store, store.ownerOf(upstream.key));
    } else if (kind === 'redis') {
      try {
        redis = await startRedis();
      } catch (error) {
        return { ...EMPTY, kind, error: (error as Error).message.split('\n')[0] ?? 'no redis-server' };
      }
      where = redis.url;
      const store = await RedisWatchlistStore.open(where);
      await fill(store, store.ownerOf(upstream.key));
      await store.close();
    }
    const self = new URL(import.meta.url).pathname;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', self, kind, upstream.url, upstream.key, where],
      { maxBuffer: 1_000_000, timeout: 300_000 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Figures;
  } finally {
    await redis?.stop();
    if (kind === 'file' && where) rmSync(where, { recursive: true, force: true });
  }
}

const EMPTY: Figures = {
  kind: 'memory',
  megabytes: 0,
  listMs: 0,
  toolMs: 0,
  concurrentMs: 0,
  rssAddedMb: 0,
  heapAddedMb: 0,
};

/** In the child: opens the store (filling it when in memory), then measures. */
async function measure(kind: Kind, url: string, key: string, where: string): Promise<Figures> {
  const figures: Figures = { ...EMPTY, kind };
  const store: WatchlistStore =
    kind === 'memory'
      ? new MemoryWatchlistStore()
      : kind === 'file'
        ? await FileWatchlistStore.open(where)
        : await RedisWatchlistStore.open(where);
  const owner = store.ownerOf(key);
  const deps: ToolDeps = { ...depsFor(url, key), watchlists: { store, owner } };
  const client = await inMemoryClient(deps);
  try {
    if (kind === 'memory') await fill(store, owner);
    figures.megabytes = Math.round((await store.list(owner)).reduce((sum, l) => sum + l.bytes, 0) / 1e6);
    figures.listMs = median(await rounds(() => store.list(owner)));
    figures.toolMs = median(await rounds(() => listing(client)));
    gc();
    const heap = () => {
      const m = process.memoryUsage();
      return m.heapUsed + m.external;
    };
    const before = { rss: process.memoryUsage.rss(), heap: heap() };
    const peak = { ...before };
    const sample = () => {
      peak.rss = Math.max(peak.rss, process.memoryUsage.rss());
      peak.heap = Math.max(peak.heap, heap());
    };
    const sampler = setInterval(sample, 2);
    const started = performance.now();
    await Promise.all(Array.from({ length: CONCURRENT }, () => listing(client).finally(sample)));
    figures.concurrentMs = performance.now() - started;
    clearInterval(sampler);
    sample();
    figures.rssAddedMb = (peak.rss - before.rss) / 2 ** 20;
    figures.heapAddedMb = (peak.heap - before.heap) / 2 ** 20;
    return figures;
  } finally {
    await client.close();
    await deps.api.close();
    await store.close();
  }
}

async function fill(store: WatchlistStore, owner: string): Promise<void> {
  const doc = largeWatchlist('List 00');
  for (let i = 0; i < LISTS; i++) {
    const name = `List ${String(i).padStart(2, '0')}`;
    await store.update(owner, name, (_current, now) => ({ ...doc, name, created_at: now, updated_at: now }));
  }
}

async function listing(client: Client): Promise<void> {
  const result = await client.callTool({ name: 'watchlist_report', arguments: {} });
  if (result.isError)
    throw new Error(`watchlist_report failed: ${JSON.stringify(result.content).slice(0, 300)}`);
}

async function rounds(task: () => Promise<unknown>): Promise<number[]> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

const [kind, url, key, where = ''] = process.argv.slice(2);
if (KINDS.includes(kind as Kind) && url && key) {
  measure(kind as Kind, url, key, where).then(
    (figures) => {
      console.log(JSON.stringify(figures));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
