// A page number beside a count larger than the page and no page size (`{seite: 1, gesamt: 40}`,
// `{page: 1, total: 40}`), generated over names, places and sizes: followed where the page size can be
// known (the limit sent, the page back that full; the page under a usual name), to the whole list; where
// it cannot, more rows are said to exist, never a list whole at its first page. A page asked under a
// parameter the answer only seemed to page by counts only when it echoes its number.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { readPages } from '../../src/api/list-pages.js';
import { LeaguesResponse, TeamsResponse } from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';
import { answerEvery, clientFor, mockUpstream, ORIGIN, type Upstream } from './helpers.js';

/** Words a page number may be echoed under: a language's, or made up (never a plural: those count). */
const pageWord = fc.oneof(
  fc.constantFrom('seite', 'pagina', 'sivu', 'strona', 'folio', 'blad'),
  fc
    .stringMatching(/^[a-z]{3,7}[a-rt-z]$/)
    .filter((w) => !/id$|page|total|count|limit|next|offset|size/.test(w)),
);
/** Words a count of all rows may be under: the usual one, a language's, or made up. */
const countWord = fc.oneof(
  fc.constant('total'),
  fc.constantFrom('gesamt', 'totale', 'totaal', 'anzahl', 'summa'),
  fc
    .stringMatching(/^[a-z]{3,7}[a-rt-z]$/)
    .filter((w) => !/id$|page|limit|next|offset|size|season|year/.test(w)),
);
const place = fc.constantFrom('meta', 'pagination');

const teams = (from: number, n: number) =>
  Array.from({ length: Math.max(0, n) }, (_, i) => ({ team_id: `t${from + i}`, name: `Team ${from + i}` }));
const leagues = (from: number, n: number) =>
  Array.from({ length: Math.max(0, n) }, (_, i) => ({ name: `League ${from + i}`, country: 'X' }));

/** `check` on a client of a fresh upstream answering `path` by `reply`, closed after it. */
async function answering(
  path: string,
  reply: Parameters<typeof answerEvery>[2],
  check: (client: ApiClient, upstream: Upstream) => Promise<void>,
): Promise<void> {
  const upstream = mockUpstream();
  answerEvery(upstream, path, reply);
  const client = clientFor(upstream, { maxPages: 200 });
  try {
    await check(client, upstream);
  } finally {
    await client.close();
    await upstream.agent.close();
  }
}

describe('a page number and a count, no page size', () => {
  it('with the limit sent and the page back that full: every page read, the list whole', async () => {
    await fc.assert(
      fc.asyncProperty(
        pageWord,
        countWord,
        place,
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 120 }),
        async (word, counted, where, size, beyond) => {
          const all = size + beyond;
          await answering(
            '/v1/teams',
            (url) => {
              const page = Number(url.searchParams.get(word) ?? 1);
              const limit = Number(url.searchParams.get('limit'));
              const rows = teams((page - 1) * limit, Math.min(limit, all - (page - 1) * limit));
              return { data: { data: rows, [where]: { [word]: page, [counted]: all } } };
            },
            async (client) => {
              const list = await readPages(client, 'teams', TeamsResponse, {}, 'all', { pageSize: size });
              expect(list.data.data.map((t) => t.team_id)).toEqual(teams(0, all).map((t) => t.team_id));
              expect(list.more).toBe('no');
              expect(list.total).toBe(all);
            },
          );
        },
      ),
      propertyRuns('a page number and a count, the limit sent', 40),
    );
  });

  it('with no page size to be known: more rows exist, never whole at the first page', async () => {
    await fc.assert(
      fc.asyncProperty(
        pageWord,
        countWord.filter((w) => w !== 'total'),
        place,
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 120 }),
        async (word, counted, where, size, beyond) => {
          await answering(
            '/v1/leagues',
            () => ({
              data: { data: leagues(0, size), [where]: { [word]: 1, [counted]: size + beyond } },
            }),
            async (client) => {
              const list = await readPages(client, 'leagues', LeaguesResponse, {});
              expect(list.more).not.toBe('no');
              expect(list.total).toBeUndefined();
              expect(list.data.data).toHaveLength(size);
            },
          );
        },
      ),
      propertyRuns('a page number and a count, no size', 40),
    );
  });

  it('under a usual page name, no limit sent: followed to the short page', async () => {
    await fc.assert(
      fc.asyncProperty(
        countWord,
        fc.integer({ min: 2, max: 30 }),
        fc.integer({ min: 1, max: 120 }),
        async (counted, size, beyond) => {
          const all = size + beyond;
          await answering(
            '/v1/leagues',
            (url) => {
              const page = Number(url.searchParams.get('page') ?? 1);
              const rows = leagues((page - 1) * size, Math.min(size, all - (page - 1) * size));
              return { data: { data: rows, meta: { page, [counted]: all } } };
            },
            async (client) => {
              const list = await readPages(client, 'leagues', LeaguesResponse, {});
              expect(list.data.data.map((l) => l.name)).toEqual(leagues(0, all).map((l) => l.name));
              expect(list.more).toBe('no');
            },
          );
        },
      ),
      propertyRuns('a usual page name and a count', 40),
    );
  });

  it('a parameter the next page does not echo (a filter, not a page) adds no rows', async () => {
    await answering(
      '/v1/teams',
      (url) => {
        const limit = Number(url.searchParams.get('limit'));
        const from = url.searchParams.has('league') ? 1000 : 0;
        return { data: { data: teams(from, limit), meta: { league: 1, eligible: 400, limit } } };
      },
      async (client, upstream) => {
        const list = await readPages(client, 'teams', TeamsResponse, {}, 'all', { pageSize: 20 });
        expect(list.data.data.map((t) => t.team_id)).toEqual(teams(0, 20).map((t) => t.team_id));
        expect(list.more).not.toBe('no');
        expect(upstream.sent.map((r) => new URL(r.path, ORIGIN).searchParams.get('league'))).toEqual([
          null,
          '2',
        ]);
        expect(list.shortfall.join(' ')).toMatch(/did not echo page 2 under "league"/);
      },
    );
  });
});
