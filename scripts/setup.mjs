#!/usr/bin/env node
// `npm run setup`: installs what the tests need beyond `npm install` (scripts/prerequisites.mjs): Debian
// packages with apt-get (as root, or through sudo), the conformance suite with its own lockfile.
// Installs only what is missing; says what to do when it cannot.
import { execFileSync } from 'node:child_process';
import { onPath, PREREQUISITES, root } from './prerequisites.mjs';

function run(command, args) {
  process.stderr.write(`setup: ${command} ${args.join(' ')}\n`);
  execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], cwd: root });
}

const missing = PREREQUISITES.filter((p) => !p.present());
const packages = missing.filter((p) => p.apt).map((p) => p.apt);
if (packages.length > 0) {
  const asRoot = process.getuid?.() === 0;
  if (!asRoot && !onPath('sudo')) {
    process.stderr.write(
      `setup: the tests need the Debian packages ${packages.join(' ')}, and installing them needs root.\n` +
        `Install them, e.g.\n  sudo apt-get install -y ${packages.join(' ')}\nthen run npm run setup again.\n`,
    );
    process.exit(1);
  }
  const aptGet = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];
  const apt = (...args) =>
    asRoot ? run(aptGet[0], [...aptGet.slice(1), ...args]) : run('sudo', ['-n', ...aptGet, ...args]);
  apt('update', '-qq');
  apt('install', '-y', '-qq', '--no-install-recommends', ...packages);
}
for (const p of missing) if (p.command) run(p.command[0], p.command.slice(1));
const still = PREREQUISITES.filter((p) => !p.present());
if (still.length > 0) {
  process.stderr.write(`setup: still missing ${still.map((p) => p.name).join(', ')}\n`);
  process.exit(1);
}
process.stderr.write('setup: everything the tests need is here\n');
