// Compact text for the model: markdown tables, not JSON dumps.
import { noteColumn } from '../../src/mcp/completeness.js';

export type Cell = string | number | boolean | null | undefined;

export function table<T>(
  rows: readonly T[],
  columns: readonly (readonly [header: string, cell: (row: T) => Cell])[],
): string {
  if (rows.length === 0) return '(no rows)';
  const header = `| ${columns.map(([h]) => h).join(' | ')} |`;
  const rule = `|${columns.map(() => '---').join('|')}|`;
  const blank = columns.map(() => 0);
  const line = (row: T) =>
    columns.map(([, cell], i) => {
      const value = cell(row);
      if (value === null || value === undefined || value === '') blank[i] = (blank[i] as number) + 1;
      return formatCell(value);
    });
  const body = rows.map((row) => `| ${line(row).join(' | ')} |`);
  // A column left blank is said so (src/mcp/completeness.ts), never silent.
  columns.forEach(([h, cell], i) => {
    noteColumn(h, cell, blank[i] as number, rows.length);
  });
  return [header, rule, ...body].join('\n');
}

export function formatCell(value: Cell): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  return String(value).replace(/\|/g, '/').replace(/\s+/g, ' ');
}

export function formatEuros(value: number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (value >= 1e6) return `€${(value / 1e6).toFixed(1)}m`;
  if (value >= 1e3) return `€${Math.round(value / 1e3)}k`;
  return `€${value}`;
}
