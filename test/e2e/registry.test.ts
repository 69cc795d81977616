// The tool surface as clients see it: a committed snapshot per tool (a change to one tool shows in
// review as a change to its own file) and rules every tool must follow.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import type { Client, Tool } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fullInputSchema } from '../../src/mcp/compact-schema.js';
import { TOOLS } from '../../tools/index.js';
import { depsFor, inMemoryClient } from '../support/mcp.js';

interface ListedSchema {
  description?: string;
  type?: string | string[];
  anyOf?: ListedSchema[];
  required?: string[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  items?: ListedSchema;
  properties?: Record<string, ListedSchema>;
}

/** Every optional argument of a schema, at any depth (the objects of a list included), by path. */
function optionalArgumentsOf(schema: ListedSchema, prefix = ''): [string, ListedSchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const own: [string, ListedSchema][] = schema.required?.includes(name) ? [] : [[path, property]];
    const items = property.items ?? property.anyOf?.find((s) => s.items)?.items;
    return [
      ...own,
      ...optionalArgumentsOf(property, `${path}.`),
      ...(items ? optionalArgumentsOf(items, `${path}[].`) : []),
    ];
  });
}

function acceptsNull(schema: ListedSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') || (schema.anyOf ?? []).some((s) => s.type === 'null');
}

/** Every argument of a listed input schema, at any depth (the objects of a list included), by path. */
function argumentsOf(schema: ListedSchema, prefix = ''): [string, ListedSchema][] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const item = property.items?.properties ? argumentsOf(property.items, `${path}[].`) : [];
    return [[path, property] as [string, ListedSchema], ...argumentsOf(property, `${path}.`), ...item];
  });
}

const BOUNDS = ['minimum', 'maximum', 'minItems', 'maxItems', 'default'] as const;

/** The full input schema of a tool: the one the server checks arguments with. */
function checkedSchema(name: string): ListedSchema {
  const tool = TOOLS.find((t) => t.name === name);
  if (!tool) throw new Error(`${name} is not a tool`);
  return fullInputSchema(z.object(tool.inputShape)) as ListedSchema;
}

/** One file per listed tool, `<tool_name>.json`; `-u` rewrites them and removes those of tools gone. */
const SNAPSHOTS = new URL('__snapshots__/tools/', import.meta.url);
const REFRESH = '`npx vitest run test/e2e/registry.test.ts -u`';

/** What a client reads of one tool in tools/list, as its snapshot holds it. */
function surface(tool: Tool) {
  const { name, title, description, annotations, inputSchema, outputSchema } = tool;
  return { name, title, description, annotations, inputSchema, outputSchema };
}

let client: Client;
let tools: Tool[];

beforeAll(async () => {
  // No call reaches this address: listing tools needs no upstream.
  client = await inMemoryClient(depsFor('http://127.0.0.1:9', 'unused-key'));
  tools = (await client.listTools()).tools;
});

afterAll(async () => {
  await client.close();
});

describe('tools/list', () => {
  it('lists the tools in the order of the registry', () => {
    expect(tools.map((t) => t.name)).toEqual(TOOLS.map((t) => t.name));
  });

  it('has the ten contract tools of DESIGN.md with their arguments', () => {
    const args = Object.fromEntries(tools.map((t) => [t.name, Object.keys(t.inputSchema.properties ?? {})]));
    expect(args).toMatchObject({
      search_players: expect.arrayContaining(['query', 'league', 'club', 'season', 'limit']),
      rank_players_by_role: expect.arrayContaining(['role', 'season', 'league', 'limit']),
      scout_players: expect.arrayContaining(['roles', 'season', 'max_age', 'min_minutes', 'limit']),
      compare_players: expect.arrayContaining(['player_ids']),
      fit_score: expect.arrayContaining(['player_ids', 'club']),
      resolve_players: expect.arrayContaining(['players']),
      player_history: expect.arrayContaining(['player_id']),
      list_leagues: expect.any(Array),
      list_roles: expect.any(Array),
      quota_status: expect.any(Array),
    });
  });
});

describe.each(TOOLS.map((t) => [t.name, t] as const))('%s', (name) => {
  const listed = () => {
    const tool = tools.find((t) => t.name === name);
    if (!tool) throw new Error(`${name} not listed`);
    return tool;
  };

  it('matches its committed snapshot', async () => {
    await expect(`${JSON.stringify(surface(listed()), null, 2)}\n`).toMatchFileSnapshot(
      `__snapshots__/tools/${name}.json`,
    );
  });

  it('has a snake_case name, a title and a guiding description', () => {
    const tool = listed();
    expect(tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(tool.title?.length).toBeGreaterThan(3);
    expect(tool.description?.length).toBeGreaterThan(120);
  });

  it('is annotated open-world, and read-only unless it writes our own watchlists', () => {
    // The watchlist tools are the only ones that change anything, and only this server's own store:
    // update_watchlist its lists, watchlist_report the snapshot a refresh stores.
    const writes = name === 'update_watchlist' || name === 'watchlist_report';
    expect(listed().annotations).toMatchObject({ readOnlyHint: !writes, openWorldHint: true });
    if (name === 'update_watchlist') expect(listed().annotations).toMatchObject({ idempotentHint: true });
  });

  it('declares an output schema with the envelope', () => {
    const schema = listed().outputSchema;
    expect(schema?.type).toBe('object');
    expect(schema?.required).toEqual(expect.arrayContaining(['data', 'quota', 'source']));
  });

  it('has a plain object input schema (no anyOf/oneOf/allOf at the root)', () => {
    const schema = listed().inputSchema as Record<string, unknown>;
    expect(schema.type).toBe('object');
    for (const combinator of ['anyOf', 'oneOf', 'allOf']) expect(schema).not.toHaveProperty(combinator);
  });

  it('describes every argument, with its numeric bounds and default in words (for hosts that drop them)', () => {
    // The bounds are the ones the server checks; tools/list gives them in words only.
    const listedArguments = new Map(argumentsOf(listed().inputSchema as ListedSchema));
    const missing: string[] = [];
    for (const [path, property] of argumentsOf(checkedSchema(name))) {
      const description = listedArguments.get(path)?.description ?? '';
      if (!description.trim()) missing.push(`${path}: no description`);
      const words = new Set(description.match(/[\w.]+/g) ?? []);
      for (const keyword of BOUNDS) {
        const value = property[keyword];
        if (value === undefined) continue;
        const wanted = Array.isArray(value) ? value.map(String) : [String(value)];
        for (const word of wanted)
          if (!words.has(word)) missing.push(`${path}: ${keyword} ${word} not in "${description}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists bounds in words only, and every optional argument as nullable (null reads as absent)', () => {
    const listedSchema = listed().inputSchema as ListedSchema;
    const keywords = argumentsOf(listedSchema).flatMap(([path, property]) =>
      BOUNDS.filter((k) => property[k] !== undefined).map((k) => `${path}: ${k}`),
    );
    expect(keywords).toEqual([]);
    const optional = optionalArgumentsOf(listedSchema);
    expect(optional.length).toBe(optionalArgumentsOf(checkedSchema(name)).length);
    expect(optional.filter(([, p]) => !acceptsNull(p)).map(([path]) => path)).toEqual([]);
  });

  it('lives in its own kebab-case file under tools/', () => {
    const files = readdirSync(new URL('../../tools/', import.meta.url));
    expect(files).toContain(`${name.replace(/_/g, '-')}.ts`);
  });
});

describe('the snapshot files', () => {
  it('are one per listed tool, none left for a tool that is gone', () => {
    const mode = expect.getState().snapshotState.snapshotUpdateState;
    const files = existsSync(SNAPSHOTS) ? readdirSync(SNAPSHOTS) : [];
    const wanted = tools.map((t) => `${t.name}.json`);
    const gone = files.filter((file) => !wanted.includes(file));
    if (mode === 'all') {
      for (const file of gone) rmSync(new URL(file, SNAPSHOTS));
    } else {
      expect(gone, `files of tools no longer listed: ${REFRESH} removes them`).toEqual([]);
    }
    // A new tool's file is written when the run ends, unless snapshots are not written at all (CI).
    if (mode === 'none') {
      const missing = wanted.filter((file) => !files.includes(file));
      expect(missing, `tools without a snapshot file: ${REFRESH} writes them`).toEqual([]);
    }
  });
});
