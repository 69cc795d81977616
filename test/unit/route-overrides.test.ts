// The routes file: every way it can be wrong gives a clear error naming the file and the fix, and a
// valid one changes what the client sends (MockAgent, no network).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  applyRouteOverrides,
  loadRoutesFile,
  loadUpstreamOverrides,
  RoutesFileError,
  remappedRoutes,
} from '../../src/api/route-overrides.js';
import { ROUTES } from '../../src/api/routes.js';
import { StartError } from '../../src/start-error.js';
import { clientFor, JSON_HEADERS, mockUpstream, type Upstream } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'routes-file-'));
let upstream: Upstream | undefined;

afterEach(async () => {
  await upstream?.agent.close();
  upstream = undefined;
});

function fileWith(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function errorOf(run: () => unknown): RoutesFileError {
  try {
    run();
  } catch (error) {
    if (error instanceof RoutesFileError) return error;
    throw error;
  }
  throw new Error('expected a RoutesFileError');
}

describe('loadRoutesFile', () => {
  it('replaces the path, method and fixed query of the named routes only', () => {
    const file = fileWith(
      'ok.json',
      JSON.stringify({
        teams: { path: '/v2/clubs', query: { kind: 'club', active: true } },
        teamHeadToHead: { path: '/v2/clubs/:otherId/versus/:id', method: 'POST' },
      }),
    );
    const table = loadRoutesFile(file);
    expect(table.teams).toEqual({
      ...ROUTES.teams,
      path: '/v2/clubs',
      query: { kind: 'club', active: 'true' },
    });
    expect(table.teamHeadToHead.method).toBe('POST');
    expect(table.teamHeadToHead.status).toBe('assumed');
    expect(table.leagues).toBe(ROUTES.leagues);
    expect(remappedRoutes(table)).toEqual([
      'teams → GET /v2/clubs',
      'teamHeadToHead → POST /v2/clubs/:otherId/versus/:id',
    ]);
  });

  it('names the file when it is not JSON', () => {
    const file = fileWith('bad.json', '{"teams": {"path": "/v2/clubs",}');
    const error = errorOf(() => loadRoutesFile(file));
    expect(error).toBeInstanceOf(StartError);
    expect(error.message).toContain(`routes file ${file}: not valid JSON`);
  });

  it('names the file when it cannot be read', () => {
    const file = join(dir, 'missing.json');
    expect(errorOf(() => loadRoutesFile(file)).message).toBe(`routes file ${file}: cannot be read (ENOENT).`);
  });

  it('refuses an unknown route name, naming the closest', () => {
    const file = fileWith('unknown.json', JSON.stringify({ teamSquads: { path: '/v2/squad/:id' } }));
    const message = errorOf(() => loadRoutesFile(file)).message;
    expect(message).toContain('unknown route "teamSquads"');
    expect(message).toMatch(/Closest: teamSquad\b/);
  });

  it('refuses a path that drops or renames a placeholder', () => {
    const dropped = errorOf(() => applyRouteOverrides(ROUTES, { team: { path: '/v2/clubs' } }, 'test'));
    expect(dropped.message).toBe(
      'test: route "team" path "/v2/clubs" must keep the placeholders of "/v1/teams/:id" (:id).',
    );
    const renamed = errorOf(() =>
      applyRouteOverrides(ROUTES, { team: { path: '/v2/clubs/:teamId' } }, 'test'),
    );
    expect(renamed.message).toContain('must keep the placeholders');
    const added = errorOf(() =>
      applyRouteOverrides(ROUTES, { teams: { path: '/v2/:league/clubs' } }, 'test'),
    );
    expect(added.message).toContain('(none)');
  });

  it('refuses a bad method, a path with a query, unknown fields and a non-object file', () => {
    expect(
      errorOf(() => applyRouteOverrides(ROUTES, { teams: { path: '/v2/t', method: 'PUT' } }, 't')).message,
    ).toMatch(/^t: route "teams"\.method: /);
    expect(
      errorOf(() => applyRouteOverrides(ROUTES, { teams: { path: '/v2/t?x=1' } }, 't')).message,
    ).toContain('use "query"');
    expect(
      errorOf(() => applyRouteOverrides(ROUTES, { teams: { path: '/v2/t', verb: 'GET' } }, 't')).message,
    ).toContain('route "teams"');
    expect(errorOf(() => applyRouteOverrides(ROUTES, { teams: '/v2/t' }, 't')).message).toContain(
      'route "teams"',
    );
    expect(errorOf(() => applyRouteOverrides(ROUTES, ['teams'], 't')).message).toContain(
      'must be a JSON object',
    );
  });
});

describe('the client on a remapped table', () => {
  it('sends the new method and path with the fixed query, ids still encoded', async () => {
    upstream = mockUpstream();
    const routes = applyRouteOverrides(
      ROUTES,
      { teamSquad: { path: '/v2/clubs/:id/players', method: 'POST', query: { include: 'loans' } } },
      'test',
    );
    upstream.pool
      .intercept({ path: (p) => p.startsWith('/v2/clubs/'), method: 'POST' })
      .reply(200, { data: [] }, { headers: JSON_HEADERS });
    const client = clientFor(upstream, { routes });
    await client.call('teamSquad', z.looseObject({ data: z.array(z.unknown()) }), {
      params: { id: 'a/b' },
      query: { saison: '25-26' },
    });
    expect(upstream.sent.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v2/clubs/a%2Fb/players?include=loans&saison=25-26',
    ]);
  });
});

describe('the "fields" entry', () => {
  it('gives field aliases beside the routes', () => {
    const file = fileWith('fields.json', '{"teams": {"path": "/v1/clubs"}, "fields": {"season": ["annee"]}}');
    const { routes, fields } = loadUpstreamOverrides(file);
    expect(routes.teams.path).toBe('/v1/clubs');
    expect(fields).toEqual({ season: ['annee'] });
  });

  it('refuses aliases that are not a list of names, saying what it takes', () => {
    const file = fileWith('bad-fields.json', '{"fields": {"season": "annee"}}');
    expect(() => loadUpstreamOverrides(file)).toThrow(
      /"fields"\.season.*\{"fields": \{"season": \["annee"\]\}\}/,
    );
  });
});
