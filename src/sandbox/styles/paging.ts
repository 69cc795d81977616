// List answers in pages, by a drawn convention: an opaque cursor (`meta.next_cursor`, `links.next`:
// the paged dialect's) or page numbers (`?page=2`, the page count beside the rows); the page size is
// the limit asked, or a drawn default without one, never above a drawn cap (cut silently). The rows of
// all pages together are the standard answer to the same request.

import { type DialectRequest, isRecord } from '../dialects/dialect.js';
import { addressWith, cursorPaging, LISTS, withoutEchoes } from '../dialects/paged.js';
import { badRequest } from '../http/errors.js';
import type { Draw } from './draw.js';
import type { Layer, Piece } from './piece.js';

function asked(req: DialectRequest): number | undefined {
  const given = req.method === 'POST' ? req.body.limit : req.query.get('limit');
  const n = typeof given === 'number' ? given : typeof given === 'string' ? Number(given) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function pageNumbers(param: string, size: (req: DialectRequest) => number, draw: Draw): Layer {
  const beside = draw.chance(0.5);
  const pageOf = (req: DialectRequest): number => {
    const given = req.method === 'POST' ? req.body[param] : req.query.get(param);
    if (given === undefined || given === null) return 1;
    const n = Number(given);
    if (!Number.isInteger(n) || n < 1) throw badRequest(param, `${param} must be a whole number from 1`);
    return n;
  };
  return {
    describe: `page numbers in "${param}", the count ${beside ? 'in a top-level "pagination"' : 'in meta'}`,
    request(req) {
      if (LISTS.has(req.route)) pageOf(req);
      return req;
    },
    response(body, req) {
      if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return body;
      const per = size(req);
      const page = pageOf(req);
      const pages = Math.max(1, Math.ceil(body.data.length / per));
      const rows = body.data.slice((page - 1) * per, page * per);
      const next = page < pages && req.method !== 'POST' ? addressWith(req, param, String(page + 1)) : null;
      const counts = { page, per_page: per, total_pages: pages };
      if (beside) return { ...body, data: rows, pagination: { ...counts, next } };
      return { ...body, data: rows, meta: { ...withoutEchoes(body.meta), ...counts } };
    },
  };
}

export const paging: Piece = {
  name: 'paging',
  chance: 0.4,
  make(draw) {
    const cap = draw.pick([5, 10, 20, 25, 50]);
    const fallback = Math.min(cap, draw.pick([10, 20, 25]));
    const size = (req: DialectRequest) => Math.min(asked(req) ?? fallback, cap);
    const sizes = `pages of the limit asked (${fallback} without one), at most ${cap}`;
    if (draw.chance(0.5)) {
      return { describe: `${sizes}, an opaque cursor (meta.next_cursor, links.next)`, ...cursorPaging(size) };
    }
    const layer = pageNumbers(draw.pick(['page', 'page_number', 'pg']), size, draw);
    return { ...layer, describe: `${sizes}, ${layer.describe}` };
  },
};
