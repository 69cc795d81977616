// Identifiers kept exactly as the API wrote them: an integer id past 2^53 is not rounded by the parse.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { hasLongDigitRun, keepLongIntegers } from '../../src/api/reader/exact-ids.js';
import { FULL_RUN, SAMPLE_SEED } from '../support/sample.js';

const SEED = [...`${SAMPLE_SEED}:exact-ids`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);

it('keeps an integer id past 2^53 digit for digit, as text', () => {
  const body = '{"data":[{"player_id":12345678901234567890,"age":21,"score":87.5}]}';
  expect(JSON.parse(keepLongIntegers(body))).toEqual({
    data: [{ player_id: '12345678901234567890', age: 21, score: 87.5 }],
  });
});

/** What the reading gives: an integer JSON.parse cannot keep exact, as the digits written; all else as is. */
function exact(value: unknown): unknown {
  if (typeof value === 'number')
    return Number.isInteger(value) && !Number.isSafeInteger(value) && !/e/i.test(String(value))
      ? String(value)
      : value;
  if (Array.isArray(value)) return value.map(exact);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exact(v)]));
  return value;
}

it('changes nothing else: strings, floats, safe integers, exponents (seeded)', () => {
  console.info(`exact ids: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);
  fc.assert(
    fc.property(fc.jsonValue(), (value) => {
      const text = JSON.stringify(value);
      expect(JSON.parse(keepLongIntegers(text))).toEqual(exact(JSON.parse(text)));
    }),
    { seed: SEED, numRuns: 300 },
  );
  for (const text of [
    '{"a":"12345678901234567890"}',
    '[0.12345678901234567]',
    '[1e-12345678901234567]',
    '[9007199254740991]',
  ])
    expect(keepLongIntegers(text)).toBe(text);
});

it('finds sixteen digits in a row wherever they stand, as a regular expression does (seeded)', () => {
  // Texts of digit runs of every length around 16 between other characters, at every offset.
  const piece = fc.oneof(
    fc.integer({ min: 1, max: 40 }).map((n) => '7'.repeat(n)),
    fc.constantFrom(',', '.', '"', 'a', ' ', '-', 'e'),
  );
  fc.assert(
    fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
      const text = pieces.join('');
      expect(hasLongDigitRun(text), text).toBe(/\d{16}/.test(text));
    }),
    { seed: SEED, numRuns: FULL_RUN ? 5_000 : 500 },
  );
  // Every length about one and two looks apart, at every offset of a look.
  for (const n of [1, 15, 16, 17, 31, 32, 33])
    for (let offset = 0; offset < 34; offset += 1) {
      const text = `${'x'.repeat(offset)}${'1'.repeat(n)}"`;
      expect(hasLongDigitRun(text), text).toBe(n >= 16);
    }
});
