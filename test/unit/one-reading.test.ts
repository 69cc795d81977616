// The response cache keeps what was read, keyed by the request: two schemas reading one route would
// each get whichever reading the first call made. Every route is read by one schema across the code.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => join(e.parentPath, e.name));
}

describe('one reading per route', () => {
  it('no route is read with two schemas by the tools, resources and prompts', () => {
    const readers = new Map<string, Set<string>>();
    const places = new Map<string, number>();
    // Calls written over several lines too (the formatter breaks long ones after the bracket).
    const call = /\b(?:call|readPages|readAll|callItems)\(\s*(?:api,\s*)?'([A-Za-z]+)',\s*([A-Za-z]+)/g;
    for (const file of [...sources('tools'), ...sources('src')]) {
      for (const [, route, schema] of readFileSync(file, 'utf8').matchAll(call)) {
        readers.set(route as string, (readers.get(route as string) ?? new Set()).add(schema as string));
        places.set(route as string, (places.get(route as string) ?? 0) + 1);
      }
    }
    expect(readers.size).toBeGreaterThan(10);
    // The route that was once read two ways (rank_players_by_role and the watchlist refresh) is seen in both.
    expect(places.get('rankings')).toBeGreaterThanOrEqual(2);
    const twice = [...readers].filter(([, schemas]) => schemas.size > 1).map(([r, s]) => `${r}: ${[...s]}`);
    expect(twice).toEqual([]);
  });
});
