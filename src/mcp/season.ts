// The season of an answer, said in its first line and in its `season` field: the one asked, else the one
// its rows carry, else the API's own choice, named as such. Rows that mix seasons are named row by row,
// and a season older than the running one (the API fell back) is said to be so.
import { normalizeSeason, seasonOf } from '../domain/season.js';

export interface AnswerSeason {
  /** The season asked, else the one every row carries; null when unknown or the rows differ. */
  season: string | null;
  /** The answer's first line. */
  line: string;
  notes: string[];
}

type SeasonRow = { season?: unknown; name?: unknown };

/** Rows named in a mixed-season note before "and N more". */
const NAMED_ROWS = 10;

/**
 * `asked`: the caller's season argument, as given. `carried`: the seasons the tool read (set when its
 * rows' season is not in `data`), else read from `data` (its rows, or `data.player` / `data.team`).
 */
export function answerSeason(
  asked: unknown,
  carried: string[] | undefined,
  data: unknown,
  unread: (row: object, field: string) => boolean = () => false,
  seasonUnread = false,
): AnswerSeason {
  const askedLabel = typeof asked === 'string' ? labelOf(asked) : undefined;
  const rows = seasonRows(data);
  const seasons = carried ?? distinct(rows.map((r) => r.season));
  const notes = seasons.length > 1 ? mixedNote(rows) : [];
  if (askedLabel) return { season: askedLabel, line: `Season ${askedLabel}.`, notes };
  const [only] = seasons;
  if (seasons.length === 1 && only)
    return { season: only, line: `Season ${only}${fallbackWords(only)}.`, notes };
  if (seasons.length > 1)
    return { season: null, line: `Seasons ${seasons.join(', ')}: the rows differ (see each row).`, notes };
  // Rows whose season the reading could not read say nothing of the API's choice: named unread, not "current".
  if (seasonUnread || rows.some((row) => isEmpty(row.season) && unread(row, 'season')))
    return { season: null, line: 'Season: unread (see the note).', notes };
  return { season: null, line: 'Season: current season (as the API decides).', notes };
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The season running now, by the calendar (seasons start on 1 July). */
export function currentSeason(now = new Date()): string {
  return seasonOf(now);
}

/** " (last season)" or " (an earlier season)" when `season` is older than the running one; else "". */
export function fallbackWords(season: string, now = new Date()): string {
  const behind = seasonsBehind(season, now);
  if (behind === undefined || behind <= 0) return '';
  return behind === 1 ? ' (last season)' : ' (an earlier season)';
}

function seasonsBehind(season: string, now: Date): number | undefined {
  const start = /^(\d{2})-\d{2}$/.exec(season)?.[1];
  const current = /^(\d{2})-\d{2}$/.exec(currentSeason(now))?.[1];
  if (start === undefined || current === undefined) return undefined;
  return (Number(current) - Number(start) + 100) % 100;
}

function labelOf(text: string): string | undefined {
  if (text.trim() === '') return undefined;
  const parsed = normalizeSeason(text);
  return parsed.ok ? parsed.season : text;
}

/** The rows whose season the answer carries: a list's rows, else a record's `player` or `team`. */
function seasonRows(data: unknown): SeasonRow[] {
  if (Array.isArray(data)) return data.filter(isRow);
  if (!isRow(data)) return [];
  const record = (data as { player?: unknown; team?: unknown }).player ?? (data as { team?: unknown }).team;
  return isRow(record) ? [record] : [];
}

function isRow(value: unknown): value is SeasonRow {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function distinct(values: unknown[]): string[] {
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && v !== ''))];
}

function mixedNote(rows: SeasonRow[]): string[] {
  const named = rows
    .filter((r) => typeof r.season === 'string')
    .map((r) => `${typeof r.name === 'string' ? r.name : 'unnamed'} ${r.season}`);
  const more = named.length > NAMED_ROWS ? `, and ${named.length - NAMED_ROWS} more` : '';
  if (named.length === 0) return [];
  return [`rows from different seasons: ${named.slice(0, NAMED_ROWS).join(', ')}${more}.`];
}

/** The distinct seasons upstream rows carry: a tool's `seasons` when its output rows drop the field. */
export function seasonsOf(rows: readonly { season?: string | null | undefined }[]): string[] {
  return distinct(rows.map((r) => r.season));
}
