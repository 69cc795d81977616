// Lists of records travel in structured content as one table, `{ columns: [...], rows: [[...]] }`: the
// field names once instead of once a row. A list of 20 ranked players as objects cost 1.8 times its
// text; as a table about the text. A tool declares its rows once (its zod row schema): the table's
// schema and the table itself are both made from it here, so they cannot drift apart.
import { z } from 'zod';

type Table = { columns: string[]; rows: unknown[][] };

/** Row schemas whose optional columns no row fills are left out of their tables (see sparseColumns). */
const sparse = new WeakSet<z.ZodObject>();

/**
 * `row` as the schema of rows whose optional fields are named (typed in the output schema) but whose
 * columns appear in a table only when some row fills them: a report's change columns (a transfer's
 * former club, a rank's change) say nothing on most answers, and a column of nulls costs a name and a
 * null a row. The table's schema then checks each column present against its own type.
 */
export function sparseColumns<S extends z.ZodObject>(row: S): S {
  sparse.add(row);
  return row;
}

/** Per row schema, the optional columns that follow the named ones, each only when some row fills it. */
const tails = new WeakMap<z.ZodObject, readonly string[]>();

/**
 * `row` extended by `fields` (optional), each a column only when some row fills it, after the row's
 * named columns: what an answer adds beside a field now and then (the API's own form of a value shown
 * canonical) costs no column on the answers that have none. What `row` was made with (sparse columns,
 * its description) holds for the result too. With `tail` false, `fields` replace fields of `row` in place.
 */
export function withTailColumns(row: z.ZodObject, fields: z.ZodRawShape, tail = true): z.ZodObject {
  const extended = row.extend(fields);
  const described = row.description ? extended.describe(row.description) : extended;
  if (sparse.has(row)) sparse.add(described);
  const before = tails.get(row) ?? [];
  const after = tail ? [...before, ...Object.keys(fields)] : before;
  if (after.length > 0) tails.set(described, after);
  return described;
}

/** The object schema of a list's rows, when `schema` is a list of objects. */
function rowSchema(schema: z.ZodType): z.ZodObject | undefined {
  if (!(schema instanceof z.ZodArray)) return undefined;
  const element = schema.element as z.ZodType;
  return element instanceof z.ZodObject ? element : undefined;
}

/** An object that keeps fields its schema does not name (rows of statistics named by the upstream). */
function isLoose(schema: z.ZodObject): boolean {
  const catchall = schema._zod.def.catchall;
  return catchall !== undefined && !(catchall instanceof z.ZodNever);
}

/** A column's schema in a row: an absent field is null there, so an optional column is nullable. */
function cell(schema: z.ZodType): z.ZodType {
  if (!(schema instanceof z.ZodOptional)) return tabularSchema(schema);
  const table = tabularSchema(schema.unwrap() as z.ZodType);
  return table instanceof z.ZodNullable ? table : table.nullable();
}

/**
 * `schema` with every list of objects in it (at any depth) turned into a table's schema: `columns` the
 * row's field names in order, each row a tuple typed column by column. Rows that keep fields their
 * schema does not name have those columns after the named ones, typed loosely.
 */
export function tabularSchema(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional) return tabularSchema(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return tabularSchema(schema.unwrap() as z.ZodType).nullable();
  const row = rowSchema(schema);
  if (row && sparse.has(row)) return sparseTableSchema(row);
  if (row) {
    const tail = tails.get(row) ?? [];
    const names = Object.keys(row.shape).filter((name) => !tail.includes(name));
    const columns = names.map((name) => z.literal(name)) as [z.ZodLiteral, ...z.ZodLiteral[]];
    const types = names.map((name) => cell(row.shape[name] as z.ZodType)) as [z.ZodType, ...z.ZodType[]];
    const loose = isLoose(row);
    // Tail columns and a loose row's own follow the named ones, typed loosely.
    const restName = loose ? z.string() : tail.length > 0 ? z.enum(tail as [string, ...string[]]) : undefined;
    return z.object({
      columns: restName ? z.tuple(columns, restName) : z.tuple(columns),
      rows: z.array(restName ? z.tuple(types, z.unknown()) : z.tuple(types)),
    });
  }
  if (schema instanceof z.ZodObject) {
    const shaped = Object.fromEntries(
      Object.entries(schema.shape).map(([name, field]) => [name, tabularSchema(field as z.ZodType)]),
    );
    const object = isLoose(schema) ? z.looseObject(shaped) : z.object(shaped);
    return schema.description ? object.describe(schema.description) : object;
  }
  return schema;
}

/**
 * The table of sparse rows: its columns the named ones in order (an optional one only when present),
 * then, for loose rows, the names rows add; each row a cell a column, each cell checked by its column.
 */
function sparseTableSchema(row: z.ZodObject): z.ZodType {
  const names = Object.keys(row.shape);
  const cells = new Map(names.map((name) => [name, cell(row.shape[name] as z.ZodType)]));
  const required = names.filter((name) => !(row.shape[name] instanceof z.ZodOptional));
  const loose = isLoose(row);
  return z
    .object({ columns: z.array(z.string()), rows: z.array(z.array(z.unknown())) })
    .superRefine(({ columns, rows }, ctx) => {
      const named = columns.filter((name) => cells.has(name));
      const inOrder = named.every(
        (name, i) => i === 0 || names.indexOf(name) > names.indexOf(named[i - 1] as string),
      );
      const missing = required.filter((name) => !columns.includes(name));
      if (!inOrder || missing.length > 0 || (!loose && named.length !== columns.length))
        ctx.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `columns must be of ${names.join(', ')}, in order, with ${required.join(', ')}`,
        });
      rows.forEach((cellsOfRow, r) => {
        if (cellsOfRow.length !== columns.length)
          ctx.addIssue({ code: 'custom', path: ['rows', r], message: `a row has ${columns.length} cells` });
        columns.forEach((name, c) => {
          const check = cells.get(name);
          if (check && !check.safeParse(cellsOfRow[c]).success)
            ctx.addIssue({ code: 'custom', path: ['rows', r, c], message: `not a valid ${name}` });
        });
      });
    });
}

/** `value` (valid for `schema`) with its lists of objects as tables, as `tabularSchema(schema)` reads. */
export function tabulate(value: unknown, schema: z.ZodType): unknown {
  return tabulatorOf(schema)(value);
}

type Tabulator = (value: unknown) => unknown;

// Every answer is tabulated on every call, cached ones too: what a schema asks (its kind, its rows'
// columns) is read once per schema here, not with zod's instanceof at each level of each answer.
const tabulators = new WeakMap<z.ZodType, Tabulator>();

function tabulatorOf(schema: z.ZodType): Tabulator {
  let tabulator = tabulators.get(schema);
  if (!tabulator) {
    tabulator = compileTabulator(schema);
    tabulators.set(schema, tabulator);
  }
  return tabulator;
}

/** A plain value stays as it is, whatever its schema. */
const isPlain = (value: unknown) => value === null || typeof value !== 'object';

/** The tabulator of a part of `schema`, made on first use (a schema may name itself, through a getter). */
function part(schema: z.ZodType): Tabulator {
  let tabulator: Tabulator | undefined;
  return (value) => {
    tabulator ??= tabulatorOf(schema);
    return tabulator(value);
  };
}

function compileTabulator(schema: z.ZodType): Tabulator {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    const inner = part(schema.unwrap() as z.ZodType);
    return (value) => (isPlain(value) ? value : inner(value));
  }
  const row = rowSchema(schema);
  if (row) return tableTabulator(row);
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as z.ZodRawShape;
    const fields = new Map(Object.keys(shape).map((name) => [name, part(shape[name] as z.ZodType)]));
    return (value) => {
      if (isPlain(value) || Array.isArray(value)) return value;
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([name, field]) => {
          const named = fields.get(name);
          if (named) return [name, named(field)];
          // A name the object inherits (toString...) reads as its schema did before: no table in it.
          return [name, name in shape ? tabulate(field, shape[name] as z.ZodType) : unnamed(field)];
        }),
      );
    };
  }
  return (value) => value;
}

/** A list of objects as one table: the row schema's columns, then (loose rows) the names rows add. */
function tableTabulator(row: z.ZodObject): Tabulator {
  const shape = row.shape;
  const named = Object.keys(shape);
  const cellOf = new Map(named.map((name) => [name, part(shape[name] as z.ZodType)]));
  const loose = isLoose(row);
  const optional = new Set(named.filter((name) => shape[name] instanceof z.ZodOptional));
  const leavesOut = sparse.has(row) && optional.size > 0;
  // A sparse row's tail columns are among its optional ones, in its order already.
  const tail = sparse.has(row) ? [] : (tails.get(row) ?? []);
  const head = named.filter((name) => !tail.includes(name));
  return (value) => {
    if (!Array.isArray(value)) return value;
    const filled = (name: string) => (value as Record<string, unknown>[]).some((r) => r[name] !== undefined);
    const names = leavesOut ? head.filter((name) => !optional.has(name) || filled(name)) : [...head];
    for (const name of tail) if (filled(name)) names.push(name);
    if (loose)
      for (const record of value as Record<string, unknown>[])
        for (const name of Object.keys(record)) if (!names.includes(name)) names.push(name);
    return {
      columns: names,
      rows: value.map((record: Record<string, unknown>) =>
        names.map((name) => {
          const field = record[name];
          const cell = cellOf.get(name);
          return (cell ? (isPlain(field) ? field : cell(field)) : unnamed(field)) ?? null;
        }),
      ),
    } satisfies Table;
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A field no schema names (kept by a loose object): its lists of objects become tables too, their columns
 * in the order the rows first name them.
 */
function unnamed(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0 || !value.every(isRecord)) return value.map(unnamed);
    const names: string[] = [];
    for (const record of value)
      for (const name of Object.keys(record)) if (!names.includes(name)) names.push(name);
    return {
      columns: names,
      rows: value.map((record) => names.map((name) => unnamed(record[name]) ?? null)),
    } satisfies Table;
  }
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, unnamed(field)]));
  return value;
}

function isTable(value: unknown): value is Table {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const { columns, rows } = value as Partial<Table>;
  return keys.length === 2 && Array.isArray(columns) && Array.isArray(rows);
}

/** Tables back into lists of objects (a client's reading; every column of a row is present, maybe null). */
export function untabulate(value: unknown): unknown {
  if (isTable(value))
    return value.rows.map((row) =>
      Object.fromEntries(value.columns.map((name, i) => [name, untabulate(row[i])])),
    );
  if (Array.isArray(value)) return value.map(untabulate);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, untabulate(field)]));
  return value;
}
