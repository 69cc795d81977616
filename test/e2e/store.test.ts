// The built binary over stdio on its default store, a directory in the user's cache: a cached reference
// answer is still cached after a restart; a default directory it cannot use (unwritable, a damaged secret)
// leaves the other tools working and every watchlist tool refusing with the reason; a directory named
// explicitly that it cannot use stops the start.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { BUILT_ENTRY } from '../support/mcp.js';
import { MBENRA } from '../support/people.js';
import { testServerEnv } from '../support/server-env.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function listLeagues(
  env: Record<string, string>,
  tool = 'list_leagues',
): Promise<{ result: CallToolResult; stderr: string }> {
  const { results, stderr } = await session(env, [[tool, {}]]);
  return { result: results[0] as CallToolResult, stderr };
}

/** One stdio server, the calls made one after another, then closed. */
async function session(
  env: Record<string, string>,
  calls: [string, Record<string, unknown>][],
): Promise<{ results: CallToolResult[]; stderr: string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BUILT_ENTRY],
    env: testServerEnv(env),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: 'store-test', version: '1.0.0' });
  await client.connect(transport);
  const results: CallToolResult[] = [];
  for (const [name, args] of calls)
    results.push((await client.callTool({ name, arguments: args })) as CallToolResult);
  await client.close();
  return { results, stderr };
}

const textOf = (result: CallToolResult | undefined) =>
  (result?.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('\n');

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
      data: { reported: true },
      quota: { remaining: seen.remaining },
    });
  });

  it('refuses watchlists, saying where and why, when the default directory cannot be used', async () => {
    const dir = '/proc/football-scout-mcp-test/football-scout-mcp';
    const { results, stderr } = await session({ XDG_CACHE_HOME: '/proc/football-scout-mcp-test' }, [
      ['list_leagues', {}],
      ['watchlist_report', {}],
      ['update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] }],
    ]);
    const [leagues, report, add] = results as [CallToolResult, CallToolResult, CallToolResult];
    expect(leagues.isError).toBeFalsy();
    for (const refused of [report, add]) {
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(`the watchlist store ${dir} cannot be used`);
      expect(textOf(refused)).not.toMatch(/No watchlists/);
    }
    expect(stderr).toContain(`cannot use the store directory ${dir}`);
    expect(stderr).toMatch(/Watchlist tools answer an error/);
  });

  it('a damaged secret: the lists kept are refused, never shown empty, and nothing advises removing it', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'fsm-xdg-'));
    dirs.push(cache);
    const secretPath = join(cache, 'football-scout-mcp', 'secret');
    const keepers = ['update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] }] as const;
    const first = await session({ XDG_CACHE_HOME: cache }, [[...keepers]]);
    expect(first.results[0]?.isError).toBeFalsy();
    const secret = readFileSync(secretPath, 'utf8');

    writeFileSync(secretPath, 'not a secret\n');
    const damaged = await session({ XDG_CACHE_HOME: cache }, [
      ['watchlist_report', {}],
      ['update_watchlist', { watchlist: 'Wingers', add: [{ player_id: MBENRA }] }],
      ['list_leagues', {}],
    ]);
    const [report, add, leagues] = damaged.results as [CallToolResult, CallToolResult, CallToolResult];
    for (const refused of [report, add]) {
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain(`${secretPath} is damaged`);
      expect(textOf(refused)).toMatch(/Restore it from a backup/);
    }
    expect(leagues.isError).toBeFalsy();
    const everything = [damaged.stderr, ...damaged.results.map(textOf)].join('\n');
    expect(everything).not.toMatch(/remove it|start afresh|No watchlists/i);

    // The lists were never touched: with the secret restored, they are all there.
    writeFileSync(secretPath, secret);
    const restored = await session({ XDG_CACHE_HOME: cache }, [['watchlist_report', {}]]);
    expect(untabulate(restored.results[0]?.structuredContent)).toMatchObject({
      data: { watchlists: [expect.objectContaining({ name: 'Keepers', players: 1 })] },
    });
  });

  it('a missing secret with lists kept: refused, never replaced by a new one that would orphan them', async () => {
    const cache = mkdtempSync(join(tmpdir(), 'fsm-xdg-'));
    dirs.push(cache);
    const secretPath = join(cache, 'football-scout-mcp', 'secret');
    await session({ XDG_CACHE_HOME: cache }, [
      ['update_watchlist', { watchlist: 'Keepers', add: [{ player_id: MBENRA }] }],
    ]);
    const secret = readFileSync(secretPath, 'utf8');
    rmSync(secretPath);
    const missing = await session({ XDG_CACHE_HOME: cache }, [['watchlist_report', {}]]);
    expect(missing.results[0]?.isError).toBe(true);
    expect(textOf(missing.results[0])).toContain(`${secretPath} is missing but 1 watchlist file(s)`);
    expect(existsSync(secretPath)).toBe(false);

    writeFileSync(secretPath, secret);
    const restored = await session({ XDG_CACHE_HOME: cache }, [['watchlist_report', {}]]);
    expect(untabulate(restored.results[0]?.structuredContent)).toMatchObject({
      data: { watchlists: [expect.objectContaining({ name: 'Keepers' })] },
    });
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
