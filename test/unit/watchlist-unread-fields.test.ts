// A watchlist snapshot keeps the fields its reading could not read, so that every report of it names them
// rather than show them as absent. Seeded generated compare rows (FOOTBALL_TEST_SAMPLE_SEED replays them):
// minutes under a random word, the role list renamed with its items, the market value among the
// statistics under a random word.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { CompareResponse } from '../../src/api/schemas.js';
import { isKnownStatistic } from '../../src/domain/position-statistics.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { seenFromCompare } from '../../src/watchlists/compare-rows.js';
import { SAMPLE_SEED } from '../support/sample.js';

const SEED = [...`${SAMPLE_SEED}:watchlist-unread-fields`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`watchlist unread fields: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);

const unknownWord = fc.stringMatching(/^[a-z]{5,9}$/).filter(
  (w) =>
    !DEFAULT_ALIAS_SET.words.has(w) &&
    !['player', 'attributes', 'person'].includes(w) &&
    // A statistic's name ("xaaaa" reads as xA, expected assists) is no unknown word.
    !isKnownStatistic(w),
);

const base = { player_id: 'p1', service_id: 'ds_0000000000000001', name: 'Ann Lee', club: 'RC Lens' };

describe('a compare row as a snapshot entry', () => {
  it('lists the fields it could not read', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(unknownWord, { minLength: 5, maxLength: 5 }),
        fc.integer({ min: 100_000, max: 90_000_000 }),
        ([minutes, roles, role, score, value], euros) => {
          const raw = {
            data: [
              {
                ...base,
                [minutes as string]: 1200,
                [roles as string]: [{ [role as string]: ROLE_KEYS[0], [score as string]: 71.5 }],
                statistics: { goals: 0.3, [value as string]: euros },
              },
            ],
          };
          const [row] = readAnswer(CompareResponse, raw, 'compare').value.data;
          const seen = seenFromCompare(row as NonNullable<typeof row>);
          expect(seen.primary_role).toBeNull();
          expect(new Set(seen.unread)).toEqual(
            // season: the reader weighs the renamed role list as a place a season could be (a list is
            // not ruled out), so the snapshot keeps it unread rather than absent.
            new Set([
              'minutes',
              'primary_role',
              'rank',
              'rank_of',
              'role_score',
              'market_value_eur',
              'season',
            ]),
          );
        },
      ),
      { seed: SEED, numRuns: 100 },
    );
  });

  it('lists none when the API sent them', () => {
    const raw = {
      data: [
        {
          ...base,
          minutes: 1200,
          roles: [{ role: ROLE_KEYS[0], score: 71.5 }],
          statistics: { goals: 0.3, market_value_eur: 2_000_000 },
        },
      ],
    };
    const [row] = readAnswer(CompareResponse, raw, 'compare').value.data;
    expect(seenFromCompare(row as NonNullable<typeof row>).unread).toBeUndefined();
  });
});
