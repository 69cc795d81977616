// An id sent under a name nothing reads is unread, never absent, whatever its form: APIs keyed on
// database rows send ids as numbers (123456) or strings of digits, others as text. Generated from a
// seed (printed; replay with FOOTBALL_TEST_SAMPLE_SEED): a coach or team row, or a team's coach given as
// an object, its id renamed to a made-up word in one of the forms, read with and without the names a
// server learned; the field reads null and the reading names it unread.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

/** A word no alias or field of ours knows. */
const madeUp = fc
  .stringMatching(/^[a-z]{4,9}$/)
  .map((w) => `zz${w}`)
  .filter((w) => !DEFAULT_ALIAS_SET.words.has(w));

const idArb = fc.oneof(
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: 1, max: 2 ** 40 }).map(String),
  fc.stringMatching(/^[a-z]{1,3}_?[0-9a-z]{4,12}$/),
);

const coachRow = (name: string, id: unknown) => ({
  [name]: id,
  name: 'Anna Example',
  age: 51,
  formation: '4-3-3',
});
const teamRow = (name: string, id: unknown) => ({ [name]: id, name: 'FC Example', league: 'Ligue 1' });

describe('an id under a name nothing reads', () => {
  it('is unread in a row of coaches or teams, as a number, digits or text', () => {
    fc.assert(
      fc.property(fc.constantFrom('coach', 'team'), madeUp, idArb, (kind, name, id) => {
        const [schema, row, field] =
          kind === 'coach'
            ? ([S.CoachesResponse, coachRow(name, id), 'coach_id'] as const)
            : ([S.TeamsResponse, teamRow(name, id), 'team_id'] as const);
        const { value } = readAnswer(schema, { data: [row, row] }, `${kind}s`);
        for (const read of value.data as Record<string, unknown>[]) {
          expect(read[field] ?? null).toBeNull();
          expect(unreadMarks(read)?.fields[field], JSON.stringify(row)).toBeDefined();
        }
      }),
      propertyRuns('unread ids: rows'),
    );
  });

  it("is unread in a team's coach given as an object", () => {
    fc.assert(
      fc.property(madeUp, idArb, (name, id) => {
        const team = { team_id: 't1', name: 'FC Example', coach: { [name]: id, name: 'Anna Example' } };
        const { value, report } = readAnswer(S.TeamResponse, { data: team }, 'team');
        const read = (value as { data: { coach?: { coach_id?: unknown; name?: unknown } } }).data;
        expect(read.coach?.coach_id ?? null).toBeNull();
        expect(read.coach?.name).toBe('Anna Example');
        expect(report.unreadable['team.coach_id'], JSON.stringify(team)).toBeGreaterThan(0);
      }),
      propertyRuns('unread ids: a coach object'),
    );
  });
});
