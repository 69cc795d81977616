// Structure before names: whatever casing the API writes a field in (camelCase, PascalCase, kebab,
// spaced, UPPER), whether its rows are plain, resource objects (`attributes`, `relationships`,
// `included`) or carry their player nested, whether some fields are moved one level down under a
// name nothing reads, and whether a value comes wrapped (`{value}`, a numeric string, `{name}`), every field a tool shows is either read, or named as unread: the completeness
// guard (src/mcp/completeness.ts) turns the blank column into a note naming the field and the API's
// own name for it. Never a silent blank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { readAnswer } from '../../src/api/reader/index.js';
import * as S from '../../src/api/schemas.js';
import { tieRows } from '../../src/facts/resolve-match.js';
import { completenessNotes } from '../../src/mcp/completeness.js';
import { propertyRuns } from '../support/sample.js';
import { STYLES, type Style, spell } from '../support/spellings.js';

type Kind = 'id' | 'text' | 'number';

interface Case {
  schema: z.ZodType;
  /** The fields tools show of these rows, and what kind of value each is. */
  shown: Record<string, Kind>;
  /** Fields that must keep a name the reader knows (a row without them is left out, which says so). */
  required: readonly string[];
  /** Fields of the row's player: a resource row may carry them in `included`, behind `relationships.player`. */
  player: readonly string[];
  /** Fields whose place the spec fixes (besides ids and names): never moved into a group. */
  fixed?: readonly string[];
}

const PLAYER_IDS: Record<string, Kind> = { player_id: 'id', service_id: 'id' };

const CASES: Record<string, Case> = {
  rankings: {
    schema: S.RankingsResponse,
    shown: { ...PLAYER_IDS, rank: 'number', name: 'text', club: 'text', age: 'number', score: 'number' },
    required: ['rank', 'score', 'player_id'],
    player: ['service_id', 'name', 'age'],
    fixed: ['rank', 'name', 'club', 'age', 'score'],
  },
  scouting: {
    schema: S.ScoutingResponse,
    shown: {
      ...PLAYER_IDS,
      name: 'text',
      club: 'text',
      league: 'text',
      age: 'number',
      minutes: 'number',
      score: 'number',
      market_value_eur: 'number',
    },
    required: ['player_id'],
    player: ['service_id', 'name', 'age'],
  },
  similar: {
    schema: S.SimilarResponse,
    shown: { ...PLAYER_IDS, name: 'text', club: 'text', similarity: 'number', performance_index: 'number' },
    required: ['player_id'],
    player: ['service_id', 'name'],
  },
  projections: {
    schema: S.ProjectionsResponse,
    shown: { league: 'text', current_score: 'number', projected_score: 'number', delta: 'number' },
    required: ['league'],
    player: [],
  },
  coaches: {
    schema: S.CoachesResponse,
    shown: { coach_id: 'id', name: 'text', team: 'text', league: 'text', age: 'number', formation: 'text' },
    required: ['coach_id'],
    player: [],
  },
};

/** How a value may come: as it is, or wrapped as the API may send it (the wrapper's names spelled by `m`). */
function wrap(value: string | number, kind: Kind, how: number, m: (name: string) => string): unknown {
  if (kind === 'number') return how === 1 ? String(value) : how === 2 ? { [m('value')]: value } : value;
  if (kind === 'text' && how === 2) return { [m('id')]: 'x1', [m('name')]: value };
  return value;
}

const STRUCTURES = ['plain', 'resource', 'included', 'nested'] as const;
type Structure = (typeof STRUCTURES)[number];

const text = fc.stringMatching(/^[A-Z][a-z]{2,8}( [A-Z][a-z]{2,8})?$/);
const id = fc.stringMatching(/^[a-z][a-z0-9]{3,10}$/);
const number = fc.oneof(
  fc.integer({ min: 1, max: 5000 }),
  fc.integer({ min: 10, max: 999 }).map((n) => n / 10),
);
const arbitraryOf = (kind: Kind) => (kind === 'id' ? id : kind === 'text' ? text : number);
/** Fields with a value domain of their own (src/api/reader/plausible.ts): values as the API would send. */
const DOMAIN_ARBITRARIES: Readonly<Record<string, fc.Arbitrary<number | string>>> = {
  // The spec's form of a person's id.
  service_id: fc.stringMatching(/^ds_[A-Za-z0-9]{16}$/),
  age: fc.integer({ min: 15, max: 45 }),
  minutes: fc.integer({ min: 0, max: 4000 }),
  // A valuation: under a thousand euros one is unread (values.ts: optEuros).
  market_value_eur: fc.integer({ min: 1000, max: 200_000_000 }),
};

function rowArb(shown: Record<string, Kind>) {
  return fc.record(
    Object.fromEntries(
      Object.entries(shown).map(([f, kind]) => [f, DOMAIN_ARBITRARIES[f] ?? arbitraryOf(kind)]),
    ),
  ) as fc.Arbitrary<Record<string, string | number>>;
}

function answerArb(c: Case) {
  const fields = Object.keys(c.shown);
  return fc.record({
    rows: fc.array(rowArb(c.shown), { minLength: 1, maxLength: 5 }),
    // One API names a field one way in all its rows.
    styles: fc.record(
      Object.fromEntries(
        fields.map((f) => [
          f,
          c.required.includes(f)
            ? fc.constantFrom(...STYLES.filter((s) => s !== 'unknown'))
            : fc.constantFrom(...STYLES),
        ]),
      ),
    ) as fc.Arbitrary<Record<string, Style>>,
    wraps: fc.record(Object.fromEntries(fields.map((f) => [f, fc.nat(2)]))) as fc.Arbitrary<
      Record<string, number>
    >,
    structure: fc.constantFrom(...STRUCTURES),
    // The names of a resource object's members and of a value's wrapper, in one casing per API.
    members: fc.constantFrom(...STYLES.filter((s) => s !== 'unknown')),
    // Fields moved one level down under a name nothing reads (`{name, details: {age}}`), where they sit.
    grouped: fc.subarray(fields.filter((f) => c.shown[f] !== 'id' && f !== 'name' && !c.fixed?.includes(f))),
    under: fc.constantFrom('details', 'profile', 'info', 'extra', 'context', 'zusatz'),
  });
}

type Answer = {
  rows: Record<string, string | number>[];
  styles: Record<string, Style>;
  wraps: Record<string, number>;
  structure: Structure;
  members: Style;
  grouped: string[];
  under: string;
};

/** The raw answer the API might send for these rows. */
function render(c: Case, answer: Answer): unknown {
  const { rows, styles, wraps, structure, members, grouped, under } = answer;
  const m = (name: string) => spell(name, members);
  const fieldsOf = (row: Record<string, string | number>, only: (f: string) => boolean) => {
    const out: Record<string, unknown> = {};
    const group: Record<string, unknown> = {};
    for (const [f, v] of Object.entries(row)) {
      if (!only(f)) continue;
      const value = wrap(v, c.shown[f] as Kind, wraps[f] as number, m);
      (grouped.includes(f) ? group : out)[spell(f, styles[f] as Style)] = value;
    }
    if (Object.keys(group).length > 0) out[under] = group;
    return out;
  };
  const included: unknown[] = [];
  const data = rows.map((row, i) => {
    const hasPlayer = c.player.length > 0 && 'player_id' in row;
    const inPlayer = (f: string) => c.player.includes(f) || f === 'player_id';
    switch (structure) {
      case 'nested':
        if (!hasPlayer) return fieldsOf(row, () => true);
        return { ...fieldsOf(row, (f) => !inPlayer(f)), player: fieldsOf(row, inPlayer) };
      case 'resource':
        // A resource of its own kind: its id is the row's, never a player's.
        return {
          [m('type')]: 'result-row',
          [m('id')]: `row-${i}`,
          [m('attributes')]: fieldsOf(row, () => true),
        };
      case 'included': {
        if (!hasPlayer)
          return {
            [m('type')]: 'result-row',
            [m('id')]: `row-${i}`,
            [m('attributes')]: fieldsOf(row, () => true),
          };
        included.push({
          [m('type')]: 'players',
          [m('id')]: row.player_id,
          [m('attributes')]: fieldsOf(row, (f) => c.player.includes(f)),
        });
        return {
          [m('type')]: 'ranking-entries',
          [m('id')]: `entry-${i}`,
          [m('attributes')]: fieldsOf(row, (f) => !inPlayer(f)),
          [m('relationships')]: {
            [m('player')]: { [m('data')]: { [m('type')]: 'players', [m('id')]: row.player_id } },
          },
        };
      }
      default:
        return fieldsOf(row, () => true);
    }
  });
  return included.length > 0 ? { data, [m('included')]: included } : { data };
}

const expected = (kind: Kind, value: string | number) => (kind === 'number' ? value : String(value));

describe.each(Object.entries(CASES))('%s rows in any casing and structure', (_, c) => {
  it('every field a tool shows is read, or the answer names it as unread', () => {
    fc.assert(
      fc.property(answerArb(c), (answer) => {
        const raw = render(c, answer as Answer);
        const { value, report } = readAnswer(c.schema, raw, 'GET /v1/test');
        const rows = (value as { data: Record<string, unknown>[] }).data;
        expect(rows).toHaveLength(answer.rows.length);
        for (const [field, kind] of Object.entries(c.shown)) {
          const got = rows.map((row) => row[field]);
          const want = answer.rows.map((row) => expected(kind, row[field] as string | number));
          const style = (answer.styles as Record<string, Style>)[field] as Style;
          // A name that folds to one we read is read, whatever the structure around it.
          if (style !== 'unknown') {
            expect(got, `${field} spelled ${spell(field, style)}`).toEqual(want);
            continue;
          }
          // Not read: blank on every row, and the guard names the field and the API's name for it.
          expect(
            got.every((v) => v === null || v === undefined),
            `${field}: ${JSON.stringify(got)}`,
          ).toBe(true);
          const upstream = spell(field, style);
          const notes = completenessNotes(
            [{ header: field, reads: [field], blank: rows.length, rows: rows.length }],
            [report],
          );
          expect(notes.join('\n'), `${field} blank without a word`).toContain(`"${field}"`);
          expect(notes.join('\n'), notes.join('\n')).toContain(upstream);
        }
      }),
      propertyRuns('reader structure', 200),
    );
  });
});

describe('a resource object is read by its type', () => {
  it('a ranking entry’s own id is not a player_id; its player comes from included', () => {
    const { value } = readAnswer(
      S.RankingsResponse,
      {
        data: [
          {
            type: 'ranking-entry',
            id: 'entry-1',
            attributes: { rank: 1, score: 80.5 },
            relationships: {
              player: { data: { type: 'player', id: 'p1' } },
              club: { data: { type: 'team', id: 't1' } },
            },
          },
        ],
        included: [
          {
            type: 'player',
            id: 'p1',
            attributes: { fullName: 'Ann Lee', serviceId: 'ds_0123456789abcdef', age: 22 },
          },
          { type: 'team', id: 't1', attributes: { name: 'RC Lens' } },
        ],
      },
      'GET /v1/rankings',
    );
    expect(value.data[0]).toMatchObject({
      player_id: 'p1',
      service_id: 'ds_0123456789abcdef',
      name: 'Ann Lee',
      club: 'RC Lens',
      team_id: 't1',
      rank: 1,
      score: 80.5,
    });
  });

  it('a player resource’s id is its player_id, a team’s its team_id', () => {
    const players = readAnswer(
      S.ScoutingResponse,
      { data: [{ type: 'players', id: 'p9', attributes: { FullName: 'B', MarketValueEur: '5000' } }] },
      'POST /v1/scouting',
    );
    expect(players.value.data[0]).toMatchObject({ player_id: 'p9', name: 'B', market_value_eur: 5000 });
    const teams = readAnswer(
      S.TeamsResponse,
      { data: [{ type: 'team', id: 't9', attributes: { name: 'C' } }] },
      'GET /v1/teams',
    );
    expect(teams.value.data[0]).toMatchObject({ team_id: 't9', name: 'C' });
  });

  it('a fit row’s one score in another casing is its fit (not an empty list)', () => {
    const { value } = readAnswer(
      S.FitScoreResponse,
      { data: [{ playerId: 'p1', serviceId: null, FitScore: '71,5' }] },
      'POST /v1/fit-score',
    );
    expect(value.data[0]).toMatchObject({ player_id: 'p1', fits: [{ score: 71.5 }] });
  });

  it('a known field name is never shadowed by another spelling of it', () => {
    const { value } = readAnswer(
      S.ScoutingResponse,
      { data: [{ player_id: 'p1', club: 'Known', ClubName: 'Other', Club: 'Third' }] },
      'POST /v1/scouting',
    );
    expect(value.data[0]?.club).toBe('Known');
  });
});

describe('a resolve-batch echo in another casing', () => {
  it('ties each row to the query it echoes, whatever the casing of the echo', () => {
    const { value } = readAnswer(
      S.ResolveBatchResponse,
      {
        data: [
          {
            query: { FullName: 'Ann Lee' },
            Status: 'resolved',
            PlayerId: 'p2',
            ServiceId: 'ds_0123456789abcdef',
          },
          { query: { PlayerId: 'p1' }, Status: 'resolved', PlayerId: 'p1', ServiceId: 'ds_fedcba9876543210' },
        ],
      },
      'POST /v1/players/resolve-batch',
    );
    const tied = tieRows([{ player_id: 'p1' }, { name: 'Ann Lee' }], value.data);
    expect(tied.rows.map((r) => r?.player_id)).toEqual(['p1', 'p2']);
    expect(tied.stray).toEqual([]);
  });
});
