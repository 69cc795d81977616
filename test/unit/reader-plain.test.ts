// A row whose fields are all plainly typed is read without zod (reader/values.ts, withFastReader):
// that reading must give exactly what zod gives, key order and read notes included, whatever the row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { reading } from '../../src/api/reader/report.js';
import {
  ClubFit,
  CoachSummary,
  HistoryRow,
  PlayerRow,
  Projection,
  RankingEntry,
  RoleScore,
  ScoutedPlayer,
  TeamSummary,
} from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

// Row readers of nine kinds: most read their rows plainly, some (a field without a plain reader) with zod.
const READERS = Object.entries({
  ClubFit,
  CoachSummary,
  HistoryRow,
  PlayerRow,
  Projection,
  RankingEntry,
  RoleScore,
  ScoutedPlayer,
  TeamSummary,
});

const FIELDS = [
  'player_id',
  'service_id',
  'id',
  'name',
  'nom',
  'club',
  'equipe',
  'league',
  'season',
  'age',
  'position',
  'rank',
  'score',
  'note',
  'minutes',
  'team_id',
  'coach_id',
  'country',
  'role',
  'market_value_eur',
  'extra',
];

const value = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('', '  ', ' x ', '81,5', '12%', '0', 'NaN'),
  fc.integer(),
  fc.double(),
  fc.constantFrom(null, undefined, true, false, Number.NaN, Number.POSITIVE_INFINITY),
  fc.record({ id: fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), name: fc.string({ maxLength: 6 }) }),
  fc.record({ value: fc.oneof(fc.integer(), fc.string({ maxLength: 4 })) }),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
);
const rowArb = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 12 });
const plainRow = fc.record({
  player_id: fc.string({ minLength: 1, maxLength: 6 }),
  service_id: fc.string({ minLength: 1, maxLength: 6 }),
  name: fc.string({ maxLength: 8 }),
  club: fc.string({ maxLength: 8 }),
  age: fc.integer({ min: 15, max: 40 }),
  rank: fc.integer({ min: 1, max: 100 }),
  score: fc.double({ min: 0, max: 100, noNaN: true }),
  minutes: fc.integer({ min: 0, max: 4000 }),
});

describe('a row carrying a __proto__ key (JSON.parse makes it an own property)', () => {
  it('is read as zod reads it: the key is not copied and the row keeps its prototype', () => {
    const raw = JSON.parse(
      '{"player_id":"p1","name":"A","rank":1,"score":2,"__proto__":{"club":"Injected"}}',
    );
    const fast = RankingEntry.read(raw, 0);
    const strict = RankingEntry.readStrictly(JSON.parse(JSON.stringify(raw)), 0);
    expect(fast).toStrictEqual(strict);
    expect(fast.ok && fast.value.club).toBeFalsy();
    expect(fast.ok && Object.getPrototypeOf(fast.value)).toBe(Object.prototype);
  });
});

describe.each(READERS)('%s read plainly', (_, reader) => {
  it('equals the zod reading, keys in the same order, notes alike (random rows)', () => {
    fc.assert(
      fc.property(fc.oneof(rowArb, plainRow), fc.nat(50), (raw, index) => {
        const fast = reading(() => reader.read(structuredClone(raw), index));
        const strict = reading(() => reader.readStrictly(structuredClone(raw), index));
        expect(fast.value).toStrictEqual(strict.value);
        if (fast.value.ok && strict.value.ok)
          expect(Object.keys(fast.value.value)).toEqual(Object.keys(strict.value.value));
        expect(fast.report).toEqual(strict.report);
      }),
      propertyRuns('reader plain', 300),
    );
  });
});
