// The client's typed methods (src/api/endpoints.ts, endpoint-methods.ts): each sends its route's path,
// query or body from arguments in our words, reads the answer with its route's schema, and reads lists
// and batches as its declaration says.
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/api/endpoints.js';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { ROUTES } from '../../src/api/routes.js';
import { clientFor, JSON_HEADERS, useMockUpstream } from './helpers.js';

const upstream = useMockUpstream();

/** Answers every request to `path` (a prefix) with `body`. */
function answer(method: 'GET' | 'POST', path: string, body: unknown) {
  upstream.pool
    .intercept({ path: (p) => p.startsWith(path), method })
    .reply(200, body as object, { headers: JSON_HEADERS })
    .persist();
}

const sent = () => upstream.sent.map((r) => `${r.method} ${r.path}${r.body ? ` ${r.body}` : ''}`);

const entry = {
  rank: 1,
  name: 'Ann Lee',
  club: 'Lens',
  age: 21,
  score: 88,
  player_id: 'p1',
  service_id: null,
};

describe('typed methods', () => {
  it('declare every route once, under its own name', () => {
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, declared] of Object.entries(ENDPOINTS)) expect(declared.route).toBe(name);
  });

  it('send a list route its query in the spec’s words (season as saison) and read its pages', async () => {
    answer('GET', '/v1/rankings', { data: [entry] });
    const api = clientFor(upstream);
    const result = await api.rankings({ role: 'mezzala', season: '25-26', league: 'Ligue 1', limit: 5 });
    expect(sent()).toEqual(['GET /v1/rankings?league=Ligue+1&limit=100&role=mezzala&saison=25-26']);
    expect(result.data.data[0]?.name).toBe('Ann Lee');
    expect(result.more).toBe('no');
    expect(result.total).toBe(1);
  });

  it('leave out what the caller did not give', async () => {
    answer('GET', '/v1/rankings', { data: [entry] });
    await clientFor(upstream).rankings({ role: 'mezzala', league: undefined });
    expect(sent()).toEqual(['GET /v1/rankings?limit=100&role=mezzala']);
  });

  it('fill and encode path ids', async () => {
    answer('GET', '/v1/players/', { data: { player_id: 'a/b c', name: 'Ann Lee' } });
    answer('GET', '/v1/teams/', { data: { opponent: { name: 'Metz' } } });
    const api = clientFor(upstream);
    const record = await api.player({ id: 'a/b c', season: '24-25' });
    await api.teamHeadToHead({ id: 't1', otherId: 't 2?x' });
    expect(sent()).toEqual([
      'GET /v1/players/a%2Fb%20c?saison=24-25',
      'GET /v1/teams/t1/head-to-head/t%202%3Fx',
    ]);
    expect(record.data.data.name).toBe('Ann Lee');
  });

  it('send a POST route its body in the spec’s words, the page size added to it', async () => {
    answer('POST', '/v1/scouting', { data: [] });
    answer('POST', '/v1/compare', { data: [] });
    const api = clientFor(upstream);
    await api.scouting({ season: '25-26', roles: ['mezzala'], ageMax: 23, limit: 10 });
    await api.compare({ ids: ['p1', 'ds_2'], season: '25-26' });
    expect(sent()).toEqual([
      'POST /v1/scouting {"ageMax":23,"limit":100,"roles":["mezzala"],"saison":"25-26"}',
      'POST /v1/compare {"player_ids":["p1","ds_2"],"saison":"25-26"}',
    ]);
  });

  it('send a batch only the fields its route takes, each item cached on its own', async () => {
    answer('POST', '/v1/players/resolve-batch', {
      data: [{ player_id: 'p1', service_id: 'ds_1', status: 'resolved' }],
    });
    const api = clientFor(upstream);
    const items = [
      { player_id: 'p1', known_as: 'Ann Lee' },
      { name: 'Bo Kim', club: 'Lens', season: '25-26' },
    ];
    const ask = () =>
      api.resolveBatch({
        items,
        split: ({ data }, asked) =>
          asked.map((item) => data.find((r) => 'player_id' in item && r.player_id === item.player_id)),
        rows: ({ data }) => data,
      });
    const first = await ask();
    expect(first.data.map((r) => r?.service_id)).toEqual(['ds_1', undefined]);
    await ask();
    expect(sent()).toEqual([
      'POST /v1/players/resolve-batch {"players":[{"player_id":"p1"},{"club":"Lens","name":"Bo Kim","saison":"25-26"}]}',
      // The item with a row is cached; the one without is asked again, alone.
      'POST /v1/players/resolve-batch {"players":[{"club":"Lens","name":"Bo Kim","saison":"25-26"}]}',
    ]);
  });

  it('ask one page only when told to, and follow the pages otherwise', async () => {
    const page2 = 'https://api.test/v1/leagues?page=2';
    upstream.pool
      .intercept({ path: '/v1/leagues', method: 'GET' })
      .reply(200, { data: [{ name: 'Ligue 1' }], next: page2 }, { headers: JSON_HEADERS })
      .persist();
    upstream.pool
      .intercept({ path: '/v1/leagues?page=2', method: 'GET' })
      .reply(200, { data: [{ name: 'Ligue 2' }] }, { headers: JSON_HEADERS })
      .persist();
    const api = clientFor(upstream);
    const first = await api.leagues({ firstPage: true });
    expect(first.data.data.map((l) => l.name)).toEqual(['Ligue 1']);
    expect(sent()).toEqual(['GET /v1/leagues']);
    const all = await api.leagues({ fresh: true });
    expect(all.data.data.map((l) => l.name)).toEqual(['Ligue 1', 'Ligue 2']);
    expect(all.more).toBe('no');
  });

  it('carry the read notes with the result, and publish what a whole-list read could not read', async () => {
    answer('GET', '/v1/players/p1/history', {
      data: [{ saison: '25-26', player_id: 'p1', equipe: 'Lens' }],
      has_more: true,
    });
    const api = clientFor(upstream);
    const { value, notes } = await collectReadNotes(() => api.playerHistory({ id: 'p1' }));
    expect(value.data.data[0]?.club).toBe('Lens');
    expect(value.read?.aliases).toEqual(expect.arrayContaining(['saison→season', 'equipe→club']));
    expect(value.more).toBe('yes');
    expect(notes.join(' ')).toMatch(/Not every page was read/);
  });

  it('use the route table the client was given (a routes file remaps paths)', async () => {
    answer('GET', '/api/ranking', { data: [entry] });
    const routes = { ...ROUTES, rankings: { ...ROUTES.rankings, path: '/api/ranking' } };
    await clientFor(upstream, { routes }).rankings({ role: 'mezzala', season: '25-26' });
    expect(sent()).toEqual(['GET /api/ranking?limit=100&role=mezzala&saison=25-26']);
  });
});
