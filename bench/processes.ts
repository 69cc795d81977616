// Spawned processes the benchmarks measure: the built server (stdio or HTTP) and the sandbox alone.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import type { LoggedRequest } from '../src/sandbox/server.js';
import { BUILT_ENTRY } from '../test/support/mcp.js';

export { BUILT_ENTRY, spawnHttpServer, stop } from '../test/support/mcp.js';

export const SANDBOX_ENTRY = new URL('../dist/src/sandbox/main.js', import.meta.url).pathname;
const SDK_FLOOR_ENTRY = new URL('./sdk-floor-server.ts', import.meta.url).pathname;

/** The in-process sandbox every benchmark talks to (except the sandbox-alone one). */
export interface Upstream {
  url: string;
  key: string;
  /** Requests the sandbox has served since it started. */
  requestCount(): number;
  /** The latest requests it served (method and path), most recent last; when the sandbox keeps them. */
  requests?(): readonly LoggedRequest[];
}

/** `--import` for each module to preload. */
const importArgs = (preloads: readonly string[]) => preloads.flatMap((p) => ['--import', p]);

/**
 * Node's options for a spawned server: modules to preload (`--import`), and with BENCH_CPU_PROF=<dir> a
 * CPU profile written there (node --cpu-prof).
 */
export function nodeArgs(preloads: readonly string[] = []): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return [...importArgs(preloads), ...(dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [])];
}

let cacheHome: string | undefined;

/**
 * The user's cache directory as the servers of this run see it: a fresh one, removed at exit, so the
 * default file store over stdio starts empty (a miss is a miss) and the bench leaves nothing behind.
 */
function benchCacheHome(): string {
  if (!cacheHome) {
    const dir = mkdtempSync(join(tmpdir(), 'fsm-bench-'));
    cacheHome = dir;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return cacheHome;
}

let homes = 0;

/** Another empty cache directory, for a server that must not find what an earlier one stored. */
export function freshCacheHome(): Record<string, string> {
  homes += 1;
  return { XDG_CACHE_HOME: join(benchCacheHome(), `home-${homes}`) };
}

/**
 * Environment pointing the built server at an upstream, quiet on stderr, every other setting at its
 * default (images `auto`: no PNG for plain rankings; over stdio the file store, in a fresh directory).
 */
export function upstreamEnv(upstream: Pick<Upstream, 'url' | 'key'>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    XDG_CACHE_HOME: benchCacheHome(),
    FOOTBALL_API_BASE_URL: upstream.url,
    FOOTBALL_API_KEY: upstream.key,
    FOOTBALL_MCP_LOG_LEVEL: 'warn',
  };
}

/** The built binary over stdio, driven by the SDK Client as an assistant would. */
export async function connectStdio(
  upstream: Pick<Upstream, 'url' | 'key'>,
  env: Record<string, string> = {},
  preloads: readonly string[] = [],
): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...nodeArgs(preloads), BUILT_ENTRY],
    env: { ...upstreamEnv(upstream), ...env },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0 };
}

/** An SDK client on the thinnest SDK server (sdk-floor-server.ts), run by tsx over stdio. */
export async function connectSdkFloor(
  upstream: Pick<Upstream, 'url' | 'key'>,
  env: Record<string, string> = {},
  preloads: readonly string[] = [],
): Promise<{ client: Client; pid: number }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...importArgs(preloads), '--import', 'tsx', SDK_FLOOR_ENTRY],
    env: { ...upstreamEnv(upstream), ...env },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(transport);
  return { client, pid: transport.pid ?? 0 };
}

/** Resident set of a process, in MB, from /proc (Linux). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms, from /proc (Linux, 100 ticks/s). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** True when the built binary has the stateless HTTP mode (its --help names the flag). */
export async function hasStatelessMode(): Promise<boolean> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, [BUILT_ENTRY, '--help']);
  return `${stdout}${stderr}`.includes('--stateless');
}

/**
 * The standalone sandbox in its own process, so a load generator does not share its event loop.
 * `args` are the sandbox's own, e.g. `['--faults', 'latency=30-30']` for an upstream 30 ms away.
 */
export async function spawnSandbox(
  args: readonly string[] = [],
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [SANDBOX_ENTRY, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${out}`)), 15_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stdout?.resume();
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${out}`)));
  });
  return { url, child };
}
