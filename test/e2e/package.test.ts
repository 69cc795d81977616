// The package as npm would publish it: `npm pack`, installed with production dependencies only into an
// empty directory, then its bin driven over stdio by the SDK client, as `npx -y football-scout-mcp` runs it.
// Catches what the other tests, which run from the checkout, cannot: a file left out of `files`, a
// runtime import of a devDependency, a lost executable bit, a package.json the version reader misses.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { untabulate } from '../../src/mcp/tabular.js';
import { TOOLS } from '../../tools/index.js';
import { BUILT_ENTRY } from '../support/mcp.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  mcpName: string;
  dependencies: Record<string, string>;
};
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

let dir: string;
let tarball: string;
let packed: { path: string; size: number; mode: number }[];
/** Why the install could not happen (no registry), or undefined once installed. */
let unreachable: string | undefined;

/** Installs the tarball offline from npm's cache if it can, else from the registry, if it answers. */
async function install(app: string, tgz: string): Promise<string | undefined> {
  const args = ['install', '--omit=dev', ...quiet, tgz];
  try {
    await run(npm, [...args, '--offline'], { cwd: app, timeout: 60_000 });
    return undefined;
  } catch {
    // Something is not in the cache: the registry is needed.
  }
  const ping = spawnSync(npm, ['ping', '--fetch-timeout=10000', '--fetch-retries=0'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (ping.status !== 0) {
    const why = `${ping.stderr ?? ''}${ping.error?.message ?? ''}`
      .split('\n')
      .filter((line) => /^npm (error|ERR!)/.test(line) || !line.startsWith('npm '))
      .map((line) => line.replace(/^npm (error|ERR!) ?/, '').trim())
      .filter((line) => line !== '' && !line.includes('complete log'))
      .slice(0, 2)
      .join('; ');
    const reason = `npm cannot reach its registry (npm ping: ${why || 'no answer'}) and the production dependencies are not all in its cache`;
    console.warn(`package.test.ts: install steps skipped: ${reason}`);
    return reason;
  }
  await run(npm, [...args, '--prefer-offline'], { cwd: app, timeout: 90_000 });
  return undefined;
}

beforeAll(async () => {
  if (!existsSync(BUILT_ENTRY))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  dir = mkdtempSync(join(tmpdir(), 'football-scout-package-'));
  // --ignore-scripts: pack what `npm test` built, without `prepare` rebuilding dist/ under tests running beside.
  const { stdout } = await run(
    npm,
    ['pack', '--json', '--ignore-scripts', '--pack-destination', dir, ...quiet],
    {
      cwd: root,
      timeout: 60_000,
    },
  );
  const [info] = JSON.parse(stdout) as { filename: string; files: typeof packed }[];
  if (!info) throw new Error(`npm pack said nothing usable: ${stdout}`);
  tarball = join(dir, info.filename);
  packed = info.files;
  const app = join(dir, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'package-test', private: true }));
  unreachable = await install(app, tarball);
}, 150_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds the built server, LICENSE and README, and no source maps', () => {
    const paths = packed.map((f) => f.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'package.json',
        'README.md',
        'LICENSE',
        'dist/src/index.js',
        'docs/install.md',
      ]),
    );
    // Loaded lazily by the bundle, from tsc's output: the embedded sandbox and the doctor.
    expect(paths).toEqual(expect.arrayContaining(['dist/src/sandbox/server.js', 'dist/src/doctor/main.js']));
    expect(paths.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(
      paths.filter(
        (p) =>
          !p.startsWith('dist/') &&
          !p.startsWith('docs/') &&
          !['package.json', 'README.md', 'LICENSE'].includes(p),
      ),
    ).toEqual([]);
    const bin = packed.find((f) => f.path === 'dist/src/index.js');
    expect((bin?.mode ?? 0) & 0o111).not.toBe(0);
  });

  it('installs with production dependencies only and serves over stdio through its bin', async (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const app = join(dir, 'app');
    const installed = join(app, 'node_modules', pkg.name);
    const meta = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as typeof pkg;
    expect(meta.mcpName).toBe(pkg.mcpName);
    // Nothing but the production dependencies came along.
    expect(existsSync(join(app, 'node_modules', 'vitest'))).toBe(false);
    expect(existsSync(join(app, 'node_modules', 'typescript'))).toBe(false);

    const transport = new StdioClientTransport({
      command: join(app, 'node_modules', '.bin', 'football-scout-mcp'),
      args: [],
      // Its shebang finds this node first; its file store goes under the temporary directory.
      env: {
        PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
        XDG_CACHE_HOME: join(dir, 'cache'),
        HOME: dir,
      },
      cwd: app,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'package-test', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect(client.getServerVersion()?.version).toBe(pkg.version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual(TOOLS.map((t) => t.name).sort());
      const result = (await client.callTool({
        name: 'rank_players_by_role',
        arguments: { role: 'renard_des_surfaces', league: 'Eredivisie', limit: 3 },
      })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect((untabulate(result.structuredContent) as { data: unknown[] }).data).toHaveLength(3);
      expect(stderr).toMatch(/embedded sandbox/);
    } finally {
      await client.close();
    }
  }, 30_000);

  it("runs the doctor, which the bundle loads from tsc's output, against the embedded sandbox", async (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const bin = join(dir, 'app', 'node_modules', 'football-scout-mcp', 'dist', 'src', 'index.js');
    const { stdout } = await run(process.execPath, [bin, 'doctor', '--sandbox', '--yes', '--json'], {
      cwd: join(dir, 'app'),
      env: { PATH: process.env.PATH ?? '', HOME: dir },
      timeout: 30_000,
    });
    const report = JSON.parse(stdout) as {
      results: { http?: number; readable?: boolean }[];
      exit_code: number;
    };
    expect(report.exit_code).toBe(0);
    expect(report.results.length).toBeGreaterThan(10);
    expect(report.results.every((r) => r.http === 200 && r.readable)).toBe(true);
  }, 40_000);
});

it('package.json names only installable dependencies', () => {
  // A workspace or file: dependency would install here but not from the registry.
  for (const spec of Object.values(pkg.dependencies)) expect(spec).toMatch(/^[\^~]?\d/);
});
