// Field readers: each accepts the plausible encodings of one kind of value and yields ours. Ids are
// always strings, numbers may come as strings, and an object stands for its name where a name is read.
import { z } from 'zod';

const NAME_FIELDS = ['name', 'nom', 'label', 'libelle', 'title', 'short_name', 'display_name'] as const;
const VALUE_FIELDS = ['value', 'valeur', 'val', 'amount', 'montant'] as const;

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The name an `{id, name}`-like object stands for. */
export function nameOf(value: Record<string, unknown>): string | undefined {
  for (const field of NAME_FIELDS) {
    const v = value[field];
    if (typeof v === 'string' && v.trim() !== '') return v;
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

const NUMERIC = /^[+-]?(\d+([.,]\d+)?|\.\d+)(e[+-]?\d+)?%?$/i;

/** A number from a number, a numeric string ("81.2", "81,2", "12%") or a `{value}` object. */
export function toNumber(value: unknown): unknown {
  if (typeof value === 'string') {
    const text = value.trim().replace(/\u00a0|\s/g, '');
    if (NUMERIC.test(text)) return Number(text.replace(',', '.').replace('%', ''));
    return value;
  }
  if (isPlainObject(value)) {
    for (const field of VALUE_FIELDS) {
      const inner = value[field];
      if (typeof inner === 'number' || typeof inner === 'string') return toNumber(inner);
    }
  }
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

const nullish =
  (inner: FastReader): FastReader =>
  (v) =>
    v === undefined || v === null ? v : inner(v);

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
const fastNum: FastReader = (v) => {
  const n = toNumber(v);
  return typeof n === 'number' && Number.isFinite(n) ? n : SLOW;
};

export const idValue = withFastReader(z.preprocess(toId, z.string().min(1)), fastId);
export const textValue = withFastReader(z.preprocess(toText, z.string()), fastText);
export const numValue = withFastReader(z.preprocess(toNumber, z.number().finite()), fastNum);

export const optId = withFastReader(idValue.nullish(), nullish(fastId));
export const optText = withFastReader(textValue.nullish(), nullish(fastText));
export const optNum = withFastReader(numValue.nullish(), nullish(fastNum));

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
    const n = toNumber(raw);
    if (typeof n === 'number' && Number.isFinite(n)) {
      out[key in out && group ? `${group}.${key}` : key] = n;
      return;
    }
    if (isPlainObject(raw) && !VALUE_FIELDS.some((f) => f in raw)) {
      for (const [k, v] of Object.entries(raw)) put(k, v, key);
      return;
    }
    if (keepText && typeof raw === 'string') out[key] = raw;
  };
  if (Array.isArray(value)) {
    for (const item of value) {
      if (!isPlainObject(item)) continue;
      const key = ['statistic', 'statistique', 'key', 'stat', 'metric', 'name', 'nom']
        .map((f) => item[f])
        .find((v): v is string => typeof v === 'string' && v !== '');
      if (key) put(key, VALUE_FIELDS.map((f) => item[f]).find((v) => v !== undefined) ?? null);
    }
  } else if (isPlainObject(value)) {
    for (const [k, v] of Object.entries(value)) put(k, v);
  }
  return out;
}

export const statisticsMap = z.preprocess(
  (v) => flattenStatistics(v),
  z.record(z.string(), z.number().nullable()),
);
export const statisticsWithText = z.preprocess(
  (v) => flattenStatistics(v, true),
  z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
);
