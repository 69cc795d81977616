// List answers in pages, the next one told only by HAL's `_links.next.href` (left out on the last page),
// with, by a draw, Spring Data's `page: {size, totalElements, totalPages, number}` beside the list; pages
// asked as `page`, counted from 0 (Spring's habit) or from 1. Pages of the limit asked (a drawn default
// without one), at most a drawn cap. A POST's list is answered whole (a link cannot carry its body).
// The rows of all pages together are the standard answer to the same request. An answer another piece
// has paged already is left as it is.

import { type DialectRequest, isRecord } from '../dialects/dialect.js';
import { addressWith, LISTS, withoutEchoes } from '../dialects/paged.js';
import { badRequest } from '../http/errors.js';
import { drawnPageSize } from './page-size.js';
import { pagedAlready, pagedInWords } from './page-words.js';
import type { Piece } from './piece.js';

export const hal: Piece = {
  name: 'hal',
  chance: 0.12,
  make(draw) {
    const { size, described } = drawnPageSize(draw);
    const from = draw.pick([0, 1]);
    const spring = draw.chance(0.5);

    const pageOf = (req: DialectRequest): number => {
      const given = req.query.get('page') ?? undefined;
      if (given === undefined) return from;
      const n = Number(given);
      if (!Number.isInteger(n) || n < from)
        throw badRequest('page', `page must be a whole number from ${from}`);
      return n;
    };
    return {
      describe: `${described}, the next in _links.next.href, pages asked as "page" from ${from}${spring ? ", Spring Data's page object beside the list" : ''}`,
      request(req) {
        if (LISTS.has(req.route) && req.method !== 'POST') pageOf(req);
        return req;
      },
      response(body, req) {
        if (!LISTS.has(req.route) || req.method === 'POST') return body;
        if (!isRecord(body) || !Array.isArray(body.data) || pagedAlready(body) || pagedInWords(body))
          return body;
        const per = size(req);
        const page = pageOf(req);
        const pages = Math.max(1, Math.ceil(body.data.length / per));
        const rows = body.data.slice((page - from) * per, (page - from + 1) * per);
        const self = { href: addressWith(req, 'page', String(page)) };
        const next =
          page - from + 1 < pages ? { next: { href: addressWith(req, 'page', String(page + 1)) } } : {};
        const meta = isRecord(body.meta) ? { meta: withoutEchoes(body.meta) } : {};
        const counts = spring
          ? { page: { size: per, totalElements: body.data.length, totalPages: pages, number: page - from } }
          : {};
        return { ...body, ...meta, data: rows, _links: { self, ...next }, ...counts };
      },
    };
  },
};
