// An enums answer whose open field names are the API's own (the role list, each role's key and family
// under any words): the former keys stated under `deprecated_key`, the name the spec fixes, are read
// for every renamed role, whatever its current key; none is made up. Generated, seeded (replay with
// FOOTBALL_TEST_SAMPLE_SEED).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEnumRoles } from '../../src/api/enums.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { propertyRuns } from '../support/sample.js';

const word = fc.stringMatching(/^[a-z]{3,10}$/).filter((w) => !['key', 'role', 'roles', 'name'].includes(w));
const formerKey = fc.stringMatching(/^[a-z]{4,8}_[a-z]{4,8}$/);

describe('an enums answer under names the spec leaves open', () => {
  it('reads every former key stated under deprecated_key', () => {
    fc.assert(
      fc.property(
        fc.record({
          list: word,
          keyField: word,
          familyField: word,
          renamed: fc.uniqueArray(fc.nat(ROLE_KEYS.length - 1), { minLength: 1, maxLength: 6 }),
          former: fc.array(formerKey, { minLength: 6, maxLength: 6 }),
        }),
        ({ list, keyField, familyField, renamed, former }) => {
          fc.pre(new Set([list, keyField, familyField]).size === 3);
          const roles = ROLE_KEYS.map((key, i) => {
            const at = renamed.indexOf(i);
            return {
              [keyField]: key,
              [familyField]: 'family',
              ...(at >= 0 ? { deprecated_key: former[at] } : {}),
            };
          });
          const { roles: read, listed } = readEnumRoles({ [list]: roles, seasons: ['25-26'] });
          expect(listed).toBe(true);
          const formerOf = new Map(read.map((r) => [r.key, r.deprecatedKeys]));
          ROLE_KEYS.forEach((key, i) => {
            const at = renamed.indexOf(i);
            expect(formerOf.get(key), key).toEqual(at >= 0 ? [former[at]] : []);
          });
        },
      ),
      propertyRuns('enums under open names', 100),
    );
  });
});
