// List answers in pages, the page facts in a language's words the reader knows none of: beside `data`
// or in a wrapper named in that language (`{pagina: 1, per_pagina: 20, totaal: 57}`, or the same under
// `paginering`), some of them drawn (its page, its size, the rows in all). The page is read from the
// page's word when the page is echoed, else from `page`; or the parameter is ignored, every page the
// first (an API that cannot be paged). Pages of the limit asked (a drawn default without one), at most
// a drawn cap. The rows of all pages together are the standard answer to the same request. An answer
// another piece has paged already (links, a cursor, a page number) is left as it is.

import { type DialectRequest, isRecord } from '../dialects/dialect.js';
import { LISTS, withoutEchoes } from '../dialects/paged.js';
import type { Piece } from './piece.js';

const WORDS = [
  { page: 'pagina', per: 'per_pagina', total: 'totaal', wrapper: 'paginering' },
  { page: 'seite', per: 'pro_seite', total: 'gesamt', wrapper: 'seitenangaben' },
  { page: 'sida', per: 'per_sida', total: 'totalt', wrapper: 'sidinfo' },
  { page: 'strona', per: 'na_strone', total: 'razem', wrapper: 'stronicowanie' },
] as const;

/** Which facts are shown: two at least, one number alone being no sign of paging. */
const SHOWN = [
  ['page', 'per', 'total'],
  ['page', 'per'],
  ['page', 'total'],
  ['per', 'total'],
] as const;

function asked(req: DialectRequest, name: string): number | undefined {
  const given = req.method === 'POST' ? req.body[name] : req.query.get(name);
  const n = typeof given === 'number' ? given : typeof given === 'string' ? Number(given) : Number.NaN;
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Whether another piece paged the answer already: a next link, a cursor or a page number of its own. */
function pagedAlready(body: Record<string, unknown>): boolean {
  const meta = isRecord(body.meta) ? body.meta : {};
  return 'links' in body || 'pagination' in body || 'next_cursor' in meta || 'page' in meta;
}

export const pageWords: Piece = {
  name: 'pagewords',
  chance: 0.15,
  make(draw) {
    const words = draw.pick(WORDS);
    const cap = draw.pick([10, 20, 25, 50]);
    const fallback = Math.min(cap, draw.pick([10, 20, 25]));
    const inWrapper = draw.chance(0.5);
    const shown = new Set<string>(draw.pick(SHOWN));
    const honours = draw.chance(0.6);
    const param = shown.has('page') ? words.page : 'page';
    const size = (req: DialectRequest) => Math.min(asked(req, 'limit') ?? fallback, cap);
    const facts = (page: number, per: number, rows: number): Record<string, number> => ({
      ...(shown.has('page') ? { [words.page]: page } : {}),
      ...(shown.has('per') ? { [words.per]: per } : {}),
      ...(shown.has('total') ? { [words.total]: rows } : {}),
    });
    return {
      describe: `pages of the limit asked (${fallback} without one), at most ${cap}, the facts (${[...shown].join(', ')}) in words "${words.page}", "${words.per}", "${words.total}" ${inWrapper ? `in "${words.wrapper}"` : 'beside the list'}, ${honours ? `the page read from "${param}"` : 'the page parameter ignored (every page the first)'}`,
      response(body, req) {
        if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data) || pagedAlready(body))
          return body;
        const per = size(req);
        const page = honours ? (asked(req, param) ?? 1) : 1;
        const rows = body.data.slice((page - 1) * per, page * per);
        const told = facts(page, per, body.data.length);
        const meta = isRecord(body.meta) ? { meta: withoutEchoes(body.meta) } : {};
        return inWrapper
          ? { ...body, ...meta, data: rows, [words.wrapper]: told }
          : { ...body, ...meta, data: rows, ...told };
      },
    };
  },
};
