// Three states of every field a tool shows: a value; absent (the API sent null, an empty list, a
// placeholder such as "N/A", or no such field); or unread: the API sent a value no reader could read, or
// the row lacks the field while carrying fields nothing read whose values could plausibly be it (the API
// may name it otherwise: plausible.ts weighs them by what is known and the field's own domain; a field
// the spec says the row carries needs only a value its reader takes). Only the first two may print as data. The row reader marks a row's unread fields on the
// row itself, under a symbol: object spreads copy it, JSON never shows it, and a tool's text asks for it
// (tools/kit/shown.ts) to leave the field out and name it in the answer's one note.

import type { z } from 'zod';
import { isImplausibleValuation } from '../../domain/valuations.js';
import { objectFields } from './flattened.js';
import { fieldName } from './names.js';
import { plausibleAs } from './plausible.js';
import { type CouldHold, currentJudge, namesWithin, quietly } from './report.js';
import { fastReaderOf, isPlainObject, nameOf, numberKindOf, SLOW, toNumber } from './values.js';

const ID_NAME = /(^|_)id$/;

/**
 * Fields the spec says every row that has them carries, null when there is nothing (a player's
 * `service_id`, null while unlinked): lacking altogether, the field is unread, never absent. A row kind
 * adds its own (`fixed`: a ranking entry's name, club and age).
 */
const ALWAYS_SENT: ReadonlySet<string> = new Set(['service_id']);

export const UNREAD_FIELDS: unique symbol = Symbol('unread fields');

/** Why a field is unread: its value could not be read, or it was not found under any name we read. */
export type UnreadWhy = 'value' | 'name';

export interface UnreadMarks {
  /** The row kind (`player`, `team`): what the answer's note calls the field by. */
  readonly kind: string;
  readonly fields: Readonly<Record<string, UnreadWhy>>;
  /** For fields not found: the API's names of the row's fields nothing read whose values fit. */
  readonly names: Readonly<Record<string, readonly string[]>>;
  /**
   * The row was judged whole by its own reading: a field not named here is read or absent, whatever the
   * run's other readings say (src/mcp/completeness.ts asks them for a field the marks do not name).
   */
  readonly whole?: boolean;
}

/** The unread fields of a row the reader read (or of a copy made by spreading it). */
export function unreadMarks(row: unknown): UnreadMarks | undefined {
  if (typeof row !== 'object' || row === null) return undefined;
  return (row as { [UNREAD_FIELDS]?: UnreadMarks })[UNREAD_FIELDS];
}

/** Marks `row` (one a tool made from what it read) with unread fields: its text leaves them out, noted. */
export function markUnread<T extends object>(row: T, marks: UnreadMarks): T {
  Object.defineProperty(row, UNREAD_FIELDS, { value: marks, enumerable: true, configurable: true });
  return row;
}

/**
 * Carries unread fields of `from` (a row read) onto `row` (one a tool made of it), each under the name
 * `row` shows it by (`{x_unit: 'unit'}`: the row's x_unit is `from`'s unit), beside the marks `row` has.
 */
export function carryUnread<T extends object>(
  row: T,
  from: unknown,
  fields: Readonly<Record<string, string>>,
): T {
  const source = unreadMarks(from);
  if (!source) return row;
  const own = unreadMarks(row);
  const marks: Record<string, UnreadWhy> = { ...own?.fields };
  const names: Record<string, readonly string[]> = { ...own?.names };
  for (const [shown, read] of Object.entries(fields)) {
    const why = source.fields[read];
    if (why === undefined) continue;
    marks[shown] = why;
    names[shown] = source.names[read] ?? [];
  }
  if (Object.keys(marks).length === Object.keys(own?.fields ?? {}).length) return row;
  return markUnread(row, { kind: own?.kind ?? source.kind, fields: marks, names });
}

/** Why `field` of `row` is unread, or undefined when it holds a value or is absent. */
export function unreadWhy(row: unknown, field: string): UnreadWhy | undefined {
  const marks = unreadMarks(row);
  return marks && Object.hasOwn(marks.fields, field) ? marks.fields[field] : undefined;
}

/**
 * Whether a value the API sent could fill a field read by `schema`: same kind, readable, not empty. An
 * id is text to us and may come as a number (APIs keyed on database rows): `isId` lets a number fill it.
 */
export function fitsField(schema: z.ZodType, value: unknown, isId = false): boolean {
  if (value === null || value === undefined) return false;
  const fast = fastReaderOf(schema);
  let out: unknown = fast ? fast(value) : SLOW;
  if (out === SLOW) {
    const parsed = quietly(() => schema.safeParse(value));
    if (!parsed.success) return false;
    out = parsed.data;
  }
  if (out === null || out === undefined) return false;
  // A flag is no name and a name no flag, though each reads as the other's text ("true").
  if (typeof value === 'boolean') return typeof out === 'boolean';
  if (typeof out === 'boolean') return typeof value === 'boolean' || typeof value === 'string';
  if (Array.isArray(out)) return out.length > 0;
  if (isPlainObject(out)) return Object.keys(out).length > 0;
  if (typeof out === 'string')
    return (
      typeof value === 'string' ||
      (isId && typeof value === 'number') ||
      (isPlainObject(value) && nameOf(value) !== undefined)
    );
  return true;
}

/**
 * The keys of a row nothing reads as a field: not a field, not a lifted object. A number a flat row's
 * statistics map took in is among them: shown as a statistic under the API's name, it may still be a
 * field of ours the row lacks (`speelminuten` for minutes), and that field is then unread, not absent.
 */
export function unreadKeys(fields: Record<string, unknown>, reads: ReadonlySet<string>): readonly string[] {
  // Walked in place, a list made only when a key is unread: asked of most rows of a page, and most
  // rows have none.
  let out: string[] | undefined;
  for (const k in fields) {
    if (!Object.hasOwn(fields, k) || reads.has(k) || fields[k] == null) continue;
    out ??= [];
    out.push(k);
  }
  return out ?? NONE;
}

const NONE: readonly string[] = Object.freeze([]);

/**
 * Whether the value under `name` of a row could fill `field` of a row kind read by `shape`: its reader
 * takes it (an id only another id), and it is plausible (plausible.ts).
 */
export function holderTest(shape: z.ZodRawShape): CouldHold {
  // An object standing for a name (`{id, nome: "Spain"}`) is weighed by its name: a country is no league.
  const holds = (field: string, schema: z.ZodType, value: unknown, row: Record<string, unknown>) =>
    (fitsField(schema, value, ID_NAME.test(field)) || unscaledAmount(field, value)) &&
    plausibleAs(field, (isPlainObject(value) && nameOf(value)) || value, row, currentJudge());
  let objectOnly: ReadonlySet<string> | undefined;
  return (field, name, row) => {
    const schema = shape[field] as z.ZodType | undefined;
    const value = row[name];
    if (!schema || (!ID_NAME.test(field) && ID_NAME.test(name))) return false;
    if (holds(field, schema, value, row)) return true;
    // An object flattened with `_` under a name nothing reads (`zorblax_possession`, `zorblax_pressing`):
    // a field that reads an object alone may be it, its members written as the row's.
    objectOnly ??= new Set(objectFields(shape).flatMap((f) => (f.anchor === 'all' ? [f.field] : [])));
    if (objectOnly.has(field) && isOneValue(value) && flattenedUnder(name, row, schema)) return true;
    // A list of records none of whose names we read may be the list of rows the row lacks (a role list
    // whose items are renamed too): nothing in it reads, so the list is unread, not absent.
    if (isListOfRecords(value) && readsListOfRecords(schema)) return true;
    // Fields grouped one level down (`context: {nationality, primary_role}`), or a list of rows a field
    // is drawn from (a role list under another name, for the primary role): the objects may hold it.
    if (typeof value !== 'object' || value === null || fitsField(schema, value)) return false;
    return innerValues(value).some((inner) => holds(field, schema, inner, row));
  };
}

/**
 * Whether `name` is a member of an object flattened with `_` into `row` that `schema` reads: with at least
 * one other name of the row under the same first words (`zorblax_possession` beside `zorblax_pressing`).
 */
function flattenedUnder(name: string, row: Record<string, unknown>, schema: z.ZodType): boolean {
  const folded = fieldName(name);
  for (let i = folded.indexOf('_'); i > 0; i = folded.indexOf('_', i + 1)) {
    const prefix = folded.slice(0, i + 1);
    const members: Record<string, unknown> = {};
    let count = 0;
    for (const key in row) {
      const other = fieldName(key);
      if (!other.startsWith(prefix) || other.length === prefix.length || !isOneValue(row[key])) continue;
      members[other.slice(prefix.length)] = row[key];
      count++;
    }
    if (count >= 2 && fitsField(schema, members)) return true;
  }
  return false;
}

/** An amount its reader refuses as too small for a valuation: one whose scale went unsaid (values.ts). */
function unscaledAmount(field: string, value: unknown): boolean {
  if (numberKindOf(field) !== 'euros') return false;
  const n = toNumber(value, 'euros');
  return typeof n === 'number' && isImplausibleValuation(n);
}

function isListOfRecords(value: unknown): boolean {
  return Array.isArray(value) && value.length > 0 && value.every(isPlainObject);
}

/** Whether a field's reader takes a list of rows (an empty list reads as one). */
function readsListOfRecords(schema: z.ZodType): boolean {
  const parsed = quietly(() => schema.safeParse([]));
  return parsed.success && Array.isArray(parsed.data);
}

/** Items of a list looked into for the values a field could take: enough to tell, few enough to be cheap. */
const ITEMS_LOOKED_AT = 3;

/**
 * The values of an object (scalars, or objects standing for one value), or of the first objects of a list.
 * An object inside that stands for no value we can name (`{id, nome}`: a league as an object whose name is
 * under a name nothing reads) gives its own scalars: the field may be among them, so it is not absent.
 */
function innerValues(value: object): unknown[] {
  const objects = Array.isArray(value) ? value.slice(0, ITEMS_LOOKED_AT) : [value];
  return objects.flatMap((item) =>
    isPlainObject(item)
      ? Object.values(item).flatMap((inner) => {
          if (isOneValue(inner)) return [inner];
          return isPlainObject(inner) ? namedScalars(inner) : [];
        })
      : [],
  );
}

/** An object's scalars but its ids (`{id, nome}` names its thing by `nome`; the id is no name of it). */
function namedScalars(value: Record<string, unknown>): unknown[] {
  return Object.entries(value)
    .filter(([k, v]) => (typeof v !== 'object' || v === null) && !ID_NAME.test(fieldName(k)))
    .map(([, v]) => v);
}

function isOneValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return isPlainObject(value) && (nameOf(value) !== undefined || typeof toNumber(value) === 'number');
}

/**
 * The marker of one row kind: given a row read (`value`), its fields as normalized (`fields`), and the
 * fields whose values could not be read (and those it must have but lacks), marks the row. `reads` holds every name the row kind reads
 * (its fields and the objects it lifts): any other key with a value is a field nothing read. `fixed`:
 * the fields the spec says this row kind carries (beside `service_id`, which every player row carries).
 */
export function unreadMarker(
  kind: string,
  shape: z.ZodRawShape,
  reads: ReadonlySet<string>,
  fixed: readonly string[] = [],
) {
  const optional = Object.keys(shape).filter((k) => (shape[k] as z.ZodType).safeParse(undefined).success);
  const couldHold = holderTest(shape);
  const required = new Set([...ALWAYS_SENT, ...fixed]);
  return {
    couldHold,
    mark: (
      value: Record<PropertyKey, unknown>,
      fields: Record<string, unknown>,
      unparsed: readonly string[],
      lacking: readonly string[] = [],
    ) => {
      // The marks are made only for a row with a field unread: most rows have none.
      let marks: Record<string, UnreadWhy> | undefined;
      let names: Record<string, string[]> | undefined;
      if (unparsed.length > 0) {
        marks = {};
        for (let i = 0; i < unparsed.length; i++) marks[unparsed[i] as string] = 'value';
      }
      let others: readonly string[] | undefined;
      // Indexed: run for every row read, a `for...of` made an iterator result a field until optimized.
      for (let i = 0; i < optional.length; i++) {
        const key = optional[i] as string;
        if (fields[key] !== undefined || (marks !== undefined && key in marks)) continue;
        others ??= unreadKeys(fields, reads);
        const fit = others.length === 0 ? others : others.filter((k) => couldHold(key, k, fields));
        // A field the spec says the row carries (a player's service_id) is unread when lacking, whatever
        // else it holds; so is one the caller knows the row has (`lacking`: a record's own id and name).
        if (fit.length === 0 && !required.has(key) && !lacking.includes(key)) continue;
        marks ??= {};
        marks[key] = 'name';
        names ??= {};
        names[key] = fit.flatMap((k) => namesWithin(key, k, fields, couldHold));
      }
      if (!marks) return;
      Object.defineProperty(value, UNREAD_FIELDS, {
        value: { kind, fields: marks, names: names ?? {} } satisfies UnreadMarks,
        enumerable: true,
      });
    },
  };
}
