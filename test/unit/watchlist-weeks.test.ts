// The data week of a snapshot, and whether the parts of one refresh hold one week: random compositions
// of parts (seeded, the seed printed in each failure) of one or two weeks, cached or fetched now.
import { describe, expect, it } from 'vitest';
import type { WatchlistSnapshot } from '../../src/store/watchlists.js';
import {
  DEFAULT_WEEK_WINDOWS,
  minutesKey,
  type PartSeen,
  weekConflict,
} from '../../src/watchlists/part-weeks.js';
import { earlierWeek, isoWeek, snapshotOfWeek, weekOf } from '../../src/watchlists/weeks.js';
import { SAMPLE_SEED } from '../support/sample.js';

/** A small seeded generator (mulberry32) from the sample seed. */
function random(seed: string): () => number {
  let a = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const snapshot = (taken_at: string, data_as_of: string | null): WatchlistSnapshot => ({
  taken_at,
  data_as_of,
  players: {},
});

describe('data weeks', () => {
  it('names the ISO week of a fetch, the year of its Thursday', () => {
    expect(isoWeek('2026-11-28T09:00:00Z')).toBe('2026-W48');
    expect(isoWeek('2026-12-28T00:00:00Z')).toBe('2026-W53');
    expect(isoWeek('2027-01-03T23:59:59Z')).toBe('2026-W53');
    expect(isoWeek('2027-01-04T00:00:00Z')).toBe('2027-W01');
    expect(isoWeek('2025-12-29T12:00:00Z')).toBe('2026-W01');
  });

  it("a snapshot's week is the API's date, else the week it was fetched in; a report skips its own week's copies", () => {
    const snaps = [
      snapshot('2026-11-02T08:00:00Z', '2026-11-01'),
      snapshot('2026-11-09T08:00:00Z', '2026-11-08'),
      snapshot('2026-11-09T20:00:00Z', '2026-11-08'),
    ];
    expect(weekOf(snapshot('2026-11-28T09:00:00Z', null))).toEqual({ key: '2026-W48', from: 'fetch_time' });
    expect(earlierWeek(snaps, weekOf(snaps[2] as WatchlistSnapshot))?.data_as_of).toBe('2026-11-01');
    expect(snapshotOfWeek(snaps, '2026-11-01')?.index).toBe(0);
    expect(snapshotOfWeek(snaps, '2026-11-09')?.index).toBe(2);
    expect(snapshotOfWeek(snaps, '2026-10-01')).toBeUndefined();
  });

  it('a snapshot whose date was sent but unread is no earlier week than a date read later, unless fetched before it', () => {
    const unreadDate = (taken_at: string): WatchlistSnapshot => ({
      ...snapshot(taken_at, null),
      week: { key: isoWeek(taken_at), from: 'fetch_time', unread: 'data_as_of' },
    });
    const dated = { key: '2026-11-16', from: 'api_date' } as const;
    // Fetched in the week of the date or after: it may hold that date's data, so it is the same week.
    expect(earlierWeek([unreadDate('2026-11-28T18:00:00Z')], dated)).toBeUndefined();
    expect(earlierWeek([unreadDate('2026-11-16T09:00:00Z')], dated)).toBeUndefined();
    // Fetched a week before the date: surely earlier data.
    expect(earlierWeek([unreadDate('2026-11-09T09:00:00Z')], dated)?.taken_at).toBe('2026-11-09T09:00:00Z');
    // And the other way round: a dated snapshot, then a refresh that could not read the date.
    const dateUnreadNow = { key: '2026-W48', from: 'fetch_time', unread: 'data_as_of' } as const;
    expect(earlierWeek([snapshot('2026-11-28T09:00:00Z', '2026-11-23')], dateUnreadNow)).toBeUndefined();
  });

  it(`never takes parts of two weeks for one, nor routes counting differently for two weeks (seed ${SAMPLE_SEED})`, () => {
    const next = random(SAMPLE_SEED);
    for (let run = 0; run < 200; run++) {
      const label = `seed ${SAMPLE_SEED}, run ${run}`;
      const rows = Array.from({ length: 2 + Math.floor(next() * 6) }, (_, i) => `p${i}`);
      const base = Date.parse('2026-11-28T09:00:00Z');
      const twoWeeks = next() < 0.5;
      // Parts of the older week were cached by an earlier refresh, a little or long before this one.
      const gap = next() < 0.5 ? 30_000 : DEFAULT_WEEK_WINDOWS.oneFetchMs * 10;
      // Routes may count a row's minutes differently (a ranking, the league's only): the same week still.
      const routeOffset = next() < 0.3 ? 45 : 0;
      const olds: boolean[] = [];
      const parts: PartSeen[] = Array.from({ length: 2 + Math.floor(next() * 4) }, (_, i) => {
        const old = twoWeeks && i > 0 && next() < 0.7;
        olds.push(old);
        // This refresh's parts: fetched now, or by its own first pass moments ago (then from the cache).
        const cached = old || next() < 0.3;
        const fetched = old ? base - gap : base + Math.floor(next() * 3000);
        const minutes = new Map<string, number>();
        // Every part holds the first row (the record's player); others at random.
        for (const [r, row] of rows.entries()) {
          if (r === 0 || next() < 0.5)
            minutes.set(minutesKey(row, null), 900 + r * 10 + (old ? 0 : 90) + (i % 2) * routeOffset);
        }
        return {
          key: `part ${i}`,
          label: `part ${i}`,
          source: { cached, fetched_at: new Date(fetched).toISOString() },
          thisRun: !old,
          ...(i === 0 ? { data_as_of: '2026-11-28' } : {}),
          minutes,
        };
      });
      const older = parts.filter((_, i) => olds[i]);
      const conflict = weekConflict(parts);
      if (older.length > 0) {
        expect(conflict, label).toBeDefined();
        // The older parts are fetched again: then every part is this refresh's, of one week.
        for (const p of older) expect(conflict?.stale.has(p.key), `${label}: ${p.key}`).toBe(true);
      } else expect(conflict, label).toBeUndefined();
    }
  });

  it('takes its windows from the settings: parts fetched 10 minutes apart are one week within a 15-minute window', () => {
    const at = (minutes: number) =>
      new Date(Date.parse('2026-11-28T09:00:00Z') + minutes * 60_000).toISOString();
    const part = (i: number, fetched: string, thisRun: boolean): PartSeen => ({
      key: `part ${i}`,
      label: `part ${i}`,
      source: { cached: !thisRun, fetched_at: fetched },
      thisRun,
      minutes: new Map(),
    });
    const parts = [part(0, at(10), true), part(1, at(0), false)];
    expect(weekConflict(parts)?.text).toContain('fetched more than 5 minutes apart');
    expect(weekConflict(parts, { oneFetchMs: 15 * 60_000, sameFetchMs: 60_000 })).toBeUndefined();
    expect(weekConflict(parts, { oneFetchMs: 90_000, sameFetchMs: 60_000 })?.text).toContain(
      'fetched more than 90 seconds apart',
    );
  });
});
