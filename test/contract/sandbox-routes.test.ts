// Every route of the client's table answers 200 on the sandbox for the demo key, with a body that
// the client's schema for it parses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import {
  collectIds,
  type RawCall,
  ROUTE_SCHEMAS,
  type RouteIds,
  routeRequest,
  sandboxCall,
} from '../support/route-requests.js';

let sandbox: RunningSandbox;

const call: RawCall = (method, path, body) => sandboxCall(sandbox)(method, path, body);

const SCHEMAS = ROUTE_SCHEMAS;
let ids: RouteIds;
const request = (name: RouteName) => routeRequest(name, ids);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ids = await collectIds(call);
});

afterAll(async () => {
  await sandbox.close();
});

describe('every route of src/api/routes.ts', () => {
  it('has a schema in this test (a new route must be added here)', () => {
    expect(Object.keys(SCHEMAS).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const route = ROUTES[name];
    it(`${route.method} ${route.path} answers 200 with a body the client parses`, async () => {
      const { path, query, body } = request(name);
      const res = await call(route.method, query ? `${path}?${query}` : path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const parsed = SCHEMAS[name].safeParse(res.body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      if ('data' in res.body && Array.isArray(res.body.data) && name !== 'teamHeadToHead') {
        expect(res.body.data.length, `${name} returned an empty list`).toBeGreaterThan(0);
      }
    });
  }
});

describe('shapes the client relies on', () => {
  it('enums list the 31 roles with a family, six of them with a deprecated_key', async () => {
    const { body } = await call('GET', '/v1/enums');
    const keys = body.roles.map((r: { key: string }) => r.key);
    expect([...keys].sort()).toEqual([...ROLE_KEYS].sort());
    const renamed = body.roles.filter((r: { deprecated_key?: string }) => r.deprecated_key);
    expect(renamed).toHaveLength(6);
    for (const r of renamed) expect(ROLE_KEYS).not.toContain(r.deprecated_key);
    expect(body.seasons).toEqual(['24-25', '25-26', '26-27']);
    expect(body.positions).toHaveLength(8);
    expect(body.statistics.length).toBeGreaterThanOrEqual(20);
  });

  it('a ranking gives rank, name, club, age, score and both identifiers, best first', async () => {
    const { body } = await call('GET', '/v1/rankings?role=renard_des_surfaces&league=Ligue%201&limit=10');
    expect(body.data).toHaveLength(10);
    body.data.forEach((e: Record<string, unknown>, i: number) => {
      expect(e).toMatchObject({ rank: i + 1, league: 'Ligue 1', season: '26-27' });
      for (const field of ['name', 'club', 'player_id']) expect(typeof e[field]).toBe('string');
      expect(typeof e.age).toBe('number');
      expect(e.service_id === null || /^ds_[A-Za-z0-9]{16}$/.test(String(e.service_id))).toBe(true);
    });
    const scores = body.data.map((e: { score: number }) => e.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('a player has all 31 role scores, highest in its own position family', async () => {
    const { body } = await call('GET', `/v1/players/${ids.player}/roles`);
    expect(body.data).toHaveLength(31);
    expect(body.data[0].family).toBe('winger');
    const record = await call('GET', `/v1/players/${ids.player}`);
    expect(record.body.data.position).toBe('winger');
  });

  it('the glossary covers every statistic and every role index', async () => {
    const [{ body: glossary }, { body: enums }] = await Promise.all([
      call('GET', '/v1/glossary'),
      call('GET', '/v1/enums'),
    ]);
    const keys = glossary.data.map((e: { key: string }) => e.key);
    for (const s of enums.statistics) expect(keys).toContain(s);
    for (const r of ROLE_KEYS) expect(keys).toContain(r);
    for (const e of glossary.data) {
      expect(typeof e.definition).toBe('string');
      expect(typeof e.unit).toBe('string');
    }
  });

  it('leagues: 100+ unique names, men and women, every level, the three cups', async () => {
    const { body } = await call('GET', '/v1/leagues');
    const names = body.data.map((l: { name: string }) => l.name);
    expect(names.length).toBeGreaterThanOrEqual(100);
    expect(new Set(names).size).toBe(names.length);
    for (const required of [
      'Ligue 1',
      'Première Ligue',
      'Premier League',
      "Women's Super League",
      'MLS',
      'J1 League',
      'Botola Pro',
    ]) {
      expect(names).toContain(required);
    }
    for (const cup of ['UEFA Champions League', 'UEFA Europa League', 'UEFA Conference League']) {
      expect(body.data.find((l: { name: string }) => l.name === cup)).toMatchObject({
        type: 'cup',
        level: 'cup',
      });
    }
    const levels = new Set(body.data.map((l: { level: string }) => l.level));
    expect([...levels].sort()).toEqual(['cup', 'fourth', 'second', 'third', 'top', 'youth']);
    // England's pyramid: League Two is the fourth tier, below League One.
    expect(body.data.find((l: { name: string }) => l.name === 'League Two')).toMatchObject({
      level: 'fourth',
    });
    const regions = new Set(body.data.map((l: { region: string }) => l.region));
    expect([...regions].sort()).toEqual(['Africa', 'Americas', 'Asia', 'Europe']);
    expect(body.data.some((l: { gender: string }) => l.gender === 'women')).toBe(true);
  });

  it('the league parameter ignores case and accents', async () => {
    const a = await call('GET', '/v1/rankings?role=faux_9&league=premiere%20ligue&limit=3');
    const b = await call(
      'GET',
      `/v1/rankings?role=faux_9&league=${encodeURIComponent('Première Ligue')}&limit=3`,
    );
    expect(a.status).toBe(200);
    expect(a.body.data).toEqual(b.body.data);
  });

  it('compare and fit-score also answer GET with a comma-separated player_ids', async () => {
    const compare = await call('GET', `/v1/compare?player_ids=${ids.player},${ids.other}`);
    expect(compare.status).toBe(200);
    expect(compare.body.data).toHaveLength(2);
    expect(compare.body.data[0].roles).toHaveLength(5);
    const fit = await call('GET', `/v1/fit-score?player_ids=${ids.player}`);
    expect(fit.status).toBe(200);
    expect(fit.body.data[0].fits).toHaveLength(5);
  });
});
