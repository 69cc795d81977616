// Compact text for the model: markdown tables, not JSON dumps. Numbers go through numbers.ts: each
// column (or row of values shown side by side) gets one format that keeps different values apart.
import { noteColumn, unreadCell } from '../../src/mcp/completeness.js';

import { numberFormat } from './numbers.js';

/** An amount in euros as a table cell: printed by formatEuros, one format everywhere. */
export interface Euros {
  readonly euros: number | null | undefined;
}
export const euros = (value: number | null | undefined): Euros => ({ euros: value });

export type Cell = string | number | boolean | null | undefined | Euros;

export function table<T>(
  rows: readonly T[],
  columns: readonly (readonly [header: string, cell: (row: T) => Cell])[],
): string {
  if (rows.length === 0) return '(no rows)';
  // Plain loops: every answer's text is made here, cached or not.
  const width = columns.length;
  const cells: Cell[][] = [];
  for (const row of rows) {
    const line: Cell[] = [];
    for (const [, cell] of columns) line.push(cell(row));
    cells.push(line);
  }
  const formats: ((value: Cell) => string)[] = [];
  const blank: number[] = [];
  for (let c = 0; c < width; c++) {
    const column: Cell[] = [];
    let blanks = 0;
    for (const line of cells) {
      const value = line[c];
      column.push(value);
      if (isBlank(value)) blanks++;
    }
    formats.push(cellFormat(column));
    blank.push(blanks);
  }
  const lines = [`| ${columns.map(([h]) => h).join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`];
  for (let r = 0; r < cells.length; r++) {
    const line = cells[r] as Cell[];
    let text = '|';
    for (let c = 0; c < width; c++) {
      const value = line[c];
      // An unread field (src/api/reader/unread.ts) is left blank, never shown as absent; the note names it.
      // A cell that gives "" chose to be blank (shown.ts emptyCell: its field unread): never turned into "–".
      const unread =
        value === '' ||
        (isBlank(value) && unreadCell(rows[r] as T, (columns[c] as (typeof columns)[number])[1]));
      text += ` ${unread ? '' : (formats[c] as (value: Cell) => string)(value)} |`;
    }
    lines.push(text);
  }
  // A column left blank is said so (src/mcp/completeness.ts), never silent.
  for (let c = 0; c < width; c++) {
    const [h, cell] = columns[c] as (typeof columns)[number];
    noteColumn(h, cell, blank[c] as number, rows.length);
  }
  return lines.join('\n');
}

function isBlank(value: Cell): boolean {
  return value === null || value === undefined || value === '';
}

/** Values shown side by side (a row of a comparison): one format for their numbers. */
export function formatRow(values: readonly Cell[]): string[] {
  const format = cellFormat(values);
  return values.map(format);
}

/** One value shown alone. */
export function formatCell(value: Cell): string {
  return cellFormat([value])(value);
}

/** The format of cells shown together: numbers share a precision; euros have one format everywhere. */
export function cellFormat(values: readonly Cell[]): (value: Cell) => string {
  const numbers = numberFormat(values);
  return (value) => {
    if (isEuros(value)) return formatEuros(value.euros);
    if (value === null || value === undefined || value === '') return '–';
    if (typeof value === 'number') return numbers(value);
    return plain(String(value));
  };
}

/** A pipe would split the markdown cell, a line break or run of spaces the row: each becomes one character. */
const UNSAFE_IN_CELL = /[|]|[^\S ]|\s\s/;

function plain(text: string): string {
  // Most cells (names, clubs, ids) need no change: tested once instead of replaced twice.
  if (!UNSAFE_IN_CELL.test(text)) return text;
  return text.replace(/\|/g, '/').replace(/\s+/g, ' ');
}

function isEuros(value: Cell): value is Euros {
  return typeof value === 'object' && value !== null;
}

/**
 * An amount in euros, one way everywhere (a shortlist, a record, a comparison): €12.35m, €450k, €900,
 * exact to the euro with trailing zeros dropped, so two different amounts never print the same and
 * one amount never prints two ways, whatever is shown beside it. Negative amounts keep their sign.
 */
export function formatEuros(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const amount = Math.abs(value);
  const [divisor, suffix, digits] =
    amount >= 1e6 ? [1e6, 'm', 6] : amount >= 1e3 ? [1e3, 'k', 3] : [1, '', 2];
  const text = (amount / divisor).toFixed(digits).replace(/\.?0+$/, '');
  return `${value < 0 ? '-' : ''}€${text}${suffix}`;
}

/** The format of amounts shown together: the one format (formatEuros), whatever the others are. */
export function eurosFormat(
  _values: Iterable<number | null | undefined>,
): (value: number | null | undefined) => string {
  return formatEuros;
}
