// A frozen Redis (SIGSTOP: the connection stays open, nothing answers) must not hang the calls: each store
// operation has a timeout, after which the call goes on uncached; the outage is logged once, and once
// Redis thaws (SIGCONT) answers are cached again.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { call, structured } from '../support/mcp.js';
import { within } from '../support/within.js';
import { useRedisRig } from './redis-rig.js';

const rig = useRedisRig(250);
const freeze = () => rig.redis.freeze();
const thaw = () => rig.redis.thaw();

const ranking = (limit: number) => ({ role: 'lateral_offensif', league: 'Bundesliga', limit });

describe('a frozen Redis store', () => {
  it('caches through Redis while it answers', async () => {
    expect(structured(await call(rig.client, 'rank_players_by_role', ranking(3))).source.cached).toBe(false);
    expect(structured(await call(rig.client, 'rank_players_by_role', ranking(3))).source.cached).toBe(true);
  });

  it('while frozen, tool calls still answer, uncached, within about a second each', async () => {
    freeze();
    const timings: number[] = [];
    for (const limit of [4, 5, 4]) {
      const started = performance.now();
      const result = await within(5_000, call(rig.client, 'rank_players_by_role', ranking(limit)));
      timings.push(performance.now() - started);
      expect(structured(result).data).toHaveLength(limit);
    }
    // A question not cached: its read of Redis times out, and it is asked upstream.
    let started = performance.now();
    const other = await within(
      5_000,
      call(rig.client, 'rank_players_by_role', { ...ranking(4), league: 'Serie A' }),
    );
    timings.push(performance.now() - started);
    expect(structured(other).source.cached).toBe(false);
    // ApiClient.call straight, too, taking nothing cached: asked at once (no cache read), the write
    // dropped, the quota sync skipped.
    started = performance.now();
    const leagues = await within(5_000, rig.deps.api.call('leagues', LeaguesResponse, { fresh: true }));
    timings.push(performance.now() - started);
    expect(leagues.source.cached).toBe(false);
    for (const ms of timings) expect(ms).toBeLessThan(1_200);
    console.info(`calls while Redis is frozen: ${timings.map((ms) => `${Math.round(ms)} ms`).join(', ')}`);
  });

  it('logs the outage once, not once per call', () => {
    const outage = rig.log.filter((line) => /not answering|did not answer/.test(line));
    expect(outage).toHaveLength(1);
    expect(outage[0]).toContain('250 ms');
    expect(outage[0]).toContain(rig.stores.label);
    expect(outage[0]).not.toMatch(/password/);
  });

  it('after SIGCONT, answers are cached again', async () => {
    thaw();
    const deadline = Date.now() + 10_000;
    let cached = false;
    for (let limit = 6; !cached && Date.now() < deadline; limit++) {
      await call(rig.client, 'rank_players_by_role', ranking(limit));
      cached = structured(await call(rig.client, 'rank_players_by_role', ranking(limit))).source.cached;
      if (!cached) await sleep(200);
    }
    expect(cached).toBe(true);
    // A just-fetched answer is served from memory while its write is pending, so `cached` can come
    // before Redis is asked again; the guard asks at most once a second, on the next store operation.
    await expect
      .poll(
        async () => {
          await call(rig.client, 'rank_players_by_role', ranking(3));
          return rig.log.filter((line) => /answers again after/.test(line)).length;
        },
        { timeout: 8_000, interval: 300 },
      )
      .toBe(1);
  });
});
