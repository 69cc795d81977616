// List answers in pages, the page facts in a language's words the reader knows none of: beside `data`
// or in a wrapper named in that language (`{pagina: 1, per_pagina: 20, totaal: 57}`, or the same under
// `paginering`), some of them drawn (its place, its size, the rows in all). The place is a page counted
// from 1 or from 0, or an offset (under the word for "from": `vanaf`), read from that word when it is
// echoed, else a page from `page`; or the parameter is ignored, every page the first (an API that
// cannot be paged). Pages of the limit asked (a drawn default without one), at most
// a drawn cap. The rows of all pages together are the standard answer to the same request. An answer
// another piece has paged already (links, a cursor, a page number) is left as it is.

import { type DialectRequest, isRecord } from '../dialects/dialect.js';
import { LISTS, wholeAsked, withoutEchoes } from '../dialects/paged.js';
import { drawnPageSize } from './page-size.js';
import type { Piece } from './piece.js';

const WORDS = [
  { page: 'pagina', from: 'vanaf', per: 'per_pagina', total: 'totaal', wrapper: 'paginering' },
  { page: 'seite', from: 'ab', per: 'pro_seite', total: 'gesamt', wrapper: 'seitenangaben' },
  { page: 'sida', from: 'fran', per: 'per_sida', total: 'totalt', wrapper: 'sidinfo' },
  { page: 'strona', from: 'od', per: 'na_strone', total: 'razem', wrapper: 'stronicowanie' },
] as const;

/** How the place is counted: pages from 1, pages from 0, or an offset (under the word for "from"). */
type Counts = 'pages' | 'zero' | 'offset';

/** Which facts are shown: two at least, one number alone being no sign of paging. */
const SHOWN = [
  ['page', 'per', 'total'],
  ['page', 'per'],
  ['page', 'total'],
  ['per', 'total'],
] as const;

/** What the paging piece puts in `meta` (paging.ts): its cursor, its page size in any of its words. */
const PAGED_META = [
  'next_cursor',
  'page',
  'per_page',
  'total_pages',
  'pro_seite',
  'por_pagina',
  'per_pagina',
];

/** Whether another piece paged the answer already: a next link, a cursor or page numbers of its own. */
/** Whether this piece paged the answer: its words beside the list, or its wrapper. */
export function pagedInWords(body: Record<string, unknown>): boolean {
  return WORDS.some((w) => [w.page, w.from, w.per, w.total, w.wrapper].some((name) => name in body));
}

export function pagedAlready(body: Record<string, unknown>): boolean {
  const meta = isRecord(body.meta) ? body.meta : {};
  return (
    'links' in body || '_links' in body || 'pagination' in body || PAGED_META.some((name) => name in meta)
  );
}

export const pageWords: Piece = {
  name: 'pagewords',
  chance: 0.15,
  make(draw) {
    const words = draw.pick(WORDS);
    const { size, described } = drawnPageSize(draw, [10, 20, 25, 50]);
    const inWrapper = draw.chance(0.5);
    const shown = new Set<string>(draw.pick(SHOWN));
    const honours = draw.chance(0.6);
    const counts = draw.pick<Counts>(['pages', 'pages', 'zero', 'offset']);
    const placeWord = counts === 'offset' ? words.from : words.page;
    const param = shown.has('page') ? placeWord : 'page';
    /** The first row of the page asked: its number (from 1 or 0) or its offset, under the parameter. */
    const startOf = (req: DialectRequest, per: number): number => {
      if (!honours) return 0;
      const given = wholeAsked(req, param);
      if (shown.has('page') && counts !== 'pages') return (given ?? 0) * (counts === 'offset' ? 1 : per);
      return ((given ?? 1) - 1) * per;
    };
    const facts = (start: number, per: number, rows: number): Record<string, number> => ({
      ...(shown.has('page')
        ? { [placeWord]: counts === 'offset' ? start : Math.floor(start / per) + (counts === 'zero' ? 0 : 1) }
        : {}),
      ...(shown.has('per') ? { [words.per]: per } : {}),
      ...(shown.has('total') ? { [words.total]: rows } : {}),
    });
    const place = !shown.has('page')
      ? 'page'
      : counts === 'offset'
        ? 'offset'
        : counts === 'zero'
          ? 'page (from 0)'
          : 'page';
    const where = inWrapper ? `in "${words.wrapper}"` : 'beside the list';
    const taken = honours
      ? `the ${place} read from "${param}"`
      : 'the page parameter ignored (every page the first)';
    return {
      describe: `${described}, the facts (${[...shown].join(', ')}) in words "${placeWord}", "${words.per}", "${words.total}" ${where}, ${taken}`,
      response(body, req) {
        if (!LISTS.has(req.route) || !isRecord(body) || !Array.isArray(body.data) || pagedAlready(body))
          return body;
        const per = size(req);
        const start = startOf(req, per);
        const rows = body.data.slice(start, start + per);
        const told = facts(start, per, body.data.length);
        const meta = isRecord(body.meta) ? { meta: withoutEchoes(body.meta) } : {};
        return inWrapper
          ? { ...body, ...meta, data: rows, [words.wrapper]: told }
          : { ...body, ...meta, data: rows, ...told };
      },
    };
  },
};
