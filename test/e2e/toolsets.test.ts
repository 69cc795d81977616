// The built binary exposes only the tools its settings choose, and refuses unknown names at start.
import { spawn } from 'node:child_process';
import { expect, it } from 'vitest';
import { TOOLS } from '../../tools/index.js';
import { BUILT_ENTRY, openHttpServerSession } from '../support/mcp.js';

async function listedBy(args: string[], env: Record<string, string>): Promise<string[]> {
  const { client, close } = await openHttpServerSession('toolsets-test', ['--sandbox', ...args], env);
  try {
    return (await client.listTools()).tools.map((t) => t.name);
  } finally {
    await close();
  }
}

it('--tools lists only the named tools', async () => {
  expect(await listedBy(['--tools', 'get_player,scouting_report'], {})).toEqual([
    'get_player',
    'scouting_report',
  ]);
});

it('FOOTBALL_MCP_TOOLSETS lists only the tools of the named groups', async () => {
  const listed = await listedBy([], { FOOTBALL_MCP_TOOLSETS: 'account' });
  expect(listed).toEqual(TOOLS.filter((t) => t.toolset === 'account').map((t) => t.name));
  expect(listed.length).toBeGreaterThan(0);
  expect(listed.length).toBeLessThan(TOOLS.length);
});

it('an unknown toolset stops the server with exit code 2 and the valid names', async () => {
  const child = spawn(process.execPath, [BUILT_ENTRY, '--toolsets', 'clubz'], {
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(code).toBe(2);
  expect(stderr).toContain('--toolsets: unknown "clubz" (did you mean clubs?)');
  expect(stderr).toContain('Valid toolsets: players, clubs, reference, account.');
});
