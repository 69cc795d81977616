// Paging told in HTTP headers (RFC 8288 Link rel="next", X-Total-Count) or by an offset echoed beside
// the list is followed within the page budget, and a list is called whole only on positive evidence:
// a total the API stated, a last page. A maintenance 503 with Retry-After is waited out, by doctor too.
import { describe, expect, it } from 'vitest';
import { readPages } from '../../src/api/list-pages.js';
import { linkHeaderNext, pageSignals } from '../../src/api/pagination.js';
import { LeaguesResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { answerEvery, clientFor, JSON_HEADERS, ORIGIN, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const leagues = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `League ${from + i}`, country: 'X' }));

describe('Link header paging', () => {
  it('follows rel="next" to the last page, the total from X-Total-Count', async () => {
    answerEvery(upstream, '/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      const links = [`</v1/leagues?page=${page + 1}>; rel="next"`, '</v1/leagues?page=4>; rel="last"'];
      return {
        data: { data: leagues((page - 1) * 10, 10) },
        headers: { link: (page < 4 ? links : links.slice(1)).join(', '), 'x-total-count': '40' },
      };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(40);
    expect(list.more).toBe('no');
    expect(list.total).toBe(40);
    expect(upstream.sent).toHaveLength(4);
  });

  it('X-Total-Count beyond the rows read and no way to the next page: never called whole', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({
      data: { data: leagues(0, 10) },
      headers: { 'x-total-count': '40' },
    }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(10);
    expect(list.more).toBe('yes');
    expect(list.shortfall.join(' ')).toMatch(/10 of 40 rows read/);
  });

  it('stops at the page budget and says how far it got', async () => {
    answerEvery(upstream, '/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        data: { data: leagues((page - 1) * 10, 10) },
        headers: { link: `<${ORIGIN}/v1/leagues?page=${page + 1}>; rel="next"`, 'x-total-count': '400' },
      };
    });
    const list = await readPages(clientFor(upstream, { maxPages: 3 }), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(30);
    expect(list.more).toBe('yes');
    expect(list.shortfall.join(' ')).toMatch(/30 of 400 rows read/);
  });

  it('linkHeaderNext reads RFC 8288 forms: several links, several rel types, unquoted rel', () => {
    expect(linkHeaderNext('<https://a/x?page=2>; rel="next", <https://a/x?page=9>; rel="last"')).toBe(
      'https://a/x?page=2',
    );
    expect(linkHeaderNext('</p/1>; rel="prev", </p/3>; title="x, y"; rel="next last"')).toBe('/p/3');
    expect(linkHeaderNext('</p/3>; rel=next')).toBe('/p/3');
    expect(linkHeaderNext('</p/1>; rel="prev"')).toBeUndefined();
    expect(linkHeaderNext(undefined)).toBeUndefined();
  });
});

describe('offset paging', () => {
  it('adds the offset itself from a {paging: {offset, limit, total}} echo, GET', async () => {
    answerEvery(upstream, '/v1/leagues', (url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return {
        data: { data: leagues(offset, Math.min(20, 50 - offset)), paging: { offset, limit: 20, total: 50 } },
      };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data.map((l) => l.name)).toEqual(leagues(0, 50).map((l) => l.name));
    expect(list.more).toBe('no');
    expect(list.total).toBe(50);
  });

  it('sends the offset in the body of a POST, the echo beside the list without a total', async () => {
    const all = Array.from({ length: 45 }, (_, i) => ({ player_id: `p${i}`, name: `N${i}` }));
    answerEvery(
      upstream,
      '/v1/scouting',
      (_url, body) => {
        const offset = Number((body as { offset?: number }).offset ?? 0);
        return { data: { data: all.slice(offset, offset + 20), offset, limit: 20 } };
      },
      'POST',
    );
    const list = await readPages(clientFor(upstream), 'scouting', ScoutingResponse, {
      body: { roles: ['mezzala'] },
    });
    expect(list.data.data).toHaveLength(45);
    // The short last page ends it: a limit echoed, fewer rows.
    expect(list.more).toBe('no');
    expect(upstream.sent.map((r) => JSON.parse(r.body ?? '{}').offset)).toEqual([undefined, 20, 40]);
  });

  it('a count beside the list larger than the page is a sign of more, said', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({ data: { data: leagues(0, 10), meta: { count: 40 } } }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.more).toBe('yes');
    expect(list.shortfall.join(' ')).toMatch(/more exist/);
  });

  it('pageSignals reads an offset beside the list, in a wrapper, and totals in headers', () => {
    expect(pageSignals({ data: [], offset: 0, limit: 5 }, ORIGIN)?.offset).toEqual({
      name: 'offset',
      value: 0,
      limit: 5,
    });
    expect(pageSignals({ data: [], pagination: { skip: 10, take: 5 } }, ORIGIN)?.offset).toEqual({
      name: 'skip',
      value: 10,
      limit: 5,
    });
    expect(pageSignals({ data: [] }, ORIGIN, { 'x-total-count': '12' })?.total).toBe(12);
    expect(pageSignals({ data: [] }, ORIGIN, { 'x-next-page': '3' })).toMatchObject({
      page: 2,
      hasMore: true,
    });
  });
});

describe('any sign of more', () => {
  it('a next_offset the API gives is followed as given', async () => {
    answerEvery(upstream, '/v1/leagues', (url) => {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return { data: { data: leagues(offset, 15), meta: { next_offset: offset < 30 ? offset + 15 : null } } };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(45);
    expect(list.more).toBe('no');
  });

  it('a next_page number is followed', async () => {
    answerEvery(upstream, '/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: { data: leagues((page - 1) * 5, 5), next_page: page < 3 ? page + 1 : null } };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(15);
    expect(list.more).toBe('no');
  });

  it('a next date or label of the data (next_update) is no sign of more', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({
      data: { data: leagues(0, 5), meta: { next_update: '2026-12-01' } },
    }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.more).toBe('no');
    expect(list.shortfall).toEqual([]);
  });

  it('a next-something nobody can follow: more exist, said, never whole', async () => {
    answerEvery(upstream, '/v1/leagues', () => ({
      data: { data: leagues(0, 5), meta: { next_token_hint: { at: 5 } } },
    }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.more).toBe('yes');
    expect(list.total).toBeUndefined();
    expect(list.shortfall.join(' ')).toMatch(/more rows exist/);
  });
});

describe('a maintenance 503 with Retry-After', () => {
  const maintenance = {
    ...JSON_HEADERS,
    'retry-after': '0',
    'x-ratelimit-limit': '100',
    'x-ratelimit-remaining': '90',
  };

  it.each([false, true])('is waited out (retrying only uncounted answers: %s)', async (uncountedOnly) => {
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(503, { error: { code: 'maintenance' } }, { headers: maintenance });
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(200, { data: leagues(0, 1) }, { headers: JSON_HEADERS });
    const client = clientFor(upstream, uncountedOnly ? { retryUncountedOnly: true } : {});
    const result = await client.call('leagues', LeaguesResponse);
    expect(result.data.data).toHaveLength(1);
    expect(upstream.sent).toHaveLength(2);
  });

  it('is not waited beyond the longest wait allowed', async () => {
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(503, { error: { code: 'maintenance' } }, { headers: { ...maintenance, 'retry-after': '3600' } });
    const client = clientFor(upstream, { retryUncountedOnly: true });
    await expect(client.call('leagues', LeaguesResponse)).rejects.toThrow();
    expect(upstream.sent).toHaveLength(1);
  });
});
