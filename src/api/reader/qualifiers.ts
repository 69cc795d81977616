// The words beside a number that say what it counts in: its currency, its unit or scale
// (`{amount: 57.35, unit: "M", currency: "EUR"}`), under the names APIs use or found by what they say.
// Dropped, they misread a value by a currency or a million (values.ts: qualifiedNumber).
import { isPlainObject } from '../../lib/plain-object.js';
import { CURRENCIES, type NumberKind, SCALES } from './display.js';
import { fieldName, member } from './names.js';

/** Names of the words beside a value that say what it counts in: its currency, its unit or scale. */
export const CURRENCY_FIELDS = [
  'currency',
  'currency_code',
  'ccy',
  'devise',
  'waehrung',
  'wahrung',
  'moneda',
  'valuta',
  'moeda',
];
export const UNIT_FIELDS = [
  'unit',
  'units',
  'unite',
  'einheit',
  'unidad',
  'unita',
  'scale',
  'numeral',
  'denomination',
];
/**
 * Names of a number beside a value that shifts it (`scale: 6`, `exponent: -2`, `multiplier: 1000`,
 * `decimals: 2` on an amount in cents): which way is not said (a scale of 2 is hundredths in one API and
 * hundreds in another), so a value beside one is unread, unless it is the one that changes nothing.
 */
export const MODIFIER_FIELDS = [
  'scale',
  'exponent',
  'multiplier',
  'factor',
  'power',
  'magnitude',
  'minor_unit',
  'minor_units',
  'decimals',
  'decimal_places',
  'precision',
];
/** Modifiers that are a display's precision as often, beside a number that is not an amount. */
export const PRECISION_FIELDS: ReadonlySet<string> = new Set(['decimals', 'decimal_places', 'precision']);
const NEUTRAL: Readonly<Record<string, number>> = { multiplier: 1, factor: 1 };

/**
 * The name of a number beside `value` that shifts it by a power of ten or a factor (MODIFIER_FIELDS),
 * when it shifts it: for an amount any such number, for another number any but a precision.
 */
export function modifierOf(value: Record<string, unknown>, kind: NumberKind): string | undefined {
  for (const name of MODIFIER_FIELDS) {
    if (kind !== 'euros' && PRECISION_FIELDS.has(name)) continue;
    const found = member(value, name);
    const n = typeof found === 'string' && /^\s*[+-]?\d+(\.\d+)?\s*$/.test(found) ? Number(found) : found;
    if (typeof n === 'number' && n !== (NEUTRAL[name] ?? 0)) return name;
  }
  return undefined;
}
/**
 * Units that scale a number (thousands, millions, billions): never dropped. A lone lower-case "m" is a
 * metre or a minute as often as a million: a measure's unit outside an amount.
 */
export const isScaleWord = (unit: string) =>
  /^[kKMB]$/.test(unit) ||
  /^(tsd|thousands?|tausend|mio|mn|mln|millions?|millionen|bn|mrd|billions?|milliards?|milliarden|cents?|centimes)\.?$/i.test(
    unit,
  );

/**
 * An object that says, beside one number, what it counts in (a currency, a scale), under any name: a
 * value, not a group of fields. Only its own members count (a group holding an amount object is a group),
 * unless it is known to be one value (`grouped`: a statistic's item, its unit in a group inside it).
 */
export function carriesQualifiers(value: Record<string, unknown>, grouped = false): boolean {
  const { currency, unit } = qualifiersOf(value, undefined, 'euros', grouped);
  const shift = modifierOf(value, 'euros');
  if (currency === undefined && unit === undefined && shift === undefined) return false;
  // The one number beside its words; a shift's number is one of its words.
  return numberNamesIn(value).filter((k) => !MODIFIER_FIELDS.includes(fieldName(k))).length === 1;
}

const isNumeral = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && /^\s*[+-]?\d[\d.,' ]*\s*$/.test(v));

/** The names of the numbers among an object's own members: JSON numbers and texts of digits. */
export const numberNamesIn = (value: Record<string, unknown>) =>
  Object.keys(value).filter((k) => isNumeral(value[k]));

/**
 * The currency and the unit or scale beside a value: under the names APIs use, else by what they say; in
 * the value's object or one grouped inside it (`{value, currency, details: {unit: "M"}}`).
 */
export function qualifiersOf(
  value: Record<string, unknown>,
  inner: unknown,
  kind: NumberKind,
  grouped = true,
): { currency?: string | undefined; unit?: string | undefined } {
  const places = grouped ? [value, ...Object.values(value).filter(isPlainObject)] : [value];
  const scale =
    kind === 'euros' ? (w: string) => isScaleWord(w) || Object.hasOwn(SCALES, w.toLowerCase()) : isScaleWord;
  const first = (find: (place: Record<string, unknown>) => string | undefined) => {
    for (const place of places) {
      const found = find(place);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return {
    currency:
      first((p) => textOf(p, CURRENCY_FIELDS)) ??
      first((p) => wordBeside(p, inner, (w) => isCurrencyWord(w, kind))),
    unit: first((p) => textOf(p, UNIT_FIELDS)) ?? first((p) => wordBeside(p, inner, scale)),
  };
}

/**
 * A currency or a scale beside the value under a name no reader knows (a field renamed, a language's
 * word): found by what it says, since dropping it would misread the value by a currency or a million.
 */
function wordBeside(
  record: Record<string, unknown>,
  inner: unknown,
  is: (word: string) => boolean,
): string | undefined {
  for (const key in record) {
    const word = record[key];
    if (word !== inner && typeof word === 'string' && is(word.trim())) return word.trim();
  }
  return undefined;
}

/** A currency written alone: a sign or word the reader knows, or, beside an amount, any ISO 4217 code. */
const isCurrencyWord = (word: string, kind: NumberKind) =>
  Object.hasOwn(CURRENCIES, word.toLowerCase()) || (kind === 'euros' && /^[A-Z]{3}$/.test(word));

function textOf(record: Record<string, unknown>, names: readonly string[]): string | undefined {
  for (const name of names) {
    const found = member(record, name);
    if (typeof found === 'string' && found.trim() !== '') return found.trim();
  }
  return undefined;
}

/** Whether an object holding `inner` says what it counts in, for a field of `kind` (qualifiedNumber). */
export function isQualified(value: Record<string, unknown>, inner: unknown, kind: NumberKind): boolean {
  const { currency, unit } = qualifiersOf(value, inner, kind);
  return currency !== undefined || unit !== undefined || modifierOf(value, kind) !== undefined;
}
