// What doctor prints: the plan before sending, then the table (or one JSON object) of the results,
// the summary, the quota seen and the routes file that would fix the routes found elsewhere.
import type { Quota } from '../api/quota.js';
import type { RouteName, RouteTable } from '../api/routes.js';
import { MAX_TRIES } from './alternatives.js';
import type { DoctorRun, ProbeResult } from './run.js';

export interface Plan {
  routes: number;
  documented: number;
  assumed: number;
  /** One per route. */
  requests: number;
  /** Tries of other paths, MAX_TRIES per assumed route at most, only after a 404. */
  alternative_tries_max: number;
  max_requests: number;
}

export function planOf(table: RouteTable): Plan {
  const routes = Object.values(table);
  const assumed = routes.filter((r) => r.status === 'assumed').length;
  return {
    routes: routes.length,
    documented: routes.length - assumed,
    assumed,
    requests: routes.length,
    alternative_tries_max: assumed * MAX_TRIES,
    max_requests: routes.length + assumed * MAX_TRIES,
  };
}

export function planText(plan: Plan, where: string): string {
  return [
    `football-scout-mcp doctor: checking ${where}`,
    `Plan: ${plan.requests} requests, one per route (${plan.documented} documented, ${plan.assumed} assumed), each sent once, never retried.`,
    `An assumed route that answers 404 costs up to ${MAX_TRIES} more requests trying likely other paths: ` +
      `at most ${plan.alternative_tries_max} more, ${plan.max_requests} requests in all.`,
  ].join('\n');
}

export interface Summary {
  documented: { readable: number; total: number };
  assumed: { readable: number; fixed: number; total: number };
  skipped: number;
  requests: number;
  /** Every documented route answered readably: the exit code is 0. */
  ok: boolean;
}

export function summarize(run: DoctorRun): Summary {
  const of = (status: string) => run.results.filter((r) => r.status === status);
  const documented = of('documented');
  const assumed = of('assumed');
  return {
    documented: { readable: documented.filter((r) => r.readable).length, total: documented.length },
    assumed: {
      readable: assumed.filter((r) => r.readable).length,
      fixed: assumed.filter((r) => r.fix).length,
      total: assumed.length,
    },
    skipped: run.results.filter((r) => !r.sent).length,
    requests: run.requests,
    ok: documented.every((r) => r.readable),
  };
}

/** The routes-file entries of the routes found at another path. */
export function fixesOf(results: readonly ProbeResult[]): Partial<Record<RouteName, { path: string }>> {
  return Object.fromEntries(results.flatMap((r) => (r.fix ? [[r.route, { path: r.fix.path }]] : [])));
}

/**
 * The routes file to use: the one given (kept whole, e.g. its "fields") with the fixes found added,
 * or undefined when nothing was found.
 */
export function combinedRoutesFile(
  given: Record<string, unknown> | undefined,
  results: readonly ProbeResult[],
): Record<string, unknown> | undefined {
  const fixes = fixesOf(results);
  if (Object.keys(fixes).length === 0) return undefined;
  const merged: Record<string, unknown> = { ...given };
  for (const [route, fix] of Object.entries(fixes)) {
    const before = merged[route];
    merged[route] = before && typeof before === 'object' ? { ...before, ...fix } : fix;
  }
  return merged;
}

export interface Report {
  base_url: string;
  plan: Plan;
  results: ProbeResult[];
  summary: Summary;
  stopped: string | null;
  /** The combined routes file to save and pass with --routes-file; null when no fix was found. */
  routes_file: Record<string, unknown> | null;
  quota: Quota;
  exit_code: 0 | 1;
}

export function buildReport(
  baseUrl: string,
  plan: Plan,
  run: DoctorRun,
  givenRoutesFile: Record<string, unknown> | undefined,
): Report {
  const summary = summarize(run);
  return {
    base_url: baseUrl,
    plan,
    results: run.results,
    summary,
    stopped: run.stopped ?? null,
    routes_file: combinedRoutesFile(givenRoutesFile, run.results) ?? null,
    quota: run.quota,
    exit_code: summary.ok ? 0 : 1,
  };
}

// ---- the table ----

const MAX_CELL = 48;

function cell(text: string, max = MAX_CELL): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** "a, b, c (+4)" within the cell width. */
function listCell(items: readonly string[]): string {
  if (items.length === 0) return '-';
  let shown = '';
  let count = 0;
  for (const item of items) {
    const next = shown ? `${shown}, ${item}` : item;
    const rest = items.length - count - 1;
    if (count > 0 && next.length + (rest > 0 ? ` (+${rest})`.length : 0) > MAX_CELL) break;
    shown = next;
    count++;
  }
  return count < items.length ? `${cell(shown, MAX_CELL - 6)} (+${items.length - count})` : cell(shown);
}

function httpCell(r: ProbeResult): string {
  if (!r.sent) return '-';
  if (typeof r.http === 'number') return String(r.http);
  return r.http ?? r.error ?? '-';
}

function noteOf(r: ProbeResult): string {
  if (!r.sent) return r.skipped ?? 'not sent';
  const notes: string[] = [];
  if (r.problem)
    notes.push(r.error === 'not_found' && r.path.includes(':') ? 'not found (route or id)' : r.problem);
  if (r.fix) notes.push(`answers at ${r.fix.path}: routes file below`);
  else if (r.tries?.length) {
    const last = r.tries[r.tries.length - 1];
    const other =
      last && last.error !== 'not_found' ? `; ${last.path} answered ${last.http ?? last.error}` : '';
    notes.push(`tried ${r.tries.map((t) => t.path).join(', ')}${other}`);
  } else if (r.error === 'not_found' && r.status === 'assumed' && r.tries === undefined)
    notes.push('no other path tried: no route had answered yet');
  const read = r.fix ? r.tries?.find((t) => t.readable)?.read : r.read;
  if (read?.dropped.length)
    notes.push(read.dropped.map((d) => `${d.count}/${d.of} rows left out (${d.at})`).join(', '));
  const unreadable = Object.keys(read?.unreadable ?? {});
  if (unreadable.length) notes.push(`unreadable: ${unreadable.join(', ')}`);
  const rows = r.fix ? r.tries?.find((t) => t.readable)?.rows : r.rows;
  if (r.readable || r.fix) {
    if (rows === 0) notes.push('empty list');
    else if (rows !== undefined) notes.push(`${rows} row${rows === 1 ? '' : 's'}`);
  }
  return notes.join('; ');
}

export function tableText(report: Report): string {
  const header = ['route', 'request', 'spec', 'HTTP', 'readable', 'aliases', 'missing fields', 'note'];
  const rows = report.results.map((r) => {
    const read = r.fix ? r.tries?.find((t) => t.readable)?.read : r.read;
    return [
      r.route,
      `${r.method} ${r.path}`,
      r.status,
      httpCell(r),
      r.readable ? 'yes' : r.fix ? 'no (fix)' : 'no',
      listCell(read?.aliases ?? []),
      listCell(read?.missing ?? []),
      noteOf(r),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

function quotaText(quota: Quota): string {
  if (quota.observed_at === null) return 'Quota: no X-RateLimit-* headers seen.';
  if (quota.unlimited) return 'Quota (X-RateLimit-*): unlimited.';
  const left = quota.remaining ?? '?';
  const limit = quota.limit ?? '?';
  return `Quota (X-RateLimit-*): ${left} of ${limit} requests left today${quota.reset ? `, resets ${quota.reset}` : ''}.`;
}

export function summaryText(report: Report): string {
  const { summary: s } = report;
  const lines = [
    `Documented routes: ${s.documented.readable}/${s.documented.total} readable. ` +
      `Assumed routes: ${s.assumed.readable}/${s.assumed.total} readable` +
      `${s.assumed.fixed ? `, ${s.assumed.fixed} more at another path` : ''}. ` +
      `${s.skipped ? `${s.skipped} not sent. ` : ''}${s.requests} request${s.requests === 1 ? '' : 's'} sent.`,
  ];
  if (report.stopped) lines.push(`Stopped early: ${report.stopped}.`);
  lines.push(quotaText(report.quota));
  const fixes = report.results.filter((r) => r.fix);
  if (fixes.length > 0) {
    lines.push('', 'Found at another path (routes-file entry that fixes each):');
    for (const r of fixes)
      lines.push(`  ${r.route}: ${JSON.stringify({ [r.route]: { path: r.fix?.path } })}`);
  }
  if (report.routes_file) {
    lines.push(
      '',
      'Routes file with every fix (save it, then run with --routes-file FILE or FOOTBALL_API_ROUTES_FILE=FILE):',
      routesFileText(report.routes_file),
    );
  }
  lines.push(
    '',
    s.ok
      ? 'Every documented route answers readably (exit 0).'
      : 'Some documented routes do not answer readably (exit 1): the tools that use them will fail.',
  );
  return lines.join('\n');
}

/** A routes file as JSON with one route a line: short enough to read, valid to save as it is. */
export function routesFileText(file: Record<string, unknown>): string {
  const lines = Object.entries(file).map(
    ([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`,
  );
  return `{\n${lines.join(',\n')}\n}`;
}
