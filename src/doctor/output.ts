// What doctor prints: the plan before sending, then the table (or one JSON object) of the results,
// the summary, the quota seen and the routes file that would fix the routes found elsewhere.
import type { Quota } from '../api/quota.js';
import { type LearnedName, learnedNote } from '../api/reader/learning.js';
import type { RouteName, RouteTable } from '../api/routes.js';
import { MAX_TRIES } from './alternatives.js';
import type { DoctorRun, ProbeResult } from './run.js';
import { mergeFields } from './value-aliases.js';

export interface Plan {
  routes: number;
  documented: number;
  assumed: number;
  /** One per route. */
  requests: number;
  /** Tries of other paths, MAX_TRIES per assumed route at most, only after a 404. */
  alternative_tries_max: number;
  max_requests: number;
  /** Retries of one request that meets a gateway error or a short Retry-After, as the server's. */
  retries: number;
}

export function planOf(table: RouteTable, retries: number): Plan {
  const routes = Object.values(table);
  const assumed = routes.filter((r) => r.status === 'assumed').length;
  return {
    routes: routes.length,
    documented: routes.length - assumed,
    assumed,
    requests: routes.length,
    alternative_tries_max: assumed * MAX_TRIES,
    max_requests: routes.length + assumed * MAX_TRIES,
    retries,
  };
}

export function planText(plan: Plan, where: string): string {
  return [
    `football-scout-mcp doctor: checking ${where}`,
    `Plan: ${plan.requests} requests, one per route (${plan.documented} documented, ${plan.assumed} assumed).`,
    `An assumed route that answers 404 costs up to ${MAX_TRIES} more requests trying likely other paths: ` +
      `at most ${plan.alternative_tries_max} more, ${plan.max_requests} requests in all.`,
    plan.retries > 0
      ? `A request that meets a gateway error (500/502/503/504, a network error), a 429 asking to retry ` +
        `shortly or a 503 whose Retry-After asks to come back (maintenance) is retried as the server does, ` +
        `up to ${plan.retries} time${plan.retries === 1 ? '' : 's'} (a 503's retry may count against the quota).`
      : 'No request is retried (--retries 0).',
    `A redirect on this API (same origin and base path) is followed, each hop one more request.`,
  ].join('\n');
}

export interface Summary {
  documented: { readable: number; total: number };
  assumed: { readable: number; fixed: number; total: number };
  /** Routes not checked: an id no answer gave, or the run stopped (each says why). */
  not_checked: number;
  requests: number;
  /** Requests the client retried (gateway errors, short Retry-After). */
  retried: number;
  /** Paging style → the routes whose answers showed it; "none" for list answers that showed none. */
  paging: Record<string, RouteName[]>;
  /** Content-Encoding → how many answers came with it ("identity": none named). */
  encodings: Record<string, number>;
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
    not_checked: run.results.filter((r) => !r.sent).length,
    requests: run.requests,
    retried: run.results.flatMap(attemptsOf).reduce((n, a) => n + Math.max(0, (a.requests ?? 1) - 1), 0),
    paging: pagingOf(run.results),
    encodings: run.encodings,
    ok: documented.every((r) => r.readable),
  };
}

/** Every attempt of a route: its first request and the other paths tried. */
function attemptsOf(r: ProbeResult): { requests?: number }[] {
  return r.sent ? [r, ...(r.tries ?? [])] : [];
}

/** The answer a route was read from: its own, or the other path's that answered. */
function answerOf(r: ProbeResult) {
  return r.fix ? r.tries?.find((t) => t.readable) : r.readable ? r : undefined;
}

function pagingOf(results: readonly ProbeResult[]): Record<string, RouteName[]> {
  const out: Record<string, RouteName[]> = {};
  for (const r of results) {
    const paging = answerOf(r)?.paging;
    if (!paging) continue;
    for (const style of paging.length > 0 ? paging : ['none']) out[style] = [...(out[style] ?? []), r.route];
  }
  return out;
}

/** The field aliases value-guided mapping found, over every route. */
export function fieldsOf(results: readonly ProbeResult[]): Record<string, string[]> {
  return results.reduce<Record<string, string[]>>((all, r) => mergeFields(all, r.fields ?? {}), {});
}

/** The routes-file entries of the routes found at another path. */
export function fixesOf(results: readonly ProbeResult[]): Partial<Record<RouteName, { path: string }>> {
  return Object.fromEntries(results.flatMap((r) => (r.fix ? [[r.route, { path: r.fix.path }]] : [])));
}

/**
 * The routes file to use: the one given (kept whole) with the fixes and the field aliases found added,
 * or undefined when nothing was found.
 */
export function combinedRoutesFile(
  given: Record<string, unknown> | undefined,
  results: readonly ProbeResult[],
): Record<string, unknown> | undefined {
  const fixes = fixesOf(results);
  const fields = fieldsOf(results);
  if (Object.keys(fixes).length === 0 && Object.keys(fields).length === 0) return undefined;
  const merged: Record<string, unknown> = { ...given };
  if (Object.keys(fields).length > 0) {
    const before = merged.fields;
    const kept = before && typeof before === 'object' ? (before as Record<string, string[]>) : {};
    merged.fields = mergeFields(kept, fields);
  }
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
  /** Players rankings and scouting named, against which fields were mapped by their values. */
  known_players: number;
  /** Field aliases found by value over every route: the routes file's "fields" entry. */
  fields: Record<string, string[]>;
  /** What the reader learned from values as it read (as the server would), with its evidence. */
  learned: LearnedName[];
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
    known_players: run.known_players,
    fields: fieldsOf(run.results),
    learned: run.learned,
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
  if (!r.sent) return r.not_checked ?? 'not checked';
  const notes: string[] = [];
  for (const [id, from] of Object.entries(r.fallbacks ?? {})) notes.push(`${id}: ${from}`);
  const retried = attemptsOf(r).reduce((n, a) => n + Math.max(0, (a.requests ?? 1) - 1), 0);
  if (retried > 0) notes.push(`retried ${retried}×`);
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
  for (const [field, names] of Object.entries(r.fields ?? {}))
    notes.push(`${field} found as ${names.join('|')} by its values`);
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
      !r.sent ? 'not checked' : r.readable ? 'yes' : r.fix ? 'no (fix)' : 'no',
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
      `${s.not_checked ? `${s.not_checked} not checked (see the note of each). ` : ''}` +
      `${s.requests} request${s.requests === 1 ? '' : 's'} sent${s.retried ? ` (${s.retried} of them retries)` : ''}.`,
  ];
  if (report.stopped) lines.push(`Stopped early: ${report.stopped}.`);
  const waiting = report.results.filter((r) => r.maintenance).map((r) => r.route);
  if (waiting.length > 0)
    lines.push(
      `Maintenance? ${waiting.join(', ')} answered 503 asking to come back later, past the waits allowed: not a broken route; run doctor again later.`,
    );
  lines.push(quotaText(report.quota), pagingText(s.paging), encodingText(s.encodings));
  if (report.learned.length > 0) {
    lines.push(
      '',
      'Learned from values as the server reads (no request of its own; in the routes-file entry below):',
    );
    for (const l of report.learned) lines.push(`  ${l.route}: ${learnedNote(l)}`);
  }
  const unread = stillUnread(report.results);
  if (unread.length > 0) {
    lines.push(
      '',
      'Still not read (no row carried the field under a name known or learned; the API sent these names nothing read):',
      ...unread.map((line) => `  ${line}`),
    );
  }
  const fields = Object.entries(report.fields);
  if (fields.length > 0) {
    lines.push(
      '',
      `Fields found under another name by their values (compared with the ${report.known_players} players of rankings and scouting):`,
    );
    for (const [field, names] of fields) {
      const routes = report.results.filter((r) => r.fields?.[field]).map((r) => r.route);
      lines.push(`  ${field} ← ${names.join(', ')} (${routes.join(', ')})`);
    }
    lines.push(`  routes-file entry: ${JSON.stringify({ fields: report.fields })}`);
  }
  const fixes = report.results.filter((r) => r.fix);
  if (fixes.length > 0) {
    lines.push('', 'Found at another path (routes-file entry that fixes each):');
    for (const r of fixes)
      lines.push(`  ${r.route}: ${JSON.stringify({ [r.route]: { path: r.fix?.path } })}`);
  }
  if (report.routes_file) {
    lines.push(
      '',
      'Routes file with every fix (save it, or let --write-routes FILE save it; then run with --routes-file FILE or FOOTBALL_API_ROUTES_FILE=FILE):',
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

function pagingText(paging: Record<string, RouteName[]>): string {
  const styles = Object.entries(paging).filter(([style]) => style !== 'none');
  const none = paging.none?.length ?? 0;
  if (styles.length === 0 && none === 0) return 'Paging: no list answer was read.';
  const found = styles.map(([style, routes]) => `${style} (${routes.join(', ')})`);
  const rest = none > 0 ? `${none} list answer${none === 1 ? '' : 's'} showed no paging field` : '';
  return styles.length === 0
    ? `Paging: no next link, cursor, page/total or has_more in any list answer (${none}): a full page is all a client can go by.`
    : `Paging found: ${found.join('; ')}${rest ? `; ${rest}` : ''}.`;
}

function encodingText(encodings: Record<string, number>): string {
  const entries = Object.entries(encodings);
  if (entries.length === 0) return 'Content encoding: no answer came.';
  return `Content encoding: ${entries.map(([e, n]) => `${e === 'identity' ? 'none (identity)' : e} in ${n} answer${n === 1 ? '' : 's'}`).join(', ')}.`;
}

/** A routes file as JSON with one route a line: short enough to read, valid to save as it is. */
export function routesFileText(file: Record<string, unknown>): string {
  const lines = Object.entries(file).map(
    ([name, value]) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)}`,
  );
  return `{\n${lines.join(',\n')}\n}`;
}

/**
 * Per route, the fields no row carried after learning, beside the API's names nothing read: what a
 * routes-file "fields" entry could still map by hand.
 */
function stillUnread(results: readonly ProbeResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    const read = r.read;
    if (!read || read.missing.length === 0) continue;
    const names = [...new Set(Object.values(read.coverage ?? {}).flatMap((c) => c.unread))];
    if (names.length === 0) continue;
    const shown = names.slice(0, 6).join(', ') + (names.length > 6 ? ', …' : '');
    lines.push(`${r.route}: ${read.missing.join(', ')} (unread names: ${shown})`);
  }
  return lines;
}
