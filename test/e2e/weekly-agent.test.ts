// The overnight agent, played over HTTP: the built binary with a server token and a file store, the same
// weekly job for four sandbox weeks (4, 5, 7 and 8: the winter transfer window opens in week 7), the
// server restarted each week, and a proxy between it and the API counting every request that reaches it.
// Each week the API's address carries the week (/w4, /w5…), as a cache a week old has expired; week 8 is
// served behind week 7's address, so the answers cached in week 7 are still fresh while the API has
// published week 8: the refresh must not build rows from both. Checked: what each answer says it sent is
// what reached the API; a plan is exceeded only with its reason; a re-run (and a restart) in the same week
// gives the same report and keeps one snapshot of the week; every row holds the week the API serves (its
// minutes, value and rank as the API gives them that week); with the quota spent, what the cache holds is
// answered; a past week's report is read from the stored snapshots, free.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekDate } from '../../src/sandbox/data/week.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { call, httpClient, callOk as ok, spawnHttpServer, stop, textOf } from '../support/mcp.js';
import { GARMONT, KOUYANDE, MBENRA, VERAC } from '../support/people.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

const AGENT_KEY = 'sbx_weekly_agent_0000000';
/** The test's own look at what the API serves: never through the proxy, never on the agent's quota. */
const TRUTH_KEY = 'sbx_weekly_truth_0000000';
const TOKEN = 'weekly-agent-token-0123456789abcdef';
const LIST = 'Overnight';
/** The agent's daily quota: room for the weeks' refreshes; spent on purpose in week 8. */
const DAILY = 200;

let sandbox: RunningSandbox | undefined;
let proxy: TestProxy;
let upstreamRequests = 0;
/** Answer the next compare request 503 (once), as a flaky API would. */
let failNextCompare = false;
const dir = mkdtempSync(join(tmpdir(), 'fsm-weekly-'));
let server: { client: Client; stop: () => Promise<void> } | undefined;

beforeAll(async () => {
  proxy = await startProxy(
    () => sandbox?.url ?? 'http://127.0.0.1:9',
    (path) => {
      upstreamRequests += 1;
      if (failNextCompare && path.includes('/v1/compare')) {
        failNextCompare = false;
        return { status: 503 };
      }
      return { forward: path.replace(/^\/w\d+/, '') };
    },
  );
});

afterAll(async () => {
  await server?.stop();
  await sandbox?.close();
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The API at week `n` (its quota new, as a new day's), and the server restarted behind `/w<address>`. */
async function weekOn(n: number, address = n): Promise<Client> {
  await server?.stop();
  if (sandbox?.week !== n) {
    await sandbox?.close();
    sandbox = await startSandbox({
      week: n,
      keys: [
        { key: AGENT_KEY, plan: 'Agent', leagues: 'all', dailyLimit: DAILY },
        { key: TRUTH_KEY, plan: 'Truth', leagues: 'all', dailyLimit: 100_000 },
      ],
    });
  }
  const started = await spawnHttpServer(['--store', `file:${dir}`, '--timeout-ms', '60000'], {
    FOOTBALL_API_KEY: AGENT_KEY,
    FOOTBALL_API_BASE_URL: `${proxy.url}/w${address}`,
    FOOTBALL_MCP_AUTH_TOKENS: TOKEN,
    FOOTBALL_MCP_LOG_LEVEL: 'warn',
  });
  const client = await httpClient(started.url, 'overnight-agent', { authorization: `Bearer ${TOKEN}` });
  server = {
    client,
    stop: async () => {
      await client.close().catch(() => undefined);
      await stop(started.child);
    },
  };
  return client;
}

interface Requests {
  planned: number;
  planned_max: number;
  sent: number;
  from_cache: number;
  why?: string[];
}

interface Row {
  service_id: string | null;
  name: string | null;
  status: string;
  changes: string[];
  league: string | null;
  minutes: number | null;
  primary_role: string | null;
  rank: number | null;
  market_value_eur: number | null;
}

/** The weekly job's refresh: what it says it sent is what reached the API, and a plan holds or says why. */
async function refresh(client: Client, args: Record<string, unknown> = {}) {
  const before = upstreamRequests;
  const report = await ok(client, 'watchlist_report', { watchlist: LIST, ...args });
  const sent = upstreamRequests - before;
  const requests = report.body.requests as Requests | undefined;
  if (requests) {
    expect(requests.sent, report.text).toBe(sent);
    if (sent > requests.planned) expect(requests.why?.length ?? 0, report.text).toBeGreaterThan(0);
    if (sent > requests.planned_max) expect(requests.why?.join(' '), report.text).toContain('retried');
  } else expect(sent).toBe(0);
  return { ...report, sent, rows: report.body.data.players as Row[] };
}

/** What the API serves this week for each row: the same minutes, value and rank, or the row mixes weeks. */
async function expectWeekOf(rows: Row[], week: number): Promise<void> {
  const url = (sandbox as RunningSandbox).url;
  const headers = { 'x-api-key': TRUTH_KEY, 'content-type': 'application/json' };
  const ids = rows.flatMap((r) => (r.service_id ? [r.service_id] : []));
  const compared = (await (
    await fetch(`${url}/v1/compare`, { method: 'POST', headers, body: JSON.stringify({ player_ids: ids }) })
  ).json()) as {
    data: { service_id: string; minutes: number; statistics?: { market_value_eur?: number } }[];
  };
  for (const row of rows) {
    const truth = compared.data.find((t) => t.service_id === row.service_id);
    expect(truth, `${row.name} in week ${week}`).toBeDefined();
    expect(row.minutes, `${row.name}'s minutes in week ${week}`).toBe(truth?.minutes);
    if (row.rank === null || !row.primary_role || !row.league) continue;
    const query = new URLSearchParams({ role: row.primary_role, league: row.league, limit: '100' });
    const ranking = (await (await fetch(`${url}/v1/rankings?${query}`, { headers })).json()) as {
      data: { service_id: string; rank: number }[];
    };
    const entry = ranking.data.find((e) => e.service_id === row.service_id);
    expect(row.rank, `${row.name}'s rank in week ${week}`).toBe(entry?.rank);
  }
}

/** What the listing and the prompt plan for the list: the same planner, the same count. */
async function expectOnePlan(client: Client): Promise<number> {
  const listing = await ok(client, 'watchlist_report');
  const list = (listing.body.data.watchlists as { name: string; refresh_cost: number }[]).find(
    (w) => w.name === LIST,
  );
  const cost = list?.refresh_cost ?? -1;
  expect(listing.body.data.run.cost).toBe(cost);
  const prompt = await client.getPrompt({
    name: 'weekly_watchlist',
    arguments: { watchlist: LIST, budget: '60' },
  });
  const text = prompt.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
  expect(text).toContain(`up to ${cost} request`);
  return cost;
}

describe('the overnight agent over HTTP, four weeks', () => {
  let week5: Row[] = [];
  let week8: Row[] = [];

  it('week 4: the list is made and its first snapshot taken, every row of week 4', async () => {
    const client = await weekOn(4);
    await ok(client, 'update_watchlist', {
      watchlist: LIST,
      add: [{ player_id: MBENRA }, { player_id: GARMONT }, { player_id: VERAC }],
    });
    const planned = await expectOnePlan(client);
    const report = await refresh(client);
    expect(report.body.requests.planned).toBe(planned);
    expect(report.body.data.week).toEqual({ key: weekDate(4), from: 'api_date' });
    await expectWeekOf(report.rows, 4);
  });

  it('week 5: compared with week 4; a re-run and a restart give the same report, one snapshot of the week', async () => {
    let client = await weekOn(5);
    failNextCompare = true;
    const report = await refresh(client);
    // One request more than the plan, and the answer says why.
    expect(report.sent).toBe(report.body.requests.planned + 1);
    expect(report.body.requests.why).toContain('the compare request was retried after a 503');
    expect(report.text).toContain('the compare request was retried after a 503');
    expect(report.body.data.week.key).toBe(weekDate(5));
    expect(report.body.data.compared_with.data_as_of).toBe(weekDate(4));
    expect(report.rows.some((r) => r.changes.includes('minutes'))).toBe(true);
    await expectWeekOf(report.rows, 5);
    const again = await refresh(client);
    expect(again.sent).toBe(0);
    expect(again.rows).toEqual(report.rows);
    expect(again.body.data.rerun).toBe(true);
    // The agent crashed and was started again: the same report still.
    client = await weekOn(5);
    const restarted = await refresh(client);
    expect(restarted.rows).toEqual(report.rows);
    expect(restarted.body.data.compared_with).toEqual(report.body.data.compared_with);
    week5 = report.rows;
    const listing = await ok(client, 'watchlist_report');
    expect(listing.body.data.watchlists[0]).toMatchObject({ name: LIST, snapshots: 2 });
  });

  it('week 7, the window open: a transfer, and the ranking of his new league within the plan or named', async () => {
    const client = await weekOn(7);
    await expectOnePlan(client);
    const report = await refresh(client);
    expect(report.body.data.compared_with.data_as_of).toBe(weekDate(5));
    // Mbenra joins a Cypriot club (the default seed's world).
    const mbenra = report.rows.find((r) => r.service_id === MBENRA);
    expect(mbenra?.changes).toContain('transfer');
    expect(mbenra?.league).toBe('Cypriot First Division');
    await expectWeekOf(report.rows, 7);
    const requests = report.body.requests as Requests;
    if (requests.sent > requests.planned) expect(requests.why?.join(' ')).toContain('Mbenra');
    expect(report.text).toMatch(
      /Refresh: \d+ requests sent, \d+ answered from the cache \(planned at most \d+/,
    );
  });

  it("week 8 behind week 7's cache: the rows are all of week 8, never two weeks", async () => {
    // The API has published week 8; the answers cached in week 7 are still fresh.
    const client = await weekOn(8, 7);
    await ok(client, 'update_watchlist', { watchlist: LIST, add: [{ player_id: KOUYANDE }] });
    const report = await refresh(client);
    expect(report.body.data.week.key).toBe(weekDate(8));
    expect(report.body.data.compared_with.data_as_of).toBe(weekDate(7));
    await expectWeekOf(report.rows, 8);
    week8 = report.rows;
  });

  it('week 8, the quota spent: the refresh the cache holds is answered, nothing sent', async () => {
    const client = (server as { client: Client }).client;
    const url = (sandbox as RunningSandbox).url;
    // Another job of the same key spends the day's quota.
    for (let i = 0; i < DAILY; i++) {
      const answer = await fetch(`${url}/v1/leagues`, { headers: { 'x-api-key': AGENT_KEY } });
      await answer.arrayBuffer();
      if (answer.status === 429) break;
    }
    // The server learns it from the API's 429.
    const refused = await call(client, 'get_player', { player_id: 'ds_00q0000000000000' });
    expect(refused.isError).toBe(true);
    const before = upstreamRequests;
    const again = await refresh(client);
    expect(upstreamRequests - before).toBe(0);
    expect(again.rows).toEqual(week8);
    const listing = await ok(client, 'watchlist_report');
    expect(listing.body.data.run).toMatchObject({ quota_left: 0 });
    expect(listing.body.data.run.order[0]).toMatchObject({ name: LIST, within_quota: false });
    expect(listing.text).toContain('Refreshing every list now costs up to');
    // A past week's report, from the stored snapshots: the report week 5 gave, nothing sent.
    const past = await refresh(client, { week: weekDate(5) });
    expect(past.sent).toBe(0);
    expect(past.rows).toEqual(week5);
    expect(listing.body.data.watchlists[0]).toMatchObject({ name: LIST, snapshots: 4 });
    const missing = await call(client, 'watchlist_report', { watchlist: LIST, week: '2020-01-01' });
    expect(textOf(missing)).toContain(
      `its snapshots hold the weeks ${[4, 5, 7, 8].map(weekDate).join(', ')}`,
    );
  });
});
