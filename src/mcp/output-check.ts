// Every answer is checked against its tool's full output schema before it goes out (the SDK runs the
// schema's Standard Schema `validate` on each result). With tables, that is a zod parse of every cell:
// a tuple per row, a payload object per cell, for the 20-100 rows of every cached call. Here the schema
// is compiled once into plain checks of the same rules, and zod runs only when they do not pass: a
// valid answer is accepted after the plain checks, a broken one gets zod's own issues, word for word.
import type { z } from 'zod';

/** True only for values zod would accept; false means "ask zod" (it may still accept). */
type Check = (value: unknown) => boolean;

type Def = {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  innerType?: z.ZodType;
  values?: unknown[];
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The plain checks of `schema`. Kinds read here are the ones zod checks by type alone (string and
 * number without checks or format, boolean, null, literal, optional, nullable, unknown, arrays, tuples, objects
 * that strip or keep unknown keys); anything else (refinements, enums, unions, strict objects...) is
 * handed to zod's own parse of that part, so the result never differs from zod's.
 */
export function compileCheck(schema: z.ZodType): Check {
  const def = schema._zod.def as unknown as Def;
  // Checks added to a type (.min(), .int(), refinements), or a type that is its own check (z.email(),
  // z.int(), z.iso.datetime(): a format on a string or number): zod's to run.
  const selfChecked = (schema._zod as { check?: unknown }).check !== undefined || 'format' in def;
  const checked = (def.checks !== undefined && def.checks.length > 0) || selfChecked;
  if (checked) return byZod(schema);
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'number':
      // zod's number is finite: NaN and ±Infinity are refused.
      return (value) => typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'unknown':
    case 'any':
      return () => true;
    case 'literal': {
      const values = new Set(def.values);
      return (value) => values.has(value);
    }
    case 'optional': {
      const inner = compileCheck(def.innerType as z.ZodType);
      // Whether undefined passes is zod's to say, once: .optional() takes it, exactOptional() does not.
      const takesUndefined = schema.safeParse(undefined).success;
      return (value) => (value === undefined ? takesUndefined : inner(value));
    }
    case 'nullable': {
      const inner = compileCheck(def.innerType as z.ZodType);
      return (value) => value === null || inner(value);
    }
    case 'array': {
      const element = compileCheck(def.element as z.ZodType);
      return (value) => Array.isArray(value) && value.every((item) => element(item));
    }
    case 'tuple':
      return tupleCheck(def);
    case 'object':
      return objectCheck(def) ?? byZod(schema);
    default:
      return byZod(schema);
  }
}

function byZod(schema: z.ZodType): Check {
  return (value) => schema.safeParse(value).success;
}

/** Exactly as many items as named (or more, each valid for `rest`), each valid for its own schema. */
function tupleCheck(def: Def): Check {
  const items = (def.items ?? []).map(compileCheck);
  const rest = def.rest ? compileCheck(def.rest) : undefined;
  return (value) => {
    if (!Array.isArray(value)) return false;
    if (rest ? value.length < items.length : value.length !== items.length) return false;
    for (let i = 0; i < items.length; i++) if (!(items[i] as Check)(value[i])) return false;
    if (rest) for (let i = items.length; i < value.length; i++) if (!rest(value[i])) return false;
    return true;
  };
}

/** Objects that strip or keep unknown keys; undefined for any other catchall (strict objects: zod). */
function objectCheck(def: Def): Check | undefined {
  const catchall = def.catchall?._zod.def.type;
  if (catchall !== undefined && catchall !== 'unknown' && catchall !== 'any') return undefined;
  const fields = Object.entries(def.shape ?? {}).map(
    ([name, field]) => [name, compileCheck(field), field._zod.def.type === 'optional'] as const,
  );
  return (value) => {
    if (!isObject(value)) return false;
    for (const [name, check, optional] of fields) {
      // A key left out is zod's to judge unless its field is optional.
      if (!(name in value)) {
        if (!optional) return false;
      } else if (!check(value[name])) return false;
    }
    return true;
  };
}

/**
 * `schema` whose Standard Schema `validate` (what the SDK calls on every result) runs the compiled
 * checks first and zod's own parse when they do not pass. Its value on success is the result as given:
 * the SDK reads only whether it passed and, if not, the issues, which are zod's.
 */
export function withCompiledCheck<S extends z.ZodType>(schema: S): S {
  const standard = schema['~standard'];
  let check: Check | undefined;
  const validate = (value: unknown) => {
    check ??= compileCheck(schema);
    return check(value) ? { value } : standard.validate(value);
  };
  schema['~standard'] = { ...standard, validate: validate as typeof standard.validate };
  return schema;
}
