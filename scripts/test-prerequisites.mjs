#!/usr/bin/env node
// Runs before `npm test`: makes sure of what the hosted, chart and conformance tests need, so the README's
// one test command works on a fresh machine (and CI needs no extra steps).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  process.stderr.write(`test prerequisites: ${command} ${args.join(' ')}\n`);
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
}

/** Installs a Debian package with apt-get (as root, or through sudo); says what to do when neither can. */
function aptInstall(pkg, why) {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !onPath('sudo')) {
    process.stderr.write(
      `${why} need ${pkg} (Debian package ${pkg}). Install it, e.g.\n` +
        `  sudo apt-get install -y ${pkg}\nthen run npm test again.\n`,
    );
    process.exit(1);
  }
  const aptGet = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const apt = (...args) =>
    asRoot ? run(aptGet[0], [...aptGet.slice(1), ...args]) : run('sudo', ['-n', ...aptGet, ...args]);
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', pkg);
}

if (!onPath('redis-server')) aptInstall('redis-server', 'The hosted-mode tests');
// The chart app's browser test drives Debian's chromium with playwright-core (no browser download);
// its fonts also serve the server's PNG charts.
if (!existsSync('/usr/bin/chromium')) aptInstall('chromium', 'The chart app tests');

// Its own lockfile and its own Node 22, apart from the project's Node 20 toolchain; installed again
// when the lockfile names another version than the one installed (an upgrade pulled in with git).
const suite = 'node_modules/@modelcontextprotocol/conformance/package.json';
const version = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined);
const locked = JSON.parse(readFileSync(join(root, 'test/conformance/package-lock.json'), 'utf8')).packages?.[
  suite.replace('/package.json', '')
]?.version;
if (version(join(root, 'test/conformance', suite)) !== locked) {
  run('npm', ['ci', '--prefix', 'test/conformance', '--no-audit', '--no-fund']);
}
