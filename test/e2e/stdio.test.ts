// The built binary over stdio, driven by the SDK's StdioClientTransport.

import type { CallToolResult } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { BUILT_ENTRY, useSandbox } from '../support/mcp.js';
import { stdioClient } from '../support/stdio.js';

const sandbox = useSandbox();

async function connect(env: Record<string, string>, args: string[] = []) {
  // memory: the default file store would keep answers in the user's cache across test runs.
  return stdioClient('stdio-test', { args: [BUILT_ENTRY, '--store', 'memory', ...args], env });
}

describe('stdio binary', () => {
  it('serves the tools against a configured upstream, keeping stdout for the protocol', async () => {
    const { client, stderr } = await connect({
      FOOTBALL_API_BASE_URL: sandbox.url,
      FOOTBALL_API_KEY: sandbox.demoKey,
    });
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('rank_players_by_role');
    const before = sandbox.requestCount();
    const result = (await client.callTool({
      name: 'rank_players_by_role',
      arguments: { role: 'gardien_moderne', league: 'Ligue 1', limit: 3 },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect((untabulate(result.structuredContent) as { data: unknown[] }).data).toHaveLength(3);
    expect(sandbox.requestCount()).toBe(before + 1);
    await client.close();
    expect(stderr()).not.toContain(sandbox.demoKey);
    expect(stderr()).toContain(`using the Football Data API at ${new URL(sandbox.url).origin}`);
  });

  it('with no key and no base URL runs on the embedded sandbox and says so on stderr', async () => {
    const { client, stderr } = await connect({});
    const result = (await client.callTool({
      name: 'list_leagues',
      arguments: { query: 'france' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(
      (untabulate(result.structuredContent) as { data: { name: string }[] }).data.map((l) => l.name),
    ).toContain('Ligue 1');
    expect(stderr()).toMatch(/embedded sandbox/);
    await client.close();
  });

  it('refuses a key without a base URL at start with a clear message', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BUILT_ENTRY], {
      env: { PATH: process.env.PATH ?? '', FOOTBALL_API_KEY: 'live_secret_key_123' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('FOOTBALL_API_BASE_URL');
    expect(run.stderr).not.toContain('live_secret_key_123');
    expect(run.stdout).toBe('');
  });

  it("refuses the README's host block copied as written, before serving anything", async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BUILT_ENTRY], {
      env: {
        PATH: process.env.PATH ?? '',
        FOOTBALL_API_KEY: 'your-key',
        FOOTBALL_API_BASE_URL: 'https://your-api-host',
      },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("is the documentation's placeholder, not a key");
    expect(run.stderr).toContain("is the documentation's placeholder address");
    expect(run.stdout).toBe('');
  });

  it('rejects an invalid setting naming the flag and the variable', async () => {
    const { spawnSync } = await import('node:child_process');
    const run = spawnSync(process.execPath, [BUILT_ENTRY, '--timeout-ms', 'soon'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--timeout-ms / FOOTBALL_API_TIMEOUT_MS');
  });
});
