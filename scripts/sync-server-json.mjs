#!/usr/bin/env node
// Keeps server.json, the MCP Registry entry, in step with package.json: its name is package.json's
// mcpName, every version is package.json's version, and the .mcpb download URL names that version's
// release. With --mcpb <file>, also records the bundle's SHA-256 (hosts check it before installing), to be
// run on the very file uploaded to the release. Runs on `npm version` (package.json "version" script).
//
//   node scripts/sync-server-json.mjs [--mcpb football-scout-mcp.mcpb] [--check]
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { mcpb: { type: 'string' }, check: { type: 'boolean', default: false } },
});
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const file = join(root, 'server.json');
const before = readFileSync(file, 'utf8');
const server = JSON.parse(before);

server.name = pkg.mcpName;
server.version = pkg.version;
for (const entry of server.packages) {
  entry.version = pkg.version;
  if (entry.registryType === 'npm') entry.identifier = pkg.name;
  if (entry.registryType === 'mcpb') {
    entry.identifier = entry.identifier.replace(
      /\/releases\/download\/v[^/]+\//,
      `/releases/download/v${pkg.version}/`,
    );
    if (values.mcpb) entry.fileSha256 = createHash('sha256').update(readFileSync(values.mcpb)).digest('hex');
  }
}

const changed = JSON.stringify(server) !== JSON.stringify(JSON.parse(before));
if (values.check) {
  if (changed) {
    process.stderr.write(
      'server.json is out of step with package.json: run node scripts/sync-server-json.mjs\n',
    );
    process.exit(1);
  }
} else if (changed) {
  writeFileSync(file, `${JSON.stringify(server, null, 2)}\n`);
  // In the layout lint expects (short arrays and objects on one line).
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/@biomejs/biome/bin/biome'), 'format', '--write', file],
    {
      stdio: 'ignore',
    },
  );
  process.stderr.write(`server.json: ${server.name} ${server.version}\n`);
}
