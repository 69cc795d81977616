// A stricter server: any `limit` above 50, in the query string or the JSON body, is a 400 like the
// other invalid parameters. Everything else is standard.
import { badRequest } from '../http/errors.js';
import type { Dialect, DialectRequest } from './dialect.js';

export const MAX_LIMIT = 50;

function over(value: unknown): boolean {
  if (typeof value !== 'number' && typeof value !== 'string') return false;
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  return n > MAX_LIMIT;
}

export const capped: Dialect = {
  name: 'capped',
  summary: `standard answers, but any limit above ${MAX_LIMIT} is refused with 400`,
  request(req: DialectRequest) {
    if (req.query.getAll('limit').some(over) || over(req.body.limit)) {
      throw badRequest('limit', `limit must be at most ${MAX_LIMIT}`);
    }
    return req;
  },
};
