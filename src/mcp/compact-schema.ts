// The JSON Schemas a client sees in tools/list, kept small: every tool's schemas are read into the
// assistant's context on each session, and the full JSON Schema of nested rows (required lists,
// additionalProperties, nullable unions, string lengths) costs more than the tools' own guides.
// A compact schema accepts everything the full one accepts; the server still validates arguments
// and results with the full zod schemas.
import { z } from 'zod';
import { lazy } from '../lib/lazy.js';
import { describedWithBounds, type JsonSchema } from './argument-words.js';
import { API_FORM } from './canonical-forms.js';

type Json = Record<string, unknown>;

/**
 * Fields every tool shares: described once, in the server instructions (INSTRUCTIONS in server.ts), and
 * named in each schema only by `required` (quota, source); listing them in every tool cost 26 tokens each.
 * `requests` (what a call of several requests planned and spent) too: 21 tokens a tool that has it, and
 * `unanswered` (the ids a batch tool was asked and does not show): 22.
 */
const ENVELOPE = new Set([
  'quota',
  'source',
  'notes',
  'unread',
  'has_more',
  'season',
  'requests',
  'unanswered',
]);

/**
 * Output: the names of `data`'s fields (of its rows, for a list) and of tool-specific fields; deeper
 * levels are just "object" or "array". The envelope's fields stay required but are not listed again.
 */
export function withCompactOutputSchema<S extends z.ZodObject>(schema: S): S {
  return override(schema, () => {
    const full = toJson(schema);
    const properties = (full.properties ?? {}) as Record<string, Json>;
    return {
      type: 'object',
      properties: Object.fromEntries(
        Object.entries(properties)
          .filter(([name]) => !ENVELOPE.has(name) && !isApiForm(name, properties))
          .map(([name, value]) => [name, names(value, 0)]),
      ),
      required: full.required,
    };
  });
}

/** The full JSON Schema of a tool's arguments (string lengths included): what the server checks. */
export function fullInputSchema(schema: z.ZodObject): JsonSchema {
  return toJson(schema, 'input') as JsonSchema;
}

/**
 * `validator` listed as the compact form of `full`. Numeric bounds, item counts and defaults are listed
 * in words only (in each argument's description; the server checks them all the same): hosts such as
 * the AI SDK's Gemini conversion drop those keywords, and frameworks that check arguments against the
 * listed schema themselves (LangChain) refuse an out-of-bounds value in words naming neither the
 * argument nor its range, before the server's plain refusal can reach the model. Every optional
 * argument is listed as nullable: strict frameworks send null for the ones a model leaves out, and the
 * server reads null as absent (src/mcp/arguments.ts). String length limits and examples are left out.
 */
export function withCompactInputSchema<S extends z.ZodObject>(validator: S, full: () => JsonSchema): S {
  return override(
    validator,
    () => withNullableOptionals(withoutServerOnly(withBoundsInWords(structuredClone(full())))) as Json,
  );
}

function withBoundsInWords(schema: JsonSchema): JsonSchema {
  for (const property of Object.values(schema.properties ?? {})) {
    const description = describedWithBounds(property);
    if (description !== undefined) property.description = description;
    withBoundsInWords(property);
  }
  if (schema.items) withBoundsInWords(schema.items);
  return schema;
}

function toJson(schema: z.ZodType, io: 'input' | 'output' = 'output'): Json {
  const json = z.toJSONSchema(schema, { io, target: 'draft-7', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return json;
}

function override<S extends z.ZodObject>(schema: S, make: () => Json): S {
  // zod's per-schema override of its JSON Schema conversion, which the SDK's conversion honours.
  // Made on the first tools/list, not at start: converting every tool's schemas was a fifth of the
  // cold start. A fresh copy each time: the conversion edits the object it is given.
  const hook = () => structuredClone(json());
  const json = lazy(() => {
    // `make` may convert `schema` itself: with zod's own conversion, not this hook.
    delete schema._zod.toJSONSchema;
    try {
      return make();
    } finally {
      schema._zod.toJSONSchema = hook;
    }
  });
  schema._zod.toJSONSchema = hook;
  return schema;
}

/**
 * Field names down to one level of objects; leaves and unions say nothing more than their name. A
 * node's `type` is left out where its `items` or `properties` already say it (about 240 tokens).
 */
function names(schema: Json, depth: number): Json {
  const table = compactTable(schema);
  if (table) return depth >= 1 ? { type: 'object' } : table;
  const type = schema.type;
  if (type === 'array') {
    const items = schema.items ? names(schema.items as Json, depth) : {};
    return Object.keys(items).length > 0 ? { items } : { type };
  }
  const isObject = type === 'object' || (Array.isArray(type) && type.includes('object'));
  if (!isObject) return {};
  if (!schema.properties || depth >= 1) return { type: 'object' };
  const properties = schema.properties as Record<string, Json>;
  return {
    properties: Object.fromEntries(
      Object.entries(properties)
        .filter(([k]) => !isApiForm(k, properties))
        .map(([k, v]) => [k, names(v, depth + 1)]),
    ),
  };
}

/**
 * The API's own form beside a canonical field (canonical-forms.ts): not listed, since the server's
 * instructions say it once for every tool and a listed object admits fields it does not name.
 */
function isApiForm(name: string, properties: Record<string, unknown>): boolean {
  return name.endsWith(API_FORM) && name.slice(0, -API_FORM.length) in properties;
}

/**
 * A table (tabular.ts) as its column names, in order; columns a row schema does not name (rows of loose
 * objects) may follow the named ones. The columns' types are left out: typed, the top-level tables
 * alone cost 524 tokens more on tools/list (docs/performance.md); the server checks them all the same.
 */
function compactTable(schema: Json): Json | undefined {
  const { columns } = (schema.properties ?? {}) as Record<string, Json | undefined>;
  const named = columns?.items;
  if (!Array.isArray(named) || !named.every((c: Json) => typeof c.const === 'string')) return undefined;
  const constants = named.map((c: Json) => c.const as string);
  const loose = columns?.additionalItems !== false;
  return {
    properties: {
      columns: loose ? { prefixItems: constants.map((name) => ({ const: name })) } : { const: constants },
      rows: { type: 'array' },
    },
  };
}

/** Keywords of the full input schema that tools/list leaves out (bounds and defaults: as words). */
const SERVER_ONLY = new Set([
  'minLength',
  'maxLength',
  'examples',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'default',
]);

/**
 * Every property an object leaves optional, at any depth, also accepting null: a type gains "null"
 * (`["string","null"]`); a list of allowed values becomes `anyOf` with null, since hosts pass `enum`
 * on to providers (Gemini) that take only strings in it.
 */
function withNullableOptionals(schema: JsonSchema): JsonSchema {
  const required = new Set(schema.required ?? []);
  const properties = schema.properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    withNullableOptionals(property);
    if (!required.has(name)) properties[name] = nullable(property);
  }
  if (schema.items) withNullableOptionals(schema.items);
  return schema;
}

function nullable(schema: JsonSchema): JsonSchema {
  if (schema.enum) {
    const { description, ...allowed } = schema;
    return { ...(description === undefined ? {} : { description }), anyOf: [allowed, { type: 'null' }] };
  }
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) {
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  }
  if (schema.anyOf) {
    return schema.anyOf.some((s) => s.type === 'null')
      ? schema
      : { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  }
  return schema;
}

/** `value` without SERVER_ONLY keywords; the names under `properties` are arguments, kept whatever they are. */
function withoutServerOnly(value: unknown, names = false): Json {
  if (Array.isArray(value)) return value.map((v) => withoutServerOnly(v)) as unknown as Json;
  if (typeof value !== 'object' || value === null) return value as Json;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => names || !SERVER_ONLY.has(key))
      .map(([key, v]) => [key, withoutServerOnly(v, !names && key === 'properties')]),
  );
}
