// The generated-styles property on answers made by hand: a blank with a note naming it passes, a
// different value, an extra row, a ranking out of order or a list called complete does not.
import { describe, expect, it } from 'vitest';
import { breaches, compareFacts } from '../support/facts.js';
import { completenessFindings, placeholderFindings, proseFindings } from '../support/text-facts.js';

const plain = {
  data: [
    { rank: 1, name: 'A', service_id: 'ds_a', age: 21, score: 80.5 },
    { rank: 2, name: 'B', service_id: 'ds_b', age: 24, score: 75 },
  ],
  has_more: true,
  total: 40,
};
const copy = () => structuredClone(plain);
const broken = (
  styled: unknown,
  notes: string[] = [],
  tool = 'rank_players_by_role',
  want: unknown = plain,
) => breaches(compareFacts(tool, want, styled, notes)).map((f) => `${f.kind} ${f.path}`);

describe('the facts of an answer, plain against styled', () => {
  it('the same facts hold, whatever else the styled answer carries', () => {
    const styled = copy();
    Object.assign(styled.data[0] as object, { details: { league: 'Ligue 1' } });
    expect(broken(styled, [], 'rank_players_by_role')).toEqual([]);
  });

  it("a field in the tool's own words the plain object left out is a value the plain API did not send", () => {
    // `age` names a fact elsewhere in the plain answer: on a row where the plain one has none, it states one.
    const { age: _age, ...ageless } = copy().data[0] as Record<string, unknown>;
    const want = { ...copy(), data: [ageless, copy().data[1]] };
    const ages = (age: unknown) =>
      broken({ ...copy(), data: [{ ...ageless, age }, copy().data[1]] }, [], 'rank_players_by_role', want);
    expect(ages(21)).toEqual(['extra .data[service_id=ds_a].age']);
    // Blank on the styled row: no fact stated. A field in words the plain answer never uses: the API's own.
    expect(ages(null)).toEqual([]);
    expect(broken(want, [], 'rank_players_by_role', want)).toEqual([]);
  });

  it('a table cell printing a number its plain cell does not is a wrong fact; cost columns are no facts', () => {
    const table = (rank: string, cost: string) =>
      `| player | rank | refresh cost |\n|---|---|---|\n| A | ${rank} | ≤${cost} requests |`;
    const kinds = (styled: string) =>
      placeholderFindings('watchlist_report', table('1/306', '4'), styled, []).map((f) => f.kind);
    expect(kinds(table('1/306', '5'))).toEqual([]);
    expect(kinds(table('1', '4'))).toEqual([]);
    expect(kinds(table('2/306', '4'))).toEqual(['wrong']);
    expect(kinds(table('1/305', '4'))).toEqual(['wrong']);
    // A display form left unparsed prints other numbers; digits inside an id are none.
    expect(kinds(table('1/306 t0q01cit', '4'))).toEqual([]);
    expect(kinds(table('1/306 0,5', '4'))).toEqual(['wrong']);
  });

  it('a line of prose printing a number the plain text does not is a wrong fact; notes and costs are none', () => {
    const text = (played: string, cost: string) =>
      `Head-to-head with X: ${played} played, 2 won.\n| a | b |\n|---|---|\n| 1 | 2 |\nNote: 3 of 40 rows read.\n— fresh answer (${cost} requests sent), 2026-11-29 01:35 UTC`;
    const kinds = (styled: string) => proseFindings('get_team', text('4', '1'), styled).map((f) => f.kind);
    expect(kinds(text('4', '3'))).toEqual([]);
    expect(kinds(text('4', '1').replace('3 of 40', '2 of 5'))).toEqual([]);
    expect(kinds(text('5', '1'))).toEqual(['wrong']);
    // Numbers under the API's own names, said so: what it sent, which the plain answer had no name to show by.
    expect(kinds(`${text('4', '1')}\nNot statistics, under the API's names: mekeik 10`)).toEqual([]);
    // A line counting what a read short took says so: its numbers are the read's.
    expect(kinds(`${text('4', '1')}\n3 leagues matching cup shown (100 read); more may exist.`)).toEqual([]);
  });

  it('more rows said in the structured content and not in the text: the text calls the list complete', () => {
    const kinds = (hasMore: boolean, text: string) =>
      completenessFindings('search_teams', { data: [], has_more: hasMore }, text).map((f) => f.kind);
    expect(kinds(true, '| a |\n|---|\n| 1 |')).toEqual(['wrong']);
    expect(kinds(true, 'Note: 5 shown; more may exist: raise limit (up to 100).')).toEqual([]);
    expect(kinds(false, '| a |\n|---|\n| 1 |')).toEqual([]);
  });

  it('a blank passes only with a note that names it', () => {
    const styled = copy();
    (styled.data[0] as Record<string, unknown>).age = null;
    expect(broken(styled)).toEqual(['blank .data[service_id=ds_a].age']);
    expect(broken(styled, ['could not read age (field "alter")'])).toEqual([]);
  });

  it('a different value, a number left as text and a value where the plain answer had none break it', () => {
    const styled = copy();
    (styled.data[0] as Record<string, unknown>).age = 22;
    (styled.data[1] as Record<string, unknown>).score = '75,0';
    styled.total = 41;
    expect(broken(styled, ['age'])).toEqual([
      'wrong .data[service_id=ds_a].age',
      'unparsed .data[service_id=ds_b].score',
      'wrong .total',
    ]);
  });

  it('numbers of a text written in a display form are shown unparsed, not the same fact', () => {
    const text = { data: { detail: 'xg 0.35, pressures 1234' } };
    const shown = (detail: string) =>
      breaches(compareFacts('my_account', text, { data: { detail } }, [])).map((f) => f.kind);
    expect(shown('xg 0,35, pressures 1\u202f234')).toEqual(['unparsed']);
    expect(shown('xg 0.45, pressures 1234')).toEqual(['wrong']);
  });

  it('a row left out needs a note or a "more may exist"; a row the plain answer did not have is a breach', () => {
    const all = { ...copy(), has_more: false };
    const styled = { ...all, data: [copy().data[0], { rank: 2, name: 'C', service_id: 'ds_c' }] };
    const rows = (s: unknown, notes: string[] = []) => broken(s, notes, 'search_players', all);
    expect(rows(styled)).toEqual(['blank .data[service_id=ds_b]', 'extra .data[service_id=ds_c]']);
    const left = { ...all, data: [copy().data[0]] };
    expect(rows(left)).toEqual(['blank .data[service_id=ds_b]']);
    expect(rows(left, ['1 row left out: no readable score'])).toEqual([]);
    expect(rows({ ...left, has_more: true })).toEqual([]);
  });

  it('a row dropped from a list read short passes only when it was not among the rows read', () => {
    const glossary = { data: [{ key: 'xg', name: 'Expected goals' }], total: 1, has_more: false };
    const none = { data: [], total: null, has_more: false };
    const short = [
      'Not every page was read: the API answered the same rows for the next page (10 rows read; more exist).',
      'The total of matching entries is not known: not every page of the list was read (10 rows read).',
    ];
    const dropped = (read: boolean) =>
      breaches(compareFacts('get_glossary', glossary, none, short, undefined, () => read)).map(
        (f) => `${f.kind} ${f.path}`,
      );
    expect(dropped(false)).toEqual([]);
    // Read, and lost to words the tool could not match: "more exist" does not say that.
    expect(dropped(true)).toEqual(['blank .data[key=xg]']);
    const unmatched = '10 entries read could not be matched against "expected": their name could not be read';
    expect(
      breaches(compareFacts('get_glossary', glossary, none, [...short, unmatched], undefined, () => true)),
    ).toEqual([]);
  });

  it("a ranking's order is a fact; has_more may turn true, never false", () => {
    const reversed = { ...copy(), data: copy().data.toReversed() };
    expect(broken(reversed)).toEqual(['wrong .data (order)']);
    expect(broken(reversed, [], 'search_players')).toEqual([]);
    expect(broken({ ...copy(), has_more: false })).toEqual(['wrong .has_more']);
  });

  it("a week keyed by the fetch time passes only when it says the API's date was unread, and a note names it", () => {
    const report = { data: { data_as_of: '2026-11-16', week: { key: '2026-11-16', from: 'api_date' } } };
    const fetched = { key: '2026-W48', from: 'fetch_time' };
    const styled = (week: object) => ({ data: { data_as_of: null, week } });
    const note = ['Could not read: "data_as_of" not found (API names seen: lulumoun).'];
    const weeks = (s: unknown, notes: string[]) => broken(s, notes, 'watchlist_report', report);
    expect(weeks(styled(fetched), note)).toEqual(['wrong .data.week.key', 'wrong .data.week.from']);
    expect(weeks(styled({ ...fetched, unread: 'data_as_of' }), [])).toEqual([
      'blank .data.data_as_of',
      'wrong .data.week.key',
      'wrong .data.week.from',
    ]);
    expect(weeks(styled({ ...fetched, unread: 'data_as_of' }), note)).toEqual([]);
  });
});
