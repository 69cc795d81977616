// The API client against the sandbox over real HTTP: every route of routes.ts parses with its
// schema, and every error status arrives as its typed error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/api/cache.js';
import { ApiClient } from '../../src/api/client.js';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
} from '../../src/api/errors.js';
import { ROUTES, type RouteName } from '../../src/api/routes.js';
import * as schemas from '../../src/api/schemas.js';
import { DEFAULT_KEYS } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

let sandbox: RunningSandbox;
let api: ApiClient;
const exercised = new Set<RouteName>();

function client(key: string, url = sandbox.url): ApiClient {
  // TTL 0: every call reaches the sandbox, which is what a contract test wants.
  const cache = new ResponseCache({ ttlMs: { reference: 0, computed: 0, account: 0 } });
  return new ApiClient({ baseUrl: url, apiKey: key, cache, retries: 0 });
}

function keyOf(plan: string): string {
  const key = DEFAULT_KEYS.find((k) => k.plan === plan || k.key.includes(plan))?.key;
  if (!key) throw new Error(`no sandbox key for ${plan}`);
  return key;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  api = client(sandbox.demoKey);
});

afterAll(async () => {
  await api.close();
  await sandbox.close();
  expect([...exercised].sort()).toEqual(Object.keys(ROUTES).sort());
});

describe('every route answers in the shape the client expects', () => {
  let player: { player_id: string; service_id: string };
  let other: { player_id: string; service_id: string };
  let team: string;
  let otherTeam: string;
  let coach: string;

  beforeAll(async () => {
    const ranked = await api.call('rankings', schemas.RankingsResponse, {
      query: { role: 'milieu_box_to_box', league: 'Ligue 1', limit: 20 },
    });
    const linked = ranked.data.data.filter((e) => e.player_id && e.service_id);
    const [a, b] = linked as { player_id: string; service_id: string }[];
    if (!a || !b) throw new Error('no linked players ranked');
    player = a;
    other = b;
    const teams = await api.call('teams', schemas.ListResponse, { query: { league: 'Ligue 1', limit: 5 } });
    const teamIds = teams.data.data.map((t) => String(t.team_id));
    team = teamIds[0] ?? '';
    otherTeam = teamIds[1] ?? '';
    const coaches = await api.call('coaches', schemas.ListResponse, {
      query: { league: 'Ligue 1', limit: 1 },
    });
    coach = String(coaches.data.data[0]?.coach_id);
    exercised.add('rankings').add('teams').add('coaches');
  });

  it('reference and account routes', async () => {
    const leagues = await api.call('leagues', schemas.LeaguesResponse);
    expect(leagues.data.data.length).toBeGreaterThanOrEqual(100);
    await api.call('enums', schemas.EnumsResponse);
    await api.call('seasons', schemas.ListResponse);
    await api.call('glossary', schemas.ListResponse);
    const me = await api.call('profile', schemas.RecordResponse);
    expect(JSON.stringify(me.data)).not.toContain(sandbox.demoKey);
    await api.call('savedIndices', schemas.ListResponse);
    await api.call('savedPresets', schemas.ListResponse);
    for (const r of [
      'leagues',
      'enums',
      'seasons',
      'glossary',
      'profile',
      'savedIndices',
      'savedPresets',
    ] as const) {
      exercised.add(r);
    }
  });

  it('player routes, with a player_id and with a service_id', async () => {
    for (const id of [player.player_id, player.service_id]) {
      const record = await api.call('player', schemas.RecordResponse, { params: { id } });
      expect(record.data.data.service_id).toBe(player.service_id);
      await api.call('playerStatistics', schemas.RecordResponse, { params: { id } });
      await api.call('playerRoles', schemas.ListResponse, { params: { id } });
      await api.call('playerStrengths', schemas.RecordResponse, { params: { id } });
      await api.call('playerMarketValue', schemas.RecordResponse, { params: { id } });
      await api.call('playerProjections', schemas.ListResponse, { params: { id } });
      await api.call('playerSimilar', schemas.ListResponse, { params: { id } });
      const history = await api.call('playerHistory', schemas.HistoryResponse, { params: { id } });
      expect(history.data.service_id).toBe(player.service_id);
    }
    const search = await api.call('playerSearch', schemas.PlayerSearchResponse, {
      query: { q: 'ma', limit: 3 },
    });
    expect(search.data.data.length).toBeGreaterThan(0);
    const resolved = await api.call('resolveBatch', schemas.ResolveBatchResponse, {
      body: { players: [{ player_id: player.player_id }] },
    });
    expect(resolved.data.data[0]?.service_id).toBe(player.service_id);
    const compared = await api.call('compare', schemas.CompareResponse, {
      body: { player_ids: [player.service_id, other.player_id] },
    });
    expect(compared.data.data).toHaveLength(2);
    const fit = await api.call('fitScore', schemas.FitScoreResponse, {
      body: { player_ids: [player.service_id] },
    });
    expect(fit.data.data[0]?.fits?.length).toBeGreaterThan(0);
    const scouted = await api.call('scouting', schemas.ScoutingResponse, {
      body: { roles: ['mezzala'], league: 'Ligue 1', limit: 5 },
    });
    expect(scouted.data.data.length).toBeGreaterThan(0);
    for (const r of [
      'player',
      'playerStatistics',
      'playerRoles',
      'playerStrengths',
      'playerMarketValue',
      'playerProjections',
      'playerSimilar',
      'playerHistory',
      'playerSearch',
      'resolveBatch',
      'compare',
      'fitScore',
      'scouting',
    ] as const) {
      exercised.add(r);
    }
  });

  it('team, coach, statistic and comparison routes', async () => {
    await api.call('team', schemas.RecordResponse, { params: { id: team } });
    await api.call('teamSquad', schemas.ListResponse, { params: { id: team } });
    await api.call('teamSimilar', schemas.ListResponse, { params: { id: team } });
    await api.call('teamHeadToHead', schemas.RecordResponse, { params: { id: team, otherId: otherTeam } });
    await api.call('coach', schemas.RecordResponse, { params: { id: coach } });
    await api.call('coachCareer', schemas.ListResponse, { params: { id: coach } });
    await api.call('coachTactics', schemas.RecordResponse, { params: { id: coach } });
    const byStat = await api.call('statisticRankings', schemas.RankingsResponse, {
      query: { statistic: 'progressive_passes', league: 'Ligue 1', limit: 5 },
    });
    expect(byStat.data.data).toHaveLength(5);
    await api.call('comparisonGroup', schemas.ListResponse, {
      query: { x: 'goals', y: 'xg', league: 'Ligue 1' },
    });
    for (const r of [
      'team',
      'teamSquad',
      'teamSimilar',
      'teamHeadToHead',
      'coach',
      'coachCareer',
      'coachTactics',
      'statisticRankings',
      'comparisonGroup',
    ] as const) {
      exercised.add(r);
    }
  });
});

describe('statuses arrive as typed errors, with the quota read from every answer', () => {
  it('401 for the expired and the revoked key, without latching the quota', async () => {
    for (const key of [keyOf('expired'), keyOf('revoked'), 'sbx_unknown_key_000000']) {
      const c = client(key);
      await expect(c.call('leagues', schemas.LeaguesResponse)).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(c.call('leagues', schemas.LeaguesResponse)).rejects.toBeInstanceOf(UnauthorizedError);
      await c.close();
    }
  });

  it('403 for a league outside the Pro Ligue key, quota still read', async () => {
    const c = client(keyOf('Pro Ligue'));
    await expect(
      c.call('rankings', schemas.RankingsResponse, { query: { role: 'faux_9', league: 'Premier League' } }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    expect(c.quota.current()).toMatchObject({ limit: 10_000, unlimited: false });
    expect(c.quota.current().remaining).toBeLessThan(10_000);
    await c.close();
  });

  it('404 for an unknown id, 400 naming the parameter', async () => {
    await expect(
      api.call('player', schemas.RecordResponse, { params: { id: 'ds_0000000000000000' } }),
    ).rejects.toBeInstanceOf(NotFoundError);
    const bad = await api
      .call('rankings', schemas.RankingsResponse, { query: { role: 'faux_9', saison: '2025' } })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(BadRequestError);
    expect((bad as BadRequestError).parameter).toBe('saison');
  });

  it('unlimited plan reads as unlimited', async () => {
    const c = client(keyOf('Pro Full'));
    await c.call('leagues', schemas.LeaguesResponse);
    expect(c.quota.current()).toMatchObject({ unlimited: true, limit: null, remaining: null });
    await c.close();
  });

  it('429 once the daily quota is spent', async () => {
    const key = 'sbx_tiny_0000000000000000';
    const tiny = await startSandbox({
      port: 0,
      keys: [{ key, plan: 'Tiny', leagues: 'all', dailyLimit: 1 }],
    });
    const first = client(key, tiny.url);
    const second = client(key, tiny.url);
    await first.call('leagues', schemas.LeaguesResponse);
    const error = await second.call('enums', schemas.EnumsResponse).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).resetAt).toMatch(/T00:00:00/);
    for (const c of [first, second]) await c.close();
    await tiny.close();
  });
});
