import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tabularSchema, tabulate, untabulate } from '../../src/mcp/tabular.js';

const Row = z.object({
  rank: z.number(),
  name: z.string().nullable(),
  minutes: z.number().optional(),
});

describe('tables in structured content', () => {
  it('turns a list of objects into columns named once and rows in their order', () => {
    const rows = [
      { rank: 1, name: 'A', minutes: 900 },
      { name: null, rank: 2 },
    ];
    const table = tabulate(rows, z.array(Row));
    expect(table).toEqual({
      columns: ['rank', 'name', 'minutes'],
      rows: [
        [1, 'A', 900],
        [2, null, null],
      ],
    });
    expect(tabularSchema(z.array(Row)).safeParse(table).success).toBe(true);
    expect(untabulate(table)).toEqual([
      { rank: 1, name: 'A', minutes: 900 },
      { rank: 2, name: null, minutes: null },
    ]);
  });

  it('types every column: a row with a value of the wrong type is refused', () => {
    const schema = tabularSchema(z.array(Row));
    expect(schema.safeParse({ columns: ['rank', 'name', 'minutes'], rows: [['1', 'A', 9]] }).success).toBe(
      false,
    );
    expect(schema.safeParse({ columns: ['name', 'rank', 'minutes'], rows: [] }).success).toBe(false);
  });

  it('finds lists of objects inside objects and inside rows', () => {
    const Team = z.object({
      name: z.string(),
      squad: z
        .array(z.object({ player: z.string(), caps: z.array(z.object({ year: z.number() })) }))
        .optional(),
    });
    const team = { name: 'T', squad: [{ player: 'P', caps: [{ year: 2024 }] }] };
    const table = tabulate(team, Team);
    expect(table).toEqual({
      name: 'T',
      squad: { columns: ['player', 'caps'], rows: [['P', { columns: ['year'], rows: [[2024]] }]] },
    });
    expect(tabularSchema(Team).safeParse(table).success).toBe(true);
    expect(untabulate(table)).toEqual(team);
  });

  it('keeps the fields of loose rows that their schema does not name, as columns after the named ones', () => {
    const Loose = z.array(z.looseObject({ player_id: z.string() }));
    const rows = [
      { player_id: 'a', goals: 3 },
      { player_id: 'b', assists: 1 },
    ];
    const table = tabulate(rows, Loose);
    expect(table).toEqual({
      columns: ['player_id', 'goals', 'assists'],
      rows: [
        ['a', 3, null],
        ['b', null, 1],
      ],
    });
    expect(tabularSchema(Loose).safeParse(table).success).toBe(true);
  });

  it('makes tables of the lists of objects in fields no schema names', () => {
    const Loose = z.looseObject({ opponent: z.string() });
    const value = {
      opponent: 'X',
      meetings: [
        { date: 'd1', score: '1-0' },
        { date: 'd2', home: 'X' },
      ],
    };
    const table = tabulate(value, Loose);
    expect(table).toEqual({
      opponent: 'X',
      meetings: {
        columns: ['date', 'score', 'home'],
        rows: [
          ['d1', '1-0', null],
          ['d2', null, 'X'],
        ],
      },
    });
    expect(tabularSchema(Loose).safeParse(table).success).toBe(true);
  });

  it('leaves lists of values and empty lists of objects readable', () => {
    expect(tabulate(['x', 'y'], z.array(z.string()))).toEqual(['x', 'y']);
    expect(tabulate([], z.array(Row))).toEqual({ columns: ['rank', 'name', 'minutes'], rows: [] });
  });
});
