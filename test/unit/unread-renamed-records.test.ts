// Records and compare rows whose own names are all renamed: a record asked by its id read with its id and
// name unread (never refused), the numbers a compare row gives beside its statistics read by an alias or
// named unread, and the answer's one note naming every unread field shown. Seeded generated names
// (FOOTBALL_TEST_SAMPLE_SEED replays them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { unreadWhy } from '../../src/api/reader/unread.js';
import { CoachResponse, CompareResponse, PlayerRecordResponse, TeamResponse } from '../../src/api/schemas.js';
import { isKnownStatistic } from '../../src/domain/position-statistics.js';
import { collectBlankColumns, completenessNotes } from '../../src/mcp/completeness.js';
import { seenFromCompare } from '../../src/watchlists/compare-rows.js';
import { toPlayerCard } from '../../tools/kit/player-sections.js';
import { cardText } from '../../tools/kit/player-text.js';
import { propertyRuns } from '../support/sample.js';

const unknownWord = fc
  .stringMatching(/^[a-z]{5,9}$/)
  .filter(
    (w) =>
      !DEFAULT_ALIAS_SET.words.has(w) &&
      !isKnownStatistic(w) &&
      !['player', 'attributes', 'person', 'coach', 'team', 'club', 'equipe', 'entraineur'].includes(w),
  );
const words = (n: number) => fc.uniqueArray(unknownWord, { minLength: n, maxLength: n });

const renamed = (record: Record<string, unknown>, names: readonly string[]) =>
  Object.fromEntries(Object.entries(record).map(([k, v], i) => [names[i] ?? k, v]));

describe('a record asked by its id, every name renamed', () => {
  const team = { team_id: 't0q0eu74', name: 'RC Lens', city: 'Lens', country: 'France', squad_size: 24 };
  const coach = { coach_id: 'c0q0eu74', name: 'Mehdi Ziykaoui', nationality: 'France', age: 54 };

  it.each([
    ['team', TeamResponse, team, 'team_id'],
    ['coach', CoachResponse, coach, 'coach_id'],
  ] as const)('a %s record is read with its id and name unread, not refused', (kind, schema, record, id) => {
    fc.assert(
      fc.property(words(Object.keys(record).length), (names) => {
        const { value } = readAnswer(schema, { data: renamed(record, names) }, `GET /v1/${kind}s/:id`);
        const data = value.data as Record<string, unknown>;
        expect(data[id] ?? null).toBeNull();
        expect(data.name ?? null).toBeNull();
        expect(unreadWhy(data, id)).toBe('name');
        expect(unreadWhy(data, 'name')).toBe('name');
      }),
      propertyRuns(`renamed ${kind} record`),
    );
  });

  it("a team's style under its name but a text (no map of aspects) is unread, never an empty map", () => {
    const read = (style: unknown) => {
      const { value } = readAnswer(TeamResponse, { data: { ...team, style } }, 'GET /v1/teams/:id');
      return value.data as Record<string, unknown>;
    };
    const text = read('c0q008nd');
    expect(text.style ?? null).toBeNull();
    expect(unreadWhy(text, 'style')).toBe('value');
    expect(read({ possession: 86 }).style).toEqual({ possession: 86 });
    expect(read(null).style ?? null).toBeNull();
  });

  it('an answer holding nothing of a record is still refused', () => {
    expect(() => readAnswer(TeamResponse, { data: { zorblat: 'x' } }, 'GET /v1/teams/:id')).toThrow();
  });
});

describe('numbers a compare row gives beside its statistics', () => {
  const row = (beside: Record<string, unknown>) => ({
    player_id: 'p1',
    service_id: 'ds_0000000000000001',
    name: 'Player One',
    statistics: { goals: 0.26, xg: 0.32, pass_completion_pct: 77.1 },
    ...beside,
  });
  const compared = (beside: Record<string, unknown>) =>
    readAnswer(
      CompareResponse,
      {
        data: [
          row(beside),
          { ...row(beside), player_id: 'p2', service_id: 'ds_0000000000000002', name: 'Player Two' },
        ],
      },
      'POST /v1/compare',
    ).value.data;

  it('under names nothing reads: the snapshot names them unread, never absent', () => {
    fc.assert(
      fc.property(
        words(2),
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.integer({ min: 100_000, max: 200_000_000 }),
        ([index, value], performance, euros) => {
          const [first] = compared({ [index as string]: performance, [value as string]: euros });
          const seen = seenFromCompare(first as typeof first & object);
          expect(seen.performance_index).toBeNull();
          expect(seen.market_value_eur).toBeNull();
          expect(seen.unread).toEqual(expect.arrayContaining(['performance_index', 'market_value_eur']));
        },
      ),
      propertyRuns('renamed numbers beside compare statistics'),
    );
  });

  it('under an alias: read as ours', () => {
    const aliases = (field: string) => DEFAULT_ALIAS_SET.of(field);
    fc.assert(
      fc.property(
        fc.constantFrom(...aliases('performance_index')),
        fc.constantFrom(...aliases('market_value_eur')),
        (index, value) => {
          const [first] = compared({ [index]: 80.8, [value]: 37_250_000 });
          const seen = seenFromCompare(first as typeof first & object);
          expect(seen.performance_index).toBe(80.8);
          expect(seen.market_value_eur).toBe(37_250_000);
        },
      ),
      propertyRuns('aliased numbers beside compare statistics'),
    );
  });

  it('a row that truly lacks them (nothing unread beside) has them absent', () => {
    const [first] = compared({});
    const seen = seenFromCompare(first as typeof first & object);
    expect(seen.unread ?? []).not.toContain('performance_index');
    expect(seen.unread ?? []).not.toContain('market_value_eur');
  });
});

describe('the one note on unread fields', () => {
  const SHOWN = [
    'name',
    'age',
    'position',
    'minutes',
    'performance_index',
    'nationality',
    'contract_until',
    'market_value_eur',
    'height_cm',
    'primary_role',
    'club',
    'league',
    'season',
    'similarity',
  ];
  it('names every unread field shown, however many', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(SHOWN, { minLength: 1 }), words(3), (fields, names) => {
        const [note] = completenessNotes(
          [],
          [],
          fields.map((field) => ({ field, why: 'name' as const, names })),
        );
        for (const field of fields) expect(note).toContain(field);
        expect((note as string).length).toBeLessThanOrEqual(300);
      }),
      propertyRuns('every unread field named'),
    );
  });
});

describe('a player card whose role and index are both renamed', () => {
  it('names the index in the note, though no role line is shown', () => {
    fc.assert(
      fc.property(words(2), ([role, index]) => {
        const raw = {
          data: {
            player_id: 'p1',
            service_id: 'ds_0000000000000001',
            name: 'Player One',
            club: 'RC Lens',
            [role as string]: 'ailier_provocateur',
            [index as string]: 80.8,
          },
        };
        const { value, report } = readAnswer(PlayerRecordResponse, raw, 'GET /v1/players/:id');
        const card = toPlayerCard(value.data);
        const { blank, unread } = collectBlankColumns(() => cardText(card), [report]);
        const notes = completenessNotes(blank, [report], unread);
        expect(notes.join('\n')).toContain('performance_index');
      }),
      propertyRuns('renamed role and index on a card'),
    );
  });
});
