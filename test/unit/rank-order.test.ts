// Rows in rank order whatever the API sent: the same order a stable sort by rank gives, whether the
// rows came best first (no sort needed), worst first or shuffled, ties, gaps, and ranks a sort cannot
// compare (NaN, infinities, text) included.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { byRank } from '../../src/facts/rank-order.js';
import { propertyRuns } from '../support/sample.js';

const rank = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 12 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2.5, -0),
  },
  { weight: 1, arbitrary: fc.constantFrom('1', '10', '9') },
);
// Lists of one kind of rank each: text ranks `<` orders as text ('10' < '9'), a sort as numbers.
const ranks = fc.oneof(
  fc.array(rank, { maxLength: 16 }),
  fc.array(fc.constantFrom('1', '2', '9', '10', '11'), { maxLength: 6 }),
  fc.array(fc.constantFrom(1, 2, 3, Number.NaN), { maxLength: 6 }),
);
const rows = fc
  .tuple(ranks, fc.boolean())
  // Half the lists sent best first, as most rankings are.
  .map(([ranks, ascending]) => {
    const sent = ascending ? [...ranks].sort((a, b) => Number(a) - Number(b)) : ranks;
    return sent.map((r, i) => ({ rank: r as number, id: i }));
  });

it('orders rows as a stable sort by rank does', () => {
  fc.assert(
    fc.property(rows, (sent) => {
      const stable = sent
        .map((row, at) => ({ row, at }))
        .sort((x, y) => x.row.rank - y.row.rank || x.at - y.at)
        .map((x) => x.row);
      const ordered = byRank(sent).rows;
      expect(ordered.map((r) => r.id)).toEqual(stable.map((r) => r.id));
      expect(ordered).not.toBe(sent);
    }),
    propertyRuns('rank order: a stable sort by rank', 500),
  );
});

it('says worst first only of rows whose ranks never go up, as sent', () => {
  fc.assert(
    fc.property(fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 16 }), (ranks) => {
      const { descending } = byRank(ranks.map((rank, id) => ({ rank, id })));
      const steps = ranks.slice(1).map((r, i) => r - (ranks[i] as number));
      expect(descending).toBe(steps.every((d) => d <= 0) && steps.some((d) => d < 0));
    }),
    propertyRuns('rank order: worst first said only of a descending list', 300),
  );
});
