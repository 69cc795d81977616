// The API's date of the data (a record's data_as_of) found by its values. A record is one row, so the
// per-answer learner (names-learned.ts) never finds it; but the date of the data is one date for every
// player of a week, where a birth date or a contract's end differs from player to player. So each record
// read that lacks the date beside names nothing read gives its dates by name, and a name is the date of
// the data when the records of two players at least give the same date under it (never one match), nearly
// all records carrying it agree, no other name does as well, the date is no later than today, and the
// date another answer last stated as data_as_of (within a week) says the same. No request is sent for it.
import { parseDate } from '../api/reader/display.js';

/** Records kept as evidence: a bound on what an API can fill, few enough that older weeks leave. */
const RECORDS_KEPT = 32;
/** A date an answer stated speaks for the data this long: the API publishes once a week. */
const STATED_FOR_MS = 7 * 86_400_000;
/** Players whose records must agree, and the share of the records carrying a name that must. */
const AGREEING_PLAYERS = 2;
const AGREEING_SHARE = 0.8;
/** A day of slack for time zones: the API's "today" may be ours tomorrow. */
const DAY_MS = 86_400_000;

/** A day the value names ("2026-11-16" of "16.11.2026" or "2026-11-16T08:00Z"), or undefined. */
export function dayOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parsed = parseDate(value);
  if (typeof parsed !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(parsed)) return undefined;
  return parsed.slice(0, 10);
}

export interface DateFound {
  name: string;
  date: string;
  matched: number;
  of: number;
}

/** The records' dates by name, and the dates other answers stated, as they come. */
export class RecordDates {
  /** Person → (name → day), the last record of each person, oldest first. */
  private readonly records = new Map<string, Map<string, string>>();
  /** The date an answer stated last, and when. */
  private stated: { at: number; date: string } | undefined;

  /** The dates of one person's record under names nothing read (`values`: name → raw value). */
  note(person: string, values: Readonly<Record<string, unknown>>, now = Date.now()): void {
    const latest = new Date(now + DAY_MS).toISOString().slice(0, 10);
    const dates = new Map<string, string>();
    for (const [name, value] of Object.entries(values)) {
      const day = dayOf(value);
      // The date of the data is never later than today: a contract's end is.
      if (day !== undefined && day <= latest) dates.set(name, day);
    }
    this.records.delete(person);
    if (dates.size === 0) return;
    this.records.set(person, dates);
    if (this.records.size > RECORDS_KEPT) this.records.delete(this.records.keys().next().value as string);
  }

  /** A date of the data an answer stated under a name read. */
  noteStated(value: unknown, now = Date.now()): void {
    const date = dayOf(value);
    if (date === undefined) return;
    this.stated = { at: now, date };
  }

  /** The one name the records agree on as the date of the data, if any (`skip`: names not to learn). */
  agreed(skip: (name: string) => boolean = () => false, now = Date.now()): DateFound | undefined {
    const byName = new Map<string, Map<string, number>>();
    for (const dates of this.records.values()) {
      for (const [name, date] of dates) {
        if (skip(name)) continue;
        const counts = byName.get(name) ?? new Map<string, number>();
        counts.set(date, (counts.get(date) ?? 0) + 1);
        byName.set(name, counts);
      }
    }
    const stated = this.stated && now - this.stated.at < STATED_FOR_MS ? this.stated.date : undefined;
    const found: DateFound[] = [];
    for (const [name, counts] of byName) {
      const of = [...counts.values()].reduce((a, b) => a + b, 0);
      const [date, matched] = [...counts].sort((a, b) => b[1] - a[1])[0] as [string, number];
      if (matched < AGREEING_PLAYERS || matched / of < AGREEING_SHARE) continue;
      if (stated !== undefined && stated !== date) continue;
      found.push({ name, date, matched, of });
    }
    // Two names agreeing alike (a date every record repeats): which is the date of the data is a guess.
    return found.length === 1 ? found[0] : undefined;
  }
}
