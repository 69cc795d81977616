// The data week a snapshot holds. The API publishes its data once a week, as rounds are played; a
// snapshot is one week of it, compared with the snapshot of an earlier week, never with a copy of its own
// week (a re-run replaces that week's snapshot instead). The week is the API's date of the data when it
// gives one (a player record's data_as_of), else the ISO week the parts were fetched in. A date the API
// sent that could not be read is not a date it did not give: the week then says so (`unread`).
import type { WatchlistSnapshot } from '../store/watchlists.js';

export interface DataWeek {
  /** The API's date of the data ("2026-12-05"), or the ISO week of the fetch ("2026-W49"). */
  key: string;
  /** Where the week was read: the API's date, or the time of the fetch when the API gave none. */
  from: 'api_date' | 'fetch_time';
  /** Keyed by the fetch time because the API's date was sent but could not be read (not because it gave none). */
  unread?: 'data_as_of';
}

/** The ISO 8601 week of a time ("2026-W49"); Monday starts it, the week of its Thursday names the year. */
export function isoWeek(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso.slice(0, 10);
  const day = new Date(time);
  const date = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  const weekday = date.getUTCDay() || 7;
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(date.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((date.getTime() - yearStart) / 86_400_000 + 1) / 7);
  return `${date.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
}

/**
 * The week of data a refresh read: the API's date when it gave one, else when its parts were fetched;
 * `dateUnread`: the API sent its date and it could not be read (the week says so).
 */
export function dataWeek(dataAsOf: string | null, fetchedAt: string, dateUnread = false): DataWeek {
  if (dataAsOf) return { key: dataAsOf, from: 'api_date' };
  return {
    key: isoWeek(fetchedAt),
    from: 'fetch_time',
    ...(dateUnread ? { unread: 'data_as_of' as const } : {}),
  };
}

/** The week a snapshot holds: as recorded, or (stored before weeks were) from its date or its time. */
export function weekOf(snapshot: WatchlistSnapshot): DataWeek {
  const recorded = snapshot.week as Partial<DataWeek> | undefined;
  if (
    recorded &&
    typeof recorded.key === 'string' &&
    (recorded.from === 'api_date' || recorded.from === 'fetch_time')
  ) {
    const unread = recorded.from === 'fetch_time' && recorded.unread === 'data_as_of';
    return { key: recorded.key, from: recorded.from, ...(unread ? { unread: 'data_as_of' as const } : {}) };
  }
  return dataWeek(snapshot.data_as_of, snapshot.taken_at);
}

/**
 * Whether two weeks may hold the same data. Keyed alike, when their keys agree. Keyed differently (the
 * API's date read in one, sent but unread in the other, so keyed by its fetch), when the fetch was not
 * before the week of the date: the data fetched then may be that date's, and a report that called it an
 * earlier week would state a change (or none) it cannot know.
 */
export function sameWeek(a: DataWeek, b: DataWeek): boolean {
  if (a.from === b.from) return a.key === b.key;
  const [dated, fetched] = a.from === 'api_date' ? [a, b] : [b, a];
  return fetched.unread === 'data_as_of' && fetched.key >= isoWeek(dated.key);
}

/** The week in words: "data of 2026-12-05" or "fetched in 2026-W49 (the API gave no date)". */
export function weekText(week: DataWeek): string {
  if (week.from === 'api_date') return `data of ${week.key}`;
  return week.unread
    ? `fetched in ${week.key} (the API's date of the data, data_as_of, could not be read)`
    : `fetched in ${week.key} (the API gave no date)`;
}

/**
 * The snapshot a report on `current` compares with: the last one before it of another (earlier) week.
 * Snapshots of the same week as `current` are copies of it, never compared with.
 */
export function earlierWeek(
  snapshots: readonly WatchlistSnapshot[],
  current: DataWeek,
  before = snapshots.length,
): WatchlistSnapshot | undefined {
  for (let i = Math.min(before, snapshots.length) - 1; i >= 0; i--) {
    const s = snapshots[i] as WatchlistSnapshot;
    if (!sameWeek(weekOf(s), current)) return s;
  }
  return undefined;
}

/** The stored snapshot of a week, named by its key, its data_as_of or the day it was taken; the last if several. */
export function snapshotOfWeek(
  snapshots: readonly WatchlistSnapshot[],
  asked: string,
): { snapshot: WatchlistSnapshot; index: number } | undefined {
  const wanted = asked.trim();
  for (let i = snapshots.length - 1; i >= 0; i--) {
    const s = snapshots[i] as WatchlistSnapshot;
    if (weekOf(s).key === wanted || s.data_as_of === wanted || s.taken_at.slice(0, 10) === wanted)
      return { snapshot: s, index: i };
  }
  return undefined;
}
