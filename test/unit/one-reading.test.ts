// The response cache keeps what was read, keyed by the request: two schemas reading one route would
// each get whichever reading the first call made. Every route is read by one schema across the code:
// the one its declaration names (src/api/endpoints.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/api/routes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('one reading per route', () => {
  it('no route is read with two schemas: its declaration is the one place a route meets a schema', () => {
    const readers = new Map<string, Set<string>>();
    const places = new Set<string>();
    // Declarations and calls written over several lines too (the formatter breaks long ones after the bracket).
    const pairing =
      /\b(?:call|readPages|readAll|callItems|one|pages|all|items)\(\s*(?:api,\s*)?'([A-Za-z]+)',\s*([A-Za-z]+)/g;
    for (const file of [...sources('tools'), ...sources('src')]) {
      for (const [, route, schema] of readFileSync(file, 'utf8').matchAll(pairing)) {
        readers.set(route as string, (readers.get(route as string) ?? new Set()).add(schema as string));
        places.add(relative(root, file));
      }
    }
    expect([...places]).toEqual([join('src', 'api', 'endpoints.ts')]);
    expect([...readers.keys()].sort()).toEqual(Object.keys(ROUTES).sort());
    const twice = [...readers].filter(([, schemas]) => schemas.size > 1).map(([r, s]) => `${r}: ${[...s]}`);
    expect(twice).toEqual([]);
  });
});
