// The built binary over stdio on its default store, a directory in the user's cache: a cached reference
// answer is still cached after a restart; a default directory it cannot use leaves it on memory, saying
// so; a directory named explicitly that it cannot use stops the start.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BUILT_ENTRY } from '../support/mcp.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function listLeagues(
  env: Record<string, string>,
  tool = 'list_leagues',
): Promise<{ result: CallToolResult; stderr: string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_ENTRY],
    env: { PATH: process.env.PATH ?? '', ...env },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'store-test', version: '1.0.0' });
  await client.connect(transport);
  const result = (await client.callTool({ name: tool, arguments: {} })) as CallToolResult;
  await client.close();
  return { result, stderr };
}

const cachedOf = (result: CallToolResult) =>
  (result.structuredContent as { source: { cached: boolean } }).source.cached;

describe('the default store over stdio', () => {
  it('keeps a cached reference answer across a restart', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'fsm-xdg-'));
    dirs.push(cache);
    const first = await listLeagues({ XDG_CACHE_HOME: cache });
    expect(first.result.isError).toBeFalsy();
    expect(cachedOf(first.result)).toBe(false);
    expect(existsSync(join(cache, 'football-scout-mcp', 'secret'))).toBe(true);
    const second = await listLeagues({ XDG_CACHE_HOME: cache });
    expect(cachedOf(second.result)).toBe(true);
    expect(second.result.structuredContent).toMatchObject({
      data: (first.result.structuredContent as { data: unknown }).data,
    });
    // The quota the first server saw is known to a new one before any request.
    const quota = await listLeagues({ XDG_CACHE_HOME: cache }, 'quota_status');
    const seen = (first.result.structuredContent as { quota: { remaining: number } }).quota;
    expect(quota.result.structuredContent).toMatchObject({
      data: { remaining: seen.remaining, observed_at: expect.any(String) },
    });
  });

  it('runs on memory, saying so, when the default directory cannot be used', async () => {
    const { result, stderr } = await listLeagues({ XDG_CACHE_HOME: '/proc/football-scout-mcp-test' });
    expect(result.isError).toBeFalsy();
    expect(stderr).toMatch(/cannot use the store directory .*running on memory/);
  });

  it('stops at start when a directory named by --store cannot be used', () => {
    const run = spawnSync(process.execPath, [BUILT_ENTRY, '--store', 'file:/proc/football-scout-mcp-test'], {
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('cannot use the store directory /proc/football-scout-mcp-test');
  });
});
