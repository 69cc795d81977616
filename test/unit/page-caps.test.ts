// When the API refuses our full page (a 400 to a larger limit than the caller's), the page is asked
// again once, at the bound the error names or the caller's own limit, and that cap is remembered by
// the client that learned it.
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/api/errors.js';
import { readPages } from '../../src/api/list-pages.js';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { RankingsResponse } from '../../src/api/schemas.js';
import { clientFor, JSON_HEADERS, rejectionOf, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const rows = (n: number) => ({
  data: Array.from({ length: n }, (_, i) => ({
    rank: i + 1,
    name: `P${i}`,
    club: 'C',
    age: 20,
    score: 90 - i,
    service_id: null,
  })),
});

/** Answers `limit` up to `cap`, and 400 (with `message`) above it, however often asked. */
function cappedRankings(cap: number, message?: string) {
  upstream.pool
    .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
    .reply<object>((opts) => {
      const limit = Number(new URL(opts.path, 'https://x').searchParams.get('limit'));
      return limit > cap
        ? {
            statusCode: 400,
            data: { error: { message: message ?? 'bad request', parameter: 'limit' } },
            responseOptions: { headers: JSON_HEADERS },
          }
        : { statusCode: 200, data: rows(limit), responseOptions: { headers: JSON_HEADERS } };
    })
    .persist();
}

const limits = () => upstream.sent.map((r) => new URL(r.path, 'https://x').searchParams.get('limit'));

describe('page caps', () => {
  it('a 400 naming another parameter is the caller’s: no second request', async () => {
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
      .reply(400, { error: { message: 'unknown role', parameter: 'role' } }, { headers: JSON_HEADERS });
    const error = await rejectionOf(
      readPages(clientFor(upstream), 'rankings', RankingsResponse, { query: { role: 'x' } }, 5),
    );
    expect((error as ApiError).parameter).toBe('role');
    expect(limits()).toEqual(['100']);
  });

  it('asks again at the bound the 400 names, once, and then asks it directly', async () => {
    cappedRankings(50, 'limit must be at most 50');
    const api = clientFor(upstream);
    const first = await readPages(api, 'rankings', RankingsResponse, { query: { role: 'faux_9' } }, 5);
    expect(first.pageSize).toBe(50);
    expect(first.data.data).toHaveLength(50);
    expect(limits()).toEqual(['100', '50']);
    await readPages(api, 'rankings', RankingsResponse, { query: { role: 'mezzala' } }, 20);
    expect(limits()).toEqual(['100', '50', '50']);
  });

  it('the cap belongs to the client that learned it, not to the process', async () => {
    cappedRankings(50, 'limit must be at most 50');
    await readPages(clientFor(upstream), 'rankings', RankingsResponse, { query: { role: 'faux_9' } }, 5);
    const other = clientFor(upstream);
    expect(other.pageCaps.size).toBe(0);
    await readPages(other, 'rankings', RankingsResponse, { query: { role: 'mezzala' } }, 5);
    expect(limits()).toEqual(['100', '50', '100', '50']);
  });

  it('without a named bound, asks again with the caller’s limit and honours it', async () => {
    cappedRankings(30);
    const api = clientFor(upstream);
    const result = await readPages(api, 'rankings', RankingsResponse, { query: { role: 'faux_9' } }, 10);
    expect(result.data.data).toHaveLength(10);
    expect(limits()).toEqual(['100', '10']);
    // A later, larger limit is tried (it fits under the real cap) and the cap grows.
    const later = await readPages(api, 'rankings', RankingsResponse, { query: { role: 'mezzala' } }, 25);
    expect(later.data.data).toHaveLength(25);
    expect(limits()).toEqual(['100', '10', '25']);
  });

  it('says so when the caller asked for more rows than the API gives', async () => {
    cappedRankings(50, 'limit must be at most 50');
    const api = clientFor(upstream);
    const { notes } = await collectReadNotes(() =>
      readPages(api, 'rankings', RankingsResponse, { query: { role: 'faux_9' } }, 80),
    );
    expect(notes).toEqual(['The API gives at most 50 rows per request on this route.']);
  });

  it('a 400 at the caller’s own limit is the caller’s, and is not asked a third time', async () => {
    cappedRankings(0);
    const api = clientFor(upstream);
    const error = await rejectionOf(
      readPages(api, 'rankings', RankingsResponse, { query: { role: 'x' } }, 5),
    );
    expect((error as ApiError).kind).toBe('bad_request');
    expect(limits()).toEqual(['100', '5']);
  });
});
