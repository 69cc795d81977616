// The watchlist tools' side of the watchlists (src/watchlists): the upstream as they ask it, and the
// report's cells.
import type { ApiClient } from '../../src/api/client.js';
import type { ReportRow } from '../../src/watchlists/changes.js';
import type { WatchlistUpstream } from '../../src/watchlists/upstream.js';
import { formatNumber, formatSigned, numberFormat } from './numbers.js';
import { PAGE_SIZE } from './pages.js';
import { resolveBatch } from './resolve.js';
import { eurosFormat } from './text.js';

/** The routes a watchlist asks for, on this client. */
export function watchlistUpstream(api: ApiClient): WatchlistUpstream {
  return {
    quota: api.quota,
    resolve: (chunk, signal) => resolveBatch(api, chunk, signal),
    record: (id, signal) => api.player({ id, signal }),
    compare: (chunk, signal) => api.compare({ ids: chunk, signal }),
    ranking: (role, league, signal) => api.rankings({ role, league, limit: PAGE_SIZE.rankings, signal }),
  };
}

export function personLabel(row: {
  name: string | null;
  service_id: string | null;
  player_id: string | null;
}) {
  if (row.service_id) return `${row.name ?? 'unnamed'} (${row.service_id})`;
  return `${row.name ?? 'unnamed'} (row ${row.player_id ?? '?'}, not linked yet)`;
}

export function clubCell(row: ReportRow): string {
  const here = `${row.club ?? '–'}${row.league ? ` (${row.league})` : ''}`;
  if (!row.from) return here;
  return `${row.from.club ?? '–'}${row.from.league && row.from.league !== row.league ? ` (${row.from.league})` : ''} → ${here}`;
}

export function minutesCell(row: ReportRow): string {
  if (row.minutes === null) return '–';
  if (row.minutes_delta !== null && row.minutes_delta !== 0)
    return `${formatNumber(row.minutes)} (${formatSigned(row.minutes_delta)})`;
  if (row.did_not_play) return `${formatNumber(row.minutes)} (did not play)`;
  if (row.changes.some((c) => c === 'transfer' || c.endsWith('row'))) return `${row.minutes} (new row)`;
  return String(row.minutes);
}

/**
 * The primary role's cells: the role, its rank (and places moved) and its own score (and its change),
 * the scores and their changes each in one format for the whole report.
 */
export function rankCells(rows: readonly ReportRow[]): (row: ReportRow) => string {
  const score = numberFormat(rows.map((r) => r.role_score));
  const change = numberFormat(rows.map((r) => r.role_score_change));
  return (row) => {
    const rank = rankCell(row);
    if (!row.primary_role || row.role_score === null) return rank;
    const moved =
      row.role_score_change === null || row.role_score_change === 0
        ? ''
        : ` (${formatSigned(row.role_score_change, change)})`;
    return `${rank}, score ${score(row.role_score)}${moved}`;
  };
}

export function rankCell(row: ReportRow): string {
  if (!row.primary_role) return '–';
  const unranked = row.rank_of !== null && row.rank_listed !== null && row.rank_listed >= row.rank_of;
  const place =
    row.rank !== null
      ? `${row.rank}${row.rank_of ? `/${row.rank_of}` : ''}`
      : unranked
        ? 'not ranked (too few minutes)'
        : `outside top ${row.rank_listed ?? '–'}`;
  const was = row.previous_role
    ? ` (was ${row.previous_role})`
    : row.rank_change
      ? ` (${row.rank_change > 0 ? '↑' : '↓'}${Math.abs(row.rank_change)})`
      : '';
  return `${row.primary_role} ${place}${was}`;
}

/** The value column's cells: values, changes and percentages each in one format for the whole report. */
export function valueCells(rows: readonly ReportRow[]): (row: ReportRow) => string {
  const value = eurosFormat(rows.map((r) => r.market_value_eur));
  const change = eurosFormat(rows.map((r) => r.value_change_eur));
  const pct = numberFormat(rows.map((r) => r.value_change_pct));
  return (row) => {
    if (row.market_value_eur === null) return '–';
    if (row.value_change_eur === null || row.value_change_eur === 0) return value(row.market_value_eur);
    const share =
      row.value_change_pct === null ? '' : `, ${formatSigned(row.value_change_pct, (v) => `${pct(v)}%`)}`;
    return `${value(row.market_value_eur)} (${formatSigned(row.value_change_eur, change)}${share})`;
  };
}
