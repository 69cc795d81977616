// Every answer is checked against its tool's full output schema; the checks compiled from the schema
// (src/mcp/output-check.ts) must accept exactly what zod accepts and leave the refusals, word for word,
// to zod.
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileCheck, withCompiledCheck } from '../../src/mcp/output-check.js';
import { envelopeSchema } from '../../src/mcp/result.js';
import { tabulate } from '../../src/mcp/tabular.js';
import { defineTool } from '../../src/mcp/tool.js';
import { depsFor, inMemoryClient, textOf } from '../support/mcp.js';

const Row = z.object({
  rank: z.number(),
  name: z.string().nullable(),
  minutes: z.number().optional(),
  foot: z.enum(['left', 'right']).optional(),
  goals: z.number().int().optional(),
  tags: z.array(z.string()).optional(),
  kind: z.literal('player'),
});
const Data = z.array(Row);
const Extra = { role: z.string(), counts: z.record(z.string(), z.number()).optional() };
const QUOTA = { unlimited: true };
const SOURCE = { cached: true, fetched_at: '2026-03-01T09:30:12Z' };

function answer(rows: unknown[][]) {
  return {
    data: { columns: ['rank', 'name', 'minutes', 'foot', 'goals', 'tags', 'kind'], rows },
    quota: QUOTA,
    source: SOURCE,
    has_more: false,
    role: 'x',
  };
}

const GOOD: unknown[] = [1, 'A', 900, 'left', 3, ['t'], 'player'];
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  '',
  '1',
  0,
  1.5,
  -1,
  true,
  {},
  [],
  ['t'],
  [1],
  'left',
  'up',
  'player',
];

/** Every cell of a good row replaced in turn by every odd value, and rows too short and too long. */
function variants(): unknown[] {
  const out: unknown[] = [answer([GOOD, GOOD])];
  for (let cell = 0; cell < GOOD.length; cell++)
    for (const odd of ODD_VALUES) {
      const row = [...GOOD];
      row[cell] = odd;
      out.push(answer([GOOD, row]));
    }
  out.push(answer([GOOD.slice(0, -1)]), answer([[...GOOD, 'extra']]), answer([]));
  const reordered = answer([GOOD]);
  reordered.data.columns = ['name', 'rank', 'minutes', 'foot', 'goals', 'tags', 'kind'];
  out.push(reordered);
  const { source: _, ...noSource } = answer([GOOD]);
  out.push(noSource, { ...answer([GOOD]), role: 3 }, { ...answer([GOOD]), counts: { a: 'b' } });
  out.push({ ...answer([GOOD]), counts: { a: 1 } }, { ...answer([GOOD]), notes: ['n', 2] }, null, []);
  return out;
}

describe('output checks compiled from the schema', () => {
  const zodOnly = envelopeSchema(Data, Extra);
  const compiled = withCompiledCheck(envelopeSchema(Data, Extra));

  it('accept exactly what zod accepts, and give zod’s own issues for what it refuses', async () => {
    let refused = 0;
    for (const value of variants()) {
      const want = await zodOnly['~standard'].validate(value);
      const got = await compiled['~standard'].validate(value);
      expect(got.issues, JSON.stringify(value)).toEqual(want.issues);
      if (want.issues) refused++;
    }
    // The variants are mostly broken rows: the check is put to the test, not only fed good answers.
    expect(refused).toBeGreaterThan(60);
  });

  it('never pass on their own what zod refuses (strict objects, refinements, unions go to zod)', () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.strictObject({ a: z.number() }), { a: 1, b: 2 }],
      [z.number().int(), 1.5],
      [z.string().min(2), 'a'],
      [z.union([z.number(), z.null()]), 'x'],
      [z.tuple([z.number()]), [1, 2]],
      [z.tuple([z.number()], z.string()), [1, 2]],
      [z.object({ a: z.unknown() }), []],
      [z.object({ a: z.string() }), {}],
      [z.array(z.number()), [1, undefined]],
      [z.literal('a'), 'b'],
      [z.object({ a: z.exactOptional(z.string()) }), { a: undefined }],
      [z.email(), 'not an address'],
      [z.iso.datetime(), 'yesterday'],
      [z.int(), 1.5],
      [z.uuid().nullable(), 'x'],
    ];
    for (const [schema, value] of schemas) {
      expect(schema.safeParse(value).success).toBe(false);
      expect(compileCheck(schema)(value), JSON.stringify(value)).toBe(false);
    }
    // What they do pass, zod passes too: an optional field left out, an exact one too.
    const optional = z.object({ a: z.exactOptional(z.string()), b: z.string().optional() });
    for (const value of [{}, { b: undefined }, { a: 'x', b: 'y' }])
      expect([compileCheck(optional)(value), optional.safeParse(value).success]).toEqual([true, true]);
  });

  it('leave the JSON Schema a client lists as it was', () => {
    expect(z.toJSONSchema(compiled)).toEqual(z.toJSONSchema(zodOnly));
  });
});

describe('a tool whose answer breaks its schema', () => {
  const deps = depsFor('http://127.0.0.1:9', 'key');
  afterAll(() => deps.api.close());

  const tool = (rows: unknown[]) =>
    defineTool({
      name: 'broken_rows',
      title: 'Broken rows',
      toolset: 'players',
      description: 'A tool for this test only.',
      input: {},
      output: z.array(z.object({ rank: z.number(), name: z.string() })),
      run: async () => ({
        data: rows as { rank: number; name: string }[],
        quota: { limit: null, remaining: null, reset: null, unlimited: true, observed_at: null },
        source: { cached: true, fetched_at: '2026-03-01T09:30:12.000Z' },
      }),
      text: () => 'rows',
    });

  it('is refused by the server in zod’s words, naming the row and the column', async () => {
    const client = await inMemoryClient(deps, {
      tools: [
        tool([
          { rank: 1, name: 'A' },
          { rank: '2', name: 'B' },
        ]),
      ],
    });
    try {
      const result = await client.callTool({ name: 'broken_rows', arguments: {} });
      expect(result.isError).toBe(true);
      const text = textOf(result as Parameters<typeof textOf>[0]);
      expect(text).toBe(
        'Output validation error: Invalid structured content for tool broken_rows: data.rows.1.0: Invalid input: expected number, received string',
      );
    } finally {
      await client.close();
    }
  });

  it('goes out when every row is right', async () => {
    const client = await inMemoryClient(deps, { tools: [tool([{ rank: 1, name: 'A' }])] });
    try {
      const result = await client.callTool({ name: 'broken_rows', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        data: tabulate([{ rank: 1, name: 'A' }], z.array(z.object({ rank: z.number(), name: z.string() }))),
      });
    } finally {
      await client.close();
    }
  });
});
