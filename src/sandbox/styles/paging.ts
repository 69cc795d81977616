// List answers in pages, by a drawn convention: an opaque cursor (`meta.next_cursor`, `links.next`:
// the paged dialect's) or page numbers (`?page=2`, the page count beside the rows); the page size is
// the limit asked, or a drawn default without one, never above a drawn cap (cut silently). The rows of
// all pages together are the standard answer to the same request. Page numbers are echoed by a drawn
// habit: under `page` whatever the parameter (only a next link, when there is one, tells it), under the
// parameter's own name, with a field naming the parameter, or in a language's words (`seite`,
// `pro_seite`, `gesamt`: the parameter is the page's word, the count of rows beside it).

import { type DialectRequest, isRecord } from '../dialects/dialect.js';
import { addressWith, cursorPaging, LISTS, pageRows, withoutEchoes } from '../dialects/paged.js';
import { badRequest } from '../http/errors.js';
import type { Draw } from './draw.js';
import { drawnPageSize } from './page-size.js';
import type { Layer, Piece } from './piece.js';

/** Page, rows per page and rows in all, in a language's words: the page's word is the parameter. */
const PAGE_WORDS: readonly (readonly [page: string, per: string, total: string])[] = [
  ['seite', 'pro_seite', 'gesamt'],
  ['pagina', 'por_pagina', 'total_filas'],
  ['pagina', 'per_pagina', 'totale'],
  ['pagina', 'per_pagina', 'totaal'],
];

type Echo = 'page' | 'own' | 'named' | 'words';

function pageNumbers(draw: Draw, size: (req: DialectRequest) => number): Layer {
  // Drawn in the order the styles before these habits drew, so a seed keeps its parameter and place.
  const drawn = draw.pick(['page', 'page_number', 'pg']);
  const beside = draw.chance(0.5);
  const echo = draw.pick<Echo>(['page', 'own', 'named', 'words']);
  const words = draw.pick(PAGE_WORDS);
  const drift = draw.chance(DRIFT);
  const param = echo === 'words' ? words[0] : drawn;
  const countsOf = (page: number, per: number, pages: number, rows: number): Record<string, unknown> => {
    if (echo === 'own') return { [param]: page, per_page: per, total_pages: pages };
    if (echo === 'named') return { page, per_page: per, total_pages: pages, page_param: param };
    if (echo === 'words') return { [words[0]]: page, [words[1]]: per, [words[2]]: rows };
    return { page, per_page: per, total_pages: pages };
  };
  const told = {
    page: 'under "page"',
    own: 'under its own name',
    named: 'under "page", the parameter named in "page_param"',
    words: `as ${words.join(', ')}`,
  }[echo];
  const pageOf = (req: DialectRequest): number => {
    const given = req.method === 'POST' ? req.body[param] : req.query.get(param);
    if (given === undefined || given === null) return 1;
    const n = Number(given);
    if (!Number.isInteger(n) || n < 1) throw badRequest(param, `${param} must be a whole number from 1`);
    return n;
  };
  return {
    describe: `page numbers in "${param}" echoed ${told}, the count ${beside ? 'in a top-level "pagination"' : 'in meta'}${drifting(drift)}`,
    request(req) {
      if (LISTS.has(req.route)) pageOf(req);
      return req;
    },
    response(body, req) {
      if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data)) return body;
      const per = size(req);
      const page = pageOf(req);
      const pages = Math.max(1, Math.ceil(body.data.length / per));
      const rows = pageRows(body.data, (page - 1) * per, per, drift);
      const next = page < pages && req.method !== 'POST' ? addressWith(req, param, String(page + 1)) : null;
      const counts = countsOf(page, per, pages, body.data.length);
      if (beside) return { ...body, data: rows, pagination: { ...counts, next } };
      return { ...body, data: rows, meta: { ...withoutEchoes(body.meta), ...counts } };
    },
  };
}

/**
 * How often pages drift, as an order with ties and no tiebreak does: a row repeated, another on no page.
 * Drawn after a style's other habits, so a seed keeps them.
 */
const DRIFT = 0.25;
const drifting = (drift: boolean) =>
  drift ? ', each page after the first opening with the last row of the page before' : '';

export const paging: Piece = {
  name: 'paging',
  chance: 0.4,
  make(draw) {
    const { size, described: sizes } = drawnPageSize(draw);
    if (draw.chance(0.5)) {
      const drift = draw.chance(DRIFT);
      return {
        describe: `${sizes}, an opaque cursor (meta.next_cursor, links.next)${drifting(drift)}`,
        ...cursorPaging(size, drift),
      };
    }
    const layer = pageNumbers(draw, size);
    return { ...layer, describe: `${sizes}, ${layer.describe}` };
  },
};
