// The sandbox's dialects of HTTP as deployments send it, over raw fetch with redirects not followed:
// trailing-slash redirects (slashed), paging told in headers (linked: Link rel="next", X-Total-Count),
// offset paging echoed in a wrapper (offset), a maintenance window (maintenance). Each gives the data of
// the standard sandbox once its habit is undone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkHeaderNext } from '../../src/api/pagination.js';
import { LINK_PER_PAGE, linkPage } from '../../src/sandbox/dialects/linked.js';
import { MAINTENANCE_MS } from '../../src/sandbox/dialects/maintenance.js';
import { OFFSET_PER_PAGE, offsetPage } from '../../src/sandbox/dialects/offset.js';
import { slashRedirect } from '../../src/sandbox/dialects/slashed.js';
import { type DialectName, type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
type Body = any;

async function send(sandbox: RunningSandbox, method: string, path: string, body?: unknown) {
  const res = await fetch(sandbox.url + path, {
    method,
    redirect: 'manual',
    headers: {
      'X-API-Key': sandbox.demoKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: Body;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: json };
}

const started: RunningSandbox[] = [];
const open = async (dialect?: DialectName) => {
  const sandbox = await startSandbox({ port: 0, ...(dialect ? { dialect } : {}) });
  started.push(sandbox);
  return sandbox;
};

let standard: RunningSandbox;
const SCOUTING = { roles: ['mezzala', 'faux_9'], limit: 50 };
let leagues: Body[];
let scouting: Body[];

beforeAll(async () => {
  standard = await open();
  leagues = (await send(standard, 'GET', '/v1/leagues')).body.data;
  scouting = (await send(standard, 'POST', '/v1/scouting', SCOUTING)).body.data;
  expect(leagues.length).toBeGreaterThan(Math.max(LINK_PER_PAGE, OFFSET_PER_PAGE));
  expect(scouting.length).toBeGreaterThan(OFFSET_PER_PAGE);
});

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

describe('slashed', () => {
  it('answers a path without "/" 307 to the path plus "/", query kept, outside the quota', async () => {
    const sandbox = await open('slashed');
    const res = await send(sandbox, 'GET', '/v1/leagues?region=Europe');
    expect(res.status).toBe(307);
    expect(res.headers.get('location')).toBe('/v1/leagues/?region=Europe');
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
    const there = await send(sandbox, 'GET', '/v1/leagues/?region=Europe');
    expect(there.status).toBe(200);
    expect(there.text).toBe((await send(standard, 'GET', '/v1/leagues?region=Europe')).text);
  });

  it('redirects a POST with 307 too (method and body kept by a client that follows)', async () => {
    const sandbox = await open('slashed');
    expect((await send(sandbox, 'POST', '/v1/scouting', SCOUTING)).status).toBe(307);
    expect((await send(sandbox, 'POST', '/v1/scouting/', SCOUTING)).body.data).toEqual(scouting);
  });

  it('slashRedirect: the slash added before the query, none when there is one', () => {
    expect(slashRedirect('/v1/x?a=1')).toBe('/v1/x/?a=1');
    expect(slashRedirect('/v1/x/')).toBeUndefined();
  });
});

describe('linked', () => {
  it('pages told only in headers: following rel="next" gives the whole list, as X-Total-Count says', async () => {
    const sandbox = await open('linked');
    const rows: Body[] = [];
    let next: string | undefined = '/v1/leagues';
    let pages = 0;
    while (next !== undefined) {
      const res = await send(sandbox, 'GET', next);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-total-count')).toBe(String(leagues.length));
      expect(res.body.data.length).toBeLessThanOrEqual(LINK_PER_PAGE);
      expect(JSON.stringify(res.body.meta ?? {})).not.toMatch(/count|total/);
      rows.push(...res.body.data);
      next = linkHeaderNext(res.headers.get('link') ?? undefined);
      pages++;
    }
    expect(pages).toBe(Math.ceil(leagues.length / LINK_PER_PAGE));
    expect(rows).toEqual(leagues);
  });

  it('a POST pages by the link too (the page in its query)', async () => {
    const sandbox = await open('linked');
    const first = await send(sandbox, 'POST', '/v1/scouting', SCOUTING);
    const next = linkHeaderNext(first.headers.get('link') ?? undefined) as string;
    expect(next).toMatch(/page=2/);
    const second = await send(sandbox, 'POST', next, SCOUTING);
    expect([...first.body.data, ...second.body.data]).toEqual(scouting.slice(0, 2 * LINK_PER_PAGE));
  });

  it('refuses a page that is not a whole number', async () => {
    expect((await send(await open('linked'), 'GET', '/v1/leagues?page=x')).status).toBe(400);
  });
});

describe('offset', () => {
  it('pages asked by offset, echoed as paging: {offset, limit, total}, GET and POST', async () => {
    const sandbox = await open('offset');
    const rows: Body[] = [];
    for (let offset = 0; offset < leagues.length; offset += OFFSET_PER_PAGE) {
      const { body } = await send(sandbox, 'GET', `/v1/leagues?offset=${offset}`);
      expect(body.paging).toEqual({ offset, limit: OFFSET_PER_PAGE, total: leagues.length });
      rows.push(...body.data);
    }
    expect(rows).toEqual(leagues);
    const second = await send(sandbox, 'POST', '/v1/scouting', { ...SCOUTING, offset: OFFSET_PER_PAGE });
    expect(second.body.data).toEqual(scouting.slice(OFFSET_PER_PAGE, 2 * OFFSET_PER_PAGE));
  });
});

describe('maintenance', () => {
  it('answers 503 with Retry-After and the rate-limit headers during its window, then as standard', async () => {
    const sandbox = await open('maintenance');
    const started = Date.now();
    const first = await send(sandbox, 'GET', '/v1/leagues');
    expect(first.status).toBe(503);
    expect(first.body.error.code).toBe('maintenance');
    const wait = Number(first.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(first.headers.get('x-ratelimit-limit')).not.toBeNull();
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(MAINTENANCE_MS, wait * 1000) - (Date.now() - started) + 50),
    );
    const after = await send(sandbox, 'GET', '/v1/leagues');
    expect(after.status).toBe(200);
    expect(after.body.data).toEqual(leagues);
  });
});

describe('the pure transformations', () => {
  const req = (query: string) => ({
    method: 'GET',
    route: '/v1/teams',
    params: {},
    query: new URLSearchParams(query),
    body: {},
  });
  const body = { data: Array.from({ length: 25 }, (_, i) => ({ team_id: `t${i}` })), meta: { total: 25 } };

  it('linkPage and offsetPage cut the same list and tell of the rest', () => {
    const page = linkPage(body, req('page=3'), 10);
    expect((page.body as Body).data.map((r: Body) => r.team_id)).toEqual(['t20', 't21', 't22', 't23', 't24']);
    expect(page.headers['X-Total-Count']).toBe('25');
    expect(linkHeaderNext(page.headers.Link)).toBeUndefined();
    expect(linkHeaderNext(linkPage(body, req(''), 10).headers.Link)).toBe('/v1/teams?page=2');
    const offset = offsetPage(body, req('offset=20'), 10) as Body;
    expect(offset.paging).toEqual({ offset: 20, limit: 10, total: 25 });
    expect(offset.data).toHaveLength(5);
  });
});
