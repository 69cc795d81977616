// The best rows of a list by one number (a role's score, a projected score), cut to a few: only when every
// row's number was read. A row whose number is unread has no place in that order, so then every row is
// kept, in the API's order: "the best five" is never said of rows whose scores were not all read.
import { unreadWhy } from '../../src/api/reader/unread.js';

export function bestFirst<T extends object, K extends keyof T & string>(
  rows: readonly T[],
  field: K,
  limit: number,
): T[] {
  if (rows.some((r) => r[field] == null && unreadWhy(r, field) !== undefined)) return [...rows];
  const value = (r: T) => (typeof r[field] === 'number' ? (r[field] as number) : Number.NEGATIVE_INFINITY);
  return [...rows].sort((a, b) => value(b) - value(a)).slice(0, limit);
}
