// The empty-answer helper on rows given directly: which filter binds, the nearest figure, what to relax.
import { describe, expect, it } from 'vitest';
import type { Quota } from '../../src/api/quota.js';
import { countFromCache, countSent, tallyRequests } from '../../src/api/request-tally.js';
import { explainEmpty as explainInRun, scoutBounds } from '../../tools/kit/empty-answer.js';

type Row = { name: string; league: string; age: number | null; minutes: number | null };

const quota: Quota = { limit: 100, remaining: 90, reset: null, unlimited: false, observed_at: null };
/** Rows asked again: `requests` sent, or one answer from the cache, as the client would count them. */
const answer =
  (rows: Row[], cached = false, requests = 1) =>
  async () => {
    if (cached) countFromCache();
    else for (let i = 0; i < requests; i++) countSent();
    return { rows, complete: true, quota };
  };
/** explainEmpty inside a tool run, where the client counts the requests it sends. */
const explainEmpty = (options: Parameters<typeof explainInRun<Row>>[0]) =>
  tallyRequests(() => explainInRun(options)).then((r) => r.value);
const name = (r: Row) => r.name;

const ROWS: Row[] = [
  { name: 'A', league: 'Eredivisie', age: 19, minutes: 400 },
  { name: 'B', league: 'Eredivisie', age: 27, minutes: 1069 },
  { name: 'C', league: 'Eredivisie', age: 22, minutes: 800 },
];

describe('explainEmpty', () => {
  it('asks nothing when the answer has rows or no filter was set', async () => {
    let asked = 0;
    const refetch = async () => {
      asked++;
      return answer(ROWS)();
    };
    const some = await explainEmpty({ rows: [1], bounds: scoutBounds(20, 900), name, refetch, rest: 'x' });
    const none = await explainEmpty({ rows: [], bounds: [], name, refetch, rest: 'x' });
    expect([some.notes, none.notes, asked]).toEqual([[], [], 0]);
  });

  it('names the binding minutes with the most among rows of the allowed age', async () => {
    const { notes, quota: after } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(23, 900),
      name,
      refetch: answer(ROWS),
      rest: 'the roles',
    });
    expect(notes).toEqual([
      'no player has 900 minutes yet with max_age 23; the most is 800 (C): try min_minutes ≤ 800.',
      'no player is 23 or younger with min_minutes 900; the youngest is 27 (B): try max_age ≥ 27. Found by asking again without min_minutes and max_age: 1 more request.',
    ]);
    expect(after).toBe(quota);
  });

  it('names each filter with its own figure when each binds on its own', async () => {
    const { notes } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(18, 1500),
      name,
      refetch: answer(ROWS, true),
      rest: 'the roles',
    });
    expect(notes[0]).toBe('no player has 1 500 minutes yet; the most is 1 069 (B): try min_minutes ≤ 1 069.');
    expect(notes[1]).toMatch(
      /^no player is 18 or younger; the youngest is 19 \(A\): try max_age ≥ 19\. Found by asking again without min_minutes and max_age: a cached answer, no quota used\.$/,
    );
  });

  it('says the league binds when rows exist only elsewhere', async () => {
    const { notes } = await explainEmpty({
      rows: [],
      bounds: [],
      scope: { argument: 'league', value: 'Eerste Divisie', place: (r: Row) => r.league },
      name,
      refetch: answer(ROWS),
      rest: 'the role and season',
    });
    expect(notes).toEqual([
      'no rows in league "Eerste Divisie"; rows exist elsewhere (Eredivisie): try another league, or none. Found by asking again without league: 1 more request.',
    ]);
  });

  it('says the other criteria bind when there are no rows even without the filters', async () => {
    const { notes } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(20, undefined),
      name,
      refetch: answer([]),
      rest: 'the roles and season',
    });
    expect(notes).toEqual([
      'no rows even without max_age: the roles and season leave nothing; relax those. Found by asking again without max_age: 1 more request.',
    ]);
  });

  it('says what asking again spent when it took several requests (leagues, pages)', async () => {
    const { notes } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(20, undefined),
      name,
      refetch: answer([], false, 3),
      rest: 'the roles and season',
    });
    expect(notes[0]).toMatch(/Found by asking again without max_age: 3 more requests\.$/);
  });

  it('says when the rows read do not show the figure a filter uses', async () => {
    const blank = ROWS.map((r) => ({ ...r, minutes: null }));
    const { notes } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(undefined, 900),
      name,
      refetch: answer(blank),
      rest: 'x',
    });
    expect(notes[0]).toMatch(
      /^min_minutes may bind: the rows read without it do not show the figure it filters on\./,
    );
  });

  it('says the failure when asking again fails, without claiming a cause', async () => {
    const { notes } = await explainEmpty({
      rows: [],
      bounds: scoutBounds(20, undefined),
      name,
      refetch: async () => {
        throw new Error('down');
      },
      rest: 'x',
    });
    expect(notes).toEqual([
      'no rows; asking again without max_age to see which binds failed, so it is not known.',
    ]);
  });
});
