// A list filtered locally whose rows may lack what the filter looks at: a row not matched where a field
// filtered on could not be read may match, so it is counted and said, never read as "none match".
import { unreadWhy } from '../../src/api/reader/unread.js';

/** Rows read but not matched for want of a field filtered on, and those of the fields unread in them. */
export interface UnmatchedUnread<R> {
  rows: R[];
  fields: string[];
}

/** The rows of `rows` not in `matched` in which a field of `filteredOn` could not be read. */
export function unmatchedUnread<R extends object>(
  rows: readonly R[],
  matched: ReadonlySet<R>,
  filteredOn: readonly string[],
): UnmatchedUnread<R> {
  const unmatched = rows.filter(
    (r) => !matched.has(r) && filteredOn.some((f) => unreadWhy(r, f) !== undefined),
  );
  const fields = filteredOn.filter((f) => unmatched.some((r) => unreadWhy(r, f) !== undefined));
  return { rows: unmatched, fields };
}

/**
 * '3 leagues read could not be matched against gender women: their gender could not be read, so they
 * may match too: the total of matching leagues is not known.' `noun` names a row, one and many;
 * `against` says what was asked.
 */
export function unmatchedNote(
  { rows, fields }: UnmatchedUnread<unknown>,
  noun: readonly [one: string, many: string],
  against: string,
): string {
  const n = rows.length;
  return (
    `${n} ${n === 1 ? noun[0] : noun[1]} read could not be matched against ${against}: ` +
    `${n === 1 ? 'its' : 'their'} ${wordList(fields.map((f) => f.replaceAll('_', ' ')))} could not be read, ` +
    `so ${n === 1 ? 'it' : 'they'} may match too: the total of matching ${noun[1]} is not known.`
  );
}

/** "a", "a and b", "a, b and c". */
function wordList(words: readonly string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}
