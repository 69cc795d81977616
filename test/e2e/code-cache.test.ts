// The built binary keeps V8's code cache of its bundle in the user's cache directory: written by the
// first start, used (not rewritten) by the next, and whatever is found there, the server starts the same.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUILT_ENTRY } from '../support/mcp.js';

let home: string;
let cacheDir: string;

beforeAll(() => {
  home = mkdtempSync(join(tmpdir(), 'code-cache-e2e-'));
  cacheDir = join(home, 'football-scout-mcp', 'code-cache');
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const messages = [
  {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 't', version: '1' },
    },
  },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list' },
];

/** One start over stdio: the tools/list answer, after the process has exited (its cache written). */
function listTools(xdgCacheHome: string, extraEnv: Record<string, string> = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BUILT_ENTRY, '--store', 'memory'], {
      env: {
        PATH: process.env.PATH ?? '',
        XDG_CACHE_HOME: xdgCacheHome,
        FOOTBALL_API_BASE_URL: 'http://127.0.0.1:9',
        FOOTBALL_API_KEY: 'code-cache-test-key',
        ...extraEnv,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let tools: unknown;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.includes('"id":2'));
      if (line && tools === undefined) {
        tools = (JSON.parse(line) as { result: unknown }).result;
        child.stdin.end();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      tools === undefined
        ? reject(new Error(`exited with ${code} before tools/list:\n${err}`))
        : resolve(tools),
    );
    child.stdin.write(messages.map((m) => `${JSON.stringify(m)}\n`).join(''));
  });
}

const cacheFiles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.v8cache'));

let tools: unknown;
let cacheFile: string;

it('writes the cache at the first start, and the next start uses it as it is', async () => {
  tools = await listTools(home);
  expect(cacheFiles()).toHaveLength(1);
  cacheFile = join(cacheDir, cacheFiles()[0] ?? '');
  const written = statSync(cacheFile);
  expect(written.size).toBeGreaterThan(100_000);
  expect(await listTools(home)).toEqual(tools);
  // Not written again: V8 took it (a refused or unreadable cache is replaced at exit).
  const after = statSync(cacheFile);
  expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
});

it('starts the same on a cache overwritten, emptied or cut short, and writes a good one again', async () => {
  const good = readFileSync(cacheFile);
  const scrambled = Buffer.from(good.map((byte, i) => (i % 7 === 0 ? byte ^ 0x5a : byte)));
  for (const damaged of [scrambled, Buffer.alloc(0), good.subarray(0, good.length - 1000)]) {
    writeFileSync(cacheFile, damaged);
    expect(await listTools(home)).toEqual(tools);
    expect(readFileSync(cacheFile).subarray(0, 8).toString()).toBe('fsm-v8c1');
    expect(readFileSync(cacheFile).length).toBeGreaterThan(100_000);
  }
  const settled = statSync(cacheFile);
  expect(await listTools(home)).toEqual(tools);
  expect(statSync(cacheFile).mtimeMs).toBe(settled.mtimeMs);
});

it('servers started together with no cache each start, and leave one whole cache behind', async () => {
  const together = mkdtempSync(join(home, 'together-'));
  const answers = await Promise.all([1, 2, 3, 4].map(() => listTools(together)));
  for (const answer of answers) expect(answer).toEqual(tools);
  const dir = join(together, 'football-scout-mcp', 'code-cache');
  expect(readdirSync(dir)).toEqual([expect.stringMatching(/\.v8cache$/)]);
  const settled = statSync(join(dir, readdirSync(dir)[0] ?? ''));
  expect(await listTools(together)).toEqual(tools);
  expect(statSync(join(dir, readdirSync(dir)[0] ?? '')).mtimeMs).toBe(settled.mtimeMs);
});

it('starts the same when the cache directory cannot be made', async () => {
  const blocked = join(home, 'a-file');
  writeFileSync(blocked, '');
  expect(await listTools(blocked)).toEqual(tools);
  // Where Node's own mkdir -p would never return, so neither would the server's exit.
  expect(await listTools('/proc/football-scout-mcp-test')).toEqual(tools);
});

it('FOOTBALL_MCP_CODE_CACHE=off starts without a cache; another value is refused in words', async () => {
  const off = mkdtempSync(join(home, 'off-'));
  expect(await listTools(off, { FOOTBALL_MCP_CODE_CACHE: 'off' })).toEqual(tools);
  expect(readdirSync(off)).toEqual([]);
  await expect(listTools(off, { FOOTBALL_MCP_CODE_CACHE: 'sometimes' })).rejects.toThrow(
    /exited with 1 before tools\/list:\nfootball-scout-mcp: FOOTBALL_MCP_CODE_CACHE must be "on" or "off"/,
  );
});
