// A list of statistics under a name nothing reads, its items' fields named likewise, is found by its values
// (src/api/schemas.ts: each item one text and numbers or nulls); a list named by role keys beside it is a
// player's roles, never taken for statistics. Answers generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): every statistic is read, under the API's label; one the API has no value of
// (null, "", "-", "N/A") is absent, never the item's name nor the list's undoing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const LABELS = [
  'Goals (per 90)',
  'Key passes (per 90)',
  'Pass completion (%)',
  'Tackles won (per 90)',
  'Save percentage (%)',
];

/** A word no alias or field of ours knows. */
const word = fc
  .stringMatching(/^[a-z]{4,9}$/)
  .filter((w) => !DEFAULT_ALIAS_SET.words.has(w))
  .map((w) => `zz${w}`);

const answerArb = fc.record({
  names: fc.uniqueArray(word, { minLength: 5, maxLength: 5 }),
  statistics: fc.uniqueArray(fc.constantFrom(...LABELS), { minLength: 2 }),
  values: fc.array(fc.oneof(fc.double({ min: 0, max: 99, noNaN: true }), fc.constant(null)), {
    minLength: LABELS.length,
    maxLength: LABELS.length,
  }),
  roles: fc.boolean(),
  /** Each item gives its key beside its label (`{k: "goals", l: "Goals (per 90)", v: 0.26}`). */
  keyed: fc.boolean(),
  /** How the API writes a statistic it has no value of: null, or an empty text or a placeholder. */
  nothing: fc.constantFrom(null, '', '-', '—', 'N/A'),
});

/** A label's statistic key, as an API giving both would write it. */
const keyOf = (label: string) =>
  label
    .toLowerCase()
    .replace(/ \(.*$/, '')
    .replace(/ /g, '_');

describe('a statistics list under a name nothing reads', () => {
  it('is read by its values, and a role list beside it is not taken for it', () => {
    fc.assert(
      fc.property(answerArb, ({ names, statistics, values, roles, keyed, nothing }) => {
        const [list, key, value, roleList, score] = names as [string, string, string, string, string];
        // One value at least: a list of nulls alone says nothing of being statistics.
        const given = statistics.map(
          (label, i) => [keyed ? keyOf(label) : label, label, i === 0 ? 1.5 : (values[i] ?? null)] as const,
        );
        const row = {
          player_id: 'p1',
          service_id: 'ds_0000000000000001',
          [list]: given.map(([id, label, v]) =>
            keyed
              ? { [key]: id, [score]: label, [value]: v ?? nothing }
              : { [key]: label, [value]: v ?? nothing },
          ),
          ...(roles
            ? {
                [roleList]: [
                  { [key]: 'faux_9', [score]: 80 },
                  { [key]: 'mezzala', [score]: 70 },
                ],
              }
            : {}),
        };
        const want = Object.fromEntries(given.map(([id, , v]) => [id, v]));
        const compared = readAnswer(S.CompareResponse, { data: [row] }, 'compare').value.data[0];
        expect(compared?.statistics).toMatchObject(want);
        const record = readAnswer(S.PlayerStatisticsResponse, { data: row }, 'statistics').value.data;
        expect(record.statistics).toEqual(want);
      }),
      propertyRuns('statistics list found by its values'),
    );
  });
});
