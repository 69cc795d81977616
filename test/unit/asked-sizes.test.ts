// A ranking asks the API for the rows its call needs (its limit), and a call wanting fewer rows of the
// same ranking is answered from a larger page already cached: no request, the same first rows the API
// gives for the smaller limit, in whatever order the API lists them.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPages } from '../../src/api/list-pages.js';
import { withMaxAge } from '../../src/api/max-age.js';
import { RankingsResponse } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';
import { clientFor, JSON_HEADERS, mockUpstream, type Upstream } from './helpers.js';

let upstream: Upstream;

beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

/** A ranking of `players` rows, listed best first or worst first; a page is the first `limit` of them. */
function ranking(players: number, worstFirst = false) {
  const all = Array.from({ length: players }, (_, i) => ({
    rank: i + 1,
    name: `P${i}`,
    club: 'C',
    age: 20,
    score: 90 - i / 2,
  }));
  const listed = worstFirst ? all.reverse() : all;
  upstream.pool
    .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
    .reply<object>((opts) => {
      const limit = Number(new URL(opts.path, 'https://x').searchParams.get('limit'));
      return {
        statusCode: 200,
        data: { data: listed.slice(0, limit) },
        responseOptions: { headers: JSON_HEADERS },
      };
    })
    .persist();
  return (limit: number) => listed.slice(0, limit).map((r) => r.rank);
}

const asked = () =>
  upstream.sent.map((r) => {
    const url = new URL(r.path, 'https://x');
    return `${url.searchParams.get('role')} ${url.searchParams.get('limit')}`;
  });

const read = (api: ReturnType<typeof clientFor>, limit: number, role = 'faux_9') =>
  readPages(api, 'rankings', RankingsResponse, { query: { role, league: 'Ligue 1' } }, limit);

describe('a ranking asks for what the call needs', () => {
  it('asks its limit, not the route’s full page', async () => {
    ranking(80);
    const list = await read(clientFor(upstream), 10);
    expect(asked()).toEqual(['faux_9 10']);
    expect(list.pageSize).toBe(10);
    expect(list.data.data.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('a smaller limit of the same ranking is cut from a larger cached page; another ranking is asked', async () => {
    ranking(80);
    const api = clientFor(upstream);
    await read(api, 50);
    const smaller = await read(api, 20);
    expect(asked()).toEqual(['faux_9 50']);
    expect(smaller.source.cached).toBe(true);
    expect(smaller.pageSize).toBe(50);
    expect(smaller.data.data.slice(0, 20).map((r) => r.rank)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    await read(api, 20, 'mezzala');
    await read(api, 60);
    expect(asked()).toEqual(['faux_9 50', 'mezzala 20', 'faux_9 60']);
  });

  it('a larger page older than the run accepts (max_cache_age_s) is not used', async () => {
    ranking(80);
    const api = clientFor(upstream);
    await read(api, 50);
    await new Promise((resolve) => setImmediate(resolve));
    await withMaxAge(0, () => read(api, 20));
    expect(asked()).toEqual(['faux_9 50', 'faux_9 20']);
  });

  it('any sequence of limits, either order: a request only above the largest asked, the API’s first rows', async () => {
    const outer = upstream;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 120 }),
        fc.boolean(),
        async (limits, players, worstFirst) => {
          upstream = mockUpstream();
          try {
            const pageOf = ranking(players, worstFirst);
            const api = clientFor(upstream);
            let largest = 0;
            for (const limit of limits) {
              const before = upstream.sent.length;
              const list = await read(api, limit);
              expect(upstream.sent.length - before).toBe(limit > largest ? 1 : 0);
              largest = Math.max(largest, limit);
              expect(list.data.data.slice(0, limit).map((r) => r.rank)).toEqual(pageOf(limit));
            }
          } finally {
            await upstream.agent.close();
          }
        },
      ),
      propertyRuns('ranking pages by limit', 40),
    );
    upstream = outer;
  });
});

describe('a limit caps the answer the API pages', () => {
  /** The first `limit` of `players` rows, in pages of `per` with page numbers and their count. */
  function pagedRanking(players: number, per: number) {
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
      .reply<object>((opts) => {
        const url = new URL(opts.path, 'https://x');
        const limit = Number(url.searchParams.get('limit'));
        const page = Number(url.searchParams.get('page') ?? 1);
        const answer = Array.from({ length: Math.min(players, limit) }, (_, i) => ({
          rank: i + 1,
          name: `P${i}`,
          score: 90 - i / 2,
        }));
        const pages = Math.max(1, Math.ceil(answer.length / per));
        return {
          statusCode: 200,
          data: {
            data: answer.slice((page - 1) * per, page * per),
            meta: { page, per_page: per, total_pages: pages },
          },
          responseOptions: { headers: JSON_HEADERS },
        };
      })
      .persist();
  }

  it('the last page of a read that filled its limit is not the end of the list', async () => {
    const outer = upstream;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 50 }),
        // Pages of 5 or more: 50 rows stay within the client's page budget.
        fc.integer({ min: 5, max: 20 }),
        async (players, limit, per) => {
          upstream = mockUpstream();
          try {
            pagedRanking(players, per);
            const list = await read(clientFor(upstream), limit);
            expect(list.data.data).toHaveLength(Math.min(players, limit));
            if (players < limit) {
              expect(list.more).toBe('no');
              expect(list.total).toBe(players);
            } else if (players > 0) {
              expect(list.more).not.toBe('no');
              expect(list.total).toBeUndefined();
            }
          } finally {
            await upstream.agent.close();
          }
        },
      ),
      propertyRuns('ranking limit over pages', 40),
    );
    upstream = outer;
  });
});
