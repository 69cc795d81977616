// Pages that overlap (src/api/repeated-rows.ts): an order not stable between requests opens a later
// page with a row of the page before, the same row or the same row numbered again by its new place.
// Generated from a seed (printed; replay with FOOTBALL_TEST_SAMPLE_SEED): distinct rows, with a rank or
// without, cut in pages that drift by chance; every row is kept once, in order, and every repeat counted.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RepeatedRows } from '../../src/api/repeated-rows.js';
import { propertyRuns } from '../support/sample.js';

interface Row {
  rank?: number;
  name: string;
  club: string;
  score: number;
}

const caseArb = fc.record({
  rows: fc.integer({ min: 1, max: 60 }),
  perPage: fc.integer({ min: 1, max: 15 }),
  ranked: fc.boolean(),
  // For each page after the first: whether it opens with the last row of the page before, and whether
  // that repeat comes numbered by its new place.
  drifts: fc.array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: 60, maxLength: 60 }),
  // Ties: every row the same score, as an order with no tiebreak has them.
  tie: fc.boolean(),
});

describe('rows a later page repeats', () => {
  it('are kept once, in order, and counted, renumbered or not', () => {
    fc.assert(
      fc.property(caseArb, ({ rows: n, perPage, ranked, drifts, tie }) => {
        const list: Row[] = Array.from({ length: n }, (_, i) => ({
          ...(ranked ? { rank: i + 1 } : {}),
          name: `Player ${i}`,
          club: `Club ${i % 7}`,
          score: tie ? 50 : 90 - i,
        }));
        const repeats = new RepeatedRows();
        const kept: unknown[] = [];
        let expected = 0;
        /** The last row of the page served before, as it was served. */
        let before: Row | undefined;
        for (let start = 0, page = 0; start < n; start += perPage, page++) {
          let rows: Row[] = list.slice(start, start + perPage);
          const [drift, renumber] = drifts[page % drifts.length] as [boolean, boolean];
          if (before && drift) {
            const again = renumber && ranked ? { ...before, rank: start + 1 } : { ...before };
            rows = [again, ...rows.slice(1)];
            expected++;
          }
          before = rows.at(-1);
          kept.push(...(page === 0 ? rows : repeats.newOf(kept, rows)));
        }
        const names = kept.map((r) => (r as Row).name);
        expect(new Set(names).size).toBe(names.length);
        const at = names.map((name) => Number(name.replace('Player ', '')));
        expect(at.every((v, i) => i === 0 || v > (at[i - 1] as number))).toBe(true);
        expect(repeats.count).toBe(expected);
        expect(repeats.note() !== undefined).toBe(expected > 0);
      }),
      propertyRuns('repeated rows'),
    );
  });
});
