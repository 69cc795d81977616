// One spelling for every field name: `fullName`, `FullName`, `full-name`, `Full Name`, `FULL_NAME` and
// `full_name` are all `full_name` (snake case, accents folded), so one alias covers every casing. Each
// distinct key is worked out once: a page of rows repeats the same few keys.

import { fold } from '../../lib/fold.js';

const CACHE_LIMIT = 10_000;
const cache = new Map<string, string>();

/** The snake-case, accent-folded form of a field name; the name itself when it folds to nothing. */
export function fieldName(key: string): string {
  const known = cache.get(key);
  if (known !== undefined) return known;
  const folded =
    fold(key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2'))
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || key;
  // Upstream keys are the upstream's to choose: past the bound a new one is worked out each time.
  if (cache.size < CACHE_LIMIT) cache.set(key, folded);
  return folded;
}

/** The record with every key folded; where two keys fold alike, the first non-null value wins. */
export function foldedRecord(record: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const name = fieldName(key);
    if (out[name] === undefined || out[name] === null) out[name] = value;
  }
  return out;
}

/**
 * The value of `record` under the field `name` (given folded), whatever casing or separators the API
 * wrote it in: `Attributes`, `ATTRIBUTES` and `attributes` are one member. The exact name first.
 */
export function member(record: Readonly<Record<string, unknown>>, name: string): unknown {
  if (record[name] !== undefined) return record[name];
  for (const key in record) if (fieldName(key) === name) return record[key];
  return undefined;
}
