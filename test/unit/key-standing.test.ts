// What the API said of each caller key (src/http/key-standing.ts): bounded, least recently told first out.
import { expect, it } from 'vitest';
import { KeyStanding } from '../../src/http/key-standing.js';

it('remembers at most maxKeys accepted keys, forgetting the least recently told', () => {
  const standing = new KeyStanding({ refusedMs: 60_000, maxKeys: 2 });
  standing.accept('a');
  standing.accept('b');
  standing.accept('a');
  standing.accept('c');
  expect(['a', 'b', 'c'].map((key) => standing.isAccepted(key))).toEqual([true, false, true]);
});

it('refuses a key for refusedMs after a 401, at most maxKeys of them, and a later success clears it', () => {
  let now = 0;
  const standing = new KeyStanding({ refusedMs: 1000, maxKeys: 2, now: () => now });
  standing.refuse('x');
  standing.refuse('y');
  // Read, x is not told again: z pushes x out, the least recently told.
  expect(standing.refusedFor('x')).toBe(1000);
  standing.refuse('z');
  expect(['x', 'y', 'z'].map((key) => standing.refusedFor(key))).toEqual([0, 1000, 1000]);
  now = 400;
  expect(standing.refusedFor('y')).toBe(600);
  standing.accept('y');
  expect([standing.refusedFor('y'), standing.isAccepted('y')]).toEqual([0, true]);
  now = 1000;
  expect(standing.refusedFor('z')).toBe(0);
});

it('a refusal of 0 ms refuses nothing', () => {
  const standing = new KeyStanding({ refusedMs: 0, maxKeys: 10 });
  standing.accept('k');
  standing.refuse('k');
  expect([standing.refusedFor('k'), standing.isAccepted('k')]).toEqual([0, false]);
});
