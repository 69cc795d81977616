// One money format everywhere: an amount prints the same alone, in a column, in a record, and two
// different amounts never print the same. Amounts drawn from a seed, as market values come (any euro).
import { describe, expect, it } from 'vitest';
import { euros, eurosFormat, formatCell, formatEuros, table } from '../../tools/kit/text.js';
import { SAMPLE_SEED } from '../support/sample.js';

function random(seed: string): () => number {
  let state = [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193), 0x811c9dc5) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A market value as the API might send it: whole euros, rounded to a random step, 0 to €250m. */
function amount(rand: () => number): number {
  const step = [1, 1_000, 5_000, 50_000, 10_000][Math.floor(rand() * 5)] as number;
  return Math.round((rand() * 250_000_000 * rand() ** 3) / step) * step;
}

describe(`money, one format (seed ${SAMPLE_SEED})`, () => {
  const rand = random(`money:${SAMPLE_SEED}`);
  const amounts = Array.from({ length: 400 }, () => amount(rand));

  it('prints an amount the same alone, in a column with others, and as a cell', () => {
    for (let i = 0; i < 50; i++) {
      const column = Array.from({ length: 2 + Math.floor(rand() * 6) }, () => amount(rand));
      const together = eurosFormat(column);
      for (const value of column) {
        expect(together(value)).toBe(formatEuros(value));
        expect(formatCell(euros(value))).toBe(formatEuros(value));
      }
      const text = table(
        column.map((v) => ({ v })),
        [['value', (r) => euros(r.v)]],
      );
      for (const value of column) expect(text).toContain(`| ${formatEuros(value)} |`);
    }
  });

  it('never prints two different amounts the same', () => {
    const printed = new Map<string, number>();
    for (const value of amounts) {
      const text = formatEuros(value);
      const before = printed.get(text);
      if (before !== undefined) expect(before, text).toBe(value);
      printed.set(text, value);
    }
  });

  it('reads back to the amount', () => {
    for (const value of amounts) {
      const m = /^€([\d.]+)([mk]?)$/.exec(formatEuros(value));
      expect(m, formatEuros(value)).not.toBeNull();
      const scale = m?.[2] === 'm' ? 1e6 : m?.[2] === 'k' ? 1e3 : 1;
      expect(Math.round(Number(m?.[1]) * scale)).toBe(value);
    }
  });

  it('keeps the sign and the usual short forms', () => {
    expect([formatEuros(2_250_000), formatEuros(-1_200_000), formatEuros(450_000), formatEuros(900)]).toEqual(
      ['€2.25m', '-€1.2m', '€450k', '€900'],
    );
  });
});
