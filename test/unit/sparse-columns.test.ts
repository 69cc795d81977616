// Rows whose optional fields are named and typed in the output schema, their columns in a table only
// when some row fills them (src/mcp/tabular.ts, sparseColumns): compositions of filled and empty
// optional fields drawn from a seed, each table checked against its schema and read back.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sparseColumns, tabularSchema, tabulate, untabulate } from '../../src/mcp/tabular.js';

const Row = sparseColumns(
  z.looseObject({
    id: z.string(),
    former: z.string().nullable().optional(),
    minutes: z.number().nullable(),
    from: z.object({ club: z.string().nullable() }).optional(),
    change: z.number().optional(),
  }),
);
const Rows = z.array(Row);
const OPTIONAL = ['former', 'from', 'change'] as const;

/** mulberry32: the cases are the same on every run, and a failure names its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function rowsFrom(seed: number): Record<string, unknown>[] {
  const next = random(seed);
  return Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => ({
    id: `p${i}`,
    minutes: next() < 0.2 ? null : Math.floor(next() * 3000),
    ...(next() < 0.3 ? { former: next() < 0.5 ? null : `row${i}` } : {}),
    ...(next() < 0.3 ? { from: { club: next() < 0.5 ? null : 'FC A' } } : {}),
    ...(next() < 0.3 ? { change: Math.floor(next() * 20) - 10 } : {}),
    ...(next() < 0.1 ? { extra: 'kept' } : {}),
  }));
}

describe('sparse columns', () => {
  for (let seed = 1; seed <= 40; seed++) {
    it(`seed ${seed}: an optional column only when a row fills it, each cell checked by its column`, () => {
      const rows = rowsFrom(seed);
      const table = tabulate(rows, Rows) as { columns: string[]; rows: unknown[][] };
      for (const name of OPTIONAL)
        expect(table.columns.includes(name), name).toBe(rows.some((r) => r[name] !== undefined));
      expect(table.columns.slice(0, 1)).toEqual(['id']);
      const parsed = tabularSchema(Rows).safeParse(table);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      // Read back: every row has every column of the table, an absent field as null.
      const back = untabulate(table) as Record<string, unknown>[];
      back.forEach((row, i) => {
        for (const name of table.columns) expect(row[name]).toEqual(rows[i]?.[name] ?? null);
      });
    });
  }

  it('refuses a cell of the wrong type, a missing required column and columns out of order', () => {
    const schema = tabularSchema(Rows);
    const ok = { columns: ['id', 'minutes', 'change'], rows: [['p0', 90, 3]] };
    expect(schema.safeParse(ok).success).toBe(true);
    expect(schema.safeParse({ ...ok, rows: [['p0', 90, 'three']] }).success).toBe(false);
    expect(schema.safeParse({ columns: ['minutes', 'change'], rows: [[90, 3]] }).success).toBe(false);
    expect(schema.safeParse({ columns: ['minutes', 'id'], rows: [[90, 'p0']] }).success).toBe(false);
    expect(schema.safeParse({ ...ok, rows: [['p0', 90]] }).success).toBe(false);
  });

  it('leaves other tables as they were: an optional column of a plain row is kept, null-filled', () => {
    const Plain = z.object({ id: z.string(), change: z.number().optional() });
    expect(tabulate([{ id: 'a' }], z.array(Plain))).toEqual({
      columns: ['id', 'change'],
      rows: [['a', null]],
    });
  });
});
