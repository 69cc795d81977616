#!/usr/bin/env node
// Builds football-scout-mcp.mcpb, the Claude Desktop extension (MCP Bundle): the npm package as
// `npm pack` makes it, its production node_modules (with the chart renderer's native binary for every
// desktop platform), an icon, and a manifest whose tools and prompts are read from the built server
// itself (tools/list, prompts/list), so they never drift from the registry. Packed and validated by the
// official CLI (@anthropic-ai/mcpb). Run after `npm run build` (`npm run pack:mcpb` does both).
//
//   node scripts/pack-mcpb.mjs [--out football-scout-mcp.mcpb] [--keep-staging]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { packExtension, validateManifest } from '@anthropic-ai/mcpb';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    out: { type: 'string', default: join(root, 'football-scout-mcp.mcpb') },
    'keep-staging': { type: 'boolean', default: false },
  },
});
const out = resolve(values.out);
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = ['--no-audit', '--no-fund', '--loglevel=error'];

/**
 * The chart renderer's native packages (about 1.8 MB zipped each) shipped besides the build machine's:
 * Claude Desktop's platforms, and Linux x64. Elsewhere the server runs without PNG charts (logged).
 */
const RESVG_PLATFORMS = ['darwin-arm64', 'darwin-x64', 'win32-x64-msvc', 'win32-arm64-msvc', 'linux-x64-gnu'];

function log(line) {
  process.stderr.write(`pack-mcpb: ${line}\n`);
}

function sh(command, args, cwd) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

/**
 * `npm pack`s each package named (the project `.`, or registry packages `name@version`) into `dir` and unpacks
 * it into the folder given for its name: one npm process for all of them (each start of npm costs a second).
 */
function unpackInto(wanted, dir, cwd) {
  const specs = [...wanted.keys()];
  const infos = JSON.parse(
    sh(npm, ['pack', ...specs, '--json', '--ignore-scripts', '--pack-destination', dir, ...quiet], cwd),
  );
  for (const [spec, into] of wanted) {
    const name = spec === '.' ? pkg.name : spec.slice(0, spec.lastIndexOf('@'));
    const info = infos.find((i) => i.name === name);
    if (!info) throw new Error(`npm pack did not say which file holds ${spec}`);
    mkdirSync(into, { recursive: true });
    // Every npm tarball holds one folder, package/.
    sh('tar', ['-xzf', join(dir, info.filename), '-C', into, '--strip-components=1'], cwd);
    rmSync(join(dir, info.filename));
  }
}

/** A value for a prompt argument that reads as a placeholder in the manifest's prompt text. */
const placeholder = (name) => `\${arguments.${name}}`;

/** tools/list and prompts/list of the bundled server, as a host would see them. */
async function describeServer(bundle) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(bundle, 'dist', 'src', 'index.js')],
    env: { PATH: process.env.PATH ?? '', FOOTBALL_MCP_STORE: 'memory', FOOTBALL_MCP_LOG_LEVEL: 'error' },
    stderr: 'inherit',
  });
  const client = new Client({ name: 'pack-mcpb', version: pkg.version });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const { prompts } = await client.listPrompts();
    const described = [];
    for (const prompt of prompts) {
      const args = prompt.arguments ?? [];
      let text;
      try {
        const required = Object.fromEntries(
          args.filter((a) => a.required).map((a) => [a.name, placeholder(a.name)]),
        );
        const got = await client.getPrompt({ name: prompt.name, arguments: required });
        text = got.messages.map((m) => (m.content.type === 'text' ? m.content.text : '')).join('\n');
      } catch {
        // An argument checked against live data (a role key): the description and the arguments instead.
        text = `${prompt.description ?? prompt.name}\n${args.map((a) => `${a.name}: ${placeholder(a.name)}`).join('\n')}`;
      }
      described.push({
        name: prompt.name,
        ...(prompt.description ? { description: prompt.description } : {}),
        ...(args.length > 0 ? { arguments: args.map((a) => a.name) } : {}),
        text,
      });
    }
    return {
      tools: tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}) })),
      prompts: described,
    };
  } finally {
    await client.close();
  }
}

async function main() {
  if (!existsSync(join(root, 'dist', 'src', 'index.js'))) {
    throw new Error('dist/ is missing: run `npm run build` first (`npm run pack:mcpb` does).');
  }
  const staging = mkdtempSync(join(tmpdir(), 'football-scout-mcpb-'));
  const bundle = join(staging, 'bundle');
  try {
    log(`staging in ${staging}`);
    // 1. The npm package, exactly what `npm publish` would ship (files of package.json, no source maps).
    unpackInto(new Map([['.', bundle]]), staging, root);
    // 2. Its production dependencies, at the lockfile's versions; no install script runs (none is needed).
    cpSync(join(root, 'package-lock.json'), join(bundle, 'package-lock.json'));
    sh(npm, ['ci', '--omit=dev', '--ignore-scripts', '--prefer-offline', ...quiet], bundle);
    rmSync(join(bundle, 'package-lock.json'));
    // 3. npm installs the renderer's binary for this machine only; the bundle runs on the user's.
    const resvg = JSON.parse(readFileSync(join(bundle, 'node_modules/@resvg/resvg-js/package.json'), 'utf8'));
    const natives = new Map();
    for (const platform of RESVG_PLATFORMS) {
      const name = `@resvg/resvg-js-${platform}`;
      const version = resvg.optionalDependencies?.[name];
      if (!version) throw new Error(`${name} is no longer an optional dependency of @resvg/resvg-js`);
      const into = join(bundle, 'node_modules', name);
      if (!existsSync(into)) natives.set(`${name}@${version}`, into);
    }
    if (natives.size > 0) unpackInto(natives, staging, staging);
    // 4. The icon, drawn by the server's own SVG-to-PNG path.
    const { svgToPng } = await import(new URL('../dist/src/charts/render.js', import.meta.url).href);
    writeFileSync(
      join(bundle, 'icon.png'),
      await svgToPng(readFileSync(join(root, 'mcpb', 'icon.svg'), 'utf8')),
    );
    // 5. The manifest, its tools and prompts read from the bundled server.
    const { tools, prompts } = await describeServer(bundle);
    const manifest = {
      manifest_version: '0.3',
      name: pkg.name,
      display_name: 'Football Scout',
      version: pkg.version,
      description: pkg.description,
      long_description: [
        'Role rankings over 31 positional roles, multi-criteria scouting, player comparisons, player-to-club fit, ',
        'scouting reports and identifier resolution from the Football Data REST API v1, with the daily quota in view.\n\n',
        'Leave the API key and base URL empty to try it on the built-in sandbox: a local, spec-faithful API with ',
        'synthetic data (real league names, fictional players and clubs), no key needed.',
      ].join(''),
      author: { name: 'The football-scout-mcp authors' },
      ...(pkg.repository?.url
        ? { repository: { type: 'git', url: pkg.repository.url.replace(/^git\+/, '') } }
        : {}),
      ...(pkg.homepage ? { homepage: pkg.homepage } : {}),
      icon: 'icon.png',
      server: {
        type: 'node',
        entry_point: 'dist/src/index.js',
        mcp_config: {
          command: 'node',
          args: [`\${__dirname}/dist/src/index.js`],
          env: {
            FOOTBALL_API_KEY: `\${user_config.api_key}`,
            FOOTBALL_API_BASE_URL: `\${user_config.base_url}`,
          },
        },
      },
      tools,
      prompts,
      keywords: pkg.keywords,
      license: pkg.license,
      compatibility: {
        platforms: ['darwin', 'win32', 'linux'],
        runtimes: { node: pkg.engines.node },
      },
      user_config: {
        api_key: {
          type: 'string',
          title: 'Football Data API key',
          description:
            'Your key, sent as X-API-Key. Leave empty (with the base URL) to use the built-in sandbox.',
          sensitive: true,
          required: false,
          default: '',
        },
        base_url: {
          type: 'string',
          title: 'API base URL',
          description:
            'Address of the Football Data API, the part before /v1, e.g. https://api.example.com. Leave empty (with the key) to use the built-in sandbox.',
          required: false,
          default: '',
        },
      },
    };
    writeFileSync(join(bundle, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // 6. Validated and zipped by the official CLI (which also leaves out *.map, *.d.ts, node_modules/.bin).
    if (!validateManifest(join(bundle, 'manifest.json')))
      throw new Error('mcpb validate refused the manifest');
    mkdirSync(dirname(out), { recursive: true });
    if (!(await packExtension({ extensionPath: bundle, outputPath: out, silent: true }))) {
      throw new Error('mcpb pack failed');
    }
    log(`${out} (${tools.length} tools, ${prompts.length} prompts)`);
  } finally {
    if (values['keep-staging']) log(`staging kept: ${staging}`);
    else rmSync(staging, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`pack-mcpb: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
