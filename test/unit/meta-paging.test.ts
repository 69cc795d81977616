// Page numbers under a parameter only the answer's meta names: the page echoed under its own name, a
// field naming the parameter, or the page echoed under words the reader does not know beside a count
// larger than the page. Each is followed under that parameter within the page budget; an API whose
// parameter nothing names is said to have more rows, never called whole.
import { describe, expect, it } from 'vitest';
import { readPages } from '../../src/api/list-pages.js';
import { pageSignals } from '../../src/api/pagination.js';
import { LeaguesResponse, ScoutingResponse } from '../../src/api/schemas.js';
import { answerEvery, clientFor, ORIGIN, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

const leagues = (from: number, n: number) =>
  Array.from({ length: Math.max(0, n) }, (_, i) => ({ name: `League ${from + i}`, country: 'X' }));

/** A list of `all` leagues, 10 a page, the page read from `param` (any other parameter ignored). */
function pagedUnder(param: string, all: number, meta: (page: number, pages: number) => object): void {
  answerEvery(upstream, '/v1/leagues', (url) => {
    const page = Number(url.searchParams.get(param) ?? 1);
    const pages = Math.ceil(all / 10);
    return {
      data: { data: leagues((page - 1) * 10, Math.min(10, all - (page - 1) * 10)), meta: meta(page, pages) },
    };
  });
}

const pagesSent = (param: string) =>
  upstream.sent.map((r) => new URL(r.path, ORIGIN).searchParams.get(param));

describe('page numbers under a parameter the meta names', () => {
  it('the page echoed under its own name (page_number) goes back under it', async () => {
    pagedUnder('page_number', 30, (page, pages) => ({ page_number: page, per_page: 10, total_pages: pages }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data.map((l) => l.name)).toEqual(leagues(0, 30).map((l) => l.name));
    expect(list.more).toBe('no');
    expect(pagesSent('page_number')).toEqual([null, '2', '3']);
  });

  it('a field naming the parameter (page_param: "pg") beside the page under "page"', async () => {
    pagedUnder('pg', 25, (page, pages) => ({ page, per_page: 10, total_pages: pages, page_param: 'pg' }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(25);
    expect(list.more).toBe('no');
    expect(list.total).toBe(25);
  });

  it('the page echoed under words we do not know, a count beside it: followed to an empty page', async () => {
    pagedUnder('seite', 30, (page) => ({ seite: page, pro_seite: 10, gesamt: 30 }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data.map((l) => l.name)).toEqual(leagues(0, 30).map((l) => l.name));
    // The words' count is no total we read: the list is whole only at the empty page after the last.
    expect(list.more).toBe('no');
    expect(list.total).toBe(30);
    expect(pagesSent('seite')).toEqual([null, '2', '3', '4']);
  });

  it('the echo in the body of a POST (scouting) goes back in the body', async () => {
    const all = Array.from({ length: 23 }, (_, i) => ({ player_id: `p${i}`, name: `N${i}` }));
    answerEvery(
      upstream,
      '/v1/scouting',
      (_url, body) => {
        const pagina = Number((body as { pagina?: number }).pagina ?? 1);
        const rows = all.slice((pagina - 1) * 10, pagina * 10);
        return { data: { data: rows, pagination: { pagina, per_pagina: 10, totaal: 23 } } };
      },
      'POST',
    );
    const list = await readPages(clientFor(upstream), 'scouting', ScoutingResponse, {
      body: { roles: ['mezzala'] },
    });
    expect(list.data.data).toHaveLength(23);
    // The short third page tells no page (3 rows, no size beside them): the list ends there.
    expect(upstream.sent.map((r) => JSON.parse(r.body ?? '{}').pagina)).toEqual([undefined, 2, 3]);
    expect(list.more).toBe('no');
  });

  it('stops at the page budget and says more may exist (numbers in words it does not know count nothing)', async () => {
    pagedUnder('seite', 200, (page) => ({ seite: page, pro_seite: 10, gesamt: 200 }));
    const list = await readPages(clientFor(upstream, { maxPages: 3 }), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(30);
    expect(list.more).toBe('may');
    expect(list.shortfall.join(' ')).toMatch(/30 rows read; more may exist/);
  });

  it('a parameter nothing names (the page echoed as "page", asked as "pg"): more exist, never whole', async () => {
    pagedUnder('pg', 30, (page, pages) => ({ page, per_page: 10, total_pages: pages }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(10);
    expect(list.more).toBe('yes');
    expect(list.total).toBeUndefined();
    expect(list.shortfall.join(' ')).toMatch(/same rows.*more exist/);
  });

  it('a full page under a page number and its size, no count of pages: followed, whole only at the end', async () => {
    pagedUnder('page', 20, (page) => ({ page, per_page: 10 }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(20);
    expect(list.more).toBe('no');
    expect(pagesSent('page')).toEqual([null, '2', '3']);
  });

  it('the same, asked under a parameter nothing names: never whole', async () => {
    pagedUnder('pg', 20, (page) => ({ page, per_page: 10 }));
    const list = await readPages(clientFor(upstream), 'leagues', LeaguesResponse, {});
    expect(list.data.data).toHaveLength(10);
    expect(list.more).not.toBe('no');
    expect(list.total).toBeUndefined();
    expect(list.shortfall.join(' ')).toMatch(/same rows/);
  });

  it('a next address under a name not listed is followed; a token under a token name never', () => {
    const rows = leagues(0, 10);
    const next = (meta: object) => pageSignals({ data: rows, meta }, `${ORIGIN}/v1/leagues`)?.next;
    expect(next({ nextPageUrl: '/v1/leagues?p=2' })).toBe(`${ORIGIN}/v1/leagues?p=2`);
    expect(next({ '@odata.nextLink': `${ORIGIN}/v1/leagues?$skip=10` })).toBe(
      `${ORIGIN}/v1/leagues?$skip=10`,
    );
    expect(next({ next_batch: { href: '/v1/leagues?b=2' } })).toBe(`${ORIGIN}/v1/leagues?b=2`);
    // A base64 token may start as a path does: a token still, more exist, nothing followed.
    const token = pageSignals({ data: rows, meta: { next_token: '/w8AbC==' } }, `${ORIGIN}/v1/leagues`);
    expect(token?.next).toBeUndefined();
    expect(token?.hasMore).toBe(true);
    expect(next({ next_marker: 7 })).toBeUndefined();
  });

  it("Relay's end cursor is sent back as `after` only beside its flag saying a next page exists", () => {
    const rows = leagues(0, 10);
    const signals = (pageInfo: object) => pageSignals({ data: rows, pageInfo }, `${ORIGIN}/v1/leagues`);
    expect(signals({ hasNextPage: true, endCursor: 'Y3Vyc29yOjk=' })?.cursor).toEqual({
      name: 'after',
      value: 'Y3Vyc29yOjk=',
    });
    // The last page names its last row all the same: no cursor, and no more rows.
    const last = signals({ hasNextPage: false, endCursor: 'Y3Vyc29yOjk=' });
    expect(last?.cursor).toBeUndefined();
    expect(last?.hasMore).toBe(false);
    // An end cursor with no flag beside it says nothing of a next page.
    expect(signals({ endCursor: 'Y3Vyc29yOjk=' })?.cursor).toBeUndefined();
  });

  it("has_more alone is asked on after the last row's id; a header's way on comes first", () => {
    const rows = [...leagues(0, 2).map((l, i) => ({ ...l, id: `lg_${i}` }))];
    const url = `${ORIGIN}/v1/leagues`;
    expect(pageSignals({ data: rows, has_more: true }, url)?.cursor).toEqual({
      name: 'starting_after',
      value: 'lg_1',
    });
    expect(pageSignals({ data: rows, has_more: false }, url)?.cursor).toBeUndefined();
    // A page number or a next link in the headers is the way on: no guess beside it.
    const paged = pageSignals({ data: rows, has_more: true }, url, { 'x-page': '1', 'x-total-pages': '3' });
    expect(paged?.cursor).toBeUndefined();
    expect(paged?.page).toBe(1);
    const linked = pageSignals({ data: rows, has_more: true }, url, { link: `<${url}?p=2>; rel="next"` });
    expect(linked?.cursor).toBeUndefined();
    expect(linked?.next).toBe(`${url}?p=2`);
  });

  it('a page echo needs its size and a larger count beside it; an id, a version or a limit is none', () => {
    const rows = leagues(0, 10);
    expect(pageSignals({ data: rows, meta: { seite: 1, pro_seite: 10 } }, ORIGIN)?.page).toBeUndefined();
    expect(pageSignals({ data: rows, meta: { seite: 1, gesamt: 40 } }, ORIGIN)?.page).toBeUndefined();
    // One row: the page's own 1 is no size beside it; page facts only, for the list read to ask about
    // (under `page`, then under the name holding the 1).
    const one = pageSignals({ data: rows.slice(0, 1), meta: { seite: 1, gesamt: 40 } }, ORIGIN);
    expect(one?.page).toBeUndefined();
    expect(one?.facts).toEqual([{ at: 'meta', numbers: { seite: 1, gesamt: 40 }, also: ['seite'] }]);
    expect(
      pageSignals({ data: rows, meta: { version: 1, n: 10, gesamt: 40 } }, ORIGIN)?.page,
    ).toBeUndefined();
    expect(
      pageSignals({ data: rows, meta: { team_id: 1, n: 10, gesamt: 40 } }, ORIGIN)?.page,
    ).toBeUndefined();
    // A scouting answer's meta: one league, the rows eligible, the limit asked.
    expect(
      pageSignals({ data: rows, meta: { leagues: 1, eligible: 10, limit: 100 } }, ORIGIN),
    ).toBeUndefined();
    // Two fields holding the page asked: which is the page cannot be told, nor whether the larger number
    // counts the list (it may be a page size): page facts only, no word that more exist; each field
    // holding the page is asked in turn after `page`.
    expect(pageSignals({ data: rows, meta: { a: 1, b: 1, n: 10, gesamt: 40 } }, ORIGIN)).toEqual({
      facts: [{ at: 'meta', numbers: { a: 1, b: 1, n: 10, gesamt: 40 }, also: ['a', 'b'] }],
    });
    expect(pageSignals({ data: rows, meta: { seite: 1, pro_seite: 10, gesamt: 40 } }, ORIGIN)).toMatchObject({
      page: 1,
      pageParam: 'seite',
      pageTold: true,
    });
    // A later page: the echo is the number sent under that name.
    const later = { data: rows, meta: { seite: 3, pro_seite: 10, gesamt: 40 } };
    expect(pageSignals(later, `${ORIGIN}/v1/leagues?seite=3`)?.pageParam).toBe('seite');
    expect(pageSignals(later, `${ORIGIN}/v1/leagues?seite=2`)?.page).toBeUndefined();
  });
});
