// A list the API pages to the limit it was sent: a read that filled that limit does not know the list's end.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, readPages } from '../../src/api/list-pages.js';
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

const read = (api: ReturnType<typeof clientFor>, limit: number, role = 'faux_9') =>
  readPages(api, 'rankings', RankingsResponse, { query: { role, league: 'Ligue 1' } }, limit);

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

  it('a read that got every row it asked for is not the end of the list', async () => {
    const outer = upstream;
    const sent = PAGE_SIZE.rankings;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: sent + 40 }),
        fc.integer({ min: 1, max: sent }),
        // Pages of 10 or more: 100 rows stay within the client's page budget.
        fc.integer({ min: 10, max: 25 }),
        async (players, limit, per) => {
          upstream = mockUpstream();
          try {
            pagedRanking(players, per);
            const list = await read(clientFor(upstream), limit);
            // The API answers at most the page size the client sent; fewer rows than that is the end.
            const given = Math.min(players, sent);
            expect(list.data.data.length).toBeGreaterThanOrEqual(Math.min(players, limit));
            expect(list.data.data.length).toBeLessThanOrEqual(given);
            if (list.data.data.length === given && given < sent) {
              expect(list.more).toBe('no');
              expect(list.total).toBe(players);
            } else if (players > 0) {
              expect(list.more).not.toBe('no');
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
