// What is derived from a cached list is made once per list: again for other rows, and for rows that
// could have changed (not frozen), never served from a list it was not made of.
import { expect, it } from 'vitest';
import { onSameRows } from '../../src/lib/same-rows.js';

const counted = () => {
  let made = 0;
  const names = onSameRows((rows: readonly { name: string }[]) => {
    made += 1;
    return rows.map((r) => r.name).join(',');
  });
  return { names, made: () => made };
};

it('makes once for a new array of the same frozen rows (a cache hit)', () => {
  const { names, made } = counted();
  const rows = [Object.freeze({ name: 'a' }), Object.freeze({ name: 'b' })];
  expect(names([...rows])).toBe('a,b');
  expect(names([...rows])).toBe('a,b');
  expect(made()).toBe(1);
});

it('makes again for other rows, fewer rows, or rows in another order', () => {
  const { names, made } = counted();
  const a = Object.freeze({ name: 'a' });
  const b = Object.freeze({ name: 'b' });
  const c = Object.freeze({ name: 'c' });
  expect(names([a, b])).toBe('a,b');
  expect(names([a, c])).toBe('a,c');
  expect(names([a])).toBe('a');
  expect(names([c, a])).toBe('c,a');
  // A row equal to one seen but another object is made again: only sameness of objects is trusted.
  expect(names([c, Object.freeze({ name: 'a' })])).toBe('c,a');
  expect(made()).toBe(5);
});

it('never keeps what it made of rows that could change', () => {
  const { names, made } = counted();
  const row = { name: 'a' };
  const rows = [row];
  expect(names(rows)).toBe('a');
  row.name = 'z';
  expect(names(rows)).toBe('z');
  expect(made()).toBe(2);
});
