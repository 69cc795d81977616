// Watchlists on the built binary over stdio, the SDK v2 client driving it as an overnight agent would:
// players added by row id, service_id and name; a report at week 0; the server restarted on the same
// file store at week 1 (the embedded sandbox's world a week on) and at week 7 (a winter transfer);
// a kill -9 right after an acknowledged change; two servers adding to one list at once; and bad input.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { BUILT_ENTRY, call, callOk as ok, textOf } from '../support/mcp.js';
import { GARMONT, KOUYANDE, KOUYANDE_ROW, MBENRA, VERAC } from '../support/people.js';
import { testServerEnv } from '../support/server-env.js';

// The default seed's world (see the sandbox README, "Weeks"): a Ligue 1 midfielder who joins a Cypriot
// club in week 7, one whose row is linked to a person in week 1, and two more.
const GARMONT_ROW = 'p20q05cywd5';

const dirs: string[] = [];
const open: { client: Client; transport: StdioClientTransport }[] = [];
const sandboxes: RunningSandbox[] = [];

afterAll(async () => {
  for (const { client } of open) await client.close().catch(() => undefined);
  for (const sandbox of sandboxes) await sandbox.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function storeDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-watch-'));
  dirs.push(dir);
  return dir;
}

/** The built server over stdio on the store `dir`; with no upstream set, on its embedded sandbox. */
async function server(dir: string, args: string[] = [], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    // An upstream timeout with room: the sandbox runs in this busy test process, and a slow answer must
    // not read as the API's silence (--timeout-ms in `args` still wins).
    args: [BUILT_ENTRY, '--store', `file:${dir}`, '--timeout-ms', '60000', ...args],
    env: testServerEnv({ FOOTBALL_MCP_LOG_LEVEL: 'warn', ...env }),
    stderr: 'pipe',
  });
  const client = new Client({ name: 'overnight-agent', version: '1.0.0' });
  await client.connect(transport);
  open.push({ client, transport });
  return { client, transport, pid: transport.pid as number };
}

interface Row {
  service_id: string | null;
  player_id: string | null;
  name: string | null;
  status: string;
  changes: string[];
  club: string | null;
  league: string | null;
  from: { club: string | null; league: string | null } | null;
  minutes: number | null;
  minutes_delta: number | null;
  rank: number | null;
  market_value_eur: number | null;
  value_change_eur: number | null;
}

const byId = (rows: Row[], id: string) => rows.find((r) => r.service_id === id || r.player_id === id);

describe('the weekly loop on the built server', () => {
  const dir = storeDir();

  it('adds players by row id, service_id and name; week 0 is the first snapshot', async () => {
    const { client } = await server(dir, ['--sandbox-week', '0']);
    const added = await ok(client, 'update_watchlist', {
      watchlist: 'Ligue 1 shortlist',
      add: [
        { player_id: MBENRA },
        { player_id: KOUYANDE_ROW },
        { player_id: GARMONT_ROW },
        { name: 'Ilyes Verac', club: 'AS Rodez' },
      ],
      note: 'three keepers and a midfielder, checked every Monday',
    });
    const players = added.body.data.players as { service_id: string | null; player_id: string | null }[];
    // Each one stored as his person; the row not linked yet is kept pending with its row id (its
    // player_id, which only a row not linked carries).
    expect(players.map((p) => p.service_id)).toEqual([MBENRA, null, GARMONT, VERAC]);
    expect(players.map((p) => p.player_id)).toEqual([null, KOUYANDE_ROW, null, null]);
    expect(added.text).toContain('| Ousmane Kouyandé (row p20q03clovz, not linked yet) | pending |');
    expect(added.body.source.cached).toBe(false);

    const report = await ok(client, 'watchlist_report', { watchlist: 'ligue 1 SHORTLIST' });
    const { data, requests } = report.body;
    expect(data.compared_with).toBeUndefined();
    expect(data.data_as_of).toBe('2026-11-16');
    // Cost stated and kept: resolve-batch, compare, one record, one ranking per league and role at most.
    expect(requests.planned).toBe(1 + 1 + 1 + 4);
    expect(requests.sent + requests.from_cache).toBeLessThanOrEqual(requests.planned);
    expect(report.text).toContain('first snapshot');
    expect(byId(data.players, KOUYANDE_ROW)?.status).toBe('pending');
    expect(byId(data.players, MBENRA)).toMatchObject({ club: 'En Avant Lens', league: 'Ligue 1' });

    const lists = await ok(client, 'watchlist_report');
    expect(lists.body.data.watchlists).toEqual([
      expect.objectContaining({ name: 'Ligue 1 shortlist', players: 4, pending: 1, snapshots: 1 }),
    ]);
    await client.close();
  });

  it('restarted on the same store a week on: the report says what changed', async () => {
    const { client } = await server(dir, ['--sandbox-week', '1']);
    const report = await ok(client, 'watchlist_report', { watchlist: 'Ligue 1 shortlist' });
    const { data, requests } = report.body;
    expect(data.data_as_of).toBe('2026-11-23');
    expect(data.compared_with).toMatchObject({ data_as_of: '2026-11-16' });
    expect(requests.sent).toBeGreaterThan(0);
    // The pending row got its person this week: linked, followed from now on by service_id.
    expect(byId(data.players, KOUYANDE)).toMatchObject({
      status: 'new',
      changes: ['linked', 'first snapshot'],
    });
    for (const id of [MBENRA, GARMONT, VERAC]) {
      const row = byId(data.players, id) as Row;
      expect(row.status).toBe('changed');
      // Each played this week; a change is given only when there is one, and named in `changes`.
      expect(row.minutes_delta).toBeGreaterThan(0);
      if (row.changes.includes('value')) expect(row.value_change_eur).not.toBe(0);
      else expect(row.value_change_eur).toBeNull();
    }
    expect(report.text).toMatch(/compared with the snapshot of .* \(data as of 2026-11-16\)/);
    expect(report.text).toContain('linked');

    const stored = await ok(client, 'watchlist_report', { watchlist: 'Ligue 1 shortlist', refresh: false });
    expect(stored.body.requests).toBeUndefined();
    expect(stored.body.data.players).toEqual(data.players);
    const list = await ok(client, 'update_watchlist', { watchlist: 'Ligue 1 shortlist' });
    expect(list.body.data.players.map((p: { service_id: string }) => p.service_id)).toEqual([
      MBENRA,
      KOUYANDE,
      GARMONT,
      VERAC,
    ]);
    await client.close();
  });

  it('in the winter window (week 7) a transfer shows as one', async () => {
    const { client } = await server(dir, ['--sandbox-week', '7']);
    const { body, text } = await ok(client, 'watchlist_report', { watchlist: 'Ligue 1 shortlist' });
    const moved = byId(body.data.players, MBENRA) as Row;
    expect(moved.changes).toContain('transfer');
    expect(moved.from).toEqual({ club: 'En Avant Lens', league: 'Ligue 1' });
    expect(moved).toMatchObject({ club: 'Omonia Paphos', league: 'Cypriot First Division' });
    // The largest mover comes first.
    expect(body.data.players[0].service_id).toBe(MBENRA);
    expect(text).toContain('En Avant Lens (Ligue 1) → Omonia Paphos (Cypriot First Division)');
    await client.close();
  });

  it('a cached reference answer is still cached after a restart', async () => {
    const first = await server(dir, ['--sandbox-week', '7']);
    await ok(first.client, 'list_leagues', { query: 'cyprus' });
    await first.client.close();
    const second = await server(dir, ['--sandbox-week', '7']);
    const again = await ok(second.client, 'list_leagues', { query: 'cyprus' });
    expect(again.body.source.cached).toBe(true);
    await second.client.close();
  });

  it('kill -9 right after an acknowledged change loses nothing', async () => {
    const { client, pid } = await server(dir, ['--sandbox-week', '7']);
    await ok(client, 'update_watchlist', {
      watchlist: 'Ligue 1 shortlist',
      remove: ['Ilyes Verac'],
      note: 'after the window',
    });
    process.kill(pid, 'SIGKILL');
    await client.close().catch(() => undefined);
    const after = await server(dir, ['--sandbox-week', '7']);
    const { body } = await ok(after.client, 'update_watchlist', { watchlist: 'Ligue 1 shortlist' });
    expect(body.data.note).toBe('after the window');
    expect(body.data.players.map((p: { service_id: string }) => p.service_id)).toEqual([
      MBENRA,
      KOUYANDE,
      GARMONT,
    ]);
    await after.client.close();
  });
});

describe('two servers on one store', () => {
  it('adding to the same watchlist at once loses no entry', async () => {
    const dir = storeDir();
    const [a, b] = await Promise.all([server(dir), server(dir)]);
    const ranking = await ok(a.client, 'rank_players_by_role', {
      role: 'milieu_box_to_box',
      league: 'Serie A',
      limit: 12,
    });
    const ids = (ranking.body.data as { service_id: string | null }[])
      .flatMap((e) => (e.service_id ? [e.service_id] : []))
      .slice(0, 10);
    expect(ids).toHaveLength(10);
    // Each server adds its five, one call per player, both at once.
    await Promise.all([
      ...ids
        .slice(0, 5)
        .map((id) => ok(a.client, 'update_watchlist', { watchlist: 'Midfield', add: [{ player_id: id }] })),
      ...ids
        .slice(5)
        .map((id) => ok(b.client, 'update_watchlist', { watchlist: 'Midfield', add: [{ player_id: id }] })),
    ]);
    const { body } = await ok(a.client, 'update_watchlist', { watchlist: 'Midfield' });
    expect(new Set(body.data.players.map((p: { service_id: string }) => p.service_id))).toEqual(new Set(ids));
    await Promise.all([a.client.close(), b.client.close()]);
  });
});

describe('bad input gets a clear error and changes nothing', () => {
  const LOW_KEY = 'sbx_low_quota_000000000';
  let sandbox: RunningSandbox;
  let env: Record<string, string>;

  async function lowServer(dir: string, extra: Record<string, string> = {}) {
    if (!sandbox) {
      sandbox = await startSandbox({
        keys: [
          { key: 'sbx_demo_0000000000000000', plan: 'Demo', leagues: 'all', dailyLimit: 2500 },
          { key: LOW_KEY, plan: 'Trial', leagues: 'all', dailyLimit: 6 },
        ],
      });
      sandboxes.push(sandbox);
      env = { FOOTBALL_API_BASE_URL: sandbox.url, FOOTBALL_API_KEY: 'sbx_demo_0000000000000000' };
    }
    return server(dir, [], { ...env, ...extra });
  }

  it('an unknown id, an ambiguous name, an empty name, too many players: refused, nothing stored, no request for what the server can tell', async () => {
    const dir = storeDir();
    const { client } = await lowServer(dir, { FOOTBALL_MCP_WATCHLIST_MAX_PLAYERS: '3' });
    await ok(client, 'update_watchlist', { watchlist: 'Wingers', add: [{ player_id: MBENRA }] });
    const before = (await ok(client, 'update_watchlist', { watchlist: 'Wingers' })).body.data;

    const unknown = await call(client, 'update_watchlist', {
      watchlist: 'Wingers',
      add: [{ player_id: GARMONT }, { player_id: 'p20zzzzzzzz' }],
    });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/^Nothing was changed: "p20zzzzzzzz" is unknown to the API/);

    const ambiguous = await call(client, 'update_watchlist', {
      watchlist: 'Wingers',
      add: [{ name: 'Martin' }],
    });
    expect(ambiguous.isError).toBe(true);
    expect(textOf(ambiguous)).toMatch(/"Martin" matches several players: .*ds_/);

    const requests = sandbox.requestCount();
    const empty = await call(client, 'update_watchlist', { watchlist: '   ', add: [{ player_id: GARMONT }] });
    expect(empty.isError).toBe(true);
    expect(textOf(empty)).toContain('Invalid watchlist: a watchlist name has 1 to 60 characters');

    const tooMany = await call(client, 'update_watchlist', {
      watchlist: 'Wingers',
      add: [{ player_id: GARMONT }, { player_id: VERAC }, { player_id: KOUYANDE }],
    });
    expect(tooMany.isError).toBe(true);
    expect(textOf(tooMany)).toContain('would hold 4 players; at most 3');
    expect(textOf(tooMany)).toContain('Nothing was changed');
    expect(sandbox.requestCount()).toBe(requests);

    const after = (await ok(client, 'update_watchlist', { watchlist: 'Wingers' })).body.data;
    expect(after).toEqual(before);
    const lists = (await ok(client, 'watchlist_report')).body.data.watchlists;
    expect(lists.map((w: { name: string }) => w.name)).toEqual(['Wingers']);
    await client.close();
  });

  it('the quota pays only for what the cache cannot answer; a refresh it cannot pay for is refused before any request', async () => {
    const dir = storeDir();
    const { client } = await lowServer(dir, { FOOTBALL_API_KEY: LOW_KEY });
    // 1 request of the 6: the list is made, and the resolve of its players is cached.
    await ok(client, 'update_watchlist', {
      watchlist: 'Keepers',
      add: [{ player_id: MBENRA }, { player_id: GARMONT }, { player_id: VERAC }],
    });
    // The plan is 6 and 5 are left: the cache answers the resolve, so the 5 others are paid for.
    let requests = sandbox.requestCount();
    const first = await ok(client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(first.body.requests).toMatchObject({ planned: 6, sent: 5, from_cache: 1 });
    expect(sandbox.requestCount() - requests).toBe(5);
    // The quota spent: the same refresh is answered whole from the cache, nothing sent.
    requests = sandbox.requestCount();
    const again = await ok(client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(again.body.requests).toMatchObject({ sent: 0 });
    expect(again.body.data.players).toEqual(first.body.data.players);
    expect(sandbox.requestCount()).toBe(requests);
    // One player fewer: the compare must be asked again, and no request is left for it.
    await ok(client, 'update_watchlist', { watchlist: 'Keepers', remove: [VERAC] });
    const refused = await call(client, 'watchlist_report', { watchlist: 'Keepers' });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(
      /Refreshing "Keepers" costs up to \d+ requests \(1 resolve-batch, 1 compare, 1 player record, \d+ rankings?[^)]*\)[^;]*; the cache answers \d+ of them, so up to [1-9]\d* must be sent; only 0 requests are left today \(the quota resets/,
    );
    expect(textOf(refused)).toContain('Nothing was sent or stored');
    expect(sandbox.requestCount()).toBe(requests);
    const [list] = (await ok(client, 'watchlist_report')).body.data.watchlists;
    expect(list).toMatchObject({ name: 'Keepers', snapshots: 1 });
    await client.close();
  });
});
