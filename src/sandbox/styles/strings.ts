// Numbers sent as JSON strings in their plain form ("24", "81.2", "1069"), as APIs that serialize
// decimals as text do: every number of the rows, a ranking entry's rank and score too (the spec states
// no type for them), and, drawn apart, the page counts of a list's paging. A drawn share of fields (by
// name, the same in every answer) or all of them.
import { isRecord } from '../dialects/dialect.js';
import { eachObject } from './fixed.js';
import type { Piece } from './piece.js';

/** The counts a paged answer gives beside its rows (the paging piece's, the standard `meta`'s). */
const PAGE_COUNTS = new Set(['page', 'per_page', 'total_pages', 'count', 'limit', 'returned', 'total']);

export const strings: Piece = {
  name: 'strings',
  chance: 0.25,
  make(draw) {
    const share = draw.pick([0.5, 1]);
    const pages = draw.chance(0.5);
    const statistics = draw.chance(0.6);
    // Drawn from the field's name: a field is text in every answer or in none.
    const isText = (key: string): boolean =>
      (pages || !PAGE_COUNTS.has(key)) && draw.fork(key).next() < share;
    const shown = (key: string, value: unknown) =>
      typeof value === 'number' && isText(key) ? String(value) : value;
    return {
      describe: `${share === 1 ? 'every number' : 'numbers of half the fields'} sent as a string${pages ? ', page counts too' : ''}${statistics ? ', statistics too' : ''}`,
      response: (body, req) =>
        eachObject(body, req.route, (obj) => {
          const out: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(obj)) {
            if (Array.isArray(value)) out[key] = value.map((v) => shown(key, v));
            else out[key] = shown(key, value);
          }
          if (statistics && isRecord(out.statistics))
            out.statistics = Object.fromEntries(
              Object.entries(out.statistics).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]),
            );
          return out;
        }),
    };
  },
};
