// The house's rooms, top to bottom: a file may import its own room and the rooms below it, never one
// above. The sandbox is a separate program: only the entry layer may load it, and it loads only itself,
// src/domain and src/lib. src/lib (helpers with no domain) imports no other room; every room may use it.
// Every room holds only its own trade: the store, hosting and charts do not reach into the upstream client
// except where they truly depend on it (listed), and the upstream client speaks of the API, never of MCP tools.
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
  ['src/watchlists/', 4],
  ['src/charts/', 4],
  ['src/facts/', 5],
  ['src/api/', 6],
  ['src/store/', 6],
  ['src/domain/', 7],
  ['src/log.ts', 8],
  ['src/version.ts', 8],
  ['src/start-error.ts', 8],
  ['src/sandbox/', 9],
  ['src/lib/', 10],
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

/** Each import of our own code in `file`, as a path from the root ending in .ts. */
function importsOf(file: string): string[] {
  return [...readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)].map((match) =>
    relative(ROOT, normalize(join(ROOT, dirname(file), match[1] ?? ''))).replace(/\.js$/, '.ts'),
  );
}

it('no room imports a room above it; only the entry layer loads the sandbox, which loads only itself, domain and lib', () => {
  const wrong: string[] = [];
  for (const file of [...files('src'), ...files('tools')]) {
    const [room, depth] = roomOf(file);
    for (const target of importsOf(file)) {
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

/**
 * What the store, hosting and charts may take from src/api: each a real dependency on the upstream client's
 * trade (the cache's own entry format, the quota the API reports), not a helper that merely lives there.
 */
const API_IMPORTS_ALLOWED: Record<string, string> = {
  // The memory store of cached answers is the cache's default store, in its format (NATIVE_JSON).
  'src/store/open.ts → src/api/cache.ts': 'the cache store and its serialization',
  // /metrics shows the quota the API reported, as the client read it.
  'src/http/metrics.ts → src/api/quota.ts': 'the quota type',
  // /metrics times each upstream attempt the client reports (its onUpstream event).
  'src/http/metrics.ts → src/api/client.ts': 'the upstream event type',
};

it('the store, hosting and charts import src/api only where listed', () => {
  const found: string[] = [];
  for (const room of ['src/store', 'src/http', 'src/charts']) {
    for (const file of files(room)) {
      for (const target of importsOf(file)) {
        if (target.startsWith('src/api/')) found.push(`${file} → ${target}`);
      }
    }
  }
  expect(found.filter((edge) => !(edge in API_IMPORTS_ALLOWED))).toEqual([]);
  // A listed edge no longer taken is struck from the list.
  expect(Object.keys(API_IMPORTS_ALLOWED).filter((edge) => !found.includes(edge))).toEqual([]);
});

it('src/lib imports nothing of ours', () => {
  const found = files('src/lib').flatMap((file) =>
    importsOf(file)
      .filter((target) => !target.startsWith('src/lib/'))
      .map((target) => `${file} → ${target}`),
  );
  expect(found).toEqual([]);
});

/** The names of the MCP tools, read from their definitions. */
function toolNames(): string[] {
  return files('tools')
    .filter((file) => !file.startsWith('tools/kit/'))
    .flatMap((file) => [...readFileSync(join(ROOT, file), 'utf8').matchAll(/^\s*name: '([a-z_]+)',$/gm)])
    .map((match) => match[1] ?? '');
}

/**
 * Upstream field names that happen to be spelled as a tool is: the reader's aliases for the API's fit score
 * (what GET /v1/players/{id}/fit may call its value).
 */
const UPSTREAM_WORDS = new Set(['fit_score']);

/** The string literals of a TypeScript source: '…', "…" and template text (comments are not code). */
function stringLiterals(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return [...code.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)].map((m) => m[0]);
}

it('src/api and src/facts speak of the API, never of MCP tools: no tool name in their strings', () => {
  const names = toolNames();
  expect(names.length).toBe(22);
  const found: string[] = [];
  for (const file of [...files('src/api'), ...files('src/facts')]) {
    for (const literal of stringLiterals(readFileSync(join(ROOT, file), 'utf8'))) {
      for (const name of names) {
        if (!UPSTREAM_WORDS.has(name) && new RegExp(`\\b${name}\\b`).test(literal))
          found.push(`${file}: ${name}`);
      }
    }
  }
  expect(found).toEqual([]);
});

/** The watchlists' domain knows the upstream's answers and the store, never MCP, tools or charts. */
const WATCHLISTS_MAY_IMPORT = [
  'src/watchlists/',
  'src/facts/',
  'src/api/',
  'src/store/',
  'src/domain/',
  'src/lib/',
  'src/log.ts',
];

it('the watchlists room imports only itself, the facts, the api, the store, domain, lib and the logger', () => {
  const wrong: string[] = [];
  for (const file of files('src/watchlists')) {
    for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(IMPORT)) {
      const target = relative(ROOT, normalize(join(ROOT, dirname(file), match[1] ?? ''))).replace(
        /\.js$/,
        '.ts',
      );
      if (!WATCHLISTS_MAY_IMPORT.includes(roomOf(target)[0])) wrong.push(`${file} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});

/** The rooms that reach the upstream only through the client's typed methods (src/api/endpoints.ts). */
const CALLERS = ['tools/', 'src/mcp/', 'src/app/', 'src/http/', 'src/watchlists/'];
/** A value imported from the route table or the answer schemas (a type import is fine). */
const ROUTE_OR_SCHEMA = /import\s*\{([^}]*)\}\s*from\s*['"][./]+\/(?:src\/)?api\/(routes|schemas)\.js['"]/g;
/** A route named at the call: `api.call('player', …)`, `callItems`, `readPages(api, …)`, `readAll(api, …)`. */
const ROUTE_CALL = /\bapi\s*\.\s*call(?:Items)?\s*\(|\b(?:readPages|readAll)\s*\(/;

it('tools, the MCP surface and the app name no route and no answer schema: they call typed methods', () => {
  const wrong: string[] = [];
  for (const file of [...files('src'), ...files('tools')]) {
    if (!CALLERS.some((room) => file.startsWith(room))) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const match of text.matchAll(ROUTE_OR_SCHEMA)) {
      const values = (match[1] ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && !name.startsWith('type '));
      if (values.length > 0) wrong.push(`${file} imports ${values.join(', ')} from ${match[2]}.ts`);
    }
    if (ROUTE_CALL.test(text)) wrong.push(`${file} calls a route by name`);
  }
  expect(wrong).toEqual([]);
});
