// Objects a table export flattened into their parent, made objects again: pandas' `json_normalize`,
// Elasticsearch and spreadsheet exports write `{compared_with: {players: 44}}` as
// `"compared_with.players": 44`. A name with a dot in it is a member of the object named before the dot,
// at every depth (a dot is no character of a field's name in any API seen). Flattened with `_`
// (`compared_with_players`) a name no longer says where it was (`club_id` is as likely the club's own
// field as its object's member): such a name is a member only of a field that reads an object and
// nothing else, when the row lacks that field and nothing reads the name (`regroupUnderscored`).
import type { z } from 'zod';
import type { Aliases } from './aliases.js';
import { fieldName } from './names.js';
import { quietly } from './report.js';
import { isPlainObject, NAME_FIELDS, VALUE_FIELDS } from './values.js';

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

/**
 * How a field reads an object, and so which members written flattened with `_` make it one again: `all`
 * for a field that reads an object and nothing else (a summary, a spread, a statistics map): any member;
 * `name` for one that also reads one text (a coach, a club: `coach_name`) and `value` for one that also
 * reads one number (an amount: `value_eur_value`, `value_eur_unit`): its members only beside its name or
 * value, so that `club_id` or `minutes_per_game` alone stay names of the row's own.
 */
export type Anchor = 'all' | 'name' | 'value';

/** A field a name flattened with `_` may be a member of: its names (its own first, then its aliases). */
export type Group = readonly [field: string, names: readonly string[], anchor: Anchor];

/** Numbers a field may read, one of each scale: an amount refuses a value too small to be one. */
const SCALES = [1, 50, 5_000_000];

/** The fields of a row kind that read an object, each with how (`Anchor`). Lists are none. */
export function objectFields(shape: z.ZodRawShape): { field: string; anchor: Anchor }[] {
  // One quiet reading for every probe: a reading of its own each cost a start 30 ms over the row kinds.
  return quietly(() => probedObjectFields(shape));
}

function probedObjectFields(shape: z.ZodRawShape): { field: string; anchor: Anchor }[] {
  const reads = (schema: z.ZodType, value: unknown) => {
    const parsed = schema.safeParse(value);
    const { data } = parsed;
    // A reader that gives an empty map for what it cannot read (a statistics map) read nothing.
    return (
      parsed.success &&
      data != null &&
      !Array.isArray(data) &&
      !(isPlainObject(data) && Object.keys(data).length === 0)
    );
  };
  const anchorOf = (schema: z.ZodType): Anchor | null => {
    const alone = reads(schema, 'text') || SCALES.some((n) => reads(schema, n)) || reads(schema, true);
    if (!alone) return reads(schema, { probe_member: 1 }) ? 'all' : null;
    if (reads(schema, { name: 'Probe Name' })) return 'name';
    return SCALES.some((value) => reads(schema, { value })) ? 'value' : null;
  };
  return Object.keys(shape).flatMap((field) => {
    const schema = shape[field] as z.ZodType;
    let anchor = ANCHORS.get(schema);
    if (anchor === undefined) {
      anchor = anchorOf(schema);
      ANCHORS.set(schema, anchor);
    }
    return anchor ? [{ field, anchor }] : [];
  });
}

/** Per field reader, how it reads an object: row kinds share most readers (a text, a number). */
const ANCHORS = new WeakMap<z.ZodType, Anchor | null>();

/**
 * The member of the object `group` (a folded name) that `key` stands for when it was flattened into its
 * parent with `_` or by casing (`Summary_Played`, `summaryPlayed`: `Played`, `played`), else undefined.
 */
export function underscoredMember(key: string, group: string): string | undefined {
  const folded = fieldName(key);
  if (folded.length <= group.length + 1 || !folded.startsWith(group) || folded[group.length] !== '_')
    return undefined;
  for (let i = key.indexOf('_', 1); i > 0; i = key.indexOf('_', i + 1))
    if (fieldName(key.slice(0, i)) === group) return i < key.length - 1 ? key.slice(i + 1) : undefined;
  return folded.slice(group.length + 1);
}

/**
 * Objects flattened with `_` made objects again, in place, where nothing else may be meant: each field of
 * `groups` that `fields` lacks takes the members written under one of its names (`summary_played` →
 * `summary: {played}`) from keys nothing reads (`reads`, given a folded name), when they hold what its
 * anchor asks (`Anchor`). A name read as a field of its own is never taken.
 */
export function regroupUnderscored(
  fields: Record<string, unknown>,
  regrouping: Regrouping,
  reads: (name: string) => boolean,
): void {
  for (const group of regrouping.groups) {
    const field = group[0];
    if (fields[field] != null) continue;
    const keys = Object.keys(fields).filter((key) => fields[key] !== undefined);
    const taken = membersOf(keys, group, regrouping, reads, (key) => fields[key] != null);
    if (taken === undefined) continue;
    const made: Record<string, unknown> = {};
    for (const [key, member] of taken) {
      if (!Object.hasOwn(made, member)) made[member] = fields[key];
      delete fields[key];
    }
    fields[field] = made;
  }
}

/**
 * The keys among `keys` that `group` would take, each with its member, when they hold what its anchor
 * asks (`held`: whether a key holds a value, an anchor must), else undefined. Nothing read is taken.
 */
function membersOf(
  keys: readonly string[],
  [, names, anchor]: Group,
  { words }: Regrouping,
  reads: (name: string) => boolean,
  held: (key: string) => boolean,
): [key: string, member: string][] | undefined {
  const taken: [key: string, member: string][] = [];
  let anchored = anchor === 'all';
  for (const key of keys) {
    if (key === '__proto__' || reads(fieldName(key))) continue;
    for (const name of names) {
      const member = underscoredMember(key, name);
      if (member === undefined || member === '__proto__') continue;
      if (anchor !== 'all' && held(key)) anchored ||= words(anchor).includes(fieldName(member));
      taken.push([key, member]);
      break;
    }
  }
  return anchored && taken.length > 0 ? taken : undefined;
}

/** What `regroupUnderscored` is given for a row kind under one alias set. */
export interface Regrouping {
  readonly groups: readonly Group[];
  /** The words of a name or of a wrapped value (`Anchor`). */
  readonly words: (anchor: 'name' | 'value') => readonly string[];
}

/**
 * The regrouping of a row kind's objects (`objectsOf`: objectFields) per alias set, made once a set: a field that
 * reads an object alone goes by its own name, the row kind's aliases (`own`) and the set's; one that also
 * reads a value by its own name only (`team_label` beside no club is no club's name for certain: the note
 * names it, and doctor proposes the alias).
 */
export function regroupingOf(
  objectsOf: () => readonly { field: string; anchor: Anchor }[],
  own: Readonly<Record<string, readonly string[]>> = {},
): (aliases: Aliases) => Regrouping {
  // Probed on the first reading of the row kind, not at start: a start reads no answer.
  let objects: readonly { field: string; anchor: Anchor }[] | undefined;
  let last: { aliases: Aliases; regrouping: Regrouping } | undefined;
  return (aliases) => {
    if (last?.aliases === aliases) return last.regrouping;
    objects ??= objectsOf();
    const groups = objects.map(
      ({ field, anchor }) =>
        [
          field,
          anchor === 'all' ? [field, ...(own[field] ?? []), ...aliases.of(field)] : [field],
          anchor,
        ] as const,
    );
    const words = {
      name: [...NAME_FIELDS, ...aliases.of('name')],
      value: [...VALUE_FIELDS, ...aliases.of('value')],
    };
    last = { aliases, regrouping: { groups, words: (anchor) => words[anchor] } };
    return last.regrouping;
  };
}

/**
 * Whether rows of `keys` may hold an object flattened with `_` that `regroupUnderscored` would make (a
 * row layout's test, whatever the values): `club_id` beside `club`, taken by no group without the club's
 * name, leaves the rows on the layout's fast path.
 */
export function mayBeUnderscored(
  keys: readonly string[],
  regrouping: Regrouping,
  reads: (name: string) => boolean,
): boolean {
  return regrouping.groups.some(
    (group) => membersOf(keys, group, regrouping, reads, () => true) !== undefined,
  );
}
