// The long run of `npm run load`: LOAD_LONG_CALLS calls (50 000 by default; 0 skips it) on each protocol
// revision over HTTP, each against a server of its own: stateful (2025-11-25 sessions), stateless
// (the 2025 wire without sessions: long-lived servers per caller, shared-servers.ts) and 2026-07-28
// (per-request serving from the idle-server pool, server-pool.ts). The server's resident memory is
// sampled through the run: after warm-up (the first fifth) it should stay flat, which a server
// instance reused in a way that keeps state per request (the SDK's known leak) would not. Prints the
// figures; asserts no timing. A call lost or failing (no faults are injected here) is a problem.
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { RawMcpSession, type Wire } from '../bench/mcp-http.js';
import { ROLE_KEYS } from '../src/domain/roles.js';
import { spawnHttpServer, stop } from '../test/support/mcp.js';

export const LONG_CALLS = Number(process.env.LOAD_LONG_CALLS ?? 50_000);
/** Sessions (or stateless callers) calling at once in the long run. */
const CONCURRENCY = Number(process.env.LOAD_LONG_CONCURRENCY ?? 10);
/** RSS samples over the run (one every LONG_CALLS / SAMPLES calls). */
const SAMPLES = 20;
/** The share of the run counted as warm-up: growth is measured from the sample that ends it. */
const WARM_UP = 0.2;

interface Revision {
  name: string;
  args: string[];
  wire: Wire;
}

const REVISIONS: Revision[] = [
  { name: 'stateful 2025-11-25', args: [], wire: '2025' },
  { name: 'stateless 2025-11-25', args: ['--stateless'], wire: '2025' },
  { name: '2026-07-28', args: ['--stateless'], wire: '2026-07-28' },
];

export interface LongRun {
  revision: string;
  calls: number;
  ok: number;
  failed: string[];
  seconds: number;
  /** Resident MB at each sample, the first before any call. */
  rss: number[];
  alive: boolean;
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The i-th call: cheap once cached, so the run measures the serving, not the upstream. */
function longCall(i: number, ids: readonly string[]): [string, Record<string, unknown>] {
  const id = ids[i % ids.length] ?? 'ds_0000000000000000';
  switch (i % 5) {
    case 0:
      return ['rank_players_by_role', { role: ROLE_KEYS[i % 6] ?? 'regista', league: 'Ligue 1', limit: 5 }];
    case 1:
      return ['list_leagues', {}];
    case 2:
      return ['player_history', { player_id: id }];
    case 3:
      return ['quota_status', {}];
    default:
      return ['list_roles', {}];
  }
}

async function runRevision(
  revision: Revision,
  env: Record<string, string>,
  ids: readonly string[],
): Promise<LongRun> {
  const server = await spawnHttpServer(['--log-level', 'warn', ...revision.args], env);
  const pid = server.child.pid ?? 0;
  const endpoint = new URL(server.url);
  const pool = new Pool(endpoint.origin, { connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  const run: LongRun = {
    revision: revision.name,
    calls: LONG_CALLS,
    ok: 0,
    failed: [],
    seconds: 0,
    rss: [residentMb(pid)],
    alive: true,
  };
  const every = Math.max(1, Math.floor(LONG_CALLS / SAMPLES));
  let next = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        const session = new RawMcpSession(pool, endpoint.pathname, revision.wire);
        await session.open();
        for (let i = next++; i < LONG_CALLS; i = next++) {
          const [name, args] = longCall(i, ids);
          try {
            if (await session.callTool(name, args)) run.ok++;
            else run.failed.push(`${name} ${JSON.stringify(args)}: not a result`);
          } catch (error) {
            run.failed.push(`${name}: ${String(error)}`);
          }
          if ((i + 1) % every === 0) run.rss.push(residentMb(pid));
        }
      }),
    );
  } finally {
    run.seconds = (performance.now() - started) / 1000;
    run.alive = server.child.exitCode === null;
    await pool.close();
    await stop(server.child);
  }
  return run;
}

/** Each revision's long run against the upstream `env` names; `ids` are player ids it knows. */
export async function longRuns(env: Record<string, string>, ids: readonly string[]): Promise<LongRun[]> {
  const runs: LongRun[] = [];
  for (const revision of REVISIONS) runs.push(await runRevision(revision, env, ids));
  return runs;
}

/** One line per revision: calls, failures, pace, and resident memory before, after warm-up and at the end. */
export function longRunLines(runs: readonly LongRun[]): string[] {
  return runs.map((run) => {
    const warm = run.rss[Math.max(1, Math.round(SAMPLES * WARM_UP))] ?? run.rss.at(-1) ?? 0;
    const end = run.rss.at(-1) ?? 0;
    const peak = Math.max(...run.rss);
    const growth = end - warm;
    return (
      `long run ${run.revision.padEnd(22)} ${run.ok}/${run.calls} ok, ${run.failed.length} failed, ` +
      `${Math.round(run.calls / run.seconds)} calls/s; rss MB start ${run.rss[0]}, after warm-up ${warm}, ` +
      `end ${end} (${growth >= 0 ? '+' : ''}${growth} after warm-up), peak ${peak}; ` +
      `samples ${run.rss.join(' ')}${run.alive ? '' : '; SERVER EXITED'}`
    );
  });
}
