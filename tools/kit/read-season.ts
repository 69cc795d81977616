// The season of an answer that shows no row (each left out by a filter, or not proven among the best):
// the rows read still tell it, or say it was sent under a name not read.
import { unreadWhy } from '../../src/api/reader/unread.js';

/** None shown, and no row read carries a season that could be read: the answer's season is named unread. */
export function seasonUnreadNote(rows: readonly object[]): string[] {
  const lacking = rows.filter((r) => (r as { season?: unknown }).season == null);
  if (lacking.length === 0 || lacking.length < rows.length || !rows.some((r) => unreadWhy(r, 'season')))
    return [];
  return ["The answer's season could not be read: the rows read carry it under a name not read."];
}
