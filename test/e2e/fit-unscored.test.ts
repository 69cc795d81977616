// fit_score when the API scores a player for no club: his row stays, its fit blank, and the answer says why.
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SANDBOX_PRO_FULL_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { call, sandboxClient, structured, textOf } from '../support/mcp.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

type Json = Record<string, unknown>;

let sandbox: RunningSandbox;
let proxy: TestProxy;
let close: () => Promise<void>;
let client: Client;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  // The first row of every fit answer comes without a score for any club.
  proxy = await startProxy(sandbox.url, (path) =>
    path.startsWith('/v1/fit-score')
      ? {
          reshape: (body) => {
            const rows = (body as { data: Json[] }).data;
            return { ...(body as Json), data: rows.map((row, i) => (i === 0 ? { ...row, fits: [] } : row)) };
          },
        }
      : 'pass',
  );
  const connected = await sandboxClient(proxy.url, SANDBOX_PRO_FULL_KEY);
  client = connected.client;
  close = async () => {
    await connected.close();
    await proxy.close();
    await sandbox.close();
  };
});

afterAll(() => close());

it('keeps a player the API scored for no club, his fit blank and named in a note', async () => {
  const ranked = structured(
    await call(client, 'rank_players_by_role', { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 2 }),
  ).data as { service_id: string | null; player_id: string; name: string }[];
  const ids = ranked.map((r) => r.service_id ?? r.player_id);
  const result = await call(client, 'fit_score', { player_ids: ids });
  expect(result.isError, textOf(result)).toBeFalsy();
  const rows = structured(result).data as { name: string; score: number | null }[];
  const blank = rows.filter((r) => r.score === null);
  expect(blank).toHaveLength(1);
  expect(rows.some((r) => r.score !== null)).toBe(true);
  expect(textOf(result)).toContain(`No fit score in the API's answer for ${blank[0]?.name} at any club`);
});
