// The watchlist tools' side of the watchlists (src/watchlists): the upstream as they ask it, and the
// report's cells.
import type { ApiClient } from '../../src/api/client.js';
import { markUnread } from '../../src/api/reader/unread.js';
import { type ReportRow, valueChangePct } from '../../src/watchlists/changes.js';
import type { WatchlistUpstream } from '../../src/watchlists/upstream.js';
import { DEFAULT_DECIMALS, formatNumber, formatSigned, numberFormat } from './numbers.js';
import { PAGE_SIZE } from './pages.js';
import { resolveBatch } from './resolve.js';
import { emptyCell, isUnread, joined, shownOr } from './shown.js';
import { eurosFormat } from './text.js';

/** The routes a watchlist asks for, on this client. */
export function watchlistUpstream(api: ApiClient): WatchlistUpstream {
  return {
    quota: api.quota,
    resolve: (chunk, signal) => resolveBatch(api, chunk, signal),
    record: (id, signal, fresh) => api.player({ id, signal, fresh }),
    compare: (chunk, signal, fresh) => api.compare({ ids: chunk, signal, fresh }),
    ranking: (role, league, signal, fresh) =>
      api.rankings({ role, league, limit: PAGE_SIZE.rankings, signal, fresh }),
  };
}

export function personLabel(row: {
  name: string | null;
  service_id: string | null;
  player_id?: string | null;
}) {
  const row_id = row.player_id ? `row ${row.player_id}` : undefined;
  // An unread name or service_id is no fact: the label keeps to what was read (the note names the rest).
  const name = shownOr(row, 'name', 'unnamed') ?? row_id ?? 'a player';
  if (row.service_id) return `${name} (${row.service_id})`;
  if (isUnread(row, 'service_id')) return row_id && name !== row_id ? `${name} (${row_id})` : name;
  return `${name} (${joined([row_id, 'not linked yet'])})`;
}

/**
 * A report's row as both forms give it: who, where he stands now, and only what moved. A change field is
 * left out when it is null or zero (the `changes` words name what moved), as the text shows none; a
 * linked row's player_id (his person's service_id is the lasting key), the ranking page's size beside a
 * rank, and a season the whole report shares (given once, in `season`) are left out likewise. The
 * value's change in % is the text's, from the value and its change in euros.
 */
export type ReportLine = {
  service_id: string | null;
  /** Only while the row is not linked to a person. */
  player_id?: string | null;
  name: string | null;
  status: ReportRow['status'];
  changes: string[];
  club: string | null;
  league: string | null;
  /** Only when the rows' seasons differ. */
  season?: string;
  minutes: number | null;
  primary_role: string | null;
  rank: number | null;
  rank_of: number | null;
  role_score: number | null;
  performance_index: number | null;
  market_value_eur: number | null;
  from?: { club: string | null; league: string | null };
  minutes_delta?: number;
  previous_role?: string;
  /** Entries the ranking's page held, when he is not on it. */
  rank_listed?: number;
  rank_change?: number;
  role_score_change?: number;
  value_change_eur?: number;
};

/** The season every row read carries, when they share one (a row of nothing read has none to say). */
export function sharedSeason(rows: readonly ReportRow[]): string | undefined {
  const read = rows.filter(
    (r) => r.season !== null || r.club !== null || r.minutes !== null || r.primary_role !== null,
  );
  const seasons = new Set(read.map((r) => r.season));
  const [only] = seasons;
  return seasons.size === 1 && typeof only === 'string' ? only : undefined;
}

/** `row` as a ReportLine; `season`: the one the report gives once (sharedSeason). */
export function reportLine(row: ReportRow, season: string | undefined): ReportLine {
  const line = lineOf(row, season);
  if (!row.unread || row.unread.length === 0) return line;
  const fields = Object.fromEntries(row.unread.map((f) => [f, 'name' as const]));
  return markUnread(line, { kind: 'player', fields, names: {} });
}

function lineOf(row: ReportRow, season: string | undefined): ReportLine {
  const moved = (v: number | null) => v !== null && v !== 0;
  return {
    service_id: row.service_id,
    ...(row.service_id ? {} : { player_id: row.player_id }),
    name: row.name,
    status: row.status,
    changes: row.changes,
    club: row.club,
    league: row.league,
    ...(season === undefined && row.season !== null ? { season: row.season } : {}),
    minutes: row.minutes,
    primary_role: row.primary_role,
    rank: row.rank,
    rank_of: row.rank_of,
    role_score: row.role_score,
    performance_index: row.performance_index,
    market_value_eur: row.market_value_eur,
    ...(row.from ? { from: row.from } : {}),
    ...(moved(row.minutes_delta) ? { minutes_delta: row.minutes_delta as number } : {}),
    ...(row.previous_role ? { previous_role: row.previous_role } : {}),
    ...(row.rank === null && row.rank_listed !== null ? { rank_listed: row.rank_listed } : {}),
    ...(moved(row.rank_change) ? { rank_change: row.rank_change as number } : {}),
    ...(moved(row.role_score_change) ? { role_score_change: row.role_score_change as number } : {}),
    ...(moved(row.value_change_eur) ? { value_change_eur: row.value_change_eur as number } : {}),
  };
}

export function clubCell(row: ReportLine): string {
  const league = [row.league, row.season].filter(Boolean).join(', ');
  const here = `${row.club ?? emptyCell(row, 'club')}${league ? ` (${league})` : ''}`;
  if (!row.from) return here;
  return `${row.from.club ?? emptyCell(row.from, 'club')}${row.from.league && row.from.league !== row.league ? ` (${row.from.league})` : ''} → ${here}`;
}

export function minutesCell(row: ReportLine): string {
  if (row.minutes === null) return emptyCell(row, 'minutes');
  if (row.minutes_delta) return `${formatNumber(row.minutes)} (${formatSigned(row.minutes_delta)})`;
  if (row.changes.includes('did not play')) return `${formatNumber(row.minutes)} (did not play)`;
  if (row.changes.some((c) => c === 'transfer' || c.endsWith('row'))) return `${row.minutes} (new row)`;
  return String(row.minutes);
}

/**
 * The primary role's cells: the role, its rank (and places moved) and its own score (and its change),
 * the scores and their changes each in one format for the whole report.
 */
export function rankCells(rows: readonly ReportLine[]): (row: ReportLine) => string {
  const score = numberFormat(rows.map((r) => r.role_score));
  const change = numberFormat(rows.map((r) => r.role_score_change ?? null));
  return (row) => {
    const rank = rankCell(row);
    if (!row.primary_role || row.role_score === null) return rank;
    const moved = row.role_score_change ? ` (${formatSigned(row.role_score_change, change)})` : '';
    return `${rank}, score ${score(row.role_score)}${moved}`;
  };
}

export function rankCell(row: ReportLine): string {
  if (!row.primary_role) {
    // What is drawn from the role is unread with it: its rank (of how many) and score named in the note.
    for (const field of ['rank_of', 'role_score'] as const) isUnread(row, field);
    return emptyCell(row, 'primary_role');
  }
  const listed = row.rank_listed ?? null;
  const unranked = row.rank_of !== null && listed !== null && listed >= row.rank_of;
  const place =
    row.rank !== null
      ? `${row.rank}${row.rank_of ? `/${row.rank_of}` : ''} ${population(row)}`
      : unranked
        ? 'not ranked (too few minutes)'
        : listed !== null
          ? `outside top ${listed} ${population(row)}`
          : 'rank not read';
  const was = row.previous_role
    ? ` (was ${row.previous_role})`
    : row.rank_change
      ? ` (${row.rank_change > 0 ? '↑' : '↓'}${Math.abs(row.rank_change)})`
      : '';
  return `${row.primary_role} ${place}${was}`;
}

/** Who the rank is among: the players the API ranks for the role in his league. */
function population(row: ReportLine): string {
  return `ranked in ${row.league ?? 'his league (not given)'}`;
}

/** The performance index's cells, in one format for the whole report. */
export function indexCells(rows: readonly ReportLine[]): (row: ReportLine) => string {
  const index = numberFormat(rows.map((r) => r.performance_index));
  return (row) =>
    row.performance_index === null ? emptyCell(row, 'performance_index') : index(row.performance_index);
}

/** The value column's cells: values, changes and percentages each in one format for the whole report. */
export function valueCells(rows: readonly ReportLine[]): (row: ReportLine) => string {
  const pctOf = (r: ReportLine) =>
    r.market_value_eur !== null && r.value_change_eur
      ? valueChangePct(r.market_value_eur, r.value_change_eur)
      : null;
  const value = eurosFormat(rows.map((r) => r.market_value_eur));
  const change = eurosFormat(rows.map((r) => r.value_change_eur ?? null));
  const pct = numberFormat(rows.map(pctOf), DEFAULT_DECIMALS, { ownDecimals: false });
  return (row) => {
    if (row.market_value_eur === null) return emptyCell(row, 'market_value_eur');
    if (!row.value_change_eur) return value(row.market_value_eur);
    const share = pctOf(row);
    const shown = share === null ? '' : `, ${formatSigned(share, (v) => `${pct(v)}%`)}`;
    return `${value(row.market_value_eur)} (${formatSigned(row.value_change_eur, change)}${shown})`;
  };
}
