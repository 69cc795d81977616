// Names an API writes in its own casing, and statistics it names by label or writes for people: generated
// answers (seeded, the seed printed) read back to the same facts. The enums' role list and its former keys,
// statistics lists of {label, value} in any casing with amounts in display forms, and a player's sections
// naming statistics by label: each read as the glossary's key, never as a statistic of its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readEnumRoles } from '../../src/api/enums.js';
import { readAnswer } from '../../src/api/reader/index.js';
import { collectReadNotes } from '../../src/api/reader/notes-sink.js';
import { CompareResponse, RankingsResponse } from '../../src/api/schemas.js';
import { ROLE_KEYS } from '../../src/domain/roles.js';
import { canonicalStatistic, canonicalStatistics, statisticForms } from '../../src/facts/statistic-canon.js';
import { STATS } from '../../src/sandbox/data/stats.js';
import type { Sections } from '../../tools/kit/player-sections.js';
import { canonicalSections } from '../../tools/kit/section-statistics.js';
import { propertyRuns } from '../support/sample.js';
import { CASINGS, spell } from '../support/spellings.js';

const casing = fc.constantFrom(...CASINGS);
const former = fc.stringMatching(/^[a-z]{4,9}_[a-z]{3,8}$/);

describe('the enums answer in any casing', () => {
  it('reads every role and the former key the spec names deprecated_key', () => {
    const roleSet = fc.uniqueArray(fc.constantFrom(...ROLE_KEYS), { minLength: 6, maxLength: 31 });
    fc.assert(
      fc.property(
        roleSet,
        fc.array(fc.option(former, { nil: undefined }), { minLength: 31, maxLength: 31 }),
        fc.constantFrom('roles', 'positional_roles', 'rollen'),
        casing,
        (keys, formers, listName, style) => {
          const roles = keys.map((key, i) => {
            const old = formers[i];
            return {
              [spell('key', style)]: key,
              [spell('family', style)]: 'any_family',
              ...(old ? { deprecated_key: old, [spell('renamed_on', style)]: '2026-09-18' } : {}),
            };
          });
          const { roles: read, listed } = readEnumRoles({ [spell(listName, style)]: roles });
          expect(listed).toBe(true);
          const byKey = new Map(read.map((r) => [r.key, r.deprecatedKeys]));
          keys.forEach((key, i) => {
            const old = formers[i];
            expect(byKey.get(key), `${key} in ${style}`).toEqual(old ? [old] : []);
          });
        },
      ),
      propertyRuns('enums in any casing', 100),
    );
  });
});

/** The glossary as the sandbox writes it, and a statistic's forms an API may name it by. */
const GLOSSARY = new Map<string, { name: string | null; unit: string | null }>([
  ...STATS.map((s) => [s.key, { name: s.name, unit: s.unit }] as const),
  ['market_value_eur', { name: 'Estimated market value', unit: 'EUR' }],
]);
const FORMS = statisticForms(GLOSSARY);
const statKey = fc.constantFrom(...STATS.map((s) => s.key));
const naming = fc.constantFrom('key', 'label', 'name');
const nameOf = (key: string, how: string) => {
  const entry = GLOSSARY.get(key);
  if (how === 'label' && entry?.name) return `${entry.name} (${entry.unit})`;
  if (how === 'name' && entry?.name) return entry.name;
  return key;
};

/** An amount in euros as people write it, exactly: "37,25 M€", "€450k", "1.234.000 €". */
const amount = fc.integer({ min: 1, max: 20_000 }).map((n) => n * 10_000);
function euros(n: number, form: number): string {
  const millions = String(n / 1_000_000);
  if (form === 0) return `${millions.replace('.', ',')} M€`;
  if (form === 1) return `€${millions}m`;
  return `EUR ${millions} Mio`;
}

describe('statistics named by label, in any casing, in display forms', () => {
  it("a label ties to its key through the glossary's name when the glossary's unit is unread, never to another unit", () => {
    const unitless = statisticForms(
      new Map(STATS.map((s) => [s.key, { name: s.name, unit: null }] as const)),
    );
    for (const s of STATS) expect(canonicalStatistic(`${s.name} (${s.unit})`, unitless)).toBe(s.key);
    const [first] = STATS;
    if (!first) throw new Error('no statistics');
    // The glossary's unit read: a label in another unit is another statistic.
    expect(canonicalStatistic(`${first.name} (per match)`, FORMS)).toBeUndefined();
    expect(canonicalStatistic(`${first.name} (${first.unit})`, FORMS)).toBe(first.key);
  });

  it("compare's statistics read back under the glossary's keys, amounts in euros as numbers", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(statKey, { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 0, max: 9999 }), { minLength: 8, maxLength: 8 }),
        amount,
        fc.nat(2),
        naming,
        fc.constantFrom('label', 'name', 'statistic'),
        casing,
        (keys, values, value, form, how, field, style) => {
          const want: Record<string, number> = {};
          keys.forEach((k, i) => {
            want[k] = (values[i] as number) / 100;
          });
          want.market_value_eur = value;
          const list = Object.entries(want).map(([k, v]) => ({
            [spell(field, style)]: nameOf(k, how),
            [spell('value', style)]: k === 'market_value_eur' ? euros(v, form) : v,
          }));
          const raw = { data: [{ player_id: 'p1', service_id: null, name: 'Ann Lee', statistics: list }] };
          const parsed = CompareResponse.safeParse(raw);
          expect(parsed.success).toBe(true);
          const row = parsed.data?.data[0];
          const read = canonicalStatistics(row?.statistics ?? {}, FORMS, new Map());
          expect(read).toEqual(want);
        },
      ),
      propertyRuns('statistics by label in any casing', 100),
    );
  });

  it("a player's strengths and statistics by label are the glossary's keys, none added", () => {
    const percentile = fc.record({ statistic: statKey, how: naming, p: fc.integer({ min: 1, max: 99 }) });
    fc.assert(
      fc.property(
        fc.uniqueArray(percentile, { minLength: 1, maxLength: 6, selector: (r) => r.statistic }),
        fc.uniqueArray(statKey, { minLength: 1, maxLength: 6 }),
        naming,
        (strengths, statistics, how) => {
          const asSent: Sections = {
            statistics: {
              minutes: null,
              per: null,
              values: Object.fromEntries(statistics.map((k, i) => [nameOf(k, how), i])),
            },
            strengths: {
              compared_with: null,
              strengths: strengths.map((s) => ({
                statistic: nameOf(s.statistic, s.how),
                value: null,
                percentile: s.p,
              })),
              weaknesses: [],
            },
          };
          const read = canonicalSections(asSent, GLOSSARY);
          expect(read.strengths?.strengths?.map((s) => s.statistic)).toEqual(
            strengths.map((s) => s.statistic),
          );
          expect(read.statistics?.values).toEqual(Object.fromEntries(statistics.map((k, i) => [k, i])));
        },
      ),
      propertyRuns('strengths by label', 100),
    );
  });

  it('without a glossary, a strength named by label is shown as written and the answer says so', async () => {
    const asSent: Sections = {
      strengths: {
        compared_with: null,
        strengths: [{ statistic: 'Tackles won (per 90)', value: 1.52, percentile: 99 }],
        weaknesses: [{ statistic: 'goals', value: 0.1, percentile: 8 }],
      },
    };
    const { value, notes } = await collectReadNotes(async () => canonicalSections(asSent, new Map()));
    expect(value.strengths?.strengths?.map((s) => s.statistic)).toEqual(['Tackles won (per 90)']);
    expect(notes.join('\n')).toContain('"Tackles won (per 90)"');
    expect(notes.join('\n')).not.toContain('"goals"');
  });
});

describe('one object under two spellings', () => {
  it('a paging layer’s meta beside the API’s Meta: both are read, whatever the casing drawn', () => {
    const casing = fc.constantFrom('Meta', 'META', ' meta');
    fc.assert(
      fc.property(
        casing,
        fc.integer({ min: 1, max: 5000 }),
        fc.boolean(),
        (spelled, eligible, pagingFirst) => {
          const api = { [spelled]: { Eligible: eligible } };
          const paging = { meta: { next_cursor: 'abc' } };
          const body = {
            data: [{ rank: 1, name: 'A', club: 'B', age: 20, score: 70 }],
            ...(pagingFirst ? { ...paging, ...api } : { ...api, ...paging }),
          };
          const { value } = readAnswer(RankingsResponse, body, 'GET /v1/rankings');
          expect((value as { meta?: { eligible?: number } }).meta?.eligible).toBe(eligible);
        },
      ),
      propertyRuns('meta under two spellings', 20),
    );
  });
});

describe('numbers a compare row gives beside its statistics', () => {
  it('are kept, at the top of the row or grouped one level down under any name', () => {
    const under = fc.constantFrom('info', 'context', 'extra', 'zusatz');
    fc.assert(
      fc.property(under, fc.integer({ min: 0, max: 60 }), fc.boolean(), (group, appearances, grouped) => {
        const row = {
          player_id: 'p1',
          service_id: 'ds_aaaaaaaaaaaaaaaa',
          name: 'A',
          club: 'B',
          minutes: 900,
        };
        const body = { data: [grouped ? { ...row, [group]: { appearances } } : { ...row, appearances }] };
        const { value } = readAnswer(CompareResponse, body, 'POST /v1/compare');
        const stats = (value as { data: { statistics?: Record<string, unknown> }[] }).data[0]?.statistics;
        expect(stats?.appearances).toBe(appearances);
      }),
      propertyRuns('compare numbers grouped', 20),
    );
  });
});
