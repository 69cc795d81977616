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

export const idValue = z.preprocess(toId, z.string().min(1));
export const textValue = z.preprocess(toText, z.string());
export const numValue = z.preprocess(toNumber, z.number().finite());

export const optId = idValue.nullish();
export const optText = textValue.nullish();
export const optNum = numValue.nullish();

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
