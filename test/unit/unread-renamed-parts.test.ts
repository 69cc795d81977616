// Fields under names nothing reads in the places a reading used to take for absent: a number a flat
// row's statistics map took in (minutes under another name), a list of records renamed along with its
// items (a role list), a coach object whose name is under another word. Seeded generated rows
// (FOOTBALL_TEST_SAMPLE_SEED replays them): each such field is unread (named), never absent, and a row
// that truly lacks it is not.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasSet, DEFAULT_ALIAS_SET, DEFAULT_ALIASES } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import { CompareResponse, TeamsResponse } from '../../src/api/schemas.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { SAMPLE_SEED } from '../support/sample.js';

const SEED = [...`${SAMPLE_SEED}:unread-renamed-parts`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`unread renamed parts: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);
const RUNS = { seed: SEED, numRuns: 100 };

const unknownWord = fc
  .stringMatching(/^[a-z]{5,9}$/)
  .filter((w) => !DEFAULT_ALIAS_SET.words.has(w) && !['player', 'attributes', 'person'].includes(w));
const words = (n: number) => fc.uniqueArray(unknownWord, { minLength: n, maxLength: n });

const player = (i: number) => ({
  player_id: `p${i}`,
  service_id: `ds_000000000000000${i}`,
  name: `Player ${i}`,
  goals: 0.1 * i,
});

describe('a compare row', () => {
  it('names minutes taken in as a statistic under another name, and a renamed role list', () => {
    fc.assert(
      fc.property(words(4), fc.integer({ min: 0, max: 3000 }), (names, minutes) => {
        const [minutesName, rolesName, roleName, scoreName] = names as [string, string, string, string];
        const raw = {
          data: [1, 2].map((i) => ({
            ...player(i),
            [minutesName]: minutes + i,
            [rolesName]: [{ [roleName]: ROLE_KEYS[i], [scoreName]: 70 + i }],
          })),
        };
        for (const row of readAnswer(CompareResponse, raw, 'compare').value.data) {
          expect(row.minutes).toBeUndefined();
          expect(unreadWhy(row, 'minutes')).toBe('name');
          expect(unreadWhy(row, 'roles')).toBe('name');
        }
      }),
      RUNS,
    );
  });

  it('lacking minutes and roles with nothing that could hold them, calls them absent', () => {
    const raw = { data: [1, 2].map(player) };
    for (const row of readAnswer(CompareResponse, raw, 'compare').value.data) {
      expect(unreadWhy(row, 'minutes')).toBeUndefined();
      expect(unreadWhy(row, 'roles')).toBeUndefined();
    }
  });
});

describe("a team's coach object", () => {
  it('is read under a name the alias set gives name, else noted unread', () => {
    fc.assert(
      fc.property(unknownWord, fc.boolean(), (nameWord, known) => {
        const raw = {
          data: [1, 2].map((i) => ({
            team_id: `t${i}`,
            name: `Team ${i}`,
            coach: { coach_id: `c${i}`, [nameWord]: `Coach ${i}` },
          })),
        };
        const aliases = known ? aliasSet({ ...DEFAULT_ALIASES, name: [nameWord] }) : DEFAULT_ALIAS_SET;
        const { value, report } = readAnswer(TeamsResponse, raw, 'teams', aliases);
        const coaches = value.data.map((t) => t.coach?.name ?? null);
        if (known) expect(coaches).toEqual(['Coach 1', 'Coach 2']);
        else {
          expect(coaches).toEqual([null, null]);
          expect(report.unreadable['team.coach']).toBe(2);
        }
      }),
      RUNS,
    );
  });
});
