// What the hosted, chart-app and conformance tests need beyond `npm install`: checked by `npm test`
// (scripts/test-prerequisites.mjs, which installs nothing) and installed by `npm run setup`
// (scripts/setup.mjs). The tests that need a missing one fail with the same message.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

const SUITE = 'node_modules/@modelcontextprotocol/conformance';
const versionOf = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).version : undefined);

/** The conformance suite installed under test/conformance is the one its lockfile names. */
function conformanceInstalled() {
  const lock = JSON.parse(readFileSync(join(root, 'test/conformance/package-lock.json'), 'utf8'));
  const locked = lock.packages?.[SUITE]?.version;
  return locked !== undefined && versionOf(join(root, 'test/conformance', SUITE, 'package.json')) === locked;
}

/**
 * Each prerequisite: what needs it, whether it is there, and how `npm run setup` gets it (a Debian
 * package with apt-get, or a command run in the checkout).
 */
export const PREREQUISITES = [
  {
    name: 'redis-server',
    for: 'the hosted-mode tests',
    present: () => onPath('redis-server'),
    apt: 'redis-server',
  },
  {
    // Debian's chromium, driven by playwright-core (no browser download); its fonts also serve the PNG charts.
    name: 'chromium',
    for: 'the chart app tests',
    present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    apt: 'chromium',
  },
  {
    // Its own lockfile and its own Node 22, apart from the project's Node 20 toolchain.
    name: 'the MCP conformance suite',
    for: 'the conformance tests',
    present: conformanceInstalled,
    command: ['npm', 'ci', '--prefix', 'test/conformance', '--no-audit', '--no-fund'],
  },
];

export const SETUP_HINT =
  'run `npm run setup` (apt-get as root or with sudo, and npm ci --prefix test/conformance)';

export { onPath };
