// The API's date of the data as a player record gives it: a value, absent (the API sent none), or
// unread (the record carried fields nothing read whose values could be it: a date under a name not
// known, or a value that is no date). Only a value keys a week by the API's date; an unread one keys it
// by the fetch time and says so, never as if the API had given no date.
import type { ReadReport } from '../api/reader/report.js';
import { unreadMarks } from '../api/reader/unread.js';

export type RecordDate =
  | { state: 'value'; date: string }
  | { state: 'absent' }
  | { state: 'unread'; names: readonly string[] };

const FIELD = 'data_as_of';

/**
 * The date of `row` (a record as read): its value, else unread when the reader marked it so on the row,
 * or (a row kept where marks do not survive, a store's copy) when the reading's report found names that
 * could hold it or a value it could not read.
 */
export function recordDate(row: { data_as_of?: string | null }, report?: ReadReport): RecordDate {
  if (typeof row.data_as_of === 'string' && row.data_as_of !== '')
    return { state: 'value', date: row.data_as_of };
  const marks = unreadMarks(row);
  if (marks && Object.hasOwn(marks.fields, FIELD))
    return { state: 'unread', names: marks.names[FIELD] ?? [] };
  if (marks) return { state: 'absent' };
  const names = Object.values(report?.coverage ?? {}).flatMap((c) => c.fits?.[FIELD] ?? []);
  const misread = Object.keys(report?.unreadable ?? {}).some((path) => path.endsWith(`.${FIELD}`));
  return names.length > 0 || misread ? { state: 'unread', names } : { state: 'absent' };
}
