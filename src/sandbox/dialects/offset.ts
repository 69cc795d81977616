// Offset paging: list answers come in pages of at most OFFSET_PER_PAGE rows (whatever `limit` asked,
// cut silently), the page asked with `offset` in the query string (GET) or the JSON body (POST), and
// the answer echoes it in a wrapper beside the list: `{data, paging: {offset, limit, total}}`, `limit`
// the rows this page holds at most, `total` the rows of the whole list. No link, no cursor: the client
// must add the offset itself. The standard answer's counts in `meta` are dropped (`paging` tells).
// The whole list is what the standard server answers for the same request.
import { badRequest } from '../http/errors.js';
import { type Dialect, type DialectRequest, isRecord, type Json } from './dialect.js';
import { LISTS } from './paged.js';

export const OFFSET_PER_PAGE = 20;

const COUNTS = ['count', 'limit', 'returned', 'total'];

function offsetOf(req: DialectRequest): number {
  const given = req.method === 'POST' ? req.body.offset : req.query.get('offset');
  if (given === undefined || given === null) return 0;
  const text = String(given);
  if (!/^\d{1,7}$/.test(text)) throw badRequest('offset', 'offset must be a whole number from 0');
  return Number(text);
}

/**
 * The page `req` asks of the whole list `body` (a standard answer), with its `paging` echo: a pure
 * function of the two, for harnesses that compose styles. Not a list: unchanged.
 */
export function offsetPage(body: unknown, req: DialectRequest, perPage = OFFSET_PER_PAGE): unknown {
  if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return body;
  const offset = offsetOf(req);
  const meta: Json = {};
  if (isRecord(body.meta))
    for (const [k, v] of Object.entries(body.meta)) if (!COUNTS.includes(k)) meta[k] = v;
  return {
    ...body,
    data: body.data.slice(offset, offset + perPage),
    ...(isRecord(body.meta) ? { meta } : {}),
    paging: { offset, limit: perPage, total: body.data.length },
  };
}

export const offsetPaged: Dialect = {
  name: 'offset',
  summary: `list answers in pages of ${OFFSET_PER_PAGE} rows, asked by offset, echoed as paging: {offset, limit, total}`,
  request(req) {
    if (LISTS.has(req.route)) offsetOf(req);
    return req;
  },
  response: (body, req) => offsetPage(body, req),
};
