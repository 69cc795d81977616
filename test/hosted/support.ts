// Support of the hosted-mode tests: a real redis-server, a delaying proxy, raw HTTP, SDK clients with headers.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { useOpened } from '../support/hooks.js';
import { BUILT_ENTRY } from '../support/mcp.js';
import { missingPrerequisite } from '../support/prerequisites.js';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningRedis {
  url: string;
  /** The redis-server's process id. */
  pid: number;
  /** SIGSTOP: connections stay open, nothing is answered. */
  freeze(): void;
  /** SIGCONT, if frozen. */
  thaw(): void;
  stop(): Promise<void>;
}

/** A throwaway redis-server on a free loopback port, without persistence; `args` are more of its options. */
export async function startRedis(args: string[] = []): Promise<RunningRedis> {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${output}`)), 60_000);
    child.once('error', (error) => reject(missingPrerequisite('redis-server', error.message)));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}:\n${output}`)));
  });
  const pid = child.pid ?? 0;
  let frozen = false;
  return {
    url: `redis://127.0.0.1:${port}`,
    pid,
    freeze: () => {
      process.kill(pid, 'SIGSTOP');
      frozen = true;
    },
    thaw: () => {
      if (frozen) process.kill(pid, 'SIGCONT');
      frozen = false;
    },
    stop: () => stopChild(child),
  };
}

/** A redis-server (`startRedis`) for the enclosing file or describe block: started before, stopped after. */
export function useRedis(args: string[] = []): RunningRedis {
  return useOpened(
    () => startRedis(args),
    (redis) => redis.stop(),
  );
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

export interface DelayingProxy {
  url: string;
  /** Resolves when the next request reaches the proxy. */
  nextRequest(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards every request to `target` after `delayMs`: a slow upstream. */
export async function delayingProxy(target: string, delayMs: number): Promise<DelayingProxy> {
  const upstream = new URL(target);
  let waiters: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    for (const wake of waiters) wake();
    waiters = [];
    setTimeout(() => {
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: req.headers,
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    nextRequest: () => new Promise<void>((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A real SDK client over Streamable HTTP, sending `headers` on every request. */
export async function httpClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'hosted-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

export { INITIALIZE, type RawResponse, raw } from '../support/raw-http.js';

/** The built binary started over HTTP on a free port with `args`, run to its exit (`runToExit`). */
export function runHttpToExit(args: string[], env: Record<string, string> = {}) {
  return runToExit(['--transport', 'http', '--port', '0', ...args], env);
}

/**
 * Runs the built binary to completion (for start-up failures); resolves with its exit code and stderr. One
 * still running after `ms` (it started when it should not have) is killed: code null.
 */
export function runToExit(
  args: string[],
  env: Record<string, string> = {},
  ms = 60_000,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, [BUILT_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), ms);
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    }),
  );
}

export function metricValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
