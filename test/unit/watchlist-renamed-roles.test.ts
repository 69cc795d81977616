// A role key the API renamed between two snapshots is the same role: the report shows no role move, and
// the rank and score changes of that role are still given. Seeded: any players, renames and real moves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { compareSnapshots } from '../../src/watchlists/changes.js';
import { propertyRuns } from '../support/sample.js';

const person = fc.record({
  before: fc.constantFrom(...ROLE_KEYS),
  moves: fc.boolean(),
  renamed: fc.boolean(),
  rank: fc.integer({ min: 1, max: 50 }),
  rankNow: fc.integer({ min: 1, max: 50 }),
  score: fc.integer({ min: 0, max: 100 }),
  scoreNow: fc.integer({ min: 0, max: 100 }),
});

describe('renamed role keys in a watchlist report', () => {
  it('a renamed key is no move; its rank and score changes are given', () => {
    fc.assert(
      fc.property(fc.array(person, { minLength: 1, maxLength: 8 }), (people) => {
        // The API's key before the rename is `old_<key>`; the enums say it is `<key>` now.
        const roleKey = (key: string) => key.replace(/^old_/, '');
        const seen = (role: string, rank: number, score: number) => ({
          club: 'C',
          league: 'L',
          player_id: 'row',
          primary_role: role,
          roles: { [role]: { score } },
          rank: { role, league: 'L', rank, of: 50 },
        });
        const ids = people.map((_, i) => `ds_${String(i).padStart(16, '0')}`);
        const previous = { taken_at: '2026-11-01T00:00:00Z', data_as_of: '2026-11-01', players: {} as never };
        const current = { taken_at: '2026-11-08T00:00:00Z', data_as_of: '2026-11-08', players: {} as never };
        const nowRoles = people.map((p) =>
          p.moves ? (ROLE_KEYS.find((k) => k !== p.before) as string) : p.before,
        );
        people.forEach((p, i) => {
          const id = ids[i] as string;
          (previous.players as Record<string, unknown>)[id] = seen(
            p.renamed ? `old_${p.before}` : p.before,
            p.rank,
            p.score,
          );
          (current.players as Record<string, unknown>)[id] = seen(
            nowRoles[i] as string,
            p.rankNow,
            p.scoreNow,
          );
        });
        const rows = compareSnapshots({
          entries: ids.map((service_id) => ({ service_id })),
          current,
          previous,
          linked: new Set(),
          missing: new Set(),
          roleKey,
        });
        people.forEach((p, i) => {
          const row = rows.find((r) => r.service_id === ids[i]);
          expect(row?.changes.includes('role')).toBe(p.moves);
          if (p.moves) return;
          expect(row?.previous_role).toBeNull();
          expect(row?.rank_change).toBe(p.rank - p.rankNow);
          expect(row?.role_score_change).toBe(p.scoreNow - p.score);
        });
      }),
      propertyRuns('renamed role keys', 60),
    );
  });
});
