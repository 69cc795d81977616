// Whether the parts of one refresh hold one week of data. A part may come from the cache, fetched before
// the API published a newer week, beside parts fetched now: rows built from both would pair this week's
// minutes with last week's ranks. The parts tell their week by the API's date (a record's data_as_of),
// by the rounds played (a person's minutes on the same row differ from part to part only across weeks),
// and by when they were fetched (parts fetched apart may straddle a publication).
import type { Source } from '../api/client.js';

/** One part as a refresh read it: where it came from, and what tells its week. */
export interface PartSeen {
  /** The request, told from the others: its route and what it asked. */
  key: string;
  /** The part in words ("compare", "ranking faux_9 in Ligue 1"). */
  label: string;
  source: Source;
  /** Fetched by this refresh (now, or moments ago by its own first pass), not by an earlier one. */
  thisRun: boolean;
  /** The API's date of the data, when the part gives one. */
  data_as_of?: string | null;
  /** The part carried a date of the data that could not be read: the API's names that could hold it. */
  date_unread?: readonly string[];
  /** Minutes by row (minutesKey): the rounds played as this part saw them. */
  minutes: Map<string, number>;
}

/** The parts of one refresh, as they land; `started`: when the refresh began (ISO). */
export class PartLog {
  readonly parts: PartSeen[] = [];

  constructor(private readonly started: string) {}

  add(part: Omit<PartSeen, 'thisRun'>): void {
    this.parts.push({ ...part, thisRun: part.source.fetched_at >= this.started });
  }
}

/** The key of a row in `minutes`: its row id (a season's, a club's), else its person's service_id. */
export function minutesKey(
  playerId: string | null | undefined,
  serviceId: string | null | undefined,
): string {
  return playerId ? `row ${playerId}` : `player ${serviceId ?? '?'}`;
}

/** How a part is named in a sentence on weeks: what it is and where it came from. */
function origin(part: PartSeen): string {
  const when = part.source.fetched_at.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC');
  return `${part.label} (${part.source.cached ? `from the cache, fetched ${when}` : `fetched ${when}`})`;
}

/** How far apart in time parts may be fetched and still be taken as one week (the watchlist settings). */
export interface WeekWindows {
  /**
   * Parts fetched further apart than this are not taken as one week without proof: the API publishes a
   * week at once, and one refresh fetches its parts within seconds; answers cached at other times (by an
   * earlier run, by another tool) may straddle a publication that neither dates nor minutes show (a
   * player who did not play keeps his minutes).
   */
  oneFetchMs: number;
  /** Parts an earlier refresh fetched this close together were fetched together: one week, however they differ. */
  sameFetchMs: number;
}

/** The defaults of --watchlist-week-window-s and --watchlist-same-fetch-s. */
export const DEFAULT_WEEK_WINDOWS: WeekWindows = { oneFetchMs: 5 * 60_000, sameFetchMs: 60_000 };

/**
 * Whether two parts' dates and minutes tell their weeks apart. Parts fetched together (both by this
 * refresh, or moments apart by an earlier one) hold one week: where they differ, the routes count
 * differently (a ranking's minutes may be the league's only), and taking that for two weeks would refuse
 * every refresh.
 */
function apart(a: PartSeen, b: PartSeen, sameFetchMs: number): boolean {
  if (a.thisRun !== b.thisRun) return true;
  if (a.thisRun) return false;
  return Math.abs(Date.parse(a.source.fetched_at) - Date.parse(b.source.fetched_at)) > sameFetchMs;
}

/** Why the parts of a refresh may not hold one week, and the parts to fetch again for it. */
export interface WeekConflict {
  text: string;
  stale: Set<string>;
}

/**
 * Why the parts do not hold one week, naming which parts hold which, and which of them to fetch again
 * (those an earlier refresh fetched); undefined when they do. The API's dates and the rounds played of
 * parts fetched apart first, then the fetch times.
 */
export function weekConflict(
  parts: readonly PartSeen[],
  { oneFetchMs, sameFetchMs }: WeekWindows = DEFAULT_WEEK_WINDOWS,
): WeekConflict | undefined {
  const stale = new Set(parts.filter((p) => !p.thisRun).map((p) => p.key));
  for (const [i, a] of parts.entries()) {
    for (const b of parts.slice(i + 1)) {
      if (!apart(a, b, sameFetchMs)) continue;
      if (a.data_as_of && b.data_as_of && a.data_as_of !== b.data_as_of) {
        return {
          text: `${origin(a)} holds data of ${a.data_as_of}, ${origin(b)} data of ${b.data_as_of}`,
          stale,
        };
      }
      for (const [row, minutes] of a.minutes) {
        const other = b.minutes.get(row);
        if (other === undefined || other === minutes) continue;
        return {
          text: `${origin(a)} gives ${row} ${minutes} minutes, ${origin(b)} ${other}: they hold different rounds`,
          stale,
        };
      }
    }
  }
  const times = parts.map((p) => Date.parse(p.source.fetched_at)).filter((t) => !Number.isNaN(t));
  const newest = Math.max(...times);
  const older = parts.filter((p) => !p.thisRun && Date.parse(p.source.fetched_at) < newest - oneFetchMs);
  const newer = parts.find((p) => Date.parse(p.source.fetched_at) === newest);
  const first = older[0];
  if (first && newer) {
    return {
      text: `${origin(first)}${older.length > 1 ? ` and ${older.length - 1} more` : ''} and ${origin(newer)} were fetched more than ${apartWords(oneFetchMs)} apart: the API may have published a week between them`,
      stale: new Set(older.map((p) => p.key)),
    };
  }
  return undefined;
}

/** "5 minutes", "90 seconds". */
function apartWords(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`;
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}
