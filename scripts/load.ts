// Load: 50 concurrent MCP sessions × 200 mixed tool calls against the built server over Streamable
// HTTP (default settings), its upstream a sandbox injecting faults. Every call must be answered; every
// error must be one a fault explains (5xx, network, timeout, unreadable body, 429). Prints the figures,
// the server's resident memory before and after, then the cost of a ranking against the sandbox 30 ms
// away (cache miss and hit beside a direct request), each target beside its figure. `npm run load`
// (builds first). Not a test: no timing is asserted; it exits 1 only on a lost call or an error no
// fault explains. Then the long run (load-long.ts): LOAD_LONG_CALLS calls (50 000; 0 skips it) on each
// protocol revision, with the server's resident memory sampled; LOAD_LONG_ONLY=1 runs only that
// (e.g. `LOAD_LONG_ONLY=1 LOAD_LONG_CALLS=500 npm run load` to check it on a busy machine).
import { readFileSync } from 'node:fs';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Pool } from 'undici';
import { DirectClient } from '../bench/direct.js';
import { RawMcpSession } from '../bench/mcp-http.js';
import { median } from '../bench/stats.js';
import { ROLE_KEYS } from '../src/domain/roles.js';
import { untabulate } from '../src/mcp/tabular.js';
import type { FaultOptions } from '../src/sandbox/faults.js';
import { SANDBOX_PRO_FULL_KEY } from '../src/sandbox/keys.js';
import { startSandbox } from '../src/sandbox/server.js';
import { spawnHttpServer, stop } from '../test/support/mcp.js';
import { PAGE_SIZE } from '../tools/kit/pages.js';
import { LONG_CALLS, longRunLines, longRuns } from './load-long.js';

const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 50);
const CALLS = Number(process.env.LOAD_CALLS ?? 200);
const FAULTS: FaultOptions = {
  latencyMs: [0, 15],
  errors: { 500: 0.01, 503: 0.03 },
  reset: 0.01,
  truncate: 0.01,
  malformed: 0.005,
  drip: 0.005,
  dripMs: 800,
  storm: { every: 250, length: 3, retryAfterS: 1 },
};
const FAULT_TEXT =
  /is failing \(HTTP 5\d\d\)|could not be reached|did not answer in time|cannot read|HTTP 429|quota of this key is spent/;
const LEAGUES = ['Ligue 1', 'Ligue 2', 'Premier League', 'Serie A', 'Bundesliga', 'LaLiga'];
/** The upstream's distance in the last phase, and how many misses and hits it times. */
const FAR_MS = 30;
const FAR_CALLS = 30;
const RSS_TARGET_MB = 200;

type Call = [name: string, args: Record<string, unknown>];

function residentMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

/** The i-th call of a session; `limit` differs between phases so each phase has its own cache misses. */
function mixedCall(session: number, i: number, ids: readonly string[], calls: number, limit: number): Call {
  const n = session * calls + i;
  const role = ROLE_KEYS[n % ROLE_KEYS.length] ?? 'regista';
  const league = LEAGUES[n % LEAGUES.length] ?? 'Ligue 1';
  const id = ids[n % ids.length] ?? 'ds_0000000000000000';
  switch (n % 8) {
    case 0:
      return ['rank_players_by_role', { role, league, limit: limit + (n % 3) }];
    case 1:
      return ['list_leagues', {}];
    case 2:
      return ['search_players', { query: ['ma', 'le', 'an', 'ro'][n % 4], limit }];
    case 3:
      return ['player_history', { player_id: id }];
    case 4:
      return ['scout_players', { roles: [role], max_age: 20 + (n % 10), limit }];
    case 5:
      return ['compare_players', { player_ids: [id, ids[(n + 1) % ids.length] ?? id] }];
    case 6:
      return ['quota_status', { refresh: true }];
    default:
      return ['list_roles', {}];
  }
}

async function connect(url: string): Promise<Client> {
  const client = new Client({ name: 'load', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

async function main(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const server = await spawnHttpServer(['--timeout-ms', '5000', '--retries', '2', '--log-level', 'warn'], {
    FOOTBALL_API_BASE_URL: sandbox.url,
    FOOTBALL_API_KEY: SANDBOX_PRO_FULL_KEY,
    // FOOTBALL_MCP_HEAP_GROWTH_PERCENT=0 npm run load: V8's own heap sizing (docs/performance.md, Memory);
    // LOAD_SERVER_NODE_OPTIONS passes other V8 flags to the server.
    ...(process.env.FOOTBALL_MCP_HEAP_GROWTH_PERCENT !== undefined
      ? { FOOTBALL_MCP_HEAP_GROWTH_PERCENT: process.env.FOOTBALL_MCP_HEAP_GROWTH_PERCENT }
      : {}),
    ...(process.env.LOAD_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.LOAD_SERVER_NODE_OPTIONS } : {}),
  });
  const pid = server.child.pid ?? 0;
  const probe = await connect(server.url);
  const ranking = (await probe.callTool({
    name: 'rank_players_by_role',
    arguments: { role: 'renard_des_surfaces', league: 'Ligue 1', limit: 20 },
  })) as CallToolResult;
  // A row names its player by service_id (the stable id) or player_id, whichever the answer gave.
  const rows = (
    untabulate(ranking.structuredContent) as { data: { service_id?: string; player_id?: string }[] }
  ).data;
  const ids = rows.flatMap((r) => r.service_id ?? r.player_id ?? []);
  if (ids.length === 0) throw new Error('the probe ranking gave no player ids');
  // The sandbox generates its data lazily: generate all of it once, outside the measured phases.
  await probe.callTool({ name: 'scout_players', arguments: { roles: ['regista'], limit: 1 } });
  await probe.close();
  const upstreamEnv = { FOOTBALL_API_BASE_URL: sandbox.url, FOOTBALL_API_KEY: SANDBOX_PRO_FULL_KEY };
  if (process.env.LOAD_LONG_ONLY === '1') {
    await stop(server.child);
    const problems = await longRunsReported(upstreamEnv, ids);
    await sandbox.close();
    process.exitCode = problems > 0 ? 1 : 0;
    return;
  }
  const before = residentMb(pid);

  // Baseline without faults: here any error at all is unexplained.
  const calm = await runPhase(server.url, Math.ceil(CALLS / 10), ids, 10, () => false);
  sandbox.setFaults(FAULTS);
  const upstreamBefore = sandbox.requestCount();
  const stormy = await runPhase(server.url, CALLS, ids, 5, (text) => FAULT_TEXT.test(text));
  sandbox.setFaults(undefined);
  const after = residentMb(pid);
  const upstream = sandbox.requests().slice(-(sandbox.requestCount() - upstreamBefore));
  sandbox.setFaults({ latencyMs: FAR_MS });
  const far = await farUpstream(server.url, sandbox.url);
  sandbox.setFaults(undefined);
  const alive = server.child.exitCode === null;
  await stop(server.child);

  const figures = {
    sessions: SESSIONS,
    baseline_calls: calm.calls,
    baseline_errors: calm.faultErrors + calm.unexplained.length,
    calls_under_faults: stormy.calls,
    answered: stormy.ok + stormy.faultErrors + stormy.unexplained.length,
    ok: stormy.ok,
    errors_explained_by_faults: stormy.faultErrors,
    errors_unexplained: stormy.unexplained.length,
    lost: calm.lost.length + stormy.lost.length,
    upstream_requests: upstream.length,
    faults_injected: upstream.filter((r) => r.fault !== undefined).length,
    server_alive_after: alive,
    seconds: Number(stormy.seconds.toFixed(1)),
    calls_per_second: Math.round(stormy.calls / stormy.seconds),
    rss_mb_before: before.rss,
    rss_mb_after: `${after.rss}   target < ${RSS_TARGET_MB} MB: ${after.rss < RSS_TARGET_MB ? 'met' : 'missed'}`,
    rss_mb_peak: after.peak,
    [`hit_sdk_client_${FAR_MS}ms`]: `${far.hit.toFixed(2)} ms vs ${far.direct.toFixed(1)} ms (${(far.direct / far.hit).toFixed(1)}× faster)   target ≥ 10× faster: ${far.direct / far.hit >= 10 ? 'met' : 'missed'}`,
    [`hit_lean_client_${FAR_MS}ms`]: `${far.leanHit.toFixed(2)} ms vs ${far.direct.toFixed(1)} ms (${(far.direct / far.leanHit).toFixed(1)}× faster; undici on both sides)   target ≥ 10× faster: ${far.direct / far.leanHit >= 10 ? 'met' : 'missed'}`,
    [`ping_after_${FAR_MS}ms_idle`]: `${far.ping.toFixed(2)} ms (the MCP round trip alone: the floor of a hit)`,
    [`miss_vs_direct_${FAR_MS}ms`]: `${far.miss.toFixed(1)} ms vs ${far.direct.toFixed(1)} ms (${signed(far.miss - far.direct)} ms)   target ≤ direct + 2 ms: ${far.miss <= far.direct + 2 ? 'met' : 'missed'}`,
  };
  for (const [name, value] of Object.entries(figures)) process.stdout.write(`${name.padEnd(28)} ${value}\n`);
  // Identical concurrent calls share one upstream request (single-flight), so one fault can fail
  // several calls: errors are matched to faults by kind, not counted one for one.
  const problems = [...calm.unexplained, ...stormy.unexplained, ...calm.lost, ...stormy.lost];
  for (const line of problems.slice(0, 10)) process.stdout.write(`  ! ${line.slice(0, 300)}\n`);
  const longProblems = await longRunsReported(upstreamEnv, ids);
  await sandbox.close();
  process.exitCode = problems.length > 0 || !alive || longProblems > 0 ? 1 : 0;
}

/** The long runs, printed; how many calls failed or servers exited. */
async function longRunsReported(env: Record<string, string>, ids: readonly string[]): Promise<number> {
  if (LONG_CALLS <= 0) return 0;
  const runs = await longRuns(env, ids);
  for (const line of longRunLines(runs)) process.stdout.write(`${line}\n`);
  for (const run of runs)
    for (const line of run.failed.slice(0, 5))
      process.stdout.write(`  ! ${run.revision}: ${line.slice(0, 300)}\n`);
  return runs.reduce((sum, run) => sum + run.failed.length + (run.alive ? 0 : 1), 0);
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}`;
}

/**
 * rank_players_by_role through one MCP session while every upstream answer takes FAR_MS: medians of
 * misses (questions no phase asked: other seasons), of hits (the same question again) and of direct
 * requests for the same page.
 */
async function farUpstream(
  url: string,
  sandboxUrl: string,
): Promise<{ miss: number; hit: number; leanHit: number; direct: number; ping: number }> {
  const client = await connect(url);
  const direct = new DirectClient(sandboxUrl, SANDBOX_PRO_FULL_KEY, 1);
  // The same hit through the HTTP client the direct request uses (undici, one connection): the
  // server's own cost, without the SDK client's (its fetch, SSE parsing and result validation).
  const endpoint = new URL(url);
  const leanPool = new Pool(endpoint.origin, { connections: 1, keepAliveTimeout: 30_000 });
  const lean = new RawMcpSession(leanPool, endpoint.pathname);
  await lean.open();
  // One role each (FAR_CALLS + 1 ≤ 31), a season the mixed phases never ask.
  const ask = (i: number) => ({ role: ROLE_KEYS[i] ?? 'regista', season: '24-25', league: 'Ligue 1' });
  const viaMcp = async (args: Record<string, unknown>) => {
    const started = performance.now();
    const result = (await client.callTool({
      name: 'rank_players_by_role',
      arguments: args,
    })) as CallToolResult;
    if (result.isError) throw new Error(`rank_players_by_role failed under ${FAR_MS} ms latency`);
    return performance.now() - started;
  };
  const viaDirect = async ({ role, season, league }: { role: string; season: string; league: string }) => {
    const started = performance.now();
    await direct.get('/v1/rankings', { role, saison: season, league, limit: PAGE_SIZE.rankings });
    return performance.now() - started;
  };
  try {
    await viaMcp(ask(FAR_CALLS));
    await viaDirect(ask(FAR_CALLS));
    const miss: number[] = [];
    const hit: number[] = [];
    const leanHit: number[] = [];
    const straight: number[] = [];
    const pings: number[] = [];
    // Each call of the server after a direct request, so it has sat idle as long every time.
    for (let i = 0; i < FAR_CALLS; i++) {
      miss.push(await viaMcp(ask(i)));
      straight.push(await viaDirect(ask(i)));
      hit.push(await viaMcp(ask(i)));
      straight.push(await viaDirect(ask(i)));
      const leanStarted = performance.now();
      if (!(await lean.callTool('rank_players_by_role', ask(i))))
        throw new Error(`rank_players_by_role failed under ${FAR_MS} ms latency (lean client)`);
      leanHit.push(performance.now() - leanStarted);
      straight.push(await viaDirect(ask(i)));
      // The MCP round trip alone: the floor of a hit.
      const started = performance.now();
      await client.ping();
      pings.push(performance.now() - started);
    }
    return {
      miss: median(miss),
      hit: median(hit),
      leanHit: median(leanHit),
      direct: median(straight),
      ping: median(pings),
    };
  } finally {
    await client.close();
    await leanPool.close();
    await direct.close();
  }
}

interface Phase {
  calls: number;
  ok: number;
  faultErrors: number;
  unexplained: string[];
  lost: string[];
  seconds: number;
}

/** SESSIONS concurrent sessions, each making `calls` calls one after another. */
async function runPhase(
  url: string,
  calls: number,
  ids: readonly string[],
  limit: number,
  explained: (errorText: string) => boolean,
): Promise<Phase> {
  const phase: Phase = {
    calls: SESSIONS * calls,
    ok: 0,
    faultErrors: 0,
    unexplained: [],
    lost: [],
    seconds: 0,
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SESSIONS }, async (_, session) => {
      const client = await connect(url);
      for (let i = 0; i < calls; i++) {
        const [name, args] = mixedCall(session, i, ids, calls, limit);
        try {
          const result = (await client.callTool(
            { name, arguments: args },
            {
              timeout: 60_000,
            },
          )) as CallToolResult;
          const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
          if (!result.isError) phase.ok++;
          else if (explained(text)) phase.faultErrors++;
          else phase.unexplained.push(`${name} ${JSON.stringify(args)}: ${text}`);
        } catch (error) {
          phase.lost.push(`${name}: ${String(error)}`);
        }
      }
      await client.close();
    }),
  );
  phase.seconds = (performance.now() - started) / 1000;
  return phase;
}

main().catch((error: unknown) => {
  process.stderr.write(`load: ${String((error as Error)?.stack ?? error)}\n`);
  process.exitCode = 1;
});
