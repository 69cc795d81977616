// What the server learns from values, on answers generated from a seed (printed; FOOTBALL_TEST_SAMPLE_SEED
// replays it): field names renamed to random words, another language or casing, rows in random order,
// decoys that look like a field but disagree. The property: a field shows the same fact as on the plain
// answer, or stays blank (the answer then names it unread) — never a different fact.
import fc from 'fast-check';
import Keyv from 'keyv';
import { describe, expect, it } from 'vitest';
import { readEnumRoles } from '../../src/api/enums.js';
import { aliasSet, DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { learnedTable } from '../../src/api/reader/learning.js';
import { fieldName } from '../../src/api/reader/names.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import * as S from '../../src/api/schemas.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import { byRank } from '../../src/facts/rank-order.js';
import { SAMPLE_SEED } from '../support/sample.js';

const SEED = [...`${SAMPLE_SEED}:learned-names`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`learned names: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);
const RUNS = { seed: SEED, numRuns: 150 };

/** A word no alias, field or lifted object of ours knows: what a style nobody listed calls a field. */
const unknownWord = fc
  .stringMatching(/^[a-z]{4,9}$/)
  .filter((w) => !DEFAULT_ALIAS_SET.words.has(w) && !['player', 'attributes', 'person'].includes(w));
const cased = (word: fc.Arbitrary<string>) =>
  fc
    .tuple(word, fc.constantFrom('lower', 'upper', 'title', 'camel'))
    .map(([w, c]) =>
      c === 'upper'
        ? w.toUpperCase()
        : c === 'title'
          ? `${w[0]?.toUpperCase()}${w.slice(1)}`
          : c === 'camel'
            ? `${w}Val`
            : w,
    );

const CLUBS = ['RC Lens', 'FC Nantes', 'Olympique Lyon', 'Stade Rennes', 'AS Monaco', 'OGC Nice', 'FC Metz'];

const playerArb = (i: number) =>
  fc.record({
    player_id: fc.constant(`p${i}`),
    service_id: fc.constant(`ds_${String(i).padStart(16, '0')}`),
    name: fc.constant(`Player ${String.fromCharCode(65 + i)}. Example`),
    club: fc.constantFrom(...CLUBS),
    age: fc.integer({ min: 17, max: 38 }),
  });

const worldArb = fc
  .integer({ min: 2, max: 7 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => playerArb(i))));

/** What reading a plain ranking reports: every field read under its own name. */
const readPlain = () => ({ aliases: [], unreadable: {}, dropped: [], missing: [] });

/** The learner has seen `players` ranked. */
function learnRanking(learner: NamesLearned, players: readonly Record<string, unknown>[]): void {
  const ranking = { data: players };
  learner.learn('rankings', ranking, readAnswer(S.RankingsResponse, ranking, 'r').value, readPlain());
}

/** Two players of two clubs, ranked: enough rows for a club to name its field. */
const TWO_RANKED = [
  { rank: 1, name: 'A', club: 'RC Lens', age: 20, score: 2, player_id: 'p1' },
  { rank: 2, name: 'B', club: 'FC Metz', age: 24, score: 1, player_id: 'p2' },
];

/** A compare answer of `players` with their clubs under `name`, raw and read. */
function compareWithClubAs(name: string, players: readonly { player_id: string; club: string }[]) {
  const raw = { data: players.map((p) => ({ player_id: p.player_id, service_id: null, [name]: p.club })) };
  return { raw, ...readAnswer(S.CompareResponse, raw, 'c') };
}

describe('fields found by their values', () => {
  it('under a word the reader knows for another field, written in another case', () => {
    // `formazione` is Italian for a formation and for a team: the reading folds `Formazione` to it (an
    // alias of formation) and names it so; the raw rows still hold it as the API wrote it.
    const learner = new NamesLearned();
    learnRanking(learner, TWO_RANKED);
    const { raw, value, report } = compareWithClubAs('Formazione', [
      { player_id: 'p1', club: 'RC Lens' },
      { player_id: 'p2', club: 'FC Metz' },
    ]);
    const found = learner.learn('compare', raw, value, report);
    expect(found.map((f) => [f.field, f.name])).toContainEqual(['club', 'formazione']);
  });

  it('show the fact the rankings told, or stay blank and named: never another', () => {
    fc.assert(
      fc.property(
        worldArb,
        fc.uniqueArray(cased(unknownWord), { minLength: 3, maxLength: 3, selector: fieldName }),
        fc.boolean(),
        fc.integer({ min: 0, max: 1000 }),
        (players, names, byId, shuffle) => {
          const [clubName, ageName, decoy] = names as [string, string, string];
          const learner = new NamesLearned();
          learnRanking(
            learner,
            players.map((p, i) => ({ ...p, rank: i + 1, score: 90 - i })),
          );
          // The compare answer: rows in another order, club and age renamed, and a decoy field holding
          // another player's club (a wrong fact that must never be read as the club).
          const order = players.map((_, i) => (i + shuffle) % players.length);
          const rows = order.map((at) => {
            const p = players[at] as (typeof players)[number];
            const other = players[(at + 1) % players.length] as (typeof players)[number];
            return {
              ...(byId ? { player_id: p.player_id } : { name: p.name }),
              service_id: p.service_id,
              [clubName]: p.club,
              [ageName]: p.age,
              [decoy]: other.club === p.club ? 'Somewhere Else FC' : other.club,
            };
          });
          const raw = { data: rows };
          const first = readAnswer(S.CompareResponse, raw, 'GET /v1/compare');
          const found = learner.learn('compare', raw, first.value, first.report);
          expect(found.map((f) => f.name)).not.toContain(decoy);
          const again = readAnswer(
            S.CompareResponse,
            raw,
            'GET /v1/compare',
            aliasSet(learnedTable(learner.learned)),
          );
          for (const row of again.value.data) {
            const p = players.find((q) => q.service_id === row.service_id);
            expect(p).toBeDefined();
            if (row.club != null) expect(row.club).toBe(p?.club);
            if (row.age != null) expect(row.age).toBe(p?.age);
          }
          // Two rows or more agreeing: the club is found (a club is a known club on every row).
          if (players.length >= 2) expect(again.value.data.every((r) => r.club != null)).toBe(true);
        },
      ),
      RUNS,
    );
  });

  it('learn nothing from one row: one match is chance', () => {
    const learner = new NamesLearned();
    learnRanking(learner, [{ rank: 1, name: 'A', club: 'RC Lens', age: 20, score: 1, player_id: 'p1' }]);
    const raw = { data: [{ player_id: 'p1', service_id: null, zzclub: 'RC Lens' }] };
    const { value, report } = readAnswer(S.CompareResponse, raw, 'c');
    expect(learner.learn('compare', raw, value, report)).toEqual([]);
  });
});

describe('the routes file has the last word', () => {
  it('a name it gives a field is never learned as another', () => {
    const learner = new NamesLearned();
    learnRanking(learner, TWO_RANKED);
    const { raw, value, report } = compareWithClubAs('Verbund', TWO_RANKED);
    expect(learner.learn('compare', raw, value, report, new Set(['verbund']))).toEqual([]);
    expect(learner.learn('compare', raw, value, report).map((l) => [l.field, l.name])).toEqual([
      ['club', 'Verbund'],
    ]);
  });
});

describe('kept per upstream in the store', () => {
  it('a run that starts reads what an earlier one learned of the same upstream only', async () => {
    const store = new Keyv();
    const writes = new Set<Promise<unknown>>();
    const first = new NamesLearned();
    await first.keepIn(store, 'https://api.one/v1', writes);
    learnRanking(first, TWO_RANKED);
    const { raw, value, report } = compareWithClubAs('Verbund', TWO_RANKED);
    expect(first.learn('compare', raw, value, report)).toHaveLength(1);
    await Promise.all(writes);

    const again = new NamesLearned();
    await again.keepIn(store, 'https://api.one/v1', writes);
    expect(again.learned.map((l) => [l.field, l.name])).toEqual([['club', 'Verbund']]);
    const other = new NamesLearned();
    await other.keepIn(store, 'https://api.two/v1', writes);
    expect(other.learned).toEqual([]);
  });

  it('a store that fails is told, on reading and on writing, and costs no reading', async () => {
    const down = new Error('store down');
    const failing = { get: () => Promise.reject(down), set: () => Promise.reject(down) };
    const writes = new Set<Promise<unknown>>();
    const told: unknown[] = [];
    const learner = new NamesLearned();
    await expect(learner.keepIn(failing, 'https://api.one/v1', writes, (e) => told.push(e))).rejects.toBe(
      down,
    );
    learnRanking(learner, TWO_RANKED);
    const { raw, value, report } = compareWithClubAs('Verbund', TWO_RANKED);
    expect(learner.learn('compare', raw, value, report)).toHaveLength(1);
    await Promise.all(writes);
    expect(told).toEqual([down]);
  });
});

describe('the role list found by its values', () => {
  it('whatever its name and its key field, with the renamed keys kept', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(cased(unknownWord), { minLength: 3, maxLength: 3, selector: fieldName }),
        fc.shuffledSubarray([...ROLE_KEYS], { minLength: 6, maxLength: 6 }),
        (names, renamedKeys) => {
          const [listName, keyName, formerName] = names as [string, string, string];
          const renamed = new Set(renamedKeys);
          const list = ROLE_KEYS.map((key) =>
            renamed.has(key) ? { [keyName]: `${key}_v2`, [formerName]: key } : { [keyName]: key },
          );
          const { roles, listed } = readEnumRoles({ data: { [listName]: list } });
          expect(listed).toBe(true);
          expect(roles).toHaveLength(31);
          for (const key of renamedKeys)
            expect(roles.find((r) => r.key === `${key}_v2`)?.deprecatedKeys).toEqual([key]);
        },
      ),
      RUNS,
    );
  });
});

describe('a ranking in rank order', () => {
  it('ties ranked the usual way (1, 2, 2, 4) leave no rank missing; a rank lost after a tie is said', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 2, maxLength: 30 }),
        fc.nat(),
        (scores, pick) => {
          // Ranked as sports tables rank: a row's rank is 1 + the rows scoring more.
          const desc = [...scores].sort((a, b) => b - a);
          const rows = desc.map((score) => ({ rank: 1 + desc.filter((s) => s > score).length }));
          expect(byRank(rows).notes.some((n) => n.startsWith('Ranks missing'))).toBe(false);
          // Every row of one rank but the first and the last left out: that rank is said missing.
          const ranks = [...new Set(rows.map((r) => r.rank))];
          if (ranks.length < 3) return;
          const lost = ranks[1 + (pick % (ranks.length - 2))];
          const notes = byRank(rows.filter((r) => r.rank !== lost)).notes;
          expect(notes.find((n) => n.startsWith('Ranks missing'))).toContain(String(lost));
        },
      ),
      RUNS,
    );
  });

  it('whatever order the rows came in; gaps and repeats said, never hidden', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((n) =>
          fc.tuple(
            fc.shuffledSubarray(
              Array.from({ length: n }, (_, i) => i + 1),
              { minLength: 1, maxLength: n },
            ),
            fc.constant(n),
          ),
        ),
        ([ranks]) => {
          const rows = ranks.map((rank) => ({ rank }));
          const { rows: sorted, notes } = byRank(rows);
          const got = sorted.map((r) => r.rank);
          expect(got).toEqual([...ranks].sort((a, b) => a - b));
          const gaps = got.some((r, i) => i > 0 && r - (got[i - 1] as number) > 1);
          expect(notes.some((n) => n.startsWith('Ranks missing'))).toBe(gaps);
          expect(notes.some((n) => n.includes('starts at rank'))).toBe((got[0] as number) > 1);
        },
      ),
      RUNS,
    );
  });

  it('says a repeated rank', () => {
    expect(byRank([{ rank: 2 }, { rank: 1 }, { rank: 2 }]).notes.join(' ')).toMatch(/same rank.*2/);
  });

  it('knows a list sent worst first', () => {
    expect(byRank([{ rank: 100 }, { rank: 99 }, { rank: 98 }]).reversed).toBe(true);
    expect(byRank([{ rank: 1 }, { rank: 2 }, { rank: 3 }]).reversed).toBe(false);
  });
});

describe('learning costs nothing it need not', () => {
  it('an answer with no field left empty is not walked again, nor a ranking read before', () => {
    const learner = new NamesLearned();
    const plain = { data: TWO_RANKED.map((p) => ({ ...p, service_id: null })) };
    const { value, report } = readAnswer(S.RankingsResponse, plain, 'r');
    learner.learn('rankings', plain, value, report);
    // The raw answer counts every property read of it: the learner has nothing to look for in it.
    let reads = 0;
    const counted = new Proxy(plain, {
      get(target, key, receiver) {
        reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    expect(learner.learn('rankings', counted, value, report)).toEqual([]);
    expect(reads).toBe(0);
    expect(learner.facts.players.size).toBe(2);
  });
});

describe('learning turned off (--learn-names false)', () => {
  it('learns nothing, takes nothing kept: a renamed field stays unread, with its note', async () => {
    const players = TWO_RANKED.map((p) => ({ ...p, service_id: null }));
    const store = new Keyv();
    const earlier = new NamesLearned();
    await earlier.keepIn(store, 'https://api.example', new Set());
    const off = new NamesLearned({ learn: false });
    for (const learner of [earlier, off]) {
      const ranking = { data: players };
      const read = readAnswer(S.RankingsResponse, ranking, 'r');
      learner.learn('rankings', ranking, read.value, read.report);
    }
    const { raw, ...first } = compareWithClubAs('verbund', players);
    expect(earlier.learn('compare', raw, first.value, first.report).map((l) => l.name)).toEqual(['verbund']);
    await new Promise((resolve) => setImmediate(resolve));
    await off.keepIn(store, 'https://api.example', new Set());
    expect(off.learned).toEqual([]);

    const { value } = readAnswer(
      S.CompareResponse,
      raw,
      'c',
      aliasSet(learnedTable(off.learned)),
      off.couldBe,
    );
    expect(off.learn('compare', raw, value, first.report)).toEqual([]);
    for (const row of value.data) {
      expect(row.club).toBeUndefined();
      expect(unreadMarks(row)?.names.club).toEqual(['verbund']);
    }
  });
});
