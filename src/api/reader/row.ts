// One row of an upstream answer, read generously. Structure first: a resource object (JSON:API style)
// is flattened into the row it stands for (resource.ts), objects a table export flattened into dotted
// names are made objects again (flattened.ts), and field names in any casing are folded to one (names.ts). Then names: fields found under their aliases, a nested `player` object lifted,
// `{id, name}` objects read as their name (the id kept beside it), and an optional value that cannot
// be read set to null instead of failing the row. Only a field the spec fixes may be required (the
// shape's non-optional fields): a row lacking one fails, as does a row with none of the ids the spec fixes
// (`identityFixed`), and `rowsOf` then leaves that row out and says so. Any other identity is our guess:
// a row lacking it is kept with it unread (it still carries facts), never dropped.
import { z } from 'zod';
import { sameKeys } from '../../lib/same-keys.js';
import type { Aliases } from './aliases.js';
import { capped, rowError } from './api-words.js';
import {
  mayBeFlattened,
  mayBeUnderscored,
  objectFields,
  type Regrouping,
  regroupFlattened,
  regroupingOf,
  regroupUnderscored,
} from './flattened.js';
import { fieldName, member } from './names.js';
import { currentAliases, noteAlias, noteDropped, noteFields, noteUnreadable } from './report.js';
import { ENTITY_FIELDS, flattenResource, isResource, type ResourceReading } from './resource.js';
import { scaleOfName, withScale } from './scaled-names.js';
import { SiblingQualifiers } from './sibling-qualifiers.js';
import { unreadMarker } from './unread.js';
import { fastReaderOf, isPlainObject, NAME_FIELDS, numberKindOf, SLOW, VALUE_FIELDS } from './values.js';

export interface RowOptions {
  /**
   * The fields that name a row. A row with none of them readable is kept with them unread when it reads a
   * field of its own (beside a season: CONTEXT), or left out when `identityFixed`.
   */
  identity?: readonly string[];
  /** The spec fixes the identity (a player row's ids): a row with none of it readable is left out. */
  identityFixed?: boolean;
  /** Aliases that hold for this kind of row only (e.g. `id` for a player row's player_id). */
  aliases?: Readonly<Record<string, readonly string[]>>;
  /** Objects whose fields are lifted into the row when the row lacks them (default: player). */
  nested?: readonly string[];
  /** A bare string row stands for this field (leagues sent as plain names). */
  fromString?: string;
  /** Fields the spec says every row of this kind carries: lacking altogether, unread (never absent). */
  fixed?: readonly string[];
  /**
   * Numbers the row keeps beside its fields (a compare row's market value) whose currency or scale may
   * be sent beside them: read with it as the row's own amounts are (sibling-qualifiers.ts).
   */
  qualified?: readonly string[];
  /** Row-specific repairs after the generic ones; `index` is the row's place in its list. */
  prepare?: (row: Record<string, unknown>, index: number) => void;
}

const NESTED = ['player', 'joueur', 'person', 'personne'] as const;

/**
 * Fields that place a row rather than describe it: a list row lacking its identity is kept only when it
 * reads a field beside these (a row of blanks and a season would tell nothing of its own).
 */
const CONTEXT: ReadonlySet<string> = new Set(['season']);

type Failure = { ok: false; at: string };

/** A reader of one row kind; use `rowsOf` for lists of it. */
export function row<S extends z.ZodRawShape>(kind: string, shape: S, options: RowOptions = {}) {
  type Value = z.output<typeof object>;
  const object = z.looseObject(shape);
  const keys = Object.keys(shape);
  const known = new Set(keys);
  const optional = new Set(keys.filter((k) => (shape[k] as z.ZodType).safeParse(undefined).success));
  // When every field has a plain reader (values.ts), a row of plainly typed values skips zod.
  const fast = keys.map((k) => fastReaderOf(shape[k] as z.ZodType));
  const plain = fast.every((f) => f !== undefined) ? (fast as ((v: unknown) => unknown)[]) : undefined;
  const lift = (options.nested ?? NESTED).map(fieldName);
  // An amount's name without its currency (`range_low` for `range_low_eur`) is its name too.
  const rowAliases: Record<string, readonly string[]> = Object.fromEntries(
    Object.entries(options.aliases ?? {}).map(([field, names]) => [field, names.map(fieldName)]),
  );
  for (const field of keys)
    if (field.endsWith('_eur')) rowAliases[field] = [...(rowAliases[field] ?? []), field.slice(0, -4)];
  /** What a row of this kind reads: its fields and the objects it lifts. */
  const noted = new Set([...keys, ...lift]);
  const unread = unreadMarker(kind, shape, noted, options.fixed);
  // Numbers kept beside the fields (a compare row's market value) may come wrapped too (`{value, unit}`).
  const objects = () => [
    ...objectFields(shape),
    ...(options.qualified ?? []).map((field) => ({ field, anchor: 'value' as const })),
  ];
  const names: RowNames = {
    keys,
    known,
    lift,
    aliases: rowAliases,
    words: new Set([...keys, ...lift, ...Object.values(rowAliases).flat()]),
    regrouping: regroupingOf(objects, rowAliases),
    resource: {
      lift: new Set(lift),
      idIsEntity: Object.entries(rowAliases).some(([f, a]) => ENTITY_FIELDS.has(f) && a.includes('id')),
      hasId: known.has('id'),
    },
  };

  /** zod's looseObject output, when every field reads plainly: known fields in order, then the rest. */
  const readPlain = (fields: Record<string, unknown>): Value | undefined => {
    if (!plain) return undefined;
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = (plain[i] as (v: unknown) => unknown)(fields[key]);
      if (value === SLOW) return undefined;
      if (value !== undefined || key in fields) out[key] = value;
    }
    // As zod: an own `__proto__` key of the JSON is not copied (assigned, it would set the prototype).
    for (const key in fields) if (!known.has(key) && key !== '__proto__') out[key] = fields[key];
    return out as Value;
  };

  const readWithZod = (
    fields: Record<string, unknown>,
    unparsed: string[],
  ): { ok: true; value: Value } | Failure => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const parsed = object.safeParse(fields);
      if (parsed.success) return { ok: true, value: parsed.data };
      const bad = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
      const required = bad.find((k) => !optional.has(k));
      if (required !== undefined) return { ok: false, at: `${kind}.${required || '(row)'}` };
      for (const key of bad) {
        noteUnreadable(`${kind}.${key}`);
        unparsed.push(key);
        fields[key] = null;
      }
    }
    return { ok: false, at: `${kind} (unreadable)` };
  };

  const layouts = new Layouts(names);
  // Amounts, ages, heights and times: their currency or unit may be sent beside them in the row.
  const qualified = [...keys, ...(options.qualified ?? [])].filter((k) => numberKindOf(k) !== 'number');
  let qualifiers: { aliases: Aliases; pass: SiblingQualifiers } | undefined;
  const qualifierPass = (aliases: Aliases) => {
    if (qualifiers?.aliases !== aliases) {
      const targets = qualified.map((key) => ({
        key,
        kind: numberKindOf(key),
        names: [
          ...(rowAliases[key] ?? []),
          ...aliases.of(key),
          ...(key.endsWith('_eur') ? [key.slice(0, -4)] : []),
        ],
      }));
      qualifiers = { aliases, pass: new SiblingQualifiers(targets, known) };
    }
    return qualifiers.pass;
  };

  const readRow = (
    raw: unknown,
    index: number,
    plainly: boolean,
    record = false,
  ): { ok: true; value: Value } | Failure => {
    const value = typeof raw === 'string' && options.fromString ? { [options.fromString]: raw } : raw;
    if (!isPlainObject(value)) return { ok: false, at: `${kind} (not an object)` };
    const aliases = currentAliases();
    const layout = isResource(value) ? undefined : layouts.plainOf(value, aliases);
    const normalized = layout?.normalize(value) ?? normalize(value, names, aliases);
    // Rows of one plain layout, no group lifted, have the same keys once normalized: the layout stands for them.
    const fields = qualifierPass(aliases).bind(normalized, layout?.lifted === false ? layout : undefined);
    options.prepare?.(fields, index);
    noteFields(kind, keys, noted, fields, unread.couldHold);
    const quick = plainly ? readPlain(fields) : undefined;
    const unparsed: string[] = [];
    const result = quick ? ({ ok: true, value: quick } as const) : readWithZod(fields, unparsed);
    if (!result.ok) return result;
    const ids = options.identity ?? NO_KEYS;
    const unidentified = ids.length > 0 && firstHeld(result.value, ids) === undefined;
    // A record asked by its id is the record of that id, whatever names its own id and name go by: read
    // with those unread (when it holds fields at all), not refused. A list row whose identity the spec
    // does not fix still carries facts: kept with its identity unread, when it reads one of its own.
    const kept =
      unidentified &&
      (record
        ? Object.values(fields).filter((v) => v != null).length >= 2
        : !options.identityFixed && keys.some((k) => !CONTEXT.has(k) && result.value[k] != null));
    unread.mark(result.value, fields, unparsed, kept ? ids : NO_KEYS);
    if (unidentified && !kept) return { ok: false, at: `${kind}.${ids.join('|')}` };
    return result;
  };
  const read = (raw: unknown, index: number) => readRow(raw, index, true);
  /** One record answered for the id asked: a lacking identity leaves it unread, not the record unread. */
  const readRecord = (raw: unknown) => readRow(raw, 0, true, true);
  /** The same reading with zod for every row: what `read` must equal (tests). */
  const readStrictly = (raw: unknown, index: number) => readRow(raw, index, false);
  const schema = z.unknown().transform((raw, ctx) => {
    const result = read(raw, 0);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: `no readable ${result.at}`, input: raw });
    return z.NEVER;
  });
  /** Every name a row of this kind reads (its fields, the objects it lifts, its own aliases), folded. */
  const words: ReadonlySet<string> = names.words;
  return Object.assign(schema, {
    kind,
    fields: keys as readonly string[],
    words,
    read,
    readStrictly,
    readRecord,
  });
}

type RowReader = ReturnType<typeof row>;

/** A list of rows: unreadable rows are left out (noted); only a list with none readable fails. */
export function rowsOf<R extends { kind: string; read: RowReader['read'] }>(item: R, list = item.kind) {
  type Row = Extract<ReturnType<R['read']>, { ok: true }>['value'];
  return z.unknown().transform((raw, ctx): Row[] => {
    if (raw === null || raw === undefined) return [];
    const items = Array.isArray(raw) ? raw : isPlainObject(raw) ? [raw] : undefined;
    if (!items) {
      ctx.addIssue({ code: 'custom', message: `${list} is not a list`, input: raw });
      return z.NEVER;
    }
    const rows: Row[] = [];
    let firstFailure = '';
    /** Rows that are an error the API sent in their place (api-words.ts): their words, one per row. */
    const errors: string[] = [];
    items.forEach((entry, index) => {
      const error = isPlainObject(entry) ? rowError(entry) : undefined;
      if (error !== undefined) {
        errors.push(error);
        return;
      }
      const result = item.read(entry, index);
      if (result.ok) rows.push(result.value as Row);
      else firstFailure ||= result.at;
    });
    noteDropped(list, errors.length, items.length, 'row', errors);
    if (items.length > errors.length && rows.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `no readable row in ${list}: every one lacks ${firstFailure}`,
        input: raw,
        // What the answer's reader names when it cannot show a row (index.ts: BadResponseError.lacking).
        params: { lacking: firstFailure, rows: items.length },
      });
      return z.NEVER;
    }
    if (items.length > 0 && rows.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `every row of ${list} is an error the API sent in its place`,
        input: raw,
        // The answer is a failure the API marked, row by row (index.ts: FailedAnswerError).
        params: { failed: `every ${list} row an error in its place`, said: capped(errors) },
      });
      return z.NEVER;
    }
    noteDropped(list, items.length - errors.length - rows.length, items.length, firstFailure);
    return rows;
  });
}

interface RowNames {
  keys: readonly string[];
  known: ReadonlySet<string>;
  /** Objects whose fields are lifted into the row (folded names). */
  lift: readonly string[];
  /** The row kind's own aliases (folded names). */
  aliases: Readonly<Record<string, readonly string[]>>;
  /** Names this row kind reads beside the alias set's: its fields, lifted objects and own aliases. */
  words: ReadonlySet<string>;
  /** The fields that read an object, and what makes them one again from names flattened with `_`. */
  regrouping: (aliases: Aliases) => Regrouping;
  resource: ResourceReading;
}

/** Whether a row kind reads `name` (folded) under an alias set. */
const readsName = (names: RowNames, aliases: Aliases) => (name: string) =>
  names.words.has(name) || aliases.words.has(name);

/**
 * Puts each key of `source` that folds (names.ts) to a name we read under that name, unless the row
 * already has a value there (a name we know is never shadowed). Other keys keep the API's spelling: they
 * may be data (statistic names).
 */
function foldNames(
  fields: Record<string, unknown>,
  source: Record<string, unknown>,
  names: RowNames,
  aliases: Aliases,
): void {
  for (const key in source) {
    const name = fieldName(key);
    if (name === key || !(names.words.has(name) || aliases.words.has(name))) continue;
    const own = fields[name];
    // Two spellings of one object (`meta` and `Meta`: a paging layer's beside the API's): one object.
    if (isPlainObject(own) && isPlainObject(source[key])) fields[name] = { ...source[key], ...own };
    else if (own != null) continue;
    else fields[name] = source[key];
    delete fields[key];
  }
}

/**
 * Keys that make a nested object a thing of its own (a team, a coach) or one value written as an object
 * (`{value: 64.2}`, `{id, name}`), not a group of the row's fields.
 */
const NOT_A_GROUP: ReadonlySet<string> = new Set(['id', 'key', 'type', ...NAME_FIELDS, ...VALUE_FIELDS]);

/** The row's field a name stands for (the field itself, or one of its aliases), if any. */
function fieldOf(name: string, names: RowNames, aliases: Aliases): string | undefined {
  if (names.known.has(name)) return name;
  return names.keys.find((k) => names.aliases[k]?.includes(name) || aliases.of(k).includes(name));
}

/**
 * Fields moved one level down under a name nothing reads (`{name, details: {season, age}}`): the object
 * is a group of the row's own fields when it names no thing of its own and is no wrapped value, and holds
 * at least one of the row's fields (by its name or an alias) that the row lacks. Its keys the row lacks
 * are lifted into the row (those nothing reads too, so that the unread marker and the learner see them
 * as the row's); what the row already holds stays in the group. Two levels at most (`meta: {details:
 * {season}}`).
 */
function liftGroups(fields: Record<string, unknown>, names: RowNames, aliases: Aliases, depth = 0): void {
  for (const key of Object.keys(fields)) {
    const inner = fields[key];
    const outer = fieldName(key);
    // An own `__proto__` key (JSON.parse makes one) is never a group: it is not copied, as zod does.
    if (key === '__proto__' || !isPlainObject(inner) || isResource(inner)) continue;
    if (names.words.has(outer) || aliases.words.has(outer)) continue;
    const keys = Object.keys(inner).filter((k) => k !== '__proto__');
    if (keys.some((k) => NOT_A_GROUP.has(fieldName(k)))) continue;
    const lacked = (k: string) => inner[k] != null && fields[fieldName(k)] == null && fields[k] == null;
    const rowField = (k: string) => {
      const field = fieldOf(fieldName(k), names, aliases);
      return field !== undefined && fields[field] == null;
    };
    if (!keys.some((k) => lacked(k) && rowField(k))) continue;
    const left: Record<string, unknown> = {};
    for (const k of keys) {
      if (!lacked(k)) left[k] = inner[k];
      else
        fields[names.words.has(fieldName(k)) || aliases.words.has(fieldName(k)) ? fieldName(k) : k] =
          inner[k];
    }
    if (Object.keys(left).length > 0) fields[key] = left;
    else delete fields[key];
  }
  if (depth === 0 && Object.values(fields).some(isPlainObject)) liftGroups(fields, names, aliases, 1);
}

/**
 * What `normalize` decides from a row's keys alone, for the rows of a page that share them (in order):
 * when no two keys fold to one name we read (or one the row holds) and none is an object we lift, the
 * folding is a renaming of keys, the lifting changes nothing unless a key nothing reads holds an object
 * (a group of the row's fields), and, without one, each field lacking can only be found under the
 * aliases among those keys.
 */
class PlainLayout {
  /** Keys nothing reads: a group of the row's fields when their value is an object (liftGroups). */
  private readonly groupKeys: string[];
  /** Per field of the row kind, its aliases (the row kind's first) that a row of these keys may hold. */
  private readonly aliasesAmong: (readonly string[])[];
  /** The last row normalized lifted a group's fields: its keys are not the layout's alone. */
  lifted = false;

  private constructor(
    /** The row's keys once folded (foldNames): those kept, then the names the others fold to. */
    keys: readonly string[],
    /** Each key folded to another name we read, and that name, in the row's order. */
    private readonly renames: readonly (readonly [key: string, name: string])[],
    private readonly aliases: Aliases,
    private readonly names: RowNames,
  ) {
    const held = new Set(keys);
    const read = (name: string) => names.words.has(name) || aliases.words.has(name);
    this.groupKeys = keys.filter((k) => k !== '__proto__' && !read(fieldName(k)));
    this.aliasesAmong = names.keys.map((key) =>
      [...(names.aliases[key] ?? []), ...aliases.of(key)].filter((a) => held.has(a) || names.known.has(a)),
    );
  }

  /** The layout of rows with `keys`, or undefined when their folding or lifting depends on their values. */
  static of(keys: readonly string[], names: RowNames, aliases: Aliases): PlainLayout | undefined {
    // Names a flattened object may have written: regrouped by their values (normalize).
    if (
      keys.some(mayBeFlattened) ||
      mayBeUnderscored(keys, names.regrouping(aliases), readsName(names, aliases))
    )
      return undefined;
    const held = new Set(keys);
    const renames: [string, string][] = [];
    for (const key of keys) {
      const name = fieldName(key);
      if (name === key || !(names.words.has(name) || aliases.words.has(name))) continue;
      // A name the row holds too, or two keys of one name: which value it takes depends on the values.
      if (held.has(name) || renames.some(([, other]) => other === name)) return undefined;
      renames.push([key, name]);
    }
    const renamed = new Set(renames.map(([key]) => key));
    const folded = [...keys.filter((k) => !renamed.has(k)), ...renames.map(([, name]) => name)];
    if (names.lift.some((name) => folded.includes(name))) return undefined;
    return new PlainLayout(folded, renames, aliases, names);
  }

  /** As `normalize`, for a row (no resource object) of these keys. */
  normalize(raw: Record<string, unknown>): Record<string, unknown> {
    const { names } = this;
    // Plain loops throughout: run for every row of a page, iterators and closures made garbage a row.
    const fields: Record<string, unknown> = { ...raw };
    const { renames, groupKeys } = this;
    for (let i = 0; i < renames.length; i++) {
      const rename = renames[i] as readonly [key: string, name: string];
      fields[rename[1]] = fields[rename[0]];
      delete fields[rename[0]];
    }
    // A group's fields lifted into the row bring keys of their own: their aliases are looked for by all names.
    let grouped = false;
    for (let i = 0; i < groupKeys.length && !grouped; i++)
      grouped = isPlainObject(fields[groupKeys[i] as string]);
    this.lifted = grouped;
    if (grouped) {
      liftGroups(fields, names, this.aliases);
      takeAliases(fields, names, this.aliases);
    } else
      for (let i = 0; i < names.keys.length; i++) {
        const key = names.keys[i] as string;
        if (fields[key] != null) continue;
        const alias = firstHeld(fields, this.aliasesAmong[i]);
        if (alias !== undefined) takeAlias(fields, key, alias, names);
      }
    keepIdsOfNamedObjects(fields, names);
    return fields;
  }
}

/**
 * The layout of the rows being read, once two rows in a row have the same keys (a page's rows do; rows
 * of every shape pay only the comparison of their keys).
 */
class Layouts {
  /** The keys of the rows the layout is of (whether plain or not), and the alias set it was made under. */
  private keys: readonly string[] | undefined;
  private aliases: Aliases | undefined;
  private layout: PlainLayout | undefined;
  /** The keys of the latest row of other keys. */
  private last: readonly string[] = [];

  constructor(private readonly names: RowNames) {}

  plainOf(raw: Record<string, unknown>, aliases: Aliases): PlainLayout | undefined {
    if (this.keys && this.aliases === aliases && sameKeys(raw, this.keys)) return this.layout;
    if (!sameKeys(raw, this.last)) {
      this.last = Object.keys(raw);
      return undefined;
    }
    this.keys = this.last;
    this.aliases = aliases;
    this.layout = PlainLayout.of(this.last, this.names, aliases);
    return this.layout;
  }
}

/** Puts the value found under `alias` in `key`. */
function takeAlias(fields: Record<string, unknown>, key: string, alias: string, names: RowNames): void {
  // Money under a name that states its scale (`market_value_m`) is that many millions (scaled-names.ts).
  const scale = key.endsWith('_eur') ? scaleOfName(fieldName(alias)) : undefined;
  fields[key] = scale === undefined ? fields[alias] : withScale(fields[alias], scale);
  // Read once: a consumed alias is not also an unknown field (which compare would show twice).
  if (!names.known.has(alias)) delete fields[alias];
  noteAlias(alias, key);
}

/** No keys: shared by the rows that have none to list (frozen: nothing may add to it). */
const NO_KEYS: readonly string[] = Object.freeze([]);

/** The first of `keys` under which `fields` holds a value. */
function firstHeld(fields: Record<string, unknown>, keys: readonly string[] | undefined): string | undefined {
  if (keys === undefined) return undefined;
  for (let i = 0; i < keys.length; i++) if (fields[keys[i] as string] != null) return keys[i];
  return undefined;
}

/** `{id, name}` where a name was expected: the reader of the field takes the name; keep the id. */
function keepIdsOfNamedObjects(fields: Record<string, unknown>, names: RowNames): void {
  for (let i = 0; i < names.keys.length; i++) {
    const key = names.keys[i] as string;
    const value = fields[key];
    if (!isPlainObject(value)) continue;
    const id = member(value, 'id') ?? member(value, `${key}_id`);
    if ((typeof id === 'string' || typeof id === 'number') && fields[`${key}_id`] == null) {
      fields[`${key}_id`] = String(id);
    }
  }
}

function normalize(raw: Record<string, unknown>, names: RowNames, aliases: Aliases): Record<string, unknown> {
  const resource = isResource(raw) ? flattenResource(raw, names.resource) : raw;
  const source = regroupFlattened(resource);
  const fields: Record<string, unknown> = { ...source };
  foldNames(fields, source, names, aliases);
  for (const name of names.lift) {
    const inner = fields[name];
    if (!isPlainObject(inner)) continue;
    const lifted = isResource(inner) ? flattenResource(inner, names.resource) : inner;
    const folded: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(lifted)) {
      const n = fieldName(k);
      const key = names.words.has(n) || aliases.words.has(n) ? n : k;
      if (folded[key] == null) folded[key] = v;
    }
    // Its own groups first: the row may hold a group under the same name.
    liftGroups(folded, names, aliases);
    for (const [k, v] of Object.entries(folded)) {
      const own = fields[k];
      if (own == null) fields[k] = v;
      // A group of fields on both (`details`) under a name nothing reads: one group, the row's first.
      else if (isPlainObject(own) && isPlainObject(v) && !names.words.has(k) && !aliases.words.has(k))
        fields[k] = { ...v, ...own };
    }
  }
  liftGroups(fields, names, aliases);
  takeAliases(fields, names, aliases);
  const regrouping = names.regrouping(aliases);
  if (regrouping.groups.length > 0) regroupUnderscored(fields, regrouping, readsName(names, aliases));
  keepIdsOfNamedObjects(fields, names);
  return fields;
}

/** Each field the row lacks, from the first of its aliases (the row kind's first) that holds a value. */
function takeAliases(fields: Record<string, unknown>, names: RowNames, aliases: Aliases): void {
  for (const key of names.keys) {
    if (fields[key] != null) continue;
    const alias =
      names.aliases[key]?.find((a) => fields[a] != null) ?? aliases.of(key).find((a) => fields[a] != null);
    if (alias !== undefined) takeAlias(fields, key, alias, names);
  }
}
