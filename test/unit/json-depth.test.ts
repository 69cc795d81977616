import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/http/json-depth.js';

const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts arrays and objects inside one another, up to the bound included', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 4)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    // Siblings do not add up.
    expect(nestsDeeperThan('[[1],[2],[3],{"a":[4]}]', 3)).toBe(false);
  });

  it('skips brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" and "{{{{"' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify(['\\', [[1]]]), 2)).toBe(true);
  });

  it('answers a 100 000-level message at once, without recursion', () => {
    expect(nestsDeeperThan(nested(100_000), 64)).toBe(true);
  });
});
