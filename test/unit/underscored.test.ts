// Objects flattened into their parent with `_` (`compared_with_players`, `summary_played`,
// `value_eur_value`), as many exports write them, on generated answers (fast-check, the seed printed):
// read as the objects they were where the field reads an object (src/api/reader/flattened.ts), in any
// casing; and never where the name may be the row's own (`club_id`, `minutes_per_game`, `coach_since`
// without a coach's name), which reads as it did without the regrouping.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ALIAS_SET } from '../../src/api/reader/aliases.js';
import { mayBeUnderscored, regroupingOf } from '../../src/api/reader/flattened.js';
import { readAnswer } from '../../src/api/reader/index.js';
import {
  ComparisonResponse,
  HeadToHeadResponse,
  MarketValueResponse,
  PlayerStatisticsResponse,
  PlayerStrengthsResponse,
  RankingsResponse,
  TeamResponse,
} from '../../src/api/schemas.js';
import { untiedName } from '../../tools/kit/section-statistics.js';
import { propertyRuns } from '../support/sample.js';
import { CASINGS, type Casing, spell } from '../support/spellings.js';

type Json = Record<string, unknown>;

/** `record` with each object member written into it as `<name>_<member>`, spelled in `casing`. */
function underscored(record: Json, casing: Casing, depth = 0): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(record)) {
    const name = spell(key, casing);
    if (depth > 0 || !isObject(value)) {
      out[name] = value;
      continue;
    }
    for (const [member, inner] of Object.entries(value))
      if (isObject(inner))
        for (const [leaf, v] of Object.entries(inner)) out[`${name}_${spell(member, casing)}_${leaf}`] = v;
      else out[`${name}_${spell(member, casing)}`] = inner;
  }
  return out;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The record in `casing`, its objects left whole: what the flattened one must read as. */
function spelled(record: Json, casing: Casing): Json {
  return Object.fromEntries(
    Object.entries(record).map(([k, v]) => [
      spell(k, casing),
      isObject(v) ? Object.fromEntries(Object.entries(v).map(([m, w]) => [spell(m, casing), w])) : v,
    ]),
  );
}

const count = fc.integer({ min: 0, max: 60 });
const share = fc.integer({ min: 0, max: 1000 }).map((n) => n / 10);
const some = <T extends Json>(fields: { [K in keyof T]: fc.Arbitrary<T[K]> }) =>
  fc.record(fields, { requiredKeys: [] }).filter((r) => Object.keys(r).length > 0);

/** Answers with objects the spec's routes return, each with the reader of its route. */
const ANSWERS = [
  {
    route: 'GET /v1/players/:id/strengths',
    schema: PlayerStrengthsResponse,
    record: fc.record({
      compared_with: some({
        players: count,
        league: fc.constantFrom('Ligue 1', 'Serie A'),
        position: fc.constantFrom('winger', 'centre-back'),
      }),
      strengths: fc.constant([{ statistic: 'xg', value: 0.4, percentile: 91 }]),
    }),
  },
  {
    route: 'GET /v1/teams/:id/head-to-head/:other',
    schema: HeadToHeadResponse,
    record: fc.record({
      season: fc.constant('25-26'),
      opponent: fc.record({ team_id: fc.constantFrom('t1', 't2'), name: fc.constantFrom('Lens', 'Lille') }),
      summary: some({ played: count, wins: count, draws: count, losses: count, goals_for: count }),
    }),
  },
  {
    route: 'GET /v1/players/:id/market-value',
    schema: MarketValueResponse,
    record: fc.record({
      value_eur: fc.record({
        value: fc.integer({ min: 2, max: 150 }),
        unit: fc.constant('M'),
        currency: fc.constant('EUR'),
      }),
      currency: fc.constant('EUR'),
    }),
  },
  {
    route: 'GET /v1/players/:id/statistics',
    schema: PlayerStatisticsResponse,
    record: fc.record({
      player_id: fc.constant('p1'),
      service_id: fc.constant('ds_0000000000000001'),
      minutes: fc.integer({ min: 90, max: 3000 }),
      statistics: some({ goals: share, xg: share, tackles: share, pass_completion_pct: share }),
    }),
  },
];

describe('objects flattened with `_`', () => {
  it.each(ANSWERS.map((a) => [a.route, a] as const))('%s reads as the objects it was', (_route, answer) => {
    fc.assert(
      fc.property(answer.record, fc.constantFrom(...CASINGS), (record, casing) => {
        const read = (body: Json) => readAnswer(answer.schema, { data: body }, answer.route).value;
        const flat = underscored(record as Json, casing);
        expect(read(flat), JSON.stringify(flat)).toEqual(read(spelled(record as Json, casing)));
      }),
      propertyRuns(`underscored ${answer.route}`, 40),
    );
  });

  it("a spread's parts flattened inside the summary are read", () => {
    fc.assert(
      fc.property(some({ mean: share, median: share, p10: share, p90: share }), (spread) => {
        const body = (summary: Json) => ({
          data: [{ player_id: 'p1', service_id: 'ds_0000000000000001', name: 'A', x: 1, y: 2 }],
          summary,
        });
        const read = (summary: Json) =>
          readAnswer(ComparisonResponse, body(summary), 'GET /v1/comparison').value as { summary?: unknown };
        const flat = Object.fromEntries(Object.entries(spread).map(([k, v]) => [`x_${k}`, v]));
        expect(read({ count: 40, ...flat }).summary).toEqual(read({ count: 40, x: spread }).summary);
      }),
      propertyRuns('underscored spread', 40),
    );
  });

  it("a name that may be the row's own is never taken into an object", () => {
    const own = fc.constantFrom(
      { club_id: 't9' },
      { club_country: 'France' },
      { minutes_per_game: 81 },
      { league_level: 'top' },
      { age_group: 'U21' },
    );
    fc.assert(
      fc.property(own, fc.constantFrom(...CASINGS), (extra, casing) => {
        const entry = { rank: 1, player_id: 'p1', service_id: 'ds_0000000000000001', score: 71.2 };
        const named = Object.fromEntries(Object.entries(extra).map(([k, v]) => [spell(k, casing), v]));
        const read = (row: Json) =>
          (readAnswer(RankingsResponse, { data: [row] }, 'GET /v1/rankings').value as { data: Json[] })
            .data[0] as Json;
        const withOwn = read({ ...entry, ...named });
        const without = read(entry);
        for (const field of ['club', 'minutes', 'league', 'age'])
          expect(withOwn[field]).toEqual(without[field]);
      }),
      propertyRuns('underscored own names', 30),
    );
  });

  it("a coach's other members join him only beside his name", () => {
    const team = { team_id: 't1', name: 'Lens' };
    const read = (extra: Json) =>
      (readAnswer(TeamResponse, { data: { ...team, ...extra } }, 'GET /v1/teams/:id').value as { data: Json })
        .data;
    expect(read({ coach_name: 'Will Still', coach_coach_id: 'c1' }).coach).toMatchObject({
      name: 'Will Still',
      coach_id: 'c1',
    });
    expect(read({ coach_since: '2024-07-01' }).coach ?? null).toBeNull();
  });
});

describe('statistics under a name of their own flattened with `_`', () => {
  const glossary = new Map(
    ['xg', 'goals', 'pass_completion_pct', 'progressive_passes'].map((k) => [k, { name: k, unit: null }]),
  );

  it("a glossary key behind the API's words is said as shown the API's way; a key or a name of the API's own is not", () => {
    expect(untiedName('kutruneis_xg', glossary)).toBe(true);
    expect(untiedName('Statistieken_Goals', glossary)).toBe(true);
    expect(untiedName('kutruneis_long_pass_completion_pct', glossary)).toBe(true);
    expect(untiedName('progressive_passes', glossary)).toBe(false);
    expect(untiedName('xg', glossary)).toBe(false);
    expect(untiedName('sweeper_actions', glossary)).toBe(false);
  });
});

describe('which rows leave the reader fast path', () => {
  const regrouping = regroupingOf(() => [
    { field: 'club', anchor: 'name' as const },
    { field: 'summary', anchor: 'all' as const },
  ])(DEFAULT_ALIAS_SET);
  const none = () => false;

  it('only rows that hold an object the regrouping would make', () => {
    expect(mayBeUnderscored(['club', 'club_id', 'name'], regrouping, none)).toBe(false);
    expect(mayBeUnderscored(['club_id', 'club_country'], regrouping, none)).toBe(false);
    expect(mayBeUnderscored(['club_id', 'Club_Name'], regrouping, none)).toBe(true);
    expect(mayBeUnderscored(['summary_played'], regrouping, none)).toBe(true);
    // A name a reader takes as a field of its own is no member.
    expect(mayBeUnderscored(['club_name'], regrouping, (n) => n === 'club_name')).toBe(false);
  });
});
