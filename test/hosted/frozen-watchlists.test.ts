// A frozen Redis (SIGSTOP: the connection stays open, nothing answers) must not hang the watchlist tools.
// Unlike the cache, watchlists are user data: an operation cannot go on without the store, so it fails
// after the store timeout with an error that says whether the change was made, and an operation queued
// behind it on the store's one connection fails too instead of waiting. A change given up on before EXEC
// is never applied later; one given up on after EXEC is reported as unknown. Once Redis thaws, it works.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolDeps } from '../../src/mcp/context.js';
import type { Stores } from '../../src/store/open.js';
import { WatchlistError } from '../../src/store/watchlists.js';
import { call, structured, textOf } from '../support/mcp.js';
import { GARMONT, MBENRA, VERAC } from '../support/people.js';
import { adding } from '../support/watchlist-contract.js';
import { within } from '../support/within.js';
import { type RedisRig, startRedisRig } from './redis-rig.js';

const TIMEOUT_MS = 250;

let rig: RedisRig;
let deps: ToolDeps;
let stores: Stores;
let client: Client;
let log: string[];
const freeze = () => rig.redis.freeze();
const thaw = () => rig.redis.thaw();

beforeAll(async () => {
  rig = await startRedisRig(TIMEOUT_MS, TIMEOUT_MS);
  ({ deps, stores, client, log } = rig);
});

// A failed assertion must not leave Redis stopped for the next test (or for ever).
afterEach(() => thaw());

afterAll(async () => {
  await rig?.close();
});

/** The watchlist as stored, read once Redis answers again (retried: the store reconnects first). */
async function storedIds(name: string): Promise<string[]> {
  const { store, owner } = deps.watchlists ?? {};
  if (!store || !owner) throw new Error('no watchlist store');
  const doc = await store.get(owner, name);
  return (doc?.entries ?? []).map((e) => e.service_id ?? '');
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await within(5_000, work);
  return { value, ms: performance.now() - started };
}

describe('watchlists on a frozen Redis store', () => {
  it('work while Redis answers', async () => {
    const result = await call(client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }],
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(structured(result).data.players).toHaveLength(1);
  });

  it('while frozen, the tools answer an error within about the timeout, saying nothing was changed', async () => {
    const logged = log.length;
    const timings: number[] = [];
    freeze();
    for (const [name, args] of [
      ['update_watchlist', { watchlist: 'Keepers', add: [{ player_id: GARMONT }] }],
      ['watchlist_report', {}],
      ['watchlist_report', { watchlist: 'Keepers', refresh: false }],
    ] as const) {
      const { value: result, ms } = await timed(call(client, name, args));
      expect(result.isError, `${name}: ${textOf(result)}`).toBe(true);
      const text = textOf(result);
      expect(text).toContain(`did not answer within ${TIMEOUT_MS} ms`);
      expect(text).toContain('FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS');
      expect(text).toContain('Nothing was changed');
      expect(text).not.toContain('127.0.0.1');
      expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
      timings.push(ms);
    }
    console.info(
      `watchlist calls while Redis is frozen: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    );
    // Logged once for the outage of the watchlists (by their own guard: the cache's logs its own), not
    // once per call.
    const outage = log.slice(logged).filter((line) => /\(watchlists\) not answering/.test(line));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain(`${TIMEOUT_MS} ms`);
    expect(outage[0]).toContain('FOOTBALL_MCP_WATCHLIST_STORE_TIMEOUT_MS');
    expect(outage[0]).toContain(stores.label);
  });

  it('an operation queued behind a frozen one fails too, at about the same time', async () => {
    freeze();
    const { store, owner } = deps.watchlists ?? {};
    if (!store || !owner) throw new Error('no watchlist store');
    const started = performance.now();
    const outcomes = await within(
      5_000,
      Promise.allSettled([
        store.update(owner, 'Keepers', adding('Keepers', VERAC)),
        store.get(owner, 'Keepers'),
        store.list(owner),
      ]),
    );
    const ms = performance.now() - started;
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      const error = (outcome as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(WatchlistError);
      expect((error as WatchlistError).code).toBe('unavailable');
    }
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
    console.info(`a change and two reads queued behind it, Redis frozen: all failed in ${Math.round(ms)} ms`);
    // Given up on before EXEC: once Redis answers, the change is not applied behind the caller's back.
    thaw();
    await sleep(100);
    expect(await within(5_000, storedIds('Keepers'))).toEqual([MBENRA]);
  });

  it('a change whose EXEC was sent when Redis froze is reported as unknown, not as lost or done', async () => {
    const { store, owner } = deps.watchlists ?? {};
    if (!store || !owner) throw new Error('no watchlist store');
    const add = adding('Keepers', VERAC);
    // The change runs after the reads and right before MULTI/EXEC is sent: freeze Redis there.
    const { value: outcome, ms } = await timed(
      store
        .update(owner, 'Keepers', (current, now) => {
          freeze();
          return add(current, now);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        ),
    );
    expect(outcome).toBeInstanceOf(WatchlistError);
    expect((outcome as WatchlistError).code).toBe('outcome_unknown');
    expect((outcome as WatchlistError).message).toContain(`did not answer within ${TIMEOUT_MS} ms`);
    expect(ms).toBeLessThan(TIMEOUT_MS + 1_000);
    // Why "unknown": the EXEC waited in the frozen server's socket, and Redis runs it once it thaws, though
    // the connection was dropped meanwhile.
    thaw();
    await expect.poll(() => storedIds('Keepers'), { timeout: 5_000 }).toContain(VERAC);
  });

  it('after SIGCONT, the tools work again', async () => {
    thaw();
    const added = await within(
      5_000,
      call(client, 'update_watchlist', { watchlist: 'Keepers', add: [{ player_id: GARMONT }] }),
    );
    expect(added.isError, textOf(added)).toBeFalsy();
    expect(structured(added).data.players.map((p: { service_id: string }) => p.service_id)).toContain(
      GARMONT,
    );
    const listed = await within(5_000, call(client, 'watchlist_report', {}));
    expect(listed.isError, textOf(listed)).toBeFalsy();
    expect(structured(listed).data.watchlists).toMatchObject([{ name: 'Keepers' }]);
  });

  it('logs that Redis answers again', async () => {
    await expect
      .poll(() => log.filter((line) => /answers again after/.test(line)).length, { timeout: 5_000 })
      .toBeGreaterThanOrEqual(1);
  });
});
