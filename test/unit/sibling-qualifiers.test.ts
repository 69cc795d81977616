// An amount whose currency, scale or shift is sent beside it in the row, not inside it
// (src/api/reader/sibling-qualifiers.ts), generated from a seed (printed; replay with
// FOOTBALL_TEST_SAMPLE_SEED): in a scouting row or a market value record, the value as a number or a
// text, scaled (thousands, millions, cents) with its words under the field's own name
// (`marketValueCurrency`, `market_value_numeral`) or the whole row's (`currency`, `unit`), or its scale in
// its name only (`market_value_in_millions`), in any casing. The property: an amount in euros is read
// exactly; another currency, or a number that shifts it by an unsaid power (`scale: 6`, `exponent: 2`),
// is never read as a value (unread, noted); a unit of another measure beside it changes nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readAnswer } from '../../src/api/reader/index.js';
import {
  CompareResponse,
  MarketValueResponse,
  PlayerRecordResponse,
  ScoutingResponse,
} from '../../src/api/schemas.js';
import { propertyRuns } from '../support/sample.js';

const SCALES = [
  { words: ['M', 'm', 'million', 'Mio', 'mln'], digits: 6 },
  { words: ['k', 'thousand', 'Tsd.'], digits: 3 },
  { words: ['cents', 'cent'], digits: -2 },
] as const;
const EUROS = ['EUR', '€', 'eur', 'Euro'];
const OTHERS = ['GBP', 'USD', '£', 'CHF'];
const PLAYER = { player_id: 'p1', service_id: 'ds_0090330xC9col2A7', name: 'X', club: 'C', role: 'mezzala' };

const camel = (words: string[]) =>
  words.map((w, i) => (i === 0 ? w : w[0]?.toUpperCase() + w.slice(1))).join('');
const spelt = (words: string[], asCamel: boolean) => (asCamel ? camel(words) : words.join('_'));

const caseArb = fc.record({
  euros: fc.integer({ min: 100, max: 2_000_000 }).map((n) => n * 100),
  scale: fc.nat(SCALES.length - 1),
  scaleWord: fc.nat(4),
  /** Where the words are: under the field's own name, the row's, the scale in the name only, or in an object with the value. */
  place: fc.constantFrom('own', 'row', 'group', 'name', 'inside'),
  currency: fc.option(fc.constantFrom(...EUROS, ...OTHERS), { nil: undefined }),
  currencyName: fc.constantFrom('currency', 'currency_code', 'devise', 'waehrung'),
  unitName: fc.constantFrom('unit', 'numeral', 'scale', 'einheit'),
  /** A number beside it that shifts it by a power the API does not say the direction of. */
  shift: fc.option(fc.constantFrom(['scale', 6], ['exponent', 2], ['multiplier', 1000]), { nil: undefined }),
  asText: fc.boolean(),
  asCamel: fc.boolean(),
  answer: fc.constantFrom('scouting', 'record', 'compare'),
});
type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never;

/** The amount's fields as the case writes them, under `stem` (the field's name without `_eur`). */
function written(c: Case, stem: string[], euros: number): Record<string, unknown> {
  const scale = SCALES[c.scale] ?? SCALES[0];
  const word = scale.words[c.scaleWord % scale.words.length] as string;
  const shown = Number(`${euros}e${-scale.digits}`);
  const value = c.asText ? String(shown) : shown;
  if (c.place === 'name') {
    const name = { 6: ['in', 'millions'], 3: ['k'], [-2]: ['cents'] }[scale.digits] ?? [];
    return { [spelt([...stem, ...name], c.asCamel)]: value };
  }
  const own = (name: string) => (c.place === 'own' ? spelt([...stem, ...name.split('_')], c.asCamel) : name);
  const inside = c.place === 'inside';
  const words: Record<string, unknown> = { [own(c.unitName)]: word };
  if (c.currency !== undefined) words[own(c.currencyName)] = c.currency;
  if (c.shift && c.shift[0] !== c.unitName) words[own(c.shift[0] as string)] = c.shift[1];
  if (c.place === 'group') return { [spelt(stem, c.asCamel)]: value, details: { ...words, season: '26-27' } };
  return inside
    ? { [spelt(stem, c.asCamel)]: { value, ...words } }
    : { [spelt(stem, c.asCamel)]: value, ...words };
}

/** The case read: each amount's field and value as read, and the fields read as the API's own. */
function read(c: Case) {
  if (c.answer === 'compare') {
    const data = [{ ...PLAYER, statistics: { goals: 3 }, ...written(c, ['market', 'value'], c.euros) }];
    const { value, report } = readAnswer(CompareResponse, { data }, 'POST /v1/compare');
    const row = value.data[0] as Record<string, unknown>;
    const statistics = (row.statistics ?? {}) as Record<string, unknown>;
    return { read: [statistics.market_value_eur ?? null], wanted: [c.euros], row, report, data };
  }
  if (c.answer === 'record') {
    const data = { ...written(c, ['value'], c.euros), ...written(c, ['range', 'low'], c.euros / 2) };
    const { value, report } = readAnswer(MarketValueResponse, { data }, 'GET /v1/players/p1/market-value');
    const row = value.data as Record<string, unknown>;
    return { read: [row.value_eur, row.range_low_eur], wanted: [c.euros, c.euros / 2], row, report, data };
  }
  const data = [{ ...PLAYER, ...written(c, ['market', 'value'], c.euros) }];
  const { value, report } = readAnswer(ScoutingResponse, { data }, 'POST /v1/scouting');
  const row = value.data[0] as Record<string, unknown>;
  return { read: [row.market_value_eur], wanted: [c.euros], row, report, data };
}

describe('an amount with its currency or scale beside it in the row', () => {
  it('is read exactly in euros; another currency or an unsaid shift is unread, never a value', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { read: got, wanted, row, report, data } = read(c);
        const label = JSON.stringify(data);
        const shifted = c.place !== 'name' && c.shift !== undefined && c.shift[0] !== c.unitName;
        const foreign = c.place !== 'name' && c.currency !== undefined && OTHERS.includes(c.currency);
        if (shifted || foreign) {
          for (const v of got) expect(v, label).toBeNull();
          expect(Object.keys(report.unreadable ?? {}).length, label).toBeGreaterThan(0);
        } else
          got.forEach((v, i) => {
            // "105.975" written as text is as much 105 975 as 105.975: the reader may leave it unread.
            const text = String(Number(`${wanted[i]}e-${[6, 3, -2][c.scale]}`));
            if (v === null && c.asText && /^\d{1,3}\.\d{3}$/.test(text))
              expect(Object.keys(report.unreadable ?? {}).length, label).toBeGreaterThan(0);
            else expect(v, label).toBe(wanted[i]);
          });
        // The words that were read are not also shown as fields of their own.
        const left = Object.keys(row).filter((k) =>
          /unit|numeral|einheit|exponent|multiplier|millions|cents/i.test(k),
        );
        expect(left, label).toEqual([]);
      }),
      propertyRuns('amounts qualified beside them'),
    );
  });

  it('a unit of another measure beside the row’s amounts leaves them as they are', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 200_000_000 }),
        fc.constantFrom('per 90', '%', 'cm', 'minutes'),
        (n, unit) => {
          const data = [{ ...PLAYER, market_value_eur: n, unit, age: 21, age_unit: 'years' }];
          const row = readAnswer(ScoutingResponse, { data }, 'POST /v1/scouting').value.data[0];
          expect(row?.market_value_eur, JSON.stringify(data)).toBe(n);
          expect(row?.age).toBe(21);
        },
      ),
      propertyRuns('amounts beside another unit'),
    );
  });

  it('a valuation under a thousand euros is one whose scale went unsaid: unread, never euros', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }).map((n) => n / 100),
        (n) => {
          const answers = [
            readAnswer(ScoutingResponse, { data: [{ ...PLAYER, market_value: n }] }, 'POST /v1/scouting'),
            readAnswer(MarketValueResponse, { data: { value_eur: n } }, 'GET /v1/players/p1/market-value'),
            readAnswer(CompareResponse, { data: [{ ...PLAYER, market_value: n }] }, 'POST /v1/compare'),
          ] as const;
          const [scouting, record, compare] = answers;
          expect(scouting.value.data[0]?.market_value_eur, String(n)).toBeNull();
          expect((record.value.data as Record<string, unknown>).value_eur, String(n)).toBeNull();
          expect(compare.value.data[0]?.statistics?.market_value_eur, String(n)).toBeUndefined();
          for (const { report } of answers)
            expect(Object.keys(report.unreadable ?? {}).length).toBeGreaterThan(0);
        },
      ),
      propertyRuns('valuations under the floor'),
    );
  });

  it('an age or a height with its unit under its own name: read in the field’s unit, unread in another', () => {
    const rows = [
      { age: 21, age_unit: 'years', wanted: { age: 21 } },
      { age: 250, ageUnit: 'months', wanted: { age: null } },
      { height: 72, height_unit: 'in', wanted: { height_cm: null } },
      { height: 1.85, height_unit: 'm', wanted: { height_cm: 185 } },
    ];
    for (const { wanted, ...fields } of rows) {
      const data = { ...PLAYER, ...fields };
      const row = readAnswer(PlayerRecordResponse, { data }, 'GET /v1/players/p1').value.data as Record<
        string,
        unknown
      >;
      for (const [key, value] of Object.entries(wanted)) expect(row[key], JSON.stringify(fields)).toBe(value);
    }
  });
});
