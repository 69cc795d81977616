// A count the answer carries beside its list is a total only where it cannot be an echo of the rows read.
import { describe, expect, it } from 'vitest';
import type { More } from '../../src/api/list-pages.js';
import { statedTotal } from '../../tools/kit/pages.js';

const list = (rows: number, more: More, total?: number) => ({
  data: { data: Array.from({ length: rows }, () => ({})) },
  more,
  total,
});

describe('statedTotal', () => {
  it("takes the list read's own total first", () => {
    expect(statedTotal(list(10, 'yes', 40), 10)).toBe(40);
  });

  it('takes a count larger than the rows read, whatever the read found', () => {
    expect(statedTotal(list(10, 'may'), 40)).toBe(40);
  });

  it('a count equal to the rows read is a total only when no sign of more was met', () => {
    expect(statedTotal(list(10, 'no'), 10)).toBe(10);
    expect(statedTotal(list(10, 'may'), 10)).toBeUndefined();
    expect(statedTotal(list(10, 'yes'), 10)).toBeUndefined();
  });

  it('never a count smaller than the rows read, nor one that is not a whole number', () => {
    expect(statedTotal(list(10, 'no'), 5)).toBeUndefined();
    expect(statedTotal(list(10, 'may'), 12.5, null, undefined)).toBeUndefined();
  });
});
