// The key never leaks, ids never open another route, and one key's answers are never served to another.
import { execFile } from 'node:child_process';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResponseCache } from '../../src/api/cache.js';
import { ApiClient } from '../../src/api/client.js';
import { LeaguesResponse } from '../../src/api/schemas.js';
import { createToolDeps } from '../../src/app/deps.js';
import { createLogger } from '../../src/log.js';
import { DEFAULT_KEYS, SANDBOX_DEMO_KEY, SANDBOX_PRO_LIGUE_KEY } from '../../src/sandbox/keys.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import {
  BUILT_ENTRY,
  call,
  defaultConfig,
  depsFor,
  inMemoryClient,
  spawnHttpServer,
  stop,
  textOf,
} from '../support/mcp.js';
import { fitsOneRoute } from '../support/routes.js';

const CANARY = 'sbx_CANARY_7f3a9c1e5b2d4f60';
const HOSTILE_IDS = ['/', '..', '.', '%2F', '?', '#', '../me', 'ds_a/../../leagues', 'x?limit=1#y', '%2e%2e'];

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    keys: [...DEFAULT_KEYS, { key: CANARY, plan: 'Pro Full', leagues: 'all', dailyLimit: null }],
  });
});

afterAll(async () => {
  await sandbox.close();
});

/** A tour of every tool, with good and hostile arguments. */
const TOUR: [string, Record<string, unknown>][] = [
  ['list_leagues', {}],
  ['list_roles', {}],
  ['quota_status', { refresh: true }],
  ['rank_players_by_role', { role: 'renard_des_surfaces', league: 'Ligue 1', limit: 3 }],
  ['rank_players_by_role', { role: 'not_a_role' }],
  ['scout_players', { roles: ['regista'], max_age: 23, limit: 3 }],
  ['search_players', { query: 'ma', limit: 3 }],
  ['compare_players', { player_ids: ['ds_0000000000000000', 'nope'] }],
  ['fit_score', { player_ids: ['ds_0000000000000000'] }],
  ['resolve_players', { players: [{ name: 'Mbaye' }, { player_id: '../me' }] }],
  ...HOSTILE_IDS.map((id): [string, Record<string, unknown>] => ['player_history', { player_id: id }]),
];

describe('the API key', () => {
  it('never appears in any output, error or log line of the built server, under faults', async () => {
    sandbox.setFaults({
      errors: { 503: 0.1 },
      reset: 0.05,
      truncate: 0.05,
      malformed: 0.05,
      storm: { every: 20, length: 2 },
    });
    const server = await spawnHttpServer(['--log-level', 'debug', '--timeout-ms', '300', '--retries', '1'], {
      FOOTBALL_API_BASE_URL: sandbox.url,
      FOOTBALL_API_KEY: CANARY,
    });
    const outputs: string[] = [];
    try {
      const client = new Client({ name: 'security', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      for (let round = 0; round < 2; round++) {
        for (const [name, args] of TOUR) {
          const result = await call(client, name, args);
          outputs.push(textOf(result), JSON.stringify(result));
        }
      }
      await client.close();
      expect(server.child.exitCode).toBeNull();
    } finally {
      sandbox.setFaults(undefined);
      await stop(server.child);
    }
    // The test means something: the key was sent, faults were met, errors were reported and logged.
    expect(sandbox.requests().some((r) => r.key === CANARY)).toBe(true);
    expect(sandbox.requests().some((r) => r.fault !== undefined)).toBe(true);
    expect(outputs.some((o) => /could not be reached|is failing|cannot read|quota/.test(o))).toBe(true);
    expect(server.stderr()).toMatch(/upstream/);
    for (const output of [...outputs, server.stderr()]) expect(output).not.toContain(CANARY);
    expect(server.stderr()).not.toMatch(/unhandled/i);
  }, 60_000);

  it('a start that fails, of the server or of doctor, says why without the key (exit 1 and 2)', async () => {
    const key = `${CANARY}_start`;
    const run = (args: string[]) =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        execFile(
          process.execPath,
          [BUILT_ENTRY, ...args],
          {
            env: {
              PATH: process.env.PATH ?? '',
              FOOTBALL_API_KEY: key,
              FOOTBALL_API_BASE_URL: 'http://127.0.0.1:9',
            },
          },
          (error, stdout, stderr) =>
            resolve({ code: error ? (error.code as number) : 0, out: stdout + stderr }),
        );
      });
    // A path holding the key: the error names the path, the key masked in it.
    const server = await run(['--routes-file', `/nonexistent/${key}.json`]);
    const doctor = await run(['doctor', '--api-key', key, '--routes-file', `/nonexistent/${key}.json`]);
    expect(server).toMatchObject({
      code: 1,
      out: expect.stringContaining('routes file /nonexistent/[redacted].json'),
    });
    expect(doctor).toMatchObject({
      code: 2,
      out: expect.stringContaining('routes file /nonexistent/[redacted].json'),
    });
    for (const { out } of [server, doctor]) expect(out).not.toContain(key);
  });

  it('a refused key is not echoed either', async () => {
    const lines: string[] = [];
    const refused = `${CANARY}_revoked`;
    const deps = createToolDeps(
      defaultConfig({ logLevel: 'debug' }),
      { baseUrl: sandbox.url, apiKey: refused },
      createLogger('debug', [refused], (line) => lines.push(line)),
    );
    const client = await inMemoryClient(deps);
    const outputs: string[] = [];
    for (const [name, args] of TOUR) outputs.push(JSON.stringify(await call(client, name, args)));
    expect(outputs.some((o) => o.includes('refused the API key'))).toBe(true);
    for (const output of [...outputs, ...lines]) expect(output).not.toContain(refused);
    await client.close();
  });
});

describe('ids', () => {
  it('with /, .., %2F, ?, # never reach another route', async () => {
    const deps = depsFor(sandbox.url, SANDBOX_DEMO_KEY);
    const client = await inMemoryClient(deps);
    const before = sandbox.requestCount();
    for (const id of HOSTILE_IDS) {
      const result = await call(client, 'player_history', { player_id: id });
      expect(result.isError, id).toBe(true);
      expect(textOf(result)).not.toMatch(/Internal error/);
    }
    const count = sandbox.requestCount() - before;
    expect(count).toBeGreaterThan(0);
    const sent = sandbox.requests().slice(-count);
    for (const r of sent) {
      expect(fitsOneRoute(r.method, r.path), r.path).toBe(true);
      expect(r.path).toMatch(/^\/v1\/players\/[^/?#]+\/history$/);
    }
    await client.close();
  });
});

describe('the cache', () => {
  it('is partitioned by key: one store, two keys, each key goes upstream for its own answer', async () => {
    const cache = new ResponseCache();
    const demo = new ApiClient({ baseUrl: sandbox.url, apiKey: SANDBOX_DEMO_KEY, cache });
    const ligue = new ApiClient({ baseUrl: sandbox.url, apiKey: SANDBOX_PRO_LIGUE_KEY, cache });
    const before = sandbox.requestCount();
    const first = await demo.call('leagues', LeaguesResponse);
    const again = await demo.call('leagues', LeaguesResponse);
    expect(again.source.cached).toBe(true);
    const other = await ligue.call('leagues', LeaguesResponse);
    expect(other.source.cached).toBe(false);
    expect(sandbox.requestCount() - before).toBe(2);
    expect(other.data.data.length).toBeLessThan(first.data.data.length);
    await Promise.all([demo.close(), ligue.close()]);
  });
});
