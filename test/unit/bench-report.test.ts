// The benchmark table formatter (bench/report.ts): layout only, no timing.
import { describe, expect, it } from 'vitest';
import { because, renderMarkdown, renderTable, row } from '../../bench/report.js';

const rows = [
  row('1 overhead', 'cache miss', '1.60 ms vs 0.70 ms', '≤ 1.3× + 1 ms', true),
  row('2 quota', 'requests per call | pass-through', '1.00', '—'),
  row('4 cold start', 'spawn → initialize', '623 ms', '< 250 ms', false),
];

describe('bench report', () => {
  it('renders one aligned markdown row per figure, with its target and a met/missed mark', () => {
    const lines = renderTable(rows).split('\n');
    expect(lines).toHaveLength(2 + rows.length);
    expect(lines[0]).toMatch(/^\| benchmark +\| measure +\| figure +\| target +\| status +\|$/);
    expect(lines[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \| -+ \|$/);
    expect(lines[2]).toContain('| ≤ 1.3× + 1 ms | ✅ met');
    expect(lines[4]).toContain('| < 250 ms');
    expect(lines[4]).toContain('❌ missed');
    // A pipe inside a cell is escaped, so the row keeps its five columns.
    expect(lines[3]).toContain('requests per call \\| pass-through');
    expect(lines[3]?.split(/(?<!\\)\|/)).toHaveLength(7);
    // Every line has the same display width (the marks are two columns wide in a terminal).
    const width = (s: string) =>
      [...s].reduce((n, ch) => n + ((ch.codePointAt(0) ?? 0) >= 0x2600 ? 2 : 1), 0);
    expect(new Set(lines.map(width)).size).toBe(1);
  });

  it('heads BENCHMARKS.md with the date, the machine, the Node version and the count of targets met', () => {
    const text = renderMarkdown(
      rows,
      { cores: 2, cpu: 'Test CPU @ 2.0GHz', ramGb: 24, node: 'v20.20.2' },
      new Date('2026-11-22T14:30:00Z'),
      123.4,
      ['a note'],
    );
    expect(text).toContain('2026-11-22 14:30 UTC, 2 cores (Test CPU @ 2.0GHz), 24 GB RAM, Node v20.20.2');
    expect(text).toContain('whole run 123 s. Targets met: 1 of 2.');
    expect(text).toContain(renderTable(rows));
    expect(text).toContain('- a note');
  });

  it('gives each missed target its measured reason under the table, and drops a reason from a met one', () => {
    const missed = because(row('2 quota', 'requests per call', '0.56', '≤ 0.45', false), 'none repeats');
    const met = because(row('1 overhead', 'cache hit', '1 ms', '≤ 2 ms', true), 'not a reason');
    expect(met.why).toBeUndefined();
    const text = renderMarkdown([met, missed], { cores: 2, cpu: 'x', ramGb: 1, node: 'v20' }, new Date(0), 1);
    const after = text.slice(text.indexOf(renderTable([met, missed])));
    expect(after).toContain('Missed, and why (the figures of this run):');
    expect(after).toContain('- 2 quota, requests per call: none repeats');
    expect(text).not.toContain('not a reason');
    // With no reason to give, no heading for one.
    expect(
      renderMarkdown([met], { cores: 2, cpu: 'x', ramGb: 1, node: 'v20' }, new Date(0), 1),
    ).not.toContain('Missed, and why');
  });
});
