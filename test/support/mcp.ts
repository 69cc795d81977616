// Test support: real SDK clients against real servers and a real sandbox over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import type { CallToolResult, ClientCapabilities } from '@modelcontextprotocol/client';
import { Client, InMemoryTransport, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { createToolDeps } from '../../src/app/deps.js';
import { CHART_APP_MIME } from '../../src/charts/app.js';
import { type Config, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import type { ToolDeps } from '../../src/mcp/context.js';
import { createServer, type ServerOptions } from '../../src/mcp/server.js';
import { untabulate } from '../../src/mcp/tabular.js';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';
import type { WatchlistStore } from '../../src/store/watchlists.js';
import { TOOLS } from '../../tools/index.js';
import { useOpened } from './hooks.js';

import { testServerEnv } from './server-env.js';

export function defaultConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig([], {});
  if (typeof config === 'string') throw new Error('unexpected');
  // An upstream attempt timed out on a loaded machine is retried, and the sandbox then counts one request
  // more than the call sent: tests count requests, so attempts get room (a test of timeouts sets its own).
  return { ...config, logLevel: 'silent', timeoutMs: 60_000, ...overrides };
}

export function depsFor(
  baseUrl: string,
  apiKey: string | undefined,
  overrides: Partial<Config> = {},
): ToolDeps {
  return createToolDeps(defaultConfig(overrides), { baseUrl, apiKey }, createLogger('silent', [apiKey]));
}

/** What a host that renders MCP Apps (the chart app) declares at initialize. */
export const RENDERS_APPS: ClientCapabilities = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: [CHART_APP_MIME] } },
};

/** A real SDK Client linked to a real server over InMemoryTransport. */
export async function inMemoryClient(
  deps: ToolDeps,
  options: Partial<ServerOptions> = {},
  capabilities: ClientCapabilities = {},
): Promise<Client> {
  const server = createServer(deps, { tools: TOOLS, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' }, { capabilities });
  await client.connect(clientSide);
  return client;
}

/**
 * A sandbox on a free port for the enclosing file or describe block: started before its tests, closed after
 * them. Read its fields inside tests and hooks (they are set once it has started).
 */
export function useSandbox(options: Omit<SandboxOptions, 'port'> = {}): RunningSandbox {
  return useOpened(
    () => startSandbox({ ...options, port: 0 }),
    (sandbox) => sandbox.close(),
  );
}

/** How a test's in-memory client is made: settings over the defaults, server options, what it declares. */
export interface ClientOptions {
  config?: Partial<Config>;
  server?: Partial<ServerOptions>;
  capabilities?: ClientCapabilities;
  /** Where the client's watchlists are kept, under the owner of the key it asks with. */
  watchlists?: WatchlistStore;
}

/** An in-memory client on its own deps; `close()` closes the client, then the deps' upstream client. */
export interface ClientOnDeps {
  client: Client;
  deps: ToolDeps;
  close(): Promise<void>;
}

/** A real SDK client in memory on deps of its own, asking `baseUrl` (a sandbox, a proxy) with `apiKey`. */
export async function sandboxClient(
  baseUrl: string,
  apiKey: string | undefined,
  { config = {}, server = {}, capabilities = {}, watchlists }: ClientOptions = {},
): Promise<ClientOnDeps> {
  const plain = depsFor(baseUrl, apiKey, config);
  const deps: ToolDeps = watchlists
    ? { ...plain, watchlists: { store: watchlists, owner: watchlists.ownerOf(apiKey ?? '') } }
    : plain;
  const client = await inMemoryClient(deps, server, capabilities);
  return {
    client,
    deps,
    close: async () => {
      await client.close();
      await deps.api.close();
    },
  };
}

/** A sandbox, deps on its demo key and an in-memory client on them: where most e2e files start. */
export interface SandboxSession {
  sandbox: RunningSandbox;
  deps: ToolDeps;
  client: Client;
  /** The client, its deps' upstream client, then the sandbox. */
  close(): Promise<void>;
}

export interface SessionOptions extends ClientOptions {
  /** The key the client asks with: the sandbox's demo key unless this names another. */
  key?: (sandbox: RunningSandbox) => string | undefined;
}

/** `options` go to the sandbox, e.g. `{ dialect: 'numeric' }` to run the same test on other answer shapes. */
export async function openSandboxSession(
  options: Omit<SandboxOptions, 'port'> = {},
  { key = (sandbox) => sandbox.demoKey, ...client }: SessionOptions = {},
): Promise<SandboxSession> {
  const sandbox = await startSandbox({ ...options, port: 0 });
  const { deps, client: connected, close } = await sandboxClient(sandbox.url, key(sandbox), client);
  return {
    sandbox,
    deps,
    client: connected,
    close: async () => {
      await close();
      await sandbox.close();
    },
  };
}

/** Closes a session's parts one by one, as `close()` does (for a session kept as its fields). */
export async function closeSandboxSession({
  sandbox,
  deps,
  client,
}: Omit<SandboxSession, 'close'>): Promise<void> {
  await client.close();
  await deps.api.close();
  await sandbox.close();
}

/**
 * A sandbox session for the enclosing file or describe block: opened before its tests, closed after them.
 * Read its fields inside tests and hooks (they are set once it has opened).
 */
export function useSandboxSession(
  options: Omit<SandboxOptions, 'port'> = {},
  client: SessionOptions = {},
): SandboxSession {
  return useOpened(
    () => openSandboxSession(options, client),
    (session) => session.close(),
  );
}

export async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A call that must succeed: its structured content and text (the test fails with the text if not). */
export async function callOk(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await call(client, name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return { body: structured(result), text: textOf(result) };
}

export function textOf(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

/**
 * The structured content as tests read it: its tables (`{ columns, rows }`, src/mcp/tabular.ts) as lists
 * of objects again. `wireOf` gives it as sent.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests read structured content loosely
export function structured(result: CallToolResult): any {
  return untabulate(wireOf(result));
}

/** The structured content exactly as the server sent it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read structured content loosely
export function wireOf(result: CallToolResult): any {
  if (result.isError) throw new Error(`tool failed: ${textOf(result)}`);
  return result.structuredContent;
}

export const BUILT_ENTRY = new URL('../../dist/src/index.js', import.meta.url).pathname;

/** Spawns the built binary with `--transport http --port 0` and waits for the URL it prints. */
export async function spawnHttpServer(
  args: string[],
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  return spawnHttpProcess([...nodeArgs, BUILT_ENTRY, '--transport', 'http', '--port', '0', ...args], env);
}

/** A Node process run with `argv` that serves MCP over HTTP and says where on stderr, as the built server does. */
export async function spawnHttpProcess(
  argv: string[],
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess; stderr: () => string }> {
  const child = spawn(process.execPath, argv, {
    env: testServerEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    // Room for a busy machine: a start takes well over 15 s with the cores taken by other work.
    const timer = setTimeout(() => {
      // Not left running behind the failed test.
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${stderr}`));
    }, 60_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving MCP \(Streamable HTTP\) at (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${stderr}${stdout}`)));
  });
  return { url, child, stderr: () => stderr };
}

export async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  return exited;
}

/** The built binary serving HTTP (`spawnHttpServer`) for the enclosing file or describe block, as `useSandbox`. */
export function useHttpServer(
  args: string[] | (() => string[]),
  env: Record<string, string> = {},
): { url: string; child: ChildProcess; stderr: () => string } {
  return useOpened(
    // A function: arguments known only once earlier hooks ran (e.g. a sandbox's URL).
    () => spawnHttpServer(typeof args === 'function' ? args() : args, env),
    (server) => stop(server.child).then(() => undefined),
  );
}

/** A real SDK client named `name` over Streamable HTTP at `url`, sending `headers` on every request. */
export async function httpClient(
  url: string,
  name: string,
  headers: Record<string, string> = {},
): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

/** The built binary serving HTTP (`spawnHttpServer`) and an SDK client on it; `close()` stops both. */
export interface HttpServerSession {
  url: string;
  child: ChildProcess;
  stderr: () => string;
  client: Client;
  close(): Promise<void>;
}

export async function openHttpServerSession(
  name: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<HttpServerSession> {
  const server = await spawnHttpServer(args, env);
  let client: Client;
  try {
    client = await httpClient(server.url, name);
  } catch (error) {
    await stop(server.child);
    throw error;
  }
  return {
    ...server,
    client,
    close: async () => {
      await client.close();
      await stop(server.child);
    },
  };
}

/** An HTTP server session for the enclosing file or describe block, as `useSandboxSession`. */
export function useHttpServerSession(
  name: string,
  args: string[],
  env: Record<string, string> = {},
): HttpServerSession {
  return useOpened(
    () => openHttpServerSession(name, args, env),
    (session) => session.close(),
  );
}
