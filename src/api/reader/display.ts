// Values as people write them: one parser for the display forms an API may send where a number, an
// amount, an age, minutes, a height, a flag, a date or a season is read. Each reading gives the value,
// null for a placeholder ("N/A", "-", "k.A.": the API says it has none), or UNPARSED: a text this parser
// cannot read with certainty. UNPARSED is never turned into null or 0 by the callers (values.ts): the
// field is unread and the answer says so.
//
// Rules for the forms that could be read two ways (docs/real-api.md):
// - Thousands: spaces (plain, no-break, thin), apostrophes, or the one of `.`/`,` that repeats or comes
//   first when both appear; the other is the decimal mark. Groups after the first have three digits.
// - A lone `.` or `,` followed by exactly three digits after a nonzero whole part ("1.234", "12,500")
//   is ambiguous: it is a thousands separator only where the field holds whole numbers (minutes, counts,
//   amounts without a scale), and UNPARSED everywhere else. Never a guess.
// - Amounts: only euros are read as euros (€, EUR, euro); another currency is UNPARSED, never converted.
// - Dates: ISO as given; DD.MM.YYYY day first (no one writes the month first with dots); DD/MM/YYYY and
//   DD-MM-YYYY day first when the day is past 12 or equals the month, month first when only the second
//   part is past 12; otherwise (03/04/2026, 03-04-2026: a US API writes the month first with either) it
//   is kept as the API wrote it, not reordered.
import { normalizeSeason } from '../../domain/season.js';
import { wordDate } from './word-dates.js';

export const UNPARSED: unique symbol = Symbol('unparsed');
export type Unparsed = typeof UNPARSED;

/** What a number field holds, which decides the units it accepts and how "1.234" is read. */
export type NumberKind = 'number' | 'count' | 'age' | 'minutes' | 'height_cm' | 'euros';

/** Texts that stand for "no value", compared lower-cased: marks and abbreviations no name is written as. */
const PLACEHOLDERS = new Set([
  '',
  '-',
  '--',
  '–',
  '—',
  '/',
  'n/a',
  'n.a.',
  'n/d',
  'n.d.',
  'n.v.',
  'k.a.',
  'k. a.',
  's.o.',
  'n.c.',
  'null',
]);
/** Words that stand for "no value" where a number, date or flag is read (a name may be "Na"). */
const WORD_PLACEHOLDERS = new Set(['na', 'nd', 'nv', 'ka', 'nc', 'nil', 'none']);

const LONGEST_PLACEHOLDER = Math.max(...[...PLACEHOLDERS, ...WORD_PLACEHOLDERS].map((p) => p.length));
/** A printable ASCII character: never a space `trim` would take off. */
const plainEdge = (code: number) => code > 32 && code < 127;

/** A text that stands for no value; `words` adds bare words ("NA", "none") where no name is read. */
export function isPlaceholder(text: string, words = true): boolean {
  // Most texts are names longer than any placeholder, with no space at either end: told without a copy.
  if (
    text.length > LONGEST_PLACEHOLDER &&
    plainEdge(text.charCodeAt(0)) &&
    plainEdge(text.charCodeAt(text.length - 1))
  )
    return false;
  const folded = text.trim().toLowerCase();
  return PLACEHOLDERS.has(folded) || (words && WORD_PLACEHOLDERS.has(folded));
}

// Spaces inside numbers: plain, no-break, figure, thin, narrow no-break; apostrophes: ' and ’ and ʼ.
const SPACES = /[\s\u00a0\u2007\u2009\u202f]+/g;
const APOSTROPHES = /['\u2019\u02bc]/g;

const AGE_UNITS = new Set([
  'an',
  'ans',
  'y',
  'yo',
  'y/o',
  'yr',
  'yrs',
  'year',
  'years',
  'years old',
  'j',
  'j.',
  'jahr',
  'jahre',
  'ano',
  'anos',
  'año',
  'años',
  'anni',
  'jaar',
]);
const MINUTE_UNITS = new Set([
  'min',
  'min.',
  'mins',
  'minute',
  'minutes',
  'minuten',
  'minuto',
  'minutos',
  'minuti',
  'mn',
  "'",
  '′',
]);
export const CURRENCIES: Record<string, string> = {
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  $: 'USD',
  usd: 'USD',
  chf: 'CHF',
  'fr.': 'CHF',
};
export const SCALES: Readonly<Record<string, number>> = {
  k: 3,
  tsd: 3,
  'tsd.': 3,
  mille: 3,
  thousand: 3,
  thousands: 3,
  tausend: 3,
  m: 6,
  mn: 6,
  mln: 6,
  mio: 6,
  'mio.': 6,
  mill: 6,
  'mill.': 6,
  million: 6,
  millions: 6,
  millionen: 6,
  b: 9,
  bn: 9,
  md: 9,
  mds: 9,
  mrd: 9,
  'mrd.': 9,
  milliard: 9,
  milliards: 9,
  milliarde: 9,
  milliarden: 9,
  billion: 9,
  billions: 9,
  // An amount in cents (the minor unit of the euro, as payment APIs send money).
  cent: -2,
  cents: -2,
  centimes: -2,
};
const CURRENCY_WORD = /^(€|euros?|eur|£|gbp|\$|usd|chf|fr\.)/;
const SCALE_WORD =
  /^(milliarden|milliarde|milliards|milliard|millionen|millions|million|billions|billion|thousands|thousand|tausend|mille|centimes|cents|cent|mill\.?|mio\.?|mrd\.?|tsd\.?|mds|md|mln|mn|bn|k|m|b)(?![a-z])/;

/** The numeral at the start of `text`: digits with separators, or a bare fraction (".5"). */
const NUMERAL = /^(\d[\d.,' ]*\d|\d|[.,]\d+)/;

/**
 * A number written for people: "81,2", "1 840 min", "21 ans", "18,5 M€", "€450k", "64.2 %", "1,85 m".
 * `kind` says which units the field takes; a unit of another kind is UNPARSED ("21 ans" as minutes).
 */
export function parseNumber(input: string, kind: NumberKind = 'number'): number | null | Unparsed {
  if (isPlaceholder(input)) return null;
  let text = input.replace(SPACES, ' ').replace(APOSTROPHES, "'").trim().toLowerCase();
  // A plain JavaScript numeral (with an exponent): as the API wrote it.
  if (kind !== 'height_cm' && /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(text)) {
    if (!/^[+-]?\d{1,3}\.\d{3}$/.test(text) || /^[+-]?0/.test(text)) return Number(text);
  }
  let currency: string | undefined;
  let sign = 1;
  const takeCurrency = () => {
    const match = CURRENCY_WORD.exec(text);
    if (!match || currency) return;
    currency = CURRENCIES[match[1] as string];
    text = text.slice(match[0].length).trim();
  };
  takeCurrency();
  const signMatch = /^[+\-\u2212]/.exec(text);
  if (signMatch) {
    sign = signMatch[0] === '+' ? 1 : -1;
    text = text.slice(1).trim();
  }
  takeCurrency();
  const numeral = NUMERAL.exec(text);
  if (!numeral) return UNPARSED;
  let rest = text.slice(numeral[0].length).trim();
  let scale = 0;
  if (kind === 'euros') {
    const scaleMatch = SCALE_WORD.exec(rest);
    if (scaleMatch) {
      scale = SCALES[scaleMatch[1] as string] ?? 0;
      rest = rest.slice(scaleMatch[0].length).replace(/^\./, '').trim();
    }
    if (rest !== '') {
      const tail = CURRENCY_WORD.exec(rest);
      if (!tail || currency) return UNPARSED;
      currency = CURRENCIES[tail[1] as string];
      rest = rest.slice(tail[0].length).trim();
    }
    if (rest !== '' || (currency !== undefined && currency !== 'EUR')) return UNPARSED;
  } else if (currency !== undefined) return UNPARSED;
  const whole = kind === 'count' || kind === 'minutes' || (kind === 'euros' && scale === 0);
  const digits = decimalDigits(numeral[0], whole);
  if (digits === undefined) return UNPARSED;
  const unit = unitFactor(rest, kind);
  if (unit === undefined) return UNPARSED;
  const value = Number(`${digits}e${scale + unit}`);
  if (!Number.isFinite(value)) return UNPARSED;
  if (kind === 'height_cm' && unit === 0 && rest === '' && value < 3) return UNPARSED;
  return sign * value;
}

/** The power of ten a unit scales by (0: none), or undefined when the field takes no such unit. */
function unitFactor(unit: string, kind: NumberKind): number | undefined {
  if (unit === '') return 0;
  if (unit === '%') return kind === 'number' ? 0 : undefined;
  if (kind === 'age') return AGE_UNITS.has(unit) ? 0 : undefined;
  if (kind === 'minutes') return MINUTE_UNITS.has(unit) ? 0 : undefined;
  if (kind === 'height_cm') return unit === 'cm' ? 0 : unit === 'm' ? 2 : undefined;
  return undefined;
}

/**
 * The numeral as a plain decimal ("1234.5"), its separators read by the rules above; undefined when
 * they do not add up or the form is ambiguous and the field does not hold whole numbers.
 */
function decimalDigits(numeral: string, whole: boolean): string | undefined {
  const groupedBy = (text: string, separator: string): string | undefined => {
    const groups = text.split(separator);
    const [first, ...others] = groups;
    if (!first || !/^\d{1,3}$/.test(first) || others.some((g) => !/^\d{3}$/.test(g))) return undefined;
    return groups.join('');
  };
  const marks = numeral.match(/[.,' ]/g) ?? [];
  if (marks.length === 0) return numeral;
  const kinds = [...new Set(marks)];
  // Spaces and apostrophes only group; a `.` or `,` beside them is the decimal mark.
  const grouping = kinds.filter((k) => k === ' ' || k === "'");
  const points = kinds.filter((k) => k === '.' || k === ',');
  if (grouping.length > 1) return undefined;
  if (grouping.length === 1) {
    if (points.length > 1) return undefined;
    const [integer, fraction, ...more] = points.length === 1 ? numeral.split(points[0] as string) : [numeral];
    if (more.length > 0 || integer === undefined) return undefined;
    const joined = groupedBy(integer, grouping[0] as string);
    if (joined === undefined) return undefined;
    return fraction === undefined ? joined : `${joined}.${fraction}`;
  }
  if (points.length === 2) {
    const decimal = numeral.lastIndexOf('.') > numeral.lastIndexOf(',') ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    const [integer, fraction, ...more] = numeral.split(decimal);
    if (more.length > 0 || integer === undefined || fraction === undefined) return undefined;
    if (!/^\d+$/.test(fraction)) return undefined;
    const joined = groupedBy(integer, thousands);
    return joined === undefined ? undefined : `${joined}.${fraction}`;
  }
  const mark = points[0] as string;
  const parts = numeral.split(mark);
  if (parts.length > 2) return groupedBy(numeral, mark);
  const [integer = '', fraction = ''] = parts;
  if (fraction === '' || !/^\d*$/.test(integer)) return undefined;
  const ambiguous = fraction.length === 3 && /^[1-9]\d{0,2}$/.test(integer);
  if (!ambiguous) return `${integer || '0'}.${fraction}`;
  return whole ? `${integer}${fraction}` : undefined;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'oui', 'ja', 'si', 'sí', 'sim', 'vrai', 'wahr', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'non', 'nein', 'não', 'nao', 'faux', 'falsch', '0']);

/** A flag: a boolean, 1/0, or yes/no in English, French, German, Spanish, Portuguese. */
export function parseBoolean(value: unknown): boolean | null | Unparsed {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return UNPARSED;
  if (isPlaceholder(value)) return null;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return UNPARSED;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const PARTIAL_ISO = /^\d{4}(-\d{2})?$/;
const DAY_FIRST = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})$/;

/**
 * A date: ISO (date or timestamp, as given; "2026" and "2026-06" too), a day-first form written with
 * dots, hyphens or slashes, or a form with the month as a word or the year first (word-dates.ts), given
 * as ISO. A slash or hyphen date that could be either order is kept as written; anything else is UNPARSED.
 */
export function parseDate(input: string): string | null | Unparsed {
  if (isPlaceholder(input)) return null;
  const text = input.trim();
  if (ISO_DATE.test(text)) return validDate(text.slice(0, 10)) ? text : UNPARSED;
  if (PARTIAL_ISO.test(text)) return text;
  const match = DAY_FIRST.exec(text);
  if (!match) return wordDate(text) ?? UNPARSED;
  const [, a = '', separator, b = '', year = ''] = match;
  let day = Number(a);
  let month = Number(b);
  const eitherOrder = separator !== '.';
  if (eitherOrder && day <= 12 && month <= 12 && day !== month) return text;
  if (eitherOrder && month > 12 && day <= 12) [day, month] = [month, day];
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return validDate(iso) ? iso : UNPARSED;
}

function validDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** A start: a date (parseDate) or a season label in our form ("since 21-22"); else UNPARSED. */
export function parseDateOrSeason(input: string): string | null | Unparsed {
  const date = parseDate(input);
  if (date !== UNPARSED) return date;
  const season = normalizeSeason(input.trim());
  return season.ok ? season.season : UNPARSED;
}

/**
 * A season label in our form ("25-26") from "25-26", "2025-26", "2025/26", "2025-2026"; another label
 * (a calendar year "2025", a name) is the API's own and kept as written.
 */
export function parseSeason(input: string): string | null {
  if (input === lastSeason.input) return lastSeason.label;
  const parsed = isPlaceholder(input)
    ? null
    : normalizeSeason(input.replace(/^(saison|season|temporada|spielzeit)\s+/i, ''));
  const label = parsed === null ? null : parsed.ok ? parsed.season : input.trim();
  lastSeason = { input, label };
  return label;
}

/** The latest season read: every row of a page carries the same one, read once (a regex or two a row). */
let lastSeason: { input: string | undefined; label: string | null } = { input: undefined, label: null };
