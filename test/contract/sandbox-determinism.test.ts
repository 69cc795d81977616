// Same seed → byte-identical responses; another seed → other data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';

let a: RunningSandbox;
let b: RunningSandbox;
let other: RunningSandbox;

async function text(
  sandbox: RunningSandbox,
  path: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  const res = await fetch(sandbox.url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'X-API-Key': sandbox.demoKey, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  [a, b, other] = await Promise.all([
    startSandbox({ port: 0 }),
    // A world of its own: sandboxes of one process otherwise share the world of a seed.
    startSandbox({ port: 0, seed: 'football-scout', ownWorld: true }),
    startSandbox({ port: 0, seed: 'another-seed' }),
  ]);
});

afterAll(async () => {
  await Promise.all([a.close(), b.close(), other.close()]);
});

describe('determinism', () => {
  it('two sandboxes with the same seed answer byte-identical bodies', async () => {
    // Different request orders on purpose: generation order must not matter.
    const first = await text(a, '/v1/rankings?role=meneur_de_jeu&league=Serie%20A&limit=10');
    await text(b, '/v1/rankings?role=faux_9&league=LaLiga&saison=24-25');
    const second = await text(b, '/v1/rankings?role=meneur_de_jeu&league=Serie%20A&limit=10');
    expect(second.text).toBe(first.text);

    const top = JSON.parse(first.text).data[0];
    const teams = JSON.parse((await text(a, '/v1/teams?league=Serie%20A')).text).data;
    const coaches = JSON.parse((await text(a, '/v1/coaches?league=Serie%20A')).text).data;
    const paths = [
      `/v1/players/${top.player_id}`,
      `/v1/players/${top.player_id}/statistics`,
      `/v1/players/${top.player_id}/similar`,
      `/v1/players/${top.player_id}/history`,
      `/v1/players/${top.player_id}/market-value`,
      `/v1/teams/${teams[0].team_id}/squad?saison=25-26`,
      `/v1/teams/${teams[0].team_id}/head-to-head/${teams[1].team_id}`,
      `/v1/coaches/${coaches[0].coach_id}/career`,
      '/v1/teams?league=Liga%20MX',
      '/v1/comparison?x=tackles&y=interceptions&league=Bundesliga',
    ];
    for (const path of paths) {
      const [x, y] = await Promise.all([text(a, path), text(b, path)]);
      expect(x.status, path).toBe(200);
      expect(y.text, path).toBe(x.text);
    }
    const scouting = { roles: ['ailier_provocateur'], ageMax: 21, league: 'Eredivisie' };
    expect((await text(b, '/v1/scouting', scouting)).text).toBe(
      (await text(a, '/v1/scouting', scouting)).text,
    );
  });

  it('another seed gives other players, clubs and ids', async () => {
    const path = '/v1/rankings?role=meneur_de_jeu&league=Serie%20A&limit=10';
    const mine = JSON.parse((await text(a, path)).text).data;
    const theirs = JSON.parse((await text(other, path)).text).data;
    expect(theirs).not.toEqual(mine);
    expect(theirs.map((e: { name: string }) => e.name)).not.toEqual(
      mine.map((e: { name: string }) => e.name),
    );
    const teamsA = (await text(a, '/v1/teams?league=Ligue%201')).text;
    const teamsB = (await text(other, '/v1/teams?league=Ligue%201')).text;
    expect(teamsB).not.toBe(teamsA);
    // An id of one world means nothing in another.
    expect((await text(other, `/v1/players/${mine[0].player_id}`)).status).toBe(404);
    if (mine[0].service_id) expect((await text(other, `/v1/players/${mine[0].service_id}`)).status).toBe(404);
  });
});
