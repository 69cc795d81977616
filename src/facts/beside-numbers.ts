// Numbers a compare row gives beside its statistics (market value, appearances, performance index): the
// reader takes every number of the row it does not read as a field into the statistics map, so one the API
// names otherwise is there under the API's name. Lacking under ours, it is unread, not absent, when the rows
// carry numbers under names nothing knows whose values it could hold.
import { type Aliases, aliasesOf, DEFAULT_ALIAS_SET } from '../api/reader/aliases.js';
import { fieldName } from '../api/reader/names.js';
import { numberKindOf, toNumber } from '../api/reader/values.js';
import { BESIDE_FIELDS, BESIDE_STATISTICS } from '../domain/beside-statistics.js';
import { isKnownStatistic } from '../domain/position-statistics.js';

export type Statistics = Readonly<Record<string, unknown>>;

/** The value of a number beside the statistics under its name or one of its aliases, or null. */
export function besideValue(
  stats: Statistics,
  field: string,
  aliases: Aliases = DEFAULT_ALIAS_SET,
): number | null {
  const names = new Set([field, ...aliasesOf(field, aliases)]);
  for (const [key, raw] of Object.entries(stats)) {
    if (!names.has(key) && !names.has(fieldName(key))) continue;
    const value = toNumber(raw, numberKindOf(key));
    if (typeof value === 'number' && Number.isFinite(value)) return value;
  }
  return null;
}

/**
 * For each number beside the statistics that no row holds under our name or an alias, the keys of the rows
 * that could be it: a number under a name neither a known statistic (`known`, e.g. the glossary's keys;
 * the scout's statistic words always) nor another field's, with a value it can hold on every row that
 * has one. A field none could be is absent and left out.
 */
export function besideLacking(
  rows: readonly Statistics[],
  {
    aliases = DEFAULT_ALIAS_SET,
    known = () => false,
  }: { aliases?: Aliases; known?: (key: string) => boolean } = {},
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (rows.length === 0) return out;
  const ours = new Set(BESIDE_FIELDS.flatMap((f) => [f, ...aliasesOf(f, aliases)]));
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter(
    (k) => !ours.has(k) && !ours.has(fieldName(k)) && !known(k) && !isKnownStatistic(k),
  );
  const numberOf = (row: Statistics, key: string) => {
    const n = toNumber(row[key], numberKindOf(key));
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
  };
  for (const [field, fits] of Object.entries(BESIDE_STATISTICS)) {
    if (rows.some((r) => besideValue(r, field, aliases) !== null)) continue;
    const could = keys.filter((k) => {
      const values = rows.map((r) => numberOf(r, k));
      return values.some((v) => v !== undefined) && values.every((v) => v === undefined || fits(v));
    });
    if (could.length > 0) out.set(field, could);
  }
  return out;
}

/**
 * `stats` with each number beside the statistics that it holds under an alias (`marktwert`) under our
 * name instead, as a field read by an alias is: one row per number, named as every other answer names it.
 */
export function besideByOurNames(
  stats: Statistics,
  aliases: Aliases = DEFAULT_ALIAS_SET,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...stats };
  for (const field of BESIDE_FIELDS) {
    if (out[field] != null) continue;
    const names = new Set(aliasesOf(field, aliases));
    const key = Object.keys(out).find(
      (k) => k !== field && (names.has(k) || names.has(fieldName(k))) && out[k] != null,
    );
    if (key === undefined) continue;
    out[field] = out[key];
    delete out[key];
  }
  return out;
}
