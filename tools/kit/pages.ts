// A list read (src/api/list-pages.ts) cut to the caller's limit: whether more rows exist, and how to
// get them.
import type { ListRead } from '../../src/api/list-pages.js';

export { PAGE_SIZE } from '../../src/api/list-pages.js';

export interface Page<T> {
  rows: T[];
  has_more: boolean;
  notes: string[];
}

/**
 * The size of the whole list, on evidence only: the list read's total (the API's, or every page read),
 * else a count the answer carries beside the list (`summary.count`) when it cannot be an echo of the
 * rows read: larger than them, or equal once the read found no sign of more. Undefined otherwise.
 */
export function statedTotal(
  list: Pick<ListRead<{ data: unknown[] }>, 'total' | 'more' | 'data'>,
  ...counts: (number | null | undefined)[]
): number | undefined {
  if (list.total !== undefined) return list.total;
  const read = list.data.data.length;
  const count = counts.find((c): c is number => typeof c === 'number' && Number.isInteger(c) && c >= read);
  return count !== undefined && (count > read || list.more === 'no') ? count : undefined;
}

/**
 * `rows` (a list read, or rows filtered from one) cut to the caller's `limit` (at most `max`), with
 * whether more exist and the notes saying so: "N of M" only when M is known.
 */
export function cut<T>(
  rows: readonly T[],
  limit: number,
  max: number,
  list: Pick<ListRead<unknown>, 'total' | 'more' | 'shortfall' | 'notes'>,
  narrow = 'narrow the filters',
): Page<T> {
  const shown = rows.slice(0, limit);
  const total = list.total ?? (list.more === 'no' ? rows.length : undefined);
  const how = limit < max && shown.length === limit ? `raise limit (up to ${max}) or ${narrow}` : narrow;
  if (total !== undefined) {
    const has_more = total > shown.length;
    const cutNote = has_more ? [`${shown.length} of ${total} rows shown: ${how} to see others.`] : [];
    return { rows: shown, has_more, notes: [...cutNote, ...list.notes] };
  }
  // Rows in hand beyond those shown are more, whatever the API says of rows beyond the ones read.
  const exist = list.more === 'yes' || rows.length > shown.length ? 'more exist' : 'more may exist';
  const cutNote =
    rows.length > shown.length || list.shortfall.length === 0
      ? [`${shown.length} shown; ${exist}: ${how}.`]
      : [];
  return { rows: shown, has_more: true, notes: [...cutNote, ...list.notes] };
}

/**
 * The count of rows of a list read (all of them, or those matching a local filter): known only when every
 * page was read; else null, with a note naming it, so a blank total never reads as none.
 */
export function countOf(
  list: Pick<ListRead<{ data: unknown[] }>, 'more' | 'data'>,
  matching: number,
  what: string,
): { total: number | null; notes: string[] } {
  if (list.more === 'no') return { total: matching, notes: [] };
  const read = list.data.data.length;
  return {
    total: null,
    notes: [`The total of ${what} is not known: not every page of the list was read (${read} rows read).`],
  };
}
