// 3. HTTP throughput (stateful and stateless on the 2025 wire, and the 2026-07-28 wire, which has no
// sessions), 50 concurrent clients of cached calls, and 5. memory: the server's resident set idle and
// after the load.
import { Pool } from 'undici';
import { closedLoop } from './load.js';
import { RawMcpSession, type Wire } from './mcp-http.js';
import {
  cpuMs,
  hasStatelessMode,
  nodeArgs,
  rssMb,
  spawnHttpServer,
  stop,
  type Upstream,
  upstreamEnv,
} from './processes.js';
import { type Row, row } from './report.js';
import { int, ms } from './stats.js';

const CLIENTS = 50;
const WARMUP_MS = 1_500;
const DURATION_MS = 6_000;
const TOOL = 'rank_players_by_role';
const ARGS = { role: 'defenseur_relanceur', league: 'Ligue 1', limit: 20 };

export async function benchThroughput(upstream: Upstream): Promise<Row[]> {
  const rows = await runMode('stateful', [], upstream);
  if (await hasStatelessMode()) {
    rows.push(...(await runMode('stateless', ['--stateless'], upstream)));
    // Served per request whatever the mode (createMcpHandler in both): measured on the stateless one.
    rows.push(...(await runMode('2026-07-28 wire', ['--stateless'], upstream, '2026-07-28')));
  } else {
    rows.push(
      row('3 throughput', 'stateless: cached calls/s, 50 clients', 'n/a (not built)', '≥ 2 000 calls/s'),
      row('3 throughput', 'stateless: latency p50 / p99', 'n/a (not built)', 'p99 < 50 ms'),
    );
  }
  // Memory rows after the throughput rows: the table lists benchmarks by number (3 throughput, then 5 memory).
  return [...rows.filter((r) => r.bench !== '5 memory'), ...rows.filter((r) => r.bench === '5 memory')];
}

async function runMode(
  mode: string,
  args: string[],
  upstream: Upstream,
  wire: Wire = '2025',
): Promise<Row[]> {
  const server = await spawnHttpServer(args, upstreamEnv(upstream), nodeArgs());
  const pid = server.child.pid ?? 0;
  const url = new URL(server.url);
  const pool = new Pool(url.origin, { connections: CLIENTS, keepAliveTimeout: 30_000 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idle = await rssMb(pid);
    const sessions = Array.from({ length: CLIENTS }, () => new RawMcpSession(pool, url.pathname, wire));
    await Promise.all(sessions.map((s) => s.open()));
    if (!(await sessions[0]?.callTool(TOOL, ARGS))) throw new Error(`${mode}: the first ${TOOL} call failed`);
    const send = (i: number) => (sessions[i] as RawMcpSession).callTool(TOOL, ARGS);
    await closedLoop(CLIENTS, send, { warmupMs: 0, durationMs: WARMUP_MS });
    const upstreamBefore = upstream.requestCount();
    const cpuBefore = await cpuMs(pid);
    const load = await closedLoop(CLIENTS, send, { warmupMs: 0, durationMs: DURATION_MS });
    // CPU per call is what the machine's other load disturbs least: 1000 / it = calls/s of one free core.
    const cpuPerCall = ((await cpuMs(pid)) - cpuBefore) / (load.calls + load.errors);
    const after = await rssMb(pid);
    if (load.errors > 0) {
      throw new Error(`${mode}: ${load.errors} failed calls under load (${load.firstError ?? 'tool error'})`);
    }
    if (upstream.requestCount() !== upstreamBefore) throw new Error(`${mode}: cached calls reached upstream`);
    return [
      row(
        '3 throughput',
        `${mode}: cached calls/s, ${CLIENTS} clients (${int(load.calls)} calls in ${load.seconds.toFixed(1)} s)`,
        `${int(load.perSecond)} (server CPU ${cpuPerCall.toFixed(2)} ms/call: ${int(1000 / cpuPerCall)}/s per free core)`,
        '≥ 2 000 calls/s',
        load.perSecond >= 2000,
      ),
      row(
        '3 throughput',
        `${mode}: latency p50 / p99`,
        `${ms(load.p50)} / ${ms(load.p99)}`,
        'p99 < 50 ms',
        load.p99 < 50,
      ),
      row('5 memory', `${mode} HTTP server RSS idle`, `${idle.toFixed(0)} MB`, '—'),
      row(
        '5 memory',
        `${mode} HTTP server RSS after the throughput run`,
        `${after.toFixed(0)} MB`,
        '< 200 MB',
        after < 200,
      ),
    ];
  } finally {
    await pool.close();
    await stop(server.child);
  }
}
