// Through MCP, on the synthetic data of every league and season the sandbox lists: rank, scout,
// search, resolve, read history, compare and fit-score all answer.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ToolDeps } from '../../src/mcp/context.js';
import { DEFAULT_KEYS } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { call, depsFor, inMemoryClient, structured } from '../support/mcp.js';

let sandbox: RunningSandbox;
let deps: ToolDeps;
let client: Client;

interface Ranked {
  name: string;
  club: string;
  player_id: string;
  service_id: string | null;
}

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  const unlimited = DEFAULT_KEYS.find((k) => k.dailyLimit === null && !k.expiresAt && !k.revoked);
  if (!unlimited) throw new Error('no unlimited sandbox key');
  deps = depsFor(sandbox.url, unlimited.key);
  client = await inMemoryClient(deps);
});

afterAll(async () => {
  await client.close();
  await deps.api.close();
  await sandbox.close();
});

it('every tool answers in every league and season', { timeout: 120_000 }, async () => {
  const leagues = structured(await call(client, 'list_leagues', { limit: 200 })).data as {
    name: string;
    seasons: string[];
  }[];
  expect(leagues.length).toBeGreaterThanOrEqual(100);
  let checked = 0;
  for (const league of leagues) {
    for (const season of league.seasons) {
      const args = { league: league.name, season };
      const ranked = structured(
        await call(client, 'rank_players_by_role', { ...args, role: 'milieu_relayeur', limit: 5 }),
      ).data as Ranked[];
      expect(ranked.length, `${league.name} ${season}`).toBeGreaterThan(1);
      const scouted = structured(
        await call(client, 'scout_players', { ...args, roles: ['ailier_buteur'], limit: 3 }),
      );
      expect(scouted.data.length, `${league.name} ${season}`).toBeGreaterThan(0);
      const [a, b] = ranked as [Ranked, Ranked];
      const found = structured(await call(client, 'search_players', { ...args, query: a.name }));
      expect(found.data.map((p: Ranked) => p.player_id)).toContain(a.player_id);
      const resolved = structured(
        await call(client, 'resolve_players', { players: [{ player_id: a.player_id }] }),
      );
      expect(['resolved', 'unlinked']).toContain(resolved.data[0].status);
      const history = structured(
        await call(client, 'player_history', { player_id: a.service_id ?? a.player_id }),
      );
      expect(history.data.rows.length).toBeGreaterThan(0);
      const compared = structured(
        await call(client, 'compare_players', { player_ids: [a.player_id, b.player_id] }),
      );
      expect(compared.data).toHaveLength(2);
      const fit = structured(await call(client, 'fit_score', { player_ids: [a.player_id], club: b.club }));
      expect(fit.data[0].fits[0].club).toBe(b.club);
      checked++;
    }
  }
  expect(checked).toBeGreaterThanOrEqual(300);
});
