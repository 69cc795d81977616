// Field readers: each accepts the plausible encodings of one kind of value and yields ours. Ids are
// always strings, numbers may come as strings in the forms people write them (display.ts), and an
// object stands for its name where a name is read. A placeholder ("N/A", "-") is absent (null); a
// value no reader can read fails the field's schema, and the row reader notes it unread (row.ts).
import { z } from 'zod';
import { isImplausibleValuation } from '../../domain/valuations.js';
import { isPlainObject } from '../../lib/plain-object.js';
import {
  isPlaceholder,
  type NumberKind,
  parseBoolean,
  parseDate,
  parseDateOrSeason,
  parseNumber,
  parseSeason,
  UNPARSED,
  type Unparsed,
} from './display.js';
import { fieldName, member } from './names.js';
import {
  carriesQualifiers,
  isQualified,
  isScaleWord,
  modifierOf,
  numberNamesIn,
  qualifiersOf,
} from './qualifiers.js';
import { currentAliases, noteSeasonForm, noteUnreadable } from './report.js';
import { scaleOfName, withScale } from './scaled-names.js';

export const NAME_FIELDS = [
  'name',
  'nom',
  'label',
  'libelle',
  'title',
  'short_name',
  'display_name',
] as const;
export const VALUE_FIELDS = ['value', 'valeur', 'val', 'amount', 'montant'] as const;

export { isPlainObject } from '../../lib/plain-object.js';

/**
 * The name an `{id, name}`-like object stands for: under a name word, else under an alias of `name` the
 * reading knows (`{id, nome}`: a club written as an object in Italian names the club).
 */
export function nameOf(value: Record<string, unknown>): string | undefined {
  for (const fields of [NAME_FIELDS, currentAliases().of('name')]) {
    for (const field of fields) {
      const v = member(value, field);
      if (typeof v === 'string' && v.trim() !== '') return v;
    }
  }
  return undefined;
}

function toId(value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return String(value);
  if (typeof value === 'string') return value.trim();
  return value;
}

function toText(value: unknown): unknown {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (isPlainObject(value)) return nameOf(value) ?? value;
  return value;
}

/**
 * A number from a number, a display string ("81,2", "1 840 min", "18,5 M€": display.ts, by `kind`) or
 * a `{value}` object; null for a placeholder; anything else as it came (the field's schema refuses it).
 */
export function toNumber(value: unknown, kind: NumberKind = 'number'): unknown {
  if (typeof value === 'string') {
    const n = parseNumber(value, kind);
    return n === UNPARSED ? value : n;
  }
  if (isPlainObject(value)) {
    for (const field of VALUE_FIELDS) {
      const inner = member(value, field);
      if (typeof inner === 'number' || typeof inner === 'string') return qualifiedNumber(value, inner, kind);
    }
    // `{wert: 37.25, unit: "M", currency: "EUR"}`: beside its currency or scale, the one number there is;
    // its name may state a scale of its own (`{amount_in_cents: 5735000000, currency: "EUR"}`).
    const { currency, unit } = qualifiersOf(value, undefined, kind);
    if (currency !== undefined || unit !== undefined) {
      const numbers = numberNamesIn(value);
      if (numbers.length !== 1) return value;
      const name = numbers[0] as string;
      const scale = kind === 'euros' ? scaleOfName(fieldName(name)) : undefined;
      if (scale === undefined) return qualifiedNumber(value, value[name] as number | string, kind);
      // Two scales, one in the name and one beside it: which applies is not said.
      if (unit === undefined)
        return qualifiedNumber(value, withScale(value[name], scale) as number | string, kind);
    }
  }
  return value;
}

/** `n` times `one` when `one` is a power of ten, shifted as a decimal is (exactly); else UNPARSED. */
function shiftedBy(n: number, one: number | null | Unparsed): number | Unparsed {
  if (typeof one !== 'number' || !Number.isFinite(n) || one <= 0) return UNPARSED;
  const digits = Math.round(Math.log10(one));
  if (10 ** digits !== one) return UNPARSED;
  const shifted = Number(`${String(n)}e${digits}`);
  return Number.isFinite(shifted) ? shifted : n * one;
}

/**
 * `{amount: 57.35, unit: "M", currency: "EUR"}`: the value read with the words beside it, as one
 * written text would be ("57.35 M EUR"), so a scale is applied and another currency than the euro is
 * unread, never taken for euros. A statistic's unit that names the measure only ("%", "per 90") leaves
 * the value as it is; a currency, a scale or a unit the field cannot take leaves it unread.
 */
function qualifiedNumber(value: Record<string, unknown>, inner: number | string, kind: NumberKind): unknown {
  if (modifierOf(value, kind) !== undefined) return value;
  const { currency, unit } = qualifiersOf(value, inner, kind);
  if (currency === undefined && unit === undefined) return toNumber(inner, kind);
  const words = `${unit ?? ''} ${currency ?? ''}`;
  // A JSON number is no numeral to guess the separators of (81.651 M is not 81 651 M): only its words
  // are read, as the power of ten they stand for.
  const read =
    typeof inner === 'number'
      ? shiftedBy(inner, parseNumber(`1 ${words}`, kind))
      : parseNumber(`${inner} ${words}`, kind);
  if (read !== UNPARSED) return read;
  // A statistic's unit ("per 90", "%", "goals") does not change its number; an age's, a height's or a
  // time's does ("months", "ft", "h"): unread when the kind's reader cannot take it.
  if (currency === undefined && (kind === 'number' || kind === 'count') && !isScaleWord(unit ?? ''))
    return toNumber(inner, kind);
  return value;
}

/** What a fast reader returns when it cannot tell: the value goes through the field's zod schema. */
export const SLOW: unique symbol = Symbol('slow');
type FastReader = (value: unknown) => unknown;
const fastReaders = new WeakMap<z.ZodType, FastReader>();

/**
 * A field schema paired with a plain function giving the same output for the plainly typed values an
 * API sends (a string where a text is read, a finite number where a number is), and SLOW for anything
 * else. A row whose fields all have one is read without zod: reading a 100-row page took 0.29 ms
 * warm and ~0.8 ms after the process sat idle, most of a cache miss's own cost.
 */
function withFastReader<S extends z.ZodType>(schema: S, fast: FastReader): S {
  fastReaders.set(schema, fast);
  return schema;
}

/** The fast reader of a field schema, if it has one. */
export function fastReaderOf(schema: z.ZodType): FastReader | undefined {
  return fastReaders.get(schema);
}

// Each the field's own preprocessing, without zod: a value it makes readable is taken as it is, and
// anything else (an object, an empty id, what zod would refuse) goes to zod.
const fastId: FastReader = (v) => {
  const id = toId(v);
  return typeof id === 'string' && id.length > 0 ? id : SLOW;
};
const fastText: FastReader = (v) => {
  if (isPlainObject(v)) return SLOW;
  const text = toText(v);
  return typeof text === 'string' ? text : SLOW;
};

/** A required reader and an optional one (absent, null or a placeholder: null) from one conversion. */
function readers<T>(
  convert: (v: unknown) => unknown,
  output: z.ZodType<T>,
  accept: (v: unknown) => boolean,
): [required: z.ZodType<T>, optional: z.ZodType<T | null | undefined>] {
  const required = withFastReader(z.preprocess(convert, output), (v) => {
    const out = convert(v);
    return accept(out) ? out : SLOW;
  });
  const optional = withFastReader(z.preprocess(convert, output.nullable()).optional(), (v) => {
    if (v === undefined) return undefined;
    const out = convert(v);
    return out === null || accept(out) ? out : SLOW;
  });
  return [required, optional];
}

const isFiniteNumber = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
const numberReaders = (kind: NumberKind) =>
  readers((v) => toNumber(v, kind), z.number().finite(), isFiniteNumber);

/** Optional texts: a placeholder ("N/A", "–") is absent. */
const toOptText = (v: unknown) => (typeof v === 'string' && isPlaceholder(v, false) ? null : toText(v));
const isString = (v: unknown) => typeof v === 'string';

export const idValue = withFastReader(z.preprocess(toId, z.string().min(1)), fastId);
export const textValue = withFastReader(z.preprocess(toText, z.string()), fastText);
export const optId = withFastReader(idValue.nullish(), (v) =>
  v === undefined || v === null ? v : fastId(v),
);
export const optText = withFastReader(z.preprocess(toOptText, z.string().nullable()).optional(), (v) => {
  if (v === undefined || isPlainObject(v)) return v === undefined ? v : SLOW;
  const text = toOptText(v);
  return text === null || typeof text === 'string' ? text : SLOW;
});

/** Any number (a score, a statistic, a share: "64,2 %"). */
export const [numValue, optNum] = numberReaders('number');
/** Whole numbers (counts, ranks): "1.234" is read as 1234. */
export const [countValue, optCount] = numberReaders('count');
/** Ages: "21 ans", "21 Jahre". */
export const [, optAge] = numberReaders('age');
/** Minutes played: "1 840 min", "1.840'". */
export const [, optMinutes] = numberReaders('minutes');
/** Heights in centimetres: "185 cm", "1,85 m". */
export const [, optHeightCm] = numberReaders('height_cm');
/** What a valuation under the floor (domain/valuations.ts) reads as: nothing its reader takes (unread). */
const IMPLAUSIBLE: unique symbol = Symbol('implausible');
const toValuation = (v: unknown) => {
  const n = toNumber(v, 'euros');
  return typeof n === 'number' && isImplausibleValuation(n) ? IMPLAUSIBLE : n;
};
/**
 * Valuations in euros (a market value, its range, a squad's value): "18,5 M€", "€450k", "EUR 1.2bn";
 * another currency, or an amount under the floor, is not read.
 */
export const [, optEuros] = readers(toValuation, z.number().finite(), isFiniteNumber);

const toDate = (v: unknown) => {
  if (typeof v !== 'string') return v;
  // The symbol, not the text: a text that is no date must not pass as one.
  return parseDate(v);
};
/** A date: ISO as given, day-first forms as ISO (display.ts); a text that is no date is unread. */
export const [, optDate] = readers(toDate, z.string(), isString);
/** Since when: a date, or a season label ("21-22", "2021/22" read as "21-22"). */
export const [, optDateOrSeason] = readers(
  (v) => (typeof v === 'string' ? parseDateOrSeason(v) : v),
  z.string(),
  isString,
);

const toSeason = (v: unknown) => {
  const text = toText(v);
  if (typeof text !== 'string') return text;
  const label = parseSeason(text);
  // The form the API wrote, for the answer to show beside the label read (canonical-forms.ts).
  if (label !== null) noteSeasonForm(text.trim(), label);
  return label;
};
/** A season label, in our form ("25-26") when it is one of the usual forms, else as the API wrote it. */
export const [seasonValue, optSeason] = readers(toSeason, z.string(), isString);

const toBoolean = (v: unknown) => {
  const flag = parseBoolean(v);
  return flag === UNPARSED ? v : flag;
};
/** A flag: true/false, 1/0, yes/no in several languages. */
export const [, optBool] = readers(toBoolean, z.boolean(), (v) => typeof v === 'boolean');

/** An optional field read as null when absent or unreadable-as-absent (ids and names of rows). */
export function orNull<S extends typeof optId | typeof optText>(schema: S) {
  const inner = fastReaders.get(schema);
  const read = schema.transform((v) => v ?? null);
  if (!inner) return read;
  return withFastReader(read, (v) => {
    const out = inner(v);
    return out === SLOW ? SLOW : (out ?? null);
  });
}

/** A list of words: an array of texts, or one text (comma-separated or not). */
export const textList = z.preprocess((value) => {
  if (Array.isArray(value)) return value.map(toText).filter((v) => typeof v === 'string');
  const text = toText(value);
  return typeof text === 'string' ? [text] : value;
}, z.array(z.string()));

export type StatValue = number | string | null;

/**
 * How a number under `key` is written when it is written for people: an amount in euros (`…_eur`),
 * minutes, an age or a height take their units ("37,25 M€", "1 840 min"); any other key a plain number.
 */
export function numberKindOf(key: string): NumberKind {
  const name = fieldName(key);
  if (/(^|_)eur$/.test(name)) return 'euros';
  if (name === 'minutes' || name === 'age' || name === 'height_cm') return name;
  return 'number';
}

/**
 * Statistics in any of the plausible forms, as one flat map: `{goals: 0.4}`, grouped maps
 * `{attacking: {goals: 0.4}}`, or a list `[{statistic: 'goals', value: 0.4}]`. Texts are kept
 * only with `keepText` (compare shows them); anything else is left out.
 */
export function flattenStatistics(value: unknown, keepText = false): Record<string, StatValue> {
  const out: Record<string, StatValue> = {};
  const put = (key: string, raw: unknown, group?: string) => {
    if (raw === null) {
      out[key] = null;
      return;
    }
    const n = toNumber(raw, numberKindOf(key));
    if (n === null) {
      out[key] = null;
      return;
    }
    if (typeof n === 'number' && Number.isFinite(n)) {
      out[key in out && group ? `${group}.${key}` : key] = n;
      return;
    }
    if (isPlainObject(raw) && !VALUE_FIELDS.some((f) => member(raw, f) !== undefined)) {
      for (const [k, v] of Object.entries(raw)) put(k, v, key);
      return;
    }
    if (keepText && typeof raw === 'string') out[key] = raw;
    // A value given that no reader can read: unread, not left out unsaid.
    else if (typeof raw === 'string' || typeof raw === 'boolean' || isPlainObject(raw))
      noteUnreadable(`statistics.${key}`);
  };
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isPlainObject(item)) continue;
      const key =
        ['statistic', 'statistique', 'key', 'stat', 'metric', 'name', 'nom']
          .map((f) => member(item, f))
          .find((v): v is string => typeof v === 'string' && v !== '') ?? onlyTextOf(item);
      if (!key) {
        // An item whose statistic cannot be told: unread, not left out unsaid.
        if (Object.values(item).some((v) => v != null)) noteUnreadable('statistics.statistic');
        continue;
      }
      const given = VALUE_FIELDS.map((f) => member(item, f)).find((v) => v !== undefined);
      // A value with its currency or unit beside it is read with them (qualifiedNumber).
      if (given !== undefined) put(key, isQualified(item, given, numberKindOf(key)) ? item : given);
      // No value under a known name: beside a currency or scale, the item is the value (toNumber).
      else put(key, carriesQualifiers(item, true) ? item : onlyNumberOf(item, key));
    }
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) put(k, v);
  }
  return out;
}

/**
 * Whether `value` is a list of statistics by its values, whatever it is named: two items or more, each an
 * object with its statistic (onlyTextOf) and plain values beside it, a number in one item at least.
 */
export function isStatisticList(value: unknown): boolean {
  if (!Array.isArray(value) || value.length < 2) return false;
  const number = (v: unknown) => typeof toNumber(v) === 'number';
  return (
    value.every((item) => {
      if (!isPlainObject(item)) return false;
      // Beside its statistic: numbers, nulls, texts (its label, its unit), nothing nested.
      const key = onlyTextOf(item);
      return key !== undefined && Object.values(item).every((v) => v === null || typeof v !== 'object');
    }) && value.some((item) => Object.values(item as object).some(number))
  );
}

/**
 * The statistic of an item without a key field we know (`{name_voll: "Goals", value: 0.4}`): its one
 * member that is text and no number; among several (a key and its label), the one written as a key
 * (`goals`: lower case, no space). None, or two that could each be it: undefined (the caller notes it).
 */
function onlyTextOf(item: Record<string, unknown>): string | undefined {
  // A placeholder ("-", "N/A", "") is a value the API says it has none of, never the statistic's name.
  const texts = Object.values(item).filter((v): v is string => {
    if (typeof v !== 'string') return false;
    const read = toNumber(v);
    return read !== null && typeof read !== 'number';
  });
  if (texts.length === 1) return texts[0];
  const keys = texts.filter((t) => STATISTIC_KEY.test(t));
  return keys.length === 1 ? keys[0] : undefined;
}

/** A statistic written as a key (`xg`, `pass_completion_pct`), not as words. */
const STATISTIC_KEY = /^[a-z][a-z0-9_]*$/;

/**
 * The value of a statistic item without a value field we know (`{bezeichnung, wert}`): its one member
 * that reads as a number, beside its name. None, or two that could each be it: unread (noted), never absent.
 */
function onlyNumberOf(item: Record<string, unknown>, key: string): unknown {
  const numbers = Object.values(item).filter(
    (v) => v !== key && (typeof v === 'number' || (typeof v === 'string' && typeof toNumber(v) === 'number')),
  );
  if (numbers.length === 1) return numbers[0];
  // Nothing beside its name but nulls and placeholders: the API says it has none, absent.
  if (Object.values(item).some((v) => v != null && v !== key && toNumber(v) !== null))
    noteUnreadable(`statistics.${key}`);
  return null;
}

export const statisticsMap = z.preprocess(
  (v) => flattenStatistics(v),
  z.record(z.string(), z.number().nullable()),
);
export const statisticsWithText = z.preprocess(
  (v) => flattenStatistics(v, true),
  z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
);
