// Identifiers: service_id in place of player_id, cup rows apart from league rows, history across
// seasons and transfers, unlinked rows, batch resolution, and renamed role keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { SERVICE_ID_PATTERN } from '../../src/domain/season.js';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

let sandbox: RunningSandbox;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
type Body = any;

async function call(path: string, body?: unknown): Promise<{ status: number; body: Body }> {
  const res = await fetch(sandbox.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-API-Key': SANDBOX_PRO_FULL_KEY, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

async function ok(path: string, body?: unknown): Promise<Body> {
  const res = await call(path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
}

interface HistoryRow {
  season: string;
  player_id: string;
  service_id: string | null;
  club: string;
  league: string;
  competition: string;
  minutes: number;
}

let ranked: { player_id: string; service_id: string | null; name: string; club: string }[];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  ranked = (await ok('/v1/rankings?role=defenseur_relanceur&league=Serie%20A&limit=60')).data;
});

afterAll(async () => {
  await sandbox.close();
});

describe('service_id', () => {
  it('is ds_ + 16 alphanumerics on linked rows', () => {
    const linked = ranked.filter((e) => e.service_id);
    expect(linked.length).toBeGreaterThan(30);
    for (const e of linked) expect(e.service_id).toMatch(SERVICE_ID_PATTERN);
  });

  it('is accepted in place of player_id on every /v1/players/:id/* route', async () => {
    const e = ranked.find((r) => r.service_id) as { player_id: string; service_id: string };
    for (const sub of [
      '',
      '/statistics',
      '/roles',
      '/strengths',
      '/market-value',
      '/projections',
      '/similar',
    ]) {
      const byRow = await ok(`/v1/players/${e.player_id}${sub}`);
      const byPerson = await ok(`/v1/players/${e.service_id}${sub}`);
      expect(byPerson).toEqual(byRow);
    }
    const history = await ok(`/v1/players/${e.service_id}/history`);
    expect(history.service_id).toBe(e.service_id);
    expect(history.data.map((r: HistoryRow) => r.player_id)).toContain(e.player_id);
  });

  it("with saison, picks that season's row of the person", async () => {
    const e = ranked.find((r) => r.service_id) as { service_id: string };
    const history = (await ok(`/v1/players/${e.service_id}/history`)).data as HistoryRow[];
    const first = history.find((r) => r.competition === 'league' && r.service_id);
    if (!first) throw new Error('no league row');
    const record = await ok(`/v1/players/${e.service_id}?saison=${first.season}`);
    expect(record.data.player_id).toBe(first.player_id);
    expect(record.data.season).toBe(first.season);
  });

  it('is accepted by compare and fit-score, mixed with player_id', async () => {
    const [a, b] = ranked.filter((r) => r.service_id) as {
      player_id: string;
      service_id: string;
      club: string;
    }[];
    if (!a || !b) throw new Error('need two linked players');
    const compared = await ok('/v1/compare', { player_ids: [a.service_id, b.player_id] });
    expect(compared.data.map((p: { player_id: string }) => p.player_id)).toEqual([a.player_id, b.player_id]);
    expect(compared.data[0].service_id).toBe(a.service_id);
    const fit = await ok('/v1/fit-score', { player_ids: [a.service_id, b.service_id], club: b.club });
    expect(fit.data.map((p: { player_id: string }) => p.player_id)).toEqual([a.player_id, b.player_id]);
    expect(fit.data[0].fits).toEqual([expect.objectContaining({ club: b.club, league: 'Serie A' })]);
  });
});

describe('rows and history', () => {
  it('cup rows are separate rows with their own player_id and statistics, and history lists both', async () => {
    const ucl = (
      await ok('/v1/rankings?role=defenseur_relanceur&league=UEFA%20Champions%20League&limit=20&saison=25-26')
    ).data;
    const cupRow = ucl.find((e: { service_id: string | null }) => e.service_id);
    expect(cupRow.league).toBe('UEFA Champions League');
    const history = (await ok(`/v1/players/${cupRow.service_id}/history`)).data as HistoryRow[];
    const season = history.filter((r) => r.season === '25-26');
    const cup = season.find((r) => r.competition === 'cup');
    const league = season.find((r) => r.competition === 'league');
    if (!cup || !league) throw new Error('expected a league row and a cup row in 25-26');
    expect(cup.player_id).toBe(cupRow.player_id);
    expect(cup.player_id).not.toBe(league.player_id);
    expect(cup.service_id).toBe(league.service_id);
    expect(cup.club).toBe(league.club);
    expect(cup.minutes).toBeLessThanOrEqual(10 * 90);
    const [cupStats, leagueStats] = await Promise.all([
      ok(`/v1/players/${cup.player_id}/statistics`),
      ok(`/v1/players/${league.player_id}/statistics`),
    ]);
    expect(cupStats.data.competition).toBe('cup');
    expect(cupStats.data.domestic_league).toBe(league.league);
    expect(cupStats.data.statistics).not.toEqual(leagueStats.data.statistics);
    // A service_id goes to the league row, never the cup row.
    expect((await ok(`/v1/players/${cupRow.service_id}?saison=25-26`)).data.player_id).toBe(league.player_id);
  });

  it('player_id changes every season; history is sorted by season', async () => {
    const e = ranked.find((r) => r.service_id) as { service_id: string };
    const history = (await ok(`/v1/players/${e.service_id}/history`)).data as HistoryRow[];
    const seasons = history.map((r) => r.season);
    expect(seasons).toEqual([...seasons].sort());
    const leagueRows = history.filter((r) => r.competition === 'league');
    expect(new Set(leagueRows.map((r) => r.player_id)).size).toBe(leagueRows.length);
  });

  it('transfers show in history: some people change club between seasons', async () => {
    let moved: HistoryRow[] | undefined;
    for (const e of ranked.filter((r) => r.service_id)) {
      const rows = (await ok(`/v1/players/${e.service_id}/history`)).data as HistoryRow[];
      const clubs = new Set(rows.filter((r) => r.competition === 'league').map((r) => r.club));
      if (clubs.size > 1) {
        moved = rows;
        break;
      }
    }
    expect(moved, 'no transfer found among 60 ranked players').toBeDefined();
    const seasons = new Set(moved?.map((r) => r.season));
    expect(seasons.size).toBeGreaterThan(1);
  });

  it('some rows are not linked yet: service_id null, resolved as "unlinked"', async () => {
    const all = (await ok('/v1/rankings?role=milieu_relayeur&limit=100')).data as {
      player_id: string;
      service_id: string | null;
    }[];
    const unlinked = all.filter((e) => e.service_id === null);
    expect(unlinked.length).toBeGreaterThan(0);
    expect(unlinked.length).toBeLessThan(all.length / 4);
    const target = unlinked[0] as { player_id: string };
    const resolved = await ok('/v1/players/resolve-batch', { players: [{ player_id: target.player_id }] });
    expect(resolved.data[0]).toMatchObject({
      status: 'unlinked',
      service_id: null,
      player_id: target.player_id,
    });
    const history = await ok(`/v1/players/${target.player_id}/history`);
    expect(history.service_id).toBeNull();
    expect(history.data).toHaveLength(1);
    expect((await ok(`/v1/players/${target.player_id}`)).data.service_id).toBeNull();
  });
});

describe('resolve-batch', () => {
  it('answers one entry per query, in order, with each status', async () => {
    const [a, b] = ranked.filter((r) => r.service_id);
    if (!a || !b) throw new Error('need two linked players');
    let ambiguousName: string | undefined;
    for (const e of ranked.slice(0, 30)) {
      const last = e.name.split(' ').at(-1) ?? '';
      const found = (await ok(`/v1/players/search?q=${encodeURIComponent(last)}&limit=100`)).data;
      const people = new Set(
        found.map((p: { service_id: string | null; player_id: string }) => p.service_id ?? p.player_id),
      );
      if (people.size >= 2) {
        ambiguousName = last;
        break;
      }
    }
    expect(ambiguousName).toBeDefined();
    const queries = [
      { player_id: a.player_id },
      { player_id: b.service_id },
      { name: b.name, club: b.club },
      { name: 'Nobody Atall' },
      { player_id: 'p20q0zzzzzz' },
      { name: ambiguousName },
    ];
    const { data } = await ok('/v1/players/resolve-batch', { players: queries });
    expect(data.map((d: { status: string }) => d.status)).toEqual([
      'resolved',
      'resolved',
      'resolved',
      'not_found',
      'not_found',
      'ambiguous',
    ]);
    expect(data.map((d: { query: unknown }) => d.query)).toEqual(queries);
    expect(data[0]).toMatchObject({ player_id: a.player_id, service_id: a.service_id });
    expect(data[1]).toMatchObject({ player_id: b.player_id, service_id: b.service_id });
    expect(data[2]).toMatchObject({ player_id: b.player_id, service_id: b.service_id, club: b.club });
    expect(data[5].candidates.length).toBeGreaterThanOrEqual(2);
    expect(data[5].candidates.length).toBeLessThanOrEqual(5);
  });
});

describe('renamed role keys', () => {
  let renamed: { key: string; deprecated_key: string }[];

  beforeAll(async () => {
    renamed = (await ok('/v1/enums')).roles.filter((r: { deprecated_key?: string }) => r.deprecated_key);
  });

  it('enums give six former keys, each for a current one', () => {
    expect(renamed).toHaveLength(6);
    for (const r of renamed) {
      expect(ROLE_KEYS).toContain(r.key);
      expect(ROLE_KEYS).not.toContain(r.deprecated_key);
    }
  });

  it('rankings accept every former key as its current one', async () => {
    for (const r of renamed) {
      const old = await ok(`/v1/rankings?role=${r.deprecated_key}&league=Ligue%201&limit=5`);
      const current = await ok(`/v1/rankings?role=${r.key}&league=Ligue%201&limit=5`);
      expect(old.data).toEqual(current.data);
      expect(old.meta).toMatchObject({ role: r.key, requested_role: r.deprecated_key });
    }
  });

  it('scouting accepts former keys and answers with the current key', async () => {
    const r = renamed[0] as { key: string; deprecated_key: string };
    const { data } = await ok('/v1/scouting', { roles: [r.deprecated_key], league: 'Bundesliga', limit: 5 });
    expect(data.length).toBeGreaterThan(0);
    for (const p of data) expect(p).toMatchObject({ role: r.key, requested_role: r.deprecated_key });
  });
});

describe('scouting', () => {
  it('filters by age and minutes, sorts by score, takes the best requested role', async () => {
    const { data } = await ok('/v1/scouting', {
      roles: ['milieu_box_to_box', 'mezzala'],
      ageMax: 23,
      minutesMin: 300,
      limit: 15,
    });
    expect(data.length).toBe(15);
    for (const p of data) {
      expect(p.age).toBeLessThanOrEqual(23);
      expect(p.minutes).toBeGreaterThanOrEqual(300);
      expect(['milieu_box_to_box', 'mezzala']).toContain(p.role);
      expect(p.market_value_eur).toBeGreaterThan(0);
      expect(p.competition).toBe('league');
    }
    const scores = data.map((p: { score: number }) => p.score);
    expect(scores).toEqual([...scores].sort((x, y) => y - x));
  });
});
