// A list whose every row lacks a field the spec does not fix (a glossary entry's key, a history row's
// season, a role's score…, the field under a made-up name) answers with the rows, the field unread on each
// (named in the answer's note), never a failed answer. Only what the spec fixes may be required: a player
// row's ids (checked last). The made-up names and row counts are drawn from the run's seed.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { generator, SAMPLE_SEED } from '../support/sample.js';

type Rows = (value: unknown) => unknown[];
type Case = {
  kind: string;
  schema: z.ZodType;
  /** One row as the plain API might send it. */
  row: Record<string, unknown>;
  /** The answer around `rows` (a list answer by default). */
  answer?: (rows: unknown[]) => unknown;
  /** The rows of the reading. */
  rows?: Rows;
  /** Fields renamed: each must be unread on every row. */
  renamed: string[];
};

const data: Rows = (v) => (v as { data: unknown[] }).data;
const inRecord =
  (list: string): Rows =>
  (v) =>
    (v as { data: Record<string, unknown[]> }).data[list] ?? [];

const CASES: Case[] = [
  {
    kind: 'glossary entry',
    schema: S.GlossaryResponse,
    row: { key: 'xg', kind: 'statistic', name: 'Expected goals', unit: 'per 90' },
    renamed: ['key'],
  },
  {
    kind: 'history row',
    schema: S.HistoryResponse,
    row: { season: '25-26', player_id: 'p1', club: 'RC Lens', league: 'Ligue 1', minutes: 1840 },
    renamed: ['season'],
  },
  {
    kind: 'role score',
    schema: S.PlayerRolesResponse,
    row: { role: 'faux_9', score: 81.2 },
    renamed: ['score'],
  },
  {
    kind: 'role key',
    schema: S.PlayerRolesResponse,
    row: { role: 'faux_9', score: 81.2 },
    renamed: ['role'],
  },
  { kind: 'season', schema: S.SeasonsResponse, row: { season: '25-26', current: true }, renamed: ['season'] },
  {
    kind: 'coach stint',
    schema: S.CoachCareerResponse,
    row: { club: 'RC Lens', league: 'Ligue 1', from: '2020-07-01', matches: 80 },
    renamed: ['club'],
  },
  {
    kind: 'projection',
    schema: S.ProjectionsResponse,
    row: { league: 'Serie A', country: 'Italy', projected_score: 70.5, current_score: 66.1 },
    renamed: ['league'],
  },
  {
    kind: 'team',
    schema: S.TeamsResponse,
    row: { team_id: 't1', name: 'RC Lens', city: 'Lens', country: 'France' },
    renamed: ['team_id', 'name'],
  },
  {
    kind: 'coach',
    schema: S.CoachesResponse,
    row: { coach_id: 'c1', name: 'Pierre Sage', nationality: 'France', age: 45, formation: '3-4-3' },
    renamed: ['coach_id', 'name'],
  },
  {
    kind: 'saved item',
    schema: S.SavedItemsResponse,
    row: { id: 'idx_1', name: 'Pressing wingers', description: 'wingers who press high' },
    renamed: ['id', 'name'],
  },
  {
    kind: 'strength',
    schema: S.PlayerStrengthsResponse,
    row: { statistic: 'xg', value: 0.41, percentile: 91 },
    answer: (rows) => ({ data: { strengths: rows, weaknesses: [] } }),
    rows: inRecord('strengths'),
    renamed: ['statistic'],
  },
  {
    kind: 'meeting',
    schema: S.HeadToHeadResponse,
    row: { date: '2025-10-04', home: 'RC Lens', away: 'LOSC Lille', home_goals: 2, away_goals: 1 },
    answer: (rows) => ({ data: { meetings: rows } }),
    rows: inRecord('meetings'),
    renamed: ['home_goals'],
  },
  {
    kind: 'fit',
    schema: S.FitScoreResponse,
    row: { club: 'RC Lens', league: 'Ligue 1', score: 71.5 },
    answer: (rows) => ({ data: [{ player_id: 'p1', service_id: null, name: 'A', fits: rows }] }),
    rows: (v) => data(v).flatMap((p) => (p as { fits?: unknown[] }).fits ?? []),
    renamed: ['score'],
  },
];

const random = generator(`${SAMPLE_SEED}:rows-guessed-fields`);
const SYLLABLES = ['ka', 'ru', 'mi', 'zo', 'te', 'vu', 'pla', 'nor', 'bix', 'qua', 'dre', 'fol'];
/** A made-up field name no alias holds. */
function madeUp(): string {
  const n = 2 + Math.floor(random() * 3);
  return Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join('');
}

describe(`rows lacking a field the spec does not fix (seed ${SAMPLE_SEED})`, () => {
  it.each(CASES.map((c) => [c.kind, c] as const))('%s: kept, the field unread', (_, c) => {
    const names = Object.fromEntries(c.renamed.map((f) => [f, madeUp()]));
    const count = 1 + Math.floor(random() * 4);
    const sent = Array.from({ length: count }, () =>
      Object.fromEntries(Object.entries(c.row).map(([k, v]) => [names[k] ?? k, v])),
    );
    const raw = (c.answer ?? ((rows) => ({ data: rows })))(sent);
    const what = `${c.kind} with ${JSON.stringify(names)}, ${count} rows, seed ${SAMPLE_SEED}`;
    const { value } = readAnswer(c.schema, raw, 'GET /v1/test');
    const rows = (c.rows ?? data)(value) as Record<string, unknown>[];
    expect(rows, what).toHaveLength(count);
    for (const row of rows) {
      for (const field of c.renamed) {
        expect(row[field] ?? undefined, what).toBeUndefined();
        expect(unreadWhy(row, field), `${what}: ${field}`).toBe('name');
      }
      // The fields it sent under their own names are read.
      for (const [field, sentValue] of Object.entries(c.row))
        if (!c.renamed.includes(field) && typeof sentValue === 'string')
          expect(row[field], `${what}: ${field}`).toBe(sentValue);
    }
  });

  it("a player row's ids are fixed by the spec: a list none of whose rows has one still fails", () => {
    const raw = { data: [{ [madeUp()]: 'p1', [madeUp()]: 'A. Player', club: 'RC Lens', service_id: null }] };
    expect(() => readAnswer(S.ScoutingResponse, raw, 'GET /v1/test')).toThrow(/no readable row/);
  });

  it('a row lacking its identity with nothing of its own read is left out, not shown blank', () => {
    const raw = { data: [{ [madeUp()]: 'RC Lens', season: '25-26' }] };
    expect(() => readAnswer(S.TeamsResponse, raw, 'GET /v1/test')).toThrow(/no readable row/);
  });
});
