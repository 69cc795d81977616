// A watchlist at the default limits' edge, for the tests and the watchlist-listing bench.
import { newWatchlist, type WatchlistDoc } from '../../src/store/watchlists.js';

/**
 * A list at the default limits' edge: 200 players followed, 8 weekly snapshots of each, about 800 kB
 * (50 of them, the most one key may keep, hold about 40 MB).
 */
export function largeWatchlist(name: string, at = '2026-11-16T00:00:00.000Z'): WatchlistDoc {
  const ids = Array.from({ length: 200 }, (_, i) => `ds_${String(i).padStart(16, '0')}`);
  const snapshot = (week: number) => ({
    taken_at: `2026-${String(9 + Math.floor(week / 4)).padStart(2, '0')}-${String(1 + (week % 4) * 7).padStart(2, '0')}T06:00:00.000Z`,
    data_as_of: '2026-11-16',
    players: Object.fromEntries(
      ids.map((id, i) => [
        id,
        {
          club: `Club ${i % 40}`,
          league: `League ${i % 5}`,
          season: '25-26',
          player_id: `p${week}${String(i).padStart(8, '0')}`,
          minutes: 90 * week + i,
          primary_role: `role_${i % 31}`,
          performance_index: 61.25 + (i % 17),
          roles: Object.fromEntries(
            Array.from({ length: 6 }, (_, r) => [
              `role_${(i + r) % 31}`,
              { score: 55.5 + r, percentile: 80 - r },
            ]),
          ),
          market_value_eur: 1_500_000 + i * 25_000,
        },
      ]),
    ),
  });
  return {
    ...newWatchlist(name, at),
    note: 'followed every Monday',
    entries: ids.map((id, i) => ({ service_id: id, name: `Player Number ${i}`, added_at: at })),
    snapshots: Array.from({ length: 8 }, (_, week) => snapshot(week)),
  };
}
