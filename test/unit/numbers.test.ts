// Numbers keep the precision their data needs: values that differ upstream never print equal in one
// column or row, nothing nonzero prints as 0 (no "-0.0"), and 0–1 scores are shown as given.
import { describe, expect, it } from 'vitest';
import { formatNumber, formatSigned, numberFormat } from '../../tools/kit/numbers.js';
import { euros, eurosFormat, formatCell, formatEuros, formatRow, table } from '../../tools/kit/text.js';

const shown = (values: number[]) => values.map(numberFormat(values));

describe('numberFormat', () => {
  it('keeps the decimals the values were given with, trailing zeros dropped', () => {
    expect(shown([87.34, 72.1, 64])).toEqual(['87.34', '72.1', '64']);
    expect(shown([0.642, 0.896, 81.2, 12])).toEqual(['0.642', '0.896', '81.2', '12']);
    expect(shown([0.30000000000000004, 1.5])).toEqual(['0.3', '1.5']);
  });

  it('adds decimals until values that differ print differently', () => {
    expect(shown([87.34, 87.31, 80])).toEqual(['87.34', '87.31', '80']);
    expect(shown([1.2345, 1.2341])).toEqual(['1.2345', '1.2341']);
  });

  it('shows 0–1 scores as given, never rescaled, four players apart', () => {
    expect(shown([0.875, 0.82, 0.81, 0.8])).toEqual(['0.875', '0.82', '0.81', '0.8']);
    expect(shown([0.8125, 0.8, 1])).toEqual(['0.8125', '0.8', '1']);
    expect(shown([0.8125, 0.8129])).toEqual(['0.8125', '0.8129']);
    expect(formatNumber(0.875)).toBe('0.875');
  });

  it('never prints a nonzero value as 0, nor a sign on zero', () => {
    expect(formatNumber(-0.04)).toBe('-0.04');
    expect(formatNumber(-0.0004)).toBe('-0.0004');
    expect(formatNumber(-0)).toBe('0');
    expect(shown([-0.04, 0, 12.5])).toEqual(['-0.04', '0', '12.5']);
    for (const value of [-0.04, -0.001, 0.0001, -1e-9])
      expect(formatNumber(value)).not.toMatch(/^-?0(\.0+)?$/);
  });

  it('whole numbers stay whole; trailing zeros past the default go', () => {
    expect(shown([12, 7, 3])).toEqual(['12', '7', '3']);
    expect(shown([7.2, 7.25])).toEqual(['7.2', '7.25']);
    expect(shown([7.5, 7.21, 7.24])).toEqual(['7.5', '7.21', '7.24']);
  });

  it('signs changes, zero without a sign', () => {
    expect(formatSigned(3)).toBe('+3');
    expect(formatSigned(-0.04)).toBe('-0.04');
    expect(formatSigned(0)).toBe('0');
    const pct = numberFormat([12.34, 12.31]);
    expect(formatSigned(-12.34, pct)).toBe('-12.34');
  });
});

describe('tables, rows and euros', () => {
  it('a table column gets one format that keeps its values apart; other columns keep theirs', () => {
    const rows = [
      { name: 'A', score: 0.875, index: 87.34 },
      { name: 'B', score: 0.82, index: 87.31 },
      { name: 'C', score: 0.8, index: 64 },
    ];
    const text = table(rows, [
      ['name', (r) => r.name],
      ['score', (r) => r.score],
      ['index', (r) => r.index],
    ]);
    expect(text).toContain('| A | 0.875 | 87.34 |');
    expect(text).toContain('| B | 0.82 | 87.31 |');
    expect(text).toContain('| C | 0.8 | 64 |');
  });

  it('values side by side (a comparison row) share a format', () => {
    expect(formatRow([12.34, 12.31, null, 'n/a'])).toEqual(['12.34', '12.31', '–', 'n/a']);
    expect(formatCell(0.875)).toBe('0.875');
  });

  it('euros: millions with a decimal, more where two amounts would read the same', () => {
    expect(formatEuros(12_300_000)).toBe('€12.3m');
    expect(formatEuros(450_000)).toBe('€450k');
    expect(formatEuros(900)).toBe('€900');
    const money = eurosFormat([12_340_000, 12_310_000, 450_000, 450_400]);
    expect([12_340_000, 12_310_000, 450_000, 450_400].map(money)).toEqual([
      '€12.34m',
      '€12.31m',
      '€450k',
      '€450.4k',
    ]);
    expect(formatSigned(-1_200_000, eurosFormat([-1_200_000]))).toBe('-€1.2m');
    const text = table([{ v: 12_340_000 }, { v: 12_310_000 }], [['value', (r) => euros(r.v)]]);
    expect(text).toContain('€12.34m');
    expect(text).toContain('€12.31m');
  });
});
