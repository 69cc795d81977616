// A field a row lacks is unread only when a name nothing read could plausibly be it (src/api/reader/
// plausible.ts): its values agree with what the server knows (the players the rankings named, the
// leagues list) or lie in the field's own domain. On answers generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): fields an API adds of its own never add a note, and a field it renames is
// always either read (learned) or named unread — never a silent blank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aliasSet, DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { learnedTable } from '../../src/api/reader/learning.js';
import { fieldName } from '../../src/api/reader/names.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { familyByWord } from '../../src/domain/role-words.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import { propertyRuns } from '../support/sample.js';

const CLUBS = ['RC Lens', 'FC Nantes', 'Olympique Lyon', 'Stade Rennes', 'AS Monaco', 'OGC Nice', 'FC Metz'];
const LEAGUES = ['Ligue 1', 'Ligue 2', 'Bundesliga'];
const POSITIONS = ['forward', 'winger', 'goalkeeper', 'centre_back', 'central_midfielder'];
const SEASONS = ['24-25', '25-26', '26-27'];

/** A word no alias, field or lifted object of ours knows, nor a position word. */
const unknownWord = fc
  .stringMatching(/^[a-z]{4,9}$/)
  .filter(
    (w) =>
      !DEFAULT_ALIAS_SET.words.has(w) &&
      familyByWord(w) === undefined &&
      !['player', 'attributes', 'person', 'joueur', 'personne', 'spieler', 'statistics'].includes(w),
  )
  .map((w) => `zz${w}`);

const playerArb = (i: number) =>
  fc.record({
    player_id: fc.constant(`p${i}`),
    service_id: fc.constant(`ds_${String(i).padStart(16, '0')}`),
    name: fc.constant(`Player ${String.fromCharCode(65 + i)}. Example`),
    club: fc.constantFrom(...CLUBS),
    age: fc.integer({ min: 17, max: 38 }),
    league: fc.constantFrom(...LEAGUES),
    season: fc.constantFrom(...SEASONS),
    position: fc.constantFrom(...POSITIONS),
    minutes: fc.integer({ min: 90, max: 3400 }),
  });
type Player = {
  player_id: string;
  service_id: string;
  name: string;
  club: string;
  age: number;
  league: string;
  season: string;
  position: string;
  minutes: number;
};

const worldArb = fc
  .integer({ min: 1, max: 6 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => playerArb(i))));

/** Fields the server can weigh: by the rankings' facts, the leagues list, or their own domain. */
const WEIGHED = ['name', 'club', 'age', 'league', 'season', 'position', 'minutes'] as const;
type Weighed = (typeof WEIGHED)[number];

/** A learner that has read a ranking of `players` and the key's leagues list, as a server soon has. */
function learnerOf(players: readonly Player[]): NamesLearned {
  const learner = new NamesLearned();
  const ranking = { data: players.map((p, i) => ({ ...p, rank: i + 1, score: 90 - i })) };
  const read = readAnswer(S.RankingsResponse, ranking, 'r');
  learner.learn('rankings', ranking, read.value, read.report);
  const leagues = { data: LEAGUES.map((name) => ({ name, country: 'France' })) };
  const list = readAnswer(S.LeaguesResponse, leagues, 'l');
  learner.learn('leagues', leagues, list.value, list.report);
  return learner;
}

/** Values an API may add of its own that are none of our fields: a nationality, a flag, another's facts. */
const unrelatedArb = (players: readonly Player[]) =>
  fc.oneof(
    fc.constantFrom('France', 'Germany', 'Brazil', 'French', 'Senegalese', 'Spanish'),
    fc.boolean(),
    fc.integer({ min: 0, max: players.length - 1 }).map((i) => ({ other: i })),
  );

/** A scouting row of `p` carrying `kept` of the weighed fields, and the fields no tool weighs. */
function plainRow(p: Player, kept: readonly Weighed[]): Record<string, unknown> {
  const row: Record<string, unknown> = {
    player_id: p.player_id,
    service_id: p.service_id,
    competition: 'league',
    role: 'faux_9',
    score: 71.5,
    market_value_eur: 12_000_000,
    foot: 'left',
  };
  for (const field of kept) row[field] = p[field];
  return row;
}

/** Another player's club or name, never this one's: a fact of someone else. */
function resolveUnrelated(value: unknown, players: readonly Player[], at: number): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const other = players[(value as { other: number }).other] as Player;
  const self = players[at] as Player;
  return other.club !== self.club ? other.club : `${self.club} Reserves`;
}

function read(learner: NamesLearned, raw: unknown) {
  const aliases = aliasSet(learnedTable(learner.learned));
  const first = readAnswer(S.ScoutingResponse, raw, 'POST /v1/scouting', aliases, learner.couldBe);
  if (learner.learn('scouting', raw, first.value, first.report).length === 0) return first;
  return readAnswer(
    S.ScoutingResponse,
    raw,
    'POST /v1/scouting',
    aliasSet(learnedTable(learner.learned)),
    learner.couldBe,
  );
}

const fieldsOf = (row: unknown) => unreadMarks(row)?.fields ?? {};

/** Units a number may be written with, by field ("" leaves it a number); others keep their value. */
const DISPLAY_UNITS = ['', 'a', 'b'] as const;
const UNITS: Partial<Record<Weighed, Record<(typeof DISPLAY_UNITS)[number], string>>> = {
  age: { '': '', a: ' years', b: ' Jahre' },
  minutes: { '': '', a: ' min', b: ' mins' },
};

/** A renamed field's value as an API may write it: a number with its unit ("29 years"). */
function displayed(field: Weighed, value: unknown, unit: (typeof DISPLAY_UNITS)[number]): unknown {
  const word = UNITS[field]?.[unit];
  return word ? `${String(value)}${word}` : value;
}

describe('a field a row lacks', () => {
  it('is never called unread for fields an API adds of its own', () => {
    fc.assert(
      fc.property(
        worldArb.chain((players) =>
          fc.record({
            players: fc.constant(players),
            kept: fc.subarray([...WEIGHED]),
            extra: fc.uniqueArray(fc.tuple(unknownWord, unrelatedArb(players)), {
              minLength: 1,
              maxLength: 4,
              selector: ([name]) => fieldName(name),
            }),
          }),
        ),
        ({ players, kept, extra }) => {
          const learner = learnerOf(players);
          const plain = { data: players.map((p) => plainRow(p, kept)) };
          const noisy = {
            data: players.map((p, at) => ({
              ...plainRow(p, kept),
              ...Object.fromEntries(extra.map(([name, v]) => [name, resolveUnrelated(v, players, at)])),
            })),
          };
          const before = read(learner, plain);
          const after = read(learner, noisy);
          expect(learner.learned).toEqual([]);
          after.value.data.forEach((row, i) => {
            expect(fieldsOf(row)).toEqual(fieldsOf(before.value.data[i]));
          });
          // Nor in the report a blank column's note is drawn from (src/mcp/completeness.ts).
          for (const names of Object.values(after.report.coverage?.player?.fits ?? {}))
            expect(names).toEqual([]);
        },
      ),
      propertyRuns('unread: fields added of its own'),
    );
  });

  it('renamed, in a display form or not, is read under its new name or called unread: never a silent blank', () => {
    fc.assert(
      fc.property(
        worldArb.chain((players) =>
          fc.record({
            players: fc.constant(players),
            renamed: fc.constantFrom(...WEIGHED),
            name: unknownWord,
            extra: fc.array(fc.tuple(unknownWord, unrelatedArb(players)), { maxLength: 2 }),
            unit: fc.constantFrom(...DISPLAY_UNITS),
          }),
        ),
        ({ players, renamed, name, extra, unit }) => {
          const learner = learnerOf(players);
          const raw = {
            data: players.map((p, at) => {
              const { [renamed]: value, ...row } = plainRow(p, WEIGHED);
              for (const [n, v] of extra)
                if (fieldName(n) !== fieldName(name)) row[n] = resolveUnrelated(v, players, at);
              return { ...row, [name]: displayed(renamed, value, unit) };
            }),
          };
          const { value } = read(learner, raw);
          value.data.forEach((row, i) => {
            const p = players[i] as Player;
            const shown = (row as Record<string, unknown>)[renamed];
            if (shown == null) expect(fieldsOf(row)[renamed], `${renamed} blank without a note`).toBe('name');
            else expect(shown).toEqual(p[renamed]);
          });
        },
      ),
      propertyRuns('unread: a field renamed'),
    );
  });
});
