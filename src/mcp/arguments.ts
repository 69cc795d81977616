// A tool's arguments, read once for every tool: null means absent for every optional argument (hosts
// such as the OpenAI Agents SDK make every optional argument required and nullable, and send null for
// the ones the model leaves out); a number, a flag, a list or an object written as text ("20", "true",
// '["faux_9"]': the Inspector's --tool-arg, models that quote every value) is read as that value where
// the argument takes no text, a whole number where only text is taken as its digits (an agent copies a
// numeric id as a number), and one value where only a list is taken as a list of one; and a refusal
// says in plain words which argument, what it accepts and an example, never the validator's own
// "Invalid input: expected …".
import type { z } from 'zod';
import { allowedForm, exampleOf, type JsonSchema } from './argument-words.js';
import { RefusedError } from './result.js';

type Path = readonly PropertyKey[];

/** At most this many problems are listed in one refusal; the rest are counted. */
const MOST_PROBLEMS = 5;

/**
 * The arguments `raw` as `schema` reads them (defaults applied), null read as absent wherever `json`
 * (its JSON Schema) makes a property optional, at any depth; a RefusedError naming every problem.
 */
export function readArguments<S extends z.ZodObject>(
  tool: string,
  schema: S,
  json: JsonSchema,
  raw: unknown,
): z.output<S> {
  const args = asHostsSend(raw ?? {}, json);
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    // A rule of our own (a refine) already says what is wrong in words.
    issue.code === 'custom'
      ? `${pathText(issue.path) || 'arguments'}: ${issue.message}.`
      : problem(issue.path, issue.code, json, args),
  );
  const shown = [...new Set(problems)].slice(0, MOST_PROBLEMS);
  const more = problems.length - shown.length;
  return refuse(tool, more > 0 ? [...shown, `(and ${more} more)`] : shown);
}

function refuse(tool: string, problems: string[]): never {
  const head = problems.length === 1 ? 'Invalid argument' : 'Invalid arguments';
  throw new RefusedError(
    `${head} for ${tool} (nothing was sent):\n${problems.map((p) => `- ${p}`).join('\n')}`,
  );
}

/**
 * `value` as `schema` reads what hosts send: without the properties that are null where it lets them be
 * left out; a number, a flag, a list or an object written as text (JSON) as that value where it takes no
 * text; one value where only a list is taken as a list of that one.
 */
function asHostsSend(value: unknown, schema: JsonSchema | undefined): unknown {
  if (typeof value === 'number' && schema && exactDigits(value, schema)) return String(value);
  if (typeof value === 'string' && schema) {
    const read = fromText(value, schema);
    if (read !== value) return asHostsSend(read, schema);
  }
  if (schema && onlyList(schema) && (isScalar(value) || isObjectItem(value, schema)))
    return asHostsSend([value], schema);
  if (!schema || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value))
    return schema.items ? value.map((item) => asHostsSend(item, schema.items)) : value;
  const properties = schema.properties ?? {};
  const required = requiredOf(schema);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const property = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (item === null && property && !required.has(key) && !acceptsNull(property)) continue;
    // Defined, not assigned: a key "__proto__" (JSON.parse makes it an own property) stays a plain key,
    // unknown like any other, instead of becoming the prototype whose fields the schema would then read.
    Object.defineProperty(out, key, {
      value: asHostsSend(item, property),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function acceptsNull(schema: JsonSchema): boolean {
  return typesOf(schema).includes('null');
}

/** Worked out once per schema node: a tool's schemas are made once, and asked of on every call. */
const typesKnown = new WeakMap<JsonSchema, readonly unknown[]>();
const requiredKnown = new WeakMap<JsonSchema, ReadonlySet<string>>();

/** The JSON types `schema` takes, its `anyOf` branches' too. */
function typesOf(schema: JsonSchema): readonly unknown[] {
  let types = typesKnown.get(schema);
  if (!types) {
    const own = Array.isArray(schema.type) ? schema.type : [schema.type];
    types = [...own, ...(schema.anyOf ?? []).flatMap((s) => (Array.isArray(s.type) ? s.type : [s.type]))];
    typesKnown.set(schema, types);
  }
  return types;
}

function requiredOf(schema: JsonSchema): ReadonlySet<string> {
  let required = requiredKnown.get(schema);
  if (!required) {
    required = new Set(schema.required ?? []);
    requiredKnown.set(schema, required);
  }
  return required;
}

/** A plain decimal number as text: "20", "-3", "0.5" (no exponent, no separators, no unit). */
const NUMBER_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/** Only text is taken, and `value` is a whole number JSON carried exactly: its digits are the text meant. */
const exactDigits = (value: number, schema: JsonSchema) =>
  takesOnlyText(schema) && Number.isSafeInteger(value);

function takesOnlyText(schema: JsonSchema): boolean {
  const types = typesOf(schema);
  return types.includes('string') && !types.includes('number') && !types.includes('integer');
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

/** An object where `schema` takes a list of objects: one item. */
const isObjectItem = (value: unknown, schema: JsonSchema) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  schema.items !== undefined &&
  typesOf(schema.items).includes('object');

/** `schema` takes a list and no single value. */
function onlyList(schema: JsonSchema): boolean {
  const types = typesOf(schema).filter((t) => t !== undefined && t !== 'null');
  return types.length > 0 && types.every((t) => t === 'array');
}

/**
 * Text where `schema` takes no text: a number, a flag, or a list or an object written as JSON, read as
 * it; else as it came.
 */
export function fromText(value: string, schema: JsonSchema): unknown {
  const types = typesOf(schema);
  if (types.includes('string') || schema.enum !== undefined) return value;
  const json = jsonText(value, types);
  if (json !== undefined) return json;
  if ((types.includes('number') || types.includes('integer')) && NUMBER_TEXT.test(value))
    return Number(value);
  if (types.includes('boolean') && (value.trim() === 'true' || value.trim() === 'false'))
    return value.trim() === 'true';
  return value;
}

/** "limit must be a whole number from 1 to 100 (default 20), e.g. 20; got 500." */
function problem(path: Path, code: string, json: JsonSchema, args: unknown): string {
  const name = pathText(path);
  const schema = schemaAt(json, path);
  const given = valueAt(args, path);
  if (!schema) {
    return `${name || 'the arguments'}: ${code === 'unrecognized_keys' ? 'unknown argument' : 'not accepted'}; got ${described(given)}.`;
  }
  const example = exampleOf(schema);
  const shape = `${name} must be ${allowedForm(schema)}${example === undefined ? '' : `, e.g. ${example}`}`;
  const note = schema.description && !example ? ` (${schema.description.replace(/\.$/, '')})` : '';
  if (given === undefined) return `${name} is required: it${shape.slice(name.length)}${note}.`;
  const inexact =
    typeof given === 'number' && takesOnlyText(schema)
      ? ': a number with a fraction or past 2^53 is not read as text, as it may not be the digits meant; send it in quotes'
      : '';
  return `${shape}${note}; got ${described(given)}${inexact}.`;
}

function pathText(path: Path): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

function schemaAt(json: JsonSchema, path: Path): JsonSchema | undefined {
  let at: JsonSchema | undefined = json;
  for (const part of path) {
    if (!at) return undefined;
    at = typeof part === 'number' ? at.items : at.properties?.[String(part)];
  }
  return at;
}

function valueAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const part of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[part];
  }
  return at;
}

/** What was sent, shortly: `500`, `"Ligue 12"`, `a list of 12 items`, `null`. */
function described(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const shown =
      value.length > 40 ? `${JSON.stringify(value.slice(0, 40)).slice(0, -1)}…"` : JSON.stringify(value);
    return value.length > 40 ? `${shown} (${value.length} characters)` : shown;
  }
  return String(value);
}

/** A list or an object written as JSON text, where `types` takes one; undefined otherwise. */
function jsonText(value: string, types: readonly unknown[]): unknown {
  const text = value.trim();
  const list = text.startsWith('[') && types.includes('array');
  const object = text.startsWith('{') && types.includes('object');
  if (!list && !object) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) === list && typeof parsed === 'object' && parsed !== null
      ? parsed
      : undefined;
  } catch {
    return undefined;
  }
}
