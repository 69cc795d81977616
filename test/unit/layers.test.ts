// The house's rooms, top to bottom: a file may import its own room and the rooms below it, never one
// above. The sandbox is a separate program: only the entry layer may load it, and it loads only itself,
// src/domain and src/lib. src/lib (helpers with no domain) imports no other room; every room may use it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** Each room with its depth; a file belongs to the first prefix it starts with. */
const ROOMS: [prefix: string, depth: number][] = [
  ['src/index.ts', 0],
  ['src/main.ts', 0],
  ['src/config.ts', 0],
  ['src/app/', 0],
  ['src/doctor/', 0],
  ['src/http/', 1],
  ['tools/', 2],
  ['src/mcp/', 3],
  ['src/charts/', 4],
  ['src/api/', 5],
  ['src/store/', 5],
  ['src/domain/', 6],
  ['src/log.ts', 7],
  ['src/version.ts', 7],
  ['src/start-error.ts', 7],
  ['src/sandbox/', 8],
  ['src/lib/', 9],
];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return files(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function roomOf(path: string): [string, number] {
  const room = ROOMS.find(([prefix]) => path === prefix || path.startsWith(prefix));
  if (!room) throw new Error(`${path} is in no room: add it to ROOMS`);
  return room;
}

const IMPORT = /(?:from\s+|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

it('no room imports a room above it; only the entry layer loads the sandbox, which loads only itself, domain and lib', () => {
  const wrong: string[] = [];
  for (const file of [...files('src'), ...files('tools')]) {
    const [room, depth] = roomOf(file);
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), match[1] ?? ''))).replace(
        /\.js$/,
        '.ts',
      );
      const [targetRoom, targetDepth] = roomOf(target);
      if (targetRoom === room) continue;
      const intoSandbox = targetRoom === 'src/sandbox/' && depth !== 0;
      const outOfSandbox =
        room === 'src/sandbox/' && targetRoom !== 'src/domain/' && targetRoom !== 'src/lib/';
      const above = room !== 'src/sandbox/' && targetDepth < depth;
      if (above || intoSandbox || outOfSandbox) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});
