// Objects a table export flattened into their parent, made objects again: pandas' `json_normalize`,
// Elasticsearch and spreadsheet exports write `{compared_with: {players: 44}}` as
// `"compared_with.players": 44`. A name with a dot in it is a member of the object named before the dot,
// at every depth (a dot is no character of a field's name in any API seen). Flattened with `_`
// (`compared_with_players`) a name no longer says where it was (`club_id` is as likely the club's own
// field as its object's member), so such names are left to the reader as names of their own.
import { isPlainObject } from './values.js';

/** Whether `key` may be a flattened object's member in some row, whatever the values (a row layout's test). */
export const mayBeFlattened = (key: string): boolean => key.includes('.');

/** `record` with each flattened object made an object again; `record` itself when it has none. */
export function regroupFlattened(record: Record<string, unknown>): Record<string, unknown> {
  let flattened = false;
  for (const key in record)
    if (partsOf(key, record) !== undefined) {
      flattened = true;
      break;
    }
  if (!flattened) return record;
  const out: Record<string, unknown> = {};
  const made = new Set<string>();
  for (const key in record) {
    if (key === '__proto__') {
      // An own key of the JSON, not the prototype: defined, as JSON.parse and a spread do.
      Object.defineProperty(out, key, {
        value: record[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    const parts = partsOf(key, record);
    if (parts === undefined) {
      const own = out[key];
      out[key] = isPlainObject(own) && isPlainObject(record[key]) ? { ...record[key], ...own } : record[key];
      continue;
    }
    const [group, member] = parts;
    const into = isPlainObject(out[group]) ? out[group] : {};
    // A member the object holds already is not written over.
    if (!(member in into)) into[member] = record[key];
    out[group] = into;
    made.add(group);
  }
  // Below an object made again, its own dotted names (`statistics.attacking.goals`): a map's reader
  // (statistics by family) regroups nothing of its own.
  for (const group of made) out[group] = regroupFlattened(out[group] as Record<string, unknown>);
  return out;
}

/** The object `key` was flattened from and its member there, or undefined for a name of the record's own. */
function partsOf(key: string, record: Record<string, unknown>): [group: string, member: string] | undefined {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1 || key.includes('__proto__')) return undefined;
  const group = key.slice(0, dot);
  // A value of its own under the object's name: the dotted name is a name of its own.
  return record[group] == null || isPlainObject(record[group]) ? [group, key.slice(dot + 1)] : undefined;
}
