// A player's history rows as the tools show them: every field null when absent, its unread marks carried
// (a season the API names otherwise is unread, never absent), and the most recent first only when every
// row's season was read: a row whose season is unread has no place in that order.
import { carryUnread } from '../../src/api/reader/unread.js';
import type { HistoryRow } from '../../src/api/schemas.js';

const FIELDS = ['season', 'player_id', 'club', 'league', 'competition', 'minutes'] as const;
const SAME = Object.fromEntries(FIELDS.map((f) => [f, f]));

export interface HistoryShown {
  season: string | null;
  player_id: string | null;
  club: string | null;
  league: string | null;
  competition: string | null;
  minutes: number | null;
}

export function historyShown(row: HistoryRow): HistoryShown {
  const shown: HistoryShown = {
    season: row.season ?? null,
    player_id: row.player_id,
    club: row.club ?? null,
    league: row.league ?? null,
    competition: row.competition ?? null,
    minutes: row.minutes ?? null,
  };
  return carryUnread(shown, row, SAME);
}

/**
 * The `limit` most recent rows, newest first, when every row gives its season; else every row in the
 * API's order (which rows are the most recent is not known, so none is cut).
 */
export function mostRecent<T extends { season: string | null }>(rows: readonly T[], limit: number): T[] {
  if (rows.some((r) => r.season === null)) return [...rows];
  return [...rows].sort((a, b) => (b.season as string).localeCompare(a.season as string)).slice(0, limit);
}
