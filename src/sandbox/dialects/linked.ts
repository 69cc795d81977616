// Paging as many REST frameworks do it, in headers only: list answers come in pages of at most
// LINK_PER_PAGE rows (whatever `limit` asked, cut silently), the page asked with `page` (1-based) in the
// query string (a POST too: the link carries it), each answer with an RFC 8288 `Link` header (`rel="next"`
// while rows remain, `rel="first"`, `rel="last"`, relative addresses) and `X-Total-Count`, the rows of
// the whole list. The body says nothing of paging: the counts and totals the standard answer puts in
// `meta` are dropped. The whole list is what the standard server answers for the same request.
import { badRequest } from '../http/errors.js';
import { type Dialect, type DialectRequest, isRecord, type Json } from './dialect.js';
import { LISTS } from './paged.js';

export const LINK_PER_PAGE = 20;

/** Counts of the page or the list the standard `meta` carries: only the headers tell of paging here. */
const COUNTS = ['count', 'limit', 'returned', 'total', 'eligible'];

function pageOf(req: DialectRequest): number {
  const given = req.query.get('page');
  if (given === null) return 1;
  if (!/^[1-9]\d{0,6}$/.test(given)) throw badRequest('page', 'page must be a whole number from 1');
  return Number(given);
}

function addressOf(req: DialectRequest, page: number): string {
  const path = req.route.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(req.params[name] ?? ''),
  );
  const query = new URLSearchParams(req.query);
  query.set('page', String(page));
  return `${path}?${query}`;
}

/**
 * The page `req` asks of the whole list `body` (a standard answer), and the headers that tell of the
 * others: a pure function of the two, for harnesses that compose styles. Not a list: unchanged.
 */
export function linkPage(
  body: unknown,
  req: DialectRequest,
  perPage = LINK_PER_PAGE,
): { body: unknown; headers: Record<string, string> } {
  if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return { body, headers: {} };
  const page = pageOf(req);
  const total = body.data.length;
  const last = Math.max(1, Math.ceil(total / perPage));
  const rows = body.data.slice((page - 1) * perPage, page * perPage);
  const links = [
    ...(page < last ? [`<${addressOf(req, page + 1)}>; rel="next"`] : []),
    `<${addressOf(req, 1)}>; rel="first"`,
    `<${addressOf(req, last)}>; rel="last"`,
  ];
  const meta: Json = {};
  if (isRecord(body.meta))
    for (const [k, v] of Object.entries(body.meta)) if (!COUNTS.includes(k)) meta[k] = v;
  return {
    body: { ...body, data: rows, ...(isRecord(body.meta) ? { meta } : {}) },
    headers: { Link: links.join(', '), 'X-Total-Count': String(total) },
  };
}

export const linked: Dialect = {
  name: 'linked',
  summary: `list answers in pages of ${LINK_PER_PAGE} rows told only in headers: Link rel="next" and X-Total-Count`,
  request(req) {
    if (LISTS.has(req.route)) pageOf(req);
    return req;
  },
  response: (body, req) => linkPage(body, req).body,
  responseHeaders: (body, req) => linkPage(body, req).headers,
};
