// 404 for unknown resources and routes, 400 naming the parameter, bad bodies, and the error shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

let sandbox: RunningSandbox;
let player: string;
let team: string;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
type Body = any;

async function call(
  path: string,
  init: { method?: string; body?: string } = {},
): Promise<{ status: number; body: Body; headers: Headers }> {
  const res = await fetch(sandbox.url + path, {
    method: init.method ?? 'GET',
    headers: { 'X-API-Key': sandbox.demoKey, 'Content-Type': 'application/json' },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  return { status: res.status, body: await res.json(), headers: res.headers };
}

const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  player = (await call('/v1/rankings?role=faux_9&league=Eredivisie&limit=1')).body.data[0].player_id;
  team = (await call('/v1/teams?league=Eredivisie&limit=1')).body.data[0].team_id;
});

afterAll(async () => {
  await sandbox.close();
});

function expectError(
  res: { status: number; body: { error?: Record<string, unknown> } },
  status: number,
  parameter?: string,
) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error?.status).toBe(status);
  expect(typeof res.body.error?.message).toBe('string');
  if (parameter !== undefined) expect(res.body.error?.parameter).toBe(parameter);
}

describe('404', () => {
  for (const path of [
    '/v1/players/p20q0zzzzzz',
    '/v1/players/p20q0zzzzzz/statistics',
    '/v1/players/ds_AAAAAAAAAAAAAAAA',
    '/v1/players/ds_AAAAAAAAAAAAAAAA/history',
    '/v1/players/not-an-id/roles',
    '/v1/players/..%2F..%2Fleagues',
    '/v1/teams/tzzzzzzz',
    '/v1/teams/tzzzzzzz/squad',
    '/v1/coaches/czzzzzzz',
    '/v1/coaches/czzzzzzz/career',
    '/v1/nowhere',
    '/v2/leagues',
    '/v1/leagues/extra',
    '/',
  ]) {
    it(`GET ${path}`, async () => {
      const res = await call(path);
      expectError(res, 404);
      expect(res.body.error.code).toBe('not_found');
    });
  }

  it('names the unknown id in the message, on compare too', async () => {
    const res = await post('/v1/compare', { player_ids: [player, 'p20q0zzzzzz'] });
    expectError(res, 404);
    expect(res.body.error.message).toContain('p20q0zzzzzz');
  });

  it('a path served with another method is a 404', async () => {
    expectError(await call('/v1/scouting'), 404);
    expectError(await post('/v1/leagues', {}), 404);
  });

  it('an id that would verify in another head-to-head is still checked', async () => {
    expectError(await call(`/v1/teams/${team}/head-to-head/tzzzzzzz`), 404);
  });
});

describe('400 names the parameter', () => {
  const cases: [string, string, string | { body: unknown } | { raw: string }][] = [
    ['role', 'missing role', '/v1/rankings'],
    ['role', 'unknown role', '/v1/rankings?role=libero_total'],
    ['saison', 'malformed saison', '/v1/rankings?role=faux_9&saison=2025'],
    ['saison', 'long saison', '/v1/rankings?role=faux_9&saison=2025-26'],
    ['saison', 'non-consecutive saison', '/v1/rankings?role=faux_9&saison=25-27'],
    ['saison', 'uncovered saison', '/v1/rankings?role=faux_9&saison=19-20'],
    ['limit', 'limit 0', '/v1/rankings?role=faux_9&limit=0'],
    ['limit', 'limit 101', '/v1/rankings?role=faux_9&limit=101'],
    ['limit', 'limit text', '/v1/rankings?role=faux_9&limit=ten'],
    ['limit', 'limit decimal', '/v1/rankings?role=faux_9&limit=2.5'],
    ['league', 'unknown league', '/v1/rankings?role=faux_9&league=Ligue%209'],
    ['statistic', 'missing statistic', '/v1/rankings/statistics'],
    ['statistic', 'unknown statistic', '/v1/rankings/statistics?statistic=elegance'],
    ['q', 'missing q', '/v1/players/search'],
    ['q', 'short q', '/v1/players/search?q=a'],
    ['x', 'missing x', '/v1/comparison?y=xg'],
    ['y', 'unknown y', '/v1/comparison?x=xg&y=grace'],
    ['position', 'unknown position', '/v1/rankings/statistics?statistic=goals&position=libero'],
    ['roles', 'scouting without roles', { body: { saison: '25-26' } }],
    ['roles', 'scouting with empty roles', { body: { roles: [] } }],
    ['roles', 'scouting with an unknown role', { body: { roles: ['faux_9', 'libero_total'] } }],
    ['roles', 'scouting with a string for roles', { body: { roles: 'faux_9' } }],
    ['ageMax', 'scouting with ageMax text', { body: { roles: ['faux_9'], ageMax: 'young' } }],
    ['minutesMin', 'scouting with negative minutesMin', { body: { roles: ['faux_9'], minutesMin: -5 } }],
    ['limit', 'scouting with limit 500', { body: { roles: ['faux_9'], limit: 500 } }],
    ['saison', 'scouting with a bad saison', { body: { roles: ['faux_9'], saison: 'last' } }],
    ['league', 'scouting with an unknown league', { body: { roles: ['faux_9'], league: 'Moon League' } }],
    ['body', 'bad JSON', { raw: '{"roles": [' }],
    ['body', 'a JSON array body', { raw: '["faux_9"]' }],
    ['body', 'a non-JSON body', { raw: 'roles=faux_9' }],
  ];
  for (const [parameter, label, request] of cases) {
    it(`${label} → 400 ${parameter}`, async () => {
      const res =
        typeof request === 'string'
          ? await call(request)
          : 'body' in request
            ? await post('/v1/scouting', request.body)
            : await call('/v1/scouting', { method: 'POST', body: request.raw });
      expectError(res, 400, parameter);
      expect(res.body.error.code).toBe('bad_request');
    });
  }

  it('resolve-batch needs 1 to 100 players', async () => {
    expectError(await post('/v1/players/resolve-batch', { players: [] }), 400, 'players');
    expectError(await post('/v1/players/resolve-batch', {}), 400, 'players');
    const many = Array.from({ length: 101 }, () => ({ player_id: player }));
    expectError(await post('/v1/players/resolve-batch', { players: many }), 400, 'players');
    expectError(await post('/v1/players/resolve-batch', { players: [42] }), 400, 'players');
    expectError(await post('/v1/players/resolve-batch', { players: [{ club: 'x' }] }), 400, 'players');
  });

  it('compare needs 2 to 10 player_ids, fit-score 1 to 10', async () => {
    expectError(await post('/v1/compare', { player_ids: [player] }), 400, 'player_ids');
    expectError(await post('/v1/compare', { player_ids: Array(11).fill(player) }), 400, 'player_ids');
    expectError(await post('/v1/compare', { player_ids: 'abc' }), 400, 'player_ids');
    expectError(await post('/v1/compare', {}), 400, 'player_ids');
    expectError(await call('/v1/compare'), 400, 'player_ids');
    expectError(await post('/v1/fit-score', { player_ids: [] }), 400, 'player_ids');
    expectError(await post('/v1/fit-score', { player_ids: [1, 2] }), 400, 'player_ids');
  });

  it('fit-score refuses an unknown club', async () => {
    expectError(await post('/v1/fit-score', { player_ids: [player], club: 'Atlantis United' }), 400, 'club');
  });
});

describe('bodies', () => {
  it('a body over 1 MB is refused with a JSON 413 and the quota headers', async () => {
    const res = await call('/v1/scouting', {
      method: 'POST',
      body: JSON.stringify({ roles: ['faux_9'], pad: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toMatchObject({ status: 413, parameter: 'body' });
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('the server keeps serving after bad input', async () => {
    await call('/v1/players/%E0%A4%A', {});
    await call('/v1/scouting', { method: 'POST', body: '\u0000\u0001' });
    expect((await call('/v1/seasons')).status).toBe(200);
  });
});

describe('odd input never breaks the server', () => {
  const values = [
    '',
    '%00',
    '%25',
    '..',
    '-1',
    '1e9',
    'NaN',
    '[]',
    '99-00',
    'p00000000000',
    'ds_0000000000000000',
    'x'.repeat(300),
  ];
  const bodies = [
    null,
    1,
    [],
    { roles: [1] },
    { players: [{ player_id: 5 }] },
    { player_ids: [null, 'x'] },
    { roles: ['faux_9'], league: 5 },
  ];

  it('answers every route with JSON and a status below 500', async () => {
    const answers: { route: string; status: number; json: boolean }[] = [];
    for (const route of Object.values(ROUTES)) {
      for (const [i, value] of values.entries()) {
        const path = route.path.replace(':otherId', value || 'x').replace(':id', value || 'x');
        const query = ['role', 'saison', 'league', 'limit', 'q', 'statistic', 'x', 'player_ids']
          .map((k) => `${k}=${value}`)
          .join('&');
        const res = await fetch(`${sandbox.url}${path}?${query}`, {
          method: route.method,
          headers: { 'X-API-Key': sandbox.demoKey, 'Content-Type': 'application/json' },
          ...(route.method === 'POST' ? { body: JSON.stringify(bodies[i % bodies.length]) } : {}),
        });
        const text = await res.text();
        answers.push({ route: `${route.method} ${path}`, status: res.status, json: text.startsWith('{') });
      }
    }
    expect(answers.filter((a) => a.status >= 500 || !a.json)).toEqual([]);
    expect((await call('/v1/seasons')).status).toBe(200);
  });
});
