// A number sent as an object with the words that say what it counts in (src/api/reader/values.ts,
// qualifiedNumber), generated from a seed (printed; replay with FOOTBALL_TEST_SAMPLE_SEED): an amount
// or a value, as a number or a text, beside a currency (the euro in its spellings, or another), a scale
// (thousands, millions) or a unit that names the measure only ("%", "per 90"), under the names APIs
// use or under names no reader knows (renamed), in a statistics map or a list of labelled statistics too. The property: an amount in euros is
// read scaled; another currency, or a scale a field cannot take, is never read as a value (unread,
// never euros); a unit naming the measure leaves the value as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { flattenStatistics, toNumber } from '../../src/api/reader/values.js';
import { propertyRuns } from '../support/sample.js';

const SCALES = [
  { words: ['', undefined], factor: 1 },
  { words: ['k', 'thousand', 'Tsd.'], factor: 1_000 },
  { words: ['M', 'm', 'million', 'Mio', 'mln'], factor: 1_000_000 },
  { words: ['bn', 'billion', 'Mrd'], factor: 1_000_000_000 },
] as const;

const caseArb = fc.record({
  amount: fc.integer({ min: 1, max: 99_999 }).map((n) => n / 100),
  // Names for the value the reader knows, and ones it does not (found beside a currency or scale only).
  valueName: fc.constantFrom('value', 'amount', 'Amount', 'montant', 'wert', 'betrag'),
  asText: fc.boolean(),
  scale: fc.nat(SCALES.length - 1),
  scaleWord: fc.nat(4),
  // Known names, and names no reader knows (a field renamed): the words are found by what they say.
  unitName: fc.constantFrom('unit', 'Unit', 'scale', 'einheit', 'zorblat', 'massstab'),
  currency: fc.constantFrom(undefined, 'EUR', '€', 'eur', 'GBP', 'USD', '£', 'SEK'),
  /** The unit and currency grouped one level down (`{value, details: {unit, currency}}`). */
  grouped: fc.boolean(),
  currencyName: fc.constantFrom('currency', 'currencyCode', 'devise', 'Currency', 'munt', 'kwirrel'),
});

function objectOf(c: typeof caseArb extends fc.Arbitrary<infer C> ? C : never) {
  const scale = SCALES[c.scale] ?? SCALES[0];
  const word = scale.words[c.scaleWord % scale.words.length];
  const obj: Record<string, unknown> = { [c.valueName]: c.asText ? String(c.amount) : c.amount };
  const place: Record<string, unknown> = c.grouped ? {} : obj;
  if (word) place[c.unitName] = word;
  if (c.currency !== undefined) place[c.currencyName] = c.currency;
  if (c.grouped && Object.keys(place).length > 0) obj.details = place;
  const known = !['wert', 'betrag'].includes(c.valueName);
  return { obj, word, known, factor: scale.factor, scaled: word !== undefined && word !== '' };
}

/** The amount scaled as decimal, exactly: "257.27" and 9 digits is 257 270 000 000. */
const exactly = (amount: number, factor: number) => Number(`${amount}e${Math.round(Math.log10(factor))}`);

const isEuro = (currency: string | undefined) => currency === undefined || /^(eur|€)$/i.test(currency);

describe('a number with its currency or unit beside it', () => {
  it('an amount: read in euros, scaled; another currency never read as euros', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { obj, factor, known, scaled } = objectOf(c);
        const read = toNumber(obj, 'euros');
        const label = JSON.stringify(obj);
        // Under a name no reader knows, the value is found only beside its currency or scale.
        if (!known && !scaled && c.currency === undefined) expect(typeof read, label).not.toBe('number');
        else if (isEuro(c.currency)) expect(read, label).toBe(exactly(c.amount, factor));
        else expect(typeof read, label).not.toBe('number');
      }),
      propertyRuns('qualified amounts'),
    );
  });

  it('another number: a scale or a currency it cannot take leaves it unread; a measure’s unit does not', () => {
    fc.assert(
      fc.property(
        caseArb,
        fc.constantFrom('%', 'per 90', 'p90', '/90'),
        fc.boolean(),
        (c, measure, withMeasure) => {
          const { obj, scaled, word, known } = objectOf({ ...c, currency: undefined });
          const measured = withMeasure && !scaled;
          if (measured) obj.unit = measure;
          const read = toNumber(obj, 'number');
          const label = JSON.stringify(obj);
          // Under a name no reader knows, the value is found only beside its unit: one under a unit's name,
          // or a scale by what it says (a lone "m" under another name says nothing).
          const unitFound =
            measured ||
            (scaled && (['unit', 'Unit', 'scale', 'einheit'].includes(c.unitName) || word !== 'm'));
          if (!known && !unitFound) expect(typeof read, label).not.toBe('number');
          // A lone "m" is a metre or a minute outside an amount: a measure's unit.
          else if (scaled && word !== 'm') expect(typeof read, label).not.toBe('number');
          else expect(read, label).toBe(c.amount);
        },
      ),
      propertyRuns('qualified numbers'),
    );
  });

  it('an age, a height, a time: read in the unit the field takes, unread in another', () => {
    const cases = {
      age: { own: ['years', 'ans', 'Jahre'], other: ['months', 'days'] },
      height_cm: { own: ['cm'], other: ['ft', 'in', 'inches'] },
      minutes: { own: ['min', 'minutes'], other: ['h', 'hours', 's'] },
    } as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(cases) as (keyof typeof cases)[])),
        fc.integer({ min: 1, max: 300 }),
        fc.boolean(),
        fc.nat(9),
        (kind, n, own, pick) => {
          const units = own ? cases[kind].own : cases[kind].other;
          const obj = { value: n, unit: units[pick % units.length] };
          const read = toNumber(obj, kind);
          if (own) expect(read, JSON.stringify(obj)).toBe(n);
          else expect(typeof read, JSON.stringify(obj)).not.toBe('number');
        },
      ),
      propertyRuns('qualified measures'),
    );
  });

  it('in a list of labelled statistics: the same, and what cannot be read is unread, not dropped', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { obj, factor, known, scaled } = objectOf(c);
        const stats = flattenStatistics([
          { statistic: 'market_value_eur', ...obj },
          { statistic: 'goals', value: 3 },
        ]);
        const label = JSON.stringify(obj);
        expect(stats.goals, label).toBe(3);
        if (!known && !scaled && c.currency === undefined) return;
        if (isEuro(c.currency)) expect(stats.market_value_eur, label).toBe(exactly(c.amount, factor));
        else expect(stats.market_value_eur, label).toBeUndefined();
      }),
      propertyRuns('qualified statistics'),
    );
  });
});
