// The API's date of the data under a name nothing reads, on records generated from a seed (printed;
// FOOTBALL_TEST_SAMPLE_SEED replays it): renamed to a random word, written ISO or day first, beside a
// birth date and a contract's end under other unknown names. A refresh keys its week by the API's date
// when it reads it, by the fetch time saying the date was unread when it cannot, and as before (the API
// gave no date) when none was sent. Across the records of two players or more, the date is learned by
// its value; from one record, or when two names agree alike, never.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UpstreamServerError } from '../../src/api/errors.js';
import { aliasSet, DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { learnedTable } from '../../src/api/reader/learning.js';
import { fieldName } from '../../src/api/reader/names.js';
import { unreadMarks } from '../../src/api/reader/unread.js';
import { tallyRequests } from '../../src/api/request-tally.js';
import * as S from '../../src/api/schemas.js';
import { NamesLearned } from '../../src/facts/names-learned.js';
import type { ResolveQuery } from '../../src/facts/resolve-match.js';
import { CacheParts } from '../../src/watchlists/cache-parts.js';
import { refreshPersons } from '../../src/watchlists/refresh.js';
import type { WatchlistUpstream } from '../../src/watchlists/upstream.js';
import { isoWeek, weekText } from '../../src/watchlists/weeks.js';
import { SAMPLE_SEED } from '../support/sample.js';

const SEED = [...`${SAMPLE_SEED}:unread-date`].reduce(
  (h, c) => Math.imul(h ^ c.charCodeAt(0), 0x01000193),
  0x811c9dc5,
);
console.info(`unread data dates: fast-check seed ${SEED} (from sample seed ${SAMPLE_SEED})`);
const RUNS = { seed: SEED, numRuns: 60 };

const QUOTA = { limit: null, remaining: null, reset: null, unlimited: true, observed_at: null };
const DAY = 86_400_000;

/** A word no alias or field of ours knows. */
const unknownWord = fc
  .stringMatching(/^[a-z]{4,9}$/)
  .filter((w) => !DEFAULT_ALIAS_SET.words.has(w) && !['player', 'attributes', 'person'].includes(w));

/** A day `back` days before today, ISO. */
const daysAgo = (back: number) => new Date(Date.now() - back * DAY).toISOString().slice(0, 10);

/** An ISO day as the API may write it: as is, DD/MM/YYYY (day past 12: one reading), DD.MM.YYYY. */
type Form = 'iso' | 'slash' | 'dots';
function written(iso: string, form: Form): string {
  const [y, m, d] = iso.split('-');
  if (form === 'iso') return iso;
  return form === 'slash' ? `${d}/${m}/${y}` : `${d}.${m}.${y}`;
}
const formArb = fc.constantFrom<Form>('iso', 'slash', 'dots');
/** Days back whose day of the month is past 12, so a slash date reads one way only. */
const backArb = fc.integer({ min: 1, max: 90 }).filter((b) => Number(daysAgo(b).slice(8)) > 12);

interface Names {
  date: string;
  birth: string;
  contract: string;
}
const namesArb = fc
  .uniqueArray(unknownWord, { minLength: 3, maxLength: 3, selector: fieldName })
  .map(([date, birth, contract]) => ({ date, birth, contract }) as Names);

/** Player `i`'s record: the date of the data, a birth date and a contract's end, each under `names`. */
function record(i: number, dataAsOf: string | undefined, names: Names | undefined, form: Form) {
  const year = new Date().getUTCFullYear();
  const birth = `${1988 + i}-0${1 + (i % 9)}-1${i % 10}`;
  const fields = names
    ? {
        ...(dataAsOf ? { [names.date]: written(dataAsOf, form) } : {}),
        [names.birth]: written(birth, form),
        [names.contract]: `${year + 1 + (i % 3)}-06-30`,
      }
    : { ...(dataAsOf ? { data_as_of: written(dataAsOf, form) } : {}) };
  return {
    data: {
      player_id: `p${i}`,
      service_id: `ds_${String(i).padStart(16, '0')}`,
      name: `Player ${String.fromCharCode(65 + i)}. Example`,
      ...fields,
    },
  };
}

const readRecord = (raw: unknown, aliases = DEFAULT_ALIAS_SET) =>
  readAnswer(S.PlayerRecordResponse, raw, 'GET /v1/players/:id', aliases);

/** An upstream following one person whose record is `raw`, read as the client reads it. */
function upstreamOf(raw: ReturnType<typeof record>): WatchlistUpstream {
  const source = () => ({ cached: false, fetched_at: new Date().toISOString() });
  const read = readRecord(raw);
  return {
    quota: { current: () => QUOTA, sync: async () => QUOTA },
    resolve: async (queries: readonly ResolveQuery[]) => ({
      data: {
        rows: queries.map(() => ({
          player_id: raw.data.player_id,
          service_id: raw.data.service_id,
          name: raw.data.name,
          status: 'resolved' as const,
        })),
        stray: [],
      },
      quota: QUOTA,
      source: source(),
    }),
    record: async () => ({ data: read.value, quota: QUOTA, source: source(), read: read.report }),
  } as unknown as WatchlistUpstream;
}

async function weekOfRefresh(raw: ReturnType<typeof record>) {
  const entries = [{ service_id: raw.data.service_id }];
  const { value } = await tallyRequests(() =>
    refreshPersons(entries, upstreamOf(raw), new CacheParts(new AbortController().signal)),
  );
  return value;
}

describe('the week of a refresh, by what the record gave of its date', () => {
  it("the API's date read is the week; sent and unread, the fetch time's week says so; absent, as before", async () => {
    await fc.assert(
      fc.asyncProperty(
        backArb,
        formArb,
        namesArb,
        fc.constantFrom('read', 'renamed', 'absent'),
        async (back, form, names, kind) => {
          const date = daysAgo(back);
          const raw =
            kind === 'read'
              ? record(0, date, undefined, form)
              : kind === 'renamed'
                ? record(0, date, names, form)
                : record(0, undefined, undefined, form);
          const { week, data_as_of } = await weekOfRefresh(raw);
          if (kind === 'read') {
            expect(week).toEqual({ key: date, from: 'api_date' });
            expect(data_as_of).toBe(date);
            return;
          }
          expect(data_as_of).toBeNull();
          expect(week.key).toBe(isoWeek(new Date().toISOString()));
          expect(week.from).toBe('fetch_time');
          if (kind === 'absent') {
            expect(week.unread).toBeUndefined();
            expect(weekText(week)).toContain('the API gave no date');
            return;
          }
          expect(week.unread).toBe('data_as_of');
          expect(weekText(week)).toContain('data_as_of, could not be read');
          expect(weekText(week)).not.toContain('gave no date');
          // The names that could hold it go with the week, for the answer's note.
          expect(unreadMarks(week)?.names.data_as_of).toContain(names.date);
        },
      ),
      RUNS,
    );
  });
});

describe('the week of a refresh whose record did not answer', () => {
  it("is the fetch time's, saying the date was not read, never that the API gave none", async () => {
    const [a, b] = [record(0, daysAgo(3), undefined, 'iso'), record(1, daysAgo(3), undefined, 'iso')];
    const base = upstreamOf(a);
    const people = new Map([a, b].map((r) => [r.data.service_id, r.data]));
    const api = {
      ...base,
      resolve: async (queries: readonly ResolveQuery[]) => ({
        ...(await base.resolve(queries, new AbortController().signal)),
        data: {
          rows: queries.map((q) => ({
            ...people.get('player_id' in q ? q.player_id : ''),
            status: 'resolved' as const,
          })),
          stray: [],
        },
      }),
      compare: async (ids: string[]) => ({
        data: { data: ids.map((id) => people.get(id)) },
        quota: QUOTA,
        source: { cached: false, fetched_at: new Date().toISOString() },
      }),
      record: async () => {
        throw new UpstreamServerError(503);
      },
    } as unknown as WatchlistUpstream;
    const entries = [...people.keys()].map((service_id) => ({ service_id }));
    const { value } = await tallyRequests(() =>
      refreshPersons(entries, api, new CacheParts(new AbortController().signal)),
    );
    expect(Object.keys(value.players)).toHaveLength(2);
    expect(value.week).toMatchObject({ from: 'fetch_time', unread: 'data_as_of' });
    expect(weekText(value.week)).not.toContain('gave no date');
  });
});

/** Shows `learner` player i's record, as the client does after reading it. */
function show(learner: NamesLearned, raw: { data: Record<string, unknown> }) {
  const first = readRecord(raw, aliasSet(learnedTable(learner.learned)));
  return learner.learn('player', raw, first.value, first.report);
}

const dateLearned = (learner: NamesLearned) => learner.learned.filter((n) => n.field === 'data_as_of');

describe('the date of the data learned from records', () => {
  it('is the name two players agree on, read as the same date; from one record, nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        backArb,
        formArb,
        namesArb,
        fc.integer({ min: 0, max: 100 }),
        (players, back, form, names, shift) => {
          const date = daysAgo(back);
          const learner = new NamesLearned();
          const order = Array.from({ length: players }, (_, i) => (i + shift) % players);
          for (const [k, i] of order.entries()) {
            show(learner, record(i, date, names, form));
            // One record is one match: never enough.
            if (k === 0) expect(dateLearned(learner)).toEqual([]);
          }
          expect(dateLearned(learner).map((n) => n.name)).toEqual([names.date]);
          for (let i = 0; i < players; i++) {
            const again = readRecord(record(i, date, names, form), aliasSet(learnedTable(learner.learned)));
            expect(again.value.data.data_as_of).toBe(date);
          }
        },
      ),
      RUNS,
    );
  });

  it('is not learned when another name agrees alike, nor against a date another answer stated', () => {
    const date = daysAgo(3);
    const names = { date: 'zubrak', birth: 'mellot', contract: 'fenwick' };
    const alike = new NamesLearned();
    for (const i of [0, 1, 2]) {
      const raw = record(i, date, names, 'iso');
      show(alike, { data: { ...raw.data, quellor: daysAgo(10) } });
    }
    expect(dateLearned(alike)).toEqual([]);

    const stated = new NamesLearned();
    show(stated, record(7, daysAgo(40), undefined, 'iso'));
    for (const i of [0, 1, 2]) show(stated, record(i, date, names, 'iso'));
    expect(dateLearned(stated)).toEqual([]);
  });

  it('is never a date later than today (a contract runs on)', () => {
    const learner = new NamesLearned();
    const later = new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
    for (const i of [0, 1, 2])
      show(learner, record(i, later, { date: 'zubrak', birth: 'mellot', contract: 'fenwick' }, 'iso'));
    expect(dateLearned(learner)).toEqual([]);
  });
});
