// `doctor` against an API that differs from our reading but follows the spec: fields under names the
// reader does not know (found by their values, written as a routes file the server then reads them
// with), a burst 429 and a gateway 502 (waited out and retried), an unreadable enums answer, a single
// ranking row. The built binary for the run a user makes; in process for the rest. Run `npm run build` first.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/doctor/output.js';
import { doctorInProcess, doctorJson } from '../support/doctor.js';
import { BUILT_ENTRY, structured, useSandbox } from '../support/mcp.js';
import { type Rule, startProxy, type TestProxy } from '../support/proxy.js';
import { stdioClient } from '../support/stdio.js';

type Json = Record<string, unknown>;
const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names no alias of ours knows. */
const RENAMED: Record<string, string> = { name: 'playerLabel', club: 'teamLabel', age: 'yearsOld' };

/** Every row of `data` with its fields renamed (name, club and age under the names above). */
function renameRows(body: unknown, renamed: Record<string, string> = RENAMED): unknown {
  if (!isJson(body) || !Array.isArray(body.data)) return body;
  const data = body.data.map((row) =>
    isJson(row) ? Object.fromEntries(Object.entries(row).map(([k, v]) => [renamed[k] ?? k, v])) : row,
  );
  return { ...body, data };
}

const bare = (path: string) => path.split('?')[0] ?? '';

const sandbox = useSandbox();

describe('doctor maps renamed fields by their values and waits out bursts', () => {
  let proxy: TestProxy;
  const seen = new Map<string, number>();
  const once = (key: string) => {
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    return n === 1;
  };
  beforeAll(async () => {
    proxy = await startProxy(sandbox.url, (path): Rule => {
      const route = bare(path);
      if (route === '/v1/rankings' && once('rankings'))
        return { status: 429, headers: { 'retry-after': '1' }, body: '{"error": "slow down"}' };
      if (route === '/v1/teams' && once('teams'))
        return {
          status: 502,
          headers: { 'content-type': 'text/html' },
          body: '<html><body><h1>502 Bad Gateway</h1></body></html>',
        };
      if (route === '/v1/compare' || route === '/v1/fit-score' || route === '/v1/players/search')
        return { reshape: renameRows };
      return 'pass';
    });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('proposes the aliases, writes the routes file, and the server started with it reads the fields', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'doctor-values-'));
    const file = join(dir, 'routes.json');
    const env = { FOOTBALL_API_BASE_URL: proxy.url, FOOTBALL_API_KEY: sandbox.demoKey };
    const started = performance.now();
    const run = await doctorInProcess(['--yes', '--json', '--write-routes', file], env);
    const seconds = (performance.now() - started) / 1000;
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;

    // A full run on an API that behaves: every route checked, within the budget of requests and time.
    expect(report.summary.not_checked).toBe(0);
    expect(report.results.every((r) => r.readable)).toBe(true);
    expect(report.summary.requests).toBeLessThanOrEqual(120);
    expect(seconds).toBeLessThanOrEqual(100);
    // The burst 429 was waited out and the HTML 502 retried, as the server does (at least once each:
    // on a loaded machine a slow answer may be retried too).
    for (const route of ['rankings', 'teams']) {
      const result = report.results.find((r) => r.route === route);
      expect(result).toMatchObject({ http: 200, readable: true });
      expect(result?.requests).toBeGreaterThanOrEqual(2);
    }
    expect(report.summary.retried).toBeGreaterThanOrEqual(2);
    expect(report.summary.requests).toBe(report.plan.requests + report.summary.retried);
    // Every answer's Content-Encoding is counted ("identity" when none was named).
    const encoded = Object.values(report.summary.encodings).reduce((a, b) => a + b, 0);
    expect(encoded).toBe(report.summary.requests);
    expect(report.summary.paging.total).toEqual(expect.arrayContaining(['teams', 'coaches']));

    expect(report.fields).toEqual({ age: ['yearsOld'], club: ['teamLabel'], name: ['playerLabel'] });
    // The server's own learner met them too, as it reads: listed with their evidence.
    expect(report.learned.map((l) => [l.field, l.name])).toEqual(
      expect.arrayContaining([
        ['club', 'teamLabel'],
        ['age', 'yearsOld'],
      ]),
    );
    expect(report.results.find((r) => r.route === 'compare')?.fields).toEqual(report.fields);
    expect(report.routes_file).toEqual({ fields: report.fields });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ fields: report.fields });
    expect(run.stderr).toContain(`Routes file written to ${file}`);

    const { client } = await stdioClient('doctor-values', {
      args: [BUILT_ENTRY, '--store', 'memory', '--routes-file', file],
      env,
    });
    try {
      const ranked = structured(
        await client.callTool({ name: 'rank_players_by_role', arguments: { role: 'faux_9', limit: 2 } }),
      ).data as Json[];
      const compared = structured(
        await client.callTool({
          name: 'compare_players',
          arguments: { player_ids: ranked.map((r) => r.service_id ?? r.player_id) },
        }),
      ).data as Json[];
      expect(compared.map((p) => [p.name, p.club, p.age])).toEqual(
        ranked.map((r) => [r.name, r.club, r.age]),
      );
      // Read as the age, not shown as a statistic of its own.
      expect(compared.map((p) => Object.keys(p.statistics as Json))).not.toContainEqual(
        expect.arrayContaining(['yearsOld']),
      );
    } finally {
      await client.close();
    }
  }, 150_000);
});

describe('doctor says what it fell back on and what it could not check', () => {
  it('enums unreadable: a role key of the spec; one ranking row: the second id from history', async () => {
    let first: unknown;
    const proxy = await startProxy(sandbox.url, (path): Rule => {
      const route = bare(path);
      if (route === '/v1/enums') return { status: 200, body: '{"data": {"note": "no roles here"}}' };
      if (route === '/v1/rankings')
        return {
          reshape: (body) => {
            const rows = (body as { data: Json[] }).data.slice(0, 1);
            first = rows[0]?.player_id;
            return { ...(body as Json), data: rows };
          },
        };
      // Scouting names the same player only; the glossary no statistic.
      if (route === '/v1/scouting')
        return {
          reshape: (body) => ({
            ...(body as Json),
            data: (body as { data: Json[] }).data.filter((r) => r.player_id === first),
          }),
        };
      if (route === '/v1/glossary') return { status: 200, body: '{"data": []}' };
      // No row of fit-score has an identity we read: the answer is unreadable, and its fields are named.
      if (route === '/v1/fit-score')
        return {
          reshape: (body) =>
            renameRows(body, { player_id: 'joueurRef', service_id: 'personRef', name: 'playerLabel' }),
        };
      if (route === '/v1/me/presets')
        return {
          status: 200,
          body: '{"data": [{"id": "pre_1", "name": "U21 wingers"}]}',
          headers: { link: '</v1/me/presets?page=2>; rel="next"', 'content-encoding': 'identity' },
        };
      return 'pass';
    });
    try {
      const run = await doctorJson({ FOOTBALL_API_BASE_URL: proxy.url, FOOTBALL_API_KEY: sandbox.demoKey });
      // enums is documented and unreadable: exit 1, and everything else still checked.
      expect(run.code).toBe(1);
      const report = run.report();
      const of = (route: string) => report.results.find((r) => r.route === route);
      expect(of('enums')).toMatchObject({ readable: false, problem: 'no list of roles found in the answer' });
      for (const route of ['rankings', 'scouting']) {
        expect(of(route)).toMatchObject({ sent: true, readable: true });
        expect(of(route)?.fallbacks?.role).toMatch(/role key of the spec.*enums.*no list of roles/);
      }
      expect(of('rankings')?.rows).toBe(1);
      // The second player id came from the history rows: compare was checked.
      expect(of('compare')).toMatchObject({ sent: true, readable: true, rows: 2 });
      for (const route of ['statisticRankings', 'comparisonGroup']) {
        expect(of(route)).toMatchObject({ sent: false, readable: false });
        expect(of(route)?.not_checked).toMatch(/^not checked: needs a statistic key .*which no answer gave/);
      }
      expect(report.summary.not_checked).toBe(2);
      expect(of('fitScore')).toMatchObject({
        readable: false,
        error: 'bad_response',
        fields: { name: ['playerLabel'], player_id: ['joueurRef'], service_id: ['personRef'] },
      });
      expect(of('savedPresets')).toMatchObject({ readable: true, paging: ['Link header'] });
      expect(report.summary.paging['Link header']).toEqual(['savedPresets']);
    } finally {
      await proxy.close();
    }
  }, 60_000);
});
