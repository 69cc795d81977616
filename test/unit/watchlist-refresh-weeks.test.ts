// A refresh whose parts hold two weeks: the parts an earlier refresh cached are fetched again (within the
// plan), and when they still come back old (the API failing, the cache's older answer served), nothing of
// two weeks is stored: the refusal names the parts and what each holds.
import { describe, expect, it } from 'vitest';
import type { Source } from '../../src/api/client.js';
import { maxAgeMs } from '../../src/api/max-age.js';
import { tallyRequests } from '../../src/api/request-tally.js';
import type { ResolveQuery } from '../../src/facts/resolve-match.js';
import { CacheParts } from '../../src/watchlists/cache-parts.js';
import { refreshPersons } from '../../src/watchlists/refresh.js';
import { WatchlistRefusal } from '../../src/watchlists/refusal.js';
import type { WatchlistUpstream } from '../../src/watchlists/upstream.js';
import { depsFor } from '../support/mcp.js';

const EARLIER = '2026-11-28T08:00:00.000Z';
const QUOTA = { limit: null, remaining: null, reset: null, unlimited: true, observed_at: null };
const PEOPLE = ['ds_a', 'ds_b'];

/** Week 1 minutes, or week 2's (90 more). */
const minutesOf = (id: string, week: 1 | 2) => (id === 'ds_a' ? 900 : 800) + (week === 2 ? 90 : 0);

/**
 * An upstream whose compare serves week 2 fetched now; the record and ranking come from an earlier
 * refresh's cache (week 1) unless asked fresh, and asked fresh give week 2, or (`stale`) week 1 again.
 */
function upstream(stale: boolean, firstRank = 1): { api: WatchlistUpstream; fresh: string[] } {
  const fresh: string[] = [];
  const source = (cached: boolean): Source => ({
    cached,
    fetched_at: cached ? EARLIER : new Date().toISOString(),
  });
  const old = (asked: boolean | undefined) => !asked || stale;
  const api: WatchlistUpstream = {
    quota: { current: () => QUOTA, sync: async () => QUOTA },
    resolve: async (queries: readonly ResolveQuery[]) => ({
      data: {
        rows: queries.map((q) => {
          const id = 'player_id' in q ? q.player_id : '';
          return { player_id: `row_${id}`, service_id: id, name: id, status: 'resolved' as const };
        }),
        stray: [],
      },
      quota: QUOTA,
      source: source(false),
    }),
    record: async (id: string, _signal: AbortSignal, asked?: boolean) => {
      if (asked) fresh.push('record');
      const week = old(asked) ? 1 : 2;
      return {
        data: {
          data: {
            player_id: `row_${id}`,
            service_id: id,
            name: id,
            league: 'Ligue 1',
            club: 'FC A',
            primary_role: 'faux_9',
            minutes: minutesOf(id, week),
            data_as_of: week === 1 ? '2026-11-21' : '2026-11-28',
          },
        },
        quota: QUOTA,
        source: { ...source(old(asked)), ...(asked && stale ? { stale: true } : {}) },
      };
    },
    compare: async (ids: string[]) => ({
      data: {
        data: ids.map((id) => ({
          player_id: `row_${id}`,
          service_id: id,
          name: id,
          league: 'Ligue 1',
          club: 'FC A',
          primary_role: 'faux_9',
          minutes: minutesOf(id, 2),
        })),
      },
      quota: QUOTA,
      source: source(false),
    }),
    ranking: async (_role: string, _league: string, _signal: AbortSignal, asked?: boolean) => {
      if (asked) fresh.push('ranking');
      const week = old(asked) ? 1 : 2;
      return {
        data: {
          data: PEOPLE.map((id, i) => ({
            player_id: `row_${id}`,
            service_id: id,
            name: id,
            rank: i + firstRank,
            score: 70,
            minutes: minutesOf(id, week),
          })),
        },
        quota: QUOTA,
        source: source(old(asked)),
        pageSize: 100,
        total: 2,
        more: 'no',
        shortfall: [],
        leftOut: 0,
        notes: [],
      };
    },
  } as unknown as WatchlistUpstream;
  return { api, fresh };
}

const entries = PEOPLE.map((id) => ({ service_id: id }));

describe('a refresh of two weeks', () => {
  it('fetches again the parts an earlier refresh cached: every row of the week served now', async () => {
    const { api, fresh } = upstream(false);
    const { value } = await tallyRequests(() =>
      refreshPersons(entries, api, new CacheParts(new AbortController().signal)),
    );
    expect(fresh.sort()).toEqual(['ranking', 'record']);
    expect(value.week).toEqual({ key: '2026-11-28', from: 'api_date' });
    expect(value.refetched).toBe(2);
    for (const id of PEOPLE) expect(value.players[id]?.minutes).toBe(minutesOf(id, 2));
    expect(value.notes.join(' ')).toContain('fetched again (within the plan)');
  });

  it('keeps the ranks of a ranking numbered from 0 as sent, and says it counts from 0', async () => {
    const { api } = upstream(false, 0);
    const { value } = await tallyRequests(() =>
      refreshPersons(entries, api, new CacheParts(new AbortController().signal)),
    );
    expect(PEOPLE.map((id) => value.players[id]?.rank?.rank)).toEqual([0, 1]);
    expect(value.notes.join(' ')).toMatch(/numbers this ranking from 0 \(faux_9 in Ligue 1\)/);
    const { value: plain } = await tallyRequests(() =>
      refreshPersons(entries, upstream(false).api, new CacheParts(new AbortController().signal)),
    );
    expect(plain.notes.join(' ')).not.toMatch(/from 0/);
  });

  it('stores nothing when the parts fetched again still hold the older week, and names them', async () => {
    const { api } = upstream(true);
    const refused = await tallyRequests(() =>
      refreshPersons(entries, api, new CacheParts(new AbortController().signal)),
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WatchlistRefusal);
    expect(String((refused as Error).message)).toMatch(
      /Not compared and not stored: the API's answers hold different weeks of data \(.*(player record|ranking faux_9 in Ligue 1).*/,
    );
  });
});

describe('a refresh whose resolve-batch answer is of an earlier week', () => {
  it('asks the resolve again: the links and rows of every part are of the week served now', async () => {
    const { api } = upstream(false);
    let asked = 0;
    let freshly = 0;
    const resolve = api.resolve;
    // The resolve comes from an earlier refresh's cache unless the cache is skipped; the rest is fresh.
    const withOldResolve: WatchlistUpstream = {
      ...api,
      resolve: async (queries, signal) => {
        asked += 1;
        const fresh = maxAgeMs() === 0;
        if (fresh) freshly += 1;
        const answer = await resolve(queries, signal);
        return { ...answer, source: fresh ? answer.source : { cached: true, fetched_at: EARLIER } };
      },
      record: (id, signal) => api.record(id, signal, true),
      ranking: (role, league, signal) => api.ranking(role, league, signal, true),
    };
    const { value } = await tallyRequests(() =>
      refreshPersons(entries, withOldResolve, new CacheParts(new AbortController().signal)),
    );
    expect(asked).toBe(2);
    expect(freshly).toBe(1);
    expect(value.refetched).toBe(1);
    expect(value.notes.join(' ')).toMatch(/resolve-batch \(from the cache, fetched 2026-11-28 08:00/);
  });

  it('a resolve fetched with the rest is asked once', async () => {
    const { api } = upstream(false);
    let asked = 0;
    const fresh: WatchlistUpstream = {
      ...api,
      resolve: (queries, signal) => {
        asked += 1;
        return api.resolve(queries, signal);
      },
      record: (id, signal) => api.record(id, signal, true),
      ranking: (role, league, signal) => api.ranking(role, league, signal, true),
    };
    const { value } = await tallyRequests(() =>
      refreshPersons(entries, fresh, new CacheParts(new AbortController().signal)),
    );
    expect(asked).toBe(1);
    expect(value.refetched).toBe(0);
  });
});

describe('the week windows of a refresh', () => {
  it('come from the settings: within a 4-hour window, a resolve cached 1 hour before the rest is of their week', async () => {
    const deps = depsFor('http://127.0.0.1:9', 'a-key', {
      store: 'memory',
      watchlistWeekWindowS: 4 * 3600,
      watchlistSameFetchS: 30,
    });
    const weeks = deps.watchlists?.weeks;
    expect(weeks).toEqual({ oneFetchMs: 4 * 3600_000, sameFetchMs: 30_000 });
    await deps.api.close();
    const { api } = upstream(false);
    let asked = 0;
    const hourOld: WatchlistUpstream = {
      ...api,
      resolve: async (queries, signal) => {
        asked += 1;
        const answer = await api.resolve(queries, signal);
        if (maxAgeMs() === 0) return answer;
        const fetched_at = new Date(Date.now() - 3600_000).toISOString();
        return { ...answer, source: { cached: true, fetched_at } };
      },
      record: (id, signal) => api.record(id, signal, true),
      ranking: (role, league, signal) => api.ranking(role, league, signal, true),
    };
    const parts = () => new CacheParts(new AbortController().signal);
    const within = await tallyRequests(() => refreshPersons(entries, hourOld, parts(), weeks));
    expect(asked).toBe(1);
    expect(within.value.refetched).toBe(0);
    // With the default 5 minutes, the same resolve is asked again.
    const beyond = await tallyRequests(() => refreshPersons(entries, hourOld, parts()));
    expect(asked).toBe(3);
    expect(beyond.value.refetched).toBe(1);
  });
});
