// Rows of one page share their keys, and the row reader decides from the keys alone, once per page,
// what folding, lifting and aliases can change (row.ts, PlainLayout): a row read so must come out exactly
// as the same row read alone, values, key order, unread marks and read notes alike.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quietly, reading } from '../../src/api/reader/report.js';
import {
  ClubFit,
  HistoryRow,
  League,
  PlayerRow,
  RankingEntry,
  ScoutedPlayer,
  TeamSummary,
} from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const READERS = Object.entries({
  ClubFit,
  HistoryRow,
  League,
  PlayerRow,
  RankingEntry,
  ScoutedPlayer,
  TeamSummary,
});

// Fields, aliases, spellings that fold to them, lifted objects and names nothing reads.
const KEYS = [
  'player_id',
  'playerId',
  'service_id',
  'id',
  'name',
  'Name',
  'nom',
  'club',
  'Club',
  'equipe',
  'team',
  'league',
  'season',
  'age',
  'alter',
  'rank',
  'score',
  'minutes',
  'player',
  'details',
  'role',
  'extra',
  '__proto__',
];

const value = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', ' N/A ', 'Ligue 1', '25-26', '81,5', null, true),
  fc.integer({ min: -5, max: 99 }),
  fc.record({ id: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), name: fc.string({ maxLength: 6 }) }),
  fc.record({ age: fc.integer({ min: 15, max: 40 }), club: fc.string({ maxLength: 5 }) }),
  // A group holding fields under aliases: lifted into the row, then read as the fields they stand for.
  fc.record({ alter: fc.integer({ min: 15, max: 40 }), Equipe: fc.string({ minLength: 1, maxLength: 5 }) }),
  fc.record({ name: fc.string({ maxLength: 5 }), player_id: fc.string({ minLength: 1, maxLength: 4 }) }),
);

/** The fields most readers require, with values they read: rows that are read, not left out. */
const readable = fc.record({
  player_id: fc.string({ minLength: 1, maxLength: 4 }),
  name: fc.string({ minLength: 1, maxLength: 6 }),
  rank: fc.integer({ min: 1, max: 99 }),
  score: fc.integer({ min: 0, max: 99 }),
});

/** A page: rows with the same keys in the same order (some required ones first), each with values of its own. */
const page = fc
  .tuple(
    fc.subarray(['player_id', 'name', 'rank', 'score'] as const),
    fc.uniqueArray(fc.constantFrom(...KEYS), { minLength: 1, maxLength: 8 }),
  )
  .chain(([base, more]) => {
    const keys = more.filter((k) => !(base as readonly string[]).includes(k));
    return fc
      .array(fc.tuple(readable, fc.array(value, { minLength: keys.length, maxLength: keys.length })), {
        minLength: 2,
        maxLength: 5,
      })
      .map((rows) =>
        rows.map(([required, values]) => {
          const row = Object.fromEntries([
            ...base.map((k) => [k, required[k]]),
            ...keys.map((k, i) => [k, values[i]]),
          ]);
          // As JSON.parse makes it (a `__proto__` key an own property).
          return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
        }),
      );
  });

const OTHER = { zz_other_key: 1 };

describe.each(READERS)('%s: rows of one page', (_, reader) => {
  it('read one after another equal each row read alone (random pages)', () => {
    fc.assert(
      fc.property(page, (rows) => {
        const together = reading(() => rows.map((row, i) => reader.read(structuredClone(row), i)));
        const alone = reading(() =>
          rows.map((row, i) => {
            // Two rows of other keys: the reader holds no layout of this row's keys.
            quietly(() => [reader.read({ ...OTHER }, 0), reader.read({ ...OTHER }, 0)]);
            return reader.read(structuredClone(row), i);
          }),
        );
        expect(together.value).toStrictEqual(alone.value);
        together.value.forEach((read, i) => {
          const other = alone.value[i];
          if (read.ok && other?.ok) expect(Object.keys(read.value)).toEqual(Object.keys(other.value));
        });
        expect(together.report).toEqual(alone.report);
      }),
      propertyRuns('reader layout', 200),
    );
  });
});
