// Lists cut to a limit: whether more rows exist, and how to get them.
import { moreRows } from '../../src/mcp/args.js';

export interface Page<T> {
  rows: T[];
  has_more: boolean;
  notes: string[];
}

/**
 * `rows`, the answer to a request for `max` rows (see callFullPage), cut to `limit`. `total` (when the
 * upstream reports one) makes `has_more` exact; without it fewer than `max` rows are all there is, and a
 * full page is taken to mean more may exist.
 */
export function page<T>(rows: readonly T[], limit: number, max: number, total?: number | null): Page<T> {
  const shown = rows.slice(0, limit);
  const known = typeof total === 'number' ? total : rows.length < max ? rows.length : undefined;
  if (known === undefined) return { rows: shown, has_more: true, notes: moreRows(rows.length, limit, max) };
  if (known <= shown.length) return { rows: shown, has_more: false, notes: [] };
  const how = limit < max ? `raise limit (up to ${max}) or narrow the filters` : 'narrow the filters';
  return {
    rows: shown,
    has_more: true,
    notes: [`${shown.length} of ${known} rows shown: ${how} to see others.`],
  };
}
