// The one table every benchmark feeds: figure, target and a met/missed mark per row.
import { cpus, totalmem } from 'node:os';

export type Verdict = 'met' | 'missed' | 'info';

export interface Row {
  /** Which benchmark, e.g. "1 overhead". */
  bench: string;
  measure: string;
  figure: string;
  /** The target the figure is held to (docs/performance.md), or '—' for figures measured for information. */
  target: string;
  verdict: Verdict;
  /** For a missed target: why it is missed, from figures measured in the same run. */
  why?: string;
}

export interface Machine {
  cores: number;
  cpu: string;
  ramGb: number;
  node: string;
}

export function thisMachine(): Machine {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    ramGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
  };
}

/** A row whose verdict follows from `ok`; `ok` undefined = no target. */
export function row(bench: string, measure: string, figure: string, target: string, ok?: boolean): Row {
  return { bench, measure, figure, target, verdict: ok === undefined ? 'info' : ok ? 'met' : 'missed' };
}

/** The row with the measured reason its target is missed (kept only when it is). */
export function because(r: Row, why: string): Row {
  return r.verdict === 'missed' ? { ...r, why } : r;
}

/** One line per missed target that carries its reason. */
export function renderReasons(rows: readonly Row[]): string[] {
  return rows.filter((r) => r.why).map((r) => `${r.bench}, ${r.measure}: ${r.why}`);
}

const MARK: Record<Verdict, string> = { met: '✅ met', missed: '❌ missed', info: '' };

export function renderTable(rows: readonly Row[]): string {
  const header = ['benchmark', 'measure', 'figure', 'target', 'status'];
  const cells = rows.map((r) => [r.bench, r.measure, r.figure, r.target, MARK[r.verdict]].map(escapeCell));
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => width(c[i] ?? ''))));
  const line = (values: readonly string[]) =>
    `| ${values.map((v, i) => v + ' '.repeat((widths[i] ?? 0) - width(v))).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...cells.map(line)].join('\n');
}

export function renderMarkdown(
  rows: readonly Row[],
  machine: Machine,
  date: Date,
  totalSeconds: number,
  notes: readonly string[] = [],
): string {
  const met = rows.filter((r) => r.verdict === 'met').length;
  const targets = rows.filter((r) => r.verdict !== 'info').length;
  const reasons = renderReasons(rows);
  return [
    '# Benchmarks',
    '',
    `Latest \`npm run bench\`: ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC, ` +
      `${machine.cores} cores (${machine.cpu}), ${machine.ramGb} GB RAM, Node ${machine.node}; ` +
      `whole run ${totalSeconds.toFixed(0)} s. Targets met: ${met} of ${targets}.`,
    '',
    renderTable(rows),
    '',
    ...(reasons.length
      ? ['Missed, and why (the figures of this run):', '', ...reasons.map((r) => `- ${r}`), '']
      : []),
    ...notes.map((n) => `- ${n}`),
    ...(notes.length ? [''] : []),
  ].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Display width: emoji marks take two columns in a terminal. */
function width(text: string): number {
  return [...text].reduce((n, ch) => n + ((ch.codePointAt(0) ?? 0) >= 0x2600 ? 2 : 1), 0);
}
