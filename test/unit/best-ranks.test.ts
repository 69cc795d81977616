// Generated rankings in pages: a ranking of N rows (each with its true rank) listed best first, worst
// first, shuffled or by name, served in pages of random size by one paging convention (a cursor, page
// numbers under one of several names, an offset with a total, a Link header with a total or a last
// link, or none), its
// `limit` bounding the whole list (the best N) or only the page, read within a random page budget. The
// property, for every seed: the rows shown as the best are ranks 1, 2, 3… in order, never a row with a
// better rank left unread; fewer than the limit only with a note saying the best ranks could not all
// be read; and the best ranks are reached whenever the read can reach them (best first, or the list
// small enough for the budget, or a worst-first list whose paging says where its last page is).
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bestRanks, withoutRepeats } from '../../tools/kit/best-ranks.js';
import { FULL_RUN, generator, propertyRuns, SAMPLE_SEED } from '../support/sample.js';
import { clientFor, JSON_HEADERS, mockUpstream, ORIGIN, type Upstream } from './helpers.js';

const ORDERS = ['best first', 'worst first', 'shuffled', 'by name'] as const;
const PAGING = ['cursor', 'page', 'pg', 'offset', 'link-offset', 'link-page', 'link-last', 'none'] as const;

interface Case {
  seed: string;
  rows: number;
  order: (typeof ORDERS)[number];
  paging: (typeof PAGING)[number];
  /** The API's own cap on a page. */
  cap: number;
  /** The API's `limit` bounds the whole list (its best N), not only the page. */
  bounds: boolean;
  limit: number;
  budget: number;
  /**
   * An order not stable between requests (ties, no tiebreak): each page after the first opens with the
   * last row of the page before, and the row it displaced is on no page; that row as it was (`repeat`),
   * or ranked by its new place (`renumber`: ranks given by place, the displaced row's rank).
   */
  drift: 'none' | 'repeat' | 'renumber';
  /**
   * The rank of the best row: 1, or 0 for an API that numbers its ranking from 0 (drawn for rankings
   * listed best first: one listed otherwise and read in part, rank 0 unread, cannot be told from one
   * numbered from 1; said in docs/real-api.md).
   */
  best: 0 | 1;
}

function caseOf(seed: string): Case {
  const r = generator(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(r() * items.length)] as T;
  const made: Omit<Case, 'best'> & { fromZero: boolean } = {
    seed,
    rows: Math.floor(r() * 120),
    order: pick(ORDERS),
    paging: pick(PAGING),
    cap: pick([3, 5, 10, 20, 25, 50, 100]),
    bounds: r() < 0.5,
    limit: 1 + Math.floor(r() * 30),
    budget: 2 + Math.floor(r() * 9),
    drift: ((d) => (d < 0.125 ? 'repeat' : d < 0.25 ? 'renumber' : 'none'))(r()),
    fromZero: r() < 0.25,
  };
  const { fromZero, ...c } = made;
  return { ...c, best: fromZero && c.order === 'best first' ? 0 : 1 };
}

interface Entry {
  rank: number;
  name: string;
  club: string;
  age: number;
  score: number;
  service_id: string;
  player_id: string;
}

function rankingOf(c: Case): Entry[] {
  const r = generator(`${c.seed}:names`);
  return Array.from({ length: c.rows }, (_, i) => ({
    rank: i + c.best,
    name: `Player ${Math.floor(r() * 1e6)}`,
    club: 'Club',
    age: 25,
    score: 100 - i / 2,
    service_id: `ds_${i}`,
    player_id: `p${i}`,
  }));
}

function ordered(c: Case, rows: readonly Entry[]): Entry[] {
  switch (c.order) {
    case 'best first':
      return [...rows];
    case 'worst first':
      return rows.toReversed();
    case 'by name':
      return rows.toSorted((a, b) => a.name.localeCompare(b.name) || a.rank - b.rank);
    case 'shuffled': {
      // The same order on every request: a list whose pages fit together.
      const r = generator(`${c.seed}:shuffle`);
      return rows
        .map((row) => ({ row, key: r() }))
        .sort((a, b) => a.key - b.key)
        .map((x) => x.row);
    }
  }
}

/** The API of `c` answering `url`: the page asked of its list, with the signs of the others. */
function serve(c: Case, url: URL): { body: Record<string, unknown>; headers: Record<string, string> } {
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? 20);
  const all = rankingOf(c);
  const list = ordered(c, c.bounds ? all.slice(0, limit) : all);
  if (c.paging === 'none') return { body: { data: list.slice(0, limit) }, headers: {} };
  const size = Math.min(limit, c.cap);
  const pages = Math.max(1, Math.ceil(list.length / size));
  const pageParam = c.paging === 'pg' ? 'pg' : c.paging === 'link-last' ? 'p' : 'page';
  const start =
    c.paging === 'cursor'
      ? Number(q.get('cursor') ?? 0)
      : ['page', 'pg', 'link-page', 'link-last'].includes(c.paging)
        ? (Number(q.get(pageParam) ?? 1) - 1) * size
        : Number(q.get('offset') ?? q.get('at') ?? 0);
  const served = list.slice(start, start + size);
  const before = list[start - 1] as Entry;
  const displaced = served[0] as Entry;
  const data =
    c.drift === 'none' || start === 0 || served.length === 0
      ? served
      : [c.drift === 'repeat' ? before : { ...before, rank: displaced.rank }, ...served.slice(1)];
  const end = start + data.length;
  const more = end < list.length;
  const page = Math.floor(start / size) + 1;
  const next = (name: string, value: number) => {
    const at = new URL(url.href);
    at.searchParams.set(name, String(value));
    return at.href;
  };
  switch (c.paging) {
    case 'cursor':
      return { body: { data, meta: { next_cursor: more ? String(end) : null } }, headers: {} };
    case 'page':
      return { body: { data, meta: { page, total_pages: pages } }, headers: {} };
    case 'pg':
      // A page parameter of its own name: only the next link tells it.
      return {
        body: { data, pagination: { page, total_pages: pages, next: more ? next('pg', page + 1) : null } },
        headers: {},
      };
    case 'offset':
      return { body: { data, offset: start, limit: size, total: list.length }, headers: {} };
    case 'link-last': {
      // No total: only the next and last links, in the Link header.
      const links = [`<${next('p', pages)}>; rel="last"`];
      if (more) links.unshift(`<${next('p', page + 1)}>; rel="next"`);
      return { body: { data }, headers: { link: links.join(', ') } };
    }
    case 'link-offset':
    case 'link-page': {
      const headers: Record<string, string> = { 'x-total-count': String(list.length) };
      const link = c.paging === 'link-page' ? next('page', page + 1) : next('at', end);
      if (more) headers.link = `<${link}>; rel="next"`;
      return { body: { data }, headers };
    }
  }
}

let upstream: Upstream;
beforeEach(() => {
  upstream = mockUpstream();
});
afterEach(async () => {
  await upstream.agent.close();
});

const COUNT = FULL_RUN ? 1000 : 120;
const seeds = Array.from({ length: COUNT }, (_, i) => `${SAMPLE_SEED}:ranks:${i}`);

describe(`generated rankings in pages (${COUNT} seeds from ${SAMPLE_SEED})`, () => {
  it.each(seeds)('%s: the rows shown as the best are the best ranks', async (seed) => {
    const c = caseOf(seed);
    const label = JSON.stringify(c);
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v1/rankings'), method: 'GET' })
      .reply<object>((opts) => {
        const { body, headers } = serve(c, new URL(opts.path, ORIGIN));
        return { statusCode: 200, data: body, responseOptions: { headers: { ...JSON_HEADERS, ...headers } } };
      })
      .persist();
    const api = clientFor(upstream, { maxPages: c.budget });
    const { result, order, reached } = await bestRanks(
      (limit, reading) => api.rankings({ role: 'faux_9', limit, reading }),
      c.limit,
    );
    const shown = order.rows.slice(0, c.limit).map((e) => e.rank);
    const want = Math.min(c.limit, c.rows);
    // "Worst first" is said of the rows read: of a list sent worst first, always; of another order, only
    // when the few rows read happened to come so (never of 10 rows or more: 1 chance in 3.6 million).
    const notes = order.notes.join(' ');
    const readCount = Number(/(\d+) rows? (?:were |was )?read/.exec(notes)?.[1] ?? 0);
    // One row read has no order to tell: "in another order than by rank" is all that can be said of it.
    if (c.order === 'worst first' && readCount !== 1)
      expect(notes, label).not.toMatch(/in another order than by rank/);
    else if (readCount >= 10) expect(notes, label).not.toMatch(/worst first/);
    // Never a row shown as the best with a better rank unread: ranks 1, 2, 3… in order, each a person once.
    // Pages that drift lose a row at each boundary, on no page: a rank skipped is then said, never silent.
    const people = order.rows.slice(0, c.limit).map((e) => e.service_id);
    expect(new Set(people).size, label).toBe(people.length);
    expect(
      shown.every((rank, i) => i === 0 || rank > (shown[i - 1] as number)),
      label,
    ).toBe(true);
    if (c.drift === 'none')
      expect(shown, label).toEqual(Array.from({ length: shown.length }, (_, i) => i + c.best));
    else if (shown.some((rank, i) => rank !== i + c.best)) expect(notes, label).toMatch(/Ranks missing/);
    // Fewer than the limit: said (the best ranks not all read, or more rows left unread).
    if (shown.length < want) {
      if (reached) expect(result.more, label).not.toBe('no');
      else expect(order.notes.join(' '), label).toMatch(/could not all be read/);
    }
    // Reached whenever the read can reach them: the whole list within the budget, the list asked no
    // longer than the limit (when the API's limit bounds it), or its last pages (worst first, paging that
    // says where the last page is).
    const size = Math.min(100, c.cap);
    const listRows = c.bounds ? Math.min(c.rows, 100) : c.rows;
    const pages = Math.max(1, Math.ceil(listRows / size));
    const fits = c.paging === 'none' ? listRows <= 100 : pages <= c.budget;
    const small = c.bounds && c.paging !== 'none' && Math.ceil(want / Math.min(c.limit, c.cap)) <= c.budget;
    const lastPage = listRows - (pages - 1) * size;
    const jumps =
      c.order === 'worst first' &&
      c.paging !== 'cursor' &&
      c.paging !== 'none' &&
      2 + Math.ceil(Math.max(0, want - lastPage) / size) <= c.budget;
    // (A drifting order loses a row at each page's boundary: the best ranks may not all be on any page.)
    if ((fits || small || jumps) && c.drift === 'none') expect(shown.length, label).toBe(want);
  });
});

// Rows sent twice (pages of a list whose order changed between requests) are kept once: the rows a
// read keeps are those their JSON keeps, in the same places, the same objects (a row's unread marks
// travel on the object, not in its JSON), whatever the ranks, equal, missing or not numbers at all.
describe('rows sent twice', () => {
  const rank = fc.oneof(
    fc.integer({ min: 1, max: 6 }),
    fc.constantFrom(0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, null, '1', 'null', undefined),
  );
  const row = fc.record(
    { rank, name: fc.constantFrom('A', 'B'), score: fc.constantFrom(1, 2, null) },
    { requiredKeys: ['name'] },
  );
  const rows = fc
    .array(row, { maxLength: 14 })
    .chain((made) =>
      fc.array(fc.nat(Math.max(0, made.length - 1)), { maxLength: made.length * 2 }).map((picks) => [
        ...made,
        // The same object again, and a copy of one: both are a row sent twice.
        ...picks.map((i, n) => (n % 2 ? made[i] : { ...made[i] })).filter((r) => r !== undefined),
      ]),
    )
    .chain((all) => fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length }));

  it('are kept once, as the JSON of each row keeps them', () => {
    fc.assert(
      fc.property(rows, (sent) => {
        const byJson = [...new Map(sent.map((r) => [JSON.stringify(r), r])).values()];
        const kept = withoutRepeats(sent as { rank: unknown }[]);
        expect(kept.length).toBe(byJson.length);
        for (const [i, r] of kept.entries()) expect(r).toBe(byJson[i]);
      }),
      propertyRuns('best ranks: rows sent twice', 300),
    );
  });
});

// Pages of an unstable order cut from rows a page names by place (a resource id `ranking_entry_3`): two
// copies of one person's row differ there, and are still one row; two people tied at a rank are two.
describe('a row sent twice with a field given by place', () => {
  it('is kept once by its rank and person, a tie kept whole', () => {
    const row = (service_id: string, rank: number, place: number) => ({
      rank,
      service_id,
      name: service_id,
      ranking_entry_id: `ranking_entry_${place}`,
    });
    const sent = [row('ds_a', 3, 1), row('ds_b', 3, 2), row('ds_a', 3, 7), row('ds_c', 4, 8)];
    expect(withoutRepeats(sent).map((r) => [r.service_id, r.ranking_entry_id])).toEqual([
      ['ds_a', 'ranking_entry_7'],
      ['ds_b', 'ranking_entry_2'],
      ['ds_c', 'ranking_entry_8'],
    ]);
  });
});

// Ranks given by place, in an order that changed between pages: a row sent again is renumbered. One
// player_id is one row (the spec's row id), so its second copy is the row again, whatever its rank.
describe('a row sent again under another rank', () => {
  it('is kept once, at its first rank; two rows of one person under two row ids are two', () => {
    const row = (player_id: string, service_id: string, rank: number) => ({ rank, player_id, service_id });
    const sent = [row('p1', 'ds_a', 1), row('p2', 'ds_b', 2), row('p2', 'ds_b', 3), row('p4', 'ds_b', 4)];
    expect(withoutRepeats(sent).map((r) => [r.player_id, r.rank])).toEqual([
      ['p1', 1],
      ['p2', 2],
      ['p4', 4],
    ]);
  });
});
