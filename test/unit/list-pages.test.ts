// A list is read past its first page the way the API pages it (next link, cursor, page numbers,
// has_more), only on the configured upstream, within the page budget, and says what it could not read.
import { describe, expect, it } from 'vitest';
import { BadResponseError } from '../../src/api/errors.js';
import { readAll, readPages } from '../../src/api/list-pages.js';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { tallyRequests } from '../../src/api/request-tally.js';
import {
  HistoryResponse,
  LeaguesResponse,
  RankingsResponse,
  ScoutingResponse,
} from '../../src/api/schemas.js';
import { cut } from '../../tools/kit/pages.js';
import {
  answerEvery,
  clientFor,
  JSON_HEADERS,
  ORIGIN,
  rejectionOf,
  type Upstream,
  useMockUpstream,
} from './helpers.js';

const upstream = useMockUpstream();

const leagues = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ name: `League ${from + i}`, country: 'X' }));
const ranked = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    rank: from + i + 1,
    name: `P${from + i}`,
    club: 'C',
    age: 20,
    score: 1,
  }));

/** Answers `prefix` with the JSON `reply(url, body)` gives, however often asked. */
const answer = (prefix: string, reply: (url: URL, body: unknown) => object, method = 'GET') =>
  answerEvery(upstream, prefix, (url, body) => ({ data: reply(url, body) }), method);

/** A ranking read in pages until `want` rows. */
const readRankings = (want: number) =>
  readPages(clientFor(upstream), 'rankings', RankingsResponse, { query: { role: 'x' } }, want);

const sentUrls = () => upstream.sent.map((r) => new URL(r.path, ORIGIN));

describe('following the API’s pages', () => {
  it('follows an absolute next link on the same upstream to the last page', async () => {
    answer('/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('p') ?? 1);
      return {
        data: leagues((page - 1) * 20, 20),
        links: { next: page < 3 ? `${ORIGIN}/v1/leagues?p=${page + 1}` : null },
      };
    });
    const { value: list, requests } = await tallyRequests(() =>
      readPages(clientFor(upstream), 'leagues', LeaguesResponse, {}),
    );
    expect(list.data.data).toHaveLength(60);
    expect(list.more).toBe('no');
    expect(list.total).toBe(60);
    expect(requests).toEqual({ sent: 3, from_cache: 0 });
    expect(list.notes.join(' ')).toMatch(/3 pages read/);
    // Every page is a request the quota tracker saw.
    expect(upstream.events).toHaveLength(3);
  });

  it('follows a relative next link (meta.next), resolved against the request', async () => {
    answer('/v1/leagues', (url) =>
      url.searchParams.get('after') === 'k'
        ? { data: leagues(20, 5), meta: { next: null } }
        : { data: leagues(0, 20), meta: { next: '?after=k' } },
    );
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(25);
    expect(sentUrls().map((u) => u.pathname + u.search)).toEqual(['/v1/leagues', '/v1/leagues?after=k']);
  });

  it('sends meta.next_cursor back as cursor, with the same limit, in the query', async () => {
    answer('/v1/rankings', (url) => {
      const at = Number(url.searchParams.get('cursor') ?? 0);
      return { data: ranked(at, 25), meta: { next_cursor: at + 25 < 75 ? String(at + 25) : null } };
    });
    const list = await readRankings(60);
    expect(list.data.data).toHaveLength(75);
    const asked = sentUrls().map((u) => [u.searchParams.get('cursor'), u.searchParams.get('limit')]);
    expect(asked).toEqual([
      [null, '100'],
      ['25', '100'],
      ['50', '100'],
    ]);
  });

  it('sends the cursor of a POST list in its JSON body', async () => {
    answer(
      '/v1/scouting',
      (_url, body) => {
        const at = Number((body as { cursor?: string }).cursor ?? 0);
        const data = ranked(at, 25).map((r) => ({ ...r, player_id: `p${r.rank}`, service_id: null }));
        return { data, next_cursor: at < 25 ? '25' : null };
      },
      'POST',
    );
    const list = await readPages(
      clientFor(upstream),
      'scouting',
      ScoutingResponse,
      { body: { roles: ['x'] } },
      40,
    );
    expect(list.data.data).toHaveLength(50);
    expect(upstream.sent.map((r) => JSON.parse(r.body ?? '{}'))).toEqual([
      { roles: ['x'], limit: 100 },
      { roles: ['x'], limit: 100, cursor: '25' },
    ]);
  });

  it('asks page numbers up to total_pages', async () => {
    answer('/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: leagues((page - 1) * 10, 10), meta: { page, total_pages: 3, per_page: 10 } };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(30);
    expect(sentUrls().map((u) => u.searchParams.get('page'))).toEqual([null, '2', '3']);
    expect(list.more).toBe('no');
  });

  it('asks the next page number while rows read are short of the total', async () => {
    answer('/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: leagues((page - 1) * 20, page < 3 ? 20 : 5), page, total: 45 };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(45);
    expect(list.total).toBe(45);
  });

  it('follows has_more with the next page number, and stops at has_more false', async () => {
    answer('/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: leagues((page - 1) * 10, 10), page, has_more: page < 2 };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(20);
    expect(list.more).toBe('no');
  });

  it('says so when has_more gives no way to the next page', async () => {
    answer('/v1/leagues', () => ({ data: leagues(0, 10), has_more: true }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.more).toBe('yes');
    expect(list.total).toBeUndefined();
    expect(list.shortfall.join(' ')).toMatch(/more rows exist but gives no next link/);
    const { has_more, notes } = cut(list.data.data, 50, 200, list);
    expect(has_more).toBe(true);
    expect(notes.join(' ')).toMatch(/10 rows read; more exist/);
    expect(notes.join(' ')).not.toMatch(/10 of 10/);
  });

  it('reads no page beyond the rows the call needs', async () => {
    answer('/v1/rankings', (url) => {
      const at = Number(url.searchParams.get('cursor') ?? 0);
      return { data: ranked(at, 25), meta: { next_cursor: String(at + 25) } };
    });
    const list = await readRankings(10);
    expect(upstream.sent).toHaveLength(1);
    const { rows, has_more, notes } = cut(list.data.data, 10, 100, list);
    expect(rows).toHaveLength(10);
    expect(has_more).toBe(true);
    expect(notes).toEqual(['10 shown; more exist: raise limit (up to 100) or narrow the filters.']);
  });

  it('keeps each page in the cache: the same read again sends nothing', async () => {
    answer('/v1/leagues', (url) => {
      const page = Number(url.searchParams.get('page') ?? 1);
      return { data: leagues((page - 1) * 10, 10), meta: { page, total_pages: 2 } };
    });
    const api = clientFor(upstream);
    await readPages(api, 'leagues', LeaguesResponse, {});
    const { value: again, requests } = await tallyRequests(() =>
      readPages(api, 'leagues', LeaguesResponse, {}),
    );
    expect(upstream.sent).toHaveLength(2);
    expect(requests).toEqual({ sent: 0, from_cache: 2 });
    expect(again.source.cached).toBe(true);
    expect(again.data.data).toHaveLength(20);
  });
});

describe('what is never followed', () => {
  it('refuses a next link to another host: the key is not sent there', async () => {
    answer('/v1/leagues', () => ({
      data: leagues(0, 20),
      links: { next: 'https://evil.test/v1/leagues?p=2' },
    }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(upstream.sent).toHaveLength(1);
    expect(list.more).toBe('yes');
    expect(list.shortfall.join(' ')).toMatch(
      /leads off https:\/\/api\.test and was not followed \(20 rows read; more exist\)/,
    );
  });

  it('refuses a link on the same host outside the base path, or with credentials', async () => {
    const api = clientFor(upstream, { baseUrl: `${ORIGIN}/football` });
    for (const next of [
      `${ORIGIN}/other/v1/leagues?p=2`,
      'https://user:pw@api.test/football/v1/leagues?p=2',
      'http://api.test/football/v1/leagues',
    ]) {
      expect(api.ownsLink(next), next).toBe(false);
      const error = await rejectionOf(api.call('leagues', LeaguesResponse, { link: next }));
      expect(error).toBeInstanceOf(BadResponseError);
    }
    expect(api.ownsLink(`${ORIGIN}/football/v1/leagues?p=2`)).toBe(true);
    expect(upstream.sent).toHaveLength(0);
  });

  it('stops at the page budget and says how many rows it read', async () => {
    answer('/v1/leagues', (url) => {
      const at = Number(url.searchParams.get('cursor') ?? 0);
      return { data: leagues(at, 10), meta: { next_cursor: String(at + 10) } };
    });
    const list = await readPages(clientFor(upstream, { maxPages: 3 }), 'leagues', LeaguesResponse, {});
    expect(upstream.sent).toHaveLength(3);
    expect(list.data.data).toHaveLength(30);
    expect(list.shortfall).toEqual([
      'Not every page was read: 3 pages read, the most one list read follows (the max-pages setting) (30 rows read; more exist).',
    ]);
    const { notes } = cut(list.data.data, 50, 200, list);
    expect(notes[0]).toBe(list.shortfall[0]);
  });

  it('stops when the API answers the same rows for the next page: none added twice', async () => {
    answer('/v1/leagues', (url) => ({
      data: leagues(0, 10),
      meta: { next_cursor: `c${url.search.length}` },
    }));
    const { value: list, requests } = await tallyRequests(() =>
      readPages(clientFor(upstream), 'leagues', LeaguesResponse, {}),
    );
    expect(upstream.sent).toHaveLength(2);
    expect(list.data.data).toHaveLength(10);
    expect(list.more).toBe('yes');
    expect(list.shortfall.join(' ')).toMatch(/same rows for the next page/);
    expect(requests.sent).toBe(2);
  });

  it('stops when the API gives the same next page twice', async () => {
    answer('/v1/leagues', (url) => {
      const at = url.searchParams.get('p') === 'b' ? 10 : 0;
      return { data: leagues(at, 10), links: { next: `${ORIGIN}/v1/leagues?p=b` } };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(upstream.sent).toHaveLength(2);
    expect(list.data.data).toHaveLength(20);
    expect(list.shortfall.join(' ')).toMatch(/same next page twice/);
  });

  it('takes a cursor equal to the one sent as an echo: the last page ends the list', async () => {
    answer('/v1/leagues', (url) => {
      const sent = url.searchParams.get('cursor');
      return sent === 'two'
        ? { data: leagues(10, 4), meta: { cursor: 'two', next_cursor: null } }
        : { data: leagues(0, 10), meta: { next_cursor: 'two' } };
    });
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(upstream.sent).toHaveLength(2);
    expect(list.more).toBe('no');
    expect(list.total).toBe(14);
    expect(list.shortfall).toEqual([]);
  });

  it('reads `after` as a cursor only inside `cursors`', async () => {
    answer('/v1/leagues', (url) =>
      url.searchParams.get('after') === 'x'
        ? { data: leagues(10, 3), meta: { after: '2024-01-01' } }
        : { data: leagues(0, 10), meta: { after: '2024-01-01' }, paging: { cursors: { after: 'x' } } },
    );
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(sentUrls().map((u) => u.searchParams.get('after'))).toEqual([null, 'x']);
    expect(list.data.data).toHaveLength(13);
    expect(list.more).toBe('no');
  });
});

describe('a page shorter than asked', () => {
  it('at a round number with no sign of more: the API may cap its pages', async () => {
    answer('/v1/rankings', () => ({ data: ranked(0, 25) }));
    const list = await readRankings(100);
    expect(list.more).toBe('may');
    expect(list.total).toBeUndefined();
    expect(list.shortfall).toEqual([
      'The API answered 25 rows where 100 were asked, with no sign of more: it may cap its pages, so more may exist (25 rows read).',
    ]);
    const { rows, has_more, notes } = cut(list.data.data, 100, 100, list);
    expect(rows).toHaveLength(25);
    expect(has_more).toBe(true);
    expect(notes.join(' ')).not.toMatch(/of 25/);
  });

  it('at another count with no sign of more: the whole list', async () => {
    answer('/v1/rankings', () => ({ data: ranked(0, 37) }));
    const list = await readRankings(100);
    expect(list.more).toBe('no');
    expect(list.total).toBe(37);
    expect(cut(list.data.data, 100, 100, list)).toMatchObject({ has_more: false, notes: [] });
  });
});

describe('a list read whole (history, career, saved items)', () => {
  it('reads every page and says in the answer what it spent and could not read', async () => {
    answer('/v1/players/ds_a/history', (url) => {
      const at = Number(url.searchParams.get('cursor') ?? 0);
      const data = Array.from({ length: 5 }, (_, i) => ({
        season: `${10 + at + i}-${11 + at + i}`,
        player_id: `p${at + i}`,
      }));
      return { service_id: 'ds_a', data, meta: { next_cursor: at < 10 ? String(at + 5) : null } };
    });
    const api = clientFor(upstream, { maxPages: 2 });
    const { value, notes } = await collectReadNotes(() =>
      readAll(api, 'playerHistory', HistoryResponse, { params: { id: 'ds_a' } }),
    );
    expect(value.data.data).toHaveLength(10);
    expect(notes.join(' ')).toMatch(
      /2 pages read, the most one list read follows .*\(10 rows read; more exist\)/,
    );
  });
});

describe('a page after the first that cannot be read', () => {
  const QUOTA_SPENT = {
    ...JSON_HEADERS,
    'x-ratelimit-limit': '10000',
    'x-ratelimit-remaining': '0',
    'x-ratelimit-reset': '2099-01-01T00:00:00.000Z',
  };

  /** How a page fails, as the upstream shows it, and the words the note gives for it. */
  const FAILURES: [string, (reply: ReturnType<Upstream['pool']['intercept']>) => void, RegExp][] = [
    ['a 503', (r) => r.reply(503, {}).persist(), /\(the API answered 503\)/],
    [
      'no answer in time',
      (r) => r.reply(200, { data: [] }, { headers: JSON_HEADERS }).delay(2_000).persist(),
      /\(the API did not answer in time\)/,
    ],
    [
      'an unreadable body',
      (r) => r.reply(200, 'not json', { headers: JSON_HEADERS }).persist(),
      /\(its answer could not be read\)/,
    ],
    [
      'a 200 marked failed',
      (r) => r.reply(200, { status: 'error', message: 'page expired' }, { headers: JSON_HEADERS }).persist(),
      /\(the API marked its answer failed \(status: "error"\)\)/,
    ],
    [
      'a network failure',
      (r) => r.replyWithError(new Error('ECONNRESET')).persist(),
      /\(the API could not be reached\)/,
    ],
    [
      'a refused key',
      (r) => r.reply(401, {}).persist(),
      /\(the API refused the key \(401\) after accepting it for the pages before: the key may have expired or been revoked\)/,
    ],
    ['a refused plan', (r) => r.reply(403, {}).persist(), /refused access to it \(403: the key's plan/],
    [
      'the daily quota running out',
      (r) => r.reply(429, {}, { headers: QUOTA_SPENT }).persist(),
      /\(the key's daily quota ran out \(429\) until 2099-01-01T00:00:00.000Z\)/,
    ],
    [
      'a refusal of the way it was asked',
      (r) => r.reply(400, { error: { parameter: 'cursor' } }).persist(),
      /refused the request for it \(400, naming cursor\): it may not take the next page the way it was asked/,
    ],
  ];

  /** Rankings in pages of 100 with a next cursor (450 rows, `total` when given); page `failing` fails. */
  function rankingsFailingAt(
    failing: number,
    fail: (reply: ReturnType<Upstream['pool']['intercept']>) => void,
    total?: number,
  ) {
    const cursorOf = (p: string) => Number(new URL(p, ORIGIN).searchParams.get('cursor') ?? 0);
    const isFailing = (p: string) => p.startsWith('/v1/rankings') && cursorOf(p) === (failing - 1) * 100;
    fail(upstream.pool.intercept({ path: isFailing, method: 'GET' }));
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v1/rankings') && !isFailing(p), method: 'GET' })
      .reply<object>((opts) => {
        const at = cursorOf(opts.path);
        return {
          statusCode: 200,
          data: {
            data: ranked(at, 100),
            meta: { next_cursor: String(at + 100), ...(total !== undefined ? { total } : {}) },
          },
          responseOptions: { headers: JSON_HEADERS },
        };
      })
      .persist();
  }

  const read = (want = 450) =>
    readPages(
      clientFor(upstream, { retries: 0, timeoutMs: 100 }),
      'rankings',
      RankingsResponse,
      { query: { role: 'x' } },
      want,
    );

  for (const failing of [2, 3]) {
    const before = failing - 1;
    const pages = before === 1 ? 'page 1' : `pages 1-${before}`;
    it.each(FAILURES)(
      `page ${failing} failing with %s: the rows read, more exist, and the note says which page and why`,
      async (_, fail, why) => {
        rankingsFailingAt(failing, fail);
        const list = await read();
        expect(list.data.data).toHaveLength(before * 100);
        expect(list.more).toBe('yes');
        expect(list.total).toBeUndefined();
        expect(list.shortfall).toHaveLength(1);
        expect(list.shortfall[0]).toMatch(why);
        expect(list.shortfall[0]).toMatch(
          new RegExp(
            `^Page ${failing} of the list could not be read \\(.*\\): the list shows the ${before * 100} rows of ${pages}; more exist\\.$`,
          ),
        );
        // The caller's answer: the rows read, more said to exist, never "N of N".
        const { rows, has_more, notes } = cut(list.data.data, 450, 500, list);
        expect(rows).toHaveLength(before * 100);
        expect(has_more).toBe(true);
        expect(notes).toContain(list.shortfall[0]);
        expect(notes.join(' ')).not.toMatch(new RegExp(`of ${before * 100}\\b`));
      },
    );
  }

  it('reports the quota the failed page told of: spent, not the page before', async () => {
    rankingsFailingAt(2, (r) => r.reply(429, {}, { headers: QUOTA_SPENT }).persist());
    const list = await read();
    expect(list.quota).toMatchObject({ remaining: 0, reset: '2099-01-01T00:00:00.000Z' });
  });

  it('keeps the total the API gave, and says the list goes past the rows read', async () => {
    rankingsFailingAt(3, (r) => r.reply(503, {}).persist(), 450);
    const list = await read();
    expect(list.total).toBe(450);
    expect(list.more).toBe('yes');
    expect(list.shortfall).toEqual([
      'Page 3 of the list could not be read (the API answered 503): the list shows the 200 rows of pages 1-2, of 450 the API counts.',
    ]);
    const { has_more, notes } = cut(list.data.data, 450, 500, list);
    expect(has_more).toBe(true);
    expect(notes[0]).toMatch(/^200 of 450 rows shown/);
  });

  it('says more may exist when the API gave no sign of more', async () => {
    // Full pages of 100 with page numbers and no total: the next page is asked, more may exist.
    upstream.pool
      .intercept({ path: (p) => new URL(p, ORIGIN).searchParams.get('page') === '2', method: 'GET' })
      .reply(503, {})
      .persist();
    answer('/v1/rankings', () => ({ data: ranked(0, 100), page: 1 }));
    const list = await read();
    expect(list.data.data).toHaveLength(100);
    expect(list.more).toBe('may');
    expect(list.shortfall).toEqual([
      'Page 2 of the list could not be read (the API answered 503): the list shows the 100 rows of page 1; more may exist.',
    ]);
  });

  it('does not blame the page size when the second page failed', async () => {
    rankingsFailingAt(2, (r) => r.reply(503, {}).persist());
    const { notes } = await collectReadNotes(() => read(150));
    expect(notes.join(' ')).not.toMatch(/at most 100 rows per request/);
  });

  it('counts what the pages sent: the failed page and its retries too', async () => {
    rankingsFailingAt(3, (r) => r.reply(503, {}).persist());
    const api = clientFor(upstream, { retries: 1 });
    const list = await readPages(api, 'rankings', RankingsResponse, { params: { role: 'poacher' } }, 300);
    expect(list.data.data).toHaveLength(200);
    // Pages 1 and 2, then page 3 twice (a retry): four requests, whatever the tool run around it asks.
    expect(upstream.sent.filter((r) => r.path.startsWith('/v1/rankings'))).toHaveLength(4);
    expect(list.notes).toContain('The API pages this list: 2 pages read, 4 requests sent.');
  });

  it('a list read whole says it in the answer', async () => {
    upstream.pool
      .intercept({ path: (p) => p.includes('cursor=two'), method: 'GET' })
      .reply(503, {})
      .persist();
    answer('/v1/players/ds_a/history', () => ({
      service_id: 'ds_a',
      data: [{ season: '24-25', player_id: 'p1' }],
      meta: { next_cursor: 'two' },
    }));
    const api = clientFor(upstream, { retries: 0 });
    const { value, notes } = await collectReadNotes(() =>
      readAll(api, 'playerHistory', HistoryResponse, { params: { id: 'ds_a' } }),
    );
    expect(value.data.data).toHaveLength(1);
    expect(notes).toContain(
      'Page 2 of the list could not be read (the API answered 503): the list shows the 1 row of page 1; more exist.',
    );
  });

  it('a cancellation still ends the call', async () => {
    const controller = new AbortController();
    rankingsFailingAt(2, (r) =>
      r.reply(() => {
        controller.abort();
        return { statusCode: 503, data: {} };
      }),
    );
    const api = clientFor(upstream, { retries: 0 });
    const error = await rejectionOf(
      readPages(api, 'rankings', RankingsResponse, { query: { role: 'x' }, signal: controller.signal }, 450),
    );
    expect(error).toBeInstanceOf(Error);
  });

  it('the first page failing still fails the call', async () => {
    rankingsFailingAt(1, (r) => r.reply(503, {}).persist());
    expect(await rejectionOf(read())).toMatchObject({ kind: 'server', status: 503 });
  });
});
