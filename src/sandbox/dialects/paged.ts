// A paging server: list answers come in pages of at most 25 rows, whatever `limit` asked (cut silently:
// no error, no word of it), each with `meta.next_cursor` and `links.next` (a relative address) while
// rows remain, null on the last page. The cursor goes back as `cursor`, in the query string (GET) or
// the JSON body (POST: no link, the cursor only). The whole list is what the standard server answers
// for the same request; counts that only echo the page (`meta.count`, `meta.limit`, `returned`) are
// dropped, totals of the whole list are kept. Everything else is standard.
import { badRequest } from '../http/errors.js';
import { type Dialect, type DialectRequest, isRecord, type Json } from './dialect.js';

export const PER_PAGE = 25;

/** The routes answered in pages: the lists, not the records or the batches answered item by item. */
export const LISTS: ReadonlySet<string> = new Set([
  '/v1/leagues',
  '/v1/glossary',
  '/v1/rankings',
  '/v1/rankings/statistics',
  '/v1/scouting',
  '/v1/comparison',
  '/v1/players/search',
  '/v1/players/:id/similar',
  '/v1/teams',
  '/v1/teams/:id/squad',
  '/v1/teams/:id/similar',
  '/v1/coaches',
]);

const encode = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function offsetOf(req: DialectRequest): number {
  const given = req.method === 'POST' ? req.body.cursor : req.query.get('cursor');
  if (given === undefined || given === null) return 0;
  const text = typeof given === 'string' ? Buffer.from(given, 'base64url').toString() : '';
  const match = /^o:(\d{1,7})$/.exec(text);
  if (!match) throw badRequest('cursor', 'cursor is not one this server gave');
  return Number(match[1]);
}

/** This request's path and query, with `param` set to `value`: the address of another page. */
/** A whole number from 1 the request sent under `name` (a POST's body, else its query); undefined otherwise. */
export function wholeAsked(req: DialectRequest, name: string): number | undefined {
  const given = req.method === 'POST' ? req.body[name] : req.query.get(name);
  const n = typeof given === 'number' ? given : typeof given === 'string' ? Number(given) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The rows a page holds in the paging styles: the limit asked, else `fallback`, never above `cap`. */
export function pageSize(req: DialectRequest, fallback: number, cap: number): number {
  return Math.min(wholeAsked(req, 'limit') ?? fallback, cap);
}

export function addressWith(req: DialectRequest, param: string, value: string): string {
  const path = req.route.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(req.params[name] ?? ''),
  );
  const query = new URLSearchParams(req.query);
  query.set(param, value);
  return `${path}?${query}`;
}

/** The address of the page at `offset`: this request's path and query, with the cursor. */
const linkTo = (req: DialectRequest, offset: number) => addressWith(req, 'cursor', encode(offset));

export function withoutEchoes(meta: unknown): Json {
  if (!isRecord(meta)) return {};
  const { count: _count, limit: _limit, returned: _returned, ...rest } = meta;
  return rest;
}

/**
 * The rows of a page starting at `start` of `all`; `drift`: as an order with ties and no tiebreak serves
 * them, opening with the last row of the page before (the row it displaces is on no page).
 */
export function pageRows(all: readonly unknown[], start: number, size: number, drift: boolean): unknown[] {
  const rows = all.slice(start, start + size);
  return drift && start > 0 && rows.length > 0 ? [all[start - 1], ...rows.slice(1)] : rows;
}

/** Cursor paging over the standard answer's whole list, `size(req)` rows a page (drifting by `drift`). */
export function cursorPaging(
  size: (req: DialectRequest) => number,
  drift = false,
): Pick<Dialect, 'request' | 'response'> {
  return {
    request(req) {
      if (LISTS.has(req.route)) offsetOf(req);
      return req;
    },
    response(body, req) {
      if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return body;
      const offset = offsetOf(req);
      const rows = pageRows(body.data, offset, size(req), drift);
      const end = offset + rows.length;
      const more = rows.length > 0 && end < body.data.length;
      const next = more && req.method !== 'POST' ? linkTo(req, end) : null;
      return {
        ...body,
        data: rows,
        meta: { ...withoutEchoes(body.meta), next_cursor: more ? encode(end) : null },
        ...(req.method !== 'POST' ? { links: { next } } : {}),
      };
    },
  };
}

export const paged: Dialect = {
  name: 'paged',
  summary: `list answers in pages of at most ${PER_PAGE} rows (limit cut silently), with meta.next_cursor and links.next`,
  ...cursorPaging(() => PER_PAGE),
};
