// Keys, access to leagues, the daily quota and the X-RateLimit-* headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_KEYS,
  SANDBOX_DEMO_KEY,
  SANDBOX_EXPIRED_KEY,
  SANDBOX_PRO_FULL_KEY,
  SANDBOX_PRO_LIGUE_KEY,
  SANDBOX_REVOKED_KEY,
} from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

const SMALL = 'sbx_small_test_000000000';
const SMALL_LIMIT = 3;
let clock = new Date('2026-10-01T10:00:00Z');
let sandbox: RunningSandbox;

interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
  body: any;
}

async function call(
  key: string | undefined,
  path: string,
  init: { method?: string; body?: string } = {},
): Promise<Answer> {
  const res = await fetch(sandbox.url + path, {
    method: init.method ?? 'GET',
    headers: {
      ...(key ? { 'X-API-Key': key } : {}),
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(init.body ? { body: init.body } : {}),
  });
  return { status: res.status, headers: res.headers, body: await res.json() };
}

function limits(a: Answer) {
  return {
    limit: a.headers.get('x-ratelimit-limit'),
    remaining: a.headers.get('x-ratelimit-remaining'),
    reset: a.headers.get('x-ratelimit-reset'),
  };
}

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    now: () => clock,
    keys: [...DEFAULT_KEYS, { key: SMALL, plan: 'Test', leagues: 'all', dailyLimit: SMALL_LIMIT }],
  });
});

afterAll(async () => {
  await sandbox.close();
});

describe('authentication', () => {
  it('documents fixed key strings with a fixed prefix', () => {
    expect(DEFAULT_KEYS.map((k) => k.key)).toEqual([
      'sbx_demo_0000000000000000',
      'sbx_proligue_000000000000',
      'sbx_profull_0000000000000',
      'sbx_expired_00000000000000',
      'sbx_revoked_00000000000000',
    ]);
    expect(sandbox.demoKey).toBe(SANDBOX_DEMO_KEY);
  });

  for (const [label, key] of [
    ['missing', undefined],
    ['unknown', 'sbx_nobody_000000000000000'],
    ['expired', SANDBOX_EXPIRED_KEY],
    ['revoked', SANDBOX_REVOKED_KEY],
  ] as const) {
    it(`a ${label} key is refused with 401, Limit 0 and Remaining 0`, async () => {
      const a = await call(key, '/v1/leagues');
      expect(a.status).toBe(401);
      expect(a.body.error).toMatchObject({ status: 401, code: 'unauthorized' });
      expect(typeof a.body.error.message).toBe('string');
      expect(limits(a)).toEqual({ limit: '0', remaining: '0', reset: '2026-10-02T00:00:00.000Z' });
    });
  }

  it('an unknown route without a key is a 401 too (auth comes first)', async () => {
    expect((await call(undefined, '/v1/nowhere')).status).toBe(401);
  });

  it('/v1/me shows the plan and a key prefix, never the whole key', async () => {
    const a = await call(SANDBOX_PRO_LIGUE_KEY, '/v1/me');
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      plan: 'Pro Ligue',
      daily_limit: 10000,
      leagues: ['Ligue 1', 'Ligue 2', 'Première Ligue'],
    });
    expect(SANDBOX_PRO_LIGUE_KEY.startsWith(a.body.data.key_prefix)).toBe(true);
    expect(JSON.stringify(a.body)).not.toContain(SANDBOX_PRO_LIGUE_KEY);
  });
});

describe('access to leagues (Pro Ligue key)', () => {
  const key = SANDBOX_PRO_LIGUE_KEY;

  it('lists its three leagues and the European cups', async () => {
    const { body } = await call(key, '/v1/leagues');
    expect(body.data.map((l: { name: string }) => l.name).sort()).toEqual(
      [
        'Ligue 1',
        'Ligue 2',
        'Première Ligue',
        'UEFA Champions League',
        'UEFA Conference League',
        'UEFA Europa League',
      ].sort(),
    );
  });

  it('ranks its leagues and refuses others with 403', async () => {
    expect((await call(key, '/v1/rankings?role=faux_9&league=Ligue%202')).status).toBe(200);
    const refused = await call(key, '/v1/rankings?role=faux_9&league=Premier%20League');
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const scouting = await call(key, '/v1/scouting', {
      method: 'POST',
      body: JSON.stringify({ roles: ['faux_9'], league: 'Serie A' }),
    });
    expect(scouting.status).toBe(403);
  });

  it('without a league, a ranking covers only its leagues', async () => {
    const { body } = await call(key, '/v1/rankings?role=mezzala&limit=100');
    expect(body.data.length).toBeGreaterThan(0);
    for (const e of body.data) expect(['Ligue 1', 'Ligue 2', 'Première Ligue']).toContain(e.league);
  });

  it('refuses a player row of another league, by player_id and by service_id', async () => {
    const pl = await call(SANDBOX_DEMO_KEY, '/v1/rankings?role=faux_9&league=Premier%20League&limit=20');
    let row: { player_id: string; service_id: string } | undefined;
    for (const e of pl.body.data.filter((x: { service_id: string | null }) => x.service_id)) {
      const history = await call(SANDBOX_DEMO_KEY, `/v1/players/${e.service_id}/history`);
      if (history.body.data.every((r: { league: string }) => !['Ligue 1', 'Ligue 2'].includes(r.league))) {
        row = e;
        break;
      }
    }
    if (!row) throw new Error('no Premier League player who never played in France');
    expect((await call(key, `/v1/players/${row.player_id}`)).status).toBe(403);
    expect((await call(key, `/v1/players/${row.player_id}/statistics`)).status).toBe(403);
    expect((await call(key, `/v1/players/${row.service_id}`)).status).toBe(403);
    expect((await call(key, `/v1/players/${row.service_id}/history`)).status).toBe(403);
    const compare = await call(key, '/v1/compare', {
      method: 'POST',
      body: JSON.stringify({ player_ids: [row.player_id, row.player_id] }),
    });
    expect(compare.status).toBe(403);
    const fit = await call(key, '/v1/fit-score', {
      method: 'POST',
      body: JSON.stringify({ player_ids: [row.service_id] }),
    });
    expect(fit.status).toBe(403);
  });

  it('sees the cup rows of Ligue 1 clubs only', async () => {
    const ucl = await call(
      SANDBOX_DEMO_KEY,
      '/v1/rankings?role=milieu_relayeur&league=UEFA%20Champions%20League&limit=100',
    );
    const records = await Promise.all(
      ucl.body.data.map((e: { player_id: string }) => call(SANDBOX_DEMO_KEY, `/v1/players/${e.player_id}`)),
    );
    const domestic = records.map((r) => r.body.data);
    for (const d of domestic) expect(d.competition).toBe('cup');
    const foreign = domestic.find((d) => d.domestic_league !== 'Ligue 1');
    const french = domestic.find((d) => d.domestic_league === 'Ligue 1');
    expect(foreign).toBeDefined();
    expect(french).toBeDefined();
    expect((await call(key, `/v1/players/${foreign.player_id}`)).status).toBe(403);
    expect((await call(key, `/v1/players/${french.player_id}`)).status).toBe(200);

    const ranked = await call(
      key,
      '/v1/rankings?role=milieu_relayeur&league=UEFA%20Champions%20League&limit=100',
    );
    expect(ranked.status).toBe(200);
    expect(ranked.body.data.length).toBeGreaterThan(0);
    const seen = await Promise.all(
      ranked.body.data.map((e: { player_id: string }) => call(key, `/v1/players/${e.player_id}`)),
    );
    for (const s of seen) expect(s.body.data.domestic_league).toBe('Ligue 1');
  });
});

describe('daily quota and X-RateLimit-* headers', () => {
  it('counts down, answers 429 once spent, and resets at the next UTC midnight', async () => {
    clock = new Date('2026-10-01T10:00:00Z');
    sandbox.resetQuotas();
    const seen: string[] = [];
    for (let i = 0; i < SMALL_LIMIT; i++) {
      const a = await call(SMALL, '/v1/seasons');
      expect(a.status).toBe(200);
      expect(limits(a).limit).toBe(String(SMALL_LIMIT));
      seen.push(limits(a).remaining ?? '');
    }
    expect(seen).toEqual(['2', '1', '0']);
    const over = await call(SMALL, '/v1/seasons');
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(limits(over)).toEqual({ limit: '3', remaining: '0', reset: '2026-10-02T00:00:00.000Z' });

    clock = new Date('2026-10-01T23:59:59Z');
    expect((await call(SMALL, '/v1/seasons')).status).toBe(429);

    clock = new Date('2026-10-02T00:00:01Z');
    const next = await call(SMALL, '/v1/seasons');
    expect(next.status).toBe(200);
    expect(limits(next)).toEqual({ limit: '3', remaining: '2', reset: '2026-10-03T00:00:00.000Z' });
  });

  it('errors count against the quota too (every authenticated request costs one)', async () => {
    sandbox.resetQuotas();
    await call(SMALL, '/v1/nowhere');
    await call(SMALL, '/v1/rankings');
    const a = await call(SMALL, '/v1/seasons');
    expect(limits(a).remaining).toBe('0');
  });

  it('quotas are per key', async () => {
    sandbox.resetQuotas();
    for (let i = 0; i < SMALL_LIMIT + 1; i++) await call(SMALL, '/v1/seasons');
    const demo = await call(SANDBOX_DEMO_KEY, '/v1/seasons');
    expect(demo.status).toBe(200);
    expect(limits(demo)).toMatchObject({ limit: '2500', remaining: '2499' });
  });

  it('an unlimited plan says "unlimited"', async () => {
    clock = new Date('2026-10-02T08:30:00Z');
    const a = await call(SANDBOX_PRO_FULL_KEY, '/v1/leagues');
    expect(limits(a)).toEqual({
      limit: 'unlimited',
      remaining: 'unlimited',
      reset: '2026-10-03T00:00:00.000Z',
    });
  });

  it('every response carries the three headers, whatever its status', async () => {
    sandbox.resetQuotas();
    const answers = [
      await call(SANDBOX_DEMO_KEY, '/v1/leagues'),
      await call(SANDBOX_DEMO_KEY, '/v1/rankings?role=nope'),
      await call(undefined, '/v1/leagues'),
      await call(SANDBOX_PRO_LIGUE_KEY, '/v1/rankings?role=faux_9&league=Serie%20A'),
      await call(SANDBOX_DEMO_KEY, '/v1/players/p20q0zzzzzz'),
      await call(SANDBOX_DEMO_KEY, '/v1/scouting', { method: 'POST', body: '{not json' }),
      ...(await Promise.all(Array.from({ length: SMALL_LIMIT + 1 }, () => call(SMALL, '/v1/seasons')))),
    ];
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 400, 401, 403, 404, 429]));
    for (const a of answers) {
      expect(a.headers.get('x-ratelimit-limit')).not.toBeNull();
      expect(a.headers.get('x-ratelimit-remaining')).not.toBeNull();
      expect(Number.isNaN(Date.parse(a.headers.get('x-ratelimit-reset') ?? ''))).toBe(false);
      expect(a.headers.get('content-type')).toContain('application/json');
    }
  });
});
