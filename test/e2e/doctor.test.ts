// `football-scout-mcp doctor` against the sandbox, directly and behind a proxy that moves or breaks routes.
// The built binary runs where its own path is the point (a full run, a refusal, stdin not a terminal, a key
// it must not print; run `npm run build` first); what the doctor finds is checked in this process, which
// writes the same lines.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import { type DoctorIo, runDoctor } from '../../src/doctor/main.js';
import { type Report, summaryText } from '../../src/doctor/output.js';
import { SANDBOX_DIALECTS } from '../../src/sandbox/dialects/index.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { doctorBinary, doctorInProcess, doctorJson } from '../support/doctor.js';
import { useSandbox } from '../support/mcp.js';
import { type Rule, startProxy, type TestProxy } from '../support/proxy.js';
import { drawn, sample } from '../support/sample.js';

const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

const sandbox = useSandbox();

const against = (url: string) => ({ FOOTBALL_API_BASE_URL: url, FOOTBALL_API_KEY: sandbox.demoKey });

/** The route of ROUTES a logged request went to: a literal path (/v1/players/search) before a pattern. */
function routeOf(method: string, target: string): RouteName | undefined {
  const path = target.split('?')[0] ?? '';
  const routes = ROUTE_NAMES.filter((name) => ROUTES[name].method === method);
  return (
    routes.find((name) => ROUTES[name].path === path) ??
    routes.find((name) => new RegExp(`^${ROUTES[name].path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(path))
  );
}

async function behind(rule: (path: string) => Rule, run: (proxy: TestProxy) => Promise<void>) {
  const proxy = await startProxy(sandbox.url, rule);
  try {
    await run(proxy);
  } finally {
    await proxy.close();
  }
}

/** /v1/teams… answers 404; /v1/clubs… is the sandbox's /v1/teams…. */
const teamsMoved = (path: string): Rule => {
  if (/^\/v1\/teams(\/|\?|$)/.test(path)) return { status: 404 };
  if (/^\/v1\/clubs(\/|\?|$)/.test(path)) return { forward: path.replace('/v1/clubs', '/v1/teams') };
  return 'pass';
};

describe('doctor on the sandbox', () => {
  it('--yes --json: every route readable, one request per route, as many as the plan said', async () => {
    const before = sandbox.requestCount();
    const run = await doctorBinary(['--yes', '--json'], against(sandbox.url));
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.results.map((r) => r.route).sort()).toEqual([...ROUTE_NAMES].sort());
    for (const r of report.results) {
      expect({ route: r.route, readable: r.readable, http: r.http }).toEqual({
        route: r.route,
        readable: true,
        http: 200,
      });
    }
    expect(report.plan.requests).toBe(ROUTE_NAMES.length);
    const sent = sandbox.requests().slice(-(sandbox.requestCount() - before));
    expect(sent).toHaveLength(report.plan.requests);
    expect(report.summary.requests).toBe(report.plan.requests);
    const perRoute = new Map<string, number>();
    for (const request of sent) {
      const route = routeOf(request.method, request.path) ?? `unknown ${request.method} ${request.path}`;
      perRoute.set(route, (perRoute.get(route) ?? 0) + 1);
    }
    expect([...perRoute.keys()].sort()).toEqual([...ROUTE_NAMES].sort());
    expect(Math.max(...perRoute.values())).toBe(1);
    expect(report.summary).toMatchObject({ ok: true, not_checked: 0, retried: 0 });
    expect(report.fields).toEqual({});
    expect(report.routes_file).toBeNull();
    expect(report.quota.limit).toBe(2500);
    expect(run.stderr).toMatch(/Plan: 32 requests, one per route/);
    expect(run.stdout + run.stderr).not.toContain(sandbox.demoKey);
  }, 60_000);

  it('prints a table naming every route, a summary and the quota, never the key', async () => {
    const run = await doctorInProcess(['--yes'], against(sandbox.url));
    expect(run.code, run.stderr).toBe(0);
    for (const name of ROUTE_NAMES) expect(run.stdout).toMatch(new RegExp(`^${name}\\s`, 'm'));
    expect(run.stdout).toContain('Documented routes: 8/8 readable');
    // The summary prints the count: one per route, within the budget of a full run.
    const sent = Number(/ (\d+) requests sent/.exec(run.stdout)?.[1]);
    expect(sent).toBeGreaterThanOrEqual(32);
    expect(sent).toBeLessThanOrEqual(120);
    // The sandbox totals its searches, and counts a comparison group beyond its points; the counts of its
    // leagues and glossary hold their rows (echoes, not named).
    expect(run.stdout).toMatch(
      /^Paging found: total \(playerSearch, teams, coaches\); count beyond the rows \(read as a total\) \(comparisonGroup\);/m,
    );
    expect(run.stdout).toMatch(/^Content encoding: .+ in \d+ answers\.$/m);
    expect(run.stdout).toMatch(/Quota \(X-RateLimit-\*\): \d+ of 2500 requests left today/);
    expect(run.stdout + run.stderr).not.toContain(sandbox.demoKey);
  }, 60_000);
});

describe('doctor --sandbox', () => {
  it('checks the embedded sandbox in the dialect the settings name', async () => {
    const run = await doctorInProcess(['--sandbox', '--sandbox-dialect', 'french', '--yes', '--json'], {});
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('(the embedded sandbox: synthetic data, french dialect)');
    const report = JSON.parse(run.stdout) as Report;
    expect(report.results.flatMap((r) => r.read?.aliases ?? [])).toContain('saison→season');
  }, 60_000);
});

describe('doctor against an API that differs', () => {
  it('finds a missing assumed route at another path and prints the routes-file entry (exit 0)', async () => {
    await behind(teamsMoved, async (proxy) => {
      const run = await doctorInProcess(['--yes', '--json'], against(proxy.url));
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as Report;
      const teams = report.results.find((r) => r.route === 'teams');
      expect(teams).toMatchObject({
        http: 404,
        readable: false,
        error: 'not_found',
        fix: { path: '/v1/clubs' },
      });
      expect(teams?.tries?.[0]).toMatchObject({ path: '/v1/clubs', http: 200, readable: true });
      // The team routes after it try the learned rename first, and their ids came from /v1/clubs.
      for (const route of ['team', 'teamSquad', 'teamSimilar', 'teamHeadToHead']) {
        const r = report.results.find((x) => x.route === route);
        expect(r?.tries).toHaveLength(1);
        expect(r?.fix?.path).toBe(ROUTES[route as RouteName].path.replace('/v1/teams', '/v1/clubs'));
      }
      expect(report.routes_file).toEqual({
        teams: { path: '/v1/clubs' },
        team: { path: '/v1/clubs/:id' },
        teamSquad: { path: '/v1/clubs/:id/squad' },
        teamSimilar: { path: '/v1/clubs/:id/similar' },
        teamHeadToHead: { path: '/v1/clubs/:id/head-to-head/:otherId' },
      });
      expect(report.summary.requests).toBeLessThanOrEqual(report.plan.max_requests);
      expect(report.summary.requests).toBe(report.plan.requests + 5);

      const table = await doctorInProcess(['--yes'], against(proxy.url));
      expect(table.code).toBe(0);
      expect(table.stdout).toContain('teams: {"teams":{"path":"/v1/clubs"}}');
      expect(table.stdout).toMatch(/^teams\s+GET \/v1\/teams\s+assumed\s+404\s+no \(fix\)/m);
      expect(table.stdout).toContain('  "teamHeadToHead": {"path":"/v1/clubs/:id/head-to-head/:otherId"}\n}');

      // The routes file it printed fixes the routes: no 404 is left.
      const dir = mkdtempSync(join(tmpdir(), 'doctor-'));
      const file = join(dir, 'routes.json');
      writeFileSync(file, JSON.stringify(report.routes_file));
      const fixed = await doctorInProcess(['--yes', '--json', '--routes-file', file], against(proxy.url));
      expect(fixed.code, fixed.stderr).toBe(0);
      const again = JSON.parse(fixed.stdout) as Report;
      expect(again.results.every((r) => r.readable)).toBe(true);
      expect(again.results.find((r) => r.route === 'teams')?.path).toBe('/v1/clubs');
      expect(again.summary.requests).toBe(again.plan.requests);
    });
  });

  it('a documented route answering 404 fails the check (exit 1) and is not guessed at', async () => {
    const rule = (path: string): Rule =>
      path.split('?')[0] === '/v1/rankings'
        ? { status: 404, body: JSON.stringify({ detail: 'No route\nrankings' }) }
        : 'pass';
    await behind(rule, async (proxy) => {
      const run = await doctorInProcess(['--yes', '--json'], against(proxy.url));
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as Report;
      const rankings = report.results.find((r) => r.route === 'rankings');
      expect(rankings).toMatchObject({ http: 404, readable: false, status: 'documented' });
      expect(rankings?.tries).toBeUndefined();
      // What the API said, quoted as its own, on one line.
      expect(JSON.stringify(rankings)).toContain(String.raw`not found, saying: \"No route rankings\"`);
      // Player ids then come from scouting: the player routes are still checked.
      expect(report.results.find((r) => r.route === 'playerHistory')).toMatchObject({ readable: true });
      expect(report.summary.ok).toBe(false);
    });
  });

  it('a documented route answering unreadable JSON fails the check (exit 1), naming the field', async () => {
    const rule = (path: string): Rule =>
      path.split('?')[0] === '/v1/rankings' ? { status: 200, body: '{"data": [{"nom": "x"}]}' } : 'pass';
    await behind(rule, async (proxy) => {
      const run = await doctorInProcess(['--yes'], against(proxy.url));
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(
        /^rankings\s+GET \/v1\/rankings\s+documented\s+200\s+no\s.*unreadable answer/m,
      );
      expect(run.stdout).toContain('Some documented routes do not answer readably (exit 1)');
    });
  });

  it('a documented route answering a failure marked in a 200 fails the check, quoting the API', async () => {
    const rule = (path: string): Rule =>
      path.split('?')[0] === '/v1/rankings'
        ? { status: 200, body: JSON.stringify({ success: false, message: 'Rankings feed paused' }) }
        : 'pass';
    await behind(rule, async (proxy) => {
      const run = await doctorInProcess(['--yes'], against(proxy.url));
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain(
        'the API marked its answer failed (success: false), saying: "Rankings feed paused"',
      );
    });
  });

  it('a rejected key stops the run after the first request', async () => {
    const run = await doctorBinary(['--yes', '--json'], {
      FOOTBALL_API_BASE_URL: sandbox.url,
      FOOTBALL_API_KEY: 'live_wrong_key_0123456789',
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.requests).toBe(1);
    expect(report.stopped).toContain('401');
    expect(run.stdout + run.stderr).not.toContain('live_wrong_key_0123456789');
  });

  it('a base URL under which the documented routes answer 404 stops the run after two requests', async () => {
    const run = await doctorInProcess(['--yes', '--json'], against(`${sandbox.url}/api`));
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.summary.requests).toBe(2);
    expect(report.stopped).toContain('FOOTBALL_API_BASE_URL');
  });
});

describe('doctor refuses before sending', () => {
  it('without a key and a base URL: says to set both (exit 2)', async () => {
    const run = await doctorBinary(['--yes'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('FOOTBALL_API_KEY');
    expect(run.stderr).toContain('FOOTBALL_API_BASE_URL');
    const keyOnly = await doctorInProcess(['--yes'], { FOOTBALL_API_KEY: 'live_secret_key_123' });
    expect(keyOnly.code).toBe(2);
    expect(keyOnly.stderr).toContain('FOOTBALL_API_BASE_URL');
    expect(keyOnly.stdout + keyOnly.stderr).not.toContain('live_secret_key_123');
  });

  it('without a terminal and without --yes: states the plan, asks for --yes, sends nothing (exit 2)', async () => {
    const before = sandbox.requestCount();
    const run = await doctorBinary([], against(sandbox.url));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/Plan: \d+ requests/);
    expect(run.stderr).toContain('--yes');
    expect(run.stdout).toBe('');
    expect(sandbox.requestCount()).toBe(before);
  });

  it('an unknown flag is a usage error (exit 2); --help describes the subcommand', async () => {
    const bad = await doctorInProcess(['--yes', '--frobnicate'], against(sandbox.url));
    expect(bad.code).toBe(2);
    const noFile = await doctorInProcess(['--yes', '--write-routes'], against(sandbox.url));
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('--write-routes needs a file to write');
    const help = await doctorInProcess(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stderr).toContain('football-scout-mcp doctor [--yes] [--json]');
  });
});

describe('doctor on a terminal', () => {
  function terminal(answer: string) {
    const written = { out: '', err: '', asked: [] as string[] };
    const io: DoctorIo = {
      out: (text) => {
        written.out += text;
      },
      err: (text) => {
        written.err += text;
      },
      interactive: true,
      progress: false,
      ask: async (question) => {
        written.asked.push(question);
        return answer;
      },
    };
    return { io, written };
  }

  it('asks "Go on? [y/N]" after the plan; anything but yes sends nothing', async () => {
    const before = sandbox.requestCount();
    const { io, written } = terminal('');
    expect(await runDoctor([], against(sandbox.url), io)).toBe(1);
    expect(written.asked).toEqual(['Go on? [y/N] ']);
    expect(written.err).toMatch(/Plan: \d+ requests[\s\S]*Nothing was sent/);
    expect(sandbox.requestCount()).toBe(before);
  });

  it('"y" sends and prints the table', async () => {
    const { io, written } = terminal('y');
    expect(await runDoctor([], against(sandbox.url), io)).toBe(0);
    expect(written.out).toMatch(/^leagues\s+GET \/v1\/leagues\s+documented\s+200\s+yes/m);
    expect(written.out + written.err).not.toContain(sandbox.demoKey);
  });
});

// A doctor run per dialect is long (the throttled one waits out its throttles): `npm test` runs a sample
// drawn from the run's seed, `npm run test:full` every dialect.
describe('doctor on every sandbox dialect', () => {
  it.each(sample('doctor dialects', SANDBOX_DIALECTS, 3))(
    '%s: every route reads, and the aliases it read through are named',
    async (dialect) => {
      const shaped = await startSandbox({ port: 0, dialect });
      try {
        const run = await doctorJson({ FOOTBALL_API_BASE_URL: shaped.url, FOOTBALL_API_KEY: shaped.demoKey });
        const report = run.report();
        // What failed, before the exit code: a failing run then says which route and why.
        const failed = report.results
          .filter((r) => !r.readable)
          .map((r) => `${r.route}: ${r.not_checked ?? r.problem ?? r.error ?? 'unreadable'}`);
        expect(
          failed.filter((f) => !f.includes(': not checked')),
          drawn(dialect),
        ).toEqual([]);
        expect(run.code, `${drawn(dialect)}; not readable: ${failed.join('; ')}`).toBe(0);
        const aliases = report.results.flatMap((r) => r.read?.aliases ?? []);
        if (dialect === 'french') expect(aliases).toContain('saison→season');
        // Nothing the reader reads is proposed again as a field found by its values.
        expect(report.fields, drawn(dialect)).toEqual({});
      } finally {
        await shaped.close();
      }
    },
  );
});

// Deployments' HTTP habits, each on its own dialect: a maintenance window is waited out (not a broken API),
// a redirect to the slash form followed, paging told in headers named in the summary.
describe("doctor on deployments' HTTP habits", () => {
  const runOn = async (dialect: 'maintenance' | 'slashed' | 'linked', env: Record<string, string> = {}) => {
    const shaped = await startSandbox({ port: 0, dialect });
    try {
      const run = await doctorJson({
        FOOTBALL_API_BASE_URL: shaped.url,
        FOOTBALL_API_KEY: shaped.demoKey,
        ...env,
      });
      return { run, report: run.report(), statuses: shaped.requests().map((r) => r.status) };
    } finally {
      await shaped.close();
    }
  };

  it('waits out a maintenance 503 with Retry-After: every documented route reads', async () => {
    const { run, report, statuses } = await runOn('maintenance');
    expect(statuses).toContain(503);
    expect(report.summary.retried).toBeGreaterThan(0);
    expect(report.summary.documented.readable).toBe(report.summary.documented.total);
    expect(run.code).toBe(0);
  });

  it('a maintenance window past the waits allowed is said as such, not as a broken route', async () => {
    const { report } = await runOn('maintenance', { FOOTBALL_API_RETRIES: '0' });
    const waiting = report.results.filter((r) => r.maintenance);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting[0]?.problem).toMatch(
      /503 asking to come back after 1 s.*may be in maintenance; run doctor again later/,
    );
    expect(summaryText(report)).toMatch(/Maintenance\? .* answered 503 asking to come back later/);
  });

  it('follows the slash redirects, each hop counted in the requests sent', async () => {
    const { run, report, statuses } = await runOn('slashed');
    const redirects = statuses.filter((s) => s === 307).length;
    expect(redirects).toBeGreaterThan(0);
    expect(report.summary.requests).toBe(statuses.length);
    expect(run.code).toBe(0);
  });

  it('names paging told in headers', async () => {
    const { report } = await runOn('linked');
    expect(Object.keys(report.summary.paging)).toEqual(
      expect.arrayContaining(['Link header', 'total header']),
    );
  });
});
