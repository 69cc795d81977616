// Compact text for the model: markdown tables, not JSON dumps. Numbers go through numbers.ts: each
// column (or row of values shown side by side) gets one format that keeps different values apart.
import { noteColumn, unreadCell } from '../../src/mcp/completeness.js';

import { type NumberFormat, numberFormat } from './numbers.js';

/** An amount in euros, shown as €12.3m / €450k / €900 with the precision its column needs. */
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
  const cells = rows.map((row) => columns.map(([, cell]) => cell(row)));
  const formats = columns.map((_, c) => cellFormat(cells.map((row) => row[c])));
  const header = `| ${columns.map(([h]) => h).join(' | ')} |`;
  const rule = `|${columns.map(() => '---').join('|')}|`;
  const blank = columns.map(() => 0);
  for (const row of cells)
    row.forEach((value, i) => {
      if (value === null || value === undefined || value === '') blank[i] = (blank[i] as number) + 1;
    });
  // An unread field (src/api/reader/unread.ts) is left blank, never shown as absent; the note names it.
  const shown = (row: T, value: Cell, c: number) => {
    const column = columns[c] as (typeof columns)[number];
    if ((value === null || value === undefined || value === '') && unreadCell(row, column[1])) return '';
    return formats[c]?.(value) ?? '–';
  };
  const body = cells.map(
    (row, r) => `| ${row.map((value, c) => shown(rows[r] as T, value, c)).join(' | ')} |`,
  );
  // A column left blank is said so (src/mcp/completeness.ts), never silent.
  columns.forEach(([h, cell], i) => {
    noteColumn(h, cell, blank[i] as number, rows.length);
  });
  return [header, rule, ...body].join('\n');
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

/** The format of cells shown together: numbers share a precision, euros too. */
export function cellFormat(values: readonly Cell[]): (value: Cell) => string {
  const numbers = numberFormat(values);
  // Made only for cells that hold amounts: most columns hold none, and every call draws its tables.
  let money: ((value: number | null | undefined) => string) | undefined;
  const amounts = () => values.flatMap((v) => (isEuros(v) ? [v.euros] : []));
  return (value) => {
    if (isEuros(value)) {
      money ??= eurosFormat(amounts());
      return money(value.euros);
    }
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

export function formatEuros(value: number | null | undefined): string {
  return eurosFormat([value])(value);
}

/**
 * Amounts shown together: millions with at least one decimal (€12.3m), thousands whole (€450k), each
 * with more decimals where two different amounts would print the same. Negative amounts keep their sign.
 */
export function eurosFormat(
  values: Iterable<number | null | undefined>,
): (value: number | null | undefined) => string {
  const amounts = [...values].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const scales: [floor: number, divisor: number, suffix: string, format: NumberFormat][] = [
    [1e6, 1e6, 'm', scaled(amounts, 1e6, Number.POSITIVE_INFINITY, 1)],
    [1e3, 1e3, 'k', scaled(amounts, 1e3, 1e6, 0)],
    [0, 1, '', scaled(amounts, 0, 1e3, 0)],
  ];
  return (value) => {
    if (value === null || value === undefined || !Number.isFinite(value)) return '–';
    const [, divisor, suffix, format] =
      scales.find(([floor]) => Math.abs(value) >= floor) ?? (scales[2] as (typeof scales)[2]);
    const sign = value < 0 ? '-' : '';
    return `${sign}€${format(Math.abs(value) / divisor)}${suffix}`;
  };
}

function scaled(amounts: readonly number[], floor: number, ceiling: number, min: number): NumberFormat {
  const divisor = Math.max(floor, 1);
  const inRange = amounts.filter((v) => Math.abs(v) >= floor && Math.abs(v) < ceiling);
  // An amount's scale is ours (€12.3m): its decimals are not the API's, only what keeps amounts apart.
  return numberFormat(
    inRange.map((v) => Math.abs(v) / divisor),
    min,
    { ownDecimals: false },
  );
}
