// Every competition of /v1/leagues answers a ranking in every season: a smoke test of generation.
// `npm test` asks a sample of the league-seasons drawn from the run's seed; `npm run test:full` asks all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { drawn, FULL_RUN, sample } from '../support/sample.js';

let sandbox: RunningSandbox;

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely
async function get(path: string): Promise<{ status: number; body: any }> {
  const res = await fetch(sandbox.url + path, { headers: { 'X-API-Key': SANDBOX_PRO_FULL_KEY } });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

describe('coverage', () => {
  it('every league × season answers a ranking (all 31 roles used in turn)', {
    timeout: FULL_RUN ? 600_000 : 120_000,
  }, async () => {
    const { body } = await get('/v1/leagues');
    const leagues = body.data as { name: string; seasons: string[]; type: string }[];
    expect(leagues.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    for (const league of leagues) expect(league.seasons, league.name).toEqual(['24-25', '25-26', '26-27']);
    // Each league-season keeps its role whatever the sample: the n-th pair of the full list, role n.
    const all = leagues.flatMap((league) => league.seasons.map((season) => ({ league, season })));
    const drawnPairs = sample(
      'league-seasons ranked',
      all.map((pair, n) => ({ ...pair, role: ROLE_KEYS[n % ROLE_KEYS.length] })),
      40,
    );
    for (const { league, season, role } of drawnPairs) {
      const res = await get(
        `/v1/rankings?role=${role}&league=${encodeURIComponent(league.name)}&saison=${season}&limit=3`,
      );
      const data = res.body.data ?? [];
      const ok =
        res.status === 200 &&
        data.length === 3 &&
        data.every(
          (e: { league: string; season: string; score: number }) =>
            e.league === league.name && e.season === season && e.score > 0 && e.score <= 100,
        );
      if (!ok)
        failures.push(
          `${drawn(`${league.name} ${season}`)}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
        );
    }
    expect(failures).toEqual([]);
  });
});
