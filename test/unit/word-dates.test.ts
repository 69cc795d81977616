// Dates with the month as a word or the year first (src/api/reader/word-dates.ts through parseDate),
// generated from a seed (printed; replay with FOOTBALL_TEST_SAMPLE_SEED): any valid day from 1940 to
// 2040 written in a drawn language, full or abbreviated, in a drawn case, the parts in a drawn order,
// with or without an ordinal and fillers ("de", "of the"); and near misses that are no date (a day that
// does not exist, a word that is no month, a part too many). A date reads as its ISO form; a near miss
// is never read as a date.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDate, UNPARSED } from '../../src/api/reader/display.js';
import { propertyRuns } from '../support/sample.js';

/** Month names as written in each language: full, then an abbreviation. */
const NAMES: Record<string, readonly (readonly [string, string])[]> = {
  en: [
    ['January', 'Jan'],
    ['February', 'Feb'],
    ['March', 'Mar'],
    ['April', 'Apr'],
    ['May', 'May'],
    ['June', 'Jun'],
    ['July', 'Jul'],
    ['August', 'Aug'],
    ['September', 'Sept'],
    ['October', 'Oct'],
    ['November', 'Nov'],
    ['December', 'Dec'],
  ],
  fr: [
    ['janvier', 'janv.'],
    ['février', 'févr.'],
    ['mars', 'mars'],
    ['avril', 'avr.'],
    ['mai', 'mai'],
    ['juin', 'juin'],
    ['juillet', 'juil.'],
    ['août', 'août'],
    ['septembre', 'sept.'],
    ['octobre', 'oct.'],
    ['novembre', 'nov.'],
    ['décembre', 'déc.'],
  ],
  de: [
    ['Januar', 'Jan.'],
    ['Februar', 'Feb.'],
    ['März', 'Mrz.'],
    ['April', 'Apr.'],
    ['Mai', 'Mai'],
    ['Juni', 'Jun.'],
    ['Juli', 'Jul.'],
    ['August', 'Aug.'],
    ['September', 'Sep.'],
    ['Oktober', 'Okt.'],
    ['November', 'Nov.'],
    ['Dezember', 'Dez.'],
  ],
  es: [
    ['enero', 'ene'],
    ['febrero', 'feb'],
    ['marzo', 'mar'],
    ['abril', 'abr'],
    ['mayo', 'may'],
    ['junio', 'jun'],
    ['julio', 'jul'],
    ['agosto', 'ago'],
    ['septiembre', 'sep'],
    ['octubre', 'oct'],
    ['noviembre', 'nov'],
    ['diciembre', 'dic'],
  ],
  it: [
    ['gennaio', 'gen'],
    ['febbraio', 'feb'],
    ['marzo', 'mar'],
    ['aprile', 'apr'],
    ['maggio', 'mag'],
    ['giugno', 'giu'],
    ['luglio', 'lug'],
    ['agosto', 'ago'],
    ['settembre', 'set'],
    ['ottobre', 'ott'],
    ['novembre', 'nov'],
    ['dicembre', 'dic'],
  ],
  pt: [
    ['janeiro', 'jan'],
    ['fevereiro', 'fev'],
    ['março', 'mar'],
    ['abril', 'abr'],
    ['maio', 'mai'],
    ['junho', 'jun'],
    ['julho', 'jul'],
    ['agosto', 'ago'],
    ['setembro', 'set'],
    ['outubro', 'out'],
    ['novembro', 'nov'],
    ['dezembro', 'dez'],
  ],
  nl: [
    ['januari', 'jan'],
    ['februari', 'feb'],
    ['maart', 'mrt'],
    ['april', 'apr'],
    ['mei', 'mei'],
    ['juni', 'jun'],
    ['juli', 'jul'],
    ['augustus', 'aug'],
    ['september', 'sep'],
    ['oktober', 'okt'],
    ['november', 'nov'],
    ['december', 'dec'],
  ],
};

const dayArb = fc
  .date({ min: new Date('1940-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));

const FORMS = [
  'day month year', // 12 March 2000, 12. März 2000, 1er mars 2000
  'month day, year', // March 12, 2000; Jun 30, 2027
  'day de month de year', // 12 de marzo de 2000
  'the dayth of month year', // the 12th of March 2000
  'year/mm/dd',
  'year.m.d',
  'year-m-d',
] as const;

const caseArb = fc.constantFrom(
  (t: string) => t,
  (t: string) => t.toLowerCase(),
  (t: string) => t.toUpperCase(),
);

const pad = (n: number) => String(n).padStart(2, '0');

describe('dates with the month as a word, or the year first', () => {
  it('read as the ISO date they write', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom(...FORMS),
        fc.constantFrom(...Object.keys(NAMES)),
        fc.boolean(),
        caseArb,
        fc.constantFrom('', '.', 'er', 'º'),
        ({ year, month, day }, form, language, short, cased, ordinal) => {
          const names = NAMES[language]?.[month - 1] ?? ['', ''];
          const name = cased(short ? names[1] : names[0]);
          const suffix = ordinal === 'er' && day !== 1 ? '' : ordinal;
          const text = {
            'day month year': `${day}${suffix} ${name} ${year}`,
            'month day, year': `${name} ${day}, ${year}`,
            'day de month de year': `${day} de ${name} de ${year}`,
            'the dayth of month year': `the ${day}th of ${name} ${year}`,
            'year/mm/dd': `${year}/${pad(month)}/${pad(day)}`,
            'year.m.d': `${year}.${month}.${day}`,
            'year-m-d': `${year}-${month}-${day}`,
          }[form];
          expect(parseDate(text), text).toBe(`${year}-${pad(month)}-${pad(day)}`);
        },
      ),
      propertyRuns('word dates'),
    );
  });

  it('a month and a year alone read as that month', () => {
    expect(parseDate('Jun 2027')).toBe('2027-06');
    expect(parseDate('2027 juin')).toBe('2027-06');
  });

  it('near misses are never dates', () => {
    fc.assert(
      fc.property(
        dayArb,
        fc.constantFrom('no day', 'not a month', 'a part too many', 'two years'),
        fc.constantFrom(...Object.keys(NAMES)),
        ({ year, month, day }, miss, language) => {
          const name = NAMES[language]?.[month - 1]?.[0] ?? '';
          const text = {
            'no day': `32 ${name} ${year}`,
            'not a month': `${day} Ligue ${year}`,
            'a part too many': `${day} ${name} ${year} 17`,
            'two years': `${year} ${name} ${year}`,
          }[miss];
          expect(parseDate(text), text).toBe(UNPARSED);
        },
      ),
      propertyRuns('word dates near misses'),
    );
  });
});
