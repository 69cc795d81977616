// Dates written as people write them, with the month as a word: "12 March 2000", "Jun 30, 2027" (the
// way football sites give contract ends), "12. März 2000", "1er mars 2000", "12 de marzo de 2000", in
// English, French, German, Spanish, Italian, Portuguese and Dutch, full or abbreviated; and year-first
// forms with slashes or dots or unpadded ("2000/03/12", "2000.3.12", "2000-3-12"). A month written as a
// word and a four-digit year leave one number for the day, in any order: never ambiguous. A month and a
// year alone ("March 2000") are that month, as ISO writes it ("2000-03").
import { fold } from '../../lib/fold.js';

const MONTHS: readonly (readonly string[])[] = [
  [
    'january',
    'jan',
    'janvier',
    'janv',
    'januar',
    'janner',
    'enero',
    'ene',
    'gennaio',
    'gen',
    'janeiro',
    'januari',
  ],
  ['february', 'feb', 'fevrier', 'fevr', 'fev', 'februar', 'febrero', 'febbraio', 'fevereiro', 'februari'],
  ['march', 'mar', 'mars', 'marz', 'mrz', 'marzo', 'marco', 'maart', 'mrt'],
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'maio', 'mei'],
  ['june', 'jun', 'juin', 'juni', 'junio', 'giugno', 'giu', 'junho'],
  ['july', 'jul', 'juillet', 'juil', 'juli', 'julio', 'luglio', 'lug', 'julho'],
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'settembre', 'set', 'setembro'],
  ['october', 'oct', 'octobre', 'oktober', 'okt', 'octubre', 'ottobre', 'ott', 'outubro', 'out'],
  ['november', 'nov', 'novembre', 'noviembre', 'novembro'],
  ['december', 'dec', 'decembre', 'dezember', 'dez', 'diciembre', 'dic', 'dicembre', 'dezembro'],
];
const MONTH_OF = new Map(MONTHS.flatMap((names, i) => names.map((name) => [name, i + 1] as const)));

/** Words between a date's parts: "12 de marzo de 2000", "the 12th of March". */
const FILLERS = new Set(['de', 'del', 'of', 'the', 'le', 'el', 'der', 'den']);
const DAY = /^(\d{1,2})(st|nd|rd|th|er|e|o)?$/;
const YEAR_FIRST = /^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})$/;

/** The date as ISO ("2000-03-12"), or undefined when `text` is no date of these forms. */
export function wordDate(text: string): string | undefined {
  const first = YEAR_FIRST.exec(text);
  if (first) return isoOf(Number(first[1]), Number(first[3]), Number(first[4]));
  // Only a text holding a letter can name its month.
  if (!/\p{L}/u.test(text)) return undefined;
  // Folded: lower case, accents off, every run of spaces and punctuation one `_`.
  const parts = fold(text)
    .split('_')
    .filter((part) => part !== '' && !FILLERS.has(part));
  if (parts.length === 2) return monthOfYear(parts);
  if (parts.length !== 3) return undefined;
  let year: number | undefined;
  let month: number | undefined;
  let day: number | undefined;
  for (const part of parts) {
    if (/^\d{4}$/.test(part) && year === undefined) year = Number(part);
    else if (MONTH_OF.has(part) && month === undefined) month = MONTH_OF.get(part);
    else {
      const match = DAY.exec(part);
      if (!match || day !== undefined) return undefined;
      day = Number(match[1]);
    }
  }
  return year === undefined || month === undefined || day === undefined ? undefined : isoOf(year, month, day);
}

/** "March 2000", "2000 mars": the month, as ISO writes a month ("2000-03"). */
function monthOfYear([a = '', b = '']: readonly string[]): string | undefined {
  const [month, year] = MONTH_OF.has(a) ? [MONTH_OF.get(a), b] : [MONTH_OF.get(b), a];
  return month !== undefined && /^\d{4}$/.test(year)
    ? `${year}-${String(month).padStart(2, '0')}`
    : undefined;
}

function isoOf(year: number, month: number, day: number): string | undefined {
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : undefined;
}
