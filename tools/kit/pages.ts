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
  const exist = list.more === 'yes' ? 'more exist' : 'more may exist';
  const cutNote =
    rows.length > shown.length || list.shortfall.length === 0
      ? [`${shown.length} shown; ${exist}: ${how}.`]
      : [];
  return { rows: shown, has_more: true, notes: [...cutNote, ...list.notes] };
}
