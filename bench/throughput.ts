// 3. HTTP throughput (stateful and stateless on the 2025 wire, and the 2026-07-28 wire, which has no
// sessions), 50 concurrent clients of cached calls, beside the same load on floors answering our answer
// with nothing read or checked (the SDK's own serving, and node:http alone), and 5. memory: the server's
// resident set idle and after the load.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { spawnHttpProcess } from '../test/support/mcp.js';
import { closedLoop, type LoadResult } from './load.js';
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
const FLOOR_ENTRY = new URL('./http-floor-server.ts', import.meta.url).pathname;

export async function benchThroughput(upstream: Upstream): Promise<Row[]> {
  const stateful = await runMode('stateful', [], upstream);
  const rows = [...stateful.rows];
  const cpu = new Map([['stateful', stateful.cpuPerCall]]);
  if (await hasStatelessMode()) {
    const stateless = await runMode('stateless', ['--stateless'], upstream);
    // Served per request whatever the mode (createMcpHandler in both): measured on the stateless one.
    const modern = await runMode('2026-07-28 wire', ['--stateless'], upstream, '2026-07-28');
    rows.push(...stateless.rows, ...modern.rows);
    cpu.set('stateless', stateless.cpuPerCall).set('2026-07-28 wire', modern.cpuPerCall);
  } else {
    rows.push(
      row('3 throughput', 'stateless: cached calls/s, 50 clients', 'n/a (not built)', '≥ 2 000 calls/s'),
      row('3 throughput', 'stateless: latency p50 / p99', 'n/a (not built)', 'p99 < 50 ms'),
    );
  }
  const floors = await floorRows(stateful.answer);
  rows.push(...floors.rows, cpuRow(cpu, floors.cpu));
  // Memory rows after the throughput rows: the table lists benchmarks by number (3 throughput, then 5 memory).
  return [...rows.filter((r) => r.bench !== '5 memory'), ...rows.filter((r) => r.bench === '5 memory')];
}

interface Measured {
  load: LoadResult;
  cpuPerCall: number;
  idleRss: number;
  loadedRss: number;
}

/** The closed loop of cached calls against a served URL: warm-up, then the counted run with its CPU. */
async function measure(
  label: string,
  served: { url: string; child: ChildProcess },
  wire: Wire,
  upstream?: Upstream,
) {
  const pid = served.child.pid ?? 0;
  const url = new URL(served.url);
  const pool = new Pool(url.origin, { connections: CLIENTS, keepAliveTimeout: 30_000 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const idleRss = await rssMb(pid);
    const sessions = Array.from({ length: CLIENTS }, () => new RawMcpSession(pool, url.pathname, wire));
    await Promise.all(sessions.map((s) => s.open()));
    const answer = await (sessions[0] as RawMcpSession).toolResult(TOOL, ARGS);
    const send = (i: number) => (sessions[i] as RawMcpSession).callTool(TOOL, ARGS);
    await closedLoop(CLIENTS, send, { warmupMs: 0, durationMs: WARMUP_MS });
    const upstreamBefore = upstream?.requestCount();
    const cpuBefore = await cpuMs(pid);
    const load = await closedLoop(CLIENTS, send, { warmupMs: 0, durationMs: DURATION_MS });
    // CPU per call is what the machine's other load disturbs least: 1000 / it = calls/s of one free core.
    const cpuPerCall = ((await cpuMs(pid)) - cpuBefore) / (load.calls + load.errors);
    if (load.errors > 0) {
      throw new Error(
        `${label}: ${load.errors} failed calls under load (${load.firstError ?? 'tool error'})`,
      );
    }
    if (upstream?.requestCount() !== upstreamBefore)
      throw new Error(`${label}: cached calls reached upstream`);
    const measured: Measured = { load, cpuPerCall, idleRss, loadedRss: await rssMb(pid) };
    return { measured, answer };
  } finally {
    await pool.close();
  }
}

const callsFigure = ({ load, cpuPerCall }: Measured) =>
  `${int(load.perSecond)} (server CPU ${cpuPerCall.toFixed(2)} ms/call: ${int(1000 / cpuPerCall)}/s per free core)`;
const callsMeasure = (label: string, { load }: Measured) =>
  `${label}: cached calls/s, ${CLIENTS} clients (${int(load.calls)} calls in ${load.seconds.toFixed(1)} s)`;

async function runMode(
  mode: string,
  args: string[],
  upstream: Upstream,
  wire: Wire = '2025',
): Promise<{ rows: Row[]; answer: unknown; cpuPerCall: number }> {
  const server = await spawnHttpServer(args, upstreamEnv(upstream), nodeArgs());
  try {
    const { measured, answer } = await measure(mode, server, wire, upstream);
    const { load, idleRss, loadedRss } = measured;
    const rows = [
      row(
        '3 throughput',
        callsMeasure(mode, measured),
        callsFigure(measured),
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
      row('5 memory', `${mode} HTTP server RSS idle`, `${idleRss.toFixed(0)} MB`, '—'),
      row(
        '5 memory',
        `${mode} HTTP server RSS after the throughput run`,
        `${loadedRss.toFixed(0)} MB`,
        '< 200 MB',
        loadedRss < 200,
      ),
    ];
    return { rows, answer, cpuPerCall: measured.cpuPerCall };
  } finally {
    await stop(server.child);
  }
}

/** Each floor, and the mode of ours that the same SDK serving underlies. */
const FLOORS = [
  { label: "the SDK's own session serving", mode: 'session', wire: '2025', ours: 'stateful' },
  { label: "the SDK's own stateless serving", mode: 'sdk', wire: '2025', ours: 'stateless' },
  { label: "the SDK's own serving", mode: 'sdk', wire: '2026-07-28', ours: '2026-07-28 wire' },
  { label: 'node:http alone', mode: 'raw', wire: '2025', ours: undefined },
] as const;

/** Server CPU a call of each mode of ours beside that of the SDK's own serving of the same answer. */
function cpuRow(ours: ReadonlyMap<string, number>, floors: ReadonlyMap<string, number>): Row {
  const pairs = FLOORS.flatMap(({ ours: mode }) => {
    const mine = mode ? ours.get(mode) : undefined;
    const floor = mode ? floors.get(mode) : undefined;
    if (mine === undefined || floor === undefined) return [];
    const added = mine - floor;
    return [
      `${mode} ${mine.toFixed(2)} vs ${floor.toFixed(2)} (${added >= 0 ? '+' : ''}${added.toFixed(2)})`,
    ];
  });
  const worst = Math.max(...ours.values());
  return row(
    '3 throughput',
    "server CPU a cached call: ours vs the SDK's own serving of the same answer (the floors above)",
    `${pairs.join('; ')} ms`,
    '≤ 0.35 ms CPU a call',
    worst <= 0.35,
  );
}

/**
 * The same load on servers answering our cached answer with nothing read or checked
 * (http-floor-server.ts): what this machine and the SDK allow before any work of ours.
 */
async function floorRows(answer: unknown): Promise<{ rows: Row[]; cpu: Map<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'fsm-floor-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const rows: Row[] = [];
  const cpu = new Map<string, number>();
  try {
    for (const floor of FLOORS) {
      const served = await spawnHttpProcess(['--import', 'tsx', FLOOR_ENTRY, '--mode', floor.mode], {
        FLOOR_ANSWER: file,
      });
      try {
        const { measured } = await measure(floor.mode, served, floor.wire);
        const label = `floor, ${floor.label} of our answer, ${floor.wire} wire`;
        if (floor.ours) cpu.set(floor.ours, measured.cpuPerCall);
        rows.push(
          row('3 throughput', callsMeasure(label, measured), callsFigure(measured), '—'),
          row(
            '3 throughput',
            `${label}: latency p50 / p99`,
            `${ms(measured.load.p50)} / ${ms(measured.load.p99)}`,
            '—',
          ),
        );
      } finally {
        await stop(served.child);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { rows, cpu };
}
