// The Claude Desktop extension: scripts/pack-mcpb.mjs builds the .mcpb, the official CLI validates its
// manifest and unpacks it, and the server starts as the manifest's mcp_config says, with the variables
// substituted by the CLI library's own getMcpConfigForManifest (what hosts implement): ${__dirname} and
// the user's settings. Then the SDK client drives it over stdio, on the sandbox and on a configured API.
// In `npm run test:full` only (CI runs it on every landing): building the bundle installs the production
// tree again and zips 76 MB, a fifth of a busy `npm test`'s process time, for a release artifact whose
// inputs (mcpb/, scripts/pack-mcpb.mjs, the dependencies) seldom change. package.test.ts keeps the npm
// package, which the bundle is made of, in every run. Alone: `npx vitest run --mode full test/e2e/mcpb.test.ts`.
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { getMcpConfigForManifest, type McpbManifestAny } from '@anthropic-ai/mcpb';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPTS } from '../../src/mcp/prompts/index.js';
import { untabulate } from '../../src/mcp/tabular.js';
import { type RunningSandbox, startSandbox } from '../../src/sandbox/server.js';
import { TOOLS } from '../../tools/index.js';
import { BUILT_ENTRY } from '../support/mcp.js';
import { FULL_RUN } from '../support/sample.js';
import { stdioClient } from '../support/stdio.js';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; name: string };
const cli = join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');

let dir: string;
let bundlePath: string;
let unpacked: string;
let manifest: McpbManifestAny;
let unreachable: string | undefined;
let sandbox: RunningSandbox;

/** Why the bundle could not be built for want of the registry, or undefined when it answers. */
function registryProblem(): string | undefined {
  const ping = spawnSync('npm', ['ping', '--fetch-timeout=10000', '--fetch-retries=0'], {
    encoding: 'utf8',
    timeout: 20_000,
  });
  if (ping.status === 0) return undefined;
  const why = `${ping.stderr ?? ''}`
    .split('\n')
    .filter((line) => /^npm (error|ERR!)/.test(line) && !line.includes('complete log'))
    .map((line) => line.replace(/^npm (error|ERR!) ?/, '').trim())
    .slice(0, 2)
    .join('; ');
  return `npm cannot reach its registry (npm ping: ${why || 'no answer'}) and the bundle's dependencies are not all in its cache`;
}

/** The server as a host would start it from the manifest, with `userConfig` as the user's settings. */
async function connect(userConfig: Record<string, string>) {
  const config = await getMcpConfigForManifest({
    manifest,
    extensionPath: unpacked,
    systemDirs: { HOME: dir, DESKTOP: dir, DOCUMENTS: dir, DOWNLOADS: dir },
    userConfig,
    pathSeparator: '/',
  });
  if (!config) throw new Error('no mcp_config for these settings');
  const { client, stderr } = await stdioClient('mcpb-test', {
    command: config.command,
    args: config.args ?? [],
    env: {
      // "node" is the host's; here the one running the tests. The file store goes under the temp dir.
      PATH: [dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: dir,
      XDG_CACHE_HOME: join(dir, 'cache'),
      ...config.env,
    },
  });
  return { client, config, stderr };
}

describe.skipIf(!FULL_RUN)('the .mcpb bundle', () => {
  beforeAll(async () => {
    if (!existsSync(BUILT_ENTRY))
      throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
    dir = mkdtempSync(join(tmpdir(), 'football-scout-mcpb-test-'));
    bundlePath = join(dir, 'football-scout-mcp.mcpb');
    try {
      await run(process.execPath, [join(root, 'scripts', 'pack-mcpb.mjs'), '--out', bundlePath], {
        cwd: root,
        timeout: 120_000,
      });
    } catch (error) {
      unreachable = registryProblem();
      if (!unreachable) throw error;
      console.warn(`mcpb.test.ts: skipped: ${unreachable}`);
      return;
    }
    unpacked = join(dir, 'unpacked');
    await run(process.execPath, [cli, 'unpack', bundlePath, unpacked], { timeout: 60_000 });
    manifest = JSON.parse(readFileSync(join(unpacked, 'manifest.json'), 'utf8')) as McpbManifestAny;
    sandbox = await startSandbox({ port: 0 });
  }, 180_000);

  afterAll(async () => {
    await sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('passes `mcpb validate`', async (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const { stdout } = await run(process.execPath, [cli, 'validate', join(unpacked, 'manifest.json')], {
      timeout: 30_000,
    });
    expect(stdout).toContain('Manifest schema validation passes!');
  });

  it('declares the tools and prompts of the registry, the version of package.json, the settings', (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    expect(manifest.name).toBe(pkg.name);
    expect(manifest.version).toBe(pkg.version);
    expect(manifest.tools?.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
    expect(manifest.prompts?.map((p) => p.name).sort()).toEqual(PROMPTS.map((p) => p.name).sort());
    expect(manifest.user_config?.api_key).toMatchObject({ type: 'string', sensitive: true, required: false });
    expect(manifest.user_config?.base_url).toMatchObject({ type: 'string', required: false, default: '' });
    expect(manifest.server.mcp_config.env).toEqual({
      FOOTBALL_API_KEY: `\${user_config.api_key}`,
      FOOTBALL_API_BASE_URL: `\${user_config.base_url}`,
    });
  });

  it('carries a 512×512 PNG icon, production node_modules and no source maps', (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const icon = readFileSync(join(unpacked, manifest.icon ?? 'icon.png'));
    expect(icon.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([icon.readUInt32BE(16), icon.readUInt32BE(20)]).toEqual([512, 512]);
    const modules = readdirSync(join(unpacked, 'node_modules'));
    expect(modules).toEqual(expect.arrayContaining(['zod', 'undici', '@modelcontextprotocol', '@resvg']));
    expect(modules).not.toContain('vitest');
    expect(modules).not.toContain('typescript');
    const resvg = readdirSync(join(unpacked, 'node_modules', '@resvg'));
    expect(resvg).toEqual(
      expect.arrayContaining([
        'resvg-js',
        'resvg-js-darwin-arm64',
        'resvg-js-darwin-x64',
        'resvg-js-win32-x64-msvc',
      ]),
    );
    expect(readdirSync(join(unpacked, 'dist', 'src')).filter((f) => f.endsWith('.map'))).toEqual([]);
  });

  it('with the settings left empty, runs on the built-in sandbox: tools, prompts, a ranking, a chart', async (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const { client, config, stderr } = await connect({});
    try {
      expect(config.args).toEqual([join(unpacked, 'dist', 'src', 'index.js')]);
      expect(client.getServerVersion()?.version).toBe(pkg.version);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(manifest.tools?.map((t) => t.name));
      const { prompts } = await client.listPrompts();
      expect(prompts.map((p) => p.name).sort()).toEqual(manifest.prompts?.map((p) => p.name).sort());
      const ranking = (await client.callTool({
        name: 'rank_players_by_role',
        arguments: { role: 'renard_des_surfaces', league: 'Eredivisie', limit: 3 },
      })) as CallToolResult;
      expect(ranking.isError, JSON.stringify(ranking.content)).toBeFalsy();
      const rows = (untabulate(ranking.structuredContent) as { data: { service_id: string }[] }).data;
      expect(rows).toHaveLength(3);
      // A radar, linked: its PNG, read, comes from the bundled native renderer.
      const compared = (await client.callTool({
        name: 'compare_players',
        arguments: { player_ids: rows.slice(0, 2).map((r) => r.service_id) },
      })) as CallToolResult;
      expect(compared.isError, JSON.stringify(compared.content)).toBeFalsy();
      const link = compared.content.find((c) => c.type === 'resource_link');
      if (link?.type !== 'resource_link') throw new Error('no chart link');
      const png = (await client.readResource({ uri: link.uri })).contents[0];
      expect(png?.mimeType).toBe('image/png');
      expect(png && 'blob' in png && Buffer.from(png.blob, 'base64').subarray(1, 4).toString()).toBe('PNG');
      expect(stderr()).toMatch(/embedded sandbox/);
    } finally {
      await client.close();
    }
  }, 40_000);

  it('with a key and a base URL, calls that API and never shows the key', async (ctx) => {
    if (unreachable) ctx.skip(`skipped: ${unreachable}`);
    const { client, stderr } = await connect({ api_key: sandbox.demoKey, base_url: sandbox.url });
    try {
      const before = sandbox.requestCount();
      const result = (await client.callTool({
        name: 'list_leagues',
        arguments: { query: 'france' },
      })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      expect(sandbox.requestCount()).toBeGreaterThan(before);
      expect(stderr()).not.toMatch(/embedded sandbox/);
      expect(stderr()).not.toContain(sandbox.demoKey);
    } finally {
      await client.close();
    }
  }, 30_000);
});
