// A field a tool's text shows, in one of three states (src/api/reader/unread.ts): a value; absent (the
// API sent null or nothing), which the text may word as it likes ("not linked", "–"); or unread, which
// the text leaves out, never shown as "?", "none" or a dash: the answer's one note names it
// (src/mcp/completeness.ts).
import { unreadShown } from '../../src/mcp/completeness.js';
import { type Cell, formatCell, formatRow } from './text.js';

type Present<T> = Exclude<T, null | undefined>;

/** The field's value, or undefined when it is empty (absent or unread: an unread one is noted). */
export function shown<T extends object, K extends keyof T & string>(
  row: T,
  field: K,
): Present<T[K]> | undefined {
  const value = row[field];
  if (value !== null && value !== undefined && value !== '') return value as Present<T[K]>;
  unreadShown(row, field);
  return undefined;
}

/** Whether the field is empty because it could not be read (then noted): the text must not call it absent. */
export function isUnread<T extends object>(row: T, field: keyof T & string): boolean {
  const value = row[field];
  if (value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0))
    return false;
  return unreadShown(row, field);
}

/** The parts that have something to say, joined: an empty or unread part is left out. */
export function joined(parts: readonly (string | false | null | undefined)[], separator = ', '): string {
  return parts.filter((p): p is string => typeof p === 'string' && p !== '').join(separator);
}

/** The field as text (a number in the format of one cell), or undefined when empty (unread: noted). */
export function shownText<T extends object>(row: T, field: keyof T & string): string | undefined {
  const value = shown(row, field);
  if (value === undefined) return undefined;
  return typeof value === 'number' ? formatCell(value) : String(value);
}

/** The field as text; when absent, the text's word for that (`absent`); when unread, undefined (noted). */
export function shownOr<T extends object>(
  row: T,
  field: keyof T & string,
  absent: string,
): string | undefined {
  const text = shownText(row, field);
  if (text !== undefined) return text;
  return unreadShown(row, field) ? undefined : absent;
}

/** A table cell of an empty field: "–" when absent, nothing when unread (the note names it). */
export function emptyCell<T extends object>(row: T, field: keyof T & string): string {
  return unreadShown(row, field) ? '' : '–';
}

/**
 * One field of rows shown side by side (a comparison's line): the values in one format (formatRow), an
 * empty one as emptyCell says ("–" when absent, blank when unread). `value`: the cell of a value present.
 */
export function sideBySide<T extends object>(
  rows: readonly T[],
  field: keyof T & string,
  value: (row: T) => Cell = (row) => row[field] as Cell,
): string[] {
  const cells = formatRow(rows.map(value));
  return rows.map((row, i) => {
    const raw = row[field];
    return raw === null || raw === undefined || raw === '' ? emptyCell(row, field) : (cells[i] as string);
  });
}
